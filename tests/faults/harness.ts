/**
 * Real parts for process-level fault tests: the built server as its own
 * process (dist/server/index.js, compiled once per jest run by
 * global-setup.ts) and a real SMTP peer that can misbehave. The code lives in
 * scripts/bench/faults-lib.cjs, shared with the fault benchmark
 * (npm run bench:faults); this module gives it its types.
 *
 * Call `cleanup()` in `afterAll`: it kills every server process and closes
 * every peer still open, also when a test failed.
 */

export interface ServerProcess {
  url: string;
  port: number;
  pid: number;
  dataDir: string;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Sends the signal (SIGKILL by default); resolves with the exit code/signal once the process is gone. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** SIGTERM, then SIGKILL if the process has not exited within 10 s. */
  stop(): Promise<void>;
  /** peak resident memory so far in KB (VmHWM) */
  peakRssKb(): number;
  /** Resident memory now in KB (VmRSS), 0 once the process is gone. */
  rssKb(): number;
}

export interface StartOptions {
  /** Added last to the process's environment (SMTP_URL, MAIL_TO_*, OUTBOX_*, RATE_LIMIT_MAX...). */
  env?: Record<string, string>;
  /** Reuse this DATA_DIR (a restart); a new temporary one otherwise. */
  dataDir?: string;
  /** How long to wait for the first HTTP answer, in ms (15 s). */
  startTimeoutMs?: number;
}

export interface ReceivedMail {
  messageId: string;
  envelopeTo: string[];
  from: string;
  subject: string;
  raw: string;
}

export interface SmtpBehaviour {
  /** answer RCPT TO with this code/message (e.g. 450 for greylisting) */
  rejectRecipient?: (address: string, attempt: number) => { code: number; message: string } | undefined;
  /** refuse every connection (outage) */
  down?: boolean;
  /** never answer DATA for matching messages (hung reply) */
  hang?: (subject: string) => boolean;
  /** delay before answering DATA, ms */
  delayMs?: number;
}

export interface SmtpPeer {
  url: string;
  port: number;
  /** Messages accepted (250 after DATA), in order. */
  received: ReceivedMail[];
  /** Read at every step: change it to change how the peer answers. */
  behaviour: SmtpBehaviour;
  /** deliveries per Message-ID and recipient */
  deliveries(): Map<string, string[]>;
  /** RCPT TO commands seen for an address (refused ones included). */
  attemptsFor(address: string): number;
  /** Resolves once `count` messages were accepted; rejects after timeoutMs (30 s). */
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

// One implementation for the tests and the fault benchmark (a CommonJS module the .mjs benchmark imports too).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const lib = require("../../scripts/bench/faults-lib.cjs") as {
  ROOT: string;
  SERVER_ENTRY: string;
  freePort(): Promise<number>;
  startServer(options?: StartOptions): Promise<ServerProcess>;
  startSmtpPeer(behaviour?: SmtpBehaviour): Promise<SmtpPeer>;
  cleanup(options?: { keepDirs?: boolean }): Promise<void>;
  headerOf(raw: string, name: string): string;
  referenceOf(raw: string): string | undefined;
  sleep(ms: number): Promise<void>;
};

/** The repository root (the server's working directory). */
export const ROOT = lib.ROOT;
/** The compiled server the processes run. */
export const SERVER_ENTRY = lib.SERVER_ENTRY;

/** A TCP port nobody listens on right now (loopback). */
export const freePort = (): Promise<number> => lib.freePort();

/**
 * node dist/server/index.js on a free port, with a small PUBLIC_DIR made for
 * the test and RATE_LIMIT_MAX high unless env says otherwise; resolves when it
 * answers HTTP, rejects (with its output) when it exits or stays silent.
 */
export const startServer = (options?: StartOptions): Promise<ServerProcess> => lib.startServer(options);

/** A real SMTP server (smtp-server) on loopback: SMTP_URL is its `url`. */
export const startSmtpPeer = (behaviour?: SmtpBehaviour): Promise<SmtpPeer> => lib.startSmtpPeer(behaviour);

/** Kills every server process and closes every SMTP peer still open; removes the temporary folders unless keepDirs. */
export const cleanup = (options?: { keepDirs?: boolean }): Promise<void> => lib.cleanup(options);

/** The value of one header of a raw message (unfolded), or "". */
export const headerOf = (raw: string, name: string): string => lib.headerOf(raw, name);

/** The submission id a notification is about (its "Reference:" line), if found. */
export const referenceOf = (mail: Pick<ReceivedMail, "raw">): string | undefined => lib.referenceOf(mail.raw);

export const sleep = (ms: number): Promise<void> => lib.sleep(ms);
