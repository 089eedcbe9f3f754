import { useSyncExternalStore } from "react";
import { UNIT_STORAGE_KEY, unitPreference } from "../../utils/unit-preference";
import type { UnitSystem } from "../../utils/units";

/** Listens to the store, and to choices made in another tab of the site. */
function subscribe(listener: () => void): () => void {
  const stop = unitPreference.subscribe(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === UNIT_STORAGE_KEY) unitPreference.syncFromStorage();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    stop();
    window.removeEventListener("storage", onStorage);
  };
}

/**
 * The visitor's unit system. The server, and the first (hydrating) render in
 * the browser, use metric; the stored choice applies right after hydration.
 */
export function useUnitSystem(): UnitSystem {
  return useSyncExternalStore(subscribe, unitPreference.getSnapshot, unitPreference.getServerSnapshot);
}

export function setUnitSystem(system: UnitSystem): void {
  unitPreference.set(system);
}
