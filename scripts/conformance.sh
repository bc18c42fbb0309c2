#!/usr/bin/env bash
# make conformance: the incumbent platform client library's own integration
# tests (github.com/hashicorp/go-tfe, pinned in conformance/go.mod), run
# against a fresh emulator. The library is downloaded as a Go module, the
# only download. Its tests of the core objects run, each top-level test in
# a process of its own, so that one test's panic costs only that test; the
# ones listed in EXCLUDED below do not, each for the reason given there.
# The closing line is "N passed, N failed, N skipped", after every failed
# test with the first line it reported. The tests then run again with the
# library's beta tests on (ENABLE_BETA=1), reported the same way, each
# line after "beta: "; then the self-hosted pass's, whose closing line
# begins "self-hosted:". Exit status 1 when a test failed in any pass.
#
#   FILES='team_integration_test.go' scripts/conformance.sh   one file only
#   RUN='TestTeamsCreate' scripts/conformance.sh              one test only
#
# conformance/ is a module of its own, so that the library stays out of the
# provider's go.mod. Its go.mod is written by
# `go get -t github.com/hashicorp/go-tfe@VERSION` (then `go mod edit -go=`
# the provider's version), never by `go mod tidy`, which would drop the
# library: nothing there imports it, the tests are its own.
set -euo pipefail

cd "$(dirname "$0")/.."
root=$PWD

# The library's tests of the platform's core objects, and of the objects
# that wire them together that the emulator serves so far.
files=(${FILES:-
  organization_integration_test.go
  organization_token_integration_test.go
  projects_integration_test.go
  workspace_integration_test.go
  team_integration_test.go
  team_token_integration_test.go
  team_project_access_integration_test.go
  variable_set_test.go
  variable_set_variable_test.go
  variable_integration_test.go
  agent_pool_integration_test.go
  ssh_key_integration_test.go
  team_access_integration_test.go
  organization_membership_integration_test.go
  team_member_integration_test.go
  user_integration_test.go
  github_app_installation_integration_test.go
  run_trigger_integration_test.go
  agent_token_integration_test.go
  notification_configuration_integration_test.go
  oauth_client_integration_test.go
  oauth_token_integration_test.go
  run_task_integration_test.go
  workspace_run_task_integration_test.go
  policy_integration_test.go
  policy_set_integration_test.go
  policy_set_parameter_integration_test.go
  admin_sentinel_version_integration_test.go
  admin_opa_version_integration_test.go
  state_version_integration_test.go
  state_version_output_integration_test.go
  registry_provider_integration_test.go
  registry_provider_version_integration_test.go
  registry_provider_platform_integration_test.go
  gpg_key_integration_test.go
  registry_module_integration_test.go
})

# Tests the emulator does not serve by design, each with its reason: a
# top-level test, or one of its subtests as TEST/SUBTEST (the name go test
# prints, spaces as underscores).
excluded=(
  # Runs, plans, applies, their configuration versions and queues: the
  # emulator runs nothing.
  'TestOrganizationsReadCapacity_RunDependent'
  'TestOrganizationsReadRunQueue_RunDependent'
  'TestWorkspacesReadWithHistory_RunDependent'
  'TestWorkspacesList_RunDependent/when_filter_workspaces_by_current_run_status'
  'TestWorkspacesList_RunDependent/when_sorting_workspaces_on_current-run.created-at'
  'TestWorkspacesList_RunDependent/with_current-state-version,current-run_included'
  'TestWorkspacesUnlock_RunDependent/when_a_workspace_is_locked_by_a_run'
  # Data retention policies are the self-hosted edition's alone: their tests
  # run in the self-hosted pass below.
  'TestOrganization_DataRetentionPolicy'
  'TestWorkspace_DataRetentionPolicy'
  # The code-host app installation tests need an installation on a real
  # code host (GITHUB_APP_INSTALLATION_ID) and call the code host's own
  # path, which this API names codehost-app/...: without the variable they
  # skip themselves, and are counted as skipped. The emulator's installations
  # (registered through its admin API) have plain-HTTP tests of their own.
  # TestPolicySetsCreateWithGithubApp needs the same variable, and skips
  # itself without it.
)

# --- The beta pass (ENABLE_BETA=1): what it excludes beyond the above,
# each with its reason, as above.
excluded_beta=(
  # Listing a registry module's commits reads its repository on the code
  # host: the emulator reads none, and lists no commits.
  'TestRegistryModulesListCommit/with_valid_options'
)
# --- End of the beta pass's exclusions.

