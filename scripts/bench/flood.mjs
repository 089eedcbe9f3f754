/**
 * npm run bench:flood: a bot flood against the site as production runs it
 * (testkit/release-stack.cjs: the release archive when `npm run release` made
 * one, else this checkout's build; PostgreSQL, two instances, nginx with TLS,
 * an SMTP peer).
 *
 * 1. Quiet: visitors read pages through nginx for QUIET_S seconds; their p99.
 * 2. Flood: for FLOOD_S seconds, bots POST forms through nginx at BOT_RATE a
 *    second from BOT_ADDRESSES source addresses (127.5.x.y; nginx's per-address
 *    limit counts each on its own), while the same visitors go on reading
 *    pages and a person sends a lead in the middle (challenge, proof of work,
 *    fill time: as the site's script does). The bots and the person run in a
 *    process of their own at a lower priority (see loadProcess).
 *
 * The goal: the visitors' p99 during the flood within 1.5x the quiet one, and
 * the person's lead delivered to the inbox. Both are printed beside the goal;
 * the exit code is 1 when either is missed.
 *
 *   npm run bench:flood [-- --flood-s 30 --bot-rate 300 --bot-addresses 500 --quiet-s 15]
 */
import { createRequire } from "module";
import { parseArgs } from "util";
import { spawn } from "child_process";
import https from "https";
import { fileURLToPath } from "url";

const require = createRequire(import.meta.url);
const stackLib = require("../../testkit/release-stack.cjs");

const PAGES = ["/", "/contact", "/about-us", "/careers", "/downloads"];
const GOAL_RATIO = 1.5;

