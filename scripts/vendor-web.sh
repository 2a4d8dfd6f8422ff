#!/usr/bin/env bash
# Refreshes web/vendor/ (committed) from the pinned npm packages of web/package-lock.json, so
# building the host never needs npm. Run after changing a pin in web/package.json.
set -euo pipefail
cd "$(dirname "$0")/../web"
npm ci --no-audit --no-fund --loglevel=error
mkdir -p vendor
cp node_modules/markdown-it/dist/markdown-it.min.js vendor/markdown-it.min.js
cp node_modules/markdown-it/LICENSE vendor/markdown-it.LICENSE.txt
cp node_modules/@highlightjs/cdn-assets/highlight.min.js vendor/highlight.min.js
cp node_modules/@highlightjs/cdn-assets/LICENSE vendor/highlight.LICENSE.txt
echo "vendored highlight.js $(node -p "require('./node_modules/@highlightjs/cdn-assets/package.json').version")"
echo "vendored markdown-it $(node -p "require('./node_modules/markdown-it/package.json').version")"
