/**
 * Spam defence benchmark (npm run bench:spam, after npm run build): a corpus
 * of bot and person-like submissions sent through the real compiled server
 * (dist/server/index.js as its own process on a free loopback port, with
 * SPAM_CHECKS=on, a fresh DATA_DIR, the built site from public/ and SMTP_URL
 * pointing to a real SMTP peer, testkit/faults-lib.cjs), then counted with
 * the store's own view: the quarantined submissions as `npm run leads:spam`
 * lists them (dist/server/cli/leads.js on the same DATA_DIR), the stored ones
 * (site.db, read-only) and the notifications the SMTP peer received (each
 * has a "Reference: <id>" line), matched by the id of each 201 answer.
 *
 * - Bots, over HTTP, on the nine forms (JSON and multipart), in seven
 *   categories of BOTS_PER_CATEGORY each: no proof at all; one solved proof
 *   replayed for every submission (after its one first use, not counted: a
 *   solved proof with ordinary content is what a person sends); the honeypot filled; instant (a valid
 *   proof sent as soon as it is solved, before its sendAfter); link-stuffed
 *   messages (many links, HTML or BBCode links); a web address, a bare
 *   domain or markup in a name, company or product name; a forged proof (a
 *   guessed counter, a wrong key, a tampered signature or sendAfter, a
 *   challenge minted with another secret, garbage). Except for the proof
 *   categories, each bot sends a valid proof, solved and sent after its
 *   sendAfter: each category tries one layer alone.
 * - People, in Chromium (the headless shell, as the browser tests): the real
 *   forms of the built site filled at human pace (a key at a time, a second or
 *   more between fields) or as autofill does (every field at once after a
 *   focus, sent 1-2 s later), with names in Arabic, accents and apostrophes,
 *   companies like "Example.com Trading LLC" and messages with one or two
 *   links; on the contact form, the newsletter, a quotation request (products
 *   added to the enquiry list first) and a job application with its files.
 *
 * It prints, per category and in total, what was sent, caught (quarantined),
 * missed (in an inbox), false positives (a person quarantined) and lost
 * (answered 201 but not stored, or neither answered nor stored), and whether
 * the goal holds: at least 99 % of the bots kept out of the inboxes, no
 * person quarantined, no submission lost (and every person's enquiry
 * delivered). It exits with 1 when the goal does not hold.
 *
 * The server runs with its default spam settings (proof-of-work difficulty,
 * SPAM_MIN_FILL_MS); only the rate limit is raised (every request comes from
 * one address) and the outbox polls every 100 ms. Loopback only; every wait
 * is bounded and the whole run stops by itself (2 to 3 minutes on 2 cores).
 *
 * Options: --bots N (per category, default 40), --people-at-once N (default 3).
 */
