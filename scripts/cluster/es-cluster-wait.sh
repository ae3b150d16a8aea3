#!/usr/bin/env bash
# Waits until an Elasticsearch cluster has formed: every given node answers, reports the expected number of nodes
# and the cluster status is green. Formation itself comes from each node's settings (scripts/cluster/es-node-config.sh).
#
# Usage: es-cluster-wait.sh [--nodes N] [--timeout SECS] URL URL ...
#   URL        each node's HTTP address, e.g. http://10.0.1.5:9200
#   --nodes    expected cluster size (default: the number of URLs)
#   --timeout  seconds to wait (default 120)
# Env: PYTHON (default python3; used when curl is missing), ES_AUTH ("user:password", optional basic auth; handed
#   to curl as a config file on a pipe, never as an argument, which every local user could read in /proc).
set -euo pipefail

# shellcheck source=scripts/lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib/common.sh"

get() {
  local url="$1"
  if command -v curl >/dev/null; then
    # printf is a shell builtin: the password appears in no process's arguments.
    curl -fsS --max-time 5 -K <(printf 'user = "%s"\n' "${ES_AUTH:-}" | grep -v '^user = ""$' || true) "${url}"
  else
    "${PYTHON:-python3}" -c '
import base64, os, sys, urllib.request
req = urllib.request.Request(sys.argv[1])
if os.environ.get("ES_AUTH"):
    req.add_header("Authorization", "Basic " + base64.b64encode(os.environ["ES_AUTH"].encode()).decode())
sys.stdout.write(urllib.request.urlopen(req, timeout=5).read().decode())' "${url}"
  fi
}

healthy() {
  local url="$1" n="$2" body
  body="$(get "${url}/_cluster/health" 2>/dev/null)" || return 1
  [[ "${body}" == *'"status":"green"'* && "${body}" == *"\"number_of_nodes\":${n},"* ]]
}

main() {
  local nodes="" timeout=120 urls=() u
  while (($#)); do
    case "$1" in
      --nodes) nodes="$2"; shift 2 ;;
      --timeout) timeout="$2"; shift 2 ;;
      -h | --help) usage; return 0 ;;
      -*) err "unknown option '$1'"; usage >&2; return 2 ;;
      *) urls+=("$1"); shift ;;
    esac
  done
  ((${#urls[@]} >= 1)) || { usage >&2; return 2; }
  nodes="${nodes:-${#urls[@]}}"
  local deadline=$((SECONDS + timeout))
  for u in "${urls[@]}"; do
    until healthy "${u}" "${nodes}"; do
      ((SECONDS < deadline)) || { err "${u}: cluster not green with ${nodes} nodes after ${timeout}s"; return 1; }
      sleep 0.5
    done
  done
  echo "elasticsearch cluster ok: ${nodes} nodes, green" >&2
}

main "$@"
