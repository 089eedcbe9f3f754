import fs from "fs";
import net from "net";
import path from "path";
import { FORM_KEYS, FORMS, type MailType } from "../src/shared/forms/registry";
import { APP_ROOT } from "./app-root";
import { webhookEndpointsFrom, type WebhookEndpoint } from "./webhooks/endpoints";
import { cspModeOf } from "./site/csp";

/** Default inbox of each form's own mail type (src/shared/forms/registry.ts): the contact card (data/contact.json) with this title. */
export const DEFAULT_INBOX_CARD = Object.fromEntries(FORM_KEYS.map((key) => [FORMS[key].mailType, FORMS[key].inboxCard])) as Record<MailType, string>;

/** Everything a deployment may change, read from the environment with safe defaults. */
export interface Config {
  /** TCP port of the one server that carries site and API. */
  port: number;
  /** Interface to listen on. */
  host: string;
  /** Port of the Prometheus metrics (GET /metrics, on a server of its own); undefined: no metrics server. */
  metricsPort: number | undefined;
  /** Interface the metrics server listens on (loopback unless a scraper elsewhere needs it). */
  metricsHost: string;
  /** The least severe log lines written (pino's levels: fatal, error, warn, info, debug, trace, or silent). */
  logLevel: LogLevel;
  /** Log lines made readable for a person (pino-pretty) instead of JSON. */
  logPretty: boolean;
  /** The built site (Gatsby's public/ folder). */
  publicDir: string;
  /** Where the API keeps its data: site.db (SQLite), uploads/, outbox/ (.eml files). */
  dataDir: string;
  /**
   * PostgreSQL for several instances (postgres://user:password@host:5432/db):
   * submissions, their files and the outbox live there. Unset: SQLite in DATA_DIR.
   */
  databaseUrl: string | undefined;
  /**
   * The store's schema migrated when the server (or an operator command)
   * opens it; false: only checked, and a schema older than this release's
   * stops the start (bin/migrate applies the migrations).
   */
  migrateOnStart: boolean;
  /** SMTP server for the notifications (smtp:// or smtps://); without it they are written as .eml files. */
  smtpUrl: string | undefined;
  /** Sender of the notifications. */
  mailFrom: string;
  /** The inbox (one or more comma-separated addresses) of each mail type. */
  mailTo: Record<MailType, string>;
  /** Largest accepted uploaded file, in bytes. */
  maxUploadBytes: number;
  /**
   * Multipart (file upload) requests received at the same time; one more is
   * answered 503 with Retry-After before its body is read. Bounds the disk
   * space and memory uploads in progress can take.
   */
  maxUploadsInFlight: number;
  /**
   * Multipart requests one client (its address as the rate limit counts it)
   * may have received at once; one more is answered 503 like a full server.
   */
  maxUploadsPerClient: number;
  /** An upload body arriving slower than this on average over `uploadRateWindowMs` is cut (408); 0: no minimum. */
  uploadMinBytesPerSecond: number;
  /** The window over which an upload's rate is averaged, in ms; the first one is its grace period. */
  uploadRateWindowMs: number;
  /** Bytes of files one client may have stored per `uploadQuotaWindowMs`; 0: no quota. */
  uploadQuotaBytes: number;
  /** Length of the upload quota's window, in ms. */
  uploadQuotaWindowMs: number;
  /** Uploads are refused (503) while the free space of DATA_DIR's file system is below this, in bytes; 0: no floor. */
  uploadMinFreeBytes: number;
  /**
   * Days a submission (with its files and notifications) is kept; older
   * ones are purged at start and daily. 0 keeps them forever. A submission
   * with a delivery still pending or retried is never purged (one sent or
   * given up as failed has ended).
   */
  retentionDays: number;
  /** Largest accepted JSON body (express.json's limit, like "100kb"). */
  jsonLimit: string;
  /** POST requests one client may make per window. */
  rateLimitMax: number;
  /** Length of the rate-limit window, in ms. */
  rateLimitWindowMs: number;
  /** How often the outbox dispatcher looks for messages to send, in ms. */
  outboxIntervalMs: number;
  /**
   * Limit of each SMTP wait (connection, greeting, each reply), in ms; a send
   * is aborted after 3 times this, and a claimed message of a dead process is
   * taken again after 4 times this (the lease, `outboxLeaseMs`).
   */
  smtpTimeoutMs: number;
  /** Notifications sent at the same time (each on its own SMTP connection). */
  outboxConcurrency: number;
  /** A notification still undelivered this long after it was queued is reported as an error (once), in ms. */
  outboxAlertAfterMs: number;
  /** How long readiness and the store's metrics wait for the store before saying it does not answer, in ms. */
  healthTimeoutMs: number;
  /** Delay before the first retry, in ms; doubled after each failed attempt. */
  outboxBackoffMs: number;
  /** Longest delay between two attempts, in ms. */
  outboxBackoffMaxMs: number;
  /** Check every API response against openapi.yaml too (tests turn it on). */
  validateResponses: boolean;
  /** The pages' Content-Security-Policy: enforced, report-only (to try a change), or off. */
  contentSecurityPolicy: "enforce" | "report-only" | "off";
  /**
   * Express's "trust proxy": false (direct connections), a number of proxy
   * hops, or a comma-separated list of proxy addresses/subnets. Behind a proxy
   * or CDN it must be set, or every visitor shares one rate limit.
   */
  trustProxy: false | number | string;
  /** Connections the server holds at once (all clients); more are closed as they arrive. */
  maxConnections: number;
  /** Connections one client address may hold at once; 0: no per-client bound (behind a trusted proxy, the proxy's job). */
  maxConnectionsPerClient: number;
  /** Time a client has to send a request's headers, in ms. */
  headersTimeoutMs: number;
  /** Time a client has to send a whole request (headers and body), in ms. */
  requestTimeoutMs: number;
  /** A connection that sends or receives nothing for this long is closed, in ms. */
  idleTimeoutMs: number;
  /** How long an idle keep-alive connection is kept open, in ms. */
  keepAliveTimeoutMs: number;
  /**
   * On SIGTERM: how long the server goes on serving, GET /api/health/ready
   * answering 503, before it stops taking connections, in ms (0: at once).
   */
  shutdownDrainMs: number;
  /** On SIGTERM/SIGINT: how long requests in progress may take before their connections are closed, in ms. */
  shutdownTimeoutMs: number;
  /** The spam defence (server/spam): off treats every submission as a lead (deployments that filter elsewhere, load tests). */
  spamChecks: boolean;
  /** The secret challenges are signed with; unset: one made once and kept in the store, shared by every instance. */
  spamSecret: string | undefined;
  /**
   * During a rotation of the challenges' secret, the one before: challenges
   * it signed are still accepted (new ones are signed with the current
   * secret), so those handed out before the switch keep working.
   */
  spamSecretPrevious: string | undefined;
  /** The earliest a submission may be sent after its challenge was issued, in ms. */
  spamMinFillMs: number;
  /** How long a challenge may be used, in ms. */
  spamChallengeLifetimeMs: number;
  /** The proof of work's difficulty: the largest counter a browser may have to try (it tries a fifth to all of them). */
  spamPowDifficulty: number;
  /** Days a quarantined submission is kept before it is deleted (unless released); 0: as long as RETENTION_DAYS. */
  spamRetentionDays: number;
  /** Who receives the daily digest of quarantined submissions; unset: no digest. */
  spamDigestTo: string | undefined;
  /** The hour (UTC, 0-23) from which each day's digest is sent. */
  spamDigestHourUtc: number;
  /** Who receives a signed lead.created for each lead (WEBHOOK_URL + WEBHOOK_SECRET, WEBHOOK_ENDPOINTS_FILE). */
  webhookEndpoints: WebhookEndpoint[];
  /** How long one webhook delivery may take (connection, answer), in ms. */
  webhookTimeoutMs: number;
  /** How long the file links of a webhook payload work, in days. */
  fileLinkDays: number;
  /** The site's public address (the file links of webhook payloads start with it). */
  siteUrl: string;
}