import { chromium } from "@playwright/test";
import { createChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/sha";
import { spawn } from "child_process";
import crypto from "crypto";
import fs from "fs";
import os from "os";
import path from "path";
import { parseArgs } from "util";
import { Worker } from "worker_threads";
import lib from "../../testkit/faults-lib.cjs";

const { ROOT, SERVER_ENTRY, startServer, startSmtpPeer, inspectStore, referenceOf, cleanup, sleep, makePdf, makeDoc } = lib;

const { values: options } = parseArgs({
  options: {
    bots: { type: "string", default: "40" },
    "people-at-once": { type: "string", default: "3" },
    help: { type: "boolean", default: false },
  },
});
if (options.help) {
  console.log("node scripts/bench/spam.mjs [--bots N per category (40)] [--people-at-once N (3)]   (after npm run build)");
  process.exit(0);
}
const BOTS_PER_CATEGORY = Number(options.bots);
const PEOPLE_AT_ONCE = Number(options["people-at-once"]);
if (!(Number.isInteger(BOTS_PER_CATEGORY) && BOTS_PER_CATEGORY > 0 && Number.isInteger(PEOPLE_AT_ONCE) && PEOPLE_AT_ONCE > 0)) {
  console.error("--bots and --people-at-once take a whole number above 0");
  process.exit(2);
}
const PUBLIC_DIR = path.join(ROOT, "public");
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";
const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"];
const API = "/api/v1/contact/";
const GOAL_KEPT_OUT = 0.99;
const WHOLE_RUN_MS = 10 * 60_000;
const DELIVERY_DEADLINE_MS = 60_000;

for (const [what, file] of [
  ["the compiled server (npm run build:server)", SERVER_ENTRY],
  ["the built site (npm run build)", path.join(PUBLIC_DIR, "index.html")],
  ["Chromium's headless shell (apt-get install chromium-headless-shell, or set CHROMIUM_PATH)", CHROMIUM_PATH],
]) {
  if (!fs.existsSync(file)) {
    console.error(`${file} is missing: ${what}`);
    process.exit(2);
  }
}

const guard = setTimeout(async () => {
  console.error(`The spam benchmark did not finish within ${WHOLE_RUN_MS / 60_000} min: stopped.`);
  await cleanup();
  process.exit(1);
}, WHOLE_RUN_MS);

const seconds = (ms) => (ms / 1000).toFixed(1);
const random = (min, max) => min + Math.random() * (max - min);
const hex = (bytes) => crypto.randomBytes(bytes).toString("hex");

// ---------------------------------------------------------------------------
// Proofs of work, as bots make them (worker threads: both cores solve).

class SolverPool {
  constructor(size) {
    this.workers = Array.from({ length: size }, () => new Worker(new URL("./spam-solver.mjs", import.meta.url)));
    this.idle = [...this.workers];
    this.queue = [];
    this.pending = new Map();
    this.next = 0;
    for (const worker of this.workers) {
      worker.on("message", ({ id, solution, error }) => {
        const { resolve, reject } = this.pending.get(id);
        this.pending.delete(id);
        this.idle.push(worker);
        this.pump();
        if (error) reject(new Error(error));
        else resolve(solution);
      });
    }
  }

  solve(challenge) {
    return new Promise((resolve, reject) => {
      const id = this.next++;
      this.pending.set(id, { resolve, reject });
      this.queue.push({ id, challenge });
      this.pump();
    });
  }

  pump() {
    while (this.idle.length > 0 && this.queue.length > 0) this.idle.pop().postMessage(this.queue.shift());
  }

  close() {
    return Promise.all(this.workers.map((worker) => worker.terminate()));
  }
}

/** The Altcha header: base64(JSON({ challenge, solution })), the challenge as the server gave it. */
function proofHeader(challenge, solution) {
  return Buffer.from(JSON.stringify({ challenge, solution: { counter: solution.counter, derivedKey: solution.derivedKey } }), "utf8").toString("base64");
}

async function fetchChallenge(base) {
  const res = await fetch(`${base}${API}challenge`, { signal: AbortSignal.timeout(30_000) });
  if (res.status !== 200) throw new Error(`GET ${API}challenge answered ${res.status}`);
  const challenge = await res.json();
  return { challenge, receivedAt: Date.now() };
}

/** Waits until the challenge's sendAfter, counted on this clock from when it arrived (the server's issuedAt is no later). */
async function afterSendAfter({ challenge, receivedAt }) {
  const { issuedAt, sendAfter } = challenge.parameters.data;
  await sleep(Math.max(0, receivedAt + (sendAfter - issuedAt) + 5 - Date.now()));
}

// ---------------------------------------------------------------------------
// The bots' forms: a clean body per form (contract-valid), the fields where a
// name and a free text go, and its files.

const BOT_NAMES = [
  ["Mark", "Wilson"],
  ["Linda", "Brown"],
  ["Kevin", "Lee"],
  ["Sarah", "Miller"],
  ["Daniel", "Clark"],
  ["Emma", "Walker"],
];

const FORMS = {
  "news-letter": { body: "json", clean: ({ email }) => ({ email, mailType: "news_letter" }) },
  contact_us: {
    body: "json",
    name: "firstName",
    text: "message",
    clean: ({ first, last, email }) => ({
      firstName: first,
      lastName: last,
      subject: "Sales Inquiry",
      email,
      phoneNumber: "0501234567",
      companyName: "Global Trade Partners",
      message: "We would like to offer you our services. Please reply.",
      mailType: "contact",
    }),
  },
  demo_form: {
    body: "json",
    name: "lastName",
    text: "message",
    clean: ({ first, last, email }) => ({
      firstName: first,
      lastName: last,
      jobRole: "Manager",
      email,
      interestedIn: "option2",
      companyName: "Prime Supplies",
      phoneNumber: "0501234567",
      countryName: "United States",
      message: "Interested in a demo.",
      mailType: "demo_form",
    }),
  },
  request_for_training: {
    body: "json",
    name: "fullName",
    text: "comments",
    clean: ({ first, last, email }) => ({
      fullName: `${first} ${last}`,
      companyName: "Acme Industrial",
      jobRole: "Supervisor",
      email,
      phoneNumber: "+1 555 010 2030",
      regionName: "North America",
      countryName: "United States",
      interestedIn: "Controlled bolting",
      participants: 4,
      trainingFormat: "Online",
      comments: "Please send dates.",
      mailType: "request_for_training",
    }),
  },
  quote_request: {
    body: "json",
    name: "companyName",
    text: "message",
    clean: ({ first, last, email }) => ({
      firstName: first,
      lastName: last,
      email,
      phoneNumber: "0501234567",
      companyName: "Best Buyers Ltd",
      message: "Best price please.",
      items: [{ product: "torque-pump", quantity: 2 }],
      mailType: "quote_request",
    }),
  },
  careers: {
    body: "multipart",
    name: "firstName",
    clean: ({ first, last, email }) => ({
      firstName: first,
      lastName: last,
      email,
      phoneNumber: "+1 555 010 2030",
      nationality: "American",
      countryName: "United States",
      jobRole: "Service Engineer",
      mailType: "career",
    }),
    files: (i) => ({ resume: { name: `cv-${i}.pdf`, content: makePdf(2048) }, coverLetter: { name: `letter-${i}.doc`, content: makeDoc(2048) } }),
  },
  sme_form: {
    body: "multipart",
    name: "fullName",
    text: "comments",
    clean: ({ first, last, email }) => ({
      fullName: `${first} ${last}`,
      email,
      phoneNumber: "+1 555 010 2030",
      experience: "5",
      regionName: "Europe",
      countryName: "Germany",
      expertise: "Hydrotesting",
      availability: "Flexible",
      comments: "Available soon.",
      mailType: "sme_form",
    }),
    files: (i) => ({ resume: { name: `resume-${i}.pdf`, content: makePdf(2048) } }),
  },
  transfer_partner: {
    body: "multipart",
    name: "companyName",
    text: "message",
    clean: ({ first, last, email }) => ({
      companyName: "Institute of Trade",
      fullName: `${first} ${last}`,
      jobRole: "Director",
      email,
      phoneNumber: "+44 20 7946 0000",
      regionName: "Africa",
      countryName: "Kenya",
      interestedIn: JSON.stringify(["Technology Integration"]),
      message: "Partnership proposal.",
      mailType: "transfer_partner_form",
    }),
    files: (i) => ({ support_doc: { name: `proposal-${i}.pdf`, content: makePdf(2048) } }),
  },
  product_order_form: {
    body: "multipart",
    name: "productName",
    clean: () => ({ mailType: "product_order_form", productName: "TOP LOADING ARMS" }),
    files: (i) => ({ file: { name: `order-${i}.pdf`, content: makePdf(2048) } }),
  },
};
const ALL_FORMS = Object.keys(FORMS);
const NAMED_FORMS = ALL_FORMS.filter((form) => FORMS[form].name);
const TEXT_FORMS = ALL_FORMS.filter((form) => FORMS[form].text);

const LINK_STUFFING = [
  "Best prices! http://bolts.example/a https://bolts.example/b https://cheap.example/c www.deals.example/d",
  'Buy now: <a href="https://cheap-tools.example/">cheap torque wrenches</a>',
  "[url=https://casino.example]Play and win[/url] [url=https://casino.example/2]bonus[/url]",
  Array.from({ length: 10 }, (_, k) => `https://seo-${k}.example/offer`).join("\n"),
  "Great site! Check [link=http://pills.example]this[/link] out",
  "SEO services https://rank.example https://rank.example/1 https://rank.example/2 https://rank.example/3 https://rank.example/4 https://rank.example/5",
];
const BAD_NAMES = [
  "http://casino.example",
  "cheap-pills.shop",
  '<a href="https://win.example">Win</a>',
  "www.best-seo.example",
  "[url=https://loans.example]Loans[/url]",
  "Visit https://crypto.example now",
  "<b>SALE</b>",
  "buy.followers.top",
];
const TRAPS = ["https://spam.example/", "+1 555 0100", "John", "contact@bulk.example", "yes"];

/** Bot number i of a category on `form`: its body (JSON or multipart fields and files) and a marker to find it stored. */
function botSubmission(category, i, form, change = (body) => body) {
  const [first, last] = BOT_NAMES[i % BOT_NAMES.length];
  const email = `${category}.${i}@bulk-mail.example`;
  const spec = FORMS[form];
  const body = change({ ...spec.clean({ first, last, email }) }, spec);
  return { category, i, form, email, ...(spec.body === "json" ? { json: body } : { fields: body, files: spec.files(i) }) };
}

async function post(base, submission, proof) {
  const headers = {};
  if (proof !== undefined) headers.altcha = proof;
  let body;
  if (submission.json) {
    body = JSON.stringify(submission.json);
    headers["content-type"] = "application/json";
  } else {
    body = new FormData();
    for (const [key, value] of Object.entries(submission.fields)) body.append(key, String(value));
    for (const [key, file] of Object.entries(submission.files)) body.append(key, new Blob([file.content]), file.name);
  }
  const sentAt = Date.now();
  try {
    const res = await fetch(`${base}${API}${submission.form}`, { method: "POST", headers, body, signal: AbortSignal.timeout(30_000) });
    const text = await res.text();
    let answer = {};
    try {
      answer = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status: res.status, id: res.status === 201 ? answer.id : undefined, error: res.status === 201 ? undefined : answer.message ?? text.slice(0, 200), sentAt };
  } catch (err) {
    return { status: 0, error: err.cause?.code ?? err.message, sentAt };
  }
}

/** Runs jobs with at most `concurrency` at once; resolves with their results in order. */
async function pool(jobs, concurrency) {
  const results = new Array(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const at = next++;
      results[at] = await jobs[at]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, jobs.length) }, worker));
  return results;
}

