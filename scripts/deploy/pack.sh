#!/usr/bin/env bash
# Packs a finished build for deploy/release.sh: the repository's tracked files at this commit and
# the build (DIST_DIR, default dist/, stored as dist/), without dependencies (the server installs
# them once per lock file). Refuses a build the content check stopped (no dist/.site/server.json).
#
#   scripts/deploy/pack.sh OUT_DIR      prints the archive's path: OUT_DIR/<YYYYMMDDTHHMMSSZ>-<commit>.tar.gz
set -euo pipefail
cd "$(dirname "$0")/../.."

out="${1:?usage: scripts/deploy/pack.sh OUT_DIR}"
dist="${DIST_DIR:-dist}"
for file in index.html .site/server.json; do
  [ -e "$dist/$file" ] || {
    echo "pack: $dist/$file is missing: run npm run build (it stops at a content error) first" >&2
    exit 1
  }
done

name="$(date -u +%Y%m%dT%H%M%SZ)-$(git rev-parse --short=12 HEAD)"
mkdir -p "$out"
tarball="$out/$name.tar"
# Tracked files that exist in the work tree (a file deleted but not yet committed is left out).
git ls-files -z | while IFS= read -r -d '' file; do if [ -e "$file" ]; then printf '%s\0' "$file"; fi; done |
  tar -cf "$tarball" --null -T -
tar -rf "$tarball" -C "$(dirname "$dist")" --transform "s,^$(basename "$dist"),dist," "$(basename "$dist")"
gzip -f "$tarball"
echo "$tarball.gz"
