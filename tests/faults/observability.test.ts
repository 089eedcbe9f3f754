/**
 * Logs and metrics of the compiled server as a real process, with a real SMTP
 * peer that defers one inbox and refuses another for good:
 *
 * - every form of the registry (the eight forms of the site's pages and the
 *   quotation request, the uploads with their files) submitted with values
 *   made for this run, one held as spam, one refused as invalid: none of those
 *   values, nor the refused inbox's address, is found in anything the process
 *   printed, and every line it printed is JSON;
 * - the request lines hold the request id, method, route template, status,
 *   duration and bytes, and nothing else of the request;
 * - X-Request-Id is echoed when sane (on the API, static files, 404s and the
 *   400 for an unservable target) and replaced by a UUID otherwise;
 * - GET /metrics answers on METRICS_PORT only, passes `promtool check
 *   metrics`, and its families have the agreed types and labels, and counters
 *   that moved as the submissions and deliveries did.
 */
import crypto from "crypto";
import { spawnSync } from "child_process";
import { cleanup, freePort, makeDoc, makePdf, startServer, startSmtpPeer, waitUntil, type ServerProcess, type SmtpPeer } from "../../testkit/faults";
import { requirePrometheus } from "../../testkit/prometheus";
import { rawGet, rawRequest } from "../../testkit/raw-http";
import { PROOF_HEADER, solveProof } from "../../testkit/spam";

afterAll(() => cleanup());

const API = "/api/v1/contact";
/** Letters of this run (a-p): names and words of the submissions carry them, so a value found in the output can only come from them. */
const RUN = crypto.randomBytes(5).toString("hex").replace(/./g, (c) => String.fromCharCode(97 + parseInt(c, 16)));
const Run = RUN[0].toUpperCase() + RUN.slice(1);

/** Every value a visitor sent that must never reach the log. */
const personal: string[] = [];
function own<T extends string>(value: T): T {
  personal.push(value);
  return value;
}
let phones = 0;
/** A phone number in the example's format with digits of its own. */
function phone(format: string): string {
  phones++;
  return own(format.replace(/\d/g, () => String(crypto.randomInt(10))).replace(/\d{2}$/, String(10 + phones)));
}
/** An e-mail address of this run; its local part and domain are checked on their own too. */
function email(who: string): string {
  const local = `${who}.${RUN}`;
  const domain = `${RUN}${who}.org`;
  own(local);
  own(domain);
  return own(`${local}@${domain}`);
}

/** The inboxes: one deferred once (450), one refused for good (550, its reply repeating the address). */
const DEFERRED_INBOX = "deferred@company.test";
const REFUSED_INBOX = "refused@company.test";

type Json = Record<string, unknown>;
type Multipart = { fields: Record<string, string>; files: Record<string, { content: Buffer; name: string }> };

const JSON_FORMS: Record<string, Json> = {
  "news-letter": { email: email("reader"), mailType: "news_letter" },
  contact_us: {
    firstName: own(`Quill${RUN}`),
    lastName: own(`Vastrel${RUN}`),
    subject: "General Inquiry",
    email: email("contact"),
    phoneNumber: phone("0501234567"),
    companyName: own(`Brightwater ${Run} Holdings`),
    message: own(`Please ring me about the flange spreader ${RUN} tomorrow.`),
    mailType: "contact",
  },
  demo_form: {
    firstName: own(`Orlan${RUN}`),
    lastName: own(`Brisk${RUN}`),
    jobRole: own(`Plant lead ${RUN}`),
    email: email("demo"),
    interestedIn: "option2",
    companyName: own(`Demoworks ${Run}`),
    phoneNumber: phone("0509876543"),
    countryName: "United Arab Emirates",
    message: own(`A demonstration at our yard ${RUN}.`),
    mailType: "demo_form",
  },
  request_for_training: {
    fullName: own(`Tamsin Okoro${RUN}`),
    companyName: own(`Trainco ${Run}`),
    jobRole: own(`Training head ${RUN}`),
    email: email("training"),
    phoneNumber: phone("+971 (2) 123-4567"),
    regionName: "Asia",
    countryName: "Oman",
    interestedIn: "Controlled bolting",
    participants: 12,
    trainingFormat: "On Site",
    comments: own(`Next quarter ${RUN}, if possible.`),
    mailType: "request_for_training",
  },
  quote_request: {
    firstName: own(`Quinta${RUN}`),
    lastName: own(`Marlowe${RUN}`),
    email: email("quote"),
    phoneNumber: phone("0501234567"),
    companyName: own(`Quotables ${Run}`),
    message: own(`One quotation ${RUN} for the shutdown.`),
    items: [{ product: "torque-pump", model: own(`M${RUN}`), quantity: 2, note: own(`Deliver to gate ${RUN}.`) }],
    mailType: "quote_request",
  },
};

