/**
 * Writes `_headers` and `_redirects` for a static host or CDN
 * (server/deploy/static-host.ts):
 *
 *   node dist/server/cli/static-host.js --out deploy/static-host [--root public] [--api-origin https://api.example.com]
 *
 * The release builder runs it into the release's deploy/static-host/.
 */
import fs from "fs";
import path from "path";
import { staticHostFiles } from "../deploy/static-host";
import { cspModeOf } from "../site/csp";
import { readSiteBuild, releaseName } from "../deploy/site-build";
import { readArgs, readRequest, UsageError, type CommandText } from "./args";
import { runCommand } from "./run";

export const STATIC_HOST_TEXT: CommandText = {
  usage: "Usage: static-host --out DIR [--root DIR] [--csp enforce|report-only|off] [--api-origin URL]",
  help: [
    "Writes _headers and _redirects (the files Netlify, Cloudflare Pages and like hosts read) into DIR, from the build:",
    "the site's headers, HSTS, each page's Content-Security-Policy, the cache rule of content-addressed files and /home's redirect.",
    "",
    "  --out DIR          where to write them (created if missing); copy them beside the build on the host",
    "  --root DIR         the build (default: PUBLIC_DIR, else ./public)",
    "  --csp MODE         as the instances' CONTENT_SECURITY_POLICY (default: CONTENT_SECURITY_POLICY, else enforce)",
    "  --api-origin URL   where the API is served (https://api.example.com): /api/* is proxied there",
    "",
    "Exit code 1 when the build cannot be read.",
  ].join("\n"),
};

const OPTIONS = { out: { type: "string" }, root: { type: "string" }, csp: { type: "string" }, "api-origin": { type: "string" } } as const;

function parseStaticHostArgs(args: string[], env: NodeJS.ProcessEnv, cwd: string) {
  const { values } = readArgs(args, OPTIONS);
  if (!values.out?.trim()) throw new UsageError("--out is required");
  const csp = cspModeOf(values.csp ?? env.CONTENT_SECURITY_POLICY);
  if (!csp) throw new UsageError(`--csp must be enforce, report-only or off: "${values.csp ?? env.CONTENT_SECURITY_POLICY}"`);
  const apiOrigin = values["api-origin"];
  if (apiOrigin !== undefined && !URL.canParse(apiOrigin)) throw new UsageError(`--api-origin must be a URL: "${apiOrigin}"`);
  return { out: path.resolve(cwd, values.out), root: path.resolve(cwd, values.root ?? (env.PUBLIC_DIR?.trim() || "public")), csp, apiOrigin } as const;
}

export async function staticHostCli(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
  out: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
  err: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
  cwd: string = process.cwd(),
): Promise<number> {
  const parsed = readRequest(args, STATIC_HOST_TEXT, { out, err }, (given) => parseStaticHostArgs(given, env, cwd));
  if ("exit" in parsed) return parsed.exit;
  const { request } = parsed;
  try {
    const files = staticHostFiles(readSiteBuild(request.root), { csp: request.csp, apiOrigin: request.apiOrigin, release: releaseName() });
    fs.mkdirSync(request.out, { recursive: true });
    fs.writeFileSync(path.join(request.out, "_headers"), files.headers);
    fs.writeFileSync(path.join(request.out, "_redirects"), files.redirects);
  } catch (failure) {
    err(failure instanceof Error ? failure.message : String(failure));
    return 1;
  }
  out(`Wrote _headers and _redirects into ${request.out}`);
  return 0;
}

if (require.main === module) runCommand((args) => staticHostCli(args));