/** The key a counter derives for a challenge (ALTCHA v2, SHA-256): sha256 of salt, nonce and the counter's 4 bytes big-endian, `cost` times, cut to keyLength. */
function keyOf(challenge, counter) {
  const { salt, nonce, cost, keyLength } = challenge.parameters;
  const counterBytes = Buffer.alloc(4);
  counterBytes.writeUInt32BE(counter);
  let key = Buffer.concat([Buffer.from(salt, "hex"), Buffer.from(nonce, "hex"), counterBytes]);
  for (let i = 0; i < Math.max(1, cost); i++) key = crypto.createHash("sha256").update(key).digest();
  return key.subarray(0, keyLength).toString("hex");
}

/** The kinds of forged proofs (forgedProof). */
const FORGERIES = 6;

/**
 * A forged proof of a given kind (0 to FORGERIES - 1): a proof without the work, or a solved
 * one changed. (A solved key sent with another counter is no forgery: the
 * server checks the key against its signature, which only the work finds.)
 */
async function forgedProof(kind, base, solver) {
  if (kind === 4) {
    // A challenge the bot minted itself, signed with a secret the server does not know, solved and timed to pass.
    const issuedAt = Date.now() - 60_000;
    const challenge = await createChallenge({
      algorithm: "SHA-256",
      cost: 1,
      counter: 1_000,
      deriveKey,
      expiresAt: Math.floor((issuedAt + 86_400_000) / 1000),
      data: { issuedAt, sendAfter: issuedAt + 1_000 },
      hmacSignatureSecret: hex(32),
      hmacKeySignatureSecret: hex(32),
    });
    return { proof: proofHeader(challenge, await solver.solve(challenge)), variant: "minted with another secret" };
  }
  if (kind === 5) return { proof: crypto.randomBytes(180).toString("base64"), variant: "garbage" };
  const got = await fetchChallenge(base);
  const solution = await solver.solve(got.challenge);
  const challenge = structuredClone(got.challenge);
  switch (kind) {
    case 0: {
      // A counter guessed instead of found, with the key it derives (not one the challenge asks for).
      await afterSendAfter(got);
      if (keyOf(challenge, solution.counter) !== solution.derivedKey) throw new Error("keyOf() does not derive keys as altcha-lib does");
      let counter;
      do counter = crypto.randomInt(0, 2 * solution.counter + 2);
      while (counter === solution.counter);
      return { proof: proofHeader(challenge, { counter, derivedKey: keyOf(challenge, counter) }), variant: "guessed counter, its own key" };
    }
    case 1:
      await afterSendAfter(got);
      return { proof: proofHeader(challenge, { counter: solution.counter, derivedKey: hex(solution.derivedKey.length / 2) }), variant: "wrong key" };
    case 2: {
      await afterSendAfter(got);
      const last = challenge.signature.at(-1);
      challenge.signature = challenge.signature.slice(0, -1) + (last === "0" ? "1" : "0");
      return { proof: proofHeader(challenge, solution), variant: "tampered signature" };
    }
    default:
      // The time trap moved back to when it was issued (the signature kept), sent at once.
      challenge.parameters.data.sendAfter = challenge.parameters.data.issuedAt;
      return { proof: proofHeader(challenge, solution), variant: "tampered sendAfter" };
  }
}

/** Challenges an instant bot may ask for until it solves one well within the time trap. */
const INSTANT_TRIES = 5;