/** The names Express ("proxy-addr") accepts for groups of addresses. */
const PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** An address or subnet proxy-addr accepts: 10.0.0.1, 10.0.0.0/8, 10.0.0.0/255.0.0.0, ::1, fd00::/8. */
function isProxyAddress(item: string): boolean {
  if (PROXY_NAMES.has(item)) return true;
  const [address, range, ...rest] = item.split("/");
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (range === undefined) return true;
  if (/^\d+$/.test(range)) return Number(range) <= (family === 4 ? 32 : 128);
  return family === 4 && net.isIPv4(range);
}

/**
 * TRUST_PROXY: off, a number of proxy hops, or the proxies' addresses. `true`
 * (trust every hop) is refused: it takes the client address from the leftmost
 * X-Forwarded-For entry, which any client writes itself, so anyone could
 * claim a fresh rate limit with each request.
 */
function trustProxyFrom(env: NodeJS.ProcessEnv): false | number | string {
  const raw = env.TRUST_PROXY?.trim();
  if (!raw || raw.toLowerCase() === "false") return false;
  if (raw.toLowerCase() === "true") {
    throw new Error(
      'TRUST_PROXY=true is refused: it trusts any X-Forwarded-For a client makes up (and so lets anyone bypass the rate limit). Set the number of proxies in front of the server (TRUST_PROXY=1 behind one reverse proxy) or their addresses (TRUST_PROXY="loopback, 10.0.0.0/8")',
    );
  }
  if (/^\d+$/.test(raw)) return Number(raw);
  const items = raw.split(",").map((item) => item.trim());
  const wrong = items.find((item) => !isProxyAddress(item));
  if (wrong !== undefined) {
    throw new Error(
      `TRUST_PROXY must be false, a number of proxy hops, or proxy addresses/subnets (or loopback, linklocal, uniquelocal) separated by commas; "${wrong}" is none of these`,
    );
  }
  return items.join(", ");
}

