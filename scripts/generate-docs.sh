#!/usr/bin/env bash
# Regenerates docs/ from templates/, examples/ and the provider's schema with
# tfplugindocs, offline: tfplugindocs looks for `terraform` on PATH and
# downloads the latest release when it finds none (and --tf-version always
# downloads), so this script puts the binary that terraform-latest.sh builds
# from its Go module first on PATH under that name. The examples are formatted first, so the docs
# embed them as `terraform fmt` writes them.
set -euo pipefail

cd "$(dirname "$0")/.."
export CHECKPOINT_DISABLE=1
# A TF_CLI_CONFIG_FILE naming a missing file only makes Terraform warn.
if [[ -n ${TF_CLI_CONFIG_FILE:-} && ! -e $TF_CLI_CONFIG_FILE ]]; then
  unset TF_CLI_CONFIG_FILE
fi

tf=$(scripts/terraform-path.sh)
# The schema that tfplugindocs reads comes from the newest Terraform, built
# once by terraform-latest.sh: before 1.12, `terraform providers schema`
# leaves out the resources' identities, which every resource page shows, and
# before 1.14 the list resources, which have pages of their own.
schema_tf=$(scripts/terraform-latest.sh)

echo "==> terraform fmt -recursive examples ($tf)"
"$tf" fmt -recursive examples

bindir=$(mktemp -d)
# Text that several pages share is written once, in templates/partials/, as
# {{ define "name" }} blocks that a page's template calls with
# {{ template "name" . }}. tfplugindocs parses each page's template alone and
# has no include function, so it reads a copy of templates/ in which every
# template ends with those definitions; the partials are no page of their own.
# The copy lies inside the repository because tfplugindocs takes the
# directory relative to it (Go ignores directories starting with ".").
src=$(mktemp -d "$PWD/.templates.XXXXXX")
trap 'rm -rf "$bindir" "$src"' EXIT
ln -s "$schema_tf" "$bindir/terraform"

# The table of the services and what the provider manages in each is the
# README's first table, written there once (and tested there against the
# registered resources): the index shows it as the partial "services".
services="$bindir/services.partial"
{
  echo '{{- define "services" -}}'
  sed -n '/^| Service | What the provider manages |/,/^$/p' README.md
  echo '{{- end -}}'
} >"$services"
grep -q '^| platform |' "$services" || {
  echo "generate-docs.sh: README.md has no table that starts with | Service | What the provider manages |" >&2
  exit 1
}

cp -R templates/. "$src"
rm -rf "$src/partials"
find "$src" -name '*.md.tmpl' -print0 | while IFS= read -r -d '' page; do
  cat templates/partials/*.md.tmpl "$services" >>"$page"
done

# docs/ is wholly generated: start from nothing, so that the page of a
# removed resource goes too (tfplugindocs leaves files it does not know).
rm -rf docs

echo "==> go tool tfplugindocs generate --provider-name stack"
PATH="$bindir:$PATH" go tool tfplugindocs generate --provider-name stack --website-source-dir "${src#"$PWD"/}"
