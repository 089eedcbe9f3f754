/**
 * The documentation's relative links (README.md, CONTRIBUTING.md, docs/*.md)
 * lead somewhere: each names a file or folder that exists and, with a
 * `#anchor`, a heading of that Markdown file (or of the same file) as GitHub
 * names it (github-slugger: lower case, spaces to hyphens, punctuation
 * dropped, a repeated heading gets -1, -2...). Links inside code (fenced or
 * indented blocks, `code spans`) are not links; http(s):, mailto: and other
 * schemes are not checked.
 *
 * Also: every environment variable the server (and the scripts and tests)
 * read is in docs/configuration.md.
 */
import fs from "fs";
import os from "os";
import path from "path";
import GithubSlugger from "github-slugger";
import { FORM_KEYS, FORMS } from "../../src/shared/forms/registry";

const ROOT = path.resolve(__dirname, "..", "..");

/** The documents whose links are checked: README.md, CONTRIBUTING.md and docs/*.md. */
function documentsOf(root: string): string[] {
  const docsDir = path.join(root, "docs");
  const docs = fs.existsSync(docsDir)
    ? fs.readdirSync(docsDir).filter((name) => name.endsWith(".md")).map((name) => path.join(docsDir, name))
    : [];
  return [path.join(root, "README.md"), path.join(root, "CONTRIBUTING.md"), ...docs].filter((file) => fs.existsSync(file));
}

/**
 * The lines of a Markdown text that are not code: fenced blocks (``` or ~~~,
 * up to the closing fence of the same kind) and indented blocks (four spaces
 * or a tab after a blank line, outside a list) become empty lines.
 */
function proseLines(text: string): string[] {
  const lines = text.split(/\r?\n/);
  const out: string[] = [];
  let fence: string | undefined;
  let previousBlank = true;
  let inIndentedBlock = false;
  let inList = false;
  for (const line of lines) {
    if (fence !== undefined) {
      if (new RegExp(`^ {0,3}${fence[0]}{${fence.length},}\\s*$`).test(line)) fence = undefined;
      out.push("");
      continue;
    }
    const opening = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (opening) {
      fence = opening[1];
      out.push("");
      continue;
    }
    const blank = line.trim() === "";
    const indented = /^( {4}|\t)/.test(line);
    if (/^ {0,3}([-*+]|\d+[.)])\s/.test(line)) inList = true;
    else if (!blank && !indented) inList = false;
    if (indented && !inList && (previousBlank || inIndentedBlock)) {
      inIndentedBlock = true;
      out.push("");
      continue;
    }
    if (!blank) inIndentedBlock = false;
    previousBlank = blank;
    out.push(line);
  }
  return out;
}

/** A line without its code spans (`...`, ``...``), which hold no links. */
function withoutCodeSpans(line: string): string {
  return line.replace(/(`+)(?:(?!\1)[\s\S])*?\1/g, "");
}

/** The anchors of a Markdown text: its headings' slugs as GitHub makes them, and explicit `<a id|name="...">`. */
function anchorsOf(text: string): Set<string> {
  const slugger = new GithubSlugger();
  const anchors = new Set<string>();
  for (const line of proseLines(text)) {
    const heading = /^ {0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(line);
    if (heading) {
      // The heading's text as rendered: a link's text, no HTML tags (the slugger drops the punctuation left).
      const rendered = heading[1].replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1").replace(/<[^>]+>/g, "");
      anchors.add(slugger.slug(rendered));
    }
    for (const match of line.matchAll(/<a\s+(?:[^>]*?\s)?(?:id|name)="([^"]+)"/gi)) anchors.add(match[1]);
  }
  return anchors;
}

/** The link targets of a Markdown text, outside code: inline links and images `[text](target "title")`, and reference definitions `[id]: target`. */
function linksOf(text: string): { line: number; target: string }[] {
  const links: { line: number; target: string }[] = [];
  proseLines(text).forEach((raw, index) => {
    const line = withoutCodeSpans(raw);
    for (const match of line.matchAll(/\]\(\s*(<[^>]*>|[^)\s]*)(?:\s+"[^"]*")?\s*\)/g)) {
      links.push({ line: index + 1, target: match[1].replace(/^<|>$/g, "") });
    }
    const definition = /^ {0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)/.exec(line);
    if (definition) links.push({ line: index + 1, target: definition[1].replace(/^<|>$/g, "") });
  });
  return links;
}

/** What is wrong with each relative link of these documents (none: an empty list). */
function brokenLinks(root: string, documents: string[]): string[] {
  const anchorCache = new Map<string, Set<string>>();
  const anchors = (file: string): Set<string> => {
    if (!anchorCache.has(file)) anchorCache.set(file, anchorsOf(fs.readFileSync(file, "utf8")));
    return anchorCache.get(file)!;
  };
  const problems: string[] = [];
  for (const document of documents) {
    const where = (line: number) => `${path.relative(root, document)}:${line}`;
    for (const { line, target } of linksOf(fs.readFileSync(document, "utf8"))) {
      if (target === "") {
        problems.push(`${where(line)}: empty link`);
        continue;
      }
      // Another scheme (https:, mailto:...) is not a file of the repository.
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
      const hash = target.indexOf("#");
      const filePart = decodeURI(hash === -1 ? target : target.slice(0, hash));
      const anchor = hash === -1 ? undefined : decodeURIComponent(target.slice(hash + 1));
      const file = filePart === "" ? document : filePart.startsWith("/") ? path.join(root, filePart) : path.resolve(path.dirname(document), filePart);
      if (!fs.existsSync(file)) {
        problems.push(`${where(line)}: ${target}: no file ${path.relative(root, file)}`);
        continue;
      }
      if (anchor === undefined || !file.endsWith(".md") || !fs.statSync(file).isFile()) continue;
      if (!anchors(file).has(anchor)) {
        problems.push(`${where(line)}: ${target}: no heading #${anchor} in ${path.relative(root, file)}`);
      }
    }
  }
  return problems;
}

