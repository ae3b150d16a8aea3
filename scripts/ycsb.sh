#!/usr/bin/env bash
# Runs unmodified YCSB 0.17.0 (site.ycsb.Client) against one store with this project's bindings.
#
# Use like:
#   scripts/ycsb.sh load|run <store> <workload> [--hosts FILE] [YCSB options: -threads N -target R -p key=value ...]
#   scripts/ycsb.sh load|run <store> -P <workload> [-P FILE ...] [...]   (YCSB's way; later files override earlier keys)
#   scripts/ycsb.sh reset <store> <workload> [--hosts FILE] [-p table=NAME]   (drop the table before a new load)
#
#   store      redisjson | mongodb | elasticsearch
#   workload   a name in workloads/ (workloada, search-only, ...) or a path to a workload file; so is each -P FILE
#   --hosts    where the store listens (default: the local store, started with scripts/stores.sh if needed)
# Before YCSB starts, the store name, the workload's properties and the store's address and credentials are
# checked: a problem is one line on stderr and exit 2 (YCSB itself would print a trace and exit 0).
#
# Settings: STORES_HOME (default <repo>/.stores), JAVA_OPTS (default -Xmx2g).
set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
readonly REPO_ROOT
# shellcheck source=lib/classpath.sh
source "${REPO_ROOT}/scripts/lib/classpath.sh"

TMP_DIR=""
cleanup() {
  [[ -z "${TMP_DIR}" ]] || { rm -rf "${TMP_DIR}"; TMP_DIR=""; }
}
trap cleanup EXIT INT TERM

resolve_workload() {
  local name="$1"
  if [[ -f "${name}" ]]; then
    printf '%s' "${name}"
  elif [[ -f "${REPO_ROOT}/workloads/${name}" ]]; then
    printf '%s' "${REPO_ROOT}/workloads/${name}"
  else
    local known=() file
    for file in "${REPO_ROOT}"/workloads/*; do
      [[ "${file}" == *.md ]] || known+=("${file##*/}")
    done
    err "unknown workload '${name}' (not a file, nor one of: ${known[*]})"
    return 2
  fi
}

main() {
  if (($# >= 1)) && [[ "$1" == -h || "$1" == --help ]]; then
    usage
    return 0
  fi
  (($# >= 3)) || { usage >&2; return 2; }
  local phase="$1" store="$2" workload hosts="" ycsb_args=() props=()
  case "${phase}" in
    load) phase="-load" ;;
    run) phase="-t" ;;
    reset) phase="--reset" ;;
    *) err "unknown phase '${phase}' (known: load, run, reset)"; return 2 ;;
  esac
  shift 2
  # YCSB's habit: the workload named by -P, as the first of the -P files.
  [[ "$1" != -P ]] || shift
  workload="$(resolve_workload "${1:?a workload is needed}")" || return 2
  shift
  local file
  while (($#)); do
    case "$1" in
      --hosts) hosts="${2:?--hosts needs a file}"; shift 2 ;;
      -p) props+=(-p "${2:?-p needs key=value}"); ycsb_args+=(-p "$2"); shift 2 ;;
      # A later -P file overrides the workload's keys, as in YCSB; the preflight checks the merged properties.
      -P) file="$(resolve_workload "${2:?-P needs a file}")" || return 2
        props+=(-P "${file}"); ycsb_args+=(-P "${file}"); shift 2 ;;
      *) ycsb_args+=("$1"); shift ;;
    esac
  done
  local cp db
  cp="$(runtime_classpath)"
  if [[ -z "${hosts}" ]]; then
    # Bad properties or a bad dataset file: one line before a local store is started.
    java -cp "${cp}" io.github.ycsbdocsearch.common.Preflight "${store}" - - --check-only -P "${workload}" \
      "${props[@]}" || return 2
    hosts="${STORES_HOME:-${REPO_ROOT}/.stores}/hosts-single.json"
    TMP_DIR="$(mktemp -d)"
    case "${store}" in
      redisjson | mongodb | elasticsearch)
        # Quiet unless it fails: a bad-input message below must stay the only line.
        "${REPO_ROOT}/scripts/stores.sh" start "${store}" >"${TMP_DIR}/stores.log" 2>&1 \
          || { cat "${TMP_DIR}/stores.log" >&2; return 2; }
        ;;
    esac
  fi
  [[ -n "${TMP_DIR}" ]] || TMP_DIR="$(mktemp -d)"
  if [[ "${phase}" == --reset ]]; then
    java -cp "${cp}" io.github.ycsbdocsearch.common.Preflight "${store}" "${hosts}" \
      "${TMP_DIR}/connection.properties" --reset -P "${workload}" "${props[@]}" || return 2
    return 0
  fi
  db="$(java -cp "${cp}" io.github.ycsbdocsearch.common.Preflight "${store}" "${hosts}" \
    "${TMP_DIR}/connection.properties" -P "${workload}" "${props[@]}")" || return 2
  # shellcheck disable=SC2086 # JAVA_OPTS is a list of JVM flags.
  java ${JAVA_OPTS:--Xmx2g} -cp "${cp}" site.ycsb.Client "${phase}" -db "${db}" -P "${workload}" \
    -P "${TMP_DIR}/connection.properties" "${ycsb_args[@]}"
}

main "$@"
