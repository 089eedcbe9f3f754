import type { SubmissionStore } from "./types";

/**
 * A secret the store keeps for every process on it (`serverSecret`), asked
 * for once and then remembered; a failed request (the store did not answer)
 * is forgotten, so the next call asks again.
 */
export function sharedSecret(store: SubmissionStore, name: string): () => Promise<string> {
  let value: Promise<string> | undefined;
  return () => {
    if (!value) {
      const asked = store.serverSecret(name);
      asked.catch(() => {
        if (value === asked) value = undefined;
      });
      value = asked;
    }
    return value;
  };
}