describe("the documentation's relative links", () => {
  const documents = documentsOf(ROOT);

  test("the README, CONTRIBUTING and docs/ are there", () => {
    const names = documents.map((file) => path.relative(ROOT, file));
    expect(names).toEqual(expect.arrayContaining(["README.md", "CONTRIBUTING.md", "docs/configuration.md", "docs/operations.md"]));
  });

  test("each leads to a file and heading that exist", () => {
    expect(brokenLinks(ROOT, documents)).toEqual([]);
  });
});

describe("the link checker", () => {
  let dir: string;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "doc-links-"));
    fs.mkdirSync(path.join(dir, "docs"));
    fs.writeFileSync(path.join(dir, "openapi.yaml"), "openapi: 3.0.3\n");
    fs.writeFileSync(
      path.join(dir, "docs", "guide.md"),
      [
        "# Guide",
        "## Which Node.js a deployment runs",
        "## Options",
        "## Options",
        "### `npm run bench:api` (SQLite / PostgreSQL)",
        '<a id="kept-anchor"></a>',
      ].join("\n"),
    );
  });

  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const check = (readme: string): string[] => {
    fs.writeFileSync(path.join(dir, "README.md"), readme);
    return brokenLinks(dir, documentsOf(dir));
  };

  test("accepts links to files, folders, headings (GitHub's slugs, duplicates numbered) and explicit anchors", () => {
    const readme = [
      "# Start",
      "## Start",
      "See [guide](docs/guide.md), [folder](docs/), [contract](openapi.yaml), [top](#start), [again](#start-1),",
      "[node](docs/guide.md#which-nodejs-a-deployment-runs), [options](docs/guide.md#options-1),",
      "[bench](docs/guide.md#npm-run-benchapi-sqlite--postgresql), [kept](docs/guide.md#kept-anchor),",
      "[site](https://example.com/x.md), [mail](mailto:a@example.com), ![logo](openapi.yaml \"title\").",
      "[ref]: docs/guide.md#guide",
    ].join("\n");
    expect(check(readme)).toEqual([]);
  });

  test("reports a missing file, a missing heading here or there, and an empty link", () => {
    const readme = [
      "# Start",
      "[a](docs/missing.md) [b](#nowhere) [c](docs/guide.md#options-2) [d]() [e](server/api/index.ts)",
      "[ref]: docs/guide.md#gone",
    ].join("\n");
    expect(check(readme)).toEqual([
      "README.md:2: docs/missing.md: no file docs/missing.md",
      "README.md:2: #nowhere: no heading #nowhere in README.md",
      "README.md:2: docs/guide.md#options-2: no heading #options-2 in docs/guide.md",
      "README.md:2: empty link",
      "README.md:2: server/api/index.ts: no file server/api/index.ts",
      "README.md:3: docs/guide.md#gone: no heading #gone in docs/guide.md",
    ]);
  });

  test("checks links of docs/ relative to docs/, and CONTRIBUTING.md", () => {
    fs.writeFileSync(path.join(dir, "docs", "other.md"), "[up](../README.md) [wrong](README.md)\n");
    fs.writeFileSync(path.join(dir, "CONTRIBUTING.md"), "[x](docs/nope.md#a)\n");
    expect(check("# Start\n")).toEqual([
      "CONTRIBUTING.md:1: docs/nope.md#a: no file docs/nope.md",
      "docs/other.md:1: README.md: no file docs/README.md",
    ]);
  });

  test("ignores links in fenced and indented code blocks and in code spans", () => {
    const readme = [
      "# Start",
      "```md",
      "[a](missing-in-fence.md)",
      "```",
      "",
      "    [b](missing-indented.md)",
      "",
      "Text with `[c](missing-span.md)` only.",
      "~~~",
      "## Not a heading",
      "~~~",
      "[d](#not-a-heading)",
    ].join("\n");
    expect(check(readme)).toEqual(["README.md:12: #not-a-heading: no heading #not-a-heading in README.md"]);
  });

  test("a continuation line of a list item is prose, not code", () => {
    const readme = ["# Start", "", "- an item", "    that goes on with [a](missing.md)"].join("\n");
    expect(check(readme)).toEqual(["README.md:4: missing.md: no file missing.md"]);
  });
});

