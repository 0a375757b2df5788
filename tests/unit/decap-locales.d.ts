/** Decap's English messages, the set the editor's wording rewrites (the package has no types). */
declare module "decap-cms-locales/dist/esm/en/index.js" {
  const en: Record<string, unknown>;
  export default en;
}
