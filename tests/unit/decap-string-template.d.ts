/** The one function of Decap's template engine the editor's tests call (the package has no types). */
declare module "decap-cms-lib-widgets/dist/esm/stringTemplate.js" {
  import type { Map } from "immutable";
  export function compileStringTemplate(template: string, date: Date | null, identifier: string, data: Map<string, unknown>): string;
}
