/** `fileURLToPath` for the editor in the browser: src/content/schemas.ts names its folder with it. */
export const fileURLToPath = (url: string | URL) => new URL(String(url), "file:///").pathname;
export default { fileURLToPath };
