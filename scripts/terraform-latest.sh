#!/usr/bin/env bash
# Prints the absolute path of the newer Terraform CLI that `make
# test-terraform-latest` runs, building it first when it is not there yet.
# Terraform is a Go module, so the only downloads are Go modules: `go mod
# download` of github.com/hashicorp/terraform@$TERRAFORM_LATEST_VERSION, then
# `go build .` in a writable copy of the module. The module proxy's copy of
# Terraform leaves out the nested modules of its repository (the cloud state
# backends under internal/backend/remote-state, and internal/legacy, which
# only its tests use), while its go.mod still requires them and replaces them
# with those missing directories: the copy drops every such require and
# replace line, and the backends from internal/backend/init/init.go (the
# tests run on the local backend, none of those is used here). Then
# `-mod=mod` lets go build complete go.sum, with Go modules only. The binary
# goes to .tools/terraform-v<version>/terraform in the repository (ignored by
# git); a second run finds it and builds nothing. Messages go to standard
# error, the path alone to standard output.
set -euo pipefail

source "$(dirname "$0")/engine-module.sh"
export CHECKPOINT_DISABLE=1 # no "is there a newer version" call from `terraform version`
version=${TERRAFORM_LATEST_VERSION:-1.15.9}
module=github.com/hashicorp/terraform
out="$PWD/.tools/terraform-v$version/terraform"

started=$SECONDS
found_or_building "$out" "Terraform v$version"
dir=$(module_dir "$module" "$version")

# The module cache is read-only, and go.mod, go.sum and init.go change: build
# in a copy, removed on exit.
src=$(mktemp -d "${TMPDIR:-/tmp}/terraform-v$version.XXXXXX")
trap 'chmod -R u+w "$src" && rm -rf "$src"' EXIT
cp -R "$dir/." "$src/"
chmod -R u+w "$src"

# The nested modules: every `replace <module> => ./<dir>` whose directory the
# proxy's copy lacks.
missing=()
while read -r path target; do
  [[ -d $src/$target ]] || missing+=("$path")
done < <(sed -n 's/^replace \([^ ]*\) => \.\/\([^ ]*\)$/\1 \2/p' "$src/go.mod")
((${#missing[@]} > 0)) || fail "$module@v$version's go.mod replaces no missing directory: has its layout changed?"
say "    dropping the modules that the proxy's copy lacks: ${missing[*]#"$module/"}"

init=internal/backend/init/init.go
for path in "${missing[@]}"; do
  quoted=${path//./\\.}
  # go.mod: its line in the require block, and its replace line.
  sed -i -e "\#^[[:space:]]*$quoted v[^ ]*\$#d" -e "\#^replace $quoted => #d" "$src/go.mod"
  # init.go: the import (`backendS3 ".../remote-state/s3"`) and the map
  # entries that call that alias (`"s3": func() ... backendS3.New() },`).
  alias=$(sed -n "s#^[[:space:]]*\([A-Za-z0-9_]*\) \"$quoted\"\$#\1#p" "$src/$init")
  if [[ -n $alias ]]; then
    sed -i -e "\#^[[:space:]]*$alias \"$quoted\"\$#d" -e "/[^A-Za-z0-9_]$alias\.New(/d" "$src/$init"
  fi
done
if grep -n -F -f <(printf '"%s"\n' "${missing[@]}") "$src/$init" >&2; then
  fail "$init still imports a dropped module (above): has its layout changed?"
fi

# version.dev=no is what Terraform's release build sets: without it the
# binary calls itself v$version-dev.
mkdir -p "$(dirname "$out")"
say "    go build . (in a copy of $dir)"
(cd "$src" && GOWORK=off GOFLAGS='-mod=mod -buildvcs=false' go build -trimpath \
  -ldflags "-s -w -X $module/version.dev=no" -o "$out.partial" .) ||
  fail "building Terraform v$version failed (output above)"
mv -f "$out.partial" "$out"
built "$out" "Terraform v$version" "$started"
