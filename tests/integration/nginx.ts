/**
 * A real nginx running the build's own config (scripts/build/deploy-configs.ts) on a loopback
 * port in front of one or more Node servers: in the foreground, with its files and logs in a folder
 * of the test's own. Needs nginx and libnginx-mod-http-brotli-static (scripts/test.sh installs them).
 */
import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { nginxFiles, servedFiles } from "../../scripts/build/deploy-configs.ts";
import { readBuiltSite } from "../../src/handover/built-site.ts";
import { freePort, rawRequest, waitFor } from "../server/helpers.ts";

export const NGINX = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((p) => existsSync(p));
export const BROTLI_MODULE = "/usr/lib/nginx/modules/ngx_http_brotli_static_module.so";

/** Throws a clear message when nginx or its brotli module is not installed. */
export function requireNginx(): string {
  if (!NGINX) throw new Error("nginx is not installed: apt-get install nginx libnginx-mod-http-brotli-static (scripts/test.sh does)");
  if (!existsSync(BROTLI_MODULE)) throw new Error(`${BROTLI_MODULE} is missing: apt-get install libnginx-mod-http-brotli-static`);
  return NGINX;
}

/** The http block a Debian nginx.conf would have, with temp folders under `prefix`. */
export function mainConf(prefix: string, main: string[], http: string[], site: string): string {
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((t) => `${t}_temp_path ${join(prefix, t)};`);
  return [
    ...main,
    "events { worker_connections 256; }",
    "http {",
    "include /etc/nginx/mime.types;",
    "access_log off;",
    ...temp,
    ...http,
    `include ${site};`,
    "}",
    "",
  ].join("\n");
}

export interface NginxProcess {
  /** http://127.0.0.1:PORT */
  url: string;
  /** The folder holding main.conf, error.log, the temp folders and site/ (the generated nginx files). */
  dir: string;
  errorLog(): string;
  /** The access log as the generated config writes it. */
  accessLog(): string;
  stop(): Promise<void>;
}

/**
 * Writes the generator's nginx files for `dist` (root `dist`, the `upstreams`, a free loopback port)
 * into nginx's own folder in `dir`, never into dist (which may be the build scripts/test.sh made,
 * shared with other tests), and runs nginx on them, with the brotli module, until stop(). `dir` is
 * opened to nginx's workers, which run as nobody under root; they must be able to read dist too.
 */
export async function startNginx(dir: string, dist: string, upstreams: string[]): Promise<NginxProcess> {
  const nginx = requireNginx();
  chmodSync(dir, 0o755);
  const port = await freePort();
  const prefix = join(dir, "nginx");
  const site = join(prefix, "site");
  mkdirSync(site, { recursive: true });
  const files = nginxFiles(servedFiles(dist), readBuiltSite(dist), {
    root: dist,
    upstream: upstreams.join(","),
    listen: [`127.0.0.1:${port}`],
    serverName: "localhost",
    configDir: site,
    accessLog: join(prefix, "access.log"),
  });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(site, name), text);
  writeFileSync(
    join(prefix, "main.conf"),
    mainConf(prefix, [`load_module ${BROTLI_MODULE};`], [`include ${join(site, "nginx-brotli.conf")};`], join(site, "nginx.conf")),
  );
  const child: ChildProcess = spawn(
    nginx,
    ["-p", prefix, "-e", join(prefix, "error.log"), "-c", join(prefix, "main.conf"), "-g", `daemon off; pid ${join(prefix, "nginx.pid")};`],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  let output = "";
  child.stderr!.on("data", (c: Buffer) => (output += c.toString()));
  const errorLog = () => (existsSync(join(prefix, "error.log")) ? readFileSync(join(prefix, "error.log"), "utf8") : "");
  const accessLog = () => (existsSync(join(prefix, "access.log")) ? readFileSync(join(prefix, "access.log"), "utf8") : "");
  const running = () => child.exitCode === null && child.signalCode === null;
  // If the test process ends without stop(), nginx must not outlive it.
  const onExit = () => void (running() && child.kill("SIGTERM"));
  process.once("exit", onExit);
  const stop = async () => {
    process.removeListener("exit", onExit);
    if (!running()) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
    await exited;
    clearTimeout(timer);
  };
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitFor(
      async () => {
        if (!running()) throw new Error(`nginx exited:\n${output}\n${errorLog()}`);
        return (await rawRequest(`${url}/`).catch(() => undefined)) !== undefined;
      },
      "nginx to answer",
      10_000,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, dir: prefix, errorLog, accessLog, stop };
}
