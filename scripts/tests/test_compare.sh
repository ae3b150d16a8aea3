#!/usr/bin/env bash
#
# test_compare.sh: shell-level tests of scripts/compare-results.sh through its
# real command line, on results
# folders written by the results-format module's own writers (step.json, HDR
# interval logs, step and run summaries; compare's test FixtureMain) with known
# changes: pure noise, regressions, improvements, a store whose sweep found no
# qualifying step (a failed run, exit 3, never a regression), unusable steps,
# verification failures and bad input; and every golden run compared with itself.
#
# Use like:
#   scripts/tests/test_compare.sh
#
# Settings (environment):
#   KEEP_TMP=1   keep the generated folders (path printed at the end)
#   DOCSEARCH_SKIP_BUILD is passed on to the scripts (and used here: the
#   fixture writer runs from compare's and results-format's test classes).

set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
readonly REPO_ROOT
readonly COMPARE="${REPO_ROOT}/scripts/compare-results.sh"
# shellcheck source=../lib/common.sh
source "${REPO_ROOT}/scripts/lib/common.sh"
# shellcheck source=../lib/classpath.sh
source "${REPO_ROOT}/scripts/lib/classpath.sh"

TMP=""
FAILURES=0
TESTS=0

usage() {
  sed -n '3,17p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
}

cleanup() {
  if [[ -n "${TMP}" && -d "${TMP}" ]]; then
    if [[ "${KEEP_TMP:-0}" == "1" ]]; then
      log "kept ${TMP}"
    else
      rm -rf "${TMP}"
    fi
  fi
  TMP=""
}

#######################################
# Writes results folders with FixtureMain (compare's test code); arguments as
# its usage: "set DIR TSCALE LSCALE [KEY=VALUE...]" or "run DIR WORKLOAD
# TSCALE LSCALE [KEY=VALUE...]", several separated by "--".
#######################################
fixtures() {
  local classpath test_classes
  classpath="$(runtime_classpath)"
  test_classes="${REPO_ROOT}/compare/target/test-classes:${REPO_ROOT}/results-format/target/test-classes"
  [[ -f "${REPO_ROOT}/compare/target/test-classes/io/github/ycsbdocsearch/compare/FixtureMain.class" ]] \
    || die "no compiled test fixtures: run './mvnw package -DskipTests' (tests compiled, not run)"
  java -cp "${classpath}:${test_classes}" io.github.ycsbdocsearch.compare.FixtureMain "$@"
}

#######################################
# The regex of a row of a Markdown table of compare's report that starts with these cells (each a regex).
# Arguments: cell...
#######################################
cells() {
  local out="^\\|" cell
  for cell in "$@"; do
    out+=" ${cell} \\|"
  done
  printf '%s' "${out}"
}

#######################################
# Runs a command, checks its exit code, keeps its output in ${TMP}/out.
# Arguments: name expected_code command...
#######################################
expect_exit() {
  local name="$1" expected="$2" code=0
  shift 2
  TESTS=$((TESTS + 1))
  "$@" >"${TMP}/out" 2>&1 || code=$?
  if [[ "${code}" == "${expected}" ]]; then
    log "ok   ${name} (exit ${code})"
  else
    log "FAIL ${name}: exit ${code}, expected ${expected}"
    sed 's/^/     | /' "${TMP}/out" | tail -n 25 >&2
    FAILURES=$((FAILURES + 1))
  fi
}

# expect_output NAME REGEX: the last command's output matches REGEX.
expect_output() {
  local name="$1" pattern="$2"
  TESTS=$((TESTS + 1))
  if grep -Eq -- "${pattern}" "${TMP}/out"; then
    log "ok   ${name}"
  else
    log "FAIL ${name}: output does not match /${pattern}/"
    sed 's/^/     | /' "${TMP}/out" | tail -n 25 >&2
    FAILURES=$((FAILURES + 1))
  fi
}