/** The bot corpus: every category's submissions, sent; resolves with one result each. */
async function sendBots(base, solver) {
  const n = BOTS_PER_CATEGORY;
  const at = (list, i) => list[i % list.length];
  /**
   * The form of bot i of a category that has `kinds` variants: every variant
   * goes round the forms (variant i % kinds on form (i + i / kinds) % forms),
   * so no variant stays on one form when the two counts share a factor.
   */
  const formOf = (forms, i, kinds) => forms[(i + Math.floor(i / kinds)) % forms.length];
  /** A fresh, solved challenge, sent after its sendAfter: what a bot that did the work sends. */
  const validProof = async () => {
    const got = await fetchChallenge(base);
    const solution = await solver.solve(got.challenge);
    await afterSendAfter(got);
    return proofHeader(got.challenge, solution);
  };
  const job = (submission, proofOf, variant) => async () => {
    const made = await proofOf();
    const proof = typeof made === "object" && made !== null ? made.proof : made;
    const result = await post(base, submission, proof);
    return { ...submission, ...result, variant: made?.variant ?? variant };
  };

  // One challenge, solved once and used once (its first use is a valid, solved proof: a submission with ordinary content and
  // a proof paid for is what a person sends, so it is not counted), then replayed for every submission of its category.
  const replayed = await validProof();
  const seed = await post(base, botSubmission("replay-seed", 0, at(ALL_FORMS, 0)), replayed);
  if (seed.status !== 201) throw new Error(`the replayed proof's first use was answered ${seed.status}, not 201`);

  const jobs = [];
  for (let i = 0; i < n; i++) {
    jobs.push(job(botSubmission("no-proof", i, at(ALL_FORMS, i)), () => undefined));
    jobs.push(job(botSubmission("replayed", i, at(ALL_FORMS, i)), () => replayed));
    jobs.push(job(botSubmission("honeypot", i, formOf(ALL_FORMS, i, TRAPS.length), (body) => ({ ...body, altContact: at(TRAPS, i) })), validProof));
    const stuffedOn = formOf(TEXT_FORMS, i, LINK_STUFFING.length);
    jobs.push(
      job(
        botSubmission("link-stuffed", i, stuffedOn, (body, spec) => ({ ...body, [spec.text]: at(LINK_STUFFING, i) })),
        validProof,
        `${FORMS[stuffedOn].text}: ${JSON.stringify(at(LINK_STUFFING, i).slice(0, 60))}`,
      ),
    );
    const namedOn = formOf(NAMED_FORMS, i, BAD_NAMES.length);
    jobs.push(
      job(
        botSubmission("name", i, namedOn, (body, spec) => ({ ...body, [spec.name]: at(BAD_NAMES, i) })),
        validProof,
        `${FORMS[namedOn].name}: ${JSON.stringify(at(BAD_NAMES, i))}`,
      ),
    );
    jobs.push(job(botSubmission("forged", i, formOf(ALL_FORMS, i, FORGERIES)), () => forgedProof(i % FORGERIES, base, solver)));
  }
  const started = Date.now();
  const sent = await pool(jobs, 8);

  // Instant: a valid proof sent as soon as it is solved. Two at a time, so each finds a solver free and is not kept waiting.
  // A bot that solves fast: a challenge solved in more than half the time trap (a busy machine) is dropped and another
  // one asked for (at most INSTANT_TRIES), so that what is sent is instant; dropped challenges are never sent.
  let dropped = 0;
  const instant = await pool(
    Array.from({ length: n }, (_, i) => async () => {
      const submission = botSubmission("instant", i, at(ALL_FORMS, i));
      for (let attempt = 1; ; attempt++) {
        const got = await fetchChallenge(base);
        const solution = await solver.solve(got.challenge);
        const { issuedAt, sendAfter } = got.challenge.parameters.data;
        // The server's clock is this machine's.
        if (Date.now() > sendAfter - (sendAfter - issuedAt) / 2 && attempt < INSTANT_TRIES) {
          dropped++;
          continue;
        }
        const result = await post(base, submission, proofHeader(got.challenge, solution));
        const variant = result.sentAt < sendAfter ? undefined : "not instant: solved after its sendAfter";
        return { ...submission, ...result, variant, sinceIssuedMs: result.sentAt - issuedAt };
      }
    }),
    2,
  );
  return { results: [...sent, ...instant], ms: Date.now() - started, dropped };
}

// ---------------------------------------------------------------------------
// People, in the browser: the site's real forms.

