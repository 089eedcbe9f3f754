import { configureCommandLogging, errorFields } from "../log";

/**
 * Runs an operator command as the process's work: its exit code once it
 * resolves, or a log line with its error (on standard error) and 1. The code
 * is set, not exit() called: a piped standard output is written out before
 * the process ends. The command's results stay plain text on standard output.
 */
export function runCommand(command: (args: string[]) => Promise<number>): void {
  const log = configureCommandLogging();
  command(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      log.error({ err: errorFields(err) }, `The command failed: ${errorFields(err).message}`);
      process.exitCode = 1;
    },
  );
}