# expect_no_output NAME REGEX: the last command's output does not match REGEX.
expect_no_output() {
  local name="$1" pattern="$2"
  TESTS=$((TESTS + 1))
  if ! grep -Eq -- "${pattern}" "${TMP}/out"; then
    log "ok   ${name}"
  else
    log "FAIL ${name}: output matches /${pattern}/"
    grep -E -- "${pattern}" "${TMP}/out" | sed 's/^/     | /' | head -n 10 >&2
    FAILURES=$((FAILURES + 1))
  fi
}

# expect_true NAME COMMAND...: the command succeeds.
expect_true() {
  local name="$1"
  shift
  TESTS=$((TESTS + 1))
  if "$@" >/dev/null 2>&1; then
    log "ok   ${name}"
  else
    log "FAIL ${name}: '$*' failed"
    FAILURES=$((FAILURES + 1))
  fi
}

# All folders in one JVM. Each capacity carries a 95 % interval of +-3 % unless halfwidth= says otherwise.
make_all_fixtures() {
  local t="${TMP}"
  fixtures set "${t}/baseline" 1.00 1.00 \
    -- set "${t}/noise" 0.97 1.04 -- set "${t}/slow" 1.00 1.00 slow=mongodb:0.6 \
    -- set "${t}/laggy" 1.00 1.00 laggy=elasticsearch:1.6 -- set "${t}/fast" 1.50 0.60 \
    -- set "${t}/wrong" 1.00 1.00 differing=redisjson:2 -- set "${t}/unverified" 1.00 1.00 noverify=elasticsearch \
    -- set "${t}/collapse" 1.00 1.00 collapse=mongodb -- set "${t}/unsustained" 1.00 1.00 unsustained=redisjson:0.9 \
    -- set "${t}/slow-es" 1.00 1.00 slow=elasticsearch:0.6 \
    -- run "${t}/other/20261121T020000Z-workloadb" workloadb 1 1 \
    -- run "${t}/single-a" workloada 1.00 1.00 halfwidth=NaN -- run "${t}/single-b" workloada 0.85 1.00 \
    -- run "${t}/single-c" workloada 1.00 1.00 -- run "${t}/single-wide" workloada 1.00 1.00 halfwidth=0.2 \
    -- run "${t}/broken" workloada 1.00 1.00
}

test_compare_verdicts() {
  local b="${TMP}/baseline"
  expect_exit "pure noise passes" 0 "${COMPARE}" "${b}" "${TMP}/noise"
  expect_output "pure noise verdict" "^VERDICT: OK - 0 regression"
  expect_output "the runs' own intervals named" "^- thresholds: capacity and peak from the two runs' own 95 % intervals"
  expect_output "multiple-comparison rule stated" \
    "^- rule: Bonferroni over [0-9]+ figure\\(s\\) with intervals at alpha 0\\.05"

  expect_exit "capacity regression fails" 1 "${COMPARE}" "${b}" "${TMP}/slow"
  expect_output "regressed store flagged with a down arrow" \
    "$(cells workloada mongodb capacity_ops '[0-9.]+' '[0-9.]+' '↓ -(39|40|41)\.[0-9]%' '[0-9.]+%' \
      '\*\*REGRESSION\*\*' '[0-9.]+' '[0-9.]+')"
  expect_output "other stores stay within noise" "$(cells workloada redisjson capacity_ops).* noise \\|"

  expect_exit "latency regression fails" 1 "${COMPARE}" "${b}" "${TMP}/laggy"
  expect_output "latency row flagged" \
    "$(cells '[a-z]+' elasticsearch t1 SEARCH service p99).*↑ \\+60\\.[0-9]% \\| [0-9.]+%\\*? \\| \\*\\*REGRESSION"
  expect_output "intended latency at a load step flagged" \
    "$(cells '[a-z]+' elasticsearch load-50% SEARCH intended p50).*REGRESSION"

  expect_exit "improvement passes" 0 "${COMPARE}" "${b}" "${TMP}/fast"
  expect_output "improvement shown" "↑ \\+(49|50|51)\\.[0-9]% \\| [0-9.]+% \\| improved"

  expect_exit "verification failure fails" 1 "${COMPARE}" "${b}" "${TMP}/wrong"
  expect_output "verification table says FAILED" "$(cells workloadsearch redisjson 1000 998 2 '\*\*FAILED\*\*')"

  expect_exit "missing verification fails" 1 "${COMPARE}" "${b}" "${TMP}/unverified"
  expect_output "verification table says MISSING" "$(cells '[a-z]+' elasticsearch - - - '\*\*MISSING\*\*')"

  expect_exit "no qualifying step: a failed run (exit 3), not a regression, not bad input" 3 \
    "${COMPARE}" "${b}" "${TMP}/collapse"
  expect_output "the collapsed store is named, no result on the new side" \
    "$(cells workloada mongodb capacity_ops '[0-9.]+' - - - 'no result \(new\)')"
  expect_output "and why" "$(cells workloada mongodb capacity_ops).*\\| no capacity in the new run \\(p99<=10ms\\): no step completed"
  expect_output "the failed run has its own verdict" \
    "^VERDICT: FAILED RUN - no result for 2 store\\(s\\) of the new run \\(workloada/mongodb, workloadsearch/mongodb\\), 0 regression\\(s\\)"
  expect_no_output "and it is not a regression" "REGRESSION"

  expect_exit "unsustained step: capacity fell" 1 "${COMPARE}" "${b}" "${TMP}/unsustained"
  expect_output "unusable step listed, not compared" "$(cells '[a-z]+' redisjson load-90% new 'rate not sustained')$"
}

