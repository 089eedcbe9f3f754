/**
 * The release's tests run it as production does: Debian's nginx with the
 * brotli module in front (tests/release/nginx-front.test.ts,
 * tests/release/production.test.ts), strace to see which files the instances
 * open, and Mozilla's HTTP Observatory to grade the front. The Debian packages
 * are installed like the other programs the tests need (./debian-package.cjs);
 * the observatory with `npm run observatory:install` (testkit/observatory/,
 * a folder of its own: its install scripts reach beyond the npm registry).
 */
const { spawnSync } = require("child_process");
const fs = require("fs");
const path = require("path");
const { ensureDebianPackage } = require("./debian-package.cjs");

const BROTLI_MODULE = process.env.NGINX_BROTLI_MODULE || "/usr/lib/nginx/modules/ngx_http_brotli_static_module.so";
const OBSERVATORY = path.join(__dirname, "..", "..", "testkit", "observatory", "node_modules", "@mdn", "mdn-http-observatory", "src", "scan.js");

const hasCommand = (name) => spawnSync("sh", ["-c", `command -v ${name}`], { stdio: "ignore" }).status === 0;

ensureDebianPackage({ what: "nginx", name: "nginx", pkg: "nginx", present: () => hasCommand(process.env.NGINX_BIN || "nginx") });
ensureDebianPackage({
  what: `nginx's brotli_static module (${BROTLI_MODULE})`,
  name: "nginx's brotli module",
  pkg: "libnginx-mod-http-brotli-static",
  present: () => fs.existsSync(BROTLI_MODULE),
  otherwise: "(or set NGINX_BROTLI_MODULE to the module's file)",
});
ensureDebianPackage({ what: "strace", name: "strace", pkg: "strace", present: () => hasCommand("strace") });

if (!fs.existsSync(OBSERVATORY)) {
  console.log("Mozilla's HTTP Observatory is missing: installing it (npm run observatory:install)...");
  const install = spawnSync("npm", ["run", "-s", "observatory:install"], { stdio: "inherit", cwd: path.join(__dirname, "..", "..") });
  if (install.status !== 0 || !fs.existsSync(OBSERVATORY)) {
    console.error("Installing Mozilla's HTTP Observatory failed. Install it, then run the tests again:\n  npm run observatory:install");
    process.exit(1);
  }
}
