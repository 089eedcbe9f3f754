/**
 * The Node.js line this project runs on, read from .nvmrc (the one place it is
 * written), and a check that says at once what to do on another line.
 * Plain CommonJS without dependencies, so it runs on any Node before anything else.
 */
const fs = require("fs");
const path = require("path");

const root = path.resolve(__dirname, "..", "..");

/** The major version of .nvmrc ("24"). */
function requiredMajor() {
  const text = fs.readFileSync(path.join(root, ".nvmrc"), "utf8").trim();
  const major = Number(/^v?(\d+)/.exec(text)?.[1]);
  if (!Number.isInteger(major)) throw new Error(`.nvmrc must name a Node.js version, found "${text}"`);
  return major;
}

/**
 * The first release of that line the project runs on, from package.json's
 * engines (">=24.16": the server's row keys use crypto.randomUUIDv7, new in 24.16).
 */
function requiredMinimum() {
  const engines = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")).engines?.node ?? "";
  const match = /^>=\s*v?(\d+)(?:\.(\d+))?/.exec(engines);
  return match ? { major: Number(match[1]), minor: Number(match[2] ?? 0) } : { major: requiredMajor(), minor: 0 };
}

/** Undefined when the running Node is the supported line (at least its minimum release) or a later one, else the message to show. */
function unsupportedNodeMessage(version = process.versions.node) {
  const major = requiredMajor();
  const minimum = requiredMinimum();
  const [runningMajor, runningMinor] = version.replace(/^v/, "").split(".").map(Number);
  if (runningMajor > minimum.major || (runningMajor === minimum.major && runningMinor >= minimum.minor)) return undefined;
  return [
    `This project runs on Node.js ${major} (the LTS line in .nvmrc), ${minimum.major}.${minimum.minor} or later; this is Node.js ${version}.`,
    `On Linux x64, \`npm ci\` installs Node.js ${major} into node_modules/.bin and every npm script uses it: run the project through npm (npm start, npm test, npm run serve).`,
    `Elsewhere, install Node.js ${major} (for example \`nvm install\` in this folder) and run \`npm ci\` again.`,
  ].join("\n");
}

module.exports = { requiredMajor, requiredMinimum, unsupportedNodeMessage, root };

if (require.main === module) {
  const message = unsupportedNodeMessage();
  if (message) {
    console.error(message);
    process.exit(1);
  }
  if (Number(process.versions.node.split(".")[0]) > requiredMajor()) {
    console.warn(`Node.js ${process.versions.node} is later than the line this project is tested on (${requiredMajor()}, .nvmrc).`);
  }
}
