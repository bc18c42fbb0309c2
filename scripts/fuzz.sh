#!/usr/bin/env bash
# Runs each Go fuzz target of the clients and the emulator for FUZZTIME
# (default 10s), one after another: Go fuzzes one target per invocation.
# The targets are found with `go test -list`, so a new one needs no edit
# here. A failure leaves its input under the package's testdata/fuzz/,
# which `go test` then runs as a seed: commit it with the fix.
set -euo pipefail

fuzztime=${FUZZTIME:-10s}
packages=(./internal/client/... ./internal/emulator/...)

status=0
for pkg in $(go list "${packages[@]}"); do
  for target in $(go test -list '^Fuzz' "$pkg" | grep '^Fuzz' || true); do
    echo "==> $target ($pkg) for $fuzztime"
    if ! go test -run '^$' -fuzz "^${target}\$" -fuzztime "$fuzztime" "$pkg"; then
      status=1
    fi
  done
done
exit "$status"
