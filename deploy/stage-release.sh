#!/bin/sh
# Stages a new release directory for a rolling deploy (docs/operations.md, "Production"):
#
#   deploy/stage-release.sh NEW_BUILD NEW_RELEASE [PREVIOUS_RELEASE]
#
# NEW_BUILD is `npm run build`'s dist/ (with its APP_BUILD_ID); NEW_RELEASE must not exist yet;
# the processes are then restarted one by one with DIST_DIR=NEW_RELEASE.
#
# During the rollout, and for as long as a page of the previous release stays open, a browser
# asks any process for the hashed scripts of the page it holds. So:
#   - the new release also carries the previous release's own assets (an old page keeps
#     loading its lazy chunks from a new process);
#   - the previous release gets the new build's assets now, before any process is replaced (a
#     page loaded from a new process may fetch its chunks from an old one).
# Hashed names never collide with different content, so nothing is overwritten with other bytes.
# Only one release back is carried: assets.list names each build's own files.
set -eu
new_build=$1
release=$2
previous=${3:-}

[ -f "$new_build/index.html" ] || { echo "stage-release: $new_build is not a build (no index.html)" >&2; exit 1; }
[ ! -e "$release" ] || { echo "stage-release: $release exists already" >&2; exit 1; }

mkdir -p "$release"
cp -a "$new_build/." "$release/"
(cd "$new_build/assets" && ls) > "$release/assets.list"

if [ -n "$previous" ]; then
  [ -f "$previous/assets.list" ] || { echo "stage-release: $previous has no assets.list (not staged by this script)" >&2; exit 1; }
  while read -r name; do
    [ -e "$release/assets/$name" ] || cp -a "$previous/assets/$name" "$release/assets/$name"
  done < "$previous/assets.list"
  while read -r name; do
    [ -e "$previous/assets/$name" ] || cp -a "$release/assets/$name" "$previous/assets/$name"
  done < "$release/assets.list"
fi
echo "stage-release: $release ready ($(wc -l < "$release/assets.list") own assets${previous:+, carrying $(wc -l < "$previous/assets.list") of $previous})"
