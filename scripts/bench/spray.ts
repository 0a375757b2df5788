/**
 * The rate limiter under a forged-address spray: one client posts to the contact form with a new
 * X-Forwarded-For on every request (TRUST_PROXY=1, as behind one proxy) for --seconds, while a
 * second loop times GET /robots.txt. Prints the median /robots.txt time idle and during the spray.
 * The server runs as its own process (src/server/main.ts) on 127.0.0.1 with a temporary DATA_DIR;
 * loopback only, bounded in time, and it cleans up after itself.
 *
 *   npm run bench:spray                   30 s
 *   npm run bench:spray -- --seconds 10
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { median } from "../lib/stats.ts";

const { values } = parseArgs({ options: { seconds: { type: "string", default: "30" } } });
const sprayMs = Math.min(600, Math.max(1, Number(values.seconds))) * 1000;

const dir = mkdtempSync(join(tmpdir(), "lariox-spray-"));
const server = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
  env: { ...process.env, HOST: "127.0.0.1", PORT: "0", DATA_DIR: join(dir, "data"), TRUST_PROXY: "1", RATE_LIMIT: "5", LOG_LEVEL: "silent" },
  stdio: ["ignore", "pipe", "inherit"],
});
const port = await new Promise<number>((resolve, reject) => {
  let out = "";
  server.stdout!.on("data", (c: Buffer) => {
    out += c.toString();
    const match = /Serving http:\/\/localhost:(\d+)/.exec(out);
    if (match) resolve(Number(match[1]));
  });
  server.once("exit", (code) => reject(new Error(`server exited with ${code}`)));
});

const sprayAgent = new Agent({ keepAlive: true, maxSockets: 1 });
const probeAgent = new Agent({ keepAlive: true, maxSockets: 1 });

function send(agent: Agent, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request({ host: "127.0.0.1", port, method, path, agent, headers }, (res) => res.resume().on("end", () => resolve(performance.now() - started)));
    req.on("error", reject);
    req.end(body);
  });
}

async function probe(untilMs: number, pauseMs: number): Promise<number[]> {
  const times: number[] = [];
  while (performance.now() < untilMs) {
    times.push(await send(probeAgent, "GET", "/robots.txt"));
    await new Promise((r) => setTimeout(r, pauseMs));
  }
  return times;
}

try {
  for (let i = 0; i < 50; i++) await send(probeAgent, "GET", "/robots.txt"); // warm up
  const idle = await probe(performance.now() + 3_000, 20);
  let sprayed = 0;
  const end = performance.now() + sprayMs;
  const spray = (async () => {
    while (performance.now() < end) {
      const n = sprayed++;
      const address = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
      await send(sprayAgent, "POST", "/api/mail/send-contact", { "content-type": "application/json", "x-forwarded-for": address }, "{}");
    }
  })();
  const during = await probe(end, 20);
  await spray;
  const ms = (v: number) => `${v.toFixed(2)} ms`;
  console.log(
    `spray:               ${sprayed} form posts from ${sprayed} forged addresses in ${sprayMs / 1000} s (${Math.round(sprayed / (sprayMs / 1000))}/s)`,
  );
  console.log(`/robots.txt p50:     idle ${ms(median(idle))} (${idle.length} requests), during the spray ${ms(median(during))} (${during.length} requests)`);
  console.log(`ratio:               ${(median(during) / median(idle)).toFixed(2)}x idle`);
} finally {
  sprayAgent.destroy();
  probeAgent.destroy();
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
  rmSync(dir, { recursive: true, force: true });
}
