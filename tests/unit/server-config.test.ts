/** The server's configuration (server/config.ts): defaults, inboxes, and clear failures at start. */
import fs from "fs";
import os from "os";
import path from "path";
import { loadConfig, resolveInboxes } from "../../server/config";

const ROOT = path.resolve(__dirname, "..", "..");

describe("loadConfig", () => {
  it("has safe defaults", () => {
    const config = loadConfig({}, "/srv/site", "/srv/site");
    expect(config).toMatchObject({
      port: 8000,
      host: "0.0.0.0",
      publicDir: "/srv/site/public",
      dataDir: "/srv/site/var",
      smtpUrl: undefined,
      mailFrom: "Website <no-reply@example.com>",
      maxUploadBytes: 10 * 1024 * 1024,
      jsonLimit: "100kb",
      rateLimitMax: 20,
      rateLimitWindowMs: 60_000,
      outboxIntervalMs: 5_000,
      smtpTimeoutMs: 15_000,
      outboxConcurrency: 4,
      outboxAlertAfterMs: 3_600_000,
      validateResponses: false,
      contentSecurityPolicy: "enforce",
      trustProxy: false,
      migrateOnStart: true,
    });
    // No baked data/contact.json there: every inbox falls back to MAIL_TO_DEFAULT.
    expect(new Set(Object.values(config.mailTo))).toEqual(new Set(["info@example.com"]));
  });

  it("reads every setting from the environment", () => {
    const config = loadConfig(
      {
        DATA_DIR: "/data",
        DATABASE_URL: "postgres://site:secret@db.example.com:5432/site",
        SMTP_URL: "smtps://user:secret@mail.example.com:465",
        MAIL_FROM: "Site <web@example.com>",
        MAX_UPLOAD_MB: "2.5",
        JSON_LIMIT: "1mb",
        RATE_LIMIT_MAX: "5",
        RATE_LIMIT_WINDOW_MS: "1000",
        OUTBOX_INTERVAL_MS: "100",
        SMTP_TIMEOUT_MS: "2000",
        OUTBOX_CONCURRENCY: "2",
        OUTBOX_ALERT_AFTER_MS: "600000",
        VALIDATE_RESPONSES: "true",
        TRUST_PROXY: "1",
        MIGRATE_ON_START: "false",
      },
      "/srv/site",
    );
    expect(config).toMatchObject({
      dataDir: "/data",
      databaseUrl: "postgres://site:secret@db.example.com:5432/site",
      smtpUrl: "smtps://user:secret@mail.example.com:465",
      mailFrom: "Site <web@example.com>",
      maxUploadBytes: Math.floor(2.5 * 1024 * 1024),
      jsonLimit: "1mb",
      rateLimitMax: 5,
      rateLimitWindowMs: 1000,
      outboxIntervalMs: 100,
      smtpTimeoutMs: 2000,
      outboxConcurrency: 2,
      outboxAlertAfterMs: 600_000,
      validateResponses: true,
      trustProxy: 1,
      migrateOnStart: false,
    });
  });

  it.each([
    ["false", false],
    ["", false],
    ["0", 0],
    ["2", 2],
    ["loopback, 10.0.0.0/8", "loopback, 10.0.0.0/8"],
    ["loopback,linklocal,uniquelocal", "loopback, linklocal, uniquelocal"],
    ["203.0.113.7", "203.0.113.7"],
    ["10.0.0.0/255.0.0.0, ::1, fd00::/8", "10.0.0.0/255.0.0.0, ::1, fd00::/8"],
  ])("reads TRUST_PROXY=%s", (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }, ROOT).trustProxy).toEqual(expected);
  });

  it.each(["true", "TRUE", " true "])("refuses TRUST_PROXY=%j: any client could make up its address", (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value }, ROOT)).toThrow(/TRUST_PROXY=true is refused.*X-Forwarded-For.*TRUST_PROXY=1/);
  });

  it.each(["yes", "proxy.example.com", "10.0.0.0/33", "300.1.1.1", "10.0.0.1/8/8", "loopback, *", "1.5", "-1"])("refuses TRUST_PROXY=%j, naming what it accepts", (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value }, ROOT)).toThrow(/TRUST_PROXY must be false, a number of proxy hops, or proxy addresses/);
  });

  it.each([
    ["PORT", "eighty", /PORT/],
    ["MAX_UPLOAD_MB", "0", /MAX_UPLOAD_MB must be a positive number/],
    ["MAX_UPLOAD_MB", "ten", /MAX_UPLOAD_MB/],
    ["JSON_LIMIT", "lots", /JSON_LIMIT must be a size/],
    ["RATE_LIMIT_MAX", "0", /RATE_LIMIT_MAX must be a whole number of at least 1/],
    ["RATE_LIMIT_WINDOW_MS", "1.5", /RATE_LIMIT_WINDOW_MS/],
    ["OUTBOX_INTERVAL_MS", "-5", /OUTBOX_INTERVAL_MS/],
    ["SMTP_TIMEOUT_MS", "0", /SMTP_TIMEOUT_MS must be a whole number of at least 1/],
    ["OUTBOX_CONCURRENCY", "many", /OUTBOX_CONCURRENCY/],
    ["OUTBOX_ALERT_AFTER_MS", "-1", /OUTBOX_ALERT_AFTER_MS/],
    ["SMTP_URL", "http://mail.example.com", /SMTP_URL must start with smtp:\/\/ or smtps:\/\//],
    ["SMTP_URL", "not a url", /SMTP_URL must be a URL/],
    ["DATABASE_URL", "mysql://db.example.com/site", /DATABASE_URL must start with postgres:\/\/ or postgresql:\/\//],
    ["DATABASE_URL", "not a url", /DATABASE_URL must be a URL/],
    ["MAIL_FROM", "nobody", /MAIL_FROM/],
    ["MAIL_TO_CONTACT", "sales at example.com", /MAIL_TO_CONTACT must be an e-mail address/],
    ["MAIL_TO_DEFAULT", "x@", /MAIL_TO_DEFAULT/],
    ["VALIDATE_RESPONSES", "maybe", /VALIDATE_RESPONSES must be true or false/],
    ["MAX_CONNECTIONS", "0", /MAX_CONNECTIONS must be a whole number of at least 1/],
    ["MAX_CONNECTIONS_PER_CLIENT", "-1", /MAX_CONNECTIONS_PER_CLIENT must be a whole number/],
    ["HEADERS_TIMEOUT_MS", "soon", /HEADERS_TIMEOUT_MS/],
    ["REQUEST_TIMEOUT_MS", "0", /REQUEST_TIMEOUT_MS must be a whole number of at least 1/],
    ["IDLE_TIMEOUT_MS", "1e3.5", /IDLE_TIMEOUT_MS/],
    ["KEEP_ALIVE_TIMEOUT_MS", "0", /KEEP_ALIVE_TIMEOUT_MS/],
    ["SHUTDOWN_TIMEOUT_MS", "-1", /SHUTDOWN_TIMEOUT_MS/],
  ])("fails at start on %s=%s", (name, value, message) => {
    expect(() => loadConfig({ [name]: value }, ROOT)).toThrow(message);
  });
});