test_bad_input() {
  mkdir -p "${TMP}/not-results/sub"
  printf 'hello\n' >"${TMP}/not-results/notes.txt"
  expect_exit "not a results folder" 2 "${COMPARE}" "${TMP}/baseline" "${TMP}/not-results"
  expect_output "says why" "not a results folder"
  expect_true "on one line" test "$(wc -l <"${TMP}/out")" -eq 1
  expect_exit "missing folder" 2 "${COMPARE}" "${TMP}/baseline" "${TMP}/nowhere"
  expect_exit "mismatched workloads" 2 "${COMPARE}" "${TMP}/baseline" "${TMP}/other"
  expect_output "names both workload lists" "workloads differ"
  printf '{"format": 2, "rows": [' >"${TMP}/broken/summary.json"
  expect_exit "malformed summary.json" 2 "${COMPARE}" "${TMP}/single-a" "${TMP}/broken"
  expect_output "names the file" "broken/summary.json: malformed JSON"
  expect_exit "one folder only" 2 "${COMPARE}" "${TMP}/baseline"
  expect_exit "unknown option" 2 "${COMPARE}" --frobnicate a b
  expect_exit "alpha out of range" 2 "${COMPARE}" --alpha 2 a b
}

test_defaults_and_formats() {
  expect_exit "no interval in the baseline: 15% drop inside the default" 0 \
    "${COMPARE}" "${TMP}/single-a" "${TMP}/single-b"
  expect_output "default thresholds announced" "^- thresholds: .*DEFAULT thresholds where a run recorded none"
  expect_output "default thresholds marked" "20\\.0%\\* \\| noise"
  expect_exit "a +-3% interval on both sides: the 15% drop is a regression" 1 \
    "${COMPARE}" "${TMP}/single-c" "${TMP}/single-b"
  expect_exit "a +-20% interval in the baseline holds it" 0 "${COMPARE}" "${TMP}/single-wide" "${TMP}/single-b"

  local json="${TMP}/compare.json" md="${TMP}/summary.md"
  printf 'existing line\n' >"${md}"
  expect_exit "json + markdown under a comma-decimal locale" 1 env LC_ALL=de_DE.UTF-8 \
    COMPARE_JAVA_OPTS="-Duser.language=de -Duser.country=DE" \
    "${COMPARE}" --json "${json}" --markdown "${md}" "${TMP}/baseline" "${TMP}/slow-es"
  expect_true "json verdict and exit code" jq -e \
    '.verdict == "fail" and .exit_code == 1 and .regressions == 2' "${json}"
  expect_true "json regression row" jq -e \
    '[.headline[] | select(.verdict == "REGRESSION") | .store] == ["elasticsearch", "elasticsearch"]' "${json}"
  expect_true "json states the rule" jq -e '.rule.method == "bonferroni" and .rule.alpha == 0.05' "${json}"
  expect_true "json numbers use a dot" grep -Eq '"change" : -0\.[0-9]+' "${json}"
  expect_true "markdown appended after existing text" \
    grep -q '^## Performance compared with the baseline: REGRESSION' "${md}"
  expect_true "markdown kept the existing text" grep -q '^existing line$' "${md}"

  expect_exit "describe a run set" 0 "${COMPARE}" --describe "${TMP}/noise"
  expect_output "describe has a throughput chart" "^\\| redisjson \\| t4 \\| [0-9.]+ \\| █+ \\| yes \\|$"
  expect_output "describe has capacity and objective" "^\\| redisjson \\| [0-9.]+ \\| p99<=10ms \\| [0-9.]+ \\|"
  expect_output "describe has verification" "ok, 1000/1000 identical"
}

