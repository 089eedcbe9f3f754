/**
 * A process killed (SIGKILL) while it waits for the SMTP server's answer: the
 * notification it had claimed is sent by the next process soon after, within
 * the lease (4 × SMTP_TIMEOUT_MS), not after a fixed five minutes.
 */
import { cleanup, startServer, startSmtpPeer, waitUntil, type SmtpPeer } from "../../testkit/faults";

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
    expect(await waitUntil(() => peer.attemptsFor(INBOX) > 0, 10_000)).toBe(true);
    expect(peer.attemptsFor(INBOX)).toBe(1);
    await first.kill("SIGKILL");
    peer.behaviour.hang = undefined;

    const second = await startServer({ env, dataDir: first.dataDir });
    const outbox = async () => ((await (await fetch(`${second.url}/api/health`)).json()) as { outbox: { pending: number; failed: number } }).outbox;
    expect((await outbox()).pending).toBe(1);

    // The lease is 4 s with SMTP_TIMEOUT_MS=1000 (renewed each second while the send lasted); a round every 0.1 s.
    // A lease far longer (or none ending) would make the peer wait past its 30 s.
    await peer.waitFor(1, 30_000);
    expect(peer.received[0].envelopeTo).toEqual([INBOX]);
    // Recorded as sent, so never sent again: the count is final once the process has stopped.
    expect(await waitUntil(async () => (await outbox()).pending === 0, 10_000)).toBe(true);
    expect(await outbox()).toMatchObject({ pending: 0, failed: 0 });
    await second.stop();
    expect(peer.received).toHaveLength(1);
  });
});
