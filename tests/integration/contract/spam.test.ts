/**
 * The spam defence (server/spam) on the real app, on both stores: every
 * form's contract example sent without a proof of work, with a replayed
 * proof, with the honeypot filled or before its challenge's `sendAfter` is
 * answered 201 like a lead and stored, but quarantined (no outbox row, the
 * reasons recorded); released by hand, it is queued once. With a fresh proof,
 * an empty trap and the contact details people write (Arabic, accented names,
 * links in a message) it is a lead. During a rotation of SPAM_SECRET, a
 * challenge handed out before the switch still makes a lead after it.
 */
import fs from "fs";
import path from "path";
import yaml from "js-yaml";
import request from "supertest";
import { leadsCli } from "../../../server/cli/leads";
import { formDefinitions } from "../../../server/api/forms";
import { loadConfig } from "../../../server/config";
import { checkProof, issueChallenge } from "../../../server/spam/proof";
import { API, expectAccepted, ROOT, setUpContractApp, type TestApp } from "../../../testkit/contract-app";
import { makeDoc, makeDocx, makePdf } from "../../../testkit/documents";
import { PROOF_HEADER, proofHeader, solveProof } from "../../../testkit/spam";

type Json = Record<string, unknown>;
const spec = yaml.load(fs.readFileSync(path.join(ROOT, "openapi.yaml"), "utf8")) as Json;

/** What a local $ref points to. */
function deref(node: unknown): Json {
  let value = node as Json;
  while (typeof value?.$ref === "string") {
    value = (value.$ref as string)
      .slice(2)
      .split("/")
      .reduce<unknown>((at, key) => (at as Json)[key], spec) as Json;
  }
  return value;
}

interface FormExample {
  form: string;
  media: "application/json" | "multipart/form-data";
  value: Json;
  schema: Json;
  encoding: Json;
}

/** Each form's first contract example. */
const EXAMPLES: FormExample[] = Object.values(formDefinitions()).map((form) => {
  const operation = (((spec.paths as Json)[`${API}${form.path}`] as Json).post as Json).requestBody as Json;
  const [media, content] = Object.entries(deref(operation).content as Json)[0] as [FormExample["media"], Json];
  const [first] = Object.values(content.examples as Json) as Json[];
  return { form: form.key, media, value: first.value as Json, schema: deref(content.schema), encoding: (content.encoding as Json) ?? {} };
});

function fileFor(name: string): Buffer {
  const extension = path.extname(name).toLowerCase();
  if (extension === ".pdf") return makePdf("Example");
  if (extension === ".docx") return makeDocx("Example");
  return makeDoc();
}

/** Posts a form's example (with `extra` fields) and these headers. */
function post(test: TestApp, example: FormExample, headers: Record<string, string> = {}, extra: Json = {}) {
  let req = request(test.app).post(`${API}/${example.form}`);
  for (const [name, value] of Object.entries(headers)) req = req.set(name, value);
  const value = { ...example.value, ...extra };
  if (example.media === "application/json") return req.send(value);
  const properties = (example.schema.properties ?? {}) as Json;
  for (const [field, fieldValue] of Object.entries(value)) {
    const schema = deref(properties[field]);
    if (schema.format === "binary") req = req.attach(field, fileFor(fieldValue as string), fieldValue as string);
    else if ((example.encoding[field] as Json | undefined)?.contentType === "application/json") req = req.field(field, JSON.stringify(fieldValue));
    else req = req.field(field, String(fieldValue));
  }
  return req;
}

async function challenge(test: TestApp): Promise<Json> {
  const res = await request(test.app).get(`${API}/challenge`);
  expect(res.status).toBe(200);
  return res.body as Json;
}

async function freshProof(test: TestApp): Promise<string> {
  return solveProof(await challenge(test));
}

/** The quarantined submission's reasons, or undefined when it is not quarantined. */
async function reasonsOf(test: TestApp, id: string): Promise<string[] | undefined> {
  const { submissions } = await test.app.store.listQuarantined(1_000);
  return submissions.find((s) => s.id === id)?.reasons;
}

async function outboxRows(test: TestApp, id: string): Promise<number> {
  return (await test.stored(id))?.outbox.length ?? -1;
}