const PEOPLE = [
  // The contact form, typed at a person's pace.
  {
    category: "contact, typed",
    page: "contact",
    fields: {
      "First name": "محمد",
      "Last name": "عبد الله",
      "E-mail": "mohammed.abdullah@example.ae",
      "Phone number": "0501234567",
      Company: "شركة الخليج للمعدات الصناعية",
      Subject: ["select", "Sales Inquiry"],
      Message: "نرجو تزويدنا بعرض سعر لمضخة عزم هيدروليكية. المواصفات: https://example.ae/specs/pump.pdf",
    },
  },
  {
    category: "contact, typed",
    page: "contact",
    fields: {
      "First name": "Zoë-Hélène",
      "Last name": "O'Brien",
      "E-mail": "zoe.obrien@example.ie",
      "Phone number": "0871234567",
      Company: "Example.com Trading LLC",
      Subject: ["select", "Technical Support"],
      Message: "Our two sites are at https://example.com/sites and www.example.ie/depot: can you service both?",
    },
  },
  {
    category: "contact, typed",
    page: "contact",
    fields: {
      "First name": "José Ángel",
      "Last name": "Núñez García",
      "E-mail": "jose.nunez@example.es",
      "Phone number": "0612345678",
      Company: "Núñez & Hijos S.A.",
      Subject: ["select", "Sales Inquiry"],
      Message: "¿Tienen llaves dinamométricas en stock? Gracias.",
    },
  },
  {
    category: "contact, typed",
    page: "contact",
    fields: {
      "First name": "Siobhán",
      "Last name": "Ní Bhriain",
      "E-mail": "siobhan@example.ie",
      "Phone number": "0861234567",
      Company: "Ó Briain Engineering Ltd.",
      Subject: ["select", "Service Inquiry"],
      Message: "Service for our pump, photos at https://photos.example.ie/pump",
    },
  },
  {
    category: "contact, typed",
    page: "contact",
    fields: {
      "First name": "小明",
      "Last name": "王",
      "E-mail": "wang.xiaoming@example.cn",
      "Phone number": "1381234567",
      Company: "上海重工有限公司",
      Subject: ["select", "General Inquiry"],
      Message: "请发送液压扳手的目录。",
    },
  },
  {
    category: "contact, typed",
    page: "contact",
    fields: {
      "First name": "Дмитрий",
      "Last name": "Иванов-Петров",
      "E-mail": "d.ivanov@example.ru",
      "Phone number": "9161234567",
      Company: "ООО «ТехноСервис»",
      Subject: ["select", "Sales Inquiry"],
      Message: "Нужен натяжитель шпилек, чертёж: https://example.ru/drawing-42.pdf",
    },
  },
  // The contact form, as autofill fills it.
  {
    category: "contact, autofilled",
    page: "contact",
    autofill: true,
    fields: {
      "First name": "Jean-Luc",
      "Last name": "D'Arcy-Smith",
      "E-mail": "jl.darcy-smith@example.fr",
      "Phone number": "0612345679",
      Company: "St. John's Engineering Co.",
      Subject: ["select", "Technical Support"],
      Message: "Please see the drawing at https://files.example.fr/d/123 before calling.",
    },
  },
  {
    category: "contact, autofilled",
    page: "contact",
    autofill: true,
    fields: {
      "First name": "محمد",
      "Last name": "عبد الله",
      "E-mail": "m.abdullah@example.sa",
      "Phone number": "0551234567",
      Company: "Example.com Trading LLC",
      Subject: ["select", "Sales Inquiry"],
      Message: "Quotation for 2 torque pumps please, see https://example.sa/rfq/17 and https://example.sa/rfq/18",
    },
  },
  {
    category: "contact, autofilled",
    page: "contact",
    autofill: true,
    fields: {
      "First name": "Zoë-Hélène",
      "Last name": "O'Brien",
      "E-mail": "zh.obrien@example.co.uk",
      "Phone number": "0791234567",
      Company: "O'Brien & Daughters (Example.com Ltd)",
      Subject: ["select", "General Inquiry"],
      Message: "Hello, is the catalogue at www.example.co.uk/catalogue still current?",
    },
  },
  {
    category: "contact, autofilled",
    page: "contact",
    autofill: true,
    fields: {
      "First name": "Thị Minh",
      "Last name": "Nguyễn",
      "E-mail": "minh.nguyen@example.vn",
      "Phone number": "0912345678",
      Company: "Công ty TNHH Kỹ thuật Việt",
      Subject: ["select", "Service Inquiry"],
      Message: "Cần bảo dưỡng máy tiện tại công trường.",
    },
  },
  {
    category: "contact, autofilled",
    page: "contact",
    autofill: true,
    fields: {
      "First name": "A. J.",
      "Last name": "Ben-Haim",
      "E-mail": "aj.benhaim@example.co.za",
      "Phone number": "0821234567",
      Company: "A.B.C. Hydraulics (Pty) Ltd",
      Subject: ["select", "Sales Inquiry"],
      Message: "Need 3 bolt tensioners. Spec sheet: https://abc.example.co.za/spec",
    },
  },
  // The newsletter, in the footer of several pages.
  { category: "newsletter", page: "newsletter", path: "/", fields: { "E-mail address": "zoe-helene.obrien@example.ie" } },
  { category: "newsletter", page: "newsletter", path: "/about-us", fields: { "E-mail address": "mohammed.a@example.ae" } },
  { category: "newsletter", page: "newsletter", path: "/contact", fields: { "E-mail address": "siobhan.o'neill@example.ie" } },
  { category: "newsletter", page: "newsletter", path: "/trainings", autofill: true, fields: { "E-mail address": "jose.angel@example.es" } },
  { category: "newsletter", page: "newsletter", path: "/careers", autofill: true, fields: { "E-mail address": "renee.dupont@example.fr" } },
  { category: "newsletter", page: "newsletter", path: "/downloads", autofill: true, fields: { "E-mail address": "aisha.al-farsi@example.om" } },
  // Quotation requests: products added to the enquiry list, then /enquiry.
  {
    category: "quotation request",
    page: "enquiry",
    products: ["impact-sockets", "torque-pump"],
    fields: {
      "First name": "عبد الرحمن",
      "Last name": "الهاشمي",
      "E-mail": "a.alhashimi@example.ae",
      "Phone number": "0509876543",
      Company: "Example.com Trading LLC",
      Message: "Delivery to Jebel Ali, drawing: https://example.ae/dwg/881",
    },
  },
  {
    category: "quotation request",
    page: "enquiry",
    products: ["low-profile-torque-wrench"],
    fields: {
      "First name": "Zoë-Hélène",
      "Last name": "O'Brien",
      "E-mail": "zoe@example.com",
      "Phone number": "0871234560",
      Company: "Ó Briain Engineering Ltd.",
      Message: "Two units; our site: https://example.com and www.example.com/contact",
    },
  },
  {
    category: "quotation request",
    page: "enquiry",
    autofill: true,
    products: ["nut-splitter"],
    fields: {
      "First name": "Renée",
      "Last name": "Dupont-Lefèvre",
      "E-mail": "renee.dupont@example.be",
      "Phone number": "0471234567",
      Company: "Dupont & Fils SPRL",
      Message: "Prix pour 5 pièces svp.",
    },
  },
  {
    category: "quotation request",
    page: "enquiry",
    autofill: true,
    products: ["flange-spreader", "hydraulic-pullers"],
    fields: {
      "First name": "Ngozi",
      "Last name": "Okonkwo-Adeyemi",
      "E-mail": "ngozi@example.ng",
      "Phone number": "0803123456",
      Company: "Example.com Trading LLC",
      Message: "See our tender: https://tenders.example.ng/2026/114",
    },
  },
  // Job applications, with a CV (PDF) and a cover letter (DOC).
  {
    category: "job application",
    page: "careers",
    role: "Supply Chain and Operations",
    fields: {
      "First name": "فاطمة",
      "Last name": "الزهراء",
      "E-mail": "fatima.alzahra@example.ae",
      "Phone number": "+971 50 123 4567",
      Nationality: "Emirati",
      "Country of residence": "United Arab Emirates",
      "Resume / CV": ["file", "Fatima CV.pdf"],
      "Cover letter": ["file", "Fatima letter.doc"],
    },
  },
  {
    category: "job application",
    page: "careers",
    role: "Sales and Business Development",
    fields: {
      "First name": "Seán",
      "Last name": "O'Sullivan",
      "E-mail": "sean.osullivan@example.ie",
      "Phone number": "+353 87 123 4567",
      Nationality: "Irish",
      "Country of residence": "Ireland",
      "Resume / CV": ["file", "Sean O'Sullivan CV.pdf"],
      "Cover letter": ["file", "cover letter.doc"],
    },
  },
  {
    category: "job application",
    page: "careers",
    role: "Product Development and Application Engineering",
    autofill: true,
    fields: {
      "First name": "Chloë",
      "Last name": "Brontë-Smith",
      "E-mail": "chloe.bronte@example.co.uk",
      "Phone number": "+44 7911 123456",
      Nationality: "British",
      "Country of residence": "United Kingdom",
      "Resume / CV": ["file", "CV Chloë.pdf"],
      "Cover letter": ["file", "letter.doc"],
    },
  },
  {
    category: "job application",
    page: "careers",
    role: "Supply Chain and Operations",
    autofill: true,
    fields: {
      "First name": "Raj",
      "Last name": "Patel",
      "E-mail": "raj.patel@example.in",
      "Phone number": "+91 98765 43210",
      Nationality: "Indian",
      "Country of residence": "United Arab Emirates",
      "Resume / CV": ["file", "Raj Patel - CV.pdf"],
      "Cover letter": ["file", "Raj Patel - letter.doc"],
    },
  },
];

const HYDRATION_MS = 30_000;
const ANSWER_MS = 40_000;

function fileFor(name) {
  return name.endsWith(".pdf")
    ? { name, mimeType: "application/pdf", buffer: makePdf(4096) }
    : { name, mimeType: "application/msword", buffer: makeDoc(4096) };
}