/** Every environment variable read in these files: `env.<name>`, `env["<name>"]`, and the config's `(env, "<name>"` readers. */
function environmentVariablesRead(files: string[]): Set<string> {
  const names = new Set<string>();
  const patterns = [/\benv\??\.([A-Z][A-Z0-9_]*)\b/g, /\benv\[\s*["'`]([A-Z][A-Z0-9_]*)["'`]\s*\]/g, /\(\s*env\s*,\s*["'`]([A-Z][A-Z0-9_]*)["'`]/g];
  for (const file of files) {
    const text = fs.readFileSync(file, "utf8");
    for (const pattern of patterns) for (const match of text.matchAll(pattern)) names.add(match[1]);
  }
  return names;
}

/** The source files under these folders (TypeScript and JavaScript), without installed or built code. */
function sourceFiles(...folders: string[]): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (["node_modules", "dist"].includes(entry.name)) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(ts|tsx|mjs|cjs|js)$/.test(entry.name)) files.push(full);
    }
  };
  folders.forEach((folder) => walk(path.join(ROOT, folder)));
  return files;
}

/** Variables of the system or the shell, which the project passes on but does not define. */
const SYSTEM_VARIABLES = new Set(["PATH", "HOME", "TMPDIR", "LANG", "LC_ALL", "TZ", "SYSTEMROOT"]);

describe("docs/configuration.md", () => {
  const configuration = fs.readFileSync(path.join(ROOT, "docs", "configuration.md"), "utf8");
  const documented = (name: string) => configuration.includes(`\`${name}\``);

  test("names every environment variable the server reads, each form's MAIL_TO_ included", () => {
    const read = environmentVariablesRead(sourceFiles("server"));
    // The patterns find the reads of server/config.ts (else the check below would pass on nothing).
    expect([...read]).toEqual(expect.arrayContaining(["PORT", "DATABASE_URL", "RATE_LIMIT_MAX", "TRUST_PROXY", "MAIL_TO_DEFAULT"]));
    const perForm = FORM_KEYS.map((key) => `MAIL_TO_${FORMS[key].mailType.toUpperCase()}`);
    expect([...read, ...perForm].filter((name) => !documented(name))).toEqual([]);
  });

  test("names every environment variable the scripts, tests and test configuration read", () => {
    const read = environmentVariablesRead([
      ...sourceFiles("scripts", "tests", "testkit", "packages"),
      path.join(ROOT, "jest.config.js"),
      path.join(ROOT, "playwright.config.ts"),
    ]);
    // testkit/ is read too (the PostgreSQL the tests start, the fault library's other checkout).
    expect([...read]).toEqual(expect.arrayContaining(["TEST_DATABASE_URL", "POSTGRES_BIN", "FAULTS_SERVER_ROOT", "E2E_PORT"]));
    expect([...read].filter((name) => !SYSTEM_VARIABLES.has(name) && !documented(name))).toEqual([]);
  });
});
