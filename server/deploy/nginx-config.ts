/**
 * The nginx configuration of a deployment (bin/nginx-config): one file to
 * include at the `http` level of Debian 12's nginx (1.22, with
 * libnginx-mod-http-brotli-static), that answers as the server does.
 *
 * - TLS on `listen` (TLS 1.2 and 1.3, Mozilla's "intermediate" ciphers), HSTS,
 *   and a plain-HTTP server that only redirects to HTTPS.
 * - The build (public/) served from the disk with its `.br`/`.gz` twins
 *   (brotli_static, gzip_static), each page's own Content-Security-Policy and
 *   the site's other headers, the cache rules, the redirects (`/home`, a
 *   trailing slash) and the 404 page, all taken from the server's own code
 *   (server/site/), never a copy of it.
 * - `/api/` and the search page with a query (rendered by the server) proxied
 *   to the instances. The client's address is sent as the only entry of
 *   X-Forwarded-For (whatever the client wrote there is dropped), so an
 *   instance with TRUST_PROXY=loopback counts the visitor's own address.
 * - The form calls (POST under /api/) limited per address before they reach
 *   an instance (limit_req).
 * - Failover: a request that could not be sent to an instance (refused
 *   connection) goes to the next one; a POST that reached an instance is sent
 *   again only when it carries an Idempotency-Key (the server then stores it
 *   once whichever instance gets it). No upstream keepalive: a POST is never
 *   written into a kept connection the instance is closing.
 *
 * This module is pure (inputs to text); the CLI (server/cli/nginx-config.ts)
 * reads the build and the arguments.
 */
import { cspHeaderName, type CspMode } from "../site/csp";
import { BUILD_INTERNAL_FILES, HASHED_PATHS, HOME_ALIASES, IMMUTABLE, NOT_FOUND_PAGE, REVALIDATE, SITE_HEADERS } from "../site";
import { SEARCH_PATH } from "../../src/shared/utils/search";
import { CONTENT_TYPES } from "../site/static-files";
import { ADMIN_ROBOTS } from "../site/admin-policy";
import type { BuiltPage } from "./site-build";

/** HSTS of every HTTPS answer: two years (the HTTP Observatory asks for six months at least). */
export const HSTS = "max-age=63072000";

/** The message of a request refused by the per-address limit, as the server words its own 429. */
const TOO_MANY = "Too many requests. Please try again later.";

export interface NginxSite {
  /** The site's host name(s), as nginx's server_name takes them (`example.com www.example.com`). The first is the canonical one. */
  serverName: string;
  /** Where TLS is served: a port, or address:port (`443`, `[::]:443`, `192.0.2.1:443`). */
  listen: string;
  /** Where plain HTTP is served (only to redirect to HTTPS); null for none. */
  httpListen: string | null;
  /** Where an ACME client (certbot --webroot) writes its challenges, answered over plain HTTP; undefined for none. */
  acmeWebroot?: string;
  certificate: string;
  key: string;
  /** The instances, `host:port` each. */
  upstreams: string[];
  /** The build folder (public/), absolute. */
  root: string;
  /** Every HTML page of the build with its policy. */
  pages: BuiltPage[];
  /** The server's CONTENT_SECURITY_POLICY. */
  csp: CspMode;
  /** limit_req's rate of form calls per address (`30r/m`). */
  formRate: string;
  /** Form calls one address may send at once above the rate. */
  formBurst: number;
  /** client_max_body_size of the API (`32m`): above the largest form with its files. */
  maxBodySize: string;
  /** Said in the file's first line (`industrial-group-site 0.1.0`). */
  release?: string;
}

