#!/usr/bin/env bash
#
# test_vega_render.sh: the charts' Vega-Lite specifications draw the report's charts. Builds the report of the golden
# run "normal" (with a hand-made events.json, so a vertical mark is drawn) through scripts/report.sh, and the overlay
# of that run and a copy of it through compare-results.sh --charts, renders every <chart>.vl.json from its CSV with
# Vega's command-line tool vl2svg, and checks that Vega's drawing has the SVG's points (scripts/tests/vega_points.py);
# then that a specification with a wrong axis range is caught.
#
# Use like:
#   scripts/tests/test_vega_render.sh
#
# Settings (environment):
#   VEGA_DIR=report/target/vega-tools   where the pinned Vega tools are installed from npm (once; about 60 MB)
#   OUT_DIR=report/target/vega-render   the sample run and Vega's drawings, kept for people to look at
#   DOCSEARCH_SKIP_BUILD=1              use the existing build

set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
readonly REPO_ROOT
readonly REPORT="${REPO_ROOT}/scripts/report.sh"
readonly COMPARE="${REPO_ROOT}/scripts/compare-results.sh"
readonly GOLDEN="${REPO_ROOT}/results-format/src/test/resources/golden-runs/normal"
readonly POINTS="${REPO_ROOT}/scripts/tests/vega_points.py"
# Pinned: the specifications say Vega-Lite v5. npm's install scripts are skipped: they build 'canvas', which only
# PNG and PDF output need (native libraries this test does without); vl2svg draws SVG without it.
readonly VEGA_PACKAGES=(vega@5.33.1 vega-lite@5.23.0 vega-cli@5.33.0)
# shellcheck source=../lib/common.sh
source "${REPO_ROOT}/scripts/lib/common.sh"
# shellcheck source=assert.sh
source "${REPO_ROOT}/scripts/tests/assert.sh"

VEGA_DIR="${VEGA_DIR:-${REPO_ROOT}/report/target/vega-tools}"

usage() {
  sed -n '3,15p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
}

#######################################
# Installs the pinned Vega tools into VEGA_DIR unless they are there.
# Globals: VEGA_DIR
#######################################
ensure_vega() {
  [[ -x "${VEGA_DIR}/node_modules/.bin/vl2svg" ]] && return 0
  command -v npm >/dev/null 2>&1 || die "npm not found; install it (apt-get install -y npm)"
  log "installing ${VEGA_PACKAGES[*]} into ${VEGA_DIR} (npm)..."
  mkdir -p "${VEGA_DIR}"
  npm install --prefix "${VEGA_DIR}" --no-save --no-package-lock --ignore-scripts --no-audit --no-fund \
    "${VEGA_PACKAGES[@]}" >/dev/null || die "npm install of the Vega tools failed"
}

#######################################
# Renders a chart's specification with vl2svg, its CSV read from beside it.
# Arguments: specification, SVG to write
#######################################
render() {
  local spec="$1" out="$2"
  "${VEGA_DIR}/node_modules/.bin/vl2svg" --base "$(dirname "${spec}")/" "${spec}" >"${out}"
}

#######################################
# Renders a chart's specification and compares Vega's points with the report's SVG.
# Arguments: charts folder, chart name (its file stem), folder for Vega's drawing
#######################################
same_points() {
  local charts="$1" chart="$2" out="$3"
  render "${charts}/${chart}.vl.json" "${out}/${chart}.svg"
  python3 "${POINTS}" "${charts}/${chart}.svg" "${out}/${chart}.svg"
}

#######################################
# The comparison fails on a specification whose y range is not the SVG's: a copy with its domains' upper ends doubled.
# Arguments: charts folder, chart name, folder for the broken copy
#######################################
wrong_range_is_caught() {
  local charts="$1" chart="$2" out="$3"
  jq '(.. | objects | select(has("domain")) | .domain[1]) |= . * 2' "${charts}/${chart}.vl.json" \
    >"${charts}/broken-${chart}.vl.json"
  cp "${charts}/${chart}.csv" "${charts}/broken-${chart}.csv"
  jq --arg url "broken-${chart}.csv" '.data.url = $url' "${charts}/broken-${chart}.vl.json" >"${out}/broken.vl.json"
  mv "${out}/broken.vl.json" "${charts}/broken-${chart}.vl.json"
  render "${charts}/broken-${chart}.vl.json" "${out}/broken-${chart}.svg"
  rm -f "${charts}/broken-${chart}".*
  ! python3 "${POINTS}" "${charts}/${chart}.svg" "${out}/broken-${chart}.svg"
}

main() {
  if [[ $# -gt 0 ]]; then
    usage
    [[ "$1" == -h || "$1" == --help ]] && return 0
    return 2
  fi
  ensure_vega
  local out_dir="${OUT_DIR:-${REPO_ROOT}/report/target/vega-render}"
  local run="${out_dir}/sample-run" drawn="${out_dir}/vega"
  rm -rf "${out_dir}"
  mkdir -p "${drawn}"
  cp -r "${GOLDEN}" "${run}"
  check "bin/docsearch migrate brings the older golden run to the current format" \
    "${REPO_ROOT}/bin/docsearch" migrate "${run}"
  printf '[{"t_s": 0.5, "store": "basicdb", "kind": "rdb_save", "detail": "fixture"}]\n' \
    >"${run}/basicdb/steps/03-t4-r1788/events.json"
  check "report.sh builds the report" "${REPORT}" "${run}"
  local spec chart count=0
  for spec in "${run}"/charts/*.vl.json; do
    chart="$(basename "${spec}" .vl.json)"
    check "${chart}: Vega draws the SVG's points from the CSV" same_points "${run}/charts" "${chart}" "${drawn}"
    count=$((count + 1))
  done
  check "every chart has a specification (${count})" test "${count}" -ge 10
  cp -r "${run}" "${out_dir}/copy"
  check "compare --charts writes the overlay" \
    "${COMPARE}" --charts "${out_dir}/overlays" "${run}" "${out_dir}/copy"
  for spec in "${out_dir}"/overlays/*.vl.json; do
    chart="$(basename "${spec}" .vl.json)"
    check "${chart}: Vega draws the SVG's points from the CSV" same_points "${out_dir}/overlays" "${chart}" "${drawn}"
  done
  check "a specification with the wrong range does not pass" \
    wrong_range_is_caught "${run}/charts" spectrum-READ "${drawn}"
  log "Vega's drawings: ${drawn}"
  finish
}

main "$@"
