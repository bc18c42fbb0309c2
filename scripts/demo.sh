#!/usr/bin/env bash
# make demo: builds the provider and the emulator, starts the emulator (the
# built binary, so that its PID is the emulator's own and a SIGTERM to it
# stops it) on a free loopback port, applies examples/demo through a
# dev_overrides CLI configuration (no `terraform init`, no network), checks
# that a second plan is empty, destroys everything, stops the emulator and
# removes its files.
#
# Besides Go and Terraform it needs openssl, to generate the demo code-host
# app's private key, which reaches Terraform as an ephemeral variable.
#
# DEMO_EMULATOR_ARGS adds flags to the emulator; the default, -replica-lag 1s,
# makes reads lag behind writes as on a real scheduler, so the empty second
# plan shows the provider waits for the replica. Set it empty for none.
set -euo pipefail

cd "$(dirname "$0")/.."
export CHECKPOINT_DISABLE=1
export TF_IN_AUTOMATION=1 # no "run terraform apply next" hints

read -r -a emulator_args <<<"${DEMO_EMULATOR_ARGS--replica-lag 1s}"
ready_timeout=30 # seconds to wait for the emulator's ready line

if [[ -t 1 ]]; then
  bold=$'\e[1m' green=$'\e[32m' red=$'\e[31m' reset=$'\e[0m'
  tf_color=()
else
  bold='' green='' red='' reset=''
  tf_color=(-no-color)
fi

step_no=0
step_count=7
step() {
  step_no=$((step_no + 1))
  printf '\n%s==> [%d/%d] %s%s\n' "$bold" "$step_no" "$step_count" "$*" "$reset"
}
fail() {
  printf '%serror: %s%s\n' "$red" "$*" "$reset" >&2
  exit 1
}

tmp=$(mktemp -d "${TMPDIR:-/tmp}/stack-demo.XXXXXX")
emulator_pid=''
cleanup() {
  local rc=$?
  if [[ -n $emulator_pid ]] && kill -0 "$emulator_pid" 2>/dev/null; then
    kill -TERM "$emulator_pid" 2>/dev/null || true
    wait "$emulator_pid" 2>/dev/null || true
  fi
  if ((rc != 0)) && [[ -s $tmp/emulator.log ]]; then
    printf '\nLast lines of the emulator log:\n' >&2
    tail -n 20 "$tmp/emulator.log" >&2
  fi
  rm -rf "$tmp"
  if ((rc != 0)); then
    printf '\n%sdemo failed (exit code %d)%s\n' "$red" "$rc" "$reset" >&2
  fi
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

started=$SECONDS

step "Checking for Terraform and openssl"
tf=$(scripts/terraform-path.sh)
tf_version=$("$tf" version)
echo "$tf: ${tf_version%%$'\n'*}"
openssl=$(command -v openssl) ||
  fail "openssl not found on PATH: the demo needs it to generate the code-host app's private key"
echo "$openssl: $("$openssl" version)"

# go build says nothing while it compiles, which on a cold build cache
# takes minutes: say so first.
step "Building the provider and the emulator into $tmp (a first run compiles every package: about 2 minutes; later runs take seconds)"
build_started=$SECONDS
go build -o "$tmp/terraform-provider-stack" .
go build -o "$tmp/stack-emulator" ./internal/emulator/cmd/stack-emulator
echo "built terraform-provider-stack and stack-emulator in $((SECONDS - build_started))s"

step "Starting the emulator: stack-emulator -listen 127.0.0.1:0 ${emulator_args[*]}"
"$tmp/stack-emulator" -listen 127.0.0.1:0 "${emulator_args[@]}" \
  >"$tmp/emulator.out" 2>"$tmp/emulator.log" &
emulator_pid=$!
addr=''
deadline=$((SECONDS + ready_timeout))
while ((SECONDS < deadline)); do
  if line=$(grep -m 1 '^stack-emulator listening on http://' "$tmp/emulator.out"); then
    addr=${line#stack-emulator listening on }
    break
  fi
  kill -0 "$emulator_pid" 2>/dev/null || fail "the emulator exited before it was ready"
  sleep 0.1
done
[[ -n $addr ]] || fail "the emulator printed no ready line within ${ready_timeout}s"
echo "emulator ready at $addr (pid $emulator_pid)"

# Only the settings below reach the provider: STACK_* variables of the
# caller's environment (a real server's address, say) are dropped. The
# emulator serves the three APIs on one address, each with its default token.
while read -r var; do unset "$var"; done < <(compgen -e | grep '^STACK_' || true)
export STACK_SCHEDULER_ADDR=$addr
export STACK_SCHEDULER_TOKEN=scheduler-root
export STACK_SECRETS_ADDR=$addr
export STACK_SECRETS_TOKEN=secrets-root
export STACK_PLATFORM_ADDR=$addr
export STACK_PLATFORM_TOKEN=platform-root

# A fresh key for the demo code-host app (ECDSA P-256, "EC PRIVATE KEY"),
# handed to examples/demo as its ephemeral variable: it never reaches the
# state, and it is gone with the environment when the demo ends.
TF_VAR_codehost_app_private_key=$("$openssl" ecparam -name prime256v1 -genkey -noout) ||
  fail "openssl could not generate the code-host app's private key"
export TF_VAR_codehost_app_private_key

cat >"$tmp/terraform.rc" <<RC
provider_installation {
  dev_overrides {
    "registry.terraform.io/stackworks/stack" = "$tmp"
  }
  direct {}
}
RC
export TF_CLI_CONFIG_FILE=$tmp/terraform.rc

cp -R examples/demo "$tmp/demo"
rm -rf "$tmp/demo/.terraform" "$tmp/demo/.terraform.lock.hcl" "$tmp/demo"/terraform.tfstate*
tfdemo() { "$tf" -chdir="$tmp/demo" "$@" "${tf_color[@]}"; }

# What the demo applies is counted from its files (blocks: a for_each makes
# more instances), so this line cannot go
# stale when the demo grows.
demo_resources=$(cat examples/demo/*.tf | grep -c '^resource ')
step "terraform apply: examples/demo, $demo_resources resource blocks of the scheduler, the secrets service and the platform"
tfdemo apply -auto-approve -input=false

step "terraform plan -detailed-exitcode: the second plan must be empty"
set +e
tfdemo plan -detailed-exitcode -input=false
plan_rc=$?
set -e
case $plan_rc in
0) printf '%ssecond plan is empty%s\n' "$green" "$reset" ;;
2) fail "the second plan is not empty: the provider sees changes right after its own apply" ;;
*) fail "terraform plan failed (exit code $plan_rc)" ;;
esac

step "terraform destroy"
tfdemo destroy -auto-approve -input=false
left=$("$tf" -chdir="$tmp/demo" state list)
[[ -z $left ]] || fail "resources left in the state after destroy: $left"

step "Stopping the emulator"
kill -TERM "$emulator_pid"
emulator_rc=0
wait "$emulator_pid" || emulator_rc=$?
emulator_pid=''
((emulator_rc == 0)) || fail "the emulator exited with code $emulator_rc on SIGTERM"
echo "emulator stopped"

printf '\n%sdemo succeeded in %ds: apply, empty second plan, destroy%s\n' "$green" "$((SECONDS - started))" "$reset"
