#!/usr/bin/env bash
# Prints the absolute path of the Terraform CLI that the tests, the docs
# generator and the demo use, and fails with a clear message when there is
# none. Order: $TF_ACC_TERRAFORM_PATH, /usr/local/bin/terraform, `terraform`
# on PATH. Nothing is ever downloaded: terraform-plugin-testing and
# tfplugindocs would fetch the latest release when they find no binary, so
# every caller resolves it here first and hands them this exact path.
set -euo pipefail

export CHECKPOINT_DISABLE=1 # no "is there a newer version" call from `terraform version`

min_major=1
min_minor=11 # write-only attributes (oidc_client_secret_wo) need Terraform 1.11

fail() {
  printf 'error: %s\n' "$1" >&2
  shift
  (($# == 0)) || printf '       %s\n' "$@" >&2
  exit 1
}

if [[ -n "${TF_ACC_TERRAFORM_PATH:-}" ]]; then
  tf=$TF_ACC_TERRAFORM_PATH
  [[ -f $tf && -x $tf ]] ||
    fail "TF_ACC_TERRAFORM_PATH is set to '$tf', which is not an executable file." \
      "Point it at a Terraform ${min_major}.${min_minor}+ binary, or unset it to use /usr/local/bin/terraform or terraform on PATH."
elif [[ -x /usr/local/bin/terraform ]]; then
  tf=/usr/local/bin/terraform
elif tf=$(command -v terraform); then
  :
else
  fail "Terraform CLI not found: TF_ACC_TERRAFORM_PATH is unset, /usr/local/bin/terraform does not exist and there is no terraform on PATH." \
    "Install Terraform ${min_major}.${min_minor} or later (https://developer.hashicorp.com/terraform/install) at /usr/local/bin/terraform," \
    "or set TF_ACC_TERRAFORM_PATH to the absolute path of the binary. It is not downloaded automatically."
fi

# terraform-plugin-testing accepts only an absolute path.
tf="$(cd "$(dirname "$tf")" && pwd -P)/$(basename "$tf")"

# The whole output, then its first line: `| head -n 1` could end terraform
# with SIGPIPE, which pipefail would report as a failure.
version_out=$("$tf" version 2>/dev/null) ||
  fail "'$tf version' failed; is it a Terraform binary?"
version_line=${version_out%%$'\n'*}
if [[ $version_line =~ ^Terraform\ v([0-9]+)\.([0-9]+)\. ]]; then
  major=${BASH_REMATCH[1]}
  minor=${BASH_REMATCH[2]}
  if ((major < min_major || (major == min_major && minor < min_minor))); then
    fail "$tf is ${version_line#Terraform }; Terraform ${min_major}.${min_minor} or later is required (write-only attributes)."
  fi
else
  fail "$tf does not look like Terraform (its version line is '$version_line')."
fi

printf '%s\n' "$tf"
