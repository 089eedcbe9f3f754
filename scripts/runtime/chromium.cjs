/**
 * The browser tests drive the system's Chromium headless shell (CHROMIUM_PATH,
 * default /usr/bin/chromium-headless-shell, Debian's chromium-headless-shell);
 * nothing downloads a browser. When it is missing, this installs Debian's
 * package where it can (as root with apt-get), or stops at once with the one
 * command to run.
 */
const { spawnSync } = require("child_process");
const fs = require("fs");

const DEFAULT = "/usr/bin/chromium-headless-shell";
const PACKAGE = "chromium-headless-shell";
const executable = process.env.CHROMIUM_PATH || DEFAULT;

function present() {
  try {
    fs.accessSync(executable, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function hasCommand(name) {
  return spawnSync("sh", ["-c", `command -v ${name}`], { stdio: "ignore" }).status === 0;
}

if (!present()) {
  const canInstall = executable === DEFAULT && process.getuid?.() === 0 && hasCommand("apt-get");
  if (canInstall) {
    console.log(`Chromium's headless shell is missing: installing Debian's package (apt-get install ${PACKAGE})...`);
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    const update = spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
    const install = update.status === 0 ? spawnSync("apt-get", ["install", "-y", "-qq", PACKAGE], { stdio: "inherit", env }) : update;
    if (install.status !== 0 || !present()) {
      console.error(`Installing Chromium's headless shell failed. Install it, then run the tests again:\n  sudo apt-get install ${PACKAGE}`);
      process.exit(1);
    }
  } else {
    console.error(
      `The browser tests need Chromium's headless shell at ${executable}, and it is not there. Install it, then run the tests again:\n` +
        (executable === DEFAULT
          ? `  sudo apt-get install ${PACKAGE}`
          : `  (or set CHROMIUM_PATH to your Chromium; it is ${executable} now)`),
    );
    process.exit(1);
  }
}
