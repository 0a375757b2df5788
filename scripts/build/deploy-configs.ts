/**
 * Configs for hosts other than the Node server, written by the build from the functions that
 * server uses (securityHeaderSets, answerKind, cacheControlFor) and the built site's file it reads
 * (src/handover/built-site.ts),
 * so a static host, a CDN or nginx gives visitors the answers the Node server gives:
 *
 *   dist/_headers                  Netlify and Cloudflare Pages: security headers and caching
 *   dist/.site/nginx.conf          an nginx server block (with its maps) for the http block:
 *                                  serves dist/ and proxies /api/, /review/ (the digest's links) and /healthz to the Node server
 *   dist/.site/nginx-headers.conf  the security headers, included by nginx.conf in each location
 *   dist/.site/nginx-brotli.conf   `brotli_static on;`, for an http block whose nginx loads
 *                                  libnginx-mod-http-brotli-static (nginx.conf itself loads without it)
 *
 * The nginx files sit in .site/ beside server.json: the Node server never serves a dotfile, and
 * the nginx config answers every path with a dot segment with the 404 page.
 * Build settings: NGINX_UPSTREAM (the Node server, 127.0.0.1:8080; several separated by commas for a
 * load-balanced set sharing one PostgreSQL database), NGINX_ROOT (where dist/ lives
 * on the nginx machine; the build's own dist/ by default) and NGINX_SERVER_INCLUDE (a file or glob
 * the server block includes, such as TLS settings, which the next build would otherwise overwrite).
 */
import { readdirSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import type { Site } from "../../src/content/types.ts";
import { answerKind, ANSWER_KINDS, DEFAULT_TIMEOUTS, KIND_PREFIX, securityHeaderSets } from "../../src/handover/security-policy.ts";
import type { AnswerKind, HeaderSet } from "../../src/handover/security-policy.ts";
import { readBuiltSite } from "../../src/handover/built-site.ts";
import type { BuiltSite } from "../../src/handover/built-site.ts";
import { cacheControlFor, NO_CACHE } from "../../src/handover/cache-policy.ts";

/** What the Node server sends with a redirect (src/server/http/static.ts). */
const REDIRECT_CACHE = "public, max-age=3600";

const isTwin = (file: string) => /\.(?:br|gz)$/.test(file);

/** Every file the Node server would serve: paths relative to dist, with "/", no dotfiles. */
export function servedFiles(dist: string): string[] {
  return readdirSync(dist, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dist, join(e.parentPath, e.name)).split("\\").join("/"))
    .filter((f) => !f.split("/").some((part) => part.startsWith(".")))
    .sort();
}

type ByKind = Record<AnswerKind, string>;

/** The kinds told apart by their folder; every other path is a page's. */
const OTHER_KINDS = Object.keys(KIND_PREFIX) as (keyof typeof KIND_PREFIX)[];

/** The security headers every kind of answer shares, and the ones that differ (a value per kind). */
function splitHeaders(builtSite: BuiltSite): { shared: HeaderSet; differing: Array<[name: string, values: ByKind]> } {
  const sets = securityHeaderSets(builtSite);
  const shared: HeaderSet = {};
  const differing: Array<[string, ByKind]> = [];
  for (const name of Object.keys(sets.page)) {
    const values = Object.fromEntries(ANSWER_KINDS.map((kind) => [kind, sets[kind][name]])) as ByKind;
    if (Object.values(values).some((v) => v === undefined)) throw new Error(`${name} is not sent with every kind of answer`);
    if (new Set(Object.values(values)).size === 1) shared[name] = values.page;
    else differing.push([name, values]);
  }
  return { shared, differing };
}

/** The headers one kind of answer adds to the shared ones. */
const headersOf = (differing: Array<[string, ByKind]>, kind: AnswerKind): HeaderSet =>
  Object.fromEntries(differing.map(([name, values]) => [name, values[kind]]));