# On folders real BasicDB sweeps wrote (results-format's golden runs): every one compared with itself never
# regresses; a store that found no qualifying step is "no result" naming the side, a failed run (exit 3) when the
# new run lacks it, never a regression and never bad input.
test_golden_runs() {
  local golden="${REPO_ROOT}/results-format/src/test/resources/golden-runs" name expected
  for name in normal no-peak interrupted; do
    cp -r "${golden}/${name}" "${TMP}/golden-${name}"
    "${REPO_ROOT}/bin/docsearch" migrate "${TMP}/golden-${name}" >/dev/null || die "migrate failed on ${name}"
    "${REPO_ROOT}/scripts/report.sh" "${TMP}/golden-${name}" >/dev/null 2>&1 || die "report.sh failed on ${name}"
    expected=0
    [[ "${name}" != no-peak ]] || expected=3
    expect_exit "golden ${name} compared with itself (exit ${expected})" "${expected}" \
      "${COMPARE}" "${TMP}/golden-${name}" "${TMP}/golden-${name}"
    expect_no_output "golden ${name} compared with itself: no regression" "REGRESSION"
  done
  expect_exit "no-peak with itself" 3 "${COMPARE}" "${TMP}/golden-no-peak" "${TMP}/golden-no-peak"
  expect_output "no result on both sides" "$(cells tiny-core-workload basicdb peak_ops - - - - 'no result \(both\)')"
  expect_output "its own message" "^- tiny-core-workload/basicdb: no result in the baseline and the new run"
  expect_output "its own verdict" "^VERDICT: FAILED RUN - no result for 1 store\\(s\\) of the new run"
  expect_exit "a store without a qualifying step in the new run is a failed run" 3 \
    "${COMPARE}" "${TMP}/golden-normal" "${TMP}/golden-no-peak"
  expect_output "it names the store and the side" "$(cells tiny-core-workload basicdb capacity_ops '[0-9.]+' - - - 'no result \(new\)')"
  expect_no_output "not a regression" "REGRESSION"
  expect_exit "a baseline without a result only warns" 0 \
    "${COMPARE}" "${TMP}/golden-no-peak" "${TMP}/golden-normal"
  expect_output "it names the side" "$(cells tiny-core-workload basicdb peak_ops - '[0-9.]+' - - 'no result \(baseline\)')"
  expect_output "as a warning" "^- tiny-core-workload/basicdb: no result in the baseline, the new run's not judged"
}

main() {
  case "${1:-}" in
    -h | --help)
      usage
      return 0
      ;;
  esac
  command -v jq >/dev/null 2>&1 || { log "jq is needed (apt-get install -y jq)"; exit 2; }
  TMP="$(mktemp -d)"
  trap cleanup EXIT INT TERM
  make_all_fixtures
  test_compare_verdicts
  test_bad_input
  test_defaults_and_formats
  test_golden_runs
  log "${TESTS} checks, ${FAILURES} failed"
  ((FAILURES == 0))
}

main "$@"
