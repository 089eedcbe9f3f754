/**
 * src/enquiry/store.ts: the enquiry list in localStorage. Runs in Node with a
 * real-behaving Storage of its own and the window's `storage` event.
 */
type StorageListener = (event: { key: string | null }) => void;

class MemoryStorage {
  data = new Map<string, string>();
  failWrites = false;
  getItem(key: string): string | null {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    if (this.failWrites) throw new Error("QuotaExceededError");
    this.data.set(key, String(value));
  }
  removeItem(key: string): void {
    this.data.delete(key);
  }
}

const storage = new MemoryStorage();
const storageListeners = new Set<StorageListener>();
(globalThis as unknown as { window: unknown }).window = {
  localStorage: storage,
  addEventListener: (type: string, listener: StorageListener) => type === "storage" && storageListeners.add(listener),
  removeEventListener: (type: string, listener: StorageListener) => type === "storage" && storageListeners.delete(listener),
};

import { addItem, clearItems, countItems, dropUnlisted, MAX_ITEMS, MAX_MODEL, MAX_NOTE, MAX_QUANTITY, parseItems, readItems, removeItem, STORAGE_KEY, subscribe, updateItem } from "../../src/enquiry/store";
import contractRules from "../../src/contract/form-rules/requestQuotation.json";

/** The catalogue of these tests (the site's comes from the build: src/enquiry/useIsListed.ts). */
const CATALOGUE = new Set(["torque-pump", "low-profile-torque-wrench", "nut-splitter", "flange-spreader"]);
const isListed = (product: string) => CATALOGUE.has(product);

beforeEach(() => {
  storage.data.clear();
  storage.failWrites = false;
});

