import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { networkInterfaces, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOOPBACK, startLocalBackend } from "../../scripts/cms/local-backend.ts";
import { freePort } from "../server/helpers.ts";

/** The addresses sockets listen on for `port`, from the kernel's own tables (IPv4 and IPv6). */
function listeningAddresses(port: number): string[] {
  const hexPort = port.toString(16).toUpperCase().padStart(4, "0");
  const LISTEN = "0A";
  return ["/proc/net/tcp", "/proc/net/tcp6"].flatMap((table) =>
    readFileSync(table, "utf8")
      .split("\n")
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      .filter((cols) => cols[1]?.endsWith(`:${hexPort}`) && cols[3] === LISTEN)
      .map((cols) => decodeAddress(cols[1]!.split(":")[0]!)),
  );
}

/** /proc/net/tcp writes an address as little-endian 32-bit words in hex. */
function decodeAddress(hex: string): string {
  const bytes = (hex.match(/.{8}/g) ?? []).flatMap((word) => (word.match(/../g) ?? []).reverse().map((b) => parseInt(b, 16)));
  if (bytes.length === 4) return bytes.join(".");
  return bytes.every((b) => b === 0) ? "::" : `ipv6:${hex}`;
}

const reaches = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host, port, timeout: 2000 }, () => (socket.destroy(), resolve(true)));
    socket.on("error", () => resolve(false)).on("timeout", () => (socket.destroy(), resolve(false)));
  });

describe("the editor's local backend (npm run edit)", () => {
  const root = mkdtempSync(join(tmpdir(), "lariox-backend-"));
  let port = 0;
  let backend: ReturnType<typeof startLocalBackend>;

  beforeAll(async () => {
    port = await freePort();
    backend = startLocalBackend({ root, port, env: { PATH: process.env.PATH }, logLevel: "error", stdio: "ignore" });
    for (let i = 0; listeningAddresses(port).length === 0; i++) {
      if (i > 150 || backend.exitCode !== null) throw new Error(`decap-server did not listen on port ${port}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  });

  afterAll(() => {
    backend?.kill();
    rmSync(root, { recursive: true, force: true });
  });

  it("listens on the loopback address only", () => {
    expect(listeningAddresses(port)).toEqual([LOOPBACK]);
  });

  it("is reached from this machine and refused on its other addresses", async () => {
    expect(await reaches(LOOPBACK, port)).toBe(true);
    const others = Object.values(networkInterfaces())
      .flat()
      .filter((a) => a && !a.internal && a.family === "IPv4")
      .map((a) => a!.address);
    for (const address of others) expect(await reaches(address, port), address).toBe(false);
  });
});
