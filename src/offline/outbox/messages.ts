/**
 * The messages between the pages and the service worker about the outbox,
 * apart from policy.ts so that start.ts (on every page) brings nothing else.
 */
export const REPLAY_MESSAGE = "site-outbox:replay";
export const CHANGED_MESSAGE = "site-outbox:changed";
