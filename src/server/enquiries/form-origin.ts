/**
 * Whether a form post comes from a page of the site itself: a page elsewhere must not be able to
 * make a visitor's browser post an enquiry in their name (cross-site request forgery).
 *
 * - `Sec-Fetch-Site`, which every current browser sends and no page can set, decides when present:
 *   only `same-origin` (and `none`, a request the visitor started themselves) pass. It is computed
 *   by the browser from the page and the form's address as the visitor sees them, so it holds
 *   behind any proxy or CDN.
 * - Without it (an older browser), `Origin` decides: it must be the origin the request was sent to
 *   (the Host, or X-Forwarded-Host from a proxy trusted by TRUST_PROXY) or one of `siteOrigins`
 *   (site.yaml's siteUrl: behind a CDN that passes /api/ to this server under another name, the
 *   Host is not the address visitors see). `Origin: null` (a sandboxed frame, a file) is refused.
 * - Neither header: not a browser (curl, a monitoring script), which no other site can steer. Passes.
 */
import type { FastifyRequest } from "fastify";

/** The host (with its port unless it is the scheme's default), lower-case; undefined when it cannot be read. */
function hostOf(url: string): string | undefined {
  return URL.canParse(url) ? new URL(url).host : undefined;
}

/** Why the post is refused as coming from another site, or undefined when it may go on. */
export function crossSiteReason(request: FastifyRequest, siteOrigins: readonly string[]): string | undefined {
  const fetchSite = request.headers["sec-fetch-site"];
  if (fetchSite !== undefined) {
    return fetchSite === "same-origin" || fetchSite === "none" ? undefined : `a post from a ${fetchSite.slice(0, 20)} page`;
  }
  const origin = request.headers.origin;
  if (origin === undefined) return undefined;
  const from = hostOf(origin);
  if (from === undefined) return `a post from the origin "${origin.slice(0, 60)}"`;
  const own = hostOf(`${request.protocol}://${request.host}`);
  if (from === own || siteOrigins.some((site) => hostOf(site) === from)) return undefined;
  return `a post from ${origin.slice(0, 100)}`;
}

/** The page of this site a post was sent from (its Referer's path), when the Referer is one of ours. */
export function refererPath(request: FastifyRequest, siteOrigins: readonly string[]): string | undefined {
  const referer = request.headers.referer;
  if (!referer || !URL.canParse(referer)) return undefined;
  const url = new URL(referer);
  const own = hostOf(`${request.protocol}://${request.host}`);
  if (url.host !== own && !siteOrigins.some((site) => hostOf(site) === url.host)) return undefined;
  return url.pathname;
}
