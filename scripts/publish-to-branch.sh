#!/usr/bin/env bash
#
# publish-to-branch.sh: commits the top-level entries of a folder onto a branch of origin, replacing those entries
# and keeping everything else on the branch. The nightly workflow uses it for the perf-history branch, which holds
# baseline/ (accepted baseline) and history/ (the run history): each job replaces only its own folder.
#
# Use like:
#   scripts/publish-to-branch.sh <repo-dir> <branch> <src-dir> <message>
#
# It works with a private index and commit-tree, so the checkout's own branch, index and files are never touched.
# The branch is created when origin does not have it yet: from PUBLISH_FALLBACK_BRANCH (a previous name of the
# branch; its other entries are kept) when origin has that one, else without parent.

set -euo pipefail

usage() {
  sed -n '3,12p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
}

publish() {
  local repo="$1" branch="$2" src="$3" message="$4" git_dir index tree commit entry
  git_dir="$(git -C "${repo}" rev-parse --absolute-git-dir)"
  index="$(mktemp)"
  rm -f "${index}"
  local -a parent=()
  if git -C "${repo}" ls-remote --exit-code --heads origin "${branch}" >/dev/null; then
    git -C "${repo}" fetch --quiet --depth 1 origin "${branch}"
    parent=(-p "$(git -C "${repo}" rev-parse FETCH_HEAD)")
  elif [[ -n "${PUBLISH_FALLBACK_BRANCH:-}" ]] \
    && git -C "${repo}" ls-remote --exit-code --heads origin "${PUBLISH_FALLBACK_BRANCH}" >/dev/null; then
    git -C "${repo}" fetch --quiet --depth 1 origin "${PUBLISH_FALLBACK_BRANCH}"
    parent=(-p "$(git -C "${repo}" rev-parse FETCH_HEAD)")
  fi
  (
    export GIT_INDEX_FILE="${index}"
    trap 'rm -f "${GIT_INDEX_FILE}"' EXIT
    ((${#parent[@]} == 0)) || git --git-dir="${git_dir}" read-tree "${parent[1]}"
    cd "${src}"
    for entry in * .[!.]*; do
      [[ -e "${entry}" ]] || continue
      git --git-dir="${git_dir}" rm -r -q -f --cached --ignore-unmatch -- "${entry}"
      git --git-dir="${git_dir}" --work-tree=. add -f -- "${entry}"
    done
    tree="$(git --git-dir="${git_dir}" write-tree)"
    commit="$(git --git-dir="${git_dir}" -c user.name="github-actions[bot]" \
      -c user.email="41898282+github-actions[bot]@users.noreply.github.com" \
      commit-tree "${tree}" "${parent[@]}" -m "${message}")"
    git --git-dir="${git_dir}" push --quiet origin "${commit}:refs/heads/${branch}"
    echo "${commit}"
  )
}

main() {
  if [[ "${1:-}" == "-h" || "${1:-}" == "--help" ]]; then
    usage
    return 0
  fi
  [[ $# -eq 4 ]] \
    || { printf 'publish-to-branch.sh: expected <repo-dir> <branch> <src-dir> <message> (--help)\n' >&2; return 2; }
  [[ -d "$3" ]] || { printf 'publish-to-branch.sh: %s is not a folder\n' "$3" >&2; return 2; }
  git -C "$1" rev-parse --git-dir >/dev/null 2>&1 || { printf 'publish-to-branch.sh: %s is not a git repository\n' "$1" >&2; return 2; }
  publish "$@"
}

main "$@"
