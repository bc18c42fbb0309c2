#!/usr/bin/env bash
# Prints the absolute path of the OpenTofu CLI that `make test-opentofu` runs,
# building it first when it is not there yet. OpenTofu is a Go module, so the
# only downloads are Go modules: `go mod download` of
# github.com/opentofu/opentofu@$OPENTOFU_VERSION, then `go build ./cmd/tofu`
# inside the module's directory (`go install module@version` refuses a module
# whose go.mod has a replace directive, as OpenTofu's has). The binary goes to
# .tools/tofu-v<version>/tofu in the repository (ignored by git); a second run
# finds it and builds nothing. Messages go to standard error, the path alone
# to standard output.
set -euo pipefail

cd "$(dirname "$0")/.."
# A TF_CLI_CONFIG_FILE naming a missing file makes `tofu version` warn first.
if [[ -n ${TF_CLI_CONFIG_FILE:-} && ! -e $TF_CLI_CONFIG_FILE ]]; then
  unset TF_CLI_CONFIG_FILE
fi
version=${OPENTOFU_VERSION:-1.12.6}
module=github.com/opentofu/opentofu
out="$PWD/.tools/tofu-v$version/tofu"

say() { printf '%s\n' "$*" >&2; }
fail() {
  say "error: $*"
  exit 1
}

# A binary that runs and reports the wanted version is trusted as it is. A
# stale or broken one (an interrupted copy, another version) is rebuilt.
reports_version() { [[ $("$1" version 2>/dev/null) == "OpenTofu v$version"$'\n'* ]]; }
if [[ -x $out ]] && reports_version "$out"; then
  printf '%s\n' "$out"
  exit 0
fi

started=$SECONDS
say "==> building OpenTofu v$version into ${out#"$PWD"/} (first run only: a few minutes, longer on 2 cores)"

# Outside this repository, so that its go.mod is neither read nor touched.
say "    go mod download -json $module@v$version"
info=$(cd / && GOWORK=off GOFLAGS= go mod download -json "$module@v$version") ||
  fail "go mod download of $module@v$version failed:"$'\n'"$info"
dir=$(sed -n 's/^[[:space:]]*"Dir": "\(.*\)",\{0,1\}$/\1/p' <<<"$info")
[[ -n $dir && -d $dir ]] || fail "go mod download gave no module directory:"$'\n'"$info"

# The module cache is read-only, which `go build` does not mind as long as the
# module's go.sum is complete (-mod=readonly: it must not try to fix it).
# version.dev=no is what OpenTofu's release build sets: without it the binary
# calls itself v$version-dev.
mkdir -p "$(dirname "$out")"
say "    go build ./cmd/tofu (in $dir)"
(cd "$dir" && GOWORK=off GOFLAGS='-mod=readonly -buildvcs=false' go build -trimpath \
  -ldflags "-s -w -X $module/version.dev=no" -o "$out.partial" ./cmd/tofu) ||
  fail "building OpenTofu v$version failed (output above)"
mv -f "$out.partial" "$out"

reports_version "$out" || fail "$out does not run, or is not OpenTofu v$version: $("$out" version 2>&1 | head -n 1)"
say "    built OpenTofu v$version in $((SECONDS - started))s"
printf '%s\n' "$out"
