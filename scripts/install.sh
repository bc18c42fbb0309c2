#!/usr/bin/env bash
# make install: installs the provider with `go install` (into $GOBIN, else
# $(go env GOPATH)/bin) and copies that binary into a local filesystem mirror,
# so that a configuration which also uses registry providers can run
# `terraform init` (or `tofu init`): dev_overrides serve this provider only
# to commands that need no init.
#
# The mirror is Terraform's "unpacked" layout, once per registry host, as
# Terraform and OpenTofu each look the provider up under their own host:
#
#   $MIRROR/registry.terraform.io/stackworks/stack/$VERSION/<os>_<arch>/terraform-provider-stack_v$VERSION
#   $MIRROR/registry.opentofu.org/stackworks/stack/$VERSION/<os>_<arch>/terraform-provider-stack_v$VERSION
#
# MIRROR defaults to ~/.terraform.d/plugins, the directory both engines search
# on their own when the CLI configuration has no provider_installation block.
# VERSION defaults to 0.0.1: `init` selects a pre-release (0.0.1-dev) only
# when a configuration asks for exactly that version, and refuses 0.0.0.
# The binary reports the same version to Terraform.
set -euo pipefail

cd "$(dirname "$0")/.."
version=${VERSION:-0.0.1}
mirror=${MIRROR:-$HOME/.terraform.d/plugins}
hosts=(registry.terraform.io registry.opentofu.org)

if [[ ! $version =~ ^[0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.-]+)?$ || $version == 0.0.0 ]]; then
  printf 'error: VERSION=%s is not a version that init selects (MAJOR.MINOR.PATCH above 0.0.0, such as 0.0.1)\n' "$version" >&2
  exit 1
fi

echo "==> go install -ldflags '-X main.version=$version' ."
go install -ldflags "-X main.version=$version" .
bindir=$(go env GOBIN)
bindir=${bindir:-$(go env GOPATH)/bin}
bin=$bindir/terraform-provider-stack
echo "    $bin"

target="$(go env GOOS)_$(go env GOARCH)"
echo "==> filesystem mirror $mirror (version $version, $target)"
for host in "${hosts[@]}"; do
  dir=$mirror/$host/stackworks/stack/$version/$target
  mkdir -p "$dir"
  install -m 0755 "$bin" "$dir/terraform-provider-stack_v$version"
  echo "    $dir/terraform-provider-stack_v$version"
done
