#!/usr/bin/env bash
# Proves every store answers the two-word search exactly as the oracle computed from the generator does.
#
# Use like:
#   scripts/verify-search.sh [--stores redisjson,mongodb,elasticsearch] [--queries N]
#                            [--records N | --dataset FILE [--text-mode canonical|raw]]
#                            [--hosts FILE | --topology single|cluster] [--json FILE] [-p key=value ...]
#
# Loads the same documents into each store (default 20,000 generated records, or every line of a JSON Lines
# dataset file), asks N sampled questions (default 1,000: first pages, deeper pages with hits, the empty page
# after the last, both sort orders, every tenth with documents compared field by field), prints store / queries /
# identical / differing and the first differences in full. Exit 0 only when every store is 100 % identical,
# 1 when any differs, 2 on bad input (a bad dataset file: one line naming the line, before any store starts).
# --text-mode raw stores the dataset's text as given and measures instead (the divergence table): the share of
# answers that differ from the canonical oracle per store, with the first differing documents and each engine's
# tokens; exit 0 when the measurement ran.
# With no --hosts, starts the local stores of the topology (default single) with scripts/stores.sh first.
#
# Settings: STORES_HOME (default <repo>/.stores), JAVA_OPTS (default -Xmx1g).
set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
readonly REPO_ROOT
# shellcheck source=lib/common.sh
source "${REPO_ROOT}/scripts/lib/common.sh"
# shellcheck source=lib/classpath.sh
source "${REPO_ROOT}/scripts/lib/classpath.sh"

usage() {
  sed -n '2,21p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
}

main() {
  local hosts="" topology="single" stores="" args=()
  while (($#)); do
    case "$1" in
      -h | --help) usage; return 0 ;;
      --hosts) hosts="${2:?--hosts needs a file}"; shift 2 ;;
      --topology) topology="${2:?--topology needs single or cluster}"; shift 2 ;;
      --stores) stores="${2:?--stores needs a list}"; args+=("$1" "$2"); shift 2 ;;
      *) args+=("$1"); shift ;;
    esac
  done
  case "${topology}" in
    single | cluster) ;;
    *) err "unknown topology '${topology}' (known: single, cluster)"; return 2 ;;
  esac
  local cp
  cp="$(runtime_classpath)"
  if [[ -z "${hosts}" ]]; then
    # Check the arguments and the dataset file before any store is started.
    # shellcheck disable=SC2086 # JAVA_OPTS is a list of JVM flags.
    java ${JAVA_OPTS:--Xmx1g} -cp "${cp}" io.github.ycsbdocsearch.common.verify.VerifyMain --check-only \
      --hosts /dev/null "${args[@]}" || return 2
    local names=()
    IFS=',' read -r -a names <<<"${stores}"
    "${REPO_ROOT}/scripts/stores.sh" start --topology "${topology}" "${names[@]}" >&2 || return 2
    hosts="${STORES_HOME:-${REPO_ROOT}/.stores}/hosts-${topology}.json"
  fi
  # shellcheck disable=SC2086 # JAVA_OPTS is a list of JVM flags.
  java ${JAVA_OPTS:--Xmx1g} -cp "${cp}" io.github.ycsbdocsearch.common.verify.VerifyMain \
    --hosts "${hosts}" "${args[@]}"
}

main "$@"
