/**
 * A process killed (SIGKILL) while it waits for the SMTP server's answer: the
 * notification it had claimed is sent by the next process soon after, within
 * the lease (4 × SMTP_TIMEOUT_MS), not after a fixed five minutes.
 */
import { cleanup, sleep, startServer, startSmtpPeer, type SmtpPeer } from "../../testkit/faults";

const INBOX = "careers@example.com";

describe("a crash in the middle of a send", () => {
  let peer: SmtpPeer;

  beforeAll(async () => {
    peer = await startSmtpPeer({ hang: () => true });
  });
  afterAll(async () => {
    await cleanup();
  });

  it("is followed by a delivery within the lease", async () => {
    const env = { SMTP_URL: peer.url, MAIL_TO_NEWS_LETTER: INBOX, OUTBOX_INTERVAL_MS: "100", SMTP_TIMEOUT_MS: "1000" };
    const first = await startServer({ env });
    const res = await fetch(`${first.url}/api/v1/contact/news-letter`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "crash@example.org", mailType: "newsletter" }),
    });
    expect(res.status).toBe(201);

    // The message is claimed and its DATA sent; the answer never comes. Then the process dies.
    const deadline = Date.now() + 10_000;
    while (peer.attemptsFor(INBOX) === 0 && Date.now() < deadline) await sleep(20);
    expect(peer.attemptsFor(INBOX)).toBe(1);
    await sleep(100);
    await first.kill("SIGKILL");
    const killedAt = Date.now();
    peer.behaviour.hang = undefined;

    const second = await startServer({ env, dataDir: first.dataDir });
    const health = (await (await fetch(`${second.url}/api/health`)).json()) as { outbox: { pending: number } };
    expect(health.outbox.pending).toBe(1);

    await peer.waitFor(1, 30_000);
    const waited = Date.now() - killedAt;
    // The lease is 4 s with SMTP_TIMEOUT_MS=1000 (renewed each second while the send lasted); a round every 0.1 s.
    expect(waited).toBeLessThan(10_000);
    expect(peer.received[0].envelopeTo).toEqual([INBOX]);
    await sleep(1_000);
    expect(peer.received).toHaveLength(1);
    await second.stop();
  });
});
