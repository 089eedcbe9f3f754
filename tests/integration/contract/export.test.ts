/**
 * npm run leads:export (server/cli/export.ts), on both stores: submissions
 * posted through the real app, then exported by the command in process with
 * the app's DATA_DIR (and DATABASE_URL), as an operator runs it. CSV opens in
 * Excel as UTF-8 (byte order mark; Arabic intact), a formula sent as a name
 * comes out inert, JSON Lines gives back exactly the stored fields;
 * --since/--until are inclusive UTC days, --form a form's key as in the API
 * path (every mail type of the form), and quarantined submissions are left
 * out unless --include-spam.
 */
import { Writable } from "stream";
import request from "supertest";
import { exportCli } from "../../../server/cli/export";
import { csvColumns, fieldColumns, UTF8_BOM, type JsonLead } from "../../../server/leads/export-format";
import { exportPostgresSubmissions } from "../../../server/store/postgres/export";
import { PostgresSubmissionStore } from "../../../server/store";
import { API, contractExample, expectAccepted, setUpContractApp, type TestApp } from "../../../testkit/contract-app";
import { makeDocx, makePdf } from "../../../testkit/documents";
import { PROOF_HEADER, solveProof } from "../../../testkit/spam";

const FORMULA = '=HYPERLINK("http://x")';

const ATTRIBUTION = {
  landingPage: "/loading-arms",
  referrer: "https://www.google.com",
  utm_source: "newsletter",
  utm_medium: "email",
  utm_campaign: "حملة-الربع-الثاني",
  utm_term: "bottom loading arm",
  utm_content: "banner-2",
  page: "/contact",
};

/** What the command wrote: its exit code, standard output's bytes and its standard error lines. */
interface Run {
  code: number;
  bytes: Buffer;
  text: string;
  errors: string[];
}

/**
 * Runs the command as `npm run leads:export -- <args>` would, with the app's
 * environment. Its output is a slow reader (each chunk taken on a later turn,
 * a buffer of one byte): every write waits for 'drain'.
 */
async function runExport(test: TestApp, args: string[]): Promise<Run> {
  const env = test.config.databaseUrl ? { DATABASE_URL: test.config.databaseUrl, DATA_DIR: test.dataDir } : { DATA_DIR: test.dataDir };
  const chunks: Buffer[] = [];
  const out = new Writable({
    highWaterMark: 1,
    write(chunk: Buffer, _encoding, done) {
      chunks.push(Buffer.from(chunk));
      setImmediate(done);
    },
  });
  const errors: string[] = [];
  const code = await exportCli(args, env, out, (line) => errors.push(line));
  const bytes = Buffer.concat(chunks);
  return { code, bytes, text: bytes.toString("utf8"), errors };
}

