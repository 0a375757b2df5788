/**
 * The toolbar's links to the page on the site, only where they lead somewhere:
 *
 * - "View Live" is made from the entry as Decap keeps it in its list of entries; an entry it does
 *   not hold there yet (one just saved under a new address, on a phone after a save) made Decap
 *   throw and show "Failed to load preview: Cannot read properties of undefined (reading 'get')".
 *   Without the entry there is no link, and no message: the link comes with the next load.
 * - A draft's "Check for Preview": this machine's backend has no address where a draft can be
 *   seen (decap-server answers null), so Decap showed a greyed link that polled for two minutes
 *   and did nothing. On that backend no draft link is offered.
 */
import { Backend } from "decap-cms-core/dist/esm/backend.js";

export function linkOnlyWhereItLeads(): void {
  const getDeploy = Backend.prototype.getDeploy;
  Backend.prototype.getDeploy = function (this: Backend, collection: unknown, slug: string, entry: unknown) {
    return entry ? getDeploy.call(this, collection, slug, entry) : undefined;
  };
}

/** The local backend's implementation, without the draft preview it cannot give. */
export function offerNoDraftPreview(implementation: { getDeployPreview?: unknown }): void {
  implementation.getDeployPreview = undefined;
}
