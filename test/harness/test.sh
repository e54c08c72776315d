#!/usr/bin/env bash
# npm test: every test. Each vitest run writes reports/vitest-<name>.json and Playwright
# reports/playwright.json (test/harness/summarize.mjs totals them). Two lanes, one a core: the unit project then
# one integration half, beside web and infra then the other half. Playwright starts a local cloud and
# uses both cores: it starts when the first lane ends.
set -uo pipefail
cd "$(dirname "$0")/../.."
source test/harness/steps.sh
mkdir -p reports

vitest_step() {
  local name=$1
  shift
  step "vitest $name" npx vitest run "$@" --outputFile.json="reports/vitest-$name.json"
}

# lane FIRST SECOND: runs both vitest steps one after the other; fails if either did.
lane() {
  local status=0
  vitest_step $1 || status=1
  vitest_step $2 || status=1
  return $status
}

failed=0
# Two lanes, one a core: unit then half the integration files, and web and infra then the other half.
# Each integration half has a local cloud of its own and half the files by duration
# (test/harness/durations.json), and starts as soon as its lane's first project ends.
# Playwright starts as soon as either lane ends: the halves' times vary by a minute or two between runs
# (tests that wait on the stream, the mailer's retries), and the core the first one leaves would idle.
lane 'unit --project unit' 'integration-1 --project integration --shard=1/2' &
lane1=$!
lane 'web+infra --project web --project infra' 'integration-2 --project integration --shard=2/2' &
lane2=$!
wait -n -p first $lane1 $lane2 || failed=1
step playwright npx playwright test || failed=1
for other in $lane1 $lane2; do
  [ "$other" = "$first" ] || wait "$other" || failed=1
done
exit $failed
