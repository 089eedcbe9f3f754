/**
 * A guard: no test writes out a list of the site's content by hand.
 *
 * The marketing team adds and removes job openings, news items, reviews,
 * logos, documents, products and categories by editing data/. A test that
 * copies such a list ("the three roles", "the 24 products", "the ten contact
 * cards") fails on every such edit, so tests read the lists from data/
 * instead (testkit/site-data.ts, or the data file imported).
 *
 * What this finds: every list in data/ (an array of three or more items, each
 * a string or an object with a title, name, label, slug or alt) and, in every
 * file of tests/ and testkit/, a stretch of a few lines whose string literals
 * name all of the list's items, or all but one. One item named as an example
 * ("/torque-pump") is fine; the list written out is not. The form definitions
 * of data/forms/ are left out (their field names are the API contract), and so
 * are the columns and rows of specification tables (generic labels such as
 * Model, Pressure, Flow that test fixtures use too), and the Arabic overlays
 * (data/<path>.ar.json): each of their lists is the twin of an English one,
 * item for item, which is the list looked for.
 *
 * An exception is written below with its reason, for constants the
 * specification states as behaviour.
 */
import fs from "fs";
import path from "path";

const ROOT = path.resolve(__dirname, "../..");
/** Lines within which a written-out list is looked for. */
const WINDOW = 12;

/** Lists the specification names as behaviour, where the test checks that behaviour: "file|data list". */
const EXCEPTIONS: Record<string, string> = {
  "tests/unit/product-search.test.ts|data/categories/on-site-atex-machining.json#/products":
    "the model codes product-pages.md names (ACCM-24, AFF40, TGMFF-350) and the product each finds",
  "tests/unit/product-search.test.ts|data/products/split-frame-cold-cutting-machine.json#/models":
    "model codes of product-pages.md (ACCM-6 up to ACCM-72) used as search queries",
};

function filesUnder(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

interface ContentList {
  where: string;
  items: string[];
}

/** The text an item of a data list is known by, if any. */
function itemText(item: unknown): string | undefined {
  if (typeof item === "string") return item;
  if (item && typeof item === "object") {
    const o = item as Record<string, unknown>;
    const text = o.title ?? o.name ?? o.label ?? o.slug ?? o.alt;
    return typeof text === "string" ? text : undefined;
  }
  return undefined;
}

export function contentLists(root: string): ContentList[] {
  const lists: ContentList[] = [];
  const visit = (value: unknown, where: string): void => {
    if (Array.isArray(value)) {
      const texts = value.map(itemText).filter((t): t is string => typeof t === "string" && t.length >= 3);
      if (texts.length >= 3 && texts.length === value.length && !where.includes("/tables/")) lists.push({ where, items: [...new Set(texts)] });
      value.forEach((item, i) => visit(item, `${where}/${i}`));
    } else if (value && typeof value === "object") {
      for (const [key, inner] of Object.entries(value)) visit(inner, `${where}/${key}`);
    }
  };
  for (const file of filesUnder(path.join(root, "data"))) {
    const relative = path.relative(root, file).split(path.sep).join("/");
    if (!relative.endsWith(".json") || relative.endsWith(".ar.json") || relative.startsWith("data/forms/")) continue;
    visit(JSON.parse(fs.readFileSync(file, "utf8")), `${relative}#`);
  }
  return lists;
}

/** The string literals of each line ("…", '…', `…` on one line), a leading "/" dropped (a page's path). */
function literalsByLine(source: string): Set<string>[] {
  return source.split("\n").map((line) => new Set([...line.matchAll(/(["'`])((?:(?!\1)[^\\\n]|\\.)*)\1/g)].map((m) => m[2].replace(/^\//, ""))));
}

/** Where `file` writes out `list`: the first line of the stretch naming the most of its items, and how many. */
export function writtenOut(lines: Set<string>[], list: ContentList): { line: number; named: number } | undefined {
  const needed = Math.max(3, list.items.length - 1);
  // The lines naming an item, and which items each names.
  const hits: { line: number; items: string[] }[] = [];
  lines.forEach((literals, line) => {
    const items = list.items.filter((item) => literals.has(item));
    if (items.length > 0) hits.push({ line, items });
  });
  if (new Set(hits.flatMap((h) => h.items)).size < needed) return undefined;
  let best = { line: 0, named: 0 };
  for (const [k, start] of hits.entries()) {
    const named = new Set<string>();
    for (const hit of hits.slice(k)) {
      if (hit.line >= start.line + WINDOW) break;
      for (const item of hit.items) named.add(item);
    }
    if (named.size > best.named) best = { line: start.line + 1, named: named.size };
  }
  return best.named >= needed ? best : undefined;
}

describe("tests read the content they check from data/", () => {
  const lists = contentLists(ROOT);

  it("finds the lists an editor changes", () => {
    const where = lists.map((l) => l.where);
    expect(where).toEqual(expect.arrayContaining(["data/careers.json#/openings/roles", "data/home.json#/testimonials/items", "data/contact.json#/contactCards"]));
  });

  it("no file of tests/ or testkit/ writes out a list of data/ by hand", () => {
    const found: string[] = [];
    const files = [...filesUnder(path.join(ROOT, "tests")), ...filesUnder(path.join(ROOT, "testkit"))].filter((f) => /\.(ts|tsx|js|cjs|mjs)$/.test(f));
    for (const file of files) {
      const relative = path.relative(ROOT, file).split(path.sep).join("/");
      const lines = literalsByLine(fs.readFileSync(file, "utf8"));
      for (const list of lists) {
        if (EXCEPTIONS[`${relative}|${list.where}`]) continue;
        const at = writtenOut(lines, list);
        if (at) found.push(`${relative}:${at.line} names ${at.named} of the ${list.items.length} items of ${list.where}: read them from the data file instead`);
      }
    }
    expect(found).toEqual([]);
  });

  it("would catch a list written out, and not one item named as an example", () => {
    const roles: ContentList = { where: "data/careers.json#/openings/roles", items: ["Sales", "Supply Chain", "Product Development"] };
    const handWritten = literalsByLine('const ROLES = [\n  "Sales",\n  "Supply Chain",\n  "Product Development",\n];');
    expect(writtenOut(handWritten, roles)).toEqual({ line: 2, named: 3 });
    const example = literalsByLine('await openFor(page, "Sales");\nconst ROLES = careers.openings.roles.map((r) => r.title);');
    expect(writtenOut(example, roles)).toBeUndefined();
  });
});
