#!/usr/bin/env bash
# Builds or checks a JSON Lines dataset for the search benchmark (docsearch.dataset=FILE).
#
# Use like:
#   scripts/dataset.sh debian [--out FILE]     # build the real-text example from the Debian archive (~64,000 docs)
#   scripts/dataset.sh check FILE [-p key=value ...]   # check a file as the workload will read it
#
# debian: refreshes the machine's own apt sources into a private folder (the system's apt state is not touched,
# the Translation-en indexes are fetched with it), and writes one line per binary package of the suites the
# machine is configured for: {"package": NAME, "title": "SHORT\nLONG", "rank": N}. The title is the package's
# English description as its maintainers wrote it (capitals, punctuation, digits, URLs, some accented names,
# newlines); rank = (first 4 bytes of SHA-256 of the name) x 100000 + position of the name in sorted order:
# deterministic, unique, below 2^53. Default output: datasets/built/debian-descriptions.jsonl (ignored by git).
# check: one summary line, or one line naming the line number and the problem and exit 2.
# Needs: apt-get and /usr/lib/apt/apt-helper (Debian or Ubuntu), python3, java (for check).
set -euo pipefail

REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
readonly REPO_ROOT
# shellcheck source=lib/classpath.sh
source "${REPO_ROOT}/scripts/lib/classpath.sh"

# Fetches the package indexes with English descriptions into $1 (a private apt state folder).
fetch_indexes() {
  local state="$1"
  mkdir -p "${state}/lists/partial" "${state}/cache/archives/partial"
  apt-get update -qq -o Dir::State::Lists="${state}/lists" -o Dir::Cache="${state}/cache" \
    -o Acquire::Languages=en -o APT::Get::List-Cleanup=0 >&2
}

# Writes the JSON Lines file $2 from the Translation-en indexes in folder $1.
write_jsonl() {
  local lists="$1" out="$2" f
  local files=()
  for f in "${lists}"/*_i18n_Translation-en*; do
    [[ -e "${f}" ]] && files+=("${f}")
  done
  ((${#files[@]})) || { err "no Translation-en index was fetched (apt sources without English descriptions?)"; return 1; }
  for f in "${files[@]}"; do
    /usr/lib/apt/apt-helper cat-file "${f}"
    printf '\n'
  done | python3 -c '
import hashlib, json, sys
descriptions = {}
name, lines = None, None
def keep():
    if name and lines:
        descriptions[name] = "\n".join(lines)  # a later suite (updates, security) replaces the release text
for raw in sys.stdin:
    line = raw.rstrip("\n")
    if line.startswith("Package: "):
        keep()
        name, lines = line[len("Package: "):].strip(), None
    elif line.startswith("Description-en: "):
        lines = [line[len("Description-en: "):].strip()]
    elif line.startswith(" ") and lines is not None:
        body = line[1:]
        lines.append("" if body.strip() == "." else body)
    elif not line.strip():
        keep()
        name, lines = None, None
keep()
names = sorted(descriptions)
if len(names) >= 100000:
    sys.exit("more than 99,999 packages: the rank formula needs a wider position part")
out = sys.stdout
for position, package in enumerate(names):
    rank = int.from_bytes(hashlib.sha256(package.encode()).digest()[:4], "big") * 100000 + position
    out.write(json.dumps({"package": package, "title": descriptions[package], "rank": rank},
                         ensure_ascii=False) + "\n")
' >"${out}.tmp"
  mv "${out}.tmp" "${out}"
}

build_debian() {
  local out="${REPO_ROOT}/datasets/built/debian-descriptions.jsonl"
  while (($#)); do
    case "$1" in
      --out) out="${2:?--out needs a file}"; shift 2 ;;
      *) err "unknown option '$1' for debian"; return 2 ;;
    esac
  done
  if ! command -v apt-get >/dev/null || [[ ! -x /usr/lib/apt/apt-helper ]]; then
    err "apt-get and /usr/lib/apt/apt-helper are needed (Debian or Ubuntu)"
    return 2
  fi
  command -v python3 >/dev/null || { err "python3 is needed"; return 2; }
  mkdir -p "$(dirname "${out}")"
  local state
  state="$(mktemp -d)"
  chmod 755 "${state}" # apt downloads as its _apt user
  # shellcheck disable=SC2064 # expand now: the folder is known here.
  trap "rm -rf '${state}'" RETURN
  log "fetching the package indexes (English descriptions) into a private apt folder"
  fetch_indexes "${state}"
  write_jsonl "${state}/lists" "${out}"
  log "wrote $(wc -l <"${out}") documents to ${out}"
}

check_file() {
  local file="${1:?check needs a FILE}"
  shift
  java -cp "$(runtime_classpath)" io.github.ycsbdocsearch.common.data.DatasetMain "${file}" "$@"
}

main() {
  case "${1:-}" in
    -h | --help) usage ;;
    "") usage >&2; return 2 ;;
    debian) shift; build_debian "$@" ;;
    check) shift; check_file "$@" ;;
    *) err "unknown command '$1' (known: debian, check)"; return 2 ;;
  esac
}

main "$@"
