#!/usr/bin/env bash
#
# test_compare.sh: shell-level tests of scripts/compare-results.sh and
# scripts/make-baseline.sh through their real command lines, on results
# folders generated here with known changes: pure noise, regressions,
# improvements, verification failures and folders that are not results.
#
# Use like:
#   scripts/tests/test_compare.sh
#
# Settings (environment):
#   KEEP_TMP=1   keep the generated folders (path printed at the end)
#   DOCSEARCH_SKIP_BUILD is passed on to the scripts.

set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
readonly REPO_ROOT
readonly COMPARE="${REPO_ROOT}/scripts/compare-results.sh"
readonly BASELINE="${REPO_ROOT}/scripts/make-baseline.sh"
readonly STORES=(redisjson mongodb elasticsearch)
HEADER="store,workload,threads,target_ops,throughput_ops,op,count,errors"
HEADER+=",p50_us,p90_us,p99_us,p999_us,p9999_us,max_us"
HEADER+=",latency_kind,step,min_us,mean_us,stddev_us,duration_s"
readonly HEADER

TMP=""
FAILURES=0
TESTS=0

usage() {
  sed -n '3,14p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
}

log() {
  printf '%s\n' "$*" >&2
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
# Writes one run folder (results format v1) with scaled numbers.
# Arguments: dir workload throughput_scale latency_scale [key=value...]
#   slow=STORE:SCALE     extra throughput scale for one store
#   laggy=STORE:SCALE    extra latency scale for one store
#   differing=STORE:N    N answers of STORE differ from the oracle
#   noverify=STORE       no verification.json for STORE
#######################################
make_run() {
  local dir="$1" workload="$2" tscale="$3" lscale="$4"
  shift 4
  local slow="" laggy="" differing="" noverify="" kv
  for kv in "$@"; do
    case "${kv}" in
      slow=*) slow="${kv#slow=}" ;;
      laggy=*) laggy="${kv#laggy=}" ;;
      differing=*) differing="${kv#differing=}" ;;
      noverify=*) noverify="${kv#noverify=}" ;;
      *) log "make_run: unknown ${kv}"; return 1 ;;
    esac
  done
  local ops="READ UPDATE" search=0
  if [[ "${workload}" == *search* ]]; then
    ops="SEARCH READ"
    search=1
  fi
  mkdir -p "${dir}"
  printf '{"format": 1, "run_id": "%s", "git_commit": "feedbee", "workload": "%s"}\n' \
    "$(basename "${dir}")" "${workload}" >"${dir}/manifest.json"
  printf '%s\n' "${HEADER}" >"${dir}/summary.csv"
  local store
  for store in "${STORES[@]}"; do
    write_store "${dir}" "${workload}" "${store}" "${tscale}" "${lscale}" \
      "${ops}" "${slow}" "${laggy}"
    if ((search)) && [[ "${store}" != "${noverify}" ]]; then
      local bad=0
      [[ "${differing%%:*}" == "${store}" ]] && bad="${differing#*:}"
      printf '{"store": "%s", "queries": 1000, "identical": %d, "differing": %d, %s}\n' \
        "${store}" "$((1000 - bad))" "${bad}" \
        '"deep_pages": 400, "hit_counts": {"min": 1, "max": 4120}, "first_differences": []' \
        >"${dir}/${store}/verification.json"
    fi
  done
  printf '{"format": 1, "rows": [], "stores": {}}\n' >"${dir}/summary.json"
}

#######################################
# Appends one store's rows to summary.csv and writes its saturation.json.
#######################################
write_store() {
  local dir="$1" workload="$2" store="$3" tscale="$4" lscale="$5" ops="$6"
  local slow="$7" laggy="$8"
  local extra_t=1 extra_l=1
  [[ "${slow%%:*}" == "${store}" ]] && extra_t="${slow#*:}"
  [[ "${laggy%%:*}" == "${store}" ]] && extra_l="${laggy#*:}"
  mkdir -p "${dir}/${store}/steps/01-t1/hdr"
  LC_ALL=C awk -v store="${store}" -v workload="${workload}" -v ops="${ops}" \
    -v ts="${tscale}" -v ls="${lscale}" -v xt="${extra_t}" -v xl="${extra_l}" \
    -v sat="${dir}/${store}/saturation.json" '
    BEGIN {
      per = (store == "redisjson") ? 9000 : (store == "mongodb") ? 4000 : 1500
      lat = (store == "redisjson") ? 110 : (store == "mongodb") ? 240 : 650
      n = split(ops, op, " "); split("1 4", th, " "); best = 0
      for (i = 1; i <= 2; i++) {
        t = th[i]; tput = per * t ^ 0.8 * ts * xt; if (tput > best) best = tput
        for (j = 1; j <= n; j++) {
          p50 = lat * t * ls * xl
          for (k = 0; k < 2; k++) {
            kind = k ? "intended" : "service"
            printf "%s,%s,%d,0,%.1f,%s,20000,0,%.1f,%.1f,%.1f,%.1f,,%.1f,%s,%02d-t%d,10,%.1f,5,10\n",
              store, workload, t, tput, op[j], p50, p50 * 2, p50 * 4, p50 * 10, p50 * 20, kind, i, t, p50
          }
        }
      }
      printf "{\"store\": \"%s\", \"max_sustainable_index\": 2, \"threads\": 4, ", store > sat
      printf "\"throughput_ops\": %.1f, \"reason\": \"last step\"}\n", best > sat
    }' >>"${dir}/summary.csv"
}