const MULTIPART_FORMS: Record<string, Multipart> = {
  careers: {
    fields: {
      firstName: own(`Katrin${RUN}`),
      lastName: own(`Oyelaran${RUN}`),
      email: email("careers"),
      phoneNumber: phone("+971 50 123 4567"),
      nationality: own(`Nation${RUN}`),
      countryName: "United Arab Emirates",
      jobRole: own(`Service engineer ${RUN}`),
      mailType: "career",
    },
    files: { resume: { content: makePdf(), name: own(`cv-${RUN}.pdf`) }, coverLetter: { content: makeDoc(), name: own(`letter-${RUN}.doc`) } },
  },
  sme_form: {
    fields: {
      fullName: own(`Mirela Stanton${RUN}`),
      email: email("sme"),
      phoneNumber: phone("(02) 123-45678"),
      linkedIn: own(`https://www.linkedin.com/in/${RUN}`),
      experience: "7.5",
      regionName: "Europe",
      countryName: "Germany",
      expertise: own(`Hydrotesting ${RUN}`),
      availability: "Weekends",
      comments: own(`Hands-on courses ${RUN}.`),
      mailType: "sme_form",
    },
    files: { resume: { content: makeDoc(), name: own(`resume-${RUN}.doc`) } },
  },
  transfer_partner: {
    fields: {
      companyName: own(`Institute ${Run}`),
      fullName: own(`Alaric Penhallow${RUN}`),
      jobRole: own(`Dean ${RUN}`),
      email: email("partner"),
      phoneNumber: phone("+44 20 7946 0000"),
      regionName: "Africa",
      countryName: "Kenya",
      interestedIn: JSON.stringify(["Technology Integration"]),
      message: own(`Joint courses ${RUN} for our students.`),
      mailType: "transfer_partner_form",
    },
    files: { support_doc: { content: makePdf(), name: own(`proposal-${RUN}.pdf`) } },
  },
  product_order_form: {
    fields: { mailType: "product_order_form", productName: own(`Loading arm ${RUN}`) },
    files: { file: { content: makePdf(), name: own(`questionnaire-${RUN}.pdf`) } },
  },
};

/** Held as spam: sent without a proof of work, its honeypot filled. */
const SPAM: Json = {
  firstName: own(`Spamwell${RUN}`),
  lastName: own(`Junkins${RUN}`),
  subject: "General Inquiry",
  email: email("spam"),
  phoneNumber: phone("0501234567"),
  companyName: own(`Cheapdeals ${Run}`),
  message: own(`Buy now ${RUN}.`),
  altContact: own(`trap-${RUN}`),
  mailType: "contact",
};

/** Refused (400): an address that is none. */
const INVALID: Json = { email: own(`not-an-address-${RUN}`), mailType: "news_letter" };

let server: ServerProcess;
let peer: SmtpPeer;
let metricsUrl: string;

async function challengeProof(): Promise<string> {
  const res = await fetch(`${server.url}${API}/challenge`);
  expect(res.status).toBe(200);
  return solveProof(await res.json());
}

