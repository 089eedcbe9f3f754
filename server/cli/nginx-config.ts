/**
 * Prints the nginx configuration of a deployment (server/deploy/nginx-config.ts):
 *
 *   bin/nginx-config --server-name example.com --listen 443 \
 *     --certificate /etc/ssl/example.com.pem --key /etc/ssl/private/example.com.key \
 *     --upstream 127.0.0.1:8001 --upstream 127.0.0.1:8002 > /etc/nginx/conf.d/industrial-group-site.conf
 *
 * The pages' policies are read from the build (--root, default PUBLIC_DIR or
 * ./public; bin/nginx-config sets PUBLIC_DIR to the release's public/).
 */
import path from "path";
import { nginxConfig } from "../deploy/nginx-config";
import { readSiteBuild, releaseName } from "../deploy/site-build";
import { cspModeOf, type CspMode } from "../site/csp";
import { readArgs, readRequest, UsageError, type CommandText } from "./args";
import { runCommand } from "./run";

export const NGINX_CONFIG_TEXT: CommandText = {
  usage:
    "Usage: nginx-config --server-name NAME --listen PORT --certificate FILE --key FILE --upstream HOST:PORT [--upstream HOST:PORT ...]\n" +
    "                    [--root DIR] [--http-listen PORT|off] [--acme-webroot DIR] [--csp enforce|report-only|off]\n" +
    "                    [--form-rate RATE] [--form-burst N] [--max-body-size SIZE]",
  help: [
    "Prints, on standard output, the nginx configuration of the site for Debian 12's nginx (with libnginx-mod-http-brotli-static),",
    "to include at the http level (/etc/nginx/conf.d/). Make it again after every new build: each page's policy is in it.",
    "",
    "  --server-name NAME      the site's host name; several separated by spaces, the first being the canonical one",
    "  --listen PORT           where HTTPS is served: a port or address:port (443, [::]:443)",
    "  --certificate FILE      the certificate chain (PEM) nginx reads",
    "  --key FILE              its private key",
    "  --upstream HOST:PORT    an instance (bin/serve); repeat for each one (127.0.0.1:8001, 127.0.0.1:8002)",
    "  --root DIR              the build nginx serves (default: PUBLIC_DIR, else ./public; the release's public/ from bin/nginx-config)",
    "  --http-listen PORT|off  where plain HTTP is answered with a redirect to HTTPS (default 80; off: none)",
    "  --acme-webroot DIR      answer /.well-known/acme-challenge/ over plain HTTP from DIR (certbot certonly --webroot -w DIR),",
    "                          so certificates renew while every other address redirects to HTTPS",
    "  --csp MODE              as the instances' CONTENT_SECURITY_POLICY: enforce, report-only or off (default: CONTENT_SECURITY_POLICY, else enforce)",
    "  --form-rate RATE        form calls (POST /api/...) one client address may make, as nginx's limit_req rate (default 30r/m)",
    "  --form-burst N          calls above that rate answered at once before 429 (default 20)",
    "  --max-body-size SIZE    largest request body nginx passes to the API (default 32m; above the largest form with MAX_UPLOAD_MB=10)",
    "",
    "The instances must run with TRUST_PROXY=loopback (nginx on the same host) or nginx's address. Exit code 1 when the build cannot be read.",
  ].join("\n"),
};

const OPTIONS = {
  "server-name": { type: "string" },
  listen: { type: "string" },
  certificate: { type: "string" },
  key: { type: "string" },
  upstream: { type: "string", multiple: true },
  root: { type: "string" },
  "http-listen": { type: "string" },
  "acme-webroot": { type: "string" },
  csp: { type: "string" },
  "form-rate": { type: "string" },
  "form-burst": { type: "string" },
  "max-body-size": { type: "string" },
} as const;

interface Request {
  serverName: string;
  listen: string;
  certificate: string;
  key: string;
  upstreams: string[];
  root: string;
  httpListen: string | null;
  acmeWebroot?: string;
  csp: CspMode;
  formRate: string;
  formBurst: number;
  maxBodySize: string;
}

function parseNginxArgs(args: string[], env: NodeJS.ProcessEnv, cwd: string): Request {
  const { values } = readArgs(args, OPTIONS);
  for (const name of ["server-name", "listen", "certificate", "key"] as const) {
    if (!values[name]?.trim()) throw new UsageError(`--${name} is required`);
  }
  if (!values.upstream?.length) throw new UsageError("--upstream is required (one per instance)");
  const csp = cspModeOf(values.csp ?? env.CONTENT_SECURITY_POLICY);
  if (!csp) throw new UsageError(`--csp must be enforce, report-only or off: "${values.csp ?? env.CONTENT_SECURITY_POLICY}"`);
  const burst = Number(values["form-burst"] ?? "20");
  if (!Number.isInteger(burst) || burst < 0) throw new UsageError(`--form-burst must be a whole number: "${values["form-burst"]}"`);
  const httpListen = values["http-listen"] ?? "80";
  if (values["acme-webroot"] !== undefined && httpListen === "off") throw new UsageError("--acme-webroot needs plain HTTP: leave --http-listen on");
  return {
    serverName: values["server-name"]!.trim(),
    listen: values.listen!.trim(),
    certificate: path.resolve(cwd, values.certificate!),
    key: path.resolve(cwd, values.key!),
    upstreams: values.upstream,
    root: path.resolve(cwd, values.root ?? (env.PUBLIC_DIR?.trim() || "public")),
    httpListen: httpListen === "off" ? null : httpListen,
    acmeWebroot: values["acme-webroot"] === undefined ? undefined : path.resolve(cwd, values["acme-webroot"]),
    csp,
    formRate: values["form-rate"] ?? "30r/m",
    formBurst: burst,
    maxBodySize: values["max-body-size"] ?? "32m",
  };
}

export async function nginxConfigCli(
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
  out: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
  err: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
  cwd: string = process.cwd(),
): Promise<number> {
  const parsed = readRequest(args, NGINX_CONFIG_TEXT, { out, err }, (given) => parseNginxArgs(given, env, cwd));
  if ("exit" in parsed) return parsed.exit;
  const { request } = parsed;
  let text: string;
  try {
    const build = readSiteBuild(request.root);
    text = nginxConfig({ ...request, pages: build.pages, release: releaseName() });
  } catch (failure) {
    err(failure instanceof Error ? failure.message : String(failure));
    return 1;
  }
  out(text);
  return 0;
}

if (require.main === module) runCommand((args) => nginxConfigCli(args));