tmp=$(mktemp -d)
emulator_pid=
cleanup() {
  if [[ -n $emulator_pid ]]; then
    kill "$emulator_pid" 2>/dev/null || true
    wait "$emulator_pid" 2>/dev/null || true
  fi
  rm -rf "$tmp"
}
trap cleanup EXIT

echo "==> building the library's tests (github.com/hashicorp/go-tfe, as conformance/go.mod pins it) and the emulator"
(cd conformance && go test -c -o "$tmp/tfe.test" github.com/hashicorp/go-tfe)
(cd conformance && go build -o "$tmp/report" ./report)
go build -o "$tmp/stack-emulator" ./internal/emulator/cmd/stack-emulator
module_dir=$(cd conformance && go list -m -f '{{.Dir}}' github.com/hashicorp/go-tfe)

# start_emulator NAME ARGS... starts an emulator with the flags ARGS, its
# output in $tmp/NAME.out and .err, and sets started_pid and, once it
# listens, started_address; it exits 2 when the emulator does not start.
start_emulator() {
  local name=$1
  shift
  "$tmp/stack-emulator" -listen 127.0.0.1:0 "$@" >"$tmp/$name.out" 2>"$tmp/$name.err" &
  started_pid=$!
  for _ in $(seq 100); do
    grep -q 'listening on' "$tmp/$name.out" 2>/dev/null && break
    sleep 0.1
  done
  started_address=$(sed -n 's/^stack-emulator listening on //p' "$tmp/$name.out")
  if [[ -z $started_address ]]; then
    echo "the $name emulator did not start:" >&2
    cat "$tmp/$name.err" >&2
    kill "$started_pid" 2>/dev/null || true
    exit 2
  fi
}

# test_names prints the names of the top-level tests of the library's file
# $1.
test_names() {
  grep -ho '^func Test[A-Za-z0-9_]*' "$module_dir/$1" | sed 's/^func //'
}

start_emulator emulator
emulator_pid=$started_pid address=$started_address
echo "==> emulator at $address"

tests=()
for f in "${files[@]}"; do
  while read -r name; do
    tests+=("$name")
  done < <(test_names "$f")
done
if [[ -n ${RUN:-} ]]; then
  tests=("$RUN")
