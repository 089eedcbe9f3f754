/**
 * The SHA-256 key derivation of the proof of work in Node.js (and Deno and
 * Bun): node:crypto's synchronous hash, some 25 times faster than Web Crypto
 * there (a challenge of 100,000 tries: about 0.25 s instead of 7 s). Picked by
 * package.json's `imports` ("#derive-key", condition "node").
 */
export { deriveKey } from "altcha-lib/algorithms/sha";
