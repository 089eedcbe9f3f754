/**
 * The visitor's enquiry list, kept in the browser (localStorage) across pages
 * and visits: add, update, remove, clear and subscribe. Corrupt or foreign
 * storage reads as an empty list (each item is checked), a browser without
 * storage (private mode, blocked) keeps the list for the page's life, and a
 * change made in another tab reaches the subscribers through the `storage`
 * event. Small on purpose: the header's counter imports it on every page.
 */

export const STORAGE_KEY = "enquiry-list";
/**
 * The contract's bounds (QuoteRequest.items, QuoteItem.quantity, note and
 * model), copied here rather than imported with the contract's rules: this
 * module is in every page's bundle (the header's counter).
 * tests/unit/enquiry-store.test.ts checks they equal openapi.yaml's.
 */
export const MAX_ITEMS = 50;
export const MAX_QUANTITY = 10000;
export const MAX_NOTE = 1000;
export const MAX_MODEL = 100;

export interface EnquiryItem {
  /** Unique within the list. */
  id: string;
  /** The product's slug (its page is /<slug>). */
  product: string;
  /** The product's name when it was added (shown until the page's data names it). */
  name: string;
  model?: string;
  quantity: number;
  note?: string;
}

type Listener = (items: EnquiryItem[]) => void;

const listeners = new Set<Listener>();
let memory: EnquiryItem[] = [];
/** Storage refused the last write: the list in memory is newer than the stored one. */
let unsaved = false;

function storage(): Storage | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

function clampQuantity(value: unknown): number {
  const n = typeof value === "number" ? value : Number(value);
  if (!Number.isFinite(n)) return 1;
  return Math.min(MAX_QUANTITY, Math.max(1, Math.floor(n)));
}

function text(value: unknown, max: number): string | undefined {
  return typeof value === "string" && value !== "" ? value.slice(0, max) : undefined;
}

/** One stored item, checked; undefined when it is not an item. */
function itemOf(value: unknown): EnquiryItem | undefined {
  if (typeof value !== "object" || value === null) return undefined;
  const v = value as Record<string, unknown>;
  if (typeof v.id !== "string" || typeof v.product !== "string" || !/^[a-z0-9-]{1,100}$/.test(v.product)) return undefined;
  const item: EnquiryItem = {
    id: v.id,
    product: v.product,
    name: typeof v.name === "string" && v.name !== "" ? v.name.slice(0, 200) : v.product,
    quantity: clampQuantity(v.quantity),
  };
  const model = text(v.model, MAX_MODEL);
  const note = text(v.note, MAX_NOTE);
  if (model !== undefined) item.model = model;
  if (note !== undefined) item.note = note;
  return item;
}

/** The list held in `raw` (the stored JSON text); anything unreadable is dropped. */
export function parseItems(raw: string | null): EnquiryItem[] {
  if (raw === null) return [];
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(data)) return [];
  const seen = new Set<string>();
  const items: EnquiryItem[] = [];
  for (const value of data) {
    const item = itemOf(value);
    if (!item || seen.has(item.id)) continue;
    seen.add(item.id);
    items.push(item);
    if (items.length === MAX_ITEMS) break;
  }
  return items;
}

/** The list as it is now. */
export function readItems(): EnquiryItem[] {
  const store = storage();
  if (!store || unsaved) return memory;
  try {
    return parseItems(store.getItem(STORAGE_KEY));
  } catch {
    return memory;
  }
}

/** How many products the list holds that the catalogue lists (the others are not shown). */
export function countItems(isListed: (product: string) => boolean): number {
  return readItems().filter((item) => isListed(item.product)).length;
}

function write(items: EnquiryItem[]): EnquiryItem[] {
  memory = items;
  const store = storage();
  try {
    if (items.length === 0) store?.removeItem(STORAGE_KEY);
    else store?.setItem(STORAGE_KEY, JSON.stringify(items));
    unsaved = false;
  } catch {
    // Storage full or blocked: the list lives in memory for this page (and is saved by the next write that storage takes).
    unsaved = true;
  }
  for (const listener of listeners) listener(items);
  return items;
}

function newId(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

interface NewItem {
  product: string;
  name: string;
  model?: string;
  quantity?: number;
}

/**
 * Adds a product (with its model, if chosen). The same product and model
 * already listed gets its quantity raised instead. Returns false when the
 * list holds MAX_ITEMS products the catalogue lists. Items of products it
 * does not list are not shown and do not count: a full list drops them to
 * make room (only then: a tab of another build may know them).
 */
export function addItem({ product, name, model, quantity = 1 }: NewItem, isListed: (product: string) => boolean): boolean {
  let items = readItems();
  const wanted = model || undefined;
  const same = items.find((item) => item.product === product && item.model === wanted);
  if (same) {
    write(items.map((item) => (item === same ? { ...item, quantity: clampQuantity(item.quantity + quantity) } : item)));
    return true;
  }
  if (items.length >= MAX_ITEMS) items = items.filter((item) => isListed(item.product));
  if (items.length >= MAX_ITEMS) return false;
  const item = itemOf({ id: newId(), product, name, model: wanted, quantity });
  if (!item) return false;
  write([...items, item]);
  return true;
}

/**
 * Drops the items whose product is no longer in the catalogue (a later build
 * removed it): they cannot be sent and the list hides them. The catalogue is
 * not in this module (it is in every page's bundle): the enquiry page passes
 * it here. Writes only when something is dropped; returns how many.
 */
export function dropUnlisted(isListed: (product: string) => boolean): number {
  const items = readItems();
  const kept = items.filter((item) => isListed(item.product));
  if (kept.length !== items.length) write(kept);
  return items.length - kept.length;
}

/** Changes an item's model, quantity or note (an empty model or note removes it). */
export function updateItem(id: string, patch: Partial<Pick<EnquiryItem, "model" | "quantity" | "note">>): void {
  write(
    readItems().map((item) => {
      if (item.id !== id) return item;
      const next = itemOf({ ...item, ...patch });
      return next ?? item;
    }),
  );
}

export function removeItem(id: string): void {
  write(readItems().filter((item) => item.id !== id));
}

export function clearItems(): void {
  write([]);
}

function onStorage(event: StorageEvent): void {
  if (event.key !== STORAGE_KEY && event.key !== null) return;
  const items = readItems();
  for (const listener of listeners) listener(items);
}

/** Calls `listener` with the list after each change, in this tab or another. Returns the unsubscribe. */
export function subscribe(listener: Listener): () => void {
  if (listeners.size === 0 && typeof window !== "undefined") window.addEventListener("storage", onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && typeof window !== "undefined") window.removeEventListener("storage", onStorage);
  };
}