/** The bots: one keep-alive agent per source address, POSTs of the contact form without a proof, at `rate` a second. */
async function botWorker({ url, ca, rate, addresses, seconds }) {
  const agents = [];
  for (let i = 0; i < addresses; i += 1) {
    agents.push(new https.Agent({ keepAlive: true, maxSockets: 2, ca, localAddress: stackLib.crowdAddress(i + 1, 5) }));
  }
  const statuses = {};
  let sent = 0;
  let inFlight = 0;
  const body = JSON.stringify({ ...stackLib.contactBody("Bot"), message: "Cheap watches, click here" });
  const post = (agent) =>
    new Promise((resolve) => {
      inFlight += 1;
      const req = https.request(
        `${url}/api/v1/contact/contact_us`,
        { method: "POST", agent, headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) }, timeout: 10_000 },
        (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode));
        },
      );
      req.on("timeout", () => req.destroy(new Error("timeout")));
      req.on("error", () => resolve("error"));
      req.end(body);
    }).then((status) => {
      inFlight -= 1;
      statuses[status] = (statuses[status] ?? 0) + 1;
    });
  const started = Date.now();
  const end = started + seconds * 1000;
  const pending = [];
  while (Date.now() < end) {
    const due = Math.floor(((Date.now() - started) / 1000) * rate);
    while (sent < due && inFlight < 2000) {
      pending.push(post(agents[sent % agents.length]));
      sent += 1;
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await Promise.all(pending);
  for (const agent of agents) agent.destroy();
  return { sent, statuses, seconds: (Date.now() - started) / 1000 };
}

/**
 * The load: the bots, and the person's lead sent half-way through the flood,
 * in a process of its own at a lower priority (nice 10), as if from elsewhere
 * on the internet: its TLS handshakes and the person's proof of work do not
 * take the CPU from the visitors measured in the main process (the quiet run
 * has no such load beside it). Prints its report as one JSON line.
 */
async function loadProcess({ url, ca, rate, addresses, seconds, person }) {
  const bots = botWorker({ url, ca, rate, addresses, seconds });
  await stackLib.sleep((seconds * 1000) / 2);
  const leadStartedAt = Date.now();
  const lead = await stackLib.sendLead(url, { ca, localAddress: stackLib.crowdAddress(1, 7), lastName: person, deadlineMs: 60_000 });
  const botReport = await bots;
  process.stdout.write(`${JSON.stringify({ bots: botReport, lead: { id: lead.id, status: lead.status, failures: lead.failures.length, startedAt: leadStartedAt } })}\n`);
}

if (process.argv[2] === "--load") {
  await loadProcess(JSON.parse(process.argv[3]));
} else {
  await main();
}

/** Runs the load process under `nice -n 10`; resolves with its report. */
function startLoad(options) {
  return new Promise((resolve, reject) => {
    const child = spawn("nice", ["-n", "10", process.execPath, fileURLToPath(import.meta.url), "--load", JSON.stringify(options)], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    child.on("error", reject);
    child.on("exit", (code) => {
      const line = out.trim().split("\n").pop();
      if (code === 0 && line) resolve(JSON.parse(line));
      else reject(new Error(`the load process ended with ${code}: ${out}`));
    });
  });
}

function percentile(values, p) {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Visitors: `concurrency` of them read the pages in turn (brotli), each from its own address, until stop(); latencies in ms. */
function visitors(stack, concurrency = 4) {
  const latencies = [];
  const errors = [];
  let stopped = false;
  const loops = [];
  for (let v = 0; v < concurrency; v += 1) {
    loops.push(
      (async () => {
        for (let i = 0; !stopped; i += 1) {
          const pathname = PAGES[(i + v) % PAGES.length];
          const started = performance.now();
          try {
            const res = await stackLib.request(`${stack.url}${pathname}`, { ca: stack.certificate.pem, localAddress: stackLib.crowdAddress(v + 1, 6), headers: { "accept-encoding": "br" } });
            if (res.status !== 200) errors.push(`${pathname} ${res.status}`);
            else latencies.push(performance.now() - started);
          } catch (error) {
            errors.push(`${pathname} ${error.message}`);
          }
          await stackLib.sleep(50);
        }
      })(),
    );
  }
  return {
    latencies,
    errors,
    async stop() {
      stopped = true;
      await Promise.all(loops);
    },
  };
}

async function main() {
  const { values } = parseArgs({
    options: {
      "flood-s": { type: "string", default: "30" },
      "quiet-s": { type: "string", default: "15" },
      "bot-rate": { type: "string", default: "300" },
      "bot-addresses": { type: "string", default: "500" },
    },
  });
  const floodS = Number(values["flood-s"]);
  const quietS = Number(values["quiet-s"]);
  const botRate = Number(values["bot-rate"]);
  const botAddresses = Number(values["bot-addresses"]);

  const stack = await stackLib.startStack({ env: { OUTBOX_INTERVAL_MS: "200" } });
  const stop = async () => {
    await stack.stop();
  };
  process.on("SIGINT", () => stop().then(() => process.exit(130)));
  try {
    console.log(`bench:flood: the ${stack.product.kind === "release" ? `release (${stack.product.dir})` : "checkout's build (no release archive)"} behind nginx at ${stack.url}, 2 instances on PostgreSQL`);
    // Warm the pages once (file cache, TLS session).
    for (const pathname of PAGES) await stackLib.request(`${stack.url}${pathname}`, { ca: stack.certificate.pem });

    const quiet = visitors(stack);
    await stackLib.sleep(quietS * 1000);
    await quiet.stop();

    const flood = visitors(stack);
    // The person's lead is watched for in the inbox from here, while the flood goes on.
    const person = `Person-${Date.now()}`;
    const inInbox = stackLib
      .waitFor(() => stack.smtp.received.some((mail) => String(mail.raw).includes(person)), (floodS + 120) * 1000, "the person's lead in the inbox")
      .then(
        () => Date.now(),
        () => undefined,
      );
    const { bots: botReport, lead } = await startLoad({ url: stack.url, ca: stack.certificate.pem, rate: botRate, addresses: botAddresses, seconds: floodS, person });
    await flood.stop();
    const arrivedAt = lead.id ? await inInbox : undefined;
    const deliveredAfterMs = arrivedAt === undefined ? undefined : arrivedAt - lead.startedAt;

    const quietP99 = percentile(quiet.latencies, 99);
    const floodP99 = percentile(flood.latencies, 99);
    const ratio = floodP99 / quietP99;
    const pageOk = ratio <= GOAL_RATIO;
    const leadOk = deliveredAfterMs !== undefined;
    const f = (ms) => `${ms.toFixed(1)} ms`;
    console.log("");
    console.log(`Bots: ${botReport.sent} POSTs in ${botReport.seconds.toFixed(1)} s (${(botReport.sent / botReport.seconds).toFixed(0)}/s) from ${botAddresses} addresses; answers ${JSON.stringify(botReport.statuses)}`);
    console.log(`Visitors' pages, p99: quiet ${f(quietP99)} (${quiet.latencies.length} pages, p50 ${f(percentile(quiet.latencies, 50))}), flood ${f(floodP99)} (${flood.latencies.length} pages, p50 ${f(percentile(flood.latencies, 50))}); errors ${quiet.errors.length + flood.errors.length}`);
    console.log(`  p99 flood/quiet = ${ratio.toFixed(2)}x   goal <= ${GOAL_RATIO}x   ${pageOk ? "met" : "MISSED"}`);
    console.log(`  the person's lead: ${lead.status === 201 ? `201 after ${lead.failures} failed tries` : `not acknowledged (${lead.status})`}, ${leadOk ? `delivered ${(deliveredAfterMs / 1000).toFixed(1)} s after it was started` : "NOT delivered"}   goal: delivered   ${leadOk ? "met" : "MISSED"}`);
    if (quiet.errors.length + flood.errors.length) console.log(`  visitors' errors, first ones: ${[...quiet.errors, ...flood.errors].slice(0, 5).join("; ")}`);
    process.exitCode = pageOk && leadOk && quiet.errors.length + flood.errors.length === 0 ? 0 : 1;
  } finally {
    await stop();
  }
}
