import fs from "fs";
import path from "path";
import { APP_ROOT } from "./app-root";

/** What was built and when: release.json, written into dist/ by npm run build:server (scripts/build/runtime-files.cjs). */
export interface ReleaseInfo {
  name: string;
  version: string;
  /** The git commit the build was made from; "unknown" outside a git checkout. */
  commit: string;
  /** When the build was made (ISO 8601). */
  builtAt: string;
}

/** The server's own release.json, or undefined when the server runs from the sources (no build). */
export function readRelease(root: string = APP_ROOT): ReleaseInfo | undefined {
  try {
    const info = JSON.parse(fs.readFileSync(path.join(root, "release.json"), "utf8")) as Partial<ReleaseInfo>;
    if (typeof info.name !== "string" || typeof info.version !== "string") return undefined;
    return { name: info.name, version: info.version, commit: String(info.commit ?? "unknown"), builtAt: String(info.builtAt ?? "unknown") };
  } catch {
    return undefined;
  }
}

/** One line naming the release, as `bin/serve --version` prints it: "industrial-group-site 0.1.0 (commit 1a2b3c4d5e6f, built 2025-...)". */
export function releaseLine(info: ReleaseInfo | undefined = readRelease()): string {
  if (!info) return "industrial-group-site (not built: run npm run build:server)";
  return `${info.name} ${info.version} (commit ${info.commit.slice(0, 12)}, built ${info.builtAt})`;
}
