/// <reference lib="webworker" />
/**
 * Forms kept on the device while offline (src/offline/outbox/), sent by the
 * worker when the network is back: on the Background Sync event where the
 * browser has it, when a page asks (it went online, it loaded, "Send now"),
 * and whenever the worker starts or activates (Safari has no Background Sync).
 * Each change of the outbox is told to every page (its indicator), and so is
 * a page's request while anything is kept.
 */
import { CHANGED_MESSAGE, OUTBOX_TAG, REPLAY_MESSAGE } from "../outbox/policy";
import { replayOutbox } from "../outbox/replay";
import { allItems } from "../outbox/store";

/** The Background Sync event (not in TypeScript's WebWorker library). */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance?: boolean;
}

export function installOutbox(scope: ServiceWorkerGlobalScope): void {
  const changed = async () => {
    for (const client of await scope.clients.matchAll({ type: "window", includeUncontrolled: true })) client.postMessage({ type: CHANGED_MESSAGE });
  };
  const replay = (networkBack: boolean) => replayOutbox(networkBack, changed).catch(() => undefined);

  scope.addEventListener("sync", (event) => {
    const sync = event as SyncEvent;
    if (sync.tag !== OUTBOX_TAG) return;
    sync.waitUntil(
      replay(true).then(async () => {
        // Still no network for some: fail the event, so the browser fires it again later.
        if (!sync.lastChance && (await allItems()).some((item) => item.state === "waiting" && item.last === "network")) throw new Error("outbox: no network yet");
      }),
    );
  });
  // A page asks (it loaded, went online, or "Send now"): it is told first whether anything is kept (its indicator), then what is due is sent.
  scope.addEventListener("message", (event) => {
    const data = event.data as { type?: unknown; networkBack?: unknown } | null;
    if (data?.type !== REPLAY_MESSAGE) return;
    event.waitUntil(
      allItems()
        .then((items) => (items.length > 0 ? changed() : undefined))
        .catch(() => undefined)
        .then(() => replay(data.networkBack === true)),
    );
  });
  // Not awaited by the activation: pages wait for an activating worker, and a replay may take seconds (its proof of work).
  scope.addEventListener("activate", () => void replay(true));
  void replay(false);
}