describe("connections and shutdown", () => {
  it("have bounded defaults", () => {
    expect(loadConfig({}, ROOT)).toMatchObject({
      maxConnections: 1_000,
      maxConnectionsPerClient: 100,
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 120_000,
      idleTimeoutMs: 30_000,
      keepAliveTimeoutMs: 5_000,
      shutdownTimeoutMs: 10_000,
    });
  });

  it("come from the environment", () => {
    const env = {
      MAX_CONNECTIONS: "500",
      MAX_CONNECTIONS_PER_CLIENT: "0",
      HEADERS_TIMEOUT_MS: "2000",
      REQUEST_TIMEOUT_MS: "4000",
      IDLE_TIMEOUT_MS: "3000",
      KEEP_ALIVE_TIMEOUT_MS: "1000",
      SHUTDOWN_TIMEOUT_MS: "2500",
    };
    expect(loadConfig(env, ROOT)).toMatchObject({
      maxConnections: 500,
      maxConnectionsPerClient: 0,
      headersTimeoutMs: 2000,
      requestTimeoutMs: 4000,
      idleTimeoutMs: 3000,
      keepAliveTimeoutMs: 1000,
      shutdownTimeoutMs: 2500,
    });
  });

  it("count connections per client only when no proxy is trusted (behind one, every connection comes from it), unless set", () => {
    expect(loadConfig({ TRUST_PROXY: "1" }, ROOT).maxConnectionsPerClient).toBe(0);
    expect(loadConfig({ TRUST_PROXY: "1", MAX_CONNECTIONS_PER_CLIENT: "400" }, ROOT).maxConnectionsPerClient).toBe(400);
  });

  it("refuse a keep-alive timeout the idle timeout would cut short", () => {
    expect(() => loadConfig({ KEEP_ALIVE_TIMEOUT_MS: "65000" }, ROOT)).toThrow(/KEEP_ALIVE_TIMEOUT_MS \(65000\) must be shorter than IDLE_TIMEOUT_MS \(30000\)/);
    expect(loadConfig({ KEEP_ALIVE_TIMEOUT_MS: "65000", IDLE_TIMEOUT_MS: "75000" }, ROOT).keepAliveTimeoutMs).toBe(65_000);
  });

  it("refuse a header timeout longer than the request timeout", () => {
    expect(() => loadConfig({ HEADERS_TIMEOUT_MS: "5000", REQUEST_TIMEOUT_MS: "4000" }, ROOT)).toThrow(/HEADERS_TIMEOUT_MS \(5000\) must not be longer than REQUEST_TIMEOUT_MS \(4000\)/);
  });
});

