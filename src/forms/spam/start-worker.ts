/**
 * Starts the worker that solves a challenge (solve.worker.ts). webpack 5
 * builds `new Worker(new URL("./x.worker.ts", import.meta.url))` into a
 * chunk of its own, a file of the site served from 'self' (the pages'
 * Content-Security-Policy allows workers from the site's origin only, and no
 * blob:). Kept apart from proof-of-work.ts, which the tests load in Node.
 */
export function startSolver(): Worker {
  return new Worker(/* webpackChunkName: "spam-proof-worker" */ new URL("./solve.worker.ts", import.meta.url), { name: "spam-proof" });
}
