#!/usr/bin/env bash
# Runs a YCSB thread sweep of one workload against the stores and writes results/<UTC time>-<workload>/.
# The logic lives in Java (the sweep/ module); this wrapper checks the tools, builds once, and starts it.
#
# Use like: ./run-sweep.sh <workload>|-P FILE [-P FILE ...] [options]   (--help lists the options)
#           ./run-sweep.sh --resume <results-dir>
#
# Settings:
#   JAVA                   java executable, 17 or later (default: java on the PATH)
#   MVN                    Maven, for the first build (default: mvn)
#   SWEEP_JVM_OPTS         flags of the runner's own JVM (default: -Xmx2g; it builds the search oracle)
#   SWEEP_CLIENT_JVM_OPTS  flags of each YCSB client JVM (read by the runner)
#   STORES_HOME            where scripts/stores.sh keeps the local stores (read by the runner)
#
# No trap: the script execs java, so Ctrl-C reaches the runner, which stops its YCSB child, marks the step
# interrupted and prints the results folder (./run-sweep.sh --resume <it> completes the run).
set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
readonly REPO_ROOT
readonly MAIN_CLASS="io.github.ycsbdocsearch.sweep.SweepMain"
# shellcheck source=scripts/lib/common.sh
source "${REPO_ROOT}/scripts/lib/common.sh"
# shellcheck source=scripts/lib/classpath.sh
source "${REPO_ROOT}/scripts/lib/classpath.sh"

usage() {
  sed -n '5,6p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//' >&2
}

main() {
  if [[ $# -eq 0 ]]; then
    usage
    exit 2
  fi
  # --help without a build: docs/cli/run-sweep-help.txt, written by picocli from SweepCommandLine's declaration.
  help_if_asked run-sweep "$@"
  local java="${JAVA:-java}"
  local -a jvm_opts
  local classpath
  command -v "${java}" >/dev/null 2>&1 \
    || { err "${java} not found: install a JDK 17 or later (apt-get install openjdk-17-jdk-headless)"; exit 2; }
  classpath="$(runtime_classpath)" # builds first when missing or older than the sources
  read -r -a jvm_opts <<< "${SWEEP_JVM_OPTS:--Xmx2g}"
  exec "${java}" "${jvm_opts[@]}" -Dsweep.repo="${REPO_ROOT}" -cp "${classpath}" \
    "${MAIN_CLASS}" "$@"
}

main "$@"
