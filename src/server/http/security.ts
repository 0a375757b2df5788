/**
 * The security policy (src/handover/security-policy.ts) as the server applies it: on the answers
 * Node writes itself, on what the HTTP parser refuses, and as Fastify's timeout options.
 */
import type { Socket } from "node:net";
import type { IncomingMessage } from "node:http";
import { ServerResponse, STATUS_CODES } from "node:http";
import type { ConnectionError, FastifyServerOptions } from "fastify";
import { DEFAULT_TIMEOUTS, type HeaderSet, type ServerTimeouts } from "../../handover/security-policy.ts";

/**
 * Node's ServerResponse with a page's security headers set from the start, for the server's
 * `ServerResponse` option: every answer Node writes carries them, also those it writes before
 * Fastify sees the request (417 for an unknown Expect, 400 for a request without Host, 503 while
 * closing). Headers set later (a file's kind, static.ts) replace them.
 */
export function responseWithHeaders(headers: HeaderSet): typeof ServerResponse {
  const entries = Object.entries(headers);
  return class<Request extends IncomingMessage> extends ServerResponse<Request> {
    constructor(request: Request) {
      super(request);
      for (const [name, value] of entries) this.setHeader(name, value);
    }
  };
}

/**
 * Fastify's `clientErrorHandler`: what the HTTP parser refuses before any request exists (a broken
 * request line, headers too large, a duplicate Content-Length, a client too slow to send its
 * headers) is answered like every other error: the security headers, and JSON `{success, message}`
 * under /api/, or when the request line never arrived (a timeout), plain text for pages.
 */
export function clientErrorResponder(headers: HeaderSet): (error: ConnectionError, socket: Socket) => void {
  const headerLines = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("");
  return (error, socket) => {
    if (error.code === "ECONNRESET" || socket.destroyed) return;
    const status = error.code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : error.code === "HPE_HEADER_OVERFLOW" ? 431 : 400;
    // Typed as its JSON form, but a Buffer at run time.
    const raw: unknown = error.rawPacket;
    const target = /^[A-Z]+ (\S+)/.exec(Buffer.isBuffer(raw) ? raw.toString("latin1", 0, 2048) : "")?.[1];
    const message =
      status === 408 ? "The request took too long to arrive." : status === 431 ? "The request headers are too large." : "The request is malformed.";
    const api = target === undefined || target === "/api" || target.startsWith("/api/");
    const body = api ? JSON.stringify({ success: false, message }) : `${status} ${STATUS_CODES[status]}: ${message}\n`;
    const type = api ? "application/json; charset=utf-8" : "text/plain; charset=utf-8";
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${headerLines}cache-control: no-store\r\ncontent-type: ${type}\r\n` +
          `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy();
  };
}

/** Fastify server options for the timeouts (Node needs headersMs <= requestMs). */
export function timeoutOptions(overrides: Partial<ServerTimeouts> = {}): Pick<
  FastifyServerOptions,
  "connectionTimeout" | "requestTimeout" | "keepAliveTimeout"
> & {
  http: { requestTimeout: number; headersTimeout: number; connectionsCheckingInterval: number };
} {
  const t = { ...DEFAULT_TIMEOUTS, ...overrides };
  const headersMs = Math.min(t.headersMs, t.requestMs);
  return {
    connectionTimeout: t.connectionMs,
    requestTimeout: t.requestMs,
    keepAliveTimeout: t.keepAliveMs,
    http: { requestTimeout: t.requestMs, headersTimeout: headersMs, connectionsCheckingInterval: t.checkIntervalMs },
  };
}