/** A value for nginx's config between double quotes: refused when it holds what nginx would read as syntax or a variable. */
function quoted(value: string): string {
  if (/["\\$\r\n]/.test(value)) throw new Error(`Cannot write ${JSON.stringify(value)} into the nginx config: it holds a quote, backslash, $ or line break`);
  return `"${value}"`;
}

/** A regular expression of the server's code for nginx (PCRE), quoted (its braces would end a block). */
function regex(pattern: RegExp): string {
  if (pattern.flags !== "") throw new Error(`The pattern ${pattern} has flags nginx would not apply`);
  // A `$` is an anchor here (a map's keys are not read for variables), but keep it away from anything that names one.
  if (/["\r\n]|\$(?![|)]|$)/.test(pattern.source)) throw new Error(`The pattern ${pattern} cannot be written into the nginx config`);
  return `"~${pattern.source}"`;
}

/** A config word given on the command line (a path, a size, a rate): no spaces, quotes, semicolons, braces or variables. */
function word(value: string, what: string): string {
  if (!/^[^\s"'`;{}$\\#]+$/.test(value)) throw new Error(`${what} "${value}" cannot be written into the nginx config (no spaces, quotes, ; { } $ \\ or #)`);
  return value;
}

/** The port of a listen value (`443`, `[::]:8443`, `192.0.2.1:443`). */
function listenPort(listen: string): number {
  const found = /^(?:(?:\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):)?(\d{1,5})$/.exec(listen);
  const port = found ? Number(found[1]) : NaN;
  if (!(port >= 1 && port <= 65_535)) throw new Error(`"${listen}" is not a port or address:port`);
  return port;
}

/** An upstream `host:port` (a name, an IPv4 address or a bracketed IPv6 address). */
function checkUpstream(upstream: string): string {
  if (!/^(?:\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):\d{1,5}$/.test(upstream)) throw new Error(`--upstream "${upstream}" is not host:port`);
  listenPort(upstream.slice(upstream.lastIndexOf(":") + 1));
  return upstream;
}

/** The server's headers of a static answer (every status: `always`), HSTS first. */
function staticHeaders(cspHeader: string | undefined, indent: string): string[] {
  const lines = [`add_header Strict-Transport-Security ${quoted(HSTS)} always;`];
  for (const [name, value] of Object.entries(SITE_HEADERS)) lines.push(`add_header ${name} ${quoted(value)} always;`);
  // An empty value is not sent: files other than pages get no policy, as from the server.
  if (cspHeader) lines.push(`add_header ${cspHeader} $igs_page_policy always;`);
  lines.push("add_header Cache-Control $igs_cache_control always;");
  return lines.map((line) => indent + line);
}

/**
 * How one location proxies to the instances. `api`: the form calls' limit per
 * address and body size; `retryPosts`: a POST that reached an instance may go
 * to the next one.
 */
function proxyLines(site: NginxSite, { api, retryPosts }: { api: boolean; retryPosts: boolean }, indent: string): string[] {
  const limits = api
    ? [`limit_req zone=igs_forms burst=${site.formBurst} nodelay;`, "limit_req_status 429;", "error_page 429 = @igs_too_many;", `client_max_body_size ${site.maxBodySize};`]
    : [];
  const lines = [
    ...limits,
    "proxy_pass http://igs_instances;",
    "proxy_http_version 1.1;",
    "proxy_set_header Host $host;",
    "# The address nginx sees, alone: an X-Forwarded-For a client wrote is not passed on (TRUST_PROXY=loopback reads this one).",
    "proxy_set_header X-Forwarded-For $remote_addr;",
    "proxy_set_header X-Forwarded-Proto $scheme;",
    "proxy_set_header Forwarded \"\";",
    "proxy_set_header X-Real-IP \"\";",
    retryPosts
      ? "# This POST carries an Idempotency-Key: the instances store it once, so it may be sent again to the next one."
      : "# A POST that reached an instance is never sent again (no non_idempotent): only one that could not be sent is.",
    `proxy_next_upstream error timeout http_502 http_503${retryPosts ? " non_idempotent" : ""};`,
    `proxy_next_upstream_tries ${site.upstreams.length};`,
    "proxy_connect_timeout 5s;",
    // The site's headers come from the instance; HSTS is the front's.
    `add_header Strict-Transport-Security ${quoted(HSTS)} always;`,
  ];
  return lines.map((line) => indent + line);
}

/** A map_hash_bucket_size that holds the longest key (nginx: the key and two pointers, in a power of two from 64). */
function mapBucketSize(keys: string[]): number {
  const longest = Math.max(0, ...keys.map((key) => Buffer.byteLength(key)));
  let size = 64;
  while (size < longest + 32) size *= 2;
  return size;
}

/** The whole configuration, to include at the http level. */
export function nginxConfig(site: NginxSite): string {
  if (site.upstreams.length === 0) throw new Error("At least one --upstream is needed");
  site.upstreams.forEach(checkUpstream);
  const httpsPort = listenPort(site.listen);
  if (site.httpListen !== null) listenPort(site.httpListen);
  const names = site.serverName.trim().split(/\s+/);
  for (const name of names) if (!/^[A-Za-z0-9.*-]+$/.test(name)) throw new Error(`--server-name "${name}" is not a host name`);
  if (!/^\d+r\/[sm]$/.test(site.formRate)) throw new Error(`--form-rate "${site.formRate}" is not a rate like 30r/m or 2r/s`);
  if (!Number.isInteger(site.formBurst) || site.formBurst < 0) throw new Error(`--form-burst must be a whole number, got ${site.formBurst}`);
  if (!/^\d+[kmg]?$/i.test(site.maxBodySize)) throw new Error(`--max-body-size "${site.maxBodySize}" is not a size like 32m`);
  const canonical = names[0];
  const cspHeader = cspHeaderName(site.csp);
  const root = word(site.root, "--root");
  const lines: string[] = [];
  const add = (...more: string[]) => lines.push(...more);

  add(
    `# ${site.release ? `${site.release}: ` : ""}nginx configuration made by bin/nginx-config for ${site.serverName}.`,
    "# Include it at the http level (/etc/nginx/conf.d/). Make it again after every new build: each page's",
    "# Content-Security-Policy below holds the hashes of that page's inline scripts.",
    "# Needs brotli_static: apt-get install libnginx-mod-http-brotli-static.",
    "",
    "# The pages' paths (the keys of a map below) are longer than nginx's default hash bucket holds. It must come",
    "# before any map of the http level: remove this line if your nginx.conf sets a larger one.",
    `map_hash_bucket_size ${mapBucketSize(site.pages.map((page) => page.file))};`,
    "",
    "# The instances. No keepalive: a POST is never written into a kept connection the instance is closing.",
    "# max_fails=0: an instance whose port refused a connection (restarting) is tried again at the next request.",
    "# Marked down for a while instead, the instances restarted one after the other could all be down at once",
    "# in nginx's eyes while one of them is back and ready, and every request would get 502.",
    "upstream igs_instances {",
    ...site.upstreams.map((upstream) => `    server ${upstream} max_fails=0;`),
    "}",
    "",
    "# Form calls per client address: POSTs only (an empty key is not counted).",
    "map $request_method $igs_form_client {",
    "    POST $binary_remote_addr;",
    '    default "";',
    "}",
    `limit_req_zone $igs_form_client zone=igs_forms:10m rate=${site.formRate};`,
    "# Connections (HTTP/2: requests at once) per client address, as the server's MAX_CONNECTIONS_PER_CLIENT",
    "# default, which is off behind a proxy (TRUST_PROXY).",
    "limit_conn_zone $binary_remote_addr zone=igs_connections:10m;",
    "",
    "# A POST carrying an Idempotency-Key may be sent again to the next instance.",
    'map "$request_method:$http_idempotency_key" $igs_keyed_post {',
    "    default 0;",
    '    "~^POST:." 1;',
    "}",
    "",
    "# Cache rules (server/site/index.ts): content-addressed files for a year, everything else revalidated.",
    "map $uri $igs_cache_control {",
    `    default ${quoted(REVALIDATE)};`,
    ...HASHED_PATHS.map((pattern) => `    ${regex(pattern)} ${quoted(IMMUTABLE)};`),
    "}",
    "",
    "# Each page's own Content-Security-Policy, by the file that answers (server/site/csp.ts).",
    "map $uri $igs_page_policy {",
    '    default "";',
    ...site.pages.map((page) => `    ${quoted(page.file)} ${quoted(page.policy)};`),
    "}",
    "",
  );

  if (site.httpListen !== null) {
    add(
      "# Plain HTTP: only a redirect to HTTPS.",
      "server {",
      `    listen ${word(site.httpListen, "--http-listen")};`,
      `    server_name ${names.join(" ")};`,
      "    server_tokens off;",
      ...(site.acmeWebroot === undefined
        ? [`    return 301 https://${canonical}${httpsPort === 443 ? "" : `:${httpsPort}`}$request_uri;`]
        : [
            "    # Certificate renewals: the ACME client's challenges, from its webroot; everything else to HTTPS.",
            "    location /.well-known/acme-challenge/ {",
            `        root ${quoted(site.acmeWebroot)};`,
            "        default_type text/plain;",
            "    }",
            "    location / {",
            `        return 301 https://${canonical}${httpsPort === 443 ? "" : `:${httpsPort}`}$request_uri;`,
            "    }",
          ]),
      "}",
      "",
    );
  }

  const headers = (indent: string) => staticHeaders(cspHeader, indent);
  const charsetTypes = Object.values(CONTENT_TYPES)
    .filter((type) => /charset=utf-8/i.test(type))
    .map((type) => type.split(";")[0])
    .filter((type, i, all) => type !== "text/html" && all.indexOf(type) === i);
  const home = HOME_ALIASES.map((alias) => alias.replace(/\/$/, "")).filter((alias, i, all) => all.indexOf(alias) === i);
  const internalNames = BUILD_INTERNAL_FILES.map((name) => name.replace(/[.]/g, "\\."));
  add(
    "server {",
    `    listen ${word(site.listen, "--listen")} ssl http2;`,
    `    server_name ${names.join(" ")};`,
    "    server_tokens off;",
    "    limit_conn igs_connections 100;",
    "    limit_conn_status 429;",
    "    # Slow clients are cut here; whole request bodies are read before an instance sees them (proxy_request_buffering).",
    "    client_header_timeout 20s;",
    "    client_body_timeout 20s;",
    "",
    `    ssl_certificate ${word(site.certificate, "--certificate")};`,
    `    ssl_certificate_key ${word(site.key, "--key")};`,
    "    ssl_protocols TLSv1.2 TLSv1.3;",
    "    ssl_ciphers ECDHE-ECDSA-AES128-GCM-SHA256:ECDHE-RSA-AES128-GCM-SHA256:ECDHE-ECDSA-AES256-GCM-SHA384:ECDHE-RSA-AES256-GCM-SHA384:ECDHE-ECDSA-CHACHA20-POLY1305:ECDHE-RSA-CHACHA20-POLY1305;",
    "    ssl_prefer_server_ciphers off;",
    "    ssl_session_cache shared:igs_tls:10m;",
    "    ssl_session_timeout 1d;",
    "    ssl_session_tickets off;",
    "",
    `    root ${root};`,
    "    index index.html;",
    "    # Redirects keep the visitor's scheme, host and port: Location is a path, as from the server.",
    "    absolute_redirect off;",
    "    # The build's twins (.br, .gz) when the client takes them; nothing compressed on the fly.",
    "    brotli_static on;",
    "    gzip_static on;",
    "    gzip_vary on;",
    "    charset utf-8;",
    `    charset_types ${charsetTypes.join(" ")};`,
    `    error_page 404 /${NOT_FOUND_PAGE};`,
    ...headers("    "),
    "",
    "    location / {",
    "        # /home leads home; a trailing slash is taken away (the query kept): pages only, never /api/ (its own",
    "        # location below). As the server's localRedirectTarget, never towards a path starting with // or holding a",
    "        # backslash, white space or control character: a browser reads //host and /\\host as another host.",
    ...home.map((alias) => `        rewrite ^${alias}/?$ / permanent;`),
    '        rewrite "^(/(?!/)[^\\x5c\\s\\x00-\\x1f\\x7f]*?)/+$" $1 permanent;',
    "        try_files $uri $uri/index.html =404;",
    ...headers("        "),
    "    }",
    "    location = / {",
    "        try_files /index.html =404;",
    ...headers("        "),
    "    }",
    `    location = /${NOT_FOUND_PAGE} {`,
    ...headers("        "),
    "    }",
    "    # The content editor (/admin, Decap CMS): its own policy (the map above), never indexed. A prefix location, so",
    "    # the text files' location below does not take its files; the same types, and its configuration and WebAssembly.",
    "    location ^~ /admin {",
    '        rewrite "^(/(?!/)[^\\x5c\\s\\x00-\\x1f\\x7f]*?)/+$" $1 permanent;',
    "        try_files $uri $uri/index.html =404;",
    `        types { ${Object.entries({ ...CONTENT_TYPES, ".yml": "text/yaml", ".wasm": "application/wasm" })
      .map(([extension, type]) => `${type.split(";")[0]} ${extension.slice(1)};`)
      .join(" ")} }`,
    `        add_header ${ADMIN_ROBOTS[0]} ${quoted(ADMIN_ROBOTS[1])} always;`,
    ...headers("        "),
    "    }",
    "    # Source maps, the build's internal files and dotfiles are not part of the site.",
    `    location ~* "(\\.map|/(${internalNames.join("|")}))(\\.br|\\.gz)*$" {`,
    "        return 404;",
    "    }",
    "    location ~ /\\. {",
    "        return 404;",
    "    }",
    "    # The build's text files with the types the server gives them.",
    `    location ~ "\\.(${Object.keys(CONTENT_TYPES).map((extension) => extension.slice(1)).join("|")})$" {`,
    `        types { ${Object.entries(CONTENT_TYPES).map(([extension, type]) => `${type.split(";")[0]} ${extension.slice(1)};`).join(" ")} }`,
    ...headers("        "),
    "    }",
    "",
    "    # The search page with a query is rendered by the server; without one it is a page of the build.",
    `    location = ${SEARCH_PATH} {`,
    "        error_page 418 = @igs_instances;",
    `        error_page 404 /${NOT_FOUND_PAGE};`,
    "        if ($args) {",
    "            return 418;",
    "        }",
    `        try_files ${SEARCH_PATH}/index.html =404;`,
    ...headers("        "),
    "    }",
    "    location @igs_instances {",
    ...proxyLines(site, { api: false, retryPosts: false }, "        "),
    "    }",
    "",
    "    # The API: a POST with an Idempotency-Key goes to @igs_keyed_post, which may send it to a second instance.",
    "    location ^~ /api/ {",
    "        error_page 418 = @igs_keyed_post;",
    "        # The per-address limit's 429 (error_page) may follow the 418 above.",
    "        recursive_error_pages on;",
    "        if ($igs_keyed_post) {",
    "            return 418;",
    "        }",
    ...proxyLines(site, { api: true, retryPosts: false }, "        "),
    "    }",
    "    location @igs_keyed_post {",
    ...proxyLines(site, { api: true, retryPosts: true }, "        "),
    "    }",
    "    location @igs_too_many {",
    "        default_type application/json;",
    `        add_header Strict-Transport-Security ${quoted(HSTS)} always;`,
    ...Object.entries(SITE_HEADERS).map(([name, value]) => `        add_header ${name} ${quoted(value)} always;`),
    '        add_header Cache-Control "no-store" always;',
    '        add_header Retry-After "60" always;',
    `        return 429 '${JSON.stringify({ message: TOO_MANY })}';`,
    "    }",
    "}",
    "",
  );
  return lines.join("\n");
}