async function postJson(call: string, body: Json, proof?: string): Promise<Response> {
  return fetch(`${server.url}${API}/${call}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(proof ? { [PROOF_HEADER]: proof } : {}) },
    body: JSON.stringify(body),
  });
}

async function postMultipart(call: string, form: Multipart, proof: string): Promise<Response> {
  const body = new FormData();
  for (const [name, value] of Object.entries(form.fields)) body.append(name, value);
  for (const [name, file] of Object.entries(form.files)) body.append(name, new Blob([new Uint8Array(file.content)]), file.name);
  return fetch(`${server.url}${API}/${call}`, { method: "POST", headers: { [PROOF_HEADER]: proof }, body });
}

async function scrape(): Promise<string> {
  const res = await fetch(metricsUrl);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text();
}

/** The value of one sample (`name{labels}`, labels in any order), or undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split("\n")) {
    const match = /^([a-z_:][a-z0-9_:]*)(?:\{(.*)\})? (\S+)$/i.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[2] ?? "").matchAll(/([a-z_]+)="([^"]*)"/gi)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[3]);
  }
  return undefined;
}

/** The label names of a family's samples. */
function labelNames(text: string, name: string): Set<string> {
  const names = new Set<string>();
  for (const line of text.split("\n")) {
    const match = /^([a-z_:][a-z0-9_:]*)(?:\{(.*)\})? /i.exec(line);
    if (!match || match[1] !== name) continue;
    for (const m of (match[2] ?? "").matchAll(/([a-z_]+)="/gi)) names.add(m[1]);
  }
  return names;
}

function logLines(output: string): Record<string, unknown>[] {
  return output
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => {
      try {
        return JSON.parse(line) as Record<string, unknown>;
      } catch {
        throw new Error(`Not a JSON line: ${line}`);
      }
    });
}

describe("a server with a real SMTP peer that defers and refuses", () => {
  beforeAll(async () => {
    peer = await startSmtpPeer({
      rejectRecipient: (address, attempt) => {
        if (address === DEFERRED_INBOX && attempt === 1) return { code: 450, message: `4.2.1 <${DEFERRED_INBOX}> Mailbox busy, try later` };
        if (address === REFUSED_INBOX) return { code: 550, message: `5.1.1 <${REFUSED_INBOX}> No such user` };
        return undefined;
      },
    });
    const metricsPort = await freePort();
    metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    server = await startServer({
      env: {
        SMTP_URL: peer.url,
        MAIL_TO_CONTACT: `inbox@company.test, ${DEFERRED_INBOX}`,
        MAIL_TO_CAREER: `inbox@company.test, ${REFUSED_INBOX}`,
        OUTBOX_INTERVAL_MS: "100",
        OUTBOX_BACKOFF_MS: "100",
        SPAM_CHECKS: "on",
        SPAM_POW_DIFFICULTY: "10",
        SPAM_MIN_FILL_MS: "0",
        METRICS_PORT: String(metricsPort),
        LOG_LEVEL: "debug",
      },
    });
    for (const [call, body] of Object.entries(JSON_FORMS)) expect([call, (await postJson(call, body, await challengeProof())).status]).toEqual([call, 201]);
    for (const [call, form] of Object.entries(MULTIPART_FORMS)) {
      const res = await postMultipart(call, form, await challengeProof());
      expect([call, res.status, res.status === 201 ? "" : await res.text()]).toEqual([call, 201, ""]);
    }
    expect((await postJson("contact_us", SPAM)).status).toBe(201);
    expect((await postJson("news-letter", INVALID, await challengeProof())).status).toBe(400);
    // Everything due is delivered or given up: the deferred inbox got its message at the second attempt.
    expect(
      await waitUntil(async () => {
        const text = await scrape();
        return sample(text, "outbox_pending_messages", { channel: "email" }) === 0 && peer.attemptsFor(DEFERRED_INBOX) >= 2;
      }, 30_000),
    ).toBe(true);
  });

  it("prints none of the visitors' values, nor the address of an inbox that refused, and only JSON lines", () => {
    const output = server.output();
    const lower = output.toLowerCase();
    expect(personal.length).toBeGreaterThan(60);
    expect(personal.filter((value) => lower.includes(value.toLowerCase()))).toEqual([]);
    expect(lower).not.toContain(REFUSED_INBOX);
    expect(lower).not.toContain(DEFERRED_INBOX);
    const lines = logLines(output);
    for (const line of lines) {
      expect(typeof line.level).toBe("string");
      expect(typeof line.time).toBe("string");
      expect(typeof line.msg).toBe("string");
    }
    // The events have lines of their own.
    const failures = lines.filter((line) => line.event === "delivery_failed");
    expect(failures).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ level: "warn", channel: "email", attempt: 1, nextAttemptAt: expect.any(String) }),
        expect.objectContaining({ level: "error", channel: "email", attempt: 1, nextAttemptAt: null }),
      ]),
    );
    expect(lines).toContainEqual(expect.objectContaining({ msg: "Spam verdict: submission quarantined", form: "contact_us", reasons: expect.arrayContaining(["honeypot"]) }));
    expect(lines).toContainEqual(expect.objectContaining({ event: "start", port: server.port }));
  });

  it("writes one line per request: id, method, route template, status, duration, bytes, and nothing else of it", () => {
    const requests = logLines(server.output()).filter((line) => typeof line.reqId === "string" && typeof line.route === "string");
    const submissions = requests.filter((line) => line.method === "POST");
    expect(submissions).toHaveLength(Object.keys(JSON_FORMS).length + Object.keys(MULTIPART_FORMS).length + 2);
    for (const line of requests) {
      expect(Object.keys(line).sort()).toEqual(["bytes", "durationMs", "hostname", "level", "method", "msg", "pid", "reqId", "route", "status", "time"]);
      expect(line.bytes).toEqual(expect.any(Number));
      expect(line.durationMs).toEqual(expect.any(Number));
    }
    expect(submissions.map((line) => line.route)).toContain(`${API}/careers`);
    expect(submissions.filter((line) => line.status === 400)).toHaveLength(1);
    expect(requests.map((line) => line.route)).toContain(`${API}/challenge`);
  });

  it("serves the metrics on METRICS_PORT only, with the agreed families, and promtool finds nothing wrong", async () => {
    const onSite = await fetch(`${server.url}/metrics`);
    expect(onSite.status).toBe(404);
    expect(await onSite.text()).not.toMatch(/forms_submissions_total/);
    const text = await scrape();
    const types = Object.fromEntries([...text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map((m) => [m[1], m[2]]));
    expect(types).toMatchObject({
      http_request_duration_seconds: "histogram",
      forms_submissions_total: "counter",
      outbox_pending_messages: "gauge",
      outbox_oldest_pending_age_seconds: "gauge",
      outbox_failed_messages: "gauge",
      outbox_deliveries_total: "counter",
      rate_limit_fallback_total: "counter",
      store_errors_total: "counter",
      store_up: "gauge",
      process_cpu_seconds_total: "counter",
      process_resident_memory_bytes: "gauge",
    });
    expect(Object.entries(types).filter(([name, type]) => type === "gauge" && name.endsWith("_total"))).toEqual([]);
    expect(labelNames(text, "http_request_duration_seconds_count")).toEqual(new Set(["method", "route", "status_code"]));
    expect(labelNames(text, "forms_submissions_total")).toEqual(new Set(["form", "verdict"]));
    expect(labelNames(text, "outbox_deliveries_total")).toEqual(new Set(["channel", "result"]));
    for (const gauge of ["outbox_pending_messages", "outbox_oldest_pending_age_seconds", "outbox_failed_messages"]) {
      expect(labelNames(text, gauge)).toEqual(new Set(["channel"]));
      expect(sample(text, gauge, { channel: "webhook" })).toBe(0);
    }
    // Routes are templates, static or other: never a raw path.
    const routes = new Set([...text.matchAll(/route="([^"]*)"/g)].map((m) => m[1]));
    for (const route of routes) expect(route === "static" || route === "other" || route.startsWith("/api/")).toBe(true);

    const promtool = spawnSync(requirePrometheus().promtool, ["check", "metrics"], { input: text, encoding: "utf8" });
    expect({ status: promtool.status, output: `${promtool.stdout}${promtool.stderr}` }).toEqual({ status: 0, output: "" });
  });

  it("counts each verdict and each delivery result as it happened", async () => {
    const text = await scrape();
    for (const form of [...Object.keys(JSON_FORMS), ...Object.keys(MULTIPART_FORMS)]) {
      const expected = { form, lead: 1, spam: form === "contact_us" ? 1 : 0, invalid: form === "news-letter" ? 1 : 0 };
      expect({
        form,
        lead: sample(text, "forms_submissions_total", { form, verdict: "lead" }),
        spam: sample(text, "forms_submissions_total", { form, verdict: "spam" }),
        invalid: sample(text, "forms_submissions_total", { form, verdict: "invalid" }),
      }).toEqual(expected);
    }
    // One message per inbox of each lead: all delivered but the refused one; the deferred one retried once.
    expect(sample(text, "outbox_deliveries_total", { channel: "email", result: "sent" })).toBe(peer.received.length);
    expect(sample(text, "outbox_deliveries_total", { channel: "email", result: "retry" })).toBe(1);
    expect(sample(text, "outbox_deliveries_total", { channel: "email", result: "failed" })).toBe(1);
    expect(sample(text, "outbox_failed_messages", { channel: "email" })).toBe(1);
    expect(sample(text, "outbox_oldest_pending_age_seconds", { channel: "email" })).toBe(0);
    expect(sample(text, "store_up")).toBe(1);
    expect(sample(text, "store_errors_total")).toBe(0);
    expect(sample(text, "rate_limit_fallback_total")).toBe(0);
    expect(sample(text, "http_request_duration_seconds_count", { method: "POST", route: `${API}/careers`, status_code: "201" })).toBe(1);
  });
});

describe("request ids", () => {
  let plain: ServerProcess;
  beforeAll(async () => {
    plain = await startServer();
  });

  const sane = (label: string) => `${label}-${RUN}:~!#$%&*+.^_|0123456789`;

  it("echoes a sane X-Request-Id on every kind of answer and logs the request under it", async () => {
    const answers = [
      ["static", await fetch(`${plain.url}/`, { headers: { "X-Request-Id": sane("page") } })],
      ["missing", await fetch(`${plain.url}/no/such/path-${RUN}?q=${RUN}`, { headers: { "X-Request-Id": sane("missing") } })],
      [
        "api",
        await fetch(`${plain.url}${API}/news-letter`, {
          method: "POST",
          headers: { "content-type": "application/json", "X-Request-Id": sane("api") },
          body: JSON.stringify({ email: `x${RUN}@example.org`, mailType: "news_letter" }),
        }),
      ],
    ] as const;
    for (const [label, res] of answers) {
      await res.arrayBuffer();
      expect([label, res.headers.get("x-request-id")]).toEqual([label, sane(label === "static" ? "page" : label)]);
    }
    const refused = await rawGet(plain.port, "http://[::1/x", { "X-Request-Id": sane("target") });
    expect(refused.status).toBe(400);
    expect(refused.headers["x-request-id"]).toBe(sane("target"));
    const missing = await rawGet(plain.port, `/api/v1/nothing-${RUN}`, { "X-Request-Id": sane("api404") });
    expect(missing.status).toBe(404);
    expect(missing.headers["x-request-id"]).toBe(sane("api404"));

    const lines = await waitUntil(() => {
      const found = logLines(plain.output()).filter((line) => typeof line.reqId === "string" && String(line.reqId).endsWith(RUN + ":~!#$%&*+.^_|0123456789"));
      return found.length >= 5 ? found : undefined;
    }, 10_000);
    const routeOf = (label: string) => lines?.find((line) => line.reqId === sane(label))?.route;
    expect([routeOf("page"), routeOf("missing"), routeOf("api"), routeOf("target"), routeOf("api404")]).toEqual(["static", "other", `${API}/news-letter`, "other", "other"]);
    // The path and query as sent are in no line.
    expect(plain.output()).not.toContain(`path-${RUN}`);
    expect(plain.output()).not.toContain(`nothing-${RUN}`);
  });

  it("replaces an X-Request-Id that is not a sane token with a UUID", async () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    for (const insane of ["two words", "x".repeat(129), "caf\u00e9", ""]) {
      const answer = await rawGet(plain.port, "/", insane === "" ? {} : { "X-Request-Id": insane });
      expect(answer.status).toBe(200);
      expect(answer.headers["x-request-id"]).toMatch(uuid);
    }
    const longest = "y".repeat(128);
    expect((await rawGet(plain.port, "/", { "X-Request-Id": longest })).headers["x-request-id"]).toBe(longest);
  });

  it("counts refused submissions as invalid, also those refused in front of the form's route, but not those the rate limit stopped", async () => {
    const metricsPort = await freePort();
    const limited = await startServer({ env: { RATE_LIMIT_MAX: "2", METRICS_PORT: String(metricsPort) } });
    const post = () =>
      fetch(`${limited.url}${API}/news-letter`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ mailType: "news_letter" }) }).then(
        (res) => res.status,
      );
    expect([await post(), await post(), await post()]).toEqual([400, 400, 429]);
    // A multipart body with a Content-Encoding is refused (415) before any form's route sees it.
    const encoded = await rawRequest(
      limited.port,
      `POST ${API}/careers HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Encoding: gzip\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
    );
    expect(encoded.status).toBe(415);
    const text = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    expect(sample(text, "forms_submissions_total", { form: "news-letter", verdict: "invalid" })).toBe(2);
    expect(sample(text, "forms_submissions_total", { form: "careers", verdict: "invalid" })).toBe(1);
    expect(sample(text, "http_request_duration_seconds_count", { method: "POST", route: `${API}/news-letter`, status_code: "429" })).toBe(1);
    await limited.stop();
  });
});
