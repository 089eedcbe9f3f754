/**
 * Real parts for process-level fault tests: the built server as its own
 * process (dist/server/index.js, compiled once per jest run by
 * testkit/jest/faults-setup.ts) and a real SMTP peer that can misbehave. The code
 * lives in testkit/faults-lib.cjs, shared with the fault benchmark
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
  /** How long to wait for the first HTTP answer, in ms (60 s). */
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
  /** never answer DATA for matching messages (hung reply); `port` is the one the message came in by (see addEntrance), `held` the message's Message-ID and envelope recipients */
  hang?: (subject: string, port: number, held: { messageId: string; envelopeTo: string[] }) => boolean;
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
  /** The most messages whose answer it was holding at one time (behaviour.delayMs): how many connections sent at once. */
  mostAtOnce(): number;
  /** Another port into the same peer (one client's SMTP_URL), told apart by behaviour.hang. */
  addEntrance(): Promise<{ url: string; port: number }>;
  /** Resolves once `count` messages were accepted; rejects after timeoutMs (30 s). */
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** One submission of the mixed workload: a JSON body, or multipart fields and files. */
export interface Submission {
  i: number;
  /** The call under /api/v1/contact/. */
  call: string;
  mailType: string;
  json?: Record<string, unknown>;
  fields?: Record<string, string>;
  /** Each file's content, or (after a burst with keepFiles false) its size and SHA-256 only. */
  files?: Record<string, { name: string; content?: Buffer; size?: number; sha256?: string }>;
}

export interface SubmitResult {
  submission: Submission;
  /** 0 when no answer came (connection refused or reset, timeout). */
  status: number;
  id?: string;
  error?: string;
  retryAfter?: string;
  /** 503 (busy) answers retried before this result (burst only). */
  busy?: number;
}

export interface StoreInspection {
  stored: Map<string, { id: string; mail_type: string; payload: string }>;
  /** Acknowledged ids with no row in submissions. */
  missing: string[];
  /** Files missing or not equal to what was sent. */
  badFiles: string[];
  badPayloads: string[];
  /** Recipients each submission's notification is due to (from the outbox), lower case. */
  recipients: Map<string, Set<string>>;
  /** Outbox rows per status. */
  statuses: Record<string, number>;
}

export interface DeliveryReport {
  /** Submissions whose every due recipient got the notification at least once. */
  delivered: number;
  undelivered: { id: string; waiting: string[] }[];
  /** Extra deliveries with a Message-ID already delivered to that recipient. */
  duplicates: number;
  /** Submission/recipient pairs that got two different Message-IDs (must be 0). */
  newIdDuplicates: number;
  perSubmission: { min: number; max: number };
}

// One implementation for the tests and the fault benchmark (a CommonJS module the .mjs benchmark imports too).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const lib = require("./faults-lib.cjs") as {
  ROOT: string;
  SERVER_ENTRY: string;
  freePort(): Promise<number>;
  startServer(options?: StartOptions): Promise<ServerProcess>;
  startSmtpPeer(behaviour?: SmtpBehaviour, options?: { maxRawBytes?: number }): Promise<SmtpPeer>;
  cleanup(options?: { keepDirs?: boolean }): Promise<void>;
  headerOf(raw: string, name: string): string;
  referenceOf(raw: string): string | undefined;
  sleep(ms: number): Promise<void>;
  waitUntil<T>(check: () => T | Promise<T>, timeoutMs: number): Promise<T>;
  makePdf(bytes?: number): Buffer;
  makeDoc(bytes?: number): Buffer;
  makeSubmission(i: number, options?: { fileBytes?: number; kinds?: string[] }): Submission;
  submit(baseUrl: string, submission: Submission, timeoutMs?: number): Promise<Omit<SubmitResult, "submission">>;
  burst(
    baseUrl: string,
    count: number,
    options?: {
      concurrency?: number;
      make?: (i: number) => Submission;
      shouldStop?: () => boolean;
      onResult?: (result: SubmitResult, all: SubmitResult[]) => void;
      timeoutMs?: number;
      busyWaitMs?: number;
      keepFiles?: boolean;
    },
  ): Promise<SubmitResult[]>;
  inspectStore(dataDir: string, acknowledged: { submission: Submission; id: string }[]): StoreInspection;
  deliveryReport(peer: SmtpPeer, ids: string[], recipientsOf: (id: string) => Set<string> | undefined): DeliveryReport;
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
export const startSmtpPeer = (behaviour?: SmtpBehaviour, options?: { maxRawBytes?: number }): Promise<SmtpPeer> =>
  lib.startSmtpPeer(behaviour, options);

/** Kills every server process and closes every SMTP peer still open; removes the temporary folders unless keepDirs. */
export const cleanup = (options?: { keepDirs?: boolean }): Promise<void> => lib.cleanup(options);

/** The value of one header of a raw message (unfolded), or "". */
export const headerOf = (raw: string, name: string): string => lib.headerOf(raw, name);

/** The submission id a notification is about (its "Reference:" line), if found. */
export const referenceOf = (mail: Pick<ReceivedMail, "raw">): string | undefined => lib.referenceOf(mail.raw);

export const sleep = (ms: number): Promise<void> => lib.sleep(ms);

/** Polls check() every 100 ms until it is truthy or timeoutMs passed; resolves with its last value. */
export const waitUntil = <T>(check: () => T | Promise<T>, timeoutMs: number): Promise<T> => lib.waitUntil(check, timeoutMs);

/** A PDF (as the content check sees one) of `bytes` bytes with a random body. */
export const makePdf = (bytes?: number): Buffer => lib.makePdf(bytes);
/** A .doc (OLE header) of `bytes` bytes with a random body. */
export const makeDoc = (bytes?: number): Buffer => lib.makeDoc(bytes);

/** Submission i of a mixed workload (newsletter and contact as JSON, careers and product order as multipart). */
export const makeSubmission = (i: number, options?: { fileBytes?: number; kinds?: string[] }): Submission => lib.makeSubmission(i, options);

/** POSTs one submission; status 0 when no answer came. */
export const submit = (baseUrl: string, submission: Submission, timeoutMs?: number): Promise<Omit<SubmitResult, "submission">> =>
  lib.submit(baseUrl, submission, timeoutMs);

/** Sends `count` submissions with `concurrency` in flight, until shouldStop(). */
export const burst: (typeof lib)["burst"] = (baseUrl, count, options) => lib.burst(baseUrl, count, options);

/** What DATA_DIR/site.db and uploads/ hold for the acknowledged submissions. */
export const inspectStore = (dataDir: string, acknowledged: { submission: Submission; id: string }[]): StoreInspection =>
  lib.inspectStore(dataDir, acknowledged);

/** What the SMTP peer received for these submissions (see DeliveryReport). */
export const deliveryReport = (peer: SmtpPeer, ids: string[], recipientsOf: (id: string) => Set<string> | undefined): DeliveryReport =>
  lib.deliveryReport(peer, ids, recipientsOf);
