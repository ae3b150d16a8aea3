#!/usr/bin/env bash
# The one runtime classpath every Java entry point uses: sweep/target/classes + sweep/target/lib/* (all bindings,
# YCSB core, the report). Source it after lib/common.sh.
#
#   runtime_classpath    builds the project first when that classpath is missing or older than any source file
#                        (mvn package, tests skipped), then prints it
#   exec_main CLASS ARGS...  replaces the shell with java running CLASS on that classpath (flags from JAVA_OPTS)
# Env: DOCSEARCH_SKIP_BUILD=1 never builds (CI builds once up front); MVN names Maven (default mvn).

if [[ -n "${_YCSB_DOCSEARCH_CLASSPATH_SH:-}" ]]; then
  return 0
fi
_YCSB_DOCSEARCH_CLASSPATH_SH=1

runtime_classpath() {
  local root stamp
  root="$(repo_root)"
  stamp="${root}/sweep/target/lib"
  if [[ "${DOCSEARCH_SKIP_BUILD:-0}" != 1 ]]; then
    if [[ ! -d "${stamp}" ]] || [[ -n "$(find "${root}/pom.xml" "${root}/ycsb-bindings" "${root}/sweep" \
      "${root}/report" "${root}/compare" -path '*/target' -prune -o \( -name '*.java' -o -name pom.xml \) -newer "${stamp}" \
      -print -quit)" ]]; then
      log "building the project (mvn package, tests skipped)..."
      (cd "${root}" && "${MVN:-mvn}" -B -q package -DskipTests) >&2 || die "build failed: run 'mvn package' to see why"
      touch "${stamp}"
    fi
  fi
  [[ -d "${stamp}" ]] || die "no runtime classpath at ${stamp}: run 'mvn package -DskipTests'"
  printf '%s' "${root}/sweep/target/classes:${stamp}/*"
}

exec_main() {
  local main_class="$1" classpath
  shift
  command -v java >/dev/null 2>&1 || die "java not found on PATH (JDK 17 or later needed)"
  classpath="$(runtime_classpath)"
  local -a java_opts=()
  read -r -a java_opts <<<"${JAVA_OPTS:-}"
  exec java "${java_opts[@]}" -cp "${classpath}" "${main_class}" "$@"
}
