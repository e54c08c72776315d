#!/usr/bin/env bash
# npm test: every test. Each vitest run writes reports/vitest-<name>.json and Playwright
# reports/playwright.json (.ci/summarize.mjs totals them). The unit project runs beside web and infra:
# each uses one core and the machine has two. Integration and Playwright each start a local cloud and
# use both cores, so they run alone.
set -uo pipefail
cd "$(dirname "$0")/.."
source scripts/steps.sh
mkdir -p reports

vitest_step() {
  local name=$1
  shift
  step "vitest $name" npx vitest run "$@" --outputFile.json="reports/vitest-$name.json"
}

failed=0
vitest_step unit --project unit &
unit=$!
vitest_step web+infra --project web --project infra || failed=1
wait $unit || failed=1
vitest_step integration --project integration || failed=1
step playwright npx playwright test || failed=1
exit $failed
