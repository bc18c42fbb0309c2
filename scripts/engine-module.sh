# shellcheck shell=bash
# Sourced first by the scripts that build an engine from its Go module
# (opentofu.sh, terraform-latest.sh): it moves to the repository's root, and
# gives them their messages to standard error, the check that a built binary
# is the wanted one, and the module's download. Each script prints the
# binary's path alone to standard output.

cd "$(dirname "${BASH_SOURCE[0]}")/.."
# A TF_CLI_CONFIG_FILE naming a missing file makes `<engine> version` warn first.
if [[ -n ${TF_CLI_CONFIG_FILE:-} && ! -e $TF_CLI_CONFIG_FILE ]]; then
  unset TF_CLI_CONFIG_FILE
fi

say() { printf '%s\n' "$*" >&2; }
fail() {
  say "error: $*"
  exit 1
}

# reports_version BINARY "OpenTofu v1.12.6": the first line of its `version`.
reports_version() { [[ $("$1" version 2>/dev/null) == "$2"$'\n'* ]]; }

# found_or_building OUT "Terraform v1.15.9": a binary that runs and reports
# the wanted version is trusted as it is, its path printed and the script
# done; a stale or broken one (an interrupted copy, another version) is
# rebuilt, and the caller goes on to build it.
found_or_building() {
  if [[ -x $1 ]] && reports_version "$1" "$2"; then
    printf '%s\n' "$1"
    exit 0
  fi
  say "==> building $2 into ${1#"$PWD"/} (first run only: a few minutes, longer on 2 cores)"
}

# module_dir MODULE VERSION: `go mod download` outside this repository, so
# that its go.mod is neither read nor touched; prints the module's directory
# in the (read-only) module cache.
module_dir() {
  local info dir
  say "    go mod download -json $1@v$2"
  info=$(cd / && GOWORK=off GOFLAGS= go mod download -json "$1@v$2") ||
    fail "go mod download of $1@v$2 failed:"$'\n'"$info"
  dir=$(sed -n 's/^[[:space:]]*"Dir": "\(.*\)",\{0,1\}$/\1/p' <<<"$info")
  [[ -n $dir && -d $dir ]] || fail "go mod download gave no module directory:"$'\n'"$info"
  printf '%s\n' "$dir"
}

# built BINARY "OpenTofu v1.12.6" SINCE: the build's last check and message.
built() {
  reports_version "$1" "$2" || fail "$1 does not run, or is not $2: $("$1" version 2>&1 | head -n 1)"
  say "    built $2 in $((SECONDS - $3))s"
  printf '%s\n' "$1"
}
