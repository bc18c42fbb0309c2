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

source "$(dirname "$0")/engine-module.sh"
version=${OPENTOFU_VERSION:-1.12.6}
module=github.com/opentofu/opentofu
out="$PWD/.tools/tofu-v$version/tofu"

started=$SECONDS
found_or_building "$out" "OpenTofu v$version"
dir=$(module_dir "$module" "$version")

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
built "$out" "OpenTofu v$version" "$started"
