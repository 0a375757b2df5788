/**
 * How every browser this project starts is launched: Debian's Chromium (no browser can be
 * downloaded here), with the flags a closed network needs; without the background-networking
 * ones Chromium keeps trying hosts it cannot reach.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Playwright's launch options. */
export const chromiumLaunchOptions = { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS };
