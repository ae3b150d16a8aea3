#!/usr/bin/env bash
# Regenerates the golden results folders under results-format/src/test/resources/golden-runs/ with real BasicDB
# sweeps of the current code (no store needed): the report, compare and format tests read them, so every reader is
# tested on folders the real writer made, not on hand-written fixtures.
#   normal        both phases and the harness floor, complete (BasicDB slowed to about 1,000 ops/s per thread)
#   no-peak       a store whose capacity search found no qualifying step (its only step ends in its warm-up)
#   interrupted   a run stopped with SIGTERM (as Ctrl-C) during its second step
# Run it after a change of the results format, then read the diff (git diff --stat) before committing.
#
# Use like: scripts/tests/make-golden-runs.sh
set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
readonly REPO_ROOT
readonly DEST="${REPO_ROOT}/results-format/src/test/resources/golden-runs"
readonly TINY="${REPO_ROOT}/sweep/src/test/resources/tiny-core-workload"
WORK=""
# shellcheck source=../lib/common.sh
source "${REPO_ROOT}/scripts/lib/common.sh"

usage() {
  sed -n '2,10p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2
}

# sweep NAME ARGS...: a tiny BasicDB sweep into a temp folder; prints the run folder.
sweep() {
  local out="$1"
  shift
  "${REPO_ROOT}/run-sweep.sh" "${TINY}" --stores basicdb --records 100 --warmup-seconds 1 --out "${out}" "$@" \
    2>>"${out}.log" | tail -n 1
}

# keep RUN NAME: moves a run folder to DEST/NAME without its derived files (the readers rebuild those).
keep() {
  local run="$1" name="$2"
  rm -rf "${DEST:?}/${name}"
  rm -rf "${run}/report.html" "${run}/charts" "${run}/summary.csv" "${run}/summary.json"
  find "${run}" -type d -name percentiles -prune -exec rm -rf {} +
  mv "${run}" "${DEST}/${name}"
  log "golden run ${name}: $(find "${DEST}/${name}" -type f | wc -l) files, $(du -sh "${DEST}/${name}" | cut -f1)"
}

interrupted_run() {
  local out="$1" pid
  "${REPO_ROOT}/run-sweep.sh" "${TINY}" --stores basicdb --records 100 --warmup-seconds 1 --threads 1,2,4 \
    --step-seconds 4 --load-fractions none --floor-seconds 0 --out "${out}" >"${out}.stdout" 2>>"${out}.log" &
  pid=$!
  until compgen -G "${out}/*/basicdb/steps/.02-t2.partial/hdr/*.hdr" >/dev/null; do
    kill -0 "${pid}" 2>/dev/null || die "the sweep ended before its second step"
    sleep 0.2
  done
  sleep 1
  kill -TERM "${pid}"
  wait "${pid}" || true
  tail -n 1 "${out}.stdout"
}

main() {
  [[ $# -eq 0 ]] || { usage; exit 2; }
  WORK="$(mktemp -d)"
  trap 'rm -rf "${WORK}"' EXIT
  mkdir -p "${DEST}"
  keep "$(sweep "${WORK}/normal" --threads 1,2 --step-seconds 3 --load-fractions 0.5,1 --floor-seconds 1 \
    --slo 'p99<=1s' -p basicdb.simulatedelay=2)" normal
  keep "$(sweep "${WORK}/no-peak" --threads 1 --step-seconds 2 -p operationcount=1 || true)" no-peak
  keep "$(interrupted_run "${WORK}/interrupted")" interrupted
}

main "$@"
