#!/usr/bin/env bash
# Proves every store answers the two-word search exactly as the oracle computed from the generator does.
#
# An alias of 'bin/docsearch verify'. Its options are declared once, on the Java command (VerifyMain); --help
# prints docs/cli/verify-help.txt (what picocli writes from that declaration) without building anything.
# This script acts on three of them itself: with no --hosts it starts the local stores of --topology (default
# single; only those of --stores) with scripts/stores.sh, after the Java side has checked every argument and the
# dataset file (--check-only), and hands it the hosts file those stores wrote.
#
# Use like:
#   scripts/verify-search.sh [--stores redisjson,mongodb,elasticsearch] [--topology single|cluster] [options]
#   scripts/verify-search.sh --help
#
# Settings: STORES_HOME (default <repo>/.stores), JAVA_OPTS (default -Xmx1g).
set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
readonly REPO_ROOT
# shellcheck source=lib/classpath.sh
source "${REPO_ROOT}/scripts/lib/classpath.sh"

main() {
  help_if_asked verify "$@"
  local hosts="" topology="single" stores="" args=()
  while (($#)); do
    case "$1" in
      # Either spelling picocli accepts, "--opt VALUE" or "--opt=VALUE"; a missing value is left to the Java side,
      # which names it in its one line (--check-only runs first).
      --hosts | --topology | --stores)
        if (($# >= 2)); then set -- "$1=$2" "${@:3}"; else args+=("$1"); shift; fi ;;
      --hosts=*) hosts="${1#*=}"; shift ;;
      --topology=*) topology="${1#*=}"; args+=("$1"); shift ;;
      --stores=*) stores="${1#*=}"; args+=("$1"); shift ;;
      *) args+=("$1"); shift ;;
    esac
  done
  local cp
  cp="$(runtime_classpath)"
  if [[ -z "${hosts}" ]]; then
    # Check the arguments and the dataset file before any store is started.
    # shellcheck disable=SC2086 # JAVA_OPTS is a list of JVM flags.
    java ${JAVA_OPTS:--Xmx1g} -cp "${cp}" "${DOCSEARCH_MAIN}" verify --check-only "${args[@]}" || return 2
    local names=()
    IFS=',' read -r -a names <<<"${stores}"
    "${REPO_ROOT}/scripts/stores.sh" start --topology "${topology}" "${names[@]}" >&2 || return 2
    hosts="${STORES_HOME:-${REPO_ROOT}/.stores}/hosts-${topology}.json"
  fi
  # shellcheck disable=SC2086 # JAVA_OPTS is a list of JVM flags.
  java ${JAVA_OPTS:--Xmx1g} -cp "${cp}" "${DOCSEARCH_MAIN}" verify --hosts "${hosts}" "${args[@]}"
}

main "$@"
