/**
 * The SHA-256 key derivation of the proof of work in browsers and every other
 * runtime without node:crypto: Web Crypto (`crypto.subtle`). Picked by
 * package.json's `imports` ("#derive-key", conditions "browser" and "default"),
 * so a bundler never meets node:crypto.
 */
export { deriveKey } from "altcha-lib/algorithms/web/sha";