/** The levels LOG_LEVEL may name (pino's), from the most to the least severe. */
export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * LOG_LEVEL (default info) and LOG_PRETTY (default off), read on their own:
 * the operator commands log before (or without) the whole configuration.
 */
export function logSettingsFrom(env: NodeJS.ProcessEnv): { logLevel: LogLevel; logPretty: boolean } {
  const raw = env.LOG_LEVEL?.trim().toLowerCase();
  const logLevel = raw ? LOG_LEVELS.find((level) => level === raw) : "info";
  if (!logLevel) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}, got "${env.LOG_LEVEL}"`);
  return { logLevel, logPretty: booleanFrom(env, "LOG_PRETTY", false) };
}

/** METRICS_PORT: unset (no metrics server) or a port, never the site's own. */
function metricsPortFrom(env: NodeJS.ProcessEnv, sitePort: number): number | undefined {
  if (!env.METRICS_PORT?.trim()) return undefined;
  const port = intFrom(env, "METRICS_PORT", 0, 1);
  if (port > 65_535) throw new Error(`METRICS_PORT must be a port from 1 to 65535, got "${env.METRICS_PORT}"`);
  if (port === sitePort) throw new Error(`METRICS_PORT must differ from PORT (${sitePort}): the metrics are never served on the public port`);
  return port;
}

function intFrom(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    throw new Error(`${name} must be a whole number${min > 0 ? ` of at least ${min}` : ""}, got "${raw}"`);
  }
  return value;
}

/** SITE_URL, or the baked data/company.json's siteUrl: an http(s) origin (and path), without a trailing slash. */
function siteUrlFrom(env: NodeJS.ProcessEnv, appRoot: string): string {
  let raw = env.SITE_URL?.trim();
  if (!raw) {
    try {
      const company = JSON.parse(fs.readFileSync(path.join(appRoot, "data", "company.json"), "utf8")) as { siteUrl?: unknown };
      if (typeof company.siteUrl === "string") raw = company.siteUrl;
    } catch {
      // no company file: the default below
    }
  }
  raw = raw || "http://localhost:8000";
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`SITE_URL must be the site's address like https://www.example.com, got "${raw}"`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new Error(`SITE_URL must be an http(s) address, got "${raw}"`);
  return raw.replace(/\/+$/, "");
}

function hourFrom(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const hour = intFrom(env, name, fallback, 0);
  if (hour > 23) throw new Error(`${name} must be an hour from 0 to 23, got "${env[name]}"`);
  return hour;
}

function positiveNumberFrom(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) {
    throw new Error(`${name} must be a positive number, got "${raw}"`);
  }
  return value;
}

function nonNegativeNumberFrom(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) {
    throw new Error(`${name} must be a number of at least 0, got "${raw}"`);
  }
  return value;
}

function cspModeFrom(env: NodeJS.ProcessEnv): Config["contentSecurityPolicy"] {
  const mode = cspModeOf(env.CONTENT_SECURITY_POLICY);
  if (mode) return mode;
  throw new Error(`CONTENT_SECURITY_POLICY must be enforce, report-only or off, got "${env.CONTENT_SECURITY_POLICY}"`);
}