# make_set DIR TSCALE LSCALE [key=value...]: a CRUD and a search run in DIR.
make_set() {
  local dir="$1"
  shift
  make_run "${dir}/20261121T020000Z-workloada" workloada "$@"
  make_run "${dir}/20261121T021500Z-workloadsearch" workloadsearch "$@"
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

test_baseline() {
  make_set "${TMP}/rep-1" 0.98 0.98
  make_set "${TMP}/rep-2" 1.00 1.00
  make_set "${TMP}/rep-3" 1.02 1.02
  expect_exit "make-baseline from 3 runs" 0 \
    "${BASELINE}" "${TMP}/baseline" "${TMP}/rep-1" "${TMP}/rep-2" "${TMP}/rep-3"
  expect_output "make-baseline names the median run" "workloada: median run .*rep-2"
  expect_true "noise.json threshold = 3 x CV (0.02)" jq -e \
    '(.noise.mongodb.workloada.max_throughput.threshold - 0.06 | fabs) < 0.0005' \
    "${TMP}/baseline/noise.json"
  expect_true "noise.json latency floor 10%" jq -e \
    '.noise.redisjson.workloadsearch["SEARCH.service.p99"].threshold == 0.1' \
    "${TMP}/baseline/noise.json"
  expect_exit "make-baseline needs 3 runs" 2 \
    "${BASELINE}" "${TMP}/b2" "${TMP}/rep-1" "${TMP}/rep-2"
  make_set "${TMP}/rep-bad" 1.00 1.00 differing=mongodb:4
  expect_exit "make-baseline refuses unverified runs" 1 \
    "${BASELINE}" "${TMP}/b3" "${TMP}/rep-1" "${TMP}/rep-2" "${TMP}/rep-bad"
  expect_exit "make-baseline refuses a non-empty target" 2 \
    "${BASELINE}" "${TMP}/baseline" "${TMP}/rep-1" "${TMP}/rep-2" "${TMP}/rep-3"
}

test_compare_verdicts() {
  local b="${TMP}/baseline"
  make_set "${TMP}/noise" 0.97 1.04
  expect_exit "pure noise passes" 0 "${COMPARE}" "${b}" "${TMP}/noise"
  expect_output "pure noise verdict" "^VERDICT: OK - 0 regression"
  expect_output "measured thresholds named" "^Noise: +measured: .*noise.json \\(3 runs"

  make_set "${TMP}/slow" 1.00 1.00 slow=mongodb:0.75
  expect_exit "throughput regression fails" 1 "${COMPARE}" "${b}" "${TMP}/slow"
  expect_output "regressed store flagged with a down arrow" \
    "^mongodb +[0-9.]+ +4 +[0-9.]+ +4 +↓ -25\\.0% +6\\.0% +REGRESSION"
  expect_output "other stores stay within noise" "^redisjson .*= \\+0\\.0% +6\\.0% +noise"

  make_set "${TMP}/laggy" 1.00 1.00 laggy=elasticsearch:1.6
  expect_exit "latency regression fails" 1 "${COMPARE}" "${b}" "${TMP}/laggy"
  expect_output "latency row flagged" "^elasticsearch +SEARCH +service +t1 +p99 .*↑ \\+60\\.0% +10\\.0% +REGRESSION"

  make_set "${TMP}/fast" 1.30 0.70
  expect_exit "improvement passes" 0 "${COMPARE}" "${b}" "${TMP}/fast"
  expect_output "improvement shown" "↑ \\+30\\.0% +6\\.0% +improved"

  make_set "${TMP}/wrong" 1.00 1.00 differing=redisjson:2
  expect_exit "verification failure fails" 1 "${COMPARE}" "${b}" "${TMP}/wrong"
  expect_output "verification table says FAILED" "workloadsearch +redisjson +1000 +998 +2 +FAILED"

  make_set "${TMP}/unverified" 1.00 1.00 noverify=elasticsearch
  expect_exit "missing verification fails" 1 "${COMPARE}" "${b}" "${TMP}/unverified"
  expect_output "verification table says MISSING" "elasticsearch +- +- +- +MISSING"
}

test_bad_input() {
  mkdir -p "${TMP}/not-results/sub"
  printf 'hello\n' >"${TMP}/not-results/notes.txt"
  expect_exit "not a results folder" 2 "${COMPARE}" "${TMP}/baseline" "${TMP}/not-results"
  expect_output "says why" "not a results folder"
  expect_exit "missing folder" 2 "${COMPARE}" "${TMP}/baseline" "${TMP}/nowhere"
  make_run "${TMP}/other/20261121T020000Z-workloadb" workloadb 1 1
  expect_exit "mismatched workloads" 2 "${COMPARE}" "${TMP}/baseline" "${TMP}/other"
  expect_output "names both workload lists" "workloads differ"
  expect_exit "one folder only" 2 "${COMPARE}" "${TMP}/baseline"
  expect_exit "unknown option" 2 "${COMPARE}" --frobnicate a b
}

test_defaults_and_formats() {
  make_run "${TMP}/single-a" workloada 1.00 1.00
  make_run "${TMP}/single-b" workloada 0.85 1.00
  expect_exit "no noise.json: 15% drop inside the default" 0 \
    "${COMPARE}" "${TMP}/single-a" "${TMP}/single-b"
  expect_output "default thresholds announced" "^Noise: +DEFAULT thresholds, the baseline has no noise.json"
  expect_output "default thresholds marked" "20\\.0%\\* +noise"

  local json="${TMP}/compare.json" md="${TMP}/summary.md"
  printf 'existing line\n' >"${md}"
  make_set "${TMP}/slow-es" 1.00 1.00 slow=elasticsearch:0.6
  expect_exit "json + markdown under a comma-decimal locale" 1 env LC_ALL=de_DE.UTF-8 \
    COMPARE_JAVA_OPTS="-Duser.language=de -Duser.country=DE" \
    "${COMPARE}" --json "${json}" --markdown "${md}" "${TMP}/baseline" "${TMP}/slow-es"
  expect_true "json verdict and exit code" jq -e \
    '.verdict == "fail" and .exit_code == 1 and .regressions == 2' "${json}"
  expect_true "json regression row" jq -e \
    '[.throughput[] | select(.verdict == "REGRESSION") | .store] == ["elasticsearch", "elasticsearch"]' "${json}"
  expect_true "json numbers use a dot" grep -Eq '"change" : -0\.[0-9]+' "${json}"
  expect_true "markdown appended after existing text" \
    grep -q '^## Performance compared with the baseline: REGRESSION' "${md}"
  expect_true "markdown kept the existing text" grep -q '^existing line$' "${md}"

  expect_exit "describe a run set" 0 "${COMPARE}" --describe "${TMP}/noise"
  expect_output "describe has a throughput chart" "^\\| redisjson \\| t4 \\| [0-9.]+ \\| █+ \\|$"
  expect_output "describe has verification" "ok, 1000/1000 identical"
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
  test_baseline
  test_compare_verdicts
  test_bad_input
  test_defaults_and_formats
  log "${TESTS} checks, ${FAILURES} failed"
  ((FAILURES == 0))
}

main "$@"
