# Sourced by .ci/run and test/harness/test.sh.
# step NAME COMMAND...: runs COMMAND and appends NAME, its wall time (ms), its exit status, how many
# events the profile file (GROWTHWISE_PROFILE_FILE, when set) holds by then, and when it ended (epoch ms)
# to reports/steps.tsv: the events since the previous step are this step's, or its neighbour's where two
# steps run side by side.
step() {
  local name=$1 started=${EPOCHREALTIME/[.,]/} events=0
  shift
  "$@"
  local status=$?
  [ -n "${GROWTHWISE_PROFILE_FILE:-}" ] && [ -f "$GROWTHWISE_PROFILE_FILE" ] && events=$(wc -l <"$GROWTHWISE_PROFILE_FILE")
  mkdir -p reports
  local ended=${EPOCHREALTIME/[.,]/}
  printf '%s\t%d\t%d\t%d\t%d\n' "$name" $(((ended - started) / 1000)) "$status" "$events" $((ended / 1000)) >>reports/steps.tsv
  return $status
}
