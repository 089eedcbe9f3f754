/**
 * Runs an operator command as the process's work: its exit code once it
 * resolves, or its error's message and 1. The code is set, not exit() called:
 * a piped standard output is written out before the process ends.
 */
export function runCommand(command: (args: string[]) => Promise<number>): void {
  command(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exitCode = 1;
    },
  );
}