describe("the enquiry list", () => {
  it("adds, raises the quantity of the same product and model, updates, removes and clears", () => {
    expect(addItem({ product: "torque-pump", name: "Torque Pump" }, isListed)).toBe(true);
    expect(addItem({ product: "low-profile-torque-wrench", name: "Low Profile Torque Wrench", model: "ALT06" }, isListed)).toBe(true);
    expect(addItem({ product: "low-profile-torque-wrench", name: "Low Profile Torque Wrench", model: "ALT06" }, isListed)).toBe(true);
    expect(addItem({ product: "low-profile-torque-wrench", name: "Low Profile Torque Wrench", model: "ALT10" }, isListed)).toBe(true);
    const items = readItems();
    expect(items.map((i) => [i.product, i.model, i.quantity])).toEqual([
      ["torque-pump", undefined, 1],
      ["low-profile-torque-wrench", "ALT06", 2],
      ["low-profile-torque-wrench", "ALT10", 1],
    ]);
    expect(JSON.parse(storage.getItem(STORAGE_KEY)!)).toHaveLength(3);

    updateItem(items[0].id, { quantity: 7, note: "230 V" });
    updateItem(items[1].id, { model: "" });
    expect(readItems()[0]).toMatchObject({ quantity: 7, note: "230 V" });
    expect(readItems()[1].model).toBeUndefined();
    updateItem(items[0].id, { quantity: 0 });
    expect(readItems()[0].quantity).toBe(1);
    updateItem(items[0].id, { quantity: 123456 });
    expect(readItems()[0].quantity).toBe(10000);

    removeItem(items[2].id);
    expect(countItems(isListed)).toBe(2);
    clearItems();
    expect(readItems()).toEqual([]);
    expect(storage.getItem(STORAGE_KEY)).toBeNull();
  });

  it("holds at most 50 products", () => {
    for (let i = 0; i < MAX_ITEMS; i++) expect(addItem({ product: "torque-pump", name: "Torque Pump", model: `M${i}` }, isListed)).toBe(true);
    expect(addItem({ product: "nut-splitter", name: "Nut Splitter" }, isListed)).toBe(false);
    expect(countItems(isListed)).toBe(MAX_ITEMS);
    // Raising a listed item still works on a full list.
    expect(addItem({ product: "torque-pump", name: "Torque Pump", model: "M0" }, isListed)).toBe(true);
  });

  it.each([
    ["not JSON", "{not json"],
    ["not a list", '{"product":"torque-pump"}'],
    ["a list of junk", '[1, "x", null, {"id": 3}]'],
  ])("reads corrupt storage (%s) as an empty list, and adds to it", (_name, raw) => {
    storage.data.set(STORAGE_KEY, raw);
    expect(readItems()).toEqual([]);
    expect(addItem({ product: "torque-pump", name: "Torque Pump" }, isListed)).toBe(true);
    expect(countItems(isListed)).toBe(1);
  });

  it("keeps the readable items of a damaged list and repairs their values", () => {
    const items = parseItems(
      JSON.stringify([
        { id: "a", product: "torque-pump", name: "Torque Pump", quantity: "3" },
        { id: "b", product: "../etc/passwd", name: "x", quantity: 1 },
        { id: "a", product: "nut-splitter", name: "Nut Splitter", quantity: 1 },
        { id: "c", product: "nut-splitter", quantity: -4, model: 12, note: "x".repeat(2000) },
      ]),
    );
    expect(items).toEqual([
      { id: "a", product: "torque-pump", name: "Torque Pump", quantity: 3 },
      { id: "c", product: "nut-splitter", name: "nut-splitter", quantity: 1, note: "x".repeat(1000) },
    ]);
  });

  it("counts only the items of products the catalogue lists, in the header's count and toward the 50", () => {
    const stale = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `stale-${i}`, product: `retired-pump-${i}`, name: "Retired Pump", quantity: 1 }));
    // A list of products a later build removed: none is counted, and a product can be added.
    storage.data.set(STORAGE_KEY, JSON.stringify(stale(MAX_ITEMS)));
    expect(countItems(isListed)).toBe(0);
    expect(addItem({ product: "torque-pump", name: "Torque Pump" }, isListed)).toBe(true);
    // The full list made room by dropping what the catalogue does not list.
    expect(readItems().map((item) => item.product)).toEqual(["torque-pump"]);
    expect(countItems(isListed)).toBe(1);

    // A list that is not full keeps them (a tab of another build may list them).
    storage.data.set(STORAGE_KEY, JSON.stringify(stale(1)));
    expect(addItem({ product: "torque-pump", name: "Torque Pump" }, isListed)).toBe(true);
    expect(readItems().map((item) => item.product)).toEqual(["retired-pump-0", "torque-pump"]);
    expect(countItems(isListed)).toBe(1);

    // 49 products of the catalogue and one it does not list: one more fits, then the list is full.
    for (let i = 1; i < MAX_ITEMS - 1; i++) expect(addItem({ product: "nut-splitter", name: "Nut Splitter", model: `M${i}` }, isListed)).toBe(true);
    expect(readItems()).toHaveLength(MAX_ITEMS);
    expect(countItems(isListed)).toBe(MAX_ITEMS - 1);
    expect(addItem({ product: "flange-spreader", name: "Flange Spreader" }, isListed)).toBe(true);
    expect(countItems(isListed)).toBe(MAX_ITEMS);
    expect(readItems().map((item) => item.product)).not.toContain("retired-pump-0");
    expect(addItem({ product: "torque-pump", name: "Torque Pump", model: "TP-2" }, isListed)).toBe(false);
  });

  it("drops the items of products the catalogue no longer has when asked (the enquiry page), telling subscribers", () => {
    addItem({ product: "torque-pump", name: "Torque Pump" }, isListed);
    addItem({ product: "retired-pump", name: "Retired Pump" }, () => true);
    addItem({ product: "nut-splitter", name: "Nut Splitter" }, isListed);

    const seen: number[] = [];
    const unsubscribe = subscribe((items) => seen.push(items.length));
    expect(dropUnlisted(isListed)).toBe(1);
    // The header (a subscriber) hears of the change; the stored list lost only that item, in order.
    expect(seen).toEqual([2]);
    expect(parseItems(storage.getItem(STORAGE_KEY)).map((item) => item.product)).toEqual(["torque-pump", "nut-splitter"]);
    // Nothing to drop: nothing written, nobody told.
    expect(dropUnlisted(isListed)).toBe(0);
    expect(seen).toEqual([2]);
    unsubscribe();
  });

  it("tells subscribers of changes here and in other tabs (the storage event)", () => {
    const seen: number[] = [];
    const unsubscribe = subscribe((items) => seen.push(items.length));
    expect(storageListeners.size).toBe(1);
    addItem({ product: "torque-pump", name: "Torque Pump" }, isListed);
    // Another tab writes the list.
    storage.data.set(STORAGE_KEY, JSON.stringify([{ id: "x", product: "nut-splitter", name: "Nut Splitter", quantity: 1 }, { id: "y", product: "torque-pump", name: "Torque Pump", quantity: 2 }]));
    for (const listener of storageListeners) listener({ key: STORAGE_KEY });
    for (const listener of storageListeners) listener({ key: "something-else" });
    expect(seen).toEqual([1, 2]);
    unsubscribe();
    expect(storageListeners.size).toBe(0);
  });

  it("keeps the list for the page when storage refuses writes, and saves it once storage takes it again", () => {
    storage.failWrites = true;
    expect(addItem({ product: "torque-pump", name: "Torque Pump" }, isListed)).toBe(true);
    expect(addItem({ product: "nut-splitter", name: "Nut Splitter" }, isListed)).toBe(true);
    expect(readItems().map((item) => item.product)).toEqual(["torque-pump", "nut-splitter"]);
    expect(countItems(isListed)).toBe(2);
    storage.failWrites = false;
    addItem({ product: "flange-spreader", name: "Flange Spreader" }, isListed);
    expect(parseItems(storage.data.get(STORAGE_KEY) ?? null).map((item) => item.product)).toEqual(["torque-pump", "nut-splitter", "flange-spreader"]);
  });
});

describe("the store's bounds", () => {
  it("are the contract's (openapi.yaml, through the generated form rules)", () => {
    const items = contractRules.schema.properties.items;
    const item = items.items.properties;
    expect({ MAX_ITEMS, MAX_QUANTITY, MAX_NOTE, MAX_MODEL }).toEqual({
      MAX_ITEMS: items.maxItems,
      MAX_QUANTITY: item.quantity.maximum,
      MAX_NOTE: item.note.maxLength,
      MAX_MODEL: item.model.maxLength,
    });
  });
});
