#!/usr/bin/env bash
# `npm test`: everything CI checks, in the order that fails fastest. Each runner prints its own summary.
set -euo pipefail
cd "$(dirname "$0")/.."

# Playwright drives Debian's Chromium (browser downloads are not possible here).
if [ ! -x /usr/bin/chromium ]; then
  echo "== installing chromium (apt-get)"
  export DEBIAN_FRONTEND=noninteractive
  # As root (containers) directly; elsewhere (GitHub runners) through sudo when there is one.
  SUDO=""
  if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1; then SUDO="sudo -E"; fi
  $SUDO apt-get update -qq && $SUDO apt-get install -y -qq chromium >/dev/null
fi

# The Nu Html Checker (vnu-jar, tests/e2e/html-validity.spec.ts) runs on Java.
if ! command -v java >/dev/null 2>&1; then
  echo "== installing java (apt-get)"
  export DEBIAN_FRONTEND=noninteractive
  SUDO=""
  if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1; then SUDO="sudo -E"; fi
  $SUDO apt-get update -qq && $SUDO apt-get install -y -qq default-jre-headless >/dev/null
fi

# The server tests start a throwaway PostgreSQL cluster (tests/server/postgres.ts) from Debian's binaries.
if ! compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null; then
  echo "== installing postgresql (apt-get)"
  export DEBIAN_FRONTEND=noninteractive
  SUDO=""
  if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1; then SUDO="sudo -E"; fi
  $SUDO apt-get update -qq && $SUDO apt-get install -y -qq postgresql >/dev/null
fi

# tests/integration runs nginx (with its brotli module) in front of the Node server, caddy validate and systemd-analyze.
if [ ! -x /usr/sbin/nginx ] || [ ! -e /usr/lib/nginx/modules/ngx_http_brotli_static_module.so ] \
   || ! command -v caddy >/dev/null 2>&1 || ! command -v systemd-analyze >/dev/null 2>&1; then
  echo "== installing nginx, its brotli module, caddy and systemd (apt-get)"
  export DEBIAN_FRONTEND=noninteractive
  SUDO=""
  if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1; then SUDO="sudo -E"; fi
  $SUDO apt-get update -qq && $SUDO apt-get install -y -qq nginx libnginx-mod-http-brotli-static caddy systemd >/dev/null
  # The tests start their own nginx on a loopback port; the packages' own services are not needed.
  $SUDO systemctl disable --now nginx caddy >/dev/null 2>&1 || true
fi

echo "== content validation"
npm run --silent validate
echo "== type check and formatting"
npm run --silent typecheck
npm run --silent format:check
echo "== unit and server tests (vitest)"
npx vitest run
echo "== build (validate, client, server bundle, prerender)"
npm run --silent build
echo "== end-to-end tests (Playwright, Chromium)"
npx playwright test
