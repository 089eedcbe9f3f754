/**
 * The packages the compiled server loads at run time, and nothing else: the
 * bare `require("...")` calls of dist/ (what tsc emitted from the server's
 * imports), then every dependency of those, package by package, as Node.js
 * resolves them from node_modules/ (the versions `npm ci` installed from
 * package-lock.json, tested with the server). Whole packages are copied, so
 * a file a package loads by a computed path is never left out.
 *
 * A require of a package that package.json does not list in "dependencies"
 * stops the release, except the optional ones below (loaded inside a
 * try/catch, only when asked for).
 */
import fs from "fs";
import { isBuiltin } from "module";
import path from "path";

/** Development tools the server loads only when present (server/log.ts: LOG_PRETTY). */
const OPTIONAL_AT_RUN_TIME = new Set(["pino-pretty"]);

/** Files of packages that the release leaves out: build inputs of native modules, and prebuilt bindings of other platforms. */
const PRUNE = {
  "better-sqlite3": (rel) => /^(deps|src|build)(\/|$)/.test(rel) || (/^prebuilds\//.test(rel) && rel !== "prebuilds/linux-x64.node"),
};

function walk(dir, files = []) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, files);
    else if (entry.isFile() && /\.(c?js)$/.test(entry.name)) files.push(full);
  }
  return files;
}

/** "pkg", "pkg/sub/path", "@scope/pkg/sub" -> the package's name. */
function packageName(specifier) {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

/** The packages the compiled files of `distDir` require, by name, with the files that require each. */
function requiredPackages(distDir) {
  const found = new Map();
  for (const file of walk(distDir)) {
    const text = fs.readFileSync(file, "utf8");
    for (const match of text.matchAll(/\brequire\(\s*["']([^"'.][^"']*)["']\s*\)/g)) {
      const specifier = match[1];
      if (isBuiltin(specifier)) continue;
      const name = packageName(specifier);
      if (!found.has(name)) found.set(name, new Set());
      found.get(name).add(path.relative(distDir, file));
    }
  }
  return found;
}

/** The folder of package `name` as Node.js finds it from `fromDir` (its node_modules, then its parents' up to `root`), or undefined. */
function resolvePackage(name, fromDir, root) {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, "node_modules", name);
    if (fs.existsSync(path.join(candidate, "package.json"))) return candidate;
    if (dir === root || path.dirname(dir) === dir) return undefined;
  }
}

/**
 * The package folders (relative to `root`, like node_modules/a or
 * node_modules/a/node_modules/b) the server needs: the packages `distDir`
 * requires and all their dependencies. Throws when the server requires a
 * package package.json does not list as a run-time dependency, or a
 * dependency is not installed.
 */
export function runtimePackages(root, distDir = path.join(root, "dist")) {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
  const dependencies = manifest.dependencies ?? {};
  const problems = [];
  const top = [];
  for (const [name, files] of requiredPackages(distDir)) {
    if (OPTIONAL_AT_RUN_TIME.has(name)) continue;
    if (!(name in dependencies)) problems.push(`${name} (required by ${[...files].join(", ")}) is not in package.json's "dependencies"`);
    else top.push(name);
  }
  const folders = new Set();
  const visit = (name, fromDir, optional) => {
    const folder = resolvePackage(name, fromDir, root);
    if (!folder) {
      if (!optional) problems.push(`${name} (needed from ${path.relative(root, fromDir) || "."}) is not installed: run npm ci`);
      return;
    }
    const rel = path.relative(root, folder);
    if (folders.has(rel)) return;
    folders.add(rel);
    const pkg = JSON.parse(fs.readFileSync(path.join(folder, "package.json"), "utf8"));
    for (const dep of Object.keys(pkg.dependencies ?? {})) visit(dep, folder, false);
    for (const dep of Object.keys(pkg.optionalDependencies ?? {})) visit(dep, folder, true);
    for (const dep of Object.keys(pkg.peerDependencies ?? {})) visit(dep, folder, true);
  };
  for (const name of top.sort()) visit(name, root, false);
  if (problems.length > 0) throw new Error(`The server's run-time dependencies cannot be gathered:\n  ${problems.join("\n  ")}`);
  return { top: top.sort(), folders: [...folders].sort() };
}

/** Copies the package folders into `toRoot` at the same relative paths, each without its nested node_modules (copied as folders of their own) and without the pruned files. */
export function copyPackages(root, folders, toRoot) {
  for (const rel of folders) {
    const from = path.join(root, rel);
    const name = packageName(rel.split("node_modules/").pop());
    const prune = PRUNE[name];
    fs.cpSync(from, path.join(toRoot, rel), {
      recursive: true,
      filter: (source) => {
        const inside = path.relative(from, source).split(path.sep).join("/");
        if (inside === "node_modules" || inside.startsWith("node_modules/")) return false;
        return !(prune && inside !== "" && prune(inside));
      },
    });
  }
}

/** The installed version of each package folder (for the release's package.json and the tests). */
export function installedVersion(root, rel) {
  return JSON.parse(fs.readFileSync(path.join(root, rel, "package.json"), "utf8")).version;
}
