/**
 * The visitor's address as the server may store and key on it. Fastify resolves request.ip
 * through the trusted proxies; what a proxy passes on is whatever the client wrote in
 * X-Forwarded-For, so anything that is not an IP address (`<script>`, `unknown`) is never used:
 * the connection's own address stands in for keying, and nothing is stored.
 */
import { isIP } from "node:net";
import { normalizeIP } from "@fastify/rate-limit";
import type { FastifyRequest } from "fastify";

/** `::ffff:203.0.113.5` -> `203.0.113.5`; other valid addresses as they are; anything else undefined. */
export function clientAddress(request: FastifyRequest): string | undefined {
  const ip = request.ip;
  if (isIP(ip) === 0) return undefined;
  return ip.toLowerCase().startsWith("::ffff:") && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
}

/** The rate limit's key: the client's address, its /64 for IPv6 (one household or host). */
export function rateLimitKey(request: FastifyRequest): string {
  const address = clientAddress(request) ?? request.socket.remoteAddress ?? "unknown";
  return normalizeIP(address, 64);
}
