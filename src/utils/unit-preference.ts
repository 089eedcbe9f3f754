/**
 * The visitor's choice of unit system for the specification tables, kept in
 * localStorage so it applies on every product page. A tiny external store
 * for React's useSyncExternalStore: the server snapshot is always metric, so
 * the static HTML is metric and hydration matches; the stored choice is read
 * on the client only, after hydration.
 */
import { DEFAULT_UNIT_SYSTEM, UNIT_SYSTEMS, isMeasure, isNeutral, type Cell, type UnitSystem } from "./units";

/** localStorage key of the choice. */
export const UNIT_STORAGE_KEY = "unit-system";

/** The part of the Web Storage API the store uses (localStorage, or a fake in tests). */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** A stored value read back as a unit system; anything unknown is the default (metric). */
export function parseUnitSystem(value: string | null | undefined): UnitSystem {
  return UNIT_SYSTEMS.find((s) => s === value) ?? DEFAULT_UNIT_SYSTEM;
}

export interface UnitPreferenceStore {
  /** The current choice on the client (reads storage once, then keeps it in memory). */
  getSnapshot(): UnitSystem;
  /** The choice the server renders: always the default, so the static HTML is metric. */
  getServerSnapshot(): UnitSystem;
  /** Records a choice, stores it and tells every subscriber. */
  set(system: UnitSystem): void;
  /** Listens for changes; returns the function that stops listening. */
  subscribe(listener: () => void): () => void;
  /** Another tab stored a choice: take it over (wired to the window's "storage" event). */
  syncFromStorage(): void;
}

/**
 * A store over `getStorage()`: null (server, or storage blocked) means the
 * choice lives in memory for this page only. Storage errors (quota, privacy
 * mode) never break the page.
 */
export function createUnitPreferenceStore(getStorage: () => StorageLike | null): UnitPreferenceStore {
  let current: UnitSystem | null = null;
  const listeners = new Set<() => void>();

  const read = (): UnitSystem => {
    try {
      return parseUnitSystem(getStorage()?.getItem(UNIT_STORAGE_KEY));
    } catch {
      return DEFAULT_UNIT_SYSTEM;
    }
  };
  const notify = () => {
    for (const listener of [...listeners]) listener();
  };

  return {
    getSnapshot() {
      if (current === null) current = read();
      return current;
    },
    getServerSnapshot() {
      return DEFAULT_UNIT_SYSTEM;
    },
    set(system) {
      const next = parseUnitSystem(system);
      try {
        getStorage()?.setItem(UNIT_STORAGE_KEY, next);
      } catch {
        /* storage unavailable: keep the choice for this page */
      }
      if (next === current) return;
      current = next;
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    syncFromStorage() {
      const next = read();
      if (next === current) return;
      current = next;
      notify();
    },
  };
}

function browserStorage(): StorageLike | null {
  if (typeof window === "undefined") return null;
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The site's one store, shared by every product page. */
export const unitPreference: UnitPreferenceStore = createUnitPreferenceStore(browserStorage);

/** True when a cell of a column carries a figure the toggle converts. */
function cellConverts(cell: Cell, columnUnit: string | null | undefined): boolean {
  if (isMeasure(cell)) return !isNeutral(cell.u);
  if (typeof cell === "number" || Array.isArray(cell)) return !!columnUnit && !isNeutral(columnUnit);
  return false;
}

/** The parts of a specification table the check reads. */
export interface TableLike {
  columns: readonly { unit?: string | null }[];
  rows: unknown;
}

/**
 * True when the tables (and measures such as consumable tools' lengths) hold
 * at least one figure the metric / imperial toggle changes: only then does
 * the page show the toggle.
 */
export function hasConvertibleFigures(tables: readonly TableLike[], measures: readonly unknown[] = []): boolean {
  for (const table of tables) {
    if (!Array.isArray(table.rows)) continue;
    for (const row of table.rows as unknown[]) {
      if (!Array.isArray(row)) continue;
      if (row.some((cell, i) => cellConverts(cell as Cell, table.columns[i]?.unit))) return true;
    }
  }
  return measures.some((m) => cellConverts(m as Cell, null));
}
