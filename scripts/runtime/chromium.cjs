/**
 * The browser tests and benchmarks drive the system's Chromium (CHROMIUM_PATH,
 * default /usr/bin/chromium); nothing downloads a browser. When it is missing,
 * this installs Debian's package where it can (as root with apt-get), or stops
 * at once with the one command to run.
 */
const { spawnSync } = require("child_process");
const fs = require("fs");

const executable = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

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
  const canInstall = executable === "/usr/bin/chromium" && process.getuid?.() === 0 && hasCommand("apt-get");
  if (canInstall) {
    console.log("Chromium is missing: installing Debian's package (apt-get install chromium)...");
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    const update = spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
    const install = update.status === 0 ? spawnSync("apt-get", ["install", "-y", "-qq", "chromium"], { stdio: "inherit", env }) : update;
    if (install.status !== 0 || !present()) {
      console.error("Installing Chromium failed. Install it, then run the tests again:\n  sudo apt-get install chromium");
      process.exit(1);
    }
  } else {
    console.error(
      `The browser tests need Chromium at ${executable}, and it is not there. Install it, then run the tests again:\n` +
        (executable === "/usr/bin/chromium"
          ? "  sudo apt-get install chromium"
          : `  (or set CHROMIUM_PATH to your Chromium; it is ${executable} now)`),
    );
    process.exit(1);
  }
}
