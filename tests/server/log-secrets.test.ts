// @vitest-environment node
/**
 * No secret in the server's log (issue 60, point 3): a review link releases or marks as spam for 14
 * days, so its token is left out of every log line, as the sign-in's query is (oauth.test.ts). Nor
 * a visitor's address for a page-view beacon: the privacy notice says the count never keeps it.
 */
import { expect, it } from "vitest";
import { startApp } from "./helpers.ts";

it("writes a review link's path without its token", async () => {
  const lines: string[] = [];
  const t = await startApp({}, { logger: { level: "trace", stream: { write: (line: string) => lines.push(line) } } });
  try {
    const token = "AAAAdGhpcy1pcy1hLXJldmlldy10b2tlbi1zM2NyZXQ";
    await fetch(`${t.url}/review/${token}`);
    await fetch(`${t.url}/review/${token}?x=1`, { method: "POST" });
    const log = lines.join("");
    expect(log).toContain('"url":"/review/…"');
    expect(log).not.toContain(token);
  } finally {
    await t.close();
  }
});

it("writes no visitor's address for a page-view beacon at the default level, and still for other requests", async () => {
  const lines: string[] = [];
  const t = await startApp({}, { logger: { level: "info", stream: { write: (line: string) => lines.push(line) } } });
  try {
    const address = "203.0.113.77";
    const headers = { "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0", "content-type": "text/plain;charset=UTF-8" };
    for (const url of ["/api/v", "/api/v/"]) {
      const answer = await t.app.inject({ method: "POST", url, remoteAddress: address, headers, payload: '{"p":"/","c":0}' });
      expect(answer.statusCode).toBe(204);
    }
    await t.app.inject({ method: "GET", url: "/contact", remoteAddress: address });
    const entries = lines.map((line) => JSON.parse(line) as { req?: { url: string; remoteAddress?: string }; reqId?: string });
    const beaconIds = new Set(entries.filter((e) => e.req?.url.startsWith("/api/v")).map((e) => e.reqId));
    expect(beaconIds.size).toBe(2);
    const beaconLines = lines.filter((_line, i) => beaconIds.has(entries[i]!.reqId));
    expect(beaconLines.length).toBeGreaterThanOrEqual(4); // each beacon's request and its answer
    for (const line of beaconLines) expect(line).not.toContain(address);
    expect(entries.find((e) => e.req?.url === "/contact")?.req).toMatchObject({ remoteAddress: address });
  } finally {
    await t.close();
  }
});
