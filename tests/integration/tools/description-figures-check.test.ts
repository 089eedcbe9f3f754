/**
 * scripts/content/checks/description-figures.mjs, the content check of a
 * product description's figure placeholders, loaded in Node as the
 * `content:check` runner loads it (an ES module; `check(ctx)` with `ctx.files`
 * a Map of the data files) and given the repository's data files, then the
 * same with planted mistakes.
 */
import { spawnSync } from "child_process";
import fs from "fs";
import path from "path";

const ROOT = path.resolve(__dirname, "../../..");
const CHECK = path.join(ROOT, "scripts/content/checks/description-figures.mjs");

interface Problem {
  file: string;
  pointer: string;
  message: string;
}

/** Runs the check module over data/products/, with `edits` (file name -> change to its data) applied first. */
function runCheck(edits: Record<string, string> = {}): Problem[] {
  const script = `
    import fs from "fs";
    import path from "path";
    import { pathToFileURL } from "url";
    const [check, root, edits] = [process.argv[1], process.argv[2], JSON.parse(process.argv[3])];
    const files = new Map();
    for (const name of fs.readdirSync(path.join(root, "data/products"))) {
      const text = fs.readFileSync(path.join(root, "data/products", name), "utf8");
      const data = JSON.parse(text);
      if (edits[name]) new Function("data", edits[name])(data);
      files.set("data/products/" + name, { data, text });
    }
    files.set("data/home.json", { data: { meta: { description: "{not: a product}" } }, text: "" });
    const { default: check_ } = await import(pathToFileURL(check).href);
    process.stdout.write(JSON.stringify(await check_({ root, files })));
  `;
  const result = spawnSync(process.execPath, ["--input-type=module", "-e", script, CHECK, ROOT, JSON.stringify(edits)], { cwd: ROOT, encoding: "utf8" });
  expect(result.stderr).toBe("");
  expect(result.status).toBe(0);
  return JSON.parse(result.stdout) as Problem[];
}

test("the repository's product descriptions name figures of their tables and pass", () => {
  const products = fs.readdirSync(path.join(ROOT, "data/products")).map((name) => fs.readFileSync(path.join(ROOT, "data/products", name), "utf8"));
  expect(products.some((text) => /\{[a-z-]+: [^{}]+\}/.test(text))).toBe(true);
  expect(runCheck()).toEqual([]);
});

test("a placeholder naming no table, row, column or figure is reported with the file, the field and plain words", () => {
  const problems = runCheck({
    "torque-pump.json": "data.meta.description = 'Pressure {range: Working presure}, tank {range: Tank}, {models: Drive}.';",
    "nut-splitter.json": "data.shortDescription = 'Splits {specs: Capacity} nuts {range}';",
  });
  expect(problems).toEqual([
    { file: "data/products/nut-splitter.json", pointer: "/shortDescription", message: expect.stringContaining('{specs: Capacity}: the product has no specification table with the id "specs"') },
    { file: "data/products/nut-splitter.json", pointer: "/shortDescription", message: expect.stringContaining("{range} names no table") },
    { file: "data/products/torque-pump.json", pointer: "/meta/description", message: expect.stringContaining('table "range" has no row labelled "Working presure"') },
    { file: "data/products/torque-pump.json", pointer: "/meta/description", message: expect.stringContaining('table "models" has 4 value columns: name one after a slash') },
  ]);
});