describe("uploads in flight and retention", () => {
  it("default to 8 uploads at once and a year of retention", () => {
    const config = loadConfig({}, ROOT);
    expect(config.maxUploadsInFlight).toBe(8);
    expect(config.retentionDays).toBe(365);
  });

  it("come from MAX_UPLOADS_IN_FLIGHT and RETENTION_DAYS (0: kept forever)", () => {
    const config = loadConfig({ MAX_UPLOADS_IN_FLIGHT: "3", RETENTION_DAYS: "0" }, ROOT);
    expect(config.maxUploadsInFlight).toBe(3);
    expect(config.retentionDays).toBe(0);
  });

  it.each([
    ["MAX_UPLOADS_IN_FLIGHT", "0", /MAX_UPLOADS_IN_FLIGHT must be a whole number of at least 1/],
    ["MAX_UPLOADS_IN_FLIGHT", "many", /MAX_UPLOADS_IN_FLIGHT/],
    ["RETENTION_DAYS", "-1", /RETENTION_DAYS must be a whole number, got "-1"/],
    ["RETENTION_DAYS", "30.5", /RETENTION_DAYS must be a whole number/],
  ])("refuses %s=%s", (name, value, message) => {
    expect(() => loadConfig({ [name]: value }, ROOT)).toThrow(message);
  });
});

describe("inboxes", () => {
  it("come from the contact cards of data/contact.json", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "inboxes-"));
    const file = path.join(dir, "contact.json");
    fs.writeFileSync(
      file,
      JSON.stringify({
        contactCards: [
          { title: "General Enquiries", email: "general@example.com", icon: "info" },
          { title: "Sales", email: "sales@example.com", icon: "chart" },
          { title: "Trainings", email: "trainings@example.com", icon: "graduation" },
          { title: "Careers", email: "careers@example.com", icon: "briefcase" },
          { title: "Partnerships", email: "partners@example.com", icon: "handshake" },
          { title: "Media & Communications", email: "media@example.com", icon: "megaphone" },
        ],
      }),
    );
    expect(resolveInboxes({}, file)).toEqual({
      contact: "general@example.com",
      demo_form: "sales@example.com",
      product_order_form: "sales@example.com",
      career: "careers@example.com",
      request_for_training: "trainings@example.com",
      sme_form: "trainings@example.com",
      transfer_partner_form: "partners@example.com",
      news_letter: "media@example.com",
      quote_request: "sales@example.com",
    });
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("MAIL_TO_<MAILTYPE> overrides; a missing card falls back to MAIL_TO_DEFAULT", () => {
    const inboxes = resolveInboxes(
      { MAIL_TO_CONTACT: "front@example.com, back@example.com", MAIL_TO_NEWSLETTER: "news@example.com", MAIL_TO_DEFAULT: "desk@example.com" },
      "/nowhere/contact.json",
    );
    expect(inboxes.contact).toBe("front@example.com, back@example.com");
    expect(inboxes.news_letter).toBe("news@example.com");
    expect(inboxes.career).toBe("desk@example.com");
  });

  it("MAIL_TO_QUOTE_REQUEST sets the quotation requests' inbox, else MAIL_TO_DEFAULT without a Sales card", () => {
    expect(resolveInboxes({ MAIL_TO_QUOTE_REQUEST: "quotes@example.com" }, "/nowhere/contact.json").quote_request).toBe("quotes@example.com");
    expect(resolveInboxes({ MAIL_TO_DEFAULT: "desk@example.com" }, "/nowhere/contact.json").quote_request).toBe("desk@example.com");
    expect(resolveInboxes({}, path.join(ROOT, "data", "contact.json")).quote_request).toBe("sales@example.com");
  });
});

describe("CONTENT_SECURITY_POLICY", () => {
  it.each(["enforce", "report-only", "off", "Report-Only"])("accepts %s", (value) => {
    expect(loadConfig({ CONTENT_SECURITY_POLICY: value }, ROOT).contentSecurityPolicy).toBe(value.toLowerCase());
  });

  it("refuses anything else, naming the variable", () => {
    expect(() => loadConfig({ CONTENT_SECURITY_POLICY: "strict" }, ROOT)).toThrow(/CONTENT_SECURITY_POLICY/);
  });
});
