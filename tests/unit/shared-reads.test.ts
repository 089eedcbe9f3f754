/**
 * The shared reads behind the health report and metrics
 * (server/store/shared-reads.ts), on a clock the test drives: callers at the
 * same moment share one read, an answer is given again until it is a second
 * old, a change made by this process makes the next caller read again (also
 * while a read is in flight), and a failed read is not kept.
 */
import { SharedReads } from "../../server/store/shared-reads";

function setUp() {
  let now = 0;
  let value = 0;
  const pending: { resolve: (v: number) => void; reject: (e: Error) => void }[] = [];
  const reads = new SharedReads<string, number>(
    () =>
      new Promise<number>((resolve, reject) => {
        pending.push({ resolve, reject });
      }),
    1_000,
    () => now,
  );
  const answerNext = async () => {
    await Promise.resolve();
    pending.shift()!.resolve(++value);
  };
  return { reads, pending, answerNext, advance: (ms: number) => (now += ms), fail: () => pending.shift()!.reject(new Error("gone")) };
}

test("callers at the same moment share one read; the answer is given again for a second", async () => {
  const { reads, answerNext, advance } = setUp();
  const together = Array.from({ length: 10 }, () => reads.get("email"));
  await answerNext();
  expect(await Promise.all(together)).toEqual(Array(10).fill(1));
  expect(reads.reads).toBe(1);
  advance(999);
  expect(await reads.get("email")).toBe(1);
  expect(reads.reads).toBe(1);
  advance(1);
  const later = reads.get("email");
  await answerNext();
  expect(await later).toBe(2);
  expect(reads.reads).toBe(2);
});

test("each key is read on its own", async () => {
  const { reads, answerNext } = setUp();
  const email = reads.get("email");
  const webhook = reads.get("webhook");
  await answerNext();
  await answerNext();
  expect([await email, await webhook]).toEqual([1, 2]);
  expect(reads.reads).toBe(2);
});

test("a change made by this process, even while a read is in flight, makes the next caller read again", async () => {
  const { reads, answerNext } = setUp();
  const before = reads.get("email");
  reads.changed();
  const after = reads.get("email");
  await answerNext();
  await answerNext();
  expect([await before, await after]).toEqual([1, 2]);
  expect(reads.reads).toBe(2);
});

test("a failed read is not kept: the next caller reads again", async () => {
  const { reads, fail, answerNext } = setUp();
  const failed = reads.get("email");
  await Promise.resolve();
  fail();
  await expect(failed).rejects.toThrow("gone");
  const again = reads.get("email");
  await answerNext();
  expect(await again).toBe(1);
  expect(reads.reads).toBe(2);
});