describe("the challenge call", () => {
  const test = setUpContractApp({}, { SPAM_CHECKS: "on" });

  it("answers a fresh signed challenge each time, never cached, valid for the contract", async () => {
    const first = await request(test.app).get(`${API}/challenge`);
    const second = await request(test.app).get(`${API}/challenge`);
    for (const res of [first, second]) {
      expect(res.status).toBe(200);
      expect(res.headers["cache-control"]).toBe("no-store");
    }
    const a = first.body as { parameters: { nonce: string; algorithm: string; data: { issuedAt: number; sendAfter: number } }; signature: string };
    const b = second.body as typeof a;
    expect(a.parameters.nonce).not.toBe(b.parameters.nonce);
    expect(a.parameters.algorithm).toBe("SHA-256");
    expect(a.parameters.data.sendAfter - a.parameters.data.issuedAt).toBe(test.config.spamMinFillMs);
  });
});

describe("a submission that fails a layer is answered 201, stored and quarantined; released, it is queued once", () => {
  // sendAfter is the issue time itself: a solved proof is sent "late enough" at once (no waiting in the tests).
  const test = setUpContractApp({}, { SPAM_CHECKS: "on", SPAM_MIN_FILL_MS: "0" });
  // A second app on its own data, whose challenges ask for a minute before sending: every send is too fast.
  const slow = setUpContractApp({}, { SPAM_CHECKS: "on", SPAM_MIN_FILL_MS: "60000" });

  it.each(EXAMPLES.map((example) => [example.form, example] as const))("%s", async (_form, example) => {
    const used = await freshProof(test);
    const lead = expectAccepted(await post(test, example, { [PROOF_HEADER]: used }));
    expect(await reasonsOf(test, lead)).toBeUndefined();
    expect(await outboxRows(test, lead)).toBeGreaterThan(0);

    const cases: [string, string, Promise<request.Response>][] = [
      ["no proof", "proof_missing", post(test, example)],
      ["a replayed proof", "proof_replayed", post(test, example, { [PROOF_HEADER]: used })],
      ["the honeypot filled", "honeypot", post(test, example, { [PROOF_HEADER]: await freshProof(test) }, { altContact: "https://spam.example" })],
      ["a forged proof", "proof_invalid", post(test, example, { [PROOF_HEADER]: proofHeader((await challenge(test)) as Json, { counter: 1, derivedKey: "00" }) })],
    ];
    for (const [what, reason, sent] of cases) {
      const res = await sent;
      const id = expectAccepted(res);
      expect({ what, body: res.body as unknown }).toEqual({ what, body: { id, message: "Thank you. Your submission has been received." } });
      expect({ what, reasons: await reasonsOf(test, id) }).toEqual({ what, reasons: expect.arrayContaining([reason]) });
      expect({ what, outbox: await outboxRows(test, id) }).toEqual({ what, outbox: 0 });
    }
    const tooFast = expectAccepted(await post(slow, example, { [PROOF_HEADER]: await freshProof(slow) }));
    expect(await reasonsOf(slow, tooFast)).toEqual(["sent_too_fast"]);
    expect(await outboxRows(slow, tooFast)).toBe(0);

    // Released by hand: its notification is queued, once.
    const [, , honeypot] = cases;
    const released = expectAccepted(await honeypot[2]);
    expect(await test.app.store.releaseSubmission(released, new Date())).toBe("released");
    const rows = await outboxRows(test, released);
    expect(rows).toBeGreaterThan(0);
    expect(await test.app.store.releaseSubmission(released, new Date())).toBe("already-released");
    expect(await outboxRows(test, released)).toBe(rows);
    expect(await reasonsOf(test, released)).toBeUndefined();
    expect(await test.app.store.releaseSubmission(lead, new Date())).toBe("not-quarantined");
  });

  it("stores the honeypot's submission without the trap's value", async () => {
    const example = EXAMPLES.find((e) => e.form === "contact_us")!;
    const id = expectAccepted(await post(test, example, { [PROOF_HEADER]: await freshProof(test) }, { altContact: "trap" }));
    expect((await test.stored(id))?.submission.payload).not.toHaveProperty("altContact");
  });
});

