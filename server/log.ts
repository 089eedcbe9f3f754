/**
 * The one logger of the server and the operator commands (pino): one JSON
 * object per line, `level` as a word, `time` in ISO 8601, `msg`, and the
 * fields of the event. The server writes to standard output; the commands
 * write their log lines to standard error (their standard output is their
 * result, a CSV export for one). LOG_LEVEL sets the least severe line written;
 * LOG_PRETTY=1 (or `npm run serve -- --pretty`) makes the lines readable for a
 * person with pino-pretty, a development dependency: without it the lines stay
 * JSON, and one line says so.
 *
 * No personal data goes into a line: no e-mail address, name, phone, message,
 * file name or client address. Errors are logged by `errorFields` (their type,
 * code and message, never the extra properties some libraries attach, like
 * the body a parser could not read).
 */
import { createHash } from "crypto";
import pino, { type DestinationStream, type Logger } from "pino";
import { isatty } from "tty";
import { logSettingsFrom, type LogLevel } from "./config";

export type { Logger } from "pino";

export interface LogOptions {
  level?: LogLevel;
  pretty?: boolean;
  /** Where the lines go: a file descriptor (1: standard output, 2: standard error) or a stream (tests). */
  destination?: 1 | 2 | DestinationStream;
}

/** The readable stream of pino-pretty, or undefined when the package is not installed (production installs leave it out). */
function prettyStream(fd: 1 | 2): DestinationStream | undefined {
  try {
    // A development dependency, loaded only when asked for.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const pretty = require("pino-pretty") as (options: Record<string, unknown>) => DestinationStream;
    return pretty({ destination: fd, sync: true, colorize: isatty(fd), translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname" });
  } catch {
    return undefined;
  }
}

/** A logger with these settings. */
export function createLogger(options: LogOptions = {}): Logger {
  const level = options.level ?? "info";
  const settings: pino.LoggerOptions = {
    level,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  };
  const destination = options.destination ?? 1;
  if (typeof destination !== "number") return pino(settings, destination);
  if (options.pretty) {
    const pretty = prettyStream(destination);
    if (pretty) return pino(settings, pretty);
    const logger = pino(settings, pino.destination({ dest: destination, sync: true }));
    logger.warn("Readable logs were asked for (LOG_PRETTY or --pretty) but pino-pretty is not installed (a development dependency): the lines stay JSON");
    return logger;
  }
  return pino(settings, pino.destination({ dest: destination, sync: true }));
}

let root: Logger | undefined;

/**
 * The process's logger: the one `configureLogging` made, or one made from
 * LOG_LEVEL and LOG_PRETTY on first use (standard output).
 */
export function logger(): Logger {
  if (!root) {
    let settings: { logLevel: LogLevel; logPretty: boolean };
    try {
      settings = logSettingsFrom(process.env);
    } catch {
      // A malformed LOG_LEVEL stops the server at start (loadConfig); meanwhile the defaults.
      settings = { logLevel: "info", logPretty: false };
    }
    root = createLogger({ level: settings.logLevel, pretty: settings.logPretty });
  }
  return root;
}

/** Makes the process's logger with these settings (at start, before anything is logged). */
export function configureLogging(options: LogOptions): Logger {
  root = createLogger(options);
  return root;
}

/** The logger of the operator commands: LOG_LEVEL and LOG_PRETTY, on standard error (standard output is the command's result). */
export function configureCommandLogging(env: NodeJS.ProcessEnv = process.env): Logger {
  let settings: { logLevel: LogLevel; logPretty: boolean } = { logLevel: "info", logPretty: false };
  try {
    settings = logSettingsFrom(env);
  } catch {
    // The command's loadConfig says what is wrong.
  }
  return configureLogging({ level: settings.logLevel, pretty: settings.logPretty, destination: 2 });
}

/** What a line says of an error: its type, code and message (and stack when asked), nothing a library attached to it. */
export function errorFields(err: unknown, withStack = false): Record<string, unknown> {
  if (!(err instanceof Error)) return { message: maskAddresses(String(err)) };
  const fields: Record<string, unknown> = { type: err.name, message: maskAddresses(err.message) };
  const code = (err as { code?: unknown }).code;
  if (typeof code === "string" || typeof code === "number") fields.code = code;
  if (withStack && err.stack) fields.stack = maskAddresses(err.stack);
  return fields;
}

/** Anything shaped like an e-mail address. */
const ADDRESS = /[^\s<>"'(),;:[\]]+@[^\s<>"'(),;:[\]]+\.[^\s<>"'(),;:[\]]+/g;

/**
 * Text for a log line with every e-mail address replaced: an SMTP server's
 * refusal often repeats the recipient, and no address belongs in a log.
 */
export function maskAddresses(text: string): string {
  return text.replace(ADDRESS, "<address>");
}

/**
 * A webhook endpoint as a log line names it: its origin and a fingerprint of
 * the whole address (to tell endpoints of one site apart). Never its path or
 * query: many receivers take their token there (`/services/T0/B0/secret`).
 */
export function endpointName(url: string): string {
  const fingerprint = createHash("sha256").update(url).digest("hex").slice(0, 8);
  try {
    return `${new URL(url).origin} #${fingerprint}`;
  } catch {
    return `(an endpoint) #${fingerprint}`;
  }
}