/** SPAM_SECRET (or SPAM_SECRET_PREVIOUS): unset, or a secret long enough to sign with (32 characters or more). */
function spamSecretFrom(env: NodeJS.ProcessEnv, name: "SPAM_SECRET" | "SPAM_SECRET_PREVIOUS" = "SPAM_SECRET"): string | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  if (raw.length < 32) throw new Error(`${name} must be at least 32 characters long (e.g. openssl rand -hex 32)`);
  return raw;
}

function booleanFrom(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === "") return fallback;
  if (["1", "true", "yes", "on"].includes(raw)) return true;
  if (["0", "false", "no", "off"].includes(raw)) return false;
  throw new Error(`${name} must be true or false, got "${env[name]}"`);
}

const ADDRESS = /^[^\s@<>",;]+@[^\s@<>",;]+\.[^\s@<>",;]+$/;

/** One or more comma-separated e-mail addresses. */
export function isAddressList(value: string): boolean {
  const parts = value.split(",").map((part) => part.trim());
  return parts.length > 0 && parts.every((part) => ADDRESS.test(part));
}

function addressListFrom(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  if (!isAddressList(raw)) {
    throw new Error(`${name} must be an e-mail address (or several, separated by commas), got "${raw}"`);
  }
  return raw;
}

function mailFromFrom(env: NodeJS.ProcessEnv): string {
  const raw = env.MAIL_FROM?.trim();
  if (!raw) return "Website <no-reply@example.com>";
  const angle = /^[^<>]*<([^<>]+)>$/.exec(raw);
  if (!ADDRESS.test(angle ? angle[1].trim() : raw)) {
    throw new Error(`MAIL_FROM must be an address like "Website <no-reply@example.com>", got "${raw}"`);
  }
  return raw;
}

function smtpUrlFrom(env: NodeJS.ProcessEnv): string | undefined {
  const raw = env.SMTP_URL?.trim();
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error("SMTP_URL must be a URL like smtp://user:password@mail.example.com:587");
  }
  if (url.protocol !== "smtp:" && url.protocol !== "smtps:") {
    throw new Error(`SMTP_URL must start with smtp:// or smtps://, got "${url.protocol}//"`);
  }
  return raw;
}

function databaseUrlFrom(env: NodeJS.ProcessEnv): string | undefined {
  const raw = env.DATABASE_URL?.trim();
  if (!raw) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error("DATABASE_URL must be a URL like postgres://user:password@db.example.com:5432/site");
  }
  if (url.protocol !== "postgres:" && url.protocol !== "postgresql:") {
    throw new Error(`DATABASE_URL must start with postgres:// or postgresql://, got "${url.protocol}//"`);
  }
  return raw;
}

function jsonLimitFrom(env: NodeJS.ProcessEnv): string {
  const raw = env.JSON_LIMIT?.trim();
  if (!raw) return "100kb";
  if (!/^\d+(\.\d+)?\s*(b|kb|mb)?$/i.test(raw) || Number.parseFloat(raw) <= 0) {
    throw new Error(`JSON_LIMIT must be a size like 100kb or 1mb, got "${raw}"`);
  }
  return raw;
}

interface ContactCard {
  title?: unknown;
  email?: unknown;
}

/** The contact cards' e-mail addresses by title, or an empty map when data/contact.json cannot be read. */
export function readContactCards(file: string): Map<string, string> {
  const cards = new Map<string, string>();
  let parsed: unknown;
  try {
    parsed = JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    return cards;
  }
  const list = (parsed as { contactCards?: unknown } | null)?.contactCards;
  if (!Array.isArray(list)) return cards;
  for (const card of list as ContactCard[]) {
    if (typeof card?.title === "string" && typeof card.email === "string" && isAddressList(card.email.trim())) {
      cards.set(card.title, card.email.trim());
    }
  }
  return cards;
}

/**
 * The inbox of each mail type: MAIL_TO_<MAILTYPE> (MAIL_TO_CONTACT,
 * MAIL_TO_DEMO_FORM, MAIL_TO_NEWS_LETTER, ...) or its form's other name in the
 * registry (MAIL_TO_NEWSLETTER) when set, else the contact card of
 * data/contact.json that handles it, else MAIL_TO_DEFAULT (info@example.com).
 */
