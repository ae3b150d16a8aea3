#!/usr/bin/env bash
#
# test_nightly_workflow.sh: checks .github/workflows/nightly-perf.yml, with the pytest file
# scripts/tests/test_nightly_workflow.py (pytest installed when missing).
#
# Static part (always): parses the YAML with Python's yaml module and checks
# the triggers (schedule + workflow_dispatch and its input), the runner and
# Java 17, no service containers, the step order (stores.sh install, then
# verify-search.sh, run-sweep.sh, compare-results.sh), the artifact upload,
# the job summary, the comparison with the previous night, the run-history
# step (perf-history.sh add/prune/analyze) and the publish-history job, no
# ${{ }} inside run: blocks, and shellcheck on every run: block.
#
# Local part (default): runs every run: block with tiny sizes, in order, with
# the workflow's own if: conditions, env: values and GITHUB_OUTPUT / GITHUB_ENV
# / GITHUB_STEP_SUMMARY files, against the real local stores. Steps that need
# GitHub itself (uses: actions such as checkout and artifact upload) are
# skipped with a message. Two scenarios: "first" (no previous run; history
# and the run's summaries pushed to a scratch git remote standing in for
# origin) and then "nightly" (the previous run found on that remote,
# compared); each ends with publish-history.
# Steps whose command is not in the tree yet are reported and end the scenario.
#
# Use like:
#   scripts/tests/test_nightly_workflow.sh [--static] [--quick]
#     --static   static checks only
#     --quick    only the nightly scenario, without a previous run
#
# Settings (environment):
#   NIGHTLY_TEST_SKIP=build    step ids not to run locally (comma-separated);
#                              without the build, the steps use what is built
#   NIGHTLY_TEST_WORKLOADS     workloads for the local runs (search-only)
#   NIGHTLY_TEST_STORES        stores for the local runs (the workflow's list)
#   KEEP_TMP=1                 keep the scratch folder (path printed)
# When the local stores are already running, the steps get their hosts file
# (PERF_HOSTS) so that nothing stops them; otherwise the sweep manages them
# as on CI and the last step stops them.

set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
readonly REPO_ROOT
readonly WORKFLOW="${REPO_ROOT}/.github/workflows/nightly-perf.yml"
readonly TESTS="${REPO_ROOT}/scripts/tests/test_nightly_workflow.py"

usage() {
  sed -n '3,37p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
}

log() {
  printf '%s\n' "$*" >&2
}

# Installs PyYAML when python3 lacks it (pip first, then the Debian package).
ensure_yaml() {
  if python3 -c 'import yaml' 2>/dev/null; then
    return 0
  fi
  log "installing PyYAML"
  python3 -m pip install --quiet --user pyyaml 2>/dev/null \
    || { [[ "$(id -u)" == 0 ]] && apt-get install -y -qq python3-yaml >/dev/null; } \
    || { log "cannot install PyYAML"; return 2; }
}

# Installs pytest when python3 lacks it.
ensure_pytest() {
  if python3 -m pytest --version >/dev/null 2>&1; then
    return 0
  fi
  log "installing pytest"
  python3 -m pip install --quiet --user pytest 2>/dev/null \
    || { [[ "$(id -u)" == 0 ]] && apt-get install -y -qq python3-pytest >/dev/null; } \
    || { log "cannot install pytest"; return 2; }
}

main() {
  local arg mode=full
  for arg in "$@"; do
    case "${arg}" in
      -h | --help)
        usage
        return 0
        ;;
      --static) mode=static ;;
      --quick) [[ "${mode}" == static ]] || mode=quick ;;
      *)
        log "unknown option ${arg}"
        usage >&2
        return 2
        ;;
    esac
  done
  command -v python3 >/dev/null 2>&1 || { log "python3 is needed"; return 2; }
  ensure_yaml
  ensure_pytest
  [[ -f "${WORKFLOW}" ]] || { log "no ${WORKFLOW}"; return 1; }
  # -s: the local runs print their progress as they go (minutes, against the real stores).
  NIGHTLY_TEST_MODE="${mode}" python3 -m pytest -q -s -p no:cacheprovider "${TESTS}"
}

main "$@"
