/**
 * Checks every HTML page of the build with html-validate, by the project's
 * rules (.htmlvalidate.cjs: the recommended rules, less what clashes with how
 * Gatsby writes markup), in one process; prints each error with its file, line
 * and column, and fails on any.
 *
 *   npm run build && npm run check:html        (npm test runs it after the build)
 *   node scripts/build/validate-html.mjs [public-dir]
 */
import fs from "fs";
import { createRequire } from "module";
import path from "path";
import { fileURLToPath } from "url";
import { formatterFactory, HtmlValidate, StaticConfigLoader } from "html-validate";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const publicDir = path.resolve(process.argv[2] ?? path.join(ROOT, "public"));
const config = createRequire(import.meta.url)(path.join(ROOT, ".htmlvalidate.cjs"));

const pages = fs.existsSync(publicDir)
  ? fs
      .readdirSync(publicDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith(".html"))
      .map((entry) => path.join(entry.parentPath, entry.name))
      // The content editor (public/admin/, Decap CMS) is not a page of the site.
      .filter((file) => path.relative(publicDir, file).split(path.sep)[0] !== "admin")
      .sort()
  : [];
if (pages.length === 0) {
  console.error(`validate-html: no HTML page in ${path.relative(process.cwd(), publicDir) || "."}: build the site first (npm run build)`);
  process.exit(1);
}

const report = await new HtmlValidate(new StaticConfigLoader(config)).validateMultipleFiles(pages);
if (!report.valid) {
  console.error(formatterFactory("stylish")(report.results));
  console.error(`validate-html: ${report.errorCount} errors in ${report.results.length} of ${pages.length} pages (rules: .htmlvalidate.cjs)`);
  process.exit(1);
}
console.log(`validate-html: ${pages.length} pages, no error`);
