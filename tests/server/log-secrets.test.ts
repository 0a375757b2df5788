// @vitest-environment node
/**
 * No secret in the server's log (issue 60, point 3): a review link releases or marks as spam for 14
 * days, so its token is left out of every log line, as the sign-in's query is (oauth.test.ts).
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