/** RFC 4180 records (quoted fields, doubled quotes, CRLF after each record). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      record.push(field);
      field = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      record.push(field);
      records.push(record);
      record = [];
      field = "";
      i++;
    } else if (c === "\n" || c === "\r") throw new Error(`a bare line break outside quotes at ${i}`);
    else field += c;
  }
  if (field !== "" || record.length > 0) throw new Error("the last record has no CRLF");
  return records;
}

/** A CSV export's rows as objects by column, after checking the byte order mark and that every row has the header's columns. */
function csvRows(run: Run): Record<string, string>[] {
  expect(run.code).toBe(0);
  expect(run.bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  expect(run.text.startsWith(UTF8_BOM)).toBe(true);
  const [header, ...rows] = parseCsv(run.text.slice(1));
  for (const row of rows) expect(row).toHaveLength(header.length);
  return rows.map((row) => Object.fromEntries(header.map((column, index) => [column, row[index]])));
}

function jsonLines(run: Run): JsonLead[] {
  expect(run.code).toBe(0);
  if (run.text === "") return [];
  expect(run.text.endsWith("\n")).toBe(true);
  return run.text
    .slice(0, -1)
    .split("\n")
    .map((line) => JSON.parse(line) as JsonLead);
}

const ids = (rows: { id?: string }[]): (string | undefined)[] => rows.map((row) => row.id);

describe("npm run leads:export", () => {
  const test = setUpContractApp();
  /** The leads posted, by name, in the order of their (backdated) received times. */
  const lead: Record<"formula" | "career" | "quote" | "arabic" | "newsA" | "newsB", string> = {} as never;

  beforeAll(async () => {
    const contact = contractExample("contact_us");
    lead.formula = expectAccepted(
      await request(test.app)
        .post(`${API}/contact_us`)
        .send({ ...contact, firstName: FORMULA, message: 'Two arms, "4 inch"; one hose,\nplease.' }),
    );
    let career = request(test.app).post(`${API}/careers`);
    const careerFields = { firstName: "Katherine", lastName: "Johnson", email: "katherine@example.org", phoneNumber: "+971 50 123 4567", nationality: "American", countryName: "United Arab Emirates", jobRole: "Service Engineer", mailType: "career" };
    for (const [field, value] of Object.entries(careerFields)) career = career.field(field, value);
    lead.career = expectAccepted(await career.field("attribution", JSON.stringify({ landingPage: "/careers", page: "/careers" })).attach("resume", makePdf(), "cv.pdf").attach("coverLetter", makeDocx(), "letter.docx"));
    lead.quote = expectAccepted(await request(test.app).post(`${API}/quote_request`).send(contractExample("quote_request")));
    lead.arabic = expectAccepted(
      await request(test.app)
        .post(`${API}/contact_us`)
        .send({ ...contact, firstName: "محمد", lastName: "الهاشمي", companyName: "شركة الخليج للبتروكيماويات", attribution: ATTRIBUTION }),
    );
    lead.newsA = expectAccepted(await request(test.app).post(`${API}/news-letter`).send({ email: "a@example.org", mailType: "news_letter" }));
    // The second sign-up as the site's form sends it after a reset: mail type newsletter, the same form.
    lead.newsB = expectAccepted(await request(test.app).post(`${API}/news-letter`).send({ email: "b@example.org", mailType: "newsletter" }));
    // The edges of the UTC days the filters are tried on; two leads received in the same millisecond.
    await test.backdate(lead.formula, new Date("2025-01-10T23:59:59.999Z"));
    await test.backdate(lead.career, new Date("2025-01-11T00:00:00.000Z"));
    await test.backdate(lead.quote, new Date("2025-01-11T23:59:59.999Z"));
    await test.backdate(lead.arabic, new Date("2025-01-12T00:00:00.000Z"));
    await test.backdate(lead.newsA, new Date("2025-01-13T08:00:00.000Z"));
    await test.backdate(lead.newsB, new Date("2025-01-13T08:00:00.000Z"));

    // The outbox as the dispatcher leaves it: the formula's notification sent, the career's refused for good, the others being sent.
    const claimed = await test.app.store.claimPendingOutbox({ now: new Date(), limit: 100, leaseMs: 600_000 });
    for (const message of claimed) {
      if (message.submissionId === lead.formula) expect(await test.app.store.markSent(message, new Date("2025-01-11T00:05:00.000Z"))).toBe(true);
      if (message.submissionId === lead.career) expect(await test.app.store.markFailed(message, { attempts: 1, nextAttemptAt: null, error: "550 refused" })).toBe(true);
    }
  });

  /** Every lead in received order (the two of one millisecond by id). */
  const inOrder = (): string[] => [lead.formula, lead.career, lead.quote, lead.arabic, ...[lead.newsA, lead.newsB].sort()];

  it("writes CSV: byte order mark, one header row, CRLF, one row per lead, oldest first", async () => {
    const run = await runExport(test, []);
    const rows = csvRows(run);
    expect(run.text.slice(1).split("\r\n")[0]).toBe(csvColumns(fieldColumns()).join(","));
    expect(ids(rows)).toEqual(inOrder());
    expect(run.errors).toEqual(["6 submission(s) exported"]);
  });

  it("makes a formula sent as a name inert in CSV, quotes and line breaks kept", async () => {
    const run = await runExport(test, []);
    const row = csvRows(run).find((r) => r.id === lead.formula)!;
    expect(row.firstName).toBe(`'${FORMULA}`);
    expect(run.text).toContain(`,"'=HYPERLINK(""http://x"")",`);
    expect(run.text).not.toMatch(/(^|,)=HYPERLINK/m);
    expect(row.message).toBe('Two arms, "4 inch"; one hose,\nplease.');
    expect(row).toMatchObject({ form: "contact_us", received: "2025-01-10T23:59:59.999Z", state: "sent", sent: "2025-01-11T00:05:00.000Z", quarantined: "no", reasons: "" });
    // The contract example's attribution, in its columns.
    expect(row).toMatchObject({ landing_page: "/", referrer: "https://www.google.com", utm_campaign: "loading-arms-q2", utm_term: "", page: "/contact" });
  });

  it("keeps Arabic intact after the byte order mark", async () => {
    const row = csvRows(await runExport(test, [])).find((r) => r.id === lead.arabic)!;
    expect(row).toMatchObject({ firstName: "محمد", lastName: "الهاشمي", companyName: "شركة الخليج للبتروكيماويات", utm_campaign: "حملة-الربع-الثاني", landing_page: "/loading-arms" });
  });

  it("names files, writes a quotation's items readably, and gives each lead's delivery state", async () => {
    const rows = csvRows(await runExport(test, []));
    const career = rows.find((r) => r.id === lead.career)!;
    expect(career).toMatchObject({ form: "careers", state: "failed", sent: "", landing_page: "/careers", page: "/careers", jobRole: "Service Engineer" });
    expect(career.phoneNumber).toBe("'+971 50 123 4567");
    expect(career.resume).toMatch(/^cv\.pdf \(application\/pdf, \d+(\.\d)? (B|KB)\)$/);
    expect(career.coverLetter).toMatch(/^letter\.docx \(application\/vnd\.openxmlformats-officedocument\.wordprocessingml\.document, \d+(\.\d)? (B|KB)\)$/);
    const quote = rows.find((r) => r.id === lead.quote)!;
    expect(quote.items).toBe("2 × low-profile-torque-wrench (model ALT06)\n1 × torque-pump: Electric, 230 V.\n20 × impact-sockets");
    expect(quote.state).toBe("pending");
    expect(rows.find((r) => r.id === lead.newsA)).toMatchObject({ form: "news-letter", email: "a@example.org", firstName: "", state: "pending" });
    expect(rows.find((r) => r.id === lead.newsB)).toMatchObject({ form: "news-letter", email: "b@example.org", firstName: "", state: "pending" });
  });

  it("writes JSON Lines that give back exactly the stored fields and files", async () => {
    const records = jsonLines(await runExport(test, ["--format", "jsonl"]));
    expect(ids(records)).toEqual(inOrder());
    for (const record of records) {
      const stored = (await test.stored(record.id))!;
      const { attribution, fields } = record;
      expect(attribution === null ? fields : { ...fields, attribution }).toStrictEqual(stored.submission.payload);
      expect(record.mailType).toBe(stored.submission.mail_type);
      expect(record.attachments).toEqual(stored.attachments.map((a) => ({ field: a.field, name: a.original_name, contentType: a.content_type, size: a.size })));
    }
    const formula = records.find((r) => r.id === lead.formula)!;
    expect(formula.fields.firstName).toBe(FORMULA);
    expect(formula).toMatchObject({ form: "contact_us", received: "2025-01-10T23:59:59.999Z", state: "sent", sentAt: "2025-01-11T00:05:00.000Z", quarantined: false, reasons: [] });
    expect(records.find((r) => r.id === lead.arabic)!.attribution).toEqual(ATTRIBUTION);
    expect(records.find((r) => r.id === lead.quote)!.attribution).toBeNull();
  });

  it("takes --since and --until as inclusive UTC days of the received time", async () => {
    expect(ids(csvRows(await runExport(test, ["--since", "2025-01-11", "--until", "2025-01-11"])))).toEqual([lead.career, lead.quote]);
    expect(ids(csvRows(await runExport(test, ["--until=2025-01-10"])))).toEqual([lead.formula]);
    expect(ids(csvRows(await runExport(test, ["--since", "2025-01-12"])))).toEqual(inOrder().slice(3));
    expect(ids(jsonLines(await runExport(test, ["--since", "2025-01-13", "--until", "2025-01-13", "--format", "jsonl"])))).toEqual([lead.newsA, lead.newsB].sort());
    const none = await runExport(test, ["--since", "2030-01-01"]);
    expect(csvRows(none)).toEqual([]);
    expect(none.errors).toEqual(["0 submission(s) exported"]);
  });

  it("takes --form as the API path names the form: its leads, its fields' columns", async () => {
    const run = await runExport(test, ["--form", "contact_us"]);
    expect(ids(csvRows(run))).toEqual([lead.formula, lead.arabic]);
    expect(run.text.slice(1).split("\r\n")[0]).toBe(csvColumns(fieldColumns(["contact_us"])).join(","));
    expect(ids(csvRows(await runExport(test, ["--form", "contact_us", "--since", "2025-01-11"])))).toEqual([lead.arabic]);
    // Sent as news_letter and as newsletter: both the news-letter form's, both named so.
    const news = jsonLines(await runExport(test, ["--form=news-letter", "--format=jsonl"]));
    expect(ids(news)).toEqual([lead.newsA, lead.newsB].sort());
    expect(news.map(({ id, form, mailType }) => ({ id, form, mailType })).sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      [
        { id: lead.newsA, form: "news-letter", mailType: "news_letter" },
        { id: lead.newsB, form: "news-letter", mailType: "newsletter" },
      ].sort((a, b) => a.id.localeCompare(b.id)),
    );
    expect(ids(csvRows(await runExport(test, ["--form", "news-letter"])))).toEqual([lead.newsA, lead.newsB].sort());
    expect(ids(csvRows(await runExport(test, ["--form", "sme_form"])))).toEqual([]);
  });

  it.each([
    [["--form", "nope"], /^Unknown form "nope"\. The forms: news-letter, contact_us, /],
    [["--form", "contact"], /mail type of contact_us/],
    [["--form", "newsletter"], /mail type of news-letter: --form news-letter/],
    [["--since", "2025-13-01"], /--since must be a date/],
    [["--until", "tomorrow"], /--until must be a date/],
    [["--format", "xlsx"], /csv or jsonl/],
    [["--verbose"], /--verbose/],
    [["contact_us"], /contact_us/],
  ])("refuses %j: the reason and the usage, exit code 2, nothing written", async (args, reason) => {
    const run = await runExport(test, args);
    expect(run.code).toBe(2);
    expect(run.bytes.length).toBe(0);
    expect(run.errors).toEqual([expect.stringMatching(reason), expect.stringMatching(/^Usage: leads:export \[--since YYYY-MM-DD\]/)]);
  });

  it("pages through PostgreSQL by (received, id), whatever the page size", async () => {
    const store = test.app.store;
    const every: string[] = [];
    for await (const submission of store.exportSubmissions({ includeQuarantined: true })) every.push(submission.id);
    expect(every).toEqual(inOrder());
    if (!(store instanceof PostgresSubmissionStore)) return; // SQLite iterates one query
    for (const pageSize of [1, 2, 5, 6]) {
      const paged: string[] = [];
      for await (const submission of exportPostgresSubmissions(store.pool, { includeQuarantined: true }, pageSize)) paged.push(submission.id);
      expect({ pageSize, paged }).toEqual({ pageSize, paged: every });
    }
  });
});

describe("npm run leads:export and the spam quarantine", () => {
  const test = setUpContractApp({}, { SPAM_CHECKS: "on", SPAM_MIN_FILL_MS: "0", SPAM_POW_DIFFICULTY: "100" });
  let lead: string;
  let held: string;
  let released: string;

  async function proof(): Promise<string> {
    const res = await request(test.app).get(`${API}/challenge`);
    expect(res.status).toBe(200);
    return solveProof(res.body);
  }

  beforeAll(async () => {
    lead = expectAccepted(await request(test.app).post(`${API}/contact_us`).set(PROOF_HEADER, await proof()).send(contractExample("contact_us")));
    held = expectAccepted(await request(test.app).post(`${API}/news-letter`).send({ email: "held@example.org", mailType: "news_letter" }));
    // A web address in a name: quarantined, then released by hand (a real enquiry caught by mistake).
    released = expectAccepted(
      await request(test.app)
        .post(`${API}/contact_us`)
        .set(PROOF_HEADER, await proof())
        .send({ ...contractExample("contact_us"), firstName: FORMULA }),
    );
    await test.backdate(lead, new Date("2025-02-01T10:00:00.000Z"));
    await test.backdate(held, new Date("2025-02-01T11:00:00.000Z"));
    await test.backdate(released, new Date("2025-02-01T12:00:00.000Z"));
  });

  it("leaves quarantined submissions out by default; a released one is a lead", async () => {
    expect(ids(csvRows(await runExport(test, [])))).toEqual([lead]);
    expect(await test.app.store.releaseSubmission(released, new Date())).toBe("released");
    const rows = csvRows(await runExport(test, []));
    expect(ids(rows)).toEqual([lead, released]);
    expect(rows[1]).toMatchObject({ firstName: `'${FORMULA}`, quarantined: "released", reasons: "link_in_name", state: "pending" });
  });

  it("with --include-spam, exports them too: quarantined, held, with their reasons", async () => {
    const rows = csvRows(await runExport(test, ["--include-spam"]));
    expect(ids(rows)).toEqual([lead, held, released]);
    expect(rows[0]).toMatchObject({ quarantined: "no", reasons: "", state: "pending" });
    expect(rows[1]).toMatchObject({ form: "news-letter", email: "held@example.org", quarantined: "yes", reasons: "proof_missing", state: "held", sent: "" });

    const records = jsonLines(await runExport(test, ["--include-spam", "--format", "jsonl", "--form", "news-letter"]));
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ id: held, quarantined: true, releasedAt: null, reasons: ["proof_missing"], state: "held", sentAt: null, fields: { email: "held@example.org", mailType: "news_letter" } });
    expect(jsonLines(await runExport(test, ["--format", "jsonl", "--form", "news-letter"]))).toEqual([]);
  });
});
