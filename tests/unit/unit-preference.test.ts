import {
  UNIT_STORAGE_KEY,
  createUnitPreferenceStore,
  hasConvertibleFigures,
  parseUnitSystem,
  type StorageLike,
} from "../../src/utils/unit-preference";

class FakeStorage implements StorageLike {
  data = new Map<string, string>();
  reads = 0;
  getItem(key: string): string | null {
    this.reads++;
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.data.set(key, value);
  }
}

class BrokenStorage implements StorageLike {
  getItem(): string | null {
    throw new Error("SecurityError");
  }
  setItem(): void {
    throw new Error("QuotaExceededError");
  }
}

describe("parseUnitSystem", () => {
  it.each([
    ["metric", "metric"],
    ["imperial", "imperial"],
    [null, "metric"],
    [undefined, "metric"],
    ["", "metric"],
    ["IMPERIAL", "metric"],
    ["furlongs", "metric"],
  ])("%p -> %p", (stored, expected) => {
    expect(parseUnitSystem(stored)).toBe(expected);
  });
});

describe("unit preference store", () => {
  it("is metric on the server, whatever is stored", () => {
    const storage = new FakeStorage();
    storage.setItem(UNIT_STORAGE_KEY, "imperial");
    const store = createUnitPreferenceStore(() => storage);
    expect(store.getServerSnapshot()).toBe("metric");
  });

  it("starts metric with nothing stored", () => {
    const store = createUnitPreferenceStore(() => new FakeStorage());
    expect(store.getSnapshot()).toBe("metric");
  });

  it("reads a stored choice once, then keeps it in memory (stable snapshots)", () => {
    const storage = new FakeStorage();
    storage.setItem(UNIT_STORAGE_KEY, "imperial");
    const store = createUnitPreferenceStore(() => storage);
    expect(store.getSnapshot()).toBe("imperial");
    expect(store.getSnapshot()).toBe("imperial");
    expect(storage.reads).toBe(1);
  });

  it("stores a choice and tells subscribers", () => {
    const storage = new FakeStorage();
    const store = createUnitPreferenceStore(() => storage);
    const listener = jest.fn();
    const stop = store.subscribe(listener);
    store.set("imperial");
    expect(store.getSnapshot()).toBe("imperial");
    expect(storage.data.get(UNIT_STORAGE_KEY)).toBe("imperial");
    expect(listener).toHaveBeenCalledTimes(1);

    store.set("imperial");
    expect(listener).toHaveBeenCalledTimes(1);

    stop();
    store.set("metric");
    expect(listener).toHaveBeenCalledTimes(1);
    expect(storage.data.get(UNIT_STORAGE_KEY)).toBe("metric");
  });

  it("a choice survives into a new page (a new store over the same storage)", () => {
    const storage = new FakeStorage();
    createUnitPreferenceStore(() => storage).set("imperial");
    expect(createUnitPreferenceStore(() => storage).getSnapshot()).toBe("imperial");
  });

  it("takes over a choice another tab stored", () => {
    const storage = new FakeStorage();
    const store = createUnitPreferenceStore(() => storage);
    expect(store.getSnapshot()).toBe("metric");
    const listener = jest.fn();
    store.subscribe(listener);
    storage.setItem(UNIT_STORAGE_KEY, "imperial");
    store.syncFromStorage();
    expect(store.getSnapshot()).toBe("imperial");
    expect(listener).toHaveBeenCalledTimes(1);
    store.syncFromStorage();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it("works in memory without storage, or when storage throws", () => {
    for (const getStorage of [() => null, () => new BrokenStorage()]) {
      const store = createUnitPreferenceStore(getStorage);
      expect(store.getSnapshot()).toBe("metric");
      store.set("imperial");
      expect(store.getSnapshot()).toBe("imperial");
    }
  });
});

describe("hasConvertibleFigures", () => {
  const text = { columns: [{ unit: null }, { unit: null }], rows: [["Model", "Manual"]] };

  it("is true for a figure in a column with a convertible unit", () => {
    expect(hasConvertibleFigures([{ columns: [{ unit: null }, { unit: "kg" }], rows: [["ACCM-6", 41.5]] }])).toBe(true);
    expect(hasConvertibleFigures([{ columns: [{ unit: null }, { unit: "bar" }], rows: [["Range", [10, 20]]] }])).toBe(true);
  });

  it("is true for a measure with a convertible unit", () => {
    expect(hasConvertibleFigures([{ columns: [{ unit: null }, { unit: null }], rows: [["Pressure", { v: 700, u: "bar", alt: 10000 }]] }])).toBe(
      true,
    );
    expect(hasConvertibleFigures([], [{ v: 6, u: "in" }])).toBe(true);
  });

  it("is false for text, empty cells, gap rows and neutral units only", () => {
    expect(hasConvertibleFigures([])).toBe(false);
    expect(hasConvertibleFigures([text])).toBe(false);
    expect(hasConvertibleFigures([{ columns: [{ unit: null }, { unit: "kg" }], rows: [["AST07", null], { gap: "3 more" }] }])).toBe(false);
    expect(hasConvertibleFigures([{ columns: [{ unit: null }, { unit: "RPM" }], rows: [["AFF20", 44]] }])).toBe(false);
    expect(hasConvertibleFigures([{ columns: [{ unit: null }, { unit: null }], rows: [["Accuracy", { v: 4, u: "%", pre: "±" }]] }])).toBe(false);
    expect(hasConvertibleFigures([], ["6 in", null])).toBe(false);
  });
});
