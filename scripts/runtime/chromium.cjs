/**
 * The browser tests drive the system's Chromium headless shell (CHROMIUM_PATH,
 * default /usr/bin/chromium-headless-shell, Debian's chromium-headless-shell);
 * nothing downloads a browser. When it is missing, this installs Debian's
 * package where it can, or stops at once with the one command to run
 * (./debian-package.cjs).
 */
const fs = require("fs");
const { ensureDebianPackage } = require("./debian-package.cjs");

const DEFAULT = "/usr/bin/chromium-headless-shell";
const executable = process.env.CHROMIUM_PATH || DEFAULT;

function present() {
  try {
    fs.accessSync(executable, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

ensureDebianPackage({
  what: `Chromium's headless shell at ${executable}`,
  name: "Chromium's headless shell",
  pkg: "chromium-headless-shell",
  present,
  // Another browser named by CHROMIUM_PATH is not what the package installs.
  canInstall: executable === DEFAULT,
  otherwise: executable === DEFAULT ? "" : `(or set CHROMIUM_PATH to your Chromium; it is ${executable} now)`,
});
