/**
 * Types of testkit/release-stack.cjs (the production-like stack shared by the
 * release test and `npm run bench:flood`): see that file.
 */
import type { SmtpBehaviour, SmtpPeer } from "./faults";
import type { PostgresServer } from "./postgres";

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string | number>;
  body?: string | Buffer;
  /** PEM of a certificate to trust. */
  ca?: string;
  /** The source address (any of 127.0.0.0/8). */
  localAddress?: string;
  timeoutMs?: number;
}

export interface Instance {
  n: number;
  port: number;
  url: string;
  dataDir: string;
  pid: number;
  starts: number;
  output(): string;
  start(): Promise<void>;
  signal(signal: NodeJS.Signals): void;
  kill(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null } | undefined>;
  stop(): Promise<unknown>;
  openedFiles(): string[];
}

export interface Stack {
  dir: string;
  product: {
    kind: "release" | "checkout";
    dir: string;
    publicDir: string;
    node: string;
    commands: { serve: string[]; migrate?: string[]; nginxConfig?: string[]; version?: string[] };
  };
  postgres: PostgresServer;
  databaseUrl: string;
  smtp: SmtpPeer;
  certificate: { certFile: string; keyFile: string; pem: string; spki: string };
  ports: { https: number; http: number; upstreams: number[] };
  host: string;
  url: string;
  httpUrl: string;
  env: Record<string, string>;
  migrateOutput?: string;
  instances: Instance[];
  nginx: { pid: number; prefix: string; configFile: string; errorLog(): string; stop(): Promise<void> };
  nginxSiteConfig: string;
  stop(): Promise<void>;
}

export interface StackOptions {
  instances?: number;
  env?: Record<string, string>;
  trace?: boolean;
  smtp?: SmtpBehaviour;
  standardPorts?: boolean;
  frontAddress?: string;
  nginxArgs?: string[];
  allowCheckout?: boolean;
  /** The archive to unpack (release/<name>-<version>.tar.gz by default). */
  archive?: string;
  keepDir?: boolean;
}

export interface LeadResult {
  status: number;
  id?: string;
  answer?: { id?: string; message?: string };
  failures: { step: string; status: number; error?: string }[];
}

// eslint-disable-next-line @typescript-eslint/no-require-imports
const lib = require("./release-stack.cjs") as {
  ROOT: string;
  RELEASE_NAME: string;
  ARCHIVE: string;
  startStack(options?: StackOptions): Promise<Stack>;
  request(url: string, options?: RequestOptions): Promise<Answer>;
  waitFor<T>(check: () => T | Promise<T>, timeoutMs: number, what?: string): Promise<T>;
  sendLead(baseUrl: string, options: { ca?: string; localAddress?: string; lastName: string; deadlineMs?: number }): Promise<LeadResult>;
  steadyLeads(
    baseUrl: string,
    options: { ca?: string; everyMs?: number; prefix?: string },
  ): { sent(): number; results: (LeadResult & { n: number; lastName: string })[]; done(): Promise<(LeadResult & { n: number; lastName: string })[]> };
  crowdAddress(i: number, block?: number): string;
  sql(url: string, text: string): Promise<{ rows: Record<string, unknown>[] }>;
};

export const { ROOT, RELEASE_NAME, ARCHIVE, startStack, request, waitFor, sendLead, steadyLeads, crowdAddress, sql } = lib;
