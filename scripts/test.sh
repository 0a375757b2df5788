#!/usr/bin/env bash
# `npm test`: everything CI checks, in the order that fails fastest, except that the sites are built
# before Vitest. The company's content is validated and built, as a deploy would; the tests run on a
# site of their own (tests/fixtures/content/site, so an editor's change cannot turn them red):
# tests/integration/proxy.test.ts serves its build (TEST_DIST_DIR, only read) instead of building one
# of its own, and Playwright runs on it afterwards. Each runner prints its own summary.
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian packages the tests need, installed when missing: as root (containers) directly, elsewhere
# (GitHub runners) through sudo when there is one.
SUDO=""
if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1; then SUDO="sudo -E"; fi
apt_install() {
  echo "== installing $* (apt-get)"
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "$@" >/dev/null
}

# Playwright drives Debian's Chromium (browser downloads are not possible here).
[ -x /usr/bin/chromium ] || apt_install chromium
# The Nu Html Checker (vnu-jar, tests/e2e/html-validity.spec.ts) runs on Java.
command -v java >/dev/null 2>&1 || apt_install default-jre-headless
# The server tests start a throwaway PostgreSQL cluster (tests/server/postgres.ts) from Debian's binaries.
compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || apt_install postgresql
# tests/integration runs nginx (with its brotli module) in front of the Node server, caddy validate and systemd-analyze.
if [ ! -x /usr/sbin/nginx ] || [ ! -e /usr/lib/nginx/modules/ngx_http_brotli_static_module.so ] \
   || ! command -v caddy >/dev/null 2>&1 || ! command -v systemd-analyze >/dev/null 2>&1; then
  apt_install nginx libnginx-mod-http-brotli-static caddy systemd
  # The tests start their own nginx on a loopback port; the packages' own services are not needed.
  $SUDO systemctl disable --now nginx caddy >/dev/null 2>&1 || true
fi

echo "== content validation"
npm run --silent validate
echo "== type check and formatting"
# Side by side: each is mostly one core's work.
npm run --silent format:check &
format=$!
npm run --silent typecheck
# No import circle under src/ or scripts/ (type-only and dynamic imports count too).
npm run --silent check:imports
wait "$format"
echo "== build of the company's site (validate, client, server bundle, prerender)"
npm run --silent build
echo "== build of the tests' site (tests/fixtures/content/site)"
npm run --silent build:test-site
echo "== unit and server tests (vitest)"
TEST_DIST_DIR=.tmp/test-site/dist npx vitest run
echo "== end-to-end tests (Playwright, Chromium)"
npx playwright test
