/**
 * Entry point: `tsx src/server/main.ts` (settings: SETTINGS in env.ts, read by config.ts).
 * Starts the HTTP server and the outbox worker; SIGTERM/SIGINT close both gracefully.
 */
import { buildApp } from "./http/app.ts";
import { ConfigError, loadConfig } from "./config.ts";
import type { Config } from "./config.ts";
import { mailDestination } from "./outbox/mail.ts";
import { StorageError } from "./store/index.ts";

const SHUTDOWN_TIMEOUT_MS = 15_000;

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(2);
    }
    throw error;
  }

  // A delivery kind reads its own settings as the app sets the kinds up: a bad one is a configuration error too.
  const app = await buildApp({ config }).catch((error: unknown) => {
    if (error instanceof ConfigError) console.error(`Configuration error: ${error.message}`);
    else if (error instanceof StorageError) console.error(`Storage error: ${error.message}`);
    else throw error;
    process.exit(2);
  });
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) {
      app.log.warn(`${signal} again: exiting now`);
      process.exit(1);
    }
    closing = true;
    app.log.info(`${signal} received: closing`);
    const timer = setTimeout(() => {
      app.log.error("shutdown took too long: exiting");
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, "error while closing");
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));

  await app.listen({ port: config.port, host: config.host });
  app.outbox.start();
  const address = app.server.address();
  const port = typeof address === "object" && address !== null ? address.port : config.port;
  const about = { store: app.store.location, distDir: config.distDir, mailTo: config.mailTo };
  if (config.mailDelivery === "files") app.log.warn(about, `mail to ${config.mailTo} is written to ${mailDestination(config)}, not sent (MAIL_DELIVERY=files)`);
  else app.log.info(about, `mail goes to ${config.mailTo} via ${mailDestination(config)}`);
  console.log(`Serving http://localhost:${port}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