/** A form once its code runs: it loads when a visitor reaches for the form once the page has hydrated (src/forms/island.tsx), here the pointer passing over it. */
async function hydratedForm(scope, slot) {
  const page = "page" in scope ? scope.page() : scope;
  await page.locator('#___gatsby[data-hydrated="true"]').waitFor({ state: "attached", timeout: HYDRATION_MS });
  await scope.locator(`form[data-form="${slot}"]`).first().dispatchEvent("pointerover");
  await scope.locator(`form[data-form="${slot}"][data-hydrated="true"]`).waitFor({ state: "attached", timeout: HYDRATION_MS });
  return scope.locator(`form[data-form="${slot}"]`);
}

/**
 * Fills a form's fields: at a person's pace (a click, the text a key at a
 * time, a second or more before each next field), or as autofill does (a
 * focus on the first field, then every field at once).
 */
async function fillIn(page, form, fields, autofill) {
  const entries = Object.entries(fields);
  if (autofill) {
    await form.getByLabel(entries[0][0]).click();
    await page.waitForTimeout(random(200, 500)); // the suggestion picked
  }
  for (const [index, [label, value]] of entries.entries()) {
    const field = form.getByLabel(label);
    const [kind, text] = Array.isArray(value) ? value : ["text", value];
    if (!autofill && index > 0) await page.waitForTimeout(random(1_000, 1_600));
    if (kind === "select") await field.selectOption(text);
    else if (kind === "file") await field.setInputFiles(fileFor(text));
    else if (autofill) await field.fill(text);
    else {
      await field.click();
      await field.pressSequentially(text, { delay: random(40, 80) });
    }
  }
  await page.waitForTimeout(autofill ? random(1_000, 2_000) : random(800, 1_500));
}

/** Clicks the form's button and waits for the answer of its POST; records in `result` that it was sent, and { status, id, proof }. */
async function send(page, button, call, result) {
  const answered = page.waitForResponse((res) => res.request().method() === "POST" && new URL(res.url()).pathname === `${API}${call}`, { timeout: ANSWER_MS });
  answered.catch(() => undefined); // a click that fails leaves it unawaited
  const clickedAt = Date.now();
  await button.click();
  result.sent = true;
  const response = await answered;
  let id;
  try {
    id = (await response.json()).id;
  } catch {
    // not JSON
  }
  Object.assign(result, { status: response.status(), id, proof: Boolean(await response.request().headerValue("altcha")), clickToAnswerMs: Date.now() - clickedAt });
}

const VISITS = {
  async contact(page, person, result) {
    await page.goto("/contact");
    const form = await hydratedForm(page, "contact_us");
    await fillIn(page, form, person.fields, person.autofill);
    await send(page, form.getByRole("button", { name: "Send message" }), "contact_us", result);
    await form.getByRole("status").filter({ hasText: "sent successfully" }).waitFor({ timeout: 10_000 });
  },
  async newsletter(page, person, result) {
    await page.goto(person.path);
    const form = await hydratedForm(page.getByRole("contentinfo"), "news-letter");
    await fillIn(page, form, person.fields, person.autofill);
    await send(page, form.getByRole("button", { name: "Subscribe" }), "news-letter", result);
    await form.getByRole("status").filter({ hasText: "sent successfully" }).waitFor({ timeout: 10_000 });
  },
  async enquiry(page, person, result) {
    for (const product of person.products) {
      await page.goto(`/${product}`);
      const add = page.locator("main").getByTestId("add-to-enquiry").first();
      await hydratedForm(page.getByRole("contentinfo"), "news-letter"); // the page is React's
      await page.waitForTimeout(random(1_000, 2_000)); // reading the page
      await add.getByRole("button", { name: "Add to enquiry" }).click();
      await add.getByRole("status").filter({ hasText: "added to your enquiry" }).waitFor({ timeout: 10_000 });
    }
    await page.goto("/enquiry");
    const form = await hydratedForm(page, "quote_request");
    await page.getByTestId("enquiry-item").first().waitFor({ timeout: 10_000 });
    await fillIn(page, form, person.fields, person.autofill);
    await send(page, form.getByRole("button", { name: "Send enquiry" }), "quote_request", result);
    await page.getByRole("status").filter({ hasText: "Your enquiry has been sent successfully!" }).waitFor({ timeout: 10_000 });
  },
  async careers(page, person, result) {
    await page.goto("/careers");
    const form = await hydratedForm(page, "careers");
    await page.waitForTimeout(random(1_000, 2_000)); // reading the roles
    const card = page.getByTestId("role-card").filter({ has: page.getByRole("heading", { name: person.role, exact: true }) });
    await card.getByRole("button", { name: "Apply Now" }).click();
    await page.getByRole("dialog", { name: `Apply for ${person.role}` }).waitFor({ timeout: 10_000 });
    await fillIn(page, form, person.fields, person.autofill);
    await send(page, form.getByRole("button", { name: "Send application" }), "careers", result);
    await page.getByRole("status").filter({ hasText: "Application sent" }).first().waitFor({ timeout: 10_000 });
  },
};

const FORM_OF_PAGE = { contact: "contact_us", newsletter: "news-letter", enquiry: "quote_request", careers: "careers" };

/** Every person of PEOPLE, each in a browser context of their own, PEOPLE_AT_ONCE at a time. */
async function sendPeople(base) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const started = Date.now();
  try {
    const results = await pool(
      PEOPLE.map((person, i) => async () => {
        const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 900 } });
        const page = await context.newPage();
        const email = person.fields["E-mail"] ?? person.fields["E-mail address"];
        const name = `${person.fields["First name"] ?? ""} ${person.fields["Last name"] ?? ""}`.trim();
        const result = { category: person.category, person: name || email, i, form: FORM_OF_PAGE[person.page], email, sent: false, status: 0 };
        try {
          await VISITS[person.page](page, person, result);
        } catch (err) {
          // No answer to the send, no success shown, or the page could not be used: the store says what was kept.
          result.error = String(err.message ?? err).split("\n")[0];
        } finally {
          await context.close();
        }
        return result;
      }),
      PEOPLE_AT_ONCE,
    );
    return { results, ms: Date.now() - started };
  } finally {
    await browser.close();
  }
}

// ---------------------------------------------------------------------------
// What became of each submission: the store's view, and the SMTP peer's.

/**
 * `leads spam` on the server's DATA_DIR: id → { form, reasons }, as the
 * operator reads it. Its output goes to a file: the command ends with
 * process.exit(), which can cut what it wrote to a child process's pipe.
 */
