/**
 * How every operator command reads its arguments (outbox, leads, webhooks,
 * privacy, export): node:util's parseArgs, strict (an unknown option, a
 * missing value or a stray argument is a usage error); `--help` (or `-h`)
 * prints the usage and what the command does on standard output; a usage
 * error prints its reason and the usage on standard error. The exit codes:
 * 0 done (or help shown), 1 failed (what was asked could not be done), 2 usage
 * error (nothing was done).
 */
import { parseArgs, type ParseArgsConfig } from "util";

/** The exit code of a usage error. */
const EXIT_USAGE = 2;

/** What a command says of itself: its usage ("Usage: ...", a line per form), and for --help what it does. */
export interface CommandText {
  usage: string;
  help: string;
}

/** Where a command writes its lines: results on standard output, usage errors on standard error. */
export interface CommandOutput {
  out: (line: string) => void;
  err: (line: string) => void;
}

/** The arguments do not fit the command: its message is the reason. */
export class UsageError extends Error {}

type Options = NonNullable<ParseArgsConfig["options"]>;

/** Asked for help: --help or -h among the arguments. */
export function helpAsked(args: string[]): boolean {
  return args.includes("--help") || args.includes("-h");
}

/** Prints the usage and the help; returns the exit code (0). */
export function showHelp(text: CommandText, out: (line: string) => void): number {
  out(`${text.usage}\n\n${text.help}`);
  return 0;
}

/** Prints the reason and the usage; returns the exit code (2). */
export function usageError(reason: string, text: CommandText, err: (line: string) => void): number {
  err(reason);
  err(text.usage);
  return EXIT_USAGE;
}

/**
 * The arguments by parseArgs, strict, with between `min` and `max`
 * positionals; throws UsageError when they do not fit.
 */
export function readArgs<O extends Options>(args: string[], options: O, [min, max]: [number, number] = [0, 0]) {
  let parsed;
  try {
    parsed = parseArgs({ args, options, strict: true, allowPositionals: true });
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err));
  }
  const count = parsed.positionals.length;
  if (count > max) throw new UsageError(`Unexpected argument "${parsed.positionals[max]}"`);
  if (count < min) throw new UsageError(`Missing argument: ${min} expected, ${count} given`);
  return parsed;
}

/** The first argument as one of the command's subcommands, and the rest; throws UsageError when it is none of them. */
export function subcommand<S extends string>(args: string[], names: readonly S[]): [S, string[]] {
  const [name, ...rest] = args;
  if (!names.includes(name as S)) throw new UsageError(name === undefined ? `Missing command: ${names.join(", ")}` : `Unknown command "${name}": ${names.join(", ")}`);
  return [name as S, rest];
}

/**
 * The request `parse` makes of the arguments, or the exit code when there is
 * nothing to carry out: 0 after --help, 2 after a usage error (UsageError
 * thrown by `parse`).
 */
export function readRequest<R>(args: string[], text: CommandText, output: CommandOutput, parse: (args: string[]) => R): { request: R } | { exit: number } {
  if (helpAsked(args)) return { exit: showHelp(text, output.out) };
  try {
    return { request: parse(args) };
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    return { exit: usageError(err.message, text, output.err) };
  }
}
