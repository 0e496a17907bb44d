# Sourced by .ci/run and scripts/test-all.sh: `tier NAME COMMAND...` runs one tier of the test run,
# notes how long it took in $TIER_TIMES (one "NAME<TAB>SECONDS<TAB>exit" line each), and returns
# its exit code; `print_tier_times` prints them as a table, so every run says where its time went.
TIER_TIMES="${TIER_TIMES:-.test-results/tier-times.tsv}"

tier() {
  local name="$1"; shift
  local started=$SECONDS code=0
  echo "== $name"
  "$@" || code=$?
  mkdir -p "$(dirname "$TIER_TIMES")"
  printf '%s\t%s\t%s\n' "$name" "$((SECONDS - started))" "$code" >>"$TIER_TIMES"
  return "$code"
}

print_tier_times() {
  [ -s "$TIER_TIMES" ] || return 0
  echo "== time per tier"
  awk -F '\t' '{ total += $2; printf "  %-58s %4d min %02d s%s\n", $1, $2 / 60, $2 % 60, ($3 == 0 ? "" : "  (exit " $3 ")") }
    END { printf "  %-58s %4d min %02d s\n", "all tiers", total / 60, total % 60 }' "$TIER_TIMES"
}
