#!/usr/bin/env bash
# Releases on the one server (docs/deploy.md, "Going live by itself"): each build is unpacked
# beside the others, `current` is switched to it in one step, the service restarted and checked,
# and switched back when the check fails. The deploy workflow runs it over SSH; it is also the
# one-command rollback.
#
#   release.sh activate ARCHIVE.tar.gz   unpack a build (scripts/deploy/pack.sh) as a new release, go live
#   release.sh rollback                  go back to the release before the current one
#   release.sh switch NAME               go to any kept release
#   release.sh list                      the kept releases, the current one marked
#
# Each switch is checked by health-check.mjs beside this script (the deploy's own check, never the
# release's): the workflow copies both to the server.
#
# Layout under LARIOX_ROOT (default /srv/lariox):
#   releases/<UTC time>-<commit>/   one build each: dist/, src/, scripts/, package files ...
#   deps/<lock hash>/node_modules   production dependencies, shared by releases with the same lock file
#   current -> releases/<name>      what the service runs (WorkingDirectory=/srv/lariox/current)
#
# Settings (environment): RESTART_COMMAND (default `sudo systemctl restart lariox`), HEALTH_URL
# (http://127.0.0.1:8080), HEALTH_TIMEOUT (seconds, 60), KEEP (releases kept, 5).
set -euo pipefail

ROOT="${LARIOX_ROOT:-/srv/lariox}"
RESTART_COMMAND="${RESTART_COMMAND:-sudo systemctl restart lariox}"
HEALTH_URL="${HEALTH_URL:-http://127.0.0.1:8080}"
HEALTH_TIMEOUT="${HEALTH_TIMEOUT:-60}"
KEEP="${KEEP:-5}"
RELEASES="$ROOT/releases"
# The physical folder (pwd -P): run as current/deploy/release.sh, `current` changes under it at a switch.
HEALTH_CHECK="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)/health-check.mjs"
# <UTC time>-<commit>: the only names a release has (a set-aside one ends in .failed).
NAME_PATTERN='^[0-9]{8}T[0-9]{6}Z-[0-9a-zA-Z]+$'

say() { echo "release: $*"; }
fail() {
  echo "release: $*" >&2
  exit 1
}

# Release names sort by time: <YYYYMMDDTHHMMSSZ>-<commit>.
names() { find "$RELEASES" -mindepth 1 -maxdepth 1 -type d -name '[0-9]*' ! -name '*.*' -printf '%f\n' 2>/dev/null | sort; }
current() { if [ -L "$ROOT/current" ]; then basename "$(readlink "$ROOT/current")"; fi; }

# Points `current` at a release in one step: a new link renamed over the old one (rename(2) is atomic).
point_at() {
  ln -sfn "releases/$1" "$ROOT/.current.new"
  mv -T "$ROOT/.current.new" "$ROOT/current"
}

# Restarts the service on the release `current` names and waits until it answers as that release.
restart_and_check() {
  say "restarting: $RESTART_COMMAND"
  # fd 9 holds the release lock; a service started from here must not keep it.
  if ! bash -c "$RESTART_COMMAND" 9>&-; then
    echo "release: the restart command failed" >&2
    return 1
  fi
  node "$HEALTH_CHECK" "$HEALTH_URL" "$HEALTH_TIMEOUT" "$RELEASES/$1/dist/index.html"
}

# Goes live with release $1; when it does not come up healthy, goes back to $2 and fails. Without
# a $2 (the very first release), `current` is removed rather than left naming a failed release.
go_live() {
  local target="$1" previous="${2:-}"
  point_at "$target"
  say "current -> $target"
  if restart_and_check "$target"; then
    say "$target is live"
    return 0
  fi
  if [ -n "$previous" ] && [ -d "$RELEASES/$previous" ]; then
    point_at "$previous"
    say "switched back: current -> $previous"
    if restart_and_check "$previous"; then say "$previous is live again"; else say "$previous does not answer either: look at the service's log"; fi
  else
    rm -f "$ROOT/current"
    say "no release to switch back to: current removed"
  fi
  return 1
}

# Production dependencies for a release, installed once per lock file and shared.
link_dependencies() {
  local dir="$1" hash deps
  hash="$(sha256sum "$dir/package-lock.json" | cut -c1-16)"
  deps="$ROOT/deps/$hash"
  if [ ! -e "$deps/node_modules" ]; then
    say "installing dependencies for lock file $hash (npm ci --omit=dev)"
    rm -rf "$deps.partial"
    mkdir -p "$deps.partial"
    cp "$dir/package.json" "$dir/package-lock.json" "$deps.partial/"
    (cd "$deps.partial" && npm ci --omit=dev --no-audit --no-fund)
    mv -T "$deps.partial" "$deps"
  fi
  ln -sfn "../../deps/$hash/node_modules" "$dir/node_modules"
}

