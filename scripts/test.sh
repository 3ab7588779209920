#!/usr/bin/env bash
# The whole test suite: the README's test command (`npm test`) runs this (handbook/testing.md says what each
# step holds). It installs Debian's chromium-headless-shell and nginx where they are missing; lints the code
# and the OpenAPI document (the lints run side by side); builds the site twice (as it ships, and with the
# hosted-search settings, which builds beside the spelling and the types); checks the spelling and the
# types; runs the unit tests over the build, then the browser tests against it through nginx.
# Each step prints the seconds since the start; a run that passes writes its step times to
# .bench/last-npm-test.json, which `npm run bench` reports.
set -euo pipefail
cd "$(dirname "$0")/.."

started=$(date +%s)
timings=$(mktemp)
# Each step's title, with the time since the start; its start is kept for the benchmark's rows.
step() {
  local now=$(( $(date +%s) - started ))
  printf '\n== [%ds] %s\n' "$now" "$*"
  printf '%d\t%s\n' "$now" "$1" >> "$timings"
}

# Runs the named commands at once and waits for all; prints each one's output, and fails if any failed.
together() {
  local pids=() names=() logs=() failed=0
  while [ $# -gt 0 ]; do
    names+=("$1")
    logs+=("$(mktemp)")
    bash -c "$2" > "${logs[-1]}" 2>&1 &
    pids+=($!)
    shift 2
  done
  for i in "${!pids[@]}"; do
    if wait "${pids[$i]}"; then
      [ -s "${logs[$i]}" ] && { printf -- '-- %s\n' "${names[$i]}"; cat "${logs[$i]}"; }
    else
      printf -- '-- %s FAILED\n' "${names[$i]}"
      cat "${logs[$i]}"
      failed=1
    fi
    rm -f "${logs[$i]}"
  done
  return $failed
}

missing=()
[ -x /usr/bin/chromium-headless-shell ] || missing+=(chromium-headless-shell)
[ -x /usr/sbin/nginx ] || missing+=(nginx)
if [ ${#missing[@]} -gt 0 ]; then
  step "installing Debian's ${missing[*]} (browser tests: /usr/bin/chromium-headless-shell; hosting tests: /usr/sbin/nginx)"
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi

step "lints: ESLint, Prettier, knip (dependencies), Redocly and Spectral (the OpenAPI document), its generated types"
together \
  "ESLint (eslint.config.mjs)" "npm run --silent lint" \
  "Prettier (.prettierrc.json)" "npm run --silent format:check" \
  "knip: every import declared, in the right section, nothing unused (knip.jsonc)" "npm run --silent lint:deps" \
  "Redocly lint (recommended rules)" "npm run --silent lint:openapi" \
  "Spectral lint (spectral:oas, exceptions in .spectral.yaml)" "npm run --silent lint:spectral" \
  "the document's generated types compile against a usage sample" "npm run --silent types:openapi"

hosted=""
if [ "${SKIP_BUILD:-}" != "1" ]; then
  step "build (generates the API reference from openapi/ first)"
  # A stale copy of a renamed reference page: gen-api must empty api/ first (tests/unit/gen-api.test.ts).
  mkdir -p api && printf -- '---\nid: renamed-reference-page\n---\n\nA page whose source is gone.\n' > api/renamed-reference-page.mdx
  npm run --silent build
  # The hosted-search build only serves the browser tests: it builds beside the spelling and the types, and is
  # waited for before the unit tests, which ran slower beside it (measured: bench/HISTORY.md).
  hosted_log=$(mktemp)
  (set -a && . tests/hosted-search.env && set +a && npx docusaurus build --out-dir build-hosted) > "$hosted_log" 2>&1 &
  hosted=$!
fi

step "spelling (cspell over the pages' sources and the built twins) and types (tsc), with the hosted-search build beside"
together \
  "cspell, US English (cspell.json; the API's names in cspell-words.txt)" "npm run --silent spell" \
  "tsc" "npx tsc -p ."

if [ -n "$hosted" ]; then
  step "the hosted-search build (build-hosted/, for the hosted search tests) is done"
  if ! wait "$hosted"; then
    cat "$hosted_log"
    echo "the build with hosted DocSearch settings (tests/hosted-search.env) failed" >&2
    exit 1
  fi
fi

step "unit tests (the document, the build, the hosts, the MCP server and the sandbox; npm run test:unit)"
npm run --silent test:unit

step "browser tests (Playwright, Debian's chromium-headless-shell, through nginx; npm run test:e2e)"
npm run --silent test:e2e

# The benchmark reports the last full run and its steps (npm run bench).
total=$(( $(date +%s) - started ))
mkdir -p .bench
node -e '
const fs = require("fs");
const [file, total, skipBuild, out] = process.argv.slice(1);
const rows = fs.readFileSync(file, "utf8").trim().split("\n").map((line) => line.split("\t"));
const steps = rows.map(([start, name], i) => ({ name, seconds: (i + 1 < rows.length ? Number(rows[i + 1][0]) : Number(total)) - Number(start) }));
fs.writeFileSync(out, JSON.stringify({ seconds: Number(total), skipBuild: skipBuild === "1", finishedAt: new Date().toISOString(), steps }, null, 2) + "\n");
' "$timings" "$total" "${SKIP_BUILD:-}" .bench/last-npm-test.json
rm -f "$timings"
