#!/usr/bin/env bash
# Runs each Go fuzz target of the clients and the emulator for FUZZTIME
# (default 5s), one after another: Go fuzzes one target per invocation.
# The default keeps the whole run under two minutes on two cores, CI's
# budget for it: eleven targets, each of which also links an instrumented
# test binary (the first of a package builds its dependencies instrumented
# too). A longer run of one target is the command the script prints.
# The targets are the `func Fuzz...` of the packages' *_test.go files,
# found by name, so a new one needs no edit here and no test binary is
# built to list them. A failure leaves its input under the package's
# testdata/fuzz/, which `go test` then runs as a seed: commit it with the
# fix.
set -euo pipefail

fuzztime=${FUZZTIME:-5s}
packages=(./internal/client/... ./internal/emulator/...)

status=0
while read -r pkg dir; do
  for target in $(sed -n 's/^func \(Fuzz[A-Za-z0-9_]*\)(.*/\1/p' "$dir"/*_test.go 2>/dev/null | sort -u); do
    echo "==> $target ($pkg) for $fuzztime: go test -run '^\$' -fuzz '^${target}\$' -fuzztime $fuzztime $pkg"
    if ! go test -run '^$' -fuzz "^${target}\$" -fuzztime "$fuzztime" "$pkg"; then
      status=1
    fi
  done
done < <(go list -f '{{.ImportPath}} {{.Dir}}' "${packages[@]}")
exit "$status"
