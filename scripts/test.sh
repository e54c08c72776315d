#!/usr/bin/env bash
# npm test: every test. Each vitest run writes reports/vitest-<name>.json and Playwright
# reports/playwright.json (.ci/summarize.mjs totals them). The unit project runs beside web and infra:
# each uses one core and the machine has two. So do the integration suite's two halves. Playwright
# starts a local cloud and uses both cores: it starts when the first half ends.
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
# Two integration runs side by side, each with a local cloud of its own and half the files by
# duration (test/integration/durations.json): each cloud runs its handlers on its process's one thread.
# Playwright starts as soon as either half ends: the halves' times vary by a minute or two between runs
# (tests that wait on the stream, the mailer's retries), and the core the first one leaves would idle.
vitest_step integration-1 --project integration --shard=1/2 &
integration1=$!
vitest_step integration-2 --project integration --shard=2/2 &
integration2=$!
wait -n -p first $integration1 $integration2 || failed=1
step playwright npx playwright test || failed=1
for half in $integration1 $integration2; do
  [ "$half" = "$first" ] || wait "$half" || failed=1
done
exit $failed
