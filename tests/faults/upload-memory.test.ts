/**
 * Uploads against the real server process: 60 careers applications of two
 * 9.9 MB files each sent at once. Buffered in memory they took the server past
 * 1.2 GB; streamed to disk and bounded (MAX_UPLOADS_IN_FLIGHT) its peak
 * resident memory stays far below, every upload gets 201 or 503 with
 * Retry-After (never another 5xx, never a reset), the accepted files are stored
 * exactly as sent, and no temporary file is left behind.
 */
import fs from "fs";
import path from "path";
import { cleanup, makeDoc, makePdf, startServer, waitUntil, type ServerProcess } from "../../testkit/faults";

afterAll(() => cleanup());

const FILE_BYTES = Math.floor(9.9 * 1024 * 1024);
const UPLOADS = 60;
const PEAK_RSS_BOUND_KB = 250 * 1024;

interface Answer {
  status: number;
  retryAfter: string | null;
  message?: string;
  error?: string;
}

describe("concurrent large uploads", () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServer({ env: { MAX_UPLOAD_MB: "10" } });
  });

  it(`keeps the server's peak memory under ${PEAK_RSS_BOUND_KB / 1024} MB for ${UPLOADS} concurrent 2 x 9.9 MB uploads`, async () => {
    // One copy of each file, shared by every request (a Blob is immutable; fetch streams it).
    const resume = makePdf(FILE_BYTES);
    const coverLetter = makeDoc(FILE_BYTES);
    const resumeBlob = new Blob([Uint8Array.from(resume)]);
    const coverBlob = new Blob([Uint8Array.from(coverLetter)]);
    const baseline = server.rssKb();

    const send = async (i: number): Promise<Answer> => {
      const body = new FormData();
      const fields: Record<string, string> = {
        firstName: "Katherine",
        lastName: `Upload${String.fromCharCode(65 + (i % 26))}`,
        email: `lead${i}@example.org`,
        phoneNumber: "+971 50 123 4567",
        nationality: "American",
        countryName: "United Arab Emirates",
        jobRole: "Service Engineer",
        mailType: "career",
      };
      for (const [key, value] of Object.entries(fields)) body.append(key, value);
      body.append("resume", resumeBlob, `cv-${i}.pdf`);
      body.append("coverLetter", coverBlob, `letter-${i}.doc`);
      try {
        const res = await fetch(`${server.url}/api/v1/contact/careers`, { method: "POST", body, signal: AbortSignal.timeout(120_000) });
        const text = await res.text();
        return { status: res.status, retryAfter: res.headers.get("retry-after"), message: (JSON.parse(text) as { message?: string }).message };
      } catch (err) {
        return { status: 0, retryAfter: null, error: String((err as Error).cause ?? err) };
      }
    };

    const answers = await Promise.all(Array.from({ length: UPLOADS }, (_, i) => send(i)));
    const peakKb = server.peakRssKb();
    const byStatus = answers.reduce<Record<number, number>>((counts, a) => ({ ...counts, [a.status]: (counts[a.status] ?? 0) + 1 }), {});

    // Every upload answered: 201, or 503 (busy) with Retry-After; no reset, no other 5xx.
    expect(answers.filter((a) => a.status !== 201 && a.status !== 503)).toEqual([]);
    for (const busy of answers.filter((a) => a.status === 503)) {
      expect(Number(busy.retryAfter)).toBeGreaterThan(0);
      expect(busy.message).toMatch(/try again/i);
    }
    expect(byStatus[201]).toBeGreaterThan(0);
    expect(peakKb).toBeLessThan(PEAK_RSS_BOUND_KB);
    console.log(`${UPLOADS} uploads: ${JSON.stringify(byStatus)}; server RSS ${Math.round(baseline / 1024)} MB before, peak ${Math.round(peakKb / 1024)} MB`);

    // The accepted files are stored exactly as sent; nothing is left in tmp/.
    const uploads = path.join(server.dataDir, "uploads");
    const stored = fs.readdirSync(uploads);
    expect(stored).toHaveLength(byStatus[201] * 2);
    for (const name of stored.slice(0, 4)) {
      const content = fs.readFileSync(path.join(uploads, name));
      expect(content.equals(name.endsWith(".pdf") ? resume : coverLetter)).toBe(true);
    }
    const tmp = path.join(server.dataDir, "tmp");
    expect(await waitUntil(() => !fs.existsSync(tmp) || fs.readdirSync(tmp).length === 0, 10_000)).toBe(true);
  });
});
