#!/usr/bin/env bash
#
# test_report_screenshot.sh: builds a report from a results folder a real BasicDB
# sweep wrote (the golden run "normal") through scripts/report.sh, opens report.html
# offline in headless Chromium and checks the screenshot is a real page, not a
# blank one, that the page leads with its answer, and that a step's events.json
# is marked on its time series. Also checks report.sh's exit codes on bad input.
#
# Use like:
#   scripts/tests/test_report_screenshot.sh
#
# Settings (environment):
#   SHOT_DIR=report/target/screenshot   where report.png and the sample run are
#                                       kept for people to look at
#   MIN_PNG_BYTES=100000                smallest PNG accepted as non-trivial
#                                       (a blank 1400x3000 page is ~15 kB)
#   KEEP_TMP=1                          keep the Chromium profile folder
#   DOCSEARCH_SKIP_BUILD=1              use the existing build
#   CHROMIUM=chromium                   the browser command

set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
readonly REPO_ROOT
readonly REPORT="${REPO_ROOT}/scripts/report.sh"
# A results folder a real BasicDB sweep wrote (scripts/tests/make-golden-runs.sh): both phases and the floor.
readonly GOLDEN="${REPO_ROOT}/results-format/src/test/resources/golden-runs/normal"
readonly WINDOW="1400,3000"
# shellcheck source=../lib/common.sh
source "${REPO_ROOT}/scripts/lib/common.sh"
# shellcheck source=assert.sh
source "${REPO_ROOT}/scripts/tests/assert.sh"

PROFILE_DIR=""

usage() {
  sed -n '3,21p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
}

cleanup() {
  if [[ -n "${PROFILE_DIR}" && -d "${PROFILE_DIR}" && "${KEEP_TMP:-0}" != 1 ]]; then
    rm -rf "${PROFILE_DIR}"
  fi
  PROFILE_DIR=""
}
trap cleanup EXIT INT TERM

#######################################
# Makes sure a Chromium is there, installing Debian's when running as root.
# Globals: CHROMIUM
#######################################
ensure_chromium() {
  local browser="${CHROMIUM:-chromium}"
  command -v "${browser}" >/dev/null 2>&1 && return 0
  if [[ "$(id -u)" == 0 ]] && command -v apt-get >/dev/null 2>&1; then
    log "installing chromium (apt-get)..."
    apt-get install -y chromium >/dev/null || die "apt-get install chromium failed"
    return 0
  fi
  die "${browser} not found; install it (apt-get install -y chromium)"
}

#######################################
# Screenshots a page in headless Chromium with a fresh profile and no network
# side traffic.
# Arguments: page file, PNG to write
#######################################
screenshot() {
  local page="$1" png="$2"
  PROFILE_DIR="$(mktemp -d)"
  local -a flags=(--headless --no-sandbox --disable-gpu --disable-quic
    --no-first-run --disable-background-networking --disable-component-update
    --disable-sync "--user-data-dir=${PROFILE_DIR}" "--screenshot=${png}"
    "--window-size=${WINDOW}")
  timeout 180 "${CHROMIUM:-chromium}" "${flags[@]}" "file://${page}" >/dev/null 2>&1
  cleanup
}

#######################################
# True when the file is a PNG of the window's size and at least
# MIN_PNG_BYTES long (the page has content: charts, tables).
# Arguments: PNG file
#######################################
png_is_non_trivial() {
  local png="$1" size width height
  [[ -f "${png}" ]] || { echo "no ${png}"; return 1; }
  size="$(stat -c %s "${png}")"
  [[ "$(head -c 8 "${png}" | od -An -tx1 | tr -d ' \n')" == 89504e470d0a1a0a ]] \
    || { echo "not a PNG"; return 1; }
  # IHDR: width and height are big-endian 32-bit integers at bytes 16 and 20.
  width="$((16#$(od -An -tx1 -j16 -N4 "${png}" | tr -d ' \n')))"
  height="$((16#$(od -An -tx1 -j20 -N4 "${png}" | tr -d ' \n')))"
  echo "${png}: ${width}x${height}, ${size} bytes"
  [[ "${width},${height}" == "${WINDOW}" ]] || return 1
  ((size >= ${MIN_PNG_BYTES:-100000}))
}

#######################################
# True when the report leads with its answer: the headline and the latency
# curves before the conditions, verification and the rest; the environment
# last.
# Arguments: report.html
#######################################
report_leads_with_answer() {
  local html="$1" id offset last=-1
  for id in headline load conditions verification capacity-search time-series environment; do
    offset="$(grep -bo "<section id=\"${id}\">" "${html}" | head -1 | cut -d: -f1)"
    [[ -n "${offset}" ]] || { echo "no section ${id}"; return 1; }
    ((offset > last)) || { echo "section ${id} out of order"; return 1; }
    last="${offset}"
  done
}

#######################################
# True when report.html loads nothing from the network.
# Arguments: report.html
#######################################
report_is_offline() {
  ! grep -Eiq '(src|href)="(https?:)?//|<script|<link|@import' "$1"
}

main() {
  if [[ $# -gt 0 ]]; then
    usage
    [[ "$1" == -h || "$1" == --help ]] && return 0
    return 2
  fi
  ensure_chromium
  local shot_dir="${SHOT_DIR:-${REPO_ROOT}/report/target/screenshot}"
  local run="${shot_dir}/sample-run"
  rm -rf "${shot_dir}"
  mkdir -p "${shot_dir}"
  check "report.sh without arguments exits 2" bash -c "'${REPORT}'; [[ \$? == 2 ]]"
  check "report.sh on a folder without manifest.json exits 2" \
    bash -c "'${REPORT}' '${shot_dir}' 2>&1 | grep -q 'not a results folder'; [[ \${PIPESTATUS[0]} == 2 ]]"
  cp -r "${GOLDEN}" "${run}"
  check "bin/docsearch migrate brings the older golden run to the current format" \
    "${REPO_ROOT}/bin/docsearch" migrate "${run}"
  # A hand-made events.json (docs/results-format.md): the runner's side is not needed to see the marks.
  printf '[{"t_s": 0.5, "store": "basicdb", "kind": "rdb_save", "detail": "fixture"}]\n' \
    >"${run}/basicdb/steps/03-t4-r1788/events.json"
  check "report.sh builds the report" "${REPORT}" "${run}"
  check "summary.csv has the contract's leading columns" \
    grep -q '^store,workload,threads,target_ops,throughput_ops,op,count,errors,p50_us,p90_us,p99_us,p999_us,p9999_us,max_us,' \
    "${run}/summary.csv"
  check "charts saved as SVG files" test -f "${run}/charts/throughput-vs-threads.svg"
  check "latency vs offered load charted" test -f "${run}/charts/latency-vs-offered-load-READ.svg"
  check "the capacity and its objective head the report" grep -q 'Capacity (ops/s)' "${run}/report.html"
  check "headline and curves first, environment last" report_leads_with_answer "${run}/report.html"
  check "fixed-rate steps charted over time, events marked" \
    grep -q '>rdb_save<' "${run}/charts/timeseries-load-50pct-latency.svg"
  check "summary.csv says each step's phase and status" \
    grep -q ',load,0.5,complete,true,' "${run}/summary.csv"
  check "report.html loads nothing remote" report_is_offline "${run}/report.html"
  screenshot "${run}/report.html" "${shot_dir}/report.png"
  check "headless Chromium screenshot is non-trivial" png_is_non_trivial "${shot_dir}/report.png"
  log "screenshot: ${shot_dir}/report.png"
  finish
}

main "$@"