export function resolveInboxes(env: NodeJS.ProcessEnv, contactFile: string): Record<MailType, string> {
  const fallback = addressListFrom(env, "MAIL_TO_DEFAULT") ?? "info@example.com";
  const cards = readContactCards(contactFile);
  const inboxes = {} as Record<MailType, string>;
  for (const key of FORM_KEYS) {
    const { mailType, inboxAlias, inboxCard } = FORMS[key];
    const override = addressListFrom(env, `MAIL_TO_${mailType.toUpperCase()}`) ?? (inboxAlias === undefined ? undefined : addressListFrom(env, inboxAlias));
    inboxes[mailType] = override ?? cards.get(inboxCard) ?? fallback;
  }
  return inboxes;
}

/**
 * Bounds on connections and on how long a client may take (slow clients
 * holding connections open). The per-client bound counts connections by
 * remote address, so behind a trusted proxy (where every connection comes
 * from the proxy) it is off unless set.
 */
function connectionLimitsFrom(
  env: NodeJS.ProcessEnv,
): Pick<Config, "trustProxy" | "maxConnections" | "maxConnectionsPerClient" | "headersTimeoutMs" | "requestTimeoutMs" | "idleTimeoutMs" | "keepAliveTimeoutMs"> {
  const trustProxy = trustProxyFrom(env);
  const headersTimeoutMs = intFrom(env, "HEADERS_TIMEOUT_MS", 10_000, 1);
  const requestTimeoutMs = intFrom(env, "REQUEST_TIMEOUT_MS", 120_000, 1);
  if (headersTimeoutMs > requestTimeoutMs) {
    throw new Error(`HEADERS_TIMEOUT_MS (${headersTimeoutMs}) must not be longer than REQUEST_TIMEOUT_MS (${requestTimeoutMs})`);
  }
  const idleTimeoutMs = intFrom(env, "IDLE_TIMEOUT_MS", 30_000, 1);
  const keepAliveTimeoutMs = intFrom(env, "KEEP_ALIVE_TIMEOUT_MS", 5_000, 1);
  if (keepAliveTimeoutMs >= idleTimeoutMs) {
    throw new Error(`KEEP_ALIVE_TIMEOUT_MS (${keepAliveTimeoutMs}) must be shorter than IDLE_TIMEOUT_MS (${idleTimeoutMs}), which would close kept-alive connections first`);
  }
  return {
    trustProxy,
    maxConnections: intFrom(env, "MAX_CONNECTIONS", 1_000, 1),
    maxConnectionsPerClient: intFrom(env, "MAX_CONNECTIONS_PER_CLIENT", trustProxy === false ? 100 : 0, 0),
    headersTimeoutMs,
    requestTimeoutMs,
    idleTimeoutMs,
    keepAliveTimeoutMs,
  };
}

const MB = 1024 * 1024;

/**
 * The bounds on uploads: requests at once (in all and per client), the
 * slowest body taken, the bytes one client may store per window, and the
 * free space kept on DATA_DIR's file system. A client's share defaults to a
 * quarter of the places (2 of 8): room for a visitor's second try and a few
 * people behind one address, while one client can no longer take them all.
 */
function uploadLimitsFrom(
  env: NodeJS.ProcessEnv,
): Pick<Config, "maxUploadsInFlight" | "maxUploadsPerClient" | "uploadMinBytesPerSecond" | "uploadRateWindowMs" | "uploadQuotaBytes" | "uploadQuotaWindowMs" | "uploadMinFreeBytes"> {
  const maxUploadsInFlight = intFrom(env, "MAX_UPLOADS_IN_FLIGHT", 8, 1);
  return {
    maxUploadsInFlight,
    maxUploadsPerClient: intFrom(env, "MAX_UPLOADS_PER_CLIENT", Math.max(1, Math.floor(maxUploadsInFlight / 4)), 1),
    uploadMinBytesPerSecond: intFrom(env, "UPLOAD_MIN_BYTES_PER_SECOND", 1024, 0),
    uploadRateWindowMs: intFrom(env, "UPLOAD_RATE_WINDOW_MS", 10_000, 100),
    uploadQuotaBytes: Math.floor(nonNegativeNumberFrom(env, "UPLOAD_QUOTA_MB", 100) * MB),
    uploadQuotaWindowMs: intFrom(env, "UPLOAD_QUOTA_WINDOW_MS", 3_600_000, 1_000),
    uploadMinFreeBytes: intFrom(env, "UPLOAD_MIN_FREE_MB", 1024, 0) * MB,
  };
}

