#!/usr/bin/env bash
# The one runtime classpath every Java entry point uses: cli/target/lib/* (every module's jar: bindings, YCSB core,
# results format, runner, report, compare) and cli/target/classes (the bin/docsearch entry point). Source it (it
# sources lib/common.sh).
#
#   runtime_classpath    builds the project first when that classpath is missing or older than any source file
#                        (./mvnw package -pl cli -am, tests skipped), then prints it
#   exec_command NAME ARGS...  replaces the shell with java running bin/docsearch's Java command NAME (report,
#                        compare, noise, verify, history-rows) on that classpath (flags from JAVA_OPTS)
#   help_if_asked NAME ARGS... prints docs/cli/NAME-help.txt and exits 0 when ARGS hold -h or --help: help needs no
#                        build (the files are what picocli writes from each command's declaration; a test keeps them so)
# Env: DOCSEARCH_SKIP_BUILD=1 never builds (CI builds once up front); MVN names Maven (default mvn).

[[ -z "${_YCSB_DOCSEARCH_CLASSPATH_SH:-}" ]] || return 0
_YCSB_DOCSEARCH_CLASSPATH_SH=1
# shellcheck source=scripts/lib/common.sh
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

runtime_classpath() {
  local root stamp
  root="$(repo_root)"
  stamp="${root}/cli/target/lib"
  if [[ "${DOCSEARCH_SKIP_BUILD:-0}" != 1 ]]; then
    if [[ ! -d "${stamp}" ]] || [[ -n "$(stale_source "${root}" "${stamp}")" ]]; then
      log "building the project (./mvnw package, tests skipped)..."
      # cli and what it needs only: not stores/elasticsearch-node, which scripts/stores.sh install builds into the
      # stores' own folder, perhaps at the same time (CI runs the terraform suite, which checks run folders through
      # bin/docsearch, beside the stores' install).
      (cd "${root}" && "${MVN:-maven}" -B -q package -DskipTests -pl cli -am 2>&1) | strip_ansi >&2 \
        || die "build failed: run './mvnw package' to see why"
      touch "${stamp}"
    fi
  fi
  [[ -d "${stamp}" ]] || die "no runtime classpath at ${stamp}: run './mvnw package -DskipTests'"
  # lib/ holds every module the cli module depends on; its own classes (the bin/docsearch entry point) are beside.
  printf '%s' "${stamp}/*:${root}/cli/target/classes"
}

# stale_source ROOT STAMP: prints the first source file (Java, resources, pom) of any module newer than STAMP.
# Only Maven's build folders (a module's own target/, next to its pom.xml) are skipped: a Java package that happens
# to be called "target" is source like any other.
stale_source() {
  local root="$1" stamp="$2"
  find "${root}" \( -path "${root}/.git" -o -path "${root}/.stores" -o -path "${root}/results" \
    -o -path "${root}/node_modules" -o \( -type d -name target -execdir test -f pom.xml \; \) \) -prune \
    -o \( -path '*/src/main/*' -o -name pom.xml \) -type f -newer "${stamp}" -print -quit
}

# The Java entry point of every command (bin/docsearch).
readonly DOCSEARCH_MAIN=io.github.ycsbdocsearch.cli.Docsearch

exec_command() {
  local classpath
  command -v java >/dev/null 2>&1 || die "java not found on PATH (JDK 17 or later needed)"
  classpath="$(runtime_classpath)"
  local -a java_opts=()
  read -r -a java_opts <<<"${JAVA_OPTS:-}"
  exec java "${java_opts[@]}" -cp "${classpath}" "${DOCSEARCH_MAIN}" "$@"
}

help_if_asked() {
  local name="$1" a
  shift
  for a in "$@"; do
    if [[ "${a}" == -h || "${a}" == --help ]]; then
      cat "$(repo_root)/docs/cli/${name}-help.txt"
      exit 0
    fi
  done
}
