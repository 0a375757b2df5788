/** decap-server ships no types; these are the two registrations its middlewares module exports. */
declare module "decap-server/dist/middlewares.js" {
  import type { Express } from "express";
  type Register = (app: Express, options?: { logLevel?: string }) => Promise<void>;
  const middlewares: { registerLocalFs: Register; registerLocalGit: Register };
  export default middlewares;
}
