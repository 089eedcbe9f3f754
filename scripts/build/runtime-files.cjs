/**
 * Bakes into dist/ every file the compiled server reads besides its code, at
 * the same paths relative to dist/ as relative to the repository's root (the
 * server finds them under its own folder, server/app-root.ts): the contract
 * (openapi.yaml), the forms' rules (src/contract/form-rules/), the form words
 * (data/forms/), the inboxes (data/contact.json), the site's address
 * (data/company.json), the catalogue's titles (data/products/), the Node.js
 * line (.nvmrc), and release.json naming the build (name, version, git
 * commit, time). Run by `npm run build:server` and by the jest global set-up
 * after it compiles; the compiled server then reads nothing of the source tree,
 * in a checkout as in a release (scripts/release/pack.mjs copies dist/).
 */
const { execFileSync } = require("child_process");
const fs = require("fs");
const path = require("path");

const ROOT = path.resolve(__dirname, "..", "..");
const DIST = path.join(ROOT, "dist");

/** The files and folders copied, relative to the repository's root (a folder: its .json files, or .yaml). */
const FILES = ["openapi.yaml", ".nvmrc", "data/contact.json", "data/company.json"];
const FOLDERS = ["src/contract/form-rules", "data/forms", "data/products"];

/** HEAD's commit, with "-dirty" when tracked files differ from it (as git describe says), or "unknown" outside a git checkout. */
function gitCommit(root) {
  const git = (...args) => execFileSync("git", args, { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  try {
    const commit = git("rev-parse", "HEAD");
    return git("status", "--porcelain", "--untracked-files=no") === "" ? commit : `${commit}-dirty`;
  } catch {
    return "unknown";
  }
}

function copyRuntimeFiles({ root = ROOT, dist = DIST, now = new Date() } = {}) {
  const copied = [];
  for (const file of FILES) {
    fs.mkdirSync(path.dirname(path.join(dist, file)), { recursive: true });
    fs.copyFileSync(path.join(root, file), path.join(dist, file));
    copied.push(file);
  }
  for (const folder of FOLDERS) {
    const to = path.join(dist, folder);
    fs.rmSync(to, { recursive: true, force: true });
    fs.mkdirSync(to, { recursive: true });
    for (const name of fs.readdirSync(path.join(root, folder)).filter((file) => file.endsWith(".json") && !file.endsWith(".ar.json")).sort()) {
      fs.copyFileSync(path.join(root, folder, name), path.join(to, name));
      copied.push(path.posix.join(folder, name));
    }
  }
  const { name, version } = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
  const release = { name, version, commit: gitCommit(root), builtAt: now.toISOString() };
  fs.writeFileSync(path.join(dist, "release.json"), `${JSON.stringify(release, null, 2)}\n`);
  copied.push("release.json");
  return { copied, release };
}

module.exports = { copyRuntimeFiles, FILES, FOLDERS };

if (require.main === module) {
  const { copied, release } = copyRuntimeFiles();
  console.log(`Baked ${copied.length} runtime files into dist/ (${release.name} ${release.version}, commit ${release.commit.slice(0, 12)})`);
}