fi
# skip_for prints the -test.skip pattern of a top-level test: its excluded
# subtests; "" when none. A test excluded whole is not run at all.
skip_for() {
  local subs=() e
  for e in "${excluded[@]}"; do
    [[ $e == "$1/"* ]] && subs+=("$(printf '%s' "${e#*/}" | sed 's/[.[\]*+?(){}|^$]/\\&/g')")
  done
  if ((${#subs[@]} > 0)); then
    printf '^%s$/^(%s)$' "$1" "$(IFS='|'; echo "${subs[*]}")"
  fi
}

echo "==> ${#tests[@]} tests of ${#files[@]} files, less those excluded"
# The library's tests read the platform's address and token from these,
# and need the site administrator's token to create organizations; its
# test helpers give an organization a paid plan through the admin API with
# the token of the role that provisions licenses, the administrator's too.
export TFE_ADDRESS=$address TFE_TOKEN=platform-root
export TFE_ADMIN_PROVISION_LICENSES_TOKEN=platform-root
# Notification configurations' and run tasks' tests need a destination URL;
# the emulator sends nothing there (it records what it would deliver, and
# the request that would verify a run task), so any will do.
export TFC_RUN_TASK_URL=https://notifications.example.com/conformance
# OAuth clients' tests need a code host's token; the emulator never calls
# the code host, so any string will do.
export OAUTH_CLIENT_GITHUB_TOKEN=emulator-calls-no-code-host
# The repository that the tests' VCS-backed policy sets name
# (policy_set_integration_test.go), which the emulator never reads: it
# answers the repository's URL on the code host of the set's OAuth token.
export GITHUB_POLICY_SET_IDENTIFIER=stackworks/conformance-policies
# The repository of the VCS-connected registry modules of the tests, named
# terraform-<PROVIDER>-<NAME> as the platform derives a module's name and
# provider from it: the emulator reads no repository either.
export GITHUB_REGISTRY_MODULE_IDENTIFIER=stackworks/terraform-aws-conformance
# The first pass runs as a plain run does, beta tests skipped; the beta
# pass below turns them on.
unset ENABLE_BETA
cd "$module_dir"
: >"$tmp/events.json"
for name in "${tests[@]}"; do
  if printf '%s\n' "${excluded[@]}" | grep -qx "$name"; then
    continue
  fi
  skip=$(skip_for "$name")
  "$tmp/tfe.test" -test.run "^$name\$" ${skip:+-test.skip "$skip"} -test.v=test2json -test.timeout 5m 2>&1 |
    go tool test2json -t >>"$tmp/events.json" || true
done

# --- The beta pass: the same tests again with the library's beta tests on
# (ENABLE_BETA=1), as features the platform's documents give as plain API
# (multiple team tokens among them) are beta to the library. It runs
# against the same emulator: every test makes its own organization.
excluded=("${excluded[@]}" "${excluded_beta[@]}")
: >"$tmp/events-beta.json"
for name in "${tests[@]}"; do
  if printf '%s\n' "${excluded[@]}" | grep -qx "$name"; then
    continue
  fi
  skip=$(skip_for "$name")
  ENABLE_BETA=1 "$tmp/tfe.test" -test.run "^$name\$" ${skip:+-test.skip "$skip"} -test.v=test2json -test.timeout 5m 2>&1 |
    go tool test2json -t >>"$tmp/events-beta.json" || true
done
# --- End of the beta pass.

cd "$root"
status=0
"$tmp/report" <"$tmp/events.json" || status=1
# --- The beta pass's report, each line after "beta: ".
"$tmp/report" <"$tmp/events-beta.json" >"$tmp/report-beta.txt" || status=1
sed 's/^/beta: /' "$tmp/report-beta.txt"
# --- End of the beta pass's report.

# ---- The self-hosted pass: begin ------------------------------------------
# What only the self-hosted edition serves (its admin API, data retention
# policies) has tests that skip themselves unless ENABLE_TFE=1: they run
# here, against a second emulator of that edition (-platform-edition
# self-hosted), each in a process of its own as above. Their closing line
# is "self-hosted: N passed, N failed, N skipped". FILES and RUN narrow this
# pass too: to the files and the test of its own that they name.
self_hosted_files=(
  admin_organization_integration_test.go
  admin_setting_general_integration_test.go
)
# The tests of this pass in files of the pass above, which excludes them.
self_hosted_tests=(
  TestOrganization_DataRetentionPolicy
  TestWorkspace_DataRetentionPolicy
)
self_hosted_pid=
trap 'if [[ -n $self_hosted_pid ]]; then kill "$self_hosted_pid" 2>/dev/null || true; wait "$self_hosted_pid" 2>/dev/null || true; fi; cleanup' EXIT
start_emulator self-hosted -platform-edition self-hosted
self_hosted_pid=$started_pid self_hosted_address=$started_address
echo "==> the self-hosted edition's tests, against an emulator of it at $self_hosted_address"
self_hosted_run=()
for f in "${self_hosted_files[@]}"; do
  if [[ -n ${FILES:-} && " $FILES " != *" $f "* ]]; then
    continue
  fi
  while read -r name; do
    self_hosted_run+=("$name")
  done < <(test_names "$f")
done
for name in "${self_hosted_tests[@]}"; do
  for f in "${files[@]}"; do
    if grep -q "^func $name(" "$module_dir/$f"; then
      self_hosted_run+=("$name")
    fi
  done
done
if [[ -n ${RUN:-} ]]; then
  if printf '%s\n' "${self_hosted_run[@]}" | grep -qx "$RUN"; then
    self_hosted_run=("$RUN")
  else
    self_hosted_run=()
  fi
fi
cd "$module_dir"
: >"$tmp/self-hosted.json"
for name in "${self_hosted_run[@]}"; do
  TFE_ADDRESS=$self_hosted_address ENABLE_TFE=1 \
    "$tmp/tfe.test" -test.run "^$name\$" -test.v=test2json -test.timeout 5m 2>&1 |
    go tool test2json -t >>"$tmp/self-hosted.json" || true
done
cd "$root"
"$tmp/report" <"$tmp/self-hosted.json" | sed 's/^\([0-9]* passed, \)/self-hosted: \1/' || status=1
# ---- The self-hosted pass: end --------------------------------------------

exit "$status"
