#!/usr/bin/env bash
# The whole test suite: the README's test command (`npm test`) runs this.
# It installs Debian's chromium and nginx where they are missing, lints the code (ESLint, Prettier,
# knip for the dependencies), lints (Redocly and Spectral) and checks the OpenAPI document, builds the
# site, checks the spelling of the pages and the built twins (cspell), type-checks, builds the MCP
# server's package and runs the unit tests over the build (the MCP server's among them: over stdio and
# HTTP, packed and installed, its bundle's manifest), and the browser tests against the production
# build served locally.
set -euo pipefail
cd "$(dirname "$0")/.."

started=$(date +%s)
# Each step's title, with the time since the start (the benchmark's `npm test` row is the total).
step() { printf '\n== [%ds] %s\n' "$(( $(date +%s) - started ))" "$*"; }

missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/sbin/nginx ] || missing+=(nginx)
if [ ${#missing[@]} -gt 0 ]; then
  step "installing Debian's ${missing[*]} (browser tests use /usr/bin/chromium; hosting tests /usr/sbin/nginx)"
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi

step "ESLint (eslint.config.mjs) and Prettier (.prettierrc.json)"
npm run --silent lint
npm run --silent format:check

step "dependencies: every import declared, in the right section, nothing unused (knip.jsonc)"
npm run --silent lint:deps

step "OpenAPI document: Redocly lint (recommended rules)"
npm run --silent lint:openapi

step "OpenAPI document: Spectral lint (spectral:oas, exceptions in .spectral.yaml)"
npm run --silent lint:spectral

step "OpenAPI document: generated types compile against a usage sample"
npm run --silent types:openapi

if [ "${SKIP_BUILD:-}" != "1" ]; then
  step "build (generates the API reference from openapi/ first)"
  npm run --silent build
  step "build with hosted DocSearch settings (build-hosted/, for the hosted search tests)"
  (set -a && . tests/hosted-search.env && set +a && npx docusaurus build --out-dir build-hosted)
fi

step "spelling: cspell, US English (cspell.json; the API's names in cspell-words.txt) over the pages' sources and the built twins"
npm run --silent spell

step "type check"
npx tsc -p .

step "unit tests (document, build output, links; the MCP server package is built first: npm run mcp:build)"
npm run --silent test:unit

step "browser tests (Playwright, Debian chromium, production build)"
npm run --silent test:e2e

# The benchmark reports the duration of the last full run (npm run bench).
mkdir -p .bench
printf '{"seconds": %d, "skipBuild": %s, "finishedAt": "%s"}\n' "$(( $(date +%s) - started ))" \
  "$([ "${SKIP_BUILD:-}" = "1" ] && echo true || echo false)" "$(date -u +%FT%TZ)" > .bench/last-npm-test.json
