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

beforeEach(() => {
  storage.data.clear();
  storage.failWrites = false;
});

describe("the enquiry list", () => {
  it("adds, raises the quantity of the same product and model, updates, removes and clears", () => {
    expect(addItem({ product: "torque-pump", name: "Torque Pump" })).toBe(true);
    expect(addItem({ product: "low-profile-torque-wrench", name: "Low Profile Torque Wrench", model: "ALT06" })).toBe(true);
    expect(addItem({ product: "low-profile-torque-wrench", name: "Low Profile Torque Wrench", model: "ALT06" })).toBe(true);
    expect(addItem({ product: "low-profile-torque-wrench", name: "Low Profile Torque Wrench", model: "ALT10" })).toBe(true);
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
    expect(countItems()).toBe(2);
    clearItems();
    expect(readItems()).toEqual([]);
    expect(storage.getItem(STORAGE_KEY)).toBeNull();
  });

  it("holds at most 50 products", () => {
    for (let i = 0; i < MAX_ITEMS; i++) expect(addItem({ product: "torque-pump", name: "Torque Pump", model: `M${i}` })).toBe(true);
    expect(addItem({ product: "nut-splitter", name: "Nut Splitter" })).toBe(false);
    expect(countItems()).toBe(MAX_ITEMS);
    // Raising a listed item still works on a full list.
    expect(addItem({ product: "torque-pump", name: "Torque Pump", model: "M0" })).toBe(true);
  });

  it.each([
    ["not JSON", "{not json"],
    ["not a list", '{"product":"torque-pump"}'],
    ["a list of junk", '[1, "x", null, {"id": 3}]'],
  ])("reads corrupt storage (%s) as an empty list, and adds to it", (_name, raw) => {
    storage.data.set(STORAGE_KEY, raw);
    expect(readItems()).toEqual([]);
    expect(addItem({ product: "torque-pump", name: "Torque Pump" })).toBe(true);
    expect(countItems()).toBe(1);
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

  it("drops the items of products the catalogue no longer has: no longer counted, nor toward the 50", () => {
    const catalogue = new Set(["torque-pump", "nut-splitter"]);
    addItem({ product: "torque-pump", name: "Torque Pump" });
    addItem({ product: "retired-pump", name: "Retired Pump" });
    for (let i = 2; i < MAX_ITEMS; i++) addItem({ product: "nut-splitter", name: "Nut Splitter", model: `M${i}` });
    expect(countItems()).toBe(MAX_ITEMS);
    expect(addItem({ product: "torque-pump", name: "Torque Pump", model: "TP-2" })).toBe(false);

    const seen: number[] = [];
    const unsubscribe = subscribe((items) => seen.push(items.length));
    expect(dropUnlisted((product) => catalogue.has(product))).toBe(1);
    // The header (a subscriber) hears the new count; the stored list lost only that item, in order.
    expect(seen).toEqual([MAX_ITEMS - 1]);
    expect(readItems().map((item) => item.product)).not.toContain("retired-pump");
    expect(parseItems(storage.getItem(STORAGE_KEY))[0].product).toBe("torque-pump");
    expect(countItems()).toBe(MAX_ITEMS - 1);
    expect(addItem({ product: "torque-pump", name: "Torque Pump", model: "TP-2" })).toBe(true);
    // Nothing to drop: nothing written, nobody told.
    expect(dropUnlisted((product) => catalogue.has(product))).toBe(0);
    expect(seen).toEqual([MAX_ITEMS - 1, MAX_ITEMS]);
    unsubscribe();
  });

  it("tells subscribers of changes here and in other tabs (the storage event)", () => {
    const seen: number[] = [];
    const unsubscribe = subscribe((items) => seen.push(items.length));
    expect(storageListeners.size).toBe(1);
    addItem({ product: "torque-pump", name: "Torque Pump" });
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
    expect(addItem({ product: "torque-pump", name: "Torque Pump" })).toBe(true);
    expect(addItem({ product: "nut-splitter", name: "Nut Splitter" })).toBe(true);
    expect(readItems().map((item) => item.product)).toEqual(["torque-pump", "nut-splitter"]);
    expect(countItems()).toBe(2);
    storage.failWrites = false;
    addItem({ product: "flange-spreader", name: "Flange Spreader" });
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
