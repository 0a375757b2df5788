// @vitest-environment node
/**
 * The shape of the build's host configs (scripts/build/deploy-configs.ts) on a small fixture
 * build. tests/integration/proxy.test.ts runs the nginx config for real.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { headersFile, nginxFiles, servedFiles, writeDeployConfigs } from "../../scripts/build/deploy-configs.ts";
import type { Site } from "../../src/content/types.ts";
import { answerKind, securityHeaders } from "../../src/handover/security-policy.ts";
import { BUILT_SITE_FILE } from "../../src/handover/built-site.ts";
import type { BuiltSite } from "../../src/handover/built-site.ts";
import { cacheControlFor } from "../../src/handover/cache-policy.ts";
import { tempDir } from "../server/helpers.ts";

const builtSite: BuiltSite = {
  redirects: [{ from: "/old", to: "/about" }],
  scriptHashes: ["'sha256-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA='"],
  frameOrigins: ["https://www.google.com"],
};

/** URL -> file it serves. */
const SERVED: Record<string, string> = {
  "/": "index.html",
  "/about": "about/index.html",
  "/about/": "about/index.html",
  "/robots.txt": "robots.txt",
  "/assets/index-B1x2Yz_9.js": "assets/index-B1x2Yz_9.js",
  "/assets/style-AbCdEf12.css": "assets/style-AbCdEf12.css",
  "/assets/logo.svg": "assets/logo.svg",
  "/assets/img/about.3f9c1e2ab0-960.webp": "assets/img/about.3f9c1e2ab0-960.webp",
  "/assets/datasheets/edge.pdf": "assets/datasheets/edge.pdf",
  "/admin/": "admin/index.html",
  "/admin/assets/admin-Dx9_a1B2.js": "admin/assets/admin-Dx9_a1B2.js",
  "/admin/site-index.json": "admin/site-index.json",
};

const dir = tempDir("lariox-deploy-");
afterAll(() => dir.remove());
const dist = join(dir.path, "dist");
for (const file of [...Object.values(SERVED), "404.html", "404/index.html", "_redirects", "assets/index-B1x2Yz_9.js.br", BUILT_SITE_FILE]) {
  mkdirSync(dirname(join(dist, file)), { recursive: true });
  writeFileSync(join(dist, file), file === BUILT_SITE_FILE ? JSON.stringify(builtSite) : file);
}

type Host = "netlify" | "cloudflare";

/**
 * What a host sends for `url` from `_headers`, as their parsers and servers do. Netlify: `/x` also
 * matches `/x/`, a header from a later rule replaces an earlier one, and a line without a colon is
 * skipped. Cloudflare Pages: `/x` is exact; a rule's `! name` lines remove the header earlier rules
 * attached, then its headers are added, joined with a comma to a value an earlier rule left.
 */
function headersFor(text: string, url: string, host: Host): Record<string, string> {
  const sent: Record<string, string> = {};
  for (const block of text.split(/\n\n/)) {
    const [path, ...lines] = block.split("\n").filter((line) => line && !line.startsWith("#"));
    if (!path) continue;
    const matches = path.endsWith("/*") ? url.startsWith(path.slice(0, -1)) : url === path || (host === "netlify" && url === `${path}/`);
    if (!matches) continue;
    const detached = lines.map((line) => /^\s*!\s*(\S+)$/.exec(line)?.[1]).filter((name) => name !== undefined);
    if (host === "cloudflare") for (const name of detached) delete sent[name];
    for (const line of lines.filter((l) => l.includes(":"))) {
      const [name, ...value] = line.trim().split(": ");
      sent[name!] = host === "cloudflare" && sent[name!] !== undefined ? `${sent[name!]}, ${value.join(": ")}` : value.join(": ");
    }
  }
  return sent;
}

describe("_headers", () => {
  const text = headersFile(servedFiles(dist), builtSite);

  it("gives every file the Node server's headers on Netlify and on Cloudflare Pages", () => {
    for (const host of ["netlify", "cloudflare"] as const) {
      for (const [url, file] of Object.entries(SERVED)) {
        expect(headersFor(text, url, host), `${host} ${url}`).toEqual({
          ...securityHeaders(builtSite, answerKind(url)),
          "cache-control": cacheControlFor(file),
        });
      }
    }
  });

  it("gives a path no rule names, and a 404 under /admin/ or /assets/, a page's headers on Netlify and on Cloudflare Pages", () => {
    const page = securityHeaders(builtSite, "page");
    for (const host of ["netlify", "cloudflare"] as const) {
      for (const url of ["/nope", "/nope/deeper", "/administration", "/admin/nope", "/assets/nope.pdf"]) {
        expect(headersFor(text, url, host), `${host} ${url}`).toMatchObject(page);
      }
    }
  });

  it("lists no dotfiles and not the files the host reads itself", () => {
    expect(servedFiles(dist)).not.toContain(BUILT_SITE_FILE);
    for (const url of ["/_redirects", "/.site/server.json"]) expect(headersFor(text, url, "cloudflare")["cache-control"]).toBeUndefined();
  });
});

