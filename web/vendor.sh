#!/usr/bin/env bash
# Refreshes web/vendor/ with the built files of chessground at the pinned
# version, straight from the npm registry. The files are committed, so
# building Arbiter needs nothing but cargo; run this only to change version.
set -euo pipefail
VERSION=10.4.1
cd "$(dirname "$0")"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && npm pack --silent "@lichess-org/chessground@$VERSION" >/dev/null && tar xzf ./*.tgz)
cp "$tmp/package/dist/chessground.min.js" vendor/
cp "$tmp/package/assets/chessground.base.css" "$tmp/package/assets/chessground.brown.css" \
   "$tmp/package/assets/chessground.cburnett.css" vendor/
cp "$tmp/package/LICENSE" vendor/chessground.LICENSE
echo "$VERSION" > vendor/chessground.VERSION
echo "chessground $VERSION vendored into web/vendor/"