describe("what people write passes the content checks", () => {
  const test = setUpContractApp({}, { SPAM_CHECKS: "on", SPAM_MIN_FILL_MS: "0" });
  const contact = () => EXAMPLES.find((e) => e.form === "contact_us")!;

  it.each([
    ["Arabic names", { firstName: "محمد", lastName: "عبد الله" }],
    ["accents, apostrophes and hyphens", { firstName: "Zoë-Hélène", lastName: "O'Brien Ñúñez" }],
    ["a company named after its domain", { companyName: "Example.com Trading LLC" }],
    ["a message with two links and an address", { message: "See https://example.com/a and www.example.org/b, or write to a.b@example.com." }],
  ])("%s", async (_what, fields) => {
    const id = expectAccepted(await post(test, contact(), { [PROOF_HEADER]: await freshProof(test) }, fields));
    expect(await reasonsOf(test, id)).toBeUndefined();
  });

  it.each([
    ["a link in a name", { firstName: "Visit https://cheap.example" }, "link_in_name"],
    ["a bare domain as a name", { lastName: "pills-online.shop" }, "link_in_name"],
    ["a spam domain as a company", { companyName: "buy.followers.top" }, "link_in_name"],
    ["markup in a name", { lastName: "<a href=x>Win</a>" }, "markup_in_name"],
    ["a message stuffed with links", { message: "http://a.example http://b.example http://c.example http://d.example" }, "link_stuffed"],
    ["BBCode links in a message", { message: "[url=http://a.example]cheap[/url]" }, "markup_in_text"],
  ])("%s is quarantined", async (_what, fields, reason) => {
    const id = expectAccepted(await post(test, contact(), { [PROOF_HEADER]: await freshProof(test) }, fields));
    expect(await reasonsOf(test, id)).toEqual([reason]);
  });
});

describe("npm run leads:spam and leads:release", () => {
  const test = setUpContractApp({}, { SPAM_CHECKS: "on" });

  it("list the quarantined submissions and deliver one as a lead, once", async () => {
    const example = EXAMPLES.find((e) => e.form === "news-letter")!;
    const id = expectAccepted(await post(test, example, {}, { email: "held@example.org" }));
    const env = test.config.databaseUrl ? { DATABASE_URL: test.config.databaseUrl, DATA_DIR: test.dataDir } : { DATA_DIR: test.dataDir };
    const lines: string[] = [];
    expect(await leadsCli(["spam"], env, (line) => lines.push(line))).toBe(0);
    expect(lines).toEqual([expect.stringMatching(new RegExp(`^${id}  news_letter  \\S+Z  held@example.org  proof_missing$`)), "1 quarantined submission(s)"]);

    lines.length = 0;
    expect(await leadsCli(["release", id], env, (line) => lines.push(line))).toBe(0);
    expect(await leadsCli(["release", id], env, (line) => lines.push(line))).toBe(1);
    expect(lines).toEqual([`Submission ${id} released: its notification is queued and will be sent as a lead`, `Submission ${id} was released already: nothing more is sent`]);
    expect(await outboxRows(test, id)).toBeGreaterThan(0);
    expect(await leadsCli(["release"], env, (line) => lines.push(line), () => undefined)).toBe(2);
  });
});