describe("nginx config", () => {
  const files = nginxFiles(servedFiles(dist), builtSite, { root: "/srv/site/dist", upstream: "127.0.0.1:8080", listen: ["80"], serverName: "www.example.org" });
  const conf = files["nginx.conf"]!;

  it("caches the hashed files for a year by name and revalidates the rest", () => {
    const cacheMap = /map \$uri \$lariox_cache_control \{\n([\s\S]*?)\n\}/.exec(conf)![1]!;
    expect(cacheMap.split("\n").map((l) => l.trim())).toEqual([
      'default "no-cache";',
      '"~^/assets/img/" "public, max-age=31536000, immutable";',
      '"~^/assets/index-B1x2Yz_9\\.js(?:\\.br|\\.gz)?$" "public, max-age=31536000, immutable";',
      '"~^/assets/style-AbCdEf12\\.css(?:\\.br|\\.gz)?$" "public, max-age=31536000, immutable";',
    ]);
  });

  it("sends the security headers from one snippet, the search page's under /search/, the framed files' under /assets/ and the editor's under /admin", () => {
    const page = securityHeaders(builtSite, "page");
    const search = securityHeaders(builtSite, "search");
    const framed = securityHeaders(builtSite, "asset");
    const editor = securityHeaders(builtSite, "admin");
    for (const [name, value] of Object.entries(page)) {
      const line = files["nginx-headers.conf"]!.split("\n").find((l) => l.startsWith(`add_header ${name} `));
      if (search[name] === value && framed[name] === value && editor[name] === value) expect(line).toBe(`add_header ${name} "${value}" always;`);
      else
        expect(conf).toContain(
          `map "$request_method $uri" $lariox_${name.replace(/-/g, "_")} {\n    default "${value}";\n` +
            `    "~^(?:GET|HEAD) /search/" "${search[name]}";\n    "~^(?:GET|HEAD) /assets/" "${framed[name]}";\n    "~^(?:GET|HEAD) /admin/" "${editor[name]}";\n}`,
        );
    }
    expect(conf.match(/include "\/srv\/site\/dist\/\.site\/nginx-headers\.conf";/g)?.length).toBeGreaterThan(4);
  });

  it("redirects, proxies /api/ and /healthz with the visitor's address, and needs no brotli module", () => {
    expect(conf).toContain('location = "/old/" {');
    expect(conf).toContain('return 301 "/about$is_args$args";');
    for (const path of ["^~ /api/", "= /healthz"]) {
      const block = conf.slice(conf.indexOf(`location ${path} {`));
      expect(block.slice(0, block.indexOf("}"))).toContain("proxy_set_header X-Forwarded-For $remote_addr;");
    }
    expect(conf).toContain("server 127.0.0.1:8080;");
    expect(conf).not.toMatch(/^\s*brotli_static/m);
    expect(files["nginx-brotli.conf"]).toMatch(/^brotli_static on;$/m);
  });
});

describe("nginx config for a load-balanced pair", () => {
  it("lists every server of NGINX_UPSTREAM and retries only what was never sent", () => {
    const pair = (upstream: string) =>
      nginxFiles(servedFiles(dist), builtSite, { root: "/srv/site/dist", upstream, listen: ["80"], serverName: "www.example.org" })["nginx.conf"]!;
    const conf = pair("10.0.0.5:8080, 10.0.0.6:8080");
    const upstream = /upstream lariox_node \{\n([\s\S]*?)\n\}/.exec(conf)![1]!;
    expect(upstream.split("\n").filter((l) => l.trim().startsWith("server "))).toEqual(["    server 10.0.0.5:8080;", "    server 10.0.0.6:8080;"]);
    expect(conf.match(/proxy_next_upstream error timeout;/g)).toHaveLength(4); // /api/, /api, /healthz and /review/
    expect(conf).not.toContain("non_idempotent");
    expect(() => pair("10.0.0.5:8080; evil")).toThrow(/not host:port/);
  });
});

describe("writeDeployConfigs", () => {
  it("writes _headers and the nginx files for the upstream and root the build is told", () => {
    writeDeployConfigs(dist, { company: { siteUrl: "https://www.example.org" } } as Site, {
      NGINX_UPSTREAM: "10.0.0.5:9000",
      NGINX_ROOT: "/srv/lariox/dist",
      NGINX_SERVER_INCLUDE: "/etc/nginx/snippets/lariox-tls*.conf",
    });
    expect(readFileSync(join(dist, "_headers"), "utf8")).toContain("content-security-policy: default-src 'self'");
    const conf = readFileSync(join(dist, ".site/nginx.conf"), "utf8");
    expect(conf).toContain("server 10.0.0.5:9000;");
    expect(conf).toContain('root "/srv/lariox/dist";');
    expect(conf).toContain('server_name www.example.org;\n    include "/etc/nginx/snippets/lariox-tls*.conf";');
    expect(readFileSync(join(dist, ".site/nginx-brotli.conf"), "utf8")).toContain("brotli_static on;");
  });
});
