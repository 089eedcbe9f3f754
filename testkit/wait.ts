/**
 * Waits until `check` gives a truthy value (it may be async), looking every
 * 20 ms, and resolves with that value; rejects after `timeoutMs`.
 */
export async function waitFor<T>(check: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs = 5_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