/** Both configs tell the kinds apart by their folder (KIND_PREFIX): checked against the server's own test on every file. */
function checkKindPrefixes(files: string[]): void {
  for (const file of files) {
    const url = `/${file}`;
    const byPrefix = OTHER_KINDS.find((kind) => url.startsWith(KIND_PREFIX[kind])) ?? "page";
    if (answerKind(url) !== byPrefix) throw new Error(`answerKind no longer goes by KIND_PREFIX (${url}): update scripts/build/deploy-configs.ts`);
  }
}

interface CacheGroup {
  /** A file ("assets/logo.svg") or a folder whose files all share the value ("assets/img"). */
  path: string;
  folder: boolean;
  value: string;
}

/** The files under `dir` grouped by cacheControlFor: whole folders where they agree, single files where not. */
function cacheGroups(files: string[], dir: string): CacheGroup[] {
  const prefix = dir === "" ? "" : `${dir}/`;
  const children = new Map<string, string[]>();
  for (const file of files.filter((f) => f.startsWith(prefix) && !isTwin(f))) {
    const name = file.slice(prefix.length).split("/")[0]!;
    children.set(name, [...(children.get(name) ?? []), file]);
  }
  return [...children].flatMap(([name, under]): CacheGroup[] => {
    const path = prefix + name;
    if (under.length === 1 && under[0] === path) return [{ path, folder: false, value: cacheControlFor(path) }];
    const values = new Set(under.map((f) => cacheControlFor(f)));
    return values.size === 1 ? [{ path, folder: true, value: [...values][0]! }] : cacheGroups(files, path);
  });
}

// ---------------------------------------------------------------- _headers

interface Rule {
  path: string;
  /** Headers an earlier rule attached that this one replaces. */
  replaces?: string[];
  headers: HeaderSet;
}

/**
 * `_headers` for Netlify and Cloudflare Pages. `/*` gives every path a page's headers, so a path
 * no other rule names (a 404) has them too. The files of the other kinds, and only they (a 404
 * under /admin/ is a page's), replace the headers that differ: Netlify keeps a header from the
 * last rule that matches; Cloudflare joins the values of every matching rule (two CSPs, both
 * enforced) unless the later rule detaches the header first (`! name`, a line Netlify skips, as it
 * has no colon). Caching is attached by one rule for any path: on each top-level page or file and
 * on the folders and files under the other kinds' folders.
 */
export function headersFile(files: string[], builtSite: BuiltSite): string {
  checkKindPrefixes(files);
  const { shared, differing } = splitHeaders(builtSite);
  const rules: Rule[] = [{ path: "/*", headers: { ...shared, ...headersOf(differing, "page") } }];
  for (const group of cacheGroups(files, "")) {
    const top = group.path.split("/")[0]!;
    if (top.startsWith("_") || answerKind(`/${top}/`) !== "page") continue;
    if (group.path !== top) throw new Error(`/${top} mixes cached and revalidated files: _headers has no rule for that`);
    const headers = { "cache-control": group.value };
    if (top === "index.html") rules.push({ path: "/", headers });
    rules.push({ path: `/${top}`, headers });
    if (group.folder) rules.push({ path: `/${top}/*`, headers });
  }
  const replaces = differing.map(([name]) => name);
  for (const kind of OTHER_KINDS) {
    const folder = KIND_PREFIX[kind].slice(1, -1);
    const headers = (cacheControl: string) => ({ ...headersOf(differing, kind), "cache-control": cacheControl });
    const index = `${folder}/index.html`;
    if (files.includes(index)) for (const path of [`/${folder}`, `/${folder}/`]) rules.push({ path, replaces, headers: headers(cacheControlFor(index)) });
    for (const group of cacheGroups(files, folder)) {
      rules.push({ path: `/${group.path}${group.folder ? "/*" : ""}`, replaces, headers: headers(group.value) });
    }
  }
  if (rules.length > 100) console.warn(`_headers has ${rules.length} rules: Cloudflare Pages reads at most 100`);
  const body = rules.map((r) =>
    [r.path, ...(r.replaces ?? []).map((name) => `  ! ${name}`), ...Object.entries(r.headers).map(([n, v]) => `  ${n}: ${v}`)].join("\n"),
  );
  return `# Generated by the build (scripts/build/deploy-configs.ts) from the Node server's own header functions.\n\n${body.join("\n\n")}\n`;
}