async function quarantinedList(dataDir) {
  const out = path.join(dataDir, "leads-spam.txt");
  const fd = fs.openSync(out, "w");
  const env = { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? os.tmpdir(), DATA_DIR: dataDir };
  const child = spawn(process.execPath, [path.join(ROOT, "dist", "server", "cli", "leads.js"), "spam", "--limit", "100000"], { cwd: ROOT, env, stdio: ["ignore", fd, "pipe"] });
  fs.closeSync(fd);
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const code = await new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
    child.on("exit", (exitCode, signal) => {
      clearTimeout(timer);
      resolve(exitCode ?? signal);
    });
  });
  if (code !== 0) throw new Error(`leads spam failed (${code}): ${stderr}`);
  const list = new Map();
  let total;
  for (const line of fs.readFileSync(out, "utf8").split("\n")) {
    const count = /^(\d+) quarantined submission/.exec(line);
    if (count) total = Number(count[1]);
    const parts = line.split(/ {2,}/);
    if (parts.length >= 5 && /^[0-9a-f-]{36}$/i.test(parts[0])) list.set(parts[0].toLowerCase(), { form: parts[1], reasons: parts.at(-1).split(", ") });
  }
  if (total !== list.size) throw new Error(`leads spam listed ${list.size} of ${total} quarantined submissions`);
  return list;
}

/** The submissions the SMTP peer received a notification of (by their Reference line). */
function deliveredIds(peer) {
  const ids = new Set();
  for (const mail of peer.received) {
    const ref = referenceOf(mail.raw);
    if (ref) ids.add(ref);
  }
  return ids;
}

/**
 * Waits (at most DELIVERY_DEADLINE_MS) until the outbox has sent every
 * notification it holds: every outbox row sent and every submission with
 * outbox rows received by the peer. A quarantined submission has none.
 */
async function waitForOutbox(dataDir, peer) {
  const deadline = Date.now() + DELIVERY_DEADLINE_MS;
  for (;;) {
    const store = inspectStore(dataDir, []);
    const delivered = deliveredIds(peer);
    const waiting = [...store.recipients.keys()].filter((id) => !delivered.has(id));
    const unsent = Object.entries(store.statuses).filter(([status]) => status !== "sent");
    if ((waiting.length === 0 && unsent.length === 0) || Date.now() > deadline) return { store, waiting, unsent, done: waiting.length === 0 && unsent.length === 0 };
    await sleep(100);
  }
}

/** Finds the stored row of a submission that got no answer, by its e-mail. */
function storedByEmail(stored, email) {
  if (!email) return undefined;
  for (const [id, row] of stored) {
    try {
      if (JSON.parse(row.payload).email === email) return id;
    } catch {
      // not JSON
    }
  }
  return undefined;
}

/** What became of one submission: quarantined, delivered, lead (stored, not delivered), refused, lost. */
function fate(result, { stored, quarantined, delivered }) {
  if (result.sent === false && !storedByEmail(stored, result.email)) return { outcome: "not sent", why: `the benchmark could not send the form: ${result.error}` };
  let id = result.status === 201 ? result.id?.toLowerCase() : undefined;
  if (result.status === 201 && !id) return { outcome: "lost", why: "201 without an id" };
  if (!id) id = storedByEmail(stored, result.email);
  if (!id) return result.status === 0 ? { outcome: "lost", why: `no answer (${result.error})` } : { outcome: "refused", why: `${result.status}: ${result.error}` };
  if (!stored.has(id)) return { outcome: "lost", id, why: "answered 201, not stored" };
  const inQuarantine = quarantined.get(id);
  if (inQuarantine) return { outcome: delivered.has(id) ? "quarantined and delivered" : "quarantined", id, reasons: inQuarantine.reasons };
  return { outcome: delivered.has(id) ? "delivered" : "lead, not delivered", id };
}

function table(rows) {
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const line = (cells) => `| ${cells.join(" | ")} |`;
  return [line(columns), line(columns.map(() => "---")), ...rows.map((row) => line(columns.map((c) => String(row[c] ?? 0))))].join("\n");
}

function countReasons(items) {
  const counts = new Map();
  for (const item of items) for (const reason of item.reasons ?? []) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([reason, count]) => `${reason} ${count}`)
    .join(", ");
}

/** One row of the table: a category's (or a total's) counts. */
function row(label, items, person) {
  const count = (outcome) => items.filter((item) => item.outcome === outcome).length;
  const quarantined = count("quarantined") + count("quarantined and delivered");
  const delivered = count("delivered") + count("quarantined and delivered");
  const inInbox = delivered + count("lead, not delivered");
  return {
    category: label,
    forms: new Set(items.map((item) => item.form)).size,
    sent: items.length,
    "answered 201": items.filter((item) => item.status === 201).length,
    "caught (quarantined)": person ? "–" : quarantined,
    "missed (in an inbox)": person ? "–" : inInbox,
    "false positives": person ? quarantined : "–",
    delivered,
    "refused (4xx)": count("refused"),
    lost: count("lost"),
    ...(items.some((item) => item.outcome === "not sent") ? { "not sent (benchmark error)": count("not sent") } : {}),
    "reasons (leads:spam)": countReasons(items) || "–",
  };
}

function byCategory(items) {
  const groups = new Map();
  for (const item of items) groups.set(item.category, [...(groups.get(item.category) ?? []), item]);
  return groups;
}

// ---------------------------------------------------------------------------