describe("rotating SPAM_SECRET (SPAM_SECRET_PREVIOUS)", () => {
  const OLD = "old-secret-of-the-challenges-0123456789abcdef";
  const NEW = "new-secret-of-the-challenges-0123456789abcdef";
  const UNKNOWN = "a-secret-this-site-never-had-0123456789abcdef";
  const test = setUpContractApp({}, { SPAM_CHECKS: "on", SPAM_MIN_FILL_MS: "0", SPAM_SECRET: OLD });
  const contact = () => EXAMPLES.find((e) => e.form === "contact_us")!;

  it("accepts a challenge handed out before the switch, signs new ones with the new secret; one signed with another secret stays quarantined", async () => {
    // Fetched from an instance still on the old secret, solved, sent after the switch.
    const before = [await challenge(test), await challenge(test)];
    const settings = { minCounter: 10, maxCounter: 50, lifetimeMs: test.config.spamChallengeLifetimeMs, minFillMs: 0 };
    const unknown = (await issueChallenge(UNKNOWN, settings)) as unknown as Json;

    // First round of restarts: SPAM_SECRET=old, SPAM_SECRET_PREVIOUS=new. A challenge of an instance already signing
    // with the new secret is accepted; new challenges are still signed with the old one.
    Object.assign(test.config, { spamSecretPrevious: NEW });
    const accepting = await test.another();
    try {
      const on = { app: accepting } as TestApp;
      const early = (await issueChallenge(NEW, settings)) as unknown as Json;
      const lead = expectAccepted(await post(on, contact(), { [PROOF_HEADER]: await solveProof(early) }));
      expect(await reasonsOf(test, lead)).toBeUndefined();
      const stillOld = await solveProof(await challenge(on));
      expect(await checkProof(stillOld, NEW)).toEqual({ ok: false, reason: "proof_invalid" });
      expect((await checkProof(stillOld, OLD)).ok).toBe(true);
    } finally {
      await accepting.close();
    }

    // Second round: SPAM_SECRET=new with SPAM_SECRET_PREVIOUS=old, the instance restarted on the same data.
    Object.assign(test.config, { spamSecret: NEW, spamSecretPrevious: OLD });
    const during = await test.another();
    try {
      const on = { app: during } as TestApp;
      const held = expectAccepted(await post(on, contact(), { [PROOF_HEADER]: await solveProof(before[0]) }));
      expect(await reasonsOf(test, held)).toBeUndefined();
      expect(await outboxRows(test, held)).toBeGreaterThan(0);

      const fresh = await challenge(on);
      const freshProof = await solveProof(fresh);
      expect((await checkProof(freshProof, NEW)).ok).toBe(true);
      expect(await checkProof(freshProof, OLD)).toEqual({ ok: false, reason: "proof_invalid" });
      const lead = expectAccepted(await post(on, contact(), { [PROOF_HEADER]: freshProof }));
      expect(await reasonsOf(test, lead)).toBeUndefined();

      const forged = expectAccepted(await post(on, contact(), { [PROOF_HEADER]: await solveProof(unknown) }));
      expect(await reasonsOf(test, forged)).toEqual(["proof_invalid"]);
      expect(await outboxRows(test, forged)).toBe(0);

      // Accepted once, as any challenge.
      const replayed = expectAccepted(await post(on, contact(), { [PROOF_HEADER]: await solveProof(before[0]) }));
      expect(await reasonsOf(test, replayed)).toEqual(["proof_replayed"]);
    } finally {
      await during.close();
    }

    // SPAM_SECRET_PREVIOUS dropped: the old secret is one the site no longer knows.
    Object.assign(test.config, { spamSecretPrevious: undefined });
    const after = await test.another();
    try {
      const late = expectAccepted(await post({ app: after } as TestApp, contact(), { [PROOF_HEADER]: await solveProof(before[1]) }));
      expect(await reasonsOf(test, late)).toEqual(["proof_invalid"]);
    } finally {
      await after.close();
    }
  });

  it("SPAM_SECRET_PREVIOUS is checked like SPAM_SECRET", () => {
    expect(loadConfig({ SPAM_SECRET: NEW, SPAM_SECRET_PREVIOUS: ` ${OLD} ` }, ROOT)).toMatchObject({ spamSecret: NEW, spamSecretPrevious: OLD });
    expect(loadConfig({}, ROOT)).toMatchObject({ spamSecret: undefined, spamSecretPrevious: undefined });
    expect(() => loadConfig({ SPAM_SECRET: NEW, SPAM_SECRET_PREVIOUS: "short" }, ROOT)).toThrow(/SPAM_SECRET_PREVIOUS must be at least 32 characters long/);
  });
});

describe("SPAM_CHECKS=off", () => {
  const test = setUpContractApp({}, { SPAM_CHECKS: "off" });

  it("treats every submission as a lead, as before", async () => {
    const example = EXAMPLES.find((e) => e.form === "contact_us")!;
    const id = expectAccepted(await post(test, example, {}, { altContact: "filled" }));
    expect(await reasonsOf(test, id)).toBeUndefined();
    expect(await outboxRows(test, id)).toBeGreaterThan(0);
  });
});
