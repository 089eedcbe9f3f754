/**
 * The spam quarantine's upkeep (server/spam/upkeep.ts) on both stores, at
 * times the test gives it: quarantined submissions past SPAM_RETENTION_DAYS
 * are deleted (released ones and leads are not), expired challenges are
 * forgotten, and the daily digest reaches a real SMTP peer once a day, from
 * SPAM_DIGEST_HOUR_UTC on, only on days something was held. Privacy deletion
 * takes quarantined submissions like any other.
 */
import request from "supertest";
import { deletePersonData } from "../../../server/store/privacy";
import { spamUpkeep } from "../../../server/spam/upkeep";
import { API, contractExample, expectAccepted, setUpContractApp, type TestApp } from "../../../testkit/contract-app";
import { cleanup, startSmtpPeer, type SmtpPeer } from "../../../testkit/faults";
import { PROOF_HEADER, solveProof } from "../../../testkit/spam";

const DAY = 86_400_000;

async function send(test: TestApp, email: string, proof = false): Promise<string> {
  let req = request(test.app).post(`${API}/contact_us`);
  if (proof) req = req.set(PROOF_HEADER, await solveProof((await request(test.app).get(`${API}/challenge`)).body));
  return expectAccepted(await req.send({ ...contractExample("contact_us"), email }));
}

async function quarantinedIds(test: TestApp): Promise<string[]> {
  return (await test.app.store.listQuarantined(100)).submissions.map((s) => s.id).sort();
}

let peer: SmtpPeer;
beforeAll(async () => {
  peer = await startSmtpPeer();
});
afterAll(() => cleanup());

describe("spam upkeep", () => {
  const test = setUpContractApp({}, { SPAM_CHECKS: "on", SPAM_MIN_FILL_MS: "0", SPAM_RETENTION_DAYS: "30" });

  it("deletes quarantined submissions past SPAM_RETENTION_DAYS, not the released ones nor the leads", async () => {
    const old = await send(test, "old-spam@example.org");
    const released = await send(test, "released@example.org");
    const lead = await send(test, "lead@example.org", true);
    const recent = await send(test, "recent-spam@example.org");
    expect(await test.app.store.releaseSubmission(released, new Date())).toBe("released");
    for (const id of [old, released, lead]) await test.backdate(id, new Date(Date.now() - 31 * DAY));
    await test.backdate(recent, new Date(Date.now() - 29 * DAY));

    const report = await spamUpkeep({ ...test.config, spamDigestTo: undefined }, test.app.store);
    expect(report.purged).toBe(1);
    expect(await test.stored(old)).toBeUndefined();
    for (const id of [released, lead, recent]) expect(await test.stored(id)).toBeDefined();
    expect(await quarantinedIds(test)).toEqual([recent]);
  });

  it("forgets used challenges once they expired, and not before", async () => {
    await send(test, "lead2@example.org", true);
    const lifetime = test.config.spamChallengeLifetimeMs;
    expect((await spamUpkeep(test.config, test.app.store, new Date(Date.now() + lifetime - 60_000))).prunedChallenges).toBe(0);
    expect((await spamUpkeep(test.config, test.app.store, new Date(Date.now() + lifetime + 60_000))).prunedChallenges).toBeGreaterThanOrEqual(1);
  });

  it("a quarantined submission is deleted with a person's data on request", async () => {
    const id = await send(test, "Someone.Held@example.org");
    const { removed } = await deletePersonData(test.dataDir, test.app.store, "someone.held@example.org");
    expect(removed.map((r) => r.id)).toEqual([id]);
    expect(await quarantinedIds(test)).not.toContain(id);
  });
});

describe("the daily digest", () => {
  const test = setUpContractApp({}, { SPAM_CHECKS: "on", SPAM_DIGEST_HOUR_UTC: "7" });

  it("is sent once a day from the set hour, by whichever process takes the day, only when something was held", async () => {
    const config = { ...test.config, smtpUrl: peer.url, spamDigestTo: "spam-review@example.com" };
    const day = new Date();
    const at = (hour: number, plusDays = 0) => new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate() + plusDays, hour, 30));
    // Nothing held in the 24 hours before tomorrow 08:30 (the submission below is backdated two days): no digest.
    const before = peer.received.length;
    const held = await send(test, "held@example.org");
    await test.backdate(held, new Date(at(8, 1).getTime() - 2 * DAY));
    expect((await spamUpkeep(config, test.app.store, at(8, 1))).digestSent).toBeUndefined();

    const fresh = await send(test, "fresh-held@example.org");
    await test.backdate(fresh, new Date(at(8, 2).getTime() - 3_600_000));
    expect((await spamUpkeep(config, test.app.store, at(6, 2))).digestSent).toBeUndefined();
    const [first, second] = await Promise.all([spamUpkeep(config, test.app.store, at(8, 2)), spamUpkeep(config, test.app.store, at(9, 2))]);
    expect([first.digestSent, second.digestSent].filter(Boolean)).toEqual([at(8, 2).toISOString().slice(0, 10)]);
    await peer.waitFor(before + 1);
    expect(peer.received.length).toBe(before + 1);
    const mail = peer.received.at(-1)!;
    expect(mail.envelopeTo).toEqual(["spam-review@example.com"]);
    expect(mail.subject).toBe("Spam quarantine: 1 submission(s) held in the last 24 hours");
    expect(mail.raw).toContain(fresh);
    expect(mail.raw).toContain("npm run leads:release -- <id>");
    expect(mail.raw).not.toContain(held);
  });
});
