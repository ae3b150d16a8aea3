#!/usr/bin/env bash
# Shared shell helpers for the project's scripts. Source it; it defines functions only and changes no shell option.
#
#   source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
#
# Functions:
#   log MSG...            one line to stderr, prefixed with the calling script's name
#   err MSG...            one "error:" line to stderr
#   die MSG...            err, then exit 1
#   usage_error MSG...    err, then exit 2 (bad input: nothing was done)
#   usage                 the top-level script's header comment (line 2 to the first line that is not one), sans '# '
#   repo_root             absolute path of the repository (parent of scripts/)
#   port_open HOST PORT   true when something accepts TCP connections there (bash /dev/tcp, no tools needed)
#   wait_until SECS DESC CMD...   re-runs CMD every 0.2 s until it succeeds; false (with an error line) on timeout
#   strip_ansi            filter: stdin to stdout without terminal colour codes
#   now_ms                milliseconds since the epoch, for timings
#   maven ARGS...         the project's pinned Maven (./mvnw); the default of MVN in every script
# Env: LOG_PREFIX overrides the prefix (default: the top-level script's file name).

[[ -z "${_YCSB_DOCSEARCH_COMMON_SH:-}" ]] || return 0
_YCSB_DOCSEARCH_COMMON_SH=1

log() {
  printf '%s: %s\n' "${LOG_PREFIX:-$(basename "$0")}" "$*" >&2
}

err() {
  printf '%s: error: %s\n' "${LOG_PREFIX:-$(basename "$0")}" "$*" >&2
}

die() {
  err "$@"
  exit 1
}

usage_error() {
  err "$@"
  exit 2
}

usage() {
  awk 'NR > 1 && /^#/ { sub(/^# ?/, ""); print; next } NR > 1 { exit }' "$0"
}

repo_root() {
  local here
  here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
  (cd "${here}/../.." && pwd)
}

port_open() {
  local host="$1" port="$2"
  # A subshell so the descriptor closes at once; timeout guards against a filtered port on a remote host.
  timeout 2 bash -c "exec 3<>/dev/tcp/${host}/${port}" 2>/dev/null
}

wait_until() {
  local secs="$1" desc="$2"
  shift 2
  local deadline=$((SECONDS + secs))
  until "$@" >/dev/null 2>&1; do
    ((SECONDS < deadline)) || { err "timed out after ${secs}s waiting for ${desc}"; return 1; }
    sleep 0.2
  done
}

now_ms() {
  date +%s%3N
}

# strip_ansi: copies stdin to stdout without terminal colour codes. Maven 3.8 writes reset codes even in batch mode
# with -q; build output that ends up in logs and sweep output must stay plain text.
strip_ansi() {
  sed -u 's/\x1b\[[0-9;]*m//g'
}

# maven ARGS...: the pinned Maven, ./mvnw (.mvn/wrapper/maven-wrapper.properties), downloaded once into
# ~/.m2/wrapper/dists/ and used offline after. The repository it comes from is never written in the repo: unless
# MVNW_REPOURL is set, the installed Maven (Debian's, on every machine of the project) is asked, offline first, for its
# central repository, or the mirror of it in ~/.m2/settings.xml; the answer is exported for the commands after.
maven() {
  local root ask
  root="$(repo_root)"
  if [[ -z "${MVNW_REPOURL:-}" ]]; then
    ask=(mvn -N -B -q -f "${root}/pom.xml" help:evaluate -DforceStdout
      '-Dexpression=project.remoteArtifactRepositories[0].url')
    MVNW_REPOURL="$("${ask[@]}" -o 2>/dev/null | strip_ansi || "${ask[@]}" 2>/dev/null | strip_ansi)"
    [[ "${MVNW_REPOURL}" == http* ]] \
      || { err "the installed Maven (mvn) named no repository to download the pinned Maven from, offline or online" \
        "(no network yet? 'mvn -N help:evaluate' shows why): set MVNW_REPOURL"; return 1; }
    export MVNW_REPOURL
  fi
  "${root}/mvnw" "$@" || return
  wrapper_home_link "${root}"
}

# wrapper_home_link ROOT: a bare ./mvnw (no MVNW_REPOURL) looks for the pinned Maven under a name made from the
# placeholder URL of maven-wrapper.properties (a Java String.hashCode of it, in hex); once the pinned Maven is
# downloaded, that name is made a link to it, so that ./mvnw works offline from then on, with or without this file.
wrapper_home_link() {
  python3 - "$1/.mvn/wrapper/maven-wrapper.properties" "${MVNW_REPOURL}" "${MAVEN_USER_HOME:-${HOME}/.m2}" <<'PY'
import os, sys
props, repo, user_home = sys.argv[1:]
url = next(line.split("=", 1)[1].strip() for line in open(props) if line.startswith("distributionUrl="))
pattern = "/org/apache/maven/"
real = repo + pattern + url.split(pattern, 1)[1]
def home(u):
    h = 0
    for c in u.encode():
        h = (h * 31 + c) % 2**32
    name = u.rsplit("/", 1)[1].rsplit(".", 1)[0].removesuffix("-bin")
    return os.path.join(user_home, "wrapper", "dists", name, "%x" % h)
target, link = home(real), home(url)
if os.path.isdir(target) and not os.path.lexists(link):
    os.symlink(target, link)
PY
}