// ---------------------------------------------------------------- nginx

export interface NginxOptions {
  /** Absolute path of dist/ on the nginx machine. */
  root: string;
  /** host:port of the Node server, or several separated by commas (instances sharing one PostgreSQL database). */
  upstream: string;
  /** `listen` parameters, one directive each. */
  listen: string[];
  serverName: string;
  /** Files the server block includes, e.g. the admin's TLS settings (listen 443 ssl, certificates). */
  includes?: string[];
  /** Where nginx.conf finds nginx-headers.conf: `<root>/.site` unless set (a test's nginx keeps its copies outside the build). */
  configDir?: string;
  /** The access log, written with review links and the sign-in's query left out; Debian's by default. */
  accessLog?: string;
}

/** Text for an nginx double-quoted string; `$` would start a variable, so it is refused. */
function safe(value: string): string {
  if (/[$"\\\n]/.test(value)) throw new Error(`cannot write ${JSON.stringify(value)} into the nginx config`);
  return value;
}
const quote = (value: string) => `"${safe(value)}"`;

/** A map key matching the file (and its .br/.gz twins) or everything under the folder. */
function uriPattern(group: CacheGroup): string {
  const path = safe(`/${group.path}`).replace(/[.*+?^{}()|[\]]/g, "\\$&");
  return `"~^${path}${group.folder ? "/" : "(?:\\.br|\\.gz)?$"}"`;
}
const variable = (header: string) => `$lariox_${header.replace(/-/g, "_")}`;

/** The nginx files by name, for dist/.site/. */
export function nginxFiles(files: string[], builtSite: BuiltSite, options: NginxOptions): Record<string, string> {
  checkKindPrefixes(files);
  const { shared, differing } = splitHeaders(builtSite);
  const snippet = `${safe(options.configDir ?? `${options.root}/.site`)}/nginx-headers.conf`;
  const headers = [
    "# The security headers of every answer from dist/ (included by nginx.conf); `always` puts them on 404s and 405s too.",
    ...differing.map(([name]) => `add_header ${name} ${variable(name)} always;`),
    ...Object.entries(shared).map(([name, value]) => `add_header ${name} ${quote(value)} always;`),
    "",
  ].join("\n");
  const onStatic = (cacheControl: string, methods: "any" | "get") => [
    `        include "${snippet}";`,
    `        add_header cache-control ${cacheControl} always;`,
    ...(methods === "get"
      ? [
          "        add_header allow $lariox_allow always;",
          `        if ($request_method !~ ^(GET|HEAD)$) { return 405 "405 Method Not Allowed: pages answer GET and HEAD\\n"; }`,
        ]
      : []),
  ];
  const location = (match: string, ...lines: string[]) => [`    location ${match} {`, ...lines, "    }"];
  // 494 is nginx's "Request Header Or Cookie Too Large", sent as a 400 (and worded as one).
  const errorPages = `error_page ${Object.keys(NGINX_ERRORS).join(" ")} 494 $lariox_error_page;`;
  const errorAnswer = (type: string, body: string) => [
    "        internal;",
    ...onStatic('"no-store"', "any"),
    `        default_type ${type};`,
    // The status stays the refusal's: nginx sends an error page with the error's status.
    `        return 200 ${body};`,
  ];
  const toNode = [
    "        proxy_pass http://lariox_node;",
    "        proxy_http_version 1.1;",
    '        proxy_set_header Connection "";',
    "        proxy_set_header Host $host;",
    // What the Node server trusts from one hop (TRUST_PROXY=1) is nginx's own view, never what a
    // client wrote: the visitor's address, the host (the sign-in's redirect_uri and the forms' origin
    // check are built on it) and the scheme. The other such headers are not passed on at all.
    "        proxy_set_header X-Forwarded-For $remote_addr;",
    "        proxy_set_header X-Forwarded-Host $host;",
    "        proxy_set_header X-Forwarded-Proto $scheme;",
    ...["Forwarded", "X-Forwarded-Port", "X-Forwarded-Prefix", "X-Forwarded-Server", "X-Real-IP"].map((name) => `        proxy_set_header ${name} "";`),
    // The default, written out: a request goes on to the next server when the first cannot be reached
    // (refused, connect timeout), but a form post never once it was sent (no non_idempotent): the
    // first may have stored it, so a post cut off mid-way gets the 503 rather than a second copy.
    "        proxy_next_upstream error timeout;",
    "        error_page 502 504 = @node_down;",
    `        ${errorPages}`,
  ];
  const upstreams = options.upstream.split(",").map((u) => u.trim());
  for (const u of upstreams) if (!/^[\w.:/[\]-]+$/.test(u)) throw new Error(`NGINX_UPSTREAM: ${JSON.stringify(u)} is not host:port`);
  const redirects = builtSite.redirects.flatMap(({ from, to }) =>
    [from, `${from}/`].flatMap((path) =>
      location(`= ${quote(path)}`, ...onStatic(quote(REDIRECT_CACHE), "get"), `        return 301 "${safe(to)}$is_args$args";`),
    ),
  );
  // Below Node's keep-alive, so nginx never reuses a connection Node is closing (a form post is not retried).
  const keepaliveSeconds = Math.max(1, Math.floor(DEFAULT_TIMEOUTS.keepAliveMs / 1000) - 1);

  const server = [
    "# Generated by `npm run build` (scripts/build/deploy-configs.ts) from the Node server's own header,",
    "# caching and redirect rules. Include it in nginx's http block (e.g. a link in /etc/nginx/sites-enabled/),",
    "# and nginx-brotli.conf there too when libnginx-mod-http-brotli-static is installed. See docs/deploy.md.",
    "",
    // On the path nginx serves ($uri: decoded, dot segments resolved, the file try_files found,
    // /404.html for a 404), as the Node server goes by the file it serves: only a file under the
    // folder gets its kind's headers, never a page reached by an encoded "..", a 404 or a 405.
    ...differing.flatMap(([name, values]) => [
      `map "$request_method $uri" ${variable(name)} {`,
      `    default ${quote(values.page)};`,
      ...OTHER_KINDS.map((kind) => `    ${quote(`~^(?:GET|HEAD) ${KIND_PREFIX[kind]}`)} ${quote(values[kind])};`),
      "}",
    ]),
    "map $uri $lariox_cache_control {",
    `    default ${quote(NO_CACHE)};`,
    ...cacheGroups(files, "")
      .filter((g) => g.value !== NO_CACHE)
      .map((g) => `    ${uriPattern(g)} ${quote(g.value)};`),
    "}",
    'map $request_method $lariox_allow { default "GET, HEAD"; GET ""; HEAD ""; }',
    // The access log without secrets: a review link's token (it releases or marks as spam for 14 days)
    // and the sign-in's query (GitHub's code and state), as the Node server's own log leaves them out.
    "map $request_uri $lariox_logged_uri {",
    "    default $request_uri;",
    '    "~^/review/" "/review/[redacted]";',
    '    "~^(/api/auth/callback/?)\\?" "$1?[redacted]";',
    "}",
    "log_format lariox_redacted '$remote_addr - $remote_user [$time_local] \"$request_method $lariox_logged_uri $server_protocol\" '",
    '    \'$status $body_bytes_sent "$http_referer" "$http_user_agent"\';',
    // nginx's own refusals, in the Node server's words and form: JSON under /api, plain text elsewhere.
    "map $request_uri $lariox_error_page {",
    "    default /.nginx-error/page;",
    '    "~^/api(?:[/?]|$)" /.nginx-error/api;',
    "}",
    "map $status $lariox_error_message {",
    '    default "The request could not be processed.";',
    ...Object.entries(NGINX_ERRORS).map(([status, message]) => `    ${status} ${quote(message)};`),
    "}",
    "",
    "upstream lariox_node {",
    // Round robin; a server that fails a request (error, timeout) is left out for 10 s (max_fails=1 fail_timeout=10s).
    ...upstreams.map((u) => `    server ${u};`),
    "    keepalive 8;",
    `    keepalive_timeout ${keepaliveSeconds}s;`,
    "}",
    "",
    "server {",
    ...options.listen.map((l) => `    listen ${l};`),
    `    server_name ${options.serverName};`,
    ...(options.includes ?? []).map((file) => `    include ${quote(file)};`),
    `    root ${quote(options.root)};`,
    "    charset utf-8;",
    "    charset_types text/css text/plain text/xml application/javascript application/json image/svg+xml;",
    "    gzip_static on;",
    "    gzip_vary on;",
    "    absolute_redirect off;",
    "    server_tokens off;",
    `    access_log ${quote(options.accessLog ?? "/var/log/nginx/access.log")} lariox_redacted;`,
    '    default_type "text/plain";',
    "    error_page 404 /404.html;",
    `    ${errorPages}`,
    // One range a request, as the Node server (it answers several with the whole file): many tiny
    // ranges would make nginx send more than the file.
    "    max_ranges 1;",
    "",
    ...location("/", ...onStatic("$lariox_cache_control", "get"), "        try_files $uri $uri/index.html =404;"),
    ...location("= /404.html", "        internal;", ...onStatic("$lariox_cache_control", "any")),
    // The 404 page's own addresses, every dotfile and the static hosts' own files (_redirects,
    // _headers: they tell where the API and the editor are) answer 404, as on the Node server.
    ...location("= /404", ...onStatic("$lariox_cache_control", "get"), "        return 404;"),
    ...location("^~ /404/", ...onStatic("$lariox_cache_control", "get"), "        return 404;"),
    ...location("~ /\\.", ...onStatic("$lariox_cache_control", "get"), "        return 404;"),
    ...location("~ ^/_(?:redirects|headers)$", ...onStatic("$lariox_cache_control", "get"), "        return 404;"),
    ...redirects,
    ...location("^~ /api/", ...toNode),
    ...location("= /api", ...toNode),
    ...location("= /healthz", ...toNode),
    ...location("^~ /review/", ...toNode),
    ...location("= /.nginx-error/page", ...errorAnswer('"text/plain"', '"$status $lariox_error_message\\n"')),
    ...location("= /.nginx-error/api", ...errorAnswer("application/json", `'{"success":false,"message":"$lariox_error_message"}'`)),
    ...location(
      "@node_down",
      ...onStatic('"no-store"', "any"),
      "        add_header retry-after 60 always;",
      "        default_type application/json;",
      `        return 503 '{"success":false,"message":"The server is not answering. Please try again in a few minutes, or e-mail us directly."}';`,
    ),
    "}",
    "",
  ].join("\n");
  return { "nginx.conf": server, "nginx-headers.conf": headers, "nginx-brotli.conf": NGINX_BROTLI };
}

/** The refusals nginx answers itself, before or instead of the Node server, with their words. */
const NGINX_ERRORS: Record<number, string> = {
  400: "The request is malformed.",
  // A method nginx refuses before any location (TRACE): pages answer their own 405 with Allow.
  405: "The method is not allowed.",
  413: "The request body is too large.",
  414: "The address is too long.",
  501: "The request's transfer encoding is not supported.",
  505: "The HTTP version is not supported.",
};

const NGINX_BROTLI = "# Precompressed .br twins; needs libnginx-mod-http-brotli-static. Include it in the http block.\nbrotli_static on;\n";

/** Writes _headers and the nginx files; reads the file writeBuiltSite just wrote, as the server does. */
export function writeDeployConfigs(dist: string, site: Site, env: NodeJS.ProcessEnv = process.env): void {
  const builtSite = readBuiltSite(dist);
  const files = servedFiles(dist);
  writeFileSync(join(dist, "_headers"), headersFile(files, builtSite));
  const options: NginxOptions = {
    root: env.NGINX_ROOT ?? resolve(dist),
    upstream: env.NGINX_UPSTREAM ?? "127.0.0.1:8080",
    listen: ["80", "[::]:80"],
    serverName: new URL(site.company.siteUrl).hostname,
    includes: env.NGINX_SERVER_INCLUDE ? [env.NGINX_SERVER_INCLUDE] : [],
  };
  for (const [name, text] of Object.entries(nginxFiles(files, builtSite, options))) writeFileSync(join(dist, ".site", name), text);
}