const load = () => os.loadavg()[0].toFixed(1);
console.log(
  `Spam defence benchmark of ${path.relative(ROOT, SERVER_ENTRY)} on Node ${process.version}, ${os.availableParallelism()} cores (${os.cpus()[0]?.model.trim() ?? "?"}), ` +
    `load average ${load()} as it starts`,
);
let exitCode = 1;
try {
  const peer = await startSmtpPeer({}, { maxRawBytes: 256 * 1024 });
  const server = await startServer({
    env: {
      PUBLIC_DIR,
      SPAM_CHECKS: "on",
      SMTP_URL: peer.url,
      MAIL_FROM: "Website <no-reply@example.com>",
      OUTBOX_INTERVAL_MS: "100",
      OUTBOX_BACKOFF_MS: "200",
      OUTBOX_BACKOFF_MAX_MS: "1000",
      RATE_LIMIT_MAX: "1000000",
    },
  });
  const sample = (await fetchChallenge(server.url)).challenge.parameters;
  console.log(
    `server ${server.url}: SPAM_CHECKS on, the server's default spam settings (a challenge's sendAfter ${sample.data.sendAfter - sample.data.issuedAt} ms after it is issued, ` +
      `lifetime ${seconds(sample.expiresAt * 1000 - sample.data.issuedAt)} s); RATE_LIMIT_MAX 1000000; OUTBOX_INTERVAL_MS 100; a real SMTP peer`,
  );

  const solver = new SolverPool(Math.max(1, Math.min(2, os.availableParallelism())));
  let bots;
  try {
    bots = await sendBots(server.url, solver);
  } finally {
    await solver.close();
  }
  console.log(
    `bots: ${bots.results.length} sent over HTTP (${BOTS_PER_CATEGORY} per category, ${ALL_FORMS.length} forms, JSON and multipart) in ${seconds(bots.ms)} s` +
      (bots.dropped > 0 ? `; the instant bots dropped ${bots.dropped} challenges they solved too slowly to be instant` : ""),
  );

  const people = await sendPeople(server.url);
  console.log(`person-like: ${people.results.length} visitors in Chromium (${path.basename(CHROMIUM_PATH)}), ${PEOPLE_AT_ONCE} at a time, in ${seconds(people.ms)} s`);

  if (Number(load()) > os.availableParallelism()) console.log(`(the machine is busy: load average ${load()} on ${os.availableParallelism()} cores)`);
  const lastSend = Date.now();
  const outbox = await waitForOutbox(server.dataDir, peer);
  console.log(
    outbox.done
      ? `outbox: every notification delivered ${seconds(Date.now() - lastSend)} s after the last send (${peer.received.length} messages received)`
      : `outbox: NOT every notification delivered within ${seconds(DELIVERY_DEADLINE_MS)} s: ${outbox.waiting.length} submissions waiting, rows ${JSON.stringify(Object.fromEntries(outbox.unsent))}`,
  );
  const view = { stored: outbox.store.stored, quarantined: await quarantinedList(server.dataDir), delivered: deliveredIds(peer) };

  const botItems = bots.results.map((r) => ({ ...r, ...fate(r, view) }));
  const personItems = people.results.map((r) => ({ ...r, ...fate(r, view) }));

  const rows = [];
  for (const [category, items] of byCategory(botItems)) rows.push(row(`bot: ${category}`, items, false));
  for (const [category, items] of byCategory(personItems)) rows.push(row(`person: ${category}`, items, true));
  rows.push(row("**bots, all**", botItems, false));
  rows.push(row("**person-like, all**", personItems, true));
  console.log();
  console.log(table(rows));

  // The details an operator needs: which bots got through, which people were held, what was lost.
  const details = [];
  const missed = botItems.filter((it) => ["delivered", "lead, not delivered", "quarantined and delivered"].includes(it.outcome));
  for (const item of missed) {
    const why = item.variant ? ` (${item.variant})` : "";
    details.push(`missed: bot ${item.category} #${item.i} on ${item.form}${why}, ${item.id}: ${item.outcome}`);
  }
  const forged = byCategory(botItems.filter((it) => it.category === "forged").map((it) => ({ ...it, category: it.variant })));
  details.push(
    `forged proofs caught: ${[...forged].map(([variant, items]) => `${variant} ${items.filter((it) => it.outcome === "quarantined").length}/${items.length}`).join(", ")}`,
  );
  const instantSends = botItems.filter((it) => it.sinceIssuedMs !== undefined).map((it) => it.sinceIssuedMs);
  if (instantSends.length > 0) details.push(`instant bots sent ${Math.min(...instantSends)}–${Math.max(...instantSends)} ms after their challenge was issued`);
  const late = botItems.filter((it) => it.variant?.startsWith("not instant")).length;
  if (late > 0) details.push(`note: ${late} instant bots could not send before their sendAfter (solved too slowly ${INSTANT_TRIES} times)`);
  for (const item of personItems.filter((it) => it.outcome !== "delivered")) {
    details.push(
      `person: ${item.category} (${item.person}, ${item.form}) ${item.id ?? ""} ${item.outcome}` +
        `${item.reasons ? `: ${item.reasons.join(", ")}` : ""}${item.why ? `: ${item.why}` : ""}${item.proof === false ? "; sent without an Altcha header" : ""}${item.error ? `; ${item.error}` : ""}`,
    );
  }
  for (const item of [...botItems, ...personItems].filter((it) => it.outcome === "lost")) details.push(`lost: ${item.category} #${item.i} on ${item.form}: ${item.why}`);
  const ours = new Set([...botItems, ...personItems].map((it) => it.id).filter(Boolean));
  const strangers = [...view.stored.keys()].filter((id) => !ours.has(id));
  if (strangers.length > 0) details.push(`note: ${strangers.length} stored submission(s) match no counted send (one is the replayed proof's first use, which is not counted)`);
  const waits = personItems.filter((it) => it.clickToAnswerMs !== undefined).map((it) => it.clickToAnswerMs);
  if (waits.length > 0) {
    waits.sort((a, b) => a - b);
    details.push(
      `person-like: ${personItems.filter((it) => it.proof).length}/${personItems.length} sends carried a proof; from the click to the answer ${seconds(waits[0])}–${seconds(waits.at(-1))} s (median ${seconds(waits[Math.floor(waits.length / 2)])} s)`,
    );
  }
  if (details.length > 0) console.log(`\n${details.join("\n")}`);

  const keptOut = botItems.filter((it) => ["quarantined", "refused", "lost"].includes(it.outcome)).length;
  const share = botItems.length ? keptOut / botItems.length : 0;
  const falsePositives = personItems.filter((it) => it.outcome.startsWith("quarantined")).length;
  const lost = [...botItems, ...personItems].filter((it) => it.outcome === "lost").length;
  const peopleDelivered = personItems.filter((it) => it.outcome === "delivered").length;
  const checks = [
    [`bots kept out of the inboxes ${keptOut}/${botItems.length} = ${(share * 100).toFixed(1)} % (goal ≥ ${GOAL_KEPT_OUT * 100} %)`, share >= GOAL_KEPT_OUT],
    [`person-like quarantined ${falsePositives} (goal 0)`, falsePositives === 0],
    [`lost ${lost} (goal 0)`, lost === 0],
    [`person-like delivered ${peopleDelivered}/${personItems.length}`, peopleDelivered === personItems.length],
  ];
  const holds = checks.every(([, ok]) => ok);
  console.log(`\ngoal: ${checks.map(([text, ok]) => `${text} ${ok ? "✓" : "✗"}`).join("; ")}: ${holds ? "the goal holds" : "the goal does NOT hold"}`);
  exitCode = holds ? 0 : 1;
} catch (err) {
  console.error(`\nThe spam benchmark failed: ${err.stack ?? err}`);
  exitCode = 1;
} finally {
  await cleanup();
  clearTimeout(guard);
}
process.exit(exitCode);