# Keeps the newest KEEP releases (and always the current one), and the dependencies they use.
prune() {
  local keep_from live name
  live="$(current)"
  keep_from="$(names | tail -n "$KEEP" | head -n 1)"
  for name in $(names); do
    if [[ "$name" < "$keep_from" && "$name" != "$live" ]]; then
      rm -rf "${RELEASES:?}/$name"
      say "removed old release $name"
    fi
  done
  find "$RELEASES" -mindepth 1 -maxdepth 1 -name '*.failed' -mmin +1440 -exec rm -rf {} +
  local used
  used="$(for name in $(names); do readlink "$RELEASES/$name/node_modules" || true; done)"
  for deps in "$ROOT"/deps/*/; do
    [ -d "$deps" ] || continue
    if ! grep -qF "/$(basename "$deps")/" <<<"$used"; then rm -rf "$deps" && say "removed unused dependencies $(basename "$deps")"; fi
  done
}

activate() {
  local archive="$1" name="${2:-}"
  [ -f "$archive" ] || fail "no archive at $archive"
  [ -n "$name" ] || name="$(basename "$archive" .tar.gz)"
  [[ "$name" =~ $NAME_PATTERN ]] || fail "release name \"$name\" is not <YYYYMMDDTHHMMSSZ>-<commit>"
  [ ! -e "$RELEASES/$name" ] || fail "release $name exists already"
  local dir="$RELEASES/.$name.partial"
  rm -rf "$dir"
  mkdir -p "$dir"
  tar -xzf "$archive" -C "$dir"
  # The build writes dist/.site/server.json in its last step (the prerender), and nothing at all
  # when the content check fails: an archive without it is not a build to go live with.
  local missing=""
  for file in dist/index.html dist/.site/server.json src/server/main.ts package-lock.json; do
    [ -e "$dir/$file" ] || missing="$missing $file"
  done
  if [ -n "$missing" ]; then
    rm -rf "$dir"
    fail "refused $name: not a complete build (missing:$missing); nothing changed"
  fi
  link_dependencies "$dir"
  mv -T "$dir" "$RELEASES/$name"
  say "unpacked $name"
  local previous
  previous="$(current)"
  if go_live "$name" "$previous"; then
    prune
  else
    mv -T "$RELEASES/$name" "$RELEASES/$name.failed"
    fail "$name did not come up healthy and was set aside as $name.failed; ${previous:-nothing} is live"
  fi
}

switch_to() {
  local target="$1" live
  live="$(current)"
  # A kept release by its name only: not a path (../..), nor one set aside as failed.
  [[ "$target" =~ $NAME_PATTERN ]] || fail "\"$target\" is not a release's name (release.sh list)"
  [ -d "$RELEASES/$target" ] || fail "no release $target (release.sh list)"
  [ "$target" != "$live" ] || fail "$target is already the current release"
  go_live "$target" "$live" || fail "$target did not come up healthy; $live is live again"
}

[ -f "$HEALTH_CHECK" ] || fail "health-check.mjs is not beside release.sh ($HEALTH_CHECK): copy both"
exec 9>"$ROOT/.release.lock"
flock -n 9 || fail "another release is under way"
mkdir -p "$RELEASES"

case "${1:-}" in
  activate)
    [ $# -ge 2 ] || fail "usage: release.sh activate ARCHIVE.tar.gz [NAME]"
    activate "$2" "${3:-}"
    ;;
  rollback)
    live="$(current)"
    [ -n "$live" ] || fail "no current release"
    before="$(names | awk -v live="$live" '$0 < live' | tail -n 1)"
    [ -n "$before" ] || fail "no release older than $live is kept"
    switch_to "$before"
    ;;
  switch)
    [ $# -ge 2 ] || fail "usage: release.sh switch NAME"
    switch_to "$2"
    ;;
  list)
    live="$(current)"
    for name in $(names); do if [ "$name" = "$live" ]; then echo "$name  (current)"; else echo "$name"; fi; done
    ;;
  *)
    echo "usage: release.sh activate ARCHIVE.tar.gz | rollback | switch NAME | list  (docs/deploy.md)" >&2
    exit 2
    ;;
esac