/**
 * The settings of the environment. PUBLIC_DIR and DATA_DIR are relative to
 * `cwd`; the inboxes' contact cards and the site's address come from the
 * server's own baked data (`appRoot`, dist/data/ when compiled).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd(), appRoot: string = APP_ROOT): Config {
  const maxUploadMb = positiveNumberFrom(env, "MAX_UPLOAD_MB", 10);
  return {
    port: intFrom(env, "PORT", 8000),
    host: env.HOST?.trim() || "0.0.0.0",
    metricsPort: metricsPortFrom(env, intFrom(env, "PORT", 8000)),
    metricsHost: env.METRICS_HOST?.trim() || "127.0.0.1",
    ...logSettingsFrom(env),
    publicDir: path.resolve(cwd, env.PUBLIC_DIR?.trim() || "public"),
    dataDir: path.resolve(cwd, env.DATA_DIR?.trim() || "var"),
    databaseUrl: databaseUrlFrom(env),
    migrateOnStart: booleanFrom(env, "MIGRATE_ON_START", true),
    smtpUrl: smtpUrlFrom(env),
    mailFrom: mailFromFrom(env),
    mailTo: resolveInboxes(env, path.join(appRoot, "data", "contact.json")),
    maxUploadBytes: Math.floor(maxUploadMb * 1024 * 1024),
    ...uploadLimitsFrom(env),
    retentionDays: intFrom(env, "RETENTION_DAYS", 365, 0),
    jsonLimit: jsonLimitFrom(env),
    rateLimitMax: intFrom(env, "RATE_LIMIT_MAX", 20, 1),
    rateLimitWindowMs: intFrom(env, "RATE_LIMIT_WINDOW_MS", 60_000, 1),
    outboxIntervalMs: intFrom(env, "OUTBOX_INTERVAL_MS", 5_000, 1),
    smtpTimeoutMs: intFrom(env, "SMTP_TIMEOUT_MS", 15_000, 1),
    outboxConcurrency: intFrom(env, "OUTBOX_CONCURRENCY", 4, 1),
    outboxAlertAfterMs: intFrom(env, "OUTBOX_ALERT_AFTER_MS", 3_600_000, 1),
    healthTimeoutMs: intFrom(env, "HEALTH_TIMEOUT_MS", 1_000, 1),
    outboxBackoffMs: intFrom(env, "OUTBOX_BACKOFF_MS", 30_000, 1),
    outboxBackoffMaxMs: intFrom(env, "OUTBOX_BACKOFF_MAX_MS", 3_600_000, 1),
    validateResponses: booleanFrom(env, "VALIDATE_RESPONSES", false),
    contentSecurityPolicy: cspModeFrom(env),
    ...connectionLimitsFrom(env),
    shutdownDrainMs: intFrom(env, "SHUTDOWN_DRAIN_MS", 0, 0),
    shutdownTimeoutMs: intFrom(env, "SHUTDOWN_TIMEOUT_MS", 10_000, 1),
    spamChecks: booleanFrom(env, "SPAM_CHECKS", true),
    spamSecret: spamSecretFrom(env),
    spamSecretPrevious: spamSecretFrom(env, "SPAM_SECRET_PREVIOUS"),
    spamMinFillMs: intFrom(env, "SPAM_MIN_FILL_MS", 1_000, 0),
    spamChallengeLifetimeMs: intFrom(env, "SPAM_CHALLENGE_LIFETIME_MS", 86_400_000, 60_000),
    spamPowDifficulty: intFrom(env, "SPAM_POW_DIFFICULTY", 50_000, 10),
    spamRetentionDays: intFrom(env, "SPAM_RETENTION_DAYS", 30, 0),
    spamDigestTo: addressListFrom(env, "SPAM_DIGEST_TO"),
    spamDigestHourUtc: hourFrom(env, "SPAM_DIGEST_HOUR_UTC", 7),
    webhookEndpoints: webhookEndpointsFrom(env),
    webhookTimeoutMs: intFrom(env, "WEBHOOK_TIMEOUT_MS", 15_000, 1),
    fileLinkDays: intFrom(env, "FILE_LINK_DAYS", 7, 1),
    siteUrl: siteUrlFrom(env, appRoot),
  };
}
