// Command report reads the events of go test -json (test2json) runs of a
// client library's integration tests, and prints every failed test with
// the first line of what it reported, then the figure: "N passed, N
// failed, N skipped". Each test is counted once, at its deepest level: a
// test with subtests counts as its subtests. It exits 1 when a test failed.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"
)

type event struct {
	Action string
	Test   string
	Output string
}

type result struct {
	action string
	// first is the first line the test wrote; assertion, the first
	// failed assertion's message, which explains a failure better.
	first, assertion string
}

// why is what explains the test's failure.
func (r *result) why() string {
	if r.assertion != "" {
		return r.assertion
	}
	return r.first
}

func main() {
	results := map[string]*result{}
	var order []string
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 16<<20)
	for in.Scan() {
		var e event
		if json.Unmarshal(in.Bytes(), &e) != nil || e.Test == "" {
			continue
		}
		r := results[e.Test]
		if r == nil {
			r = &result{}
			results[e.Test] = r
			order = append(order, e.Test)
		}
		switch e.Action {
		case "pass", "fail", "skip":
			r.action = e.Action
		case "output":
			line, assertion := explanation(e.Output)
			if line != "" && r.first == "" {
				r.first = line
			}
			if assertion && r.assertion == "" {
				r.assertion = line
			}
		}
	}
	if err := in.Err(); err != nil {
		fmt.Fprintln(os.Stderr, "report:", err)
		os.Exit(2)
	}
	parents := map[string]bool{}
	for name := range results {
		for i := strings.LastIndex(name, "/"); i > 0; i = strings.LastIndex(name[:i], "/") {
			parents[name[:i]] = true
		}
	}
	sort.Strings(order)
	counts := map[string]int{}
	for _, name := range order {
		r := results[name]
		if parents[name] && r.action != "fail" {
			continue
		}
		if parents[name] && r.action == "fail" && childFailed(name, results) {
			continue
		}
		action := r.action
		if action == "" {
			// No verdict: the process ended (a panic elsewhere, a timeout).
			action = "fail"
			if r.why() == "" {
				r.first = "no result: the test binary ended before this test did"
			}
		}
		counts[action]++
		if action == "fail" {
			fmt.Printf("FAIL %s: %s\n", name, r.why())
		}
	}
	fmt.Printf("%d passed, %d failed, %d skipped\n", counts["pass"], counts["fail"], counts["skip"])
	if counts["fail"] > 0 {
		os.Exit(1)
	}
}

// childFailed reports whether a subtest of name failed, which then stands
// for it.
func childFailed(name string, results map[string]*result) bool {
	for other, r := range results {
		if strings.HasPrefix(other, name+"/") && r.action != "pass" && r.action != "skip" {
			return true
		}
	}
	return false
}

// explanation is a line of a test's output that may say why it failed,
// "" for go test's own markers, and whether it is a failed assertion
// (testify's "Error:" line).
func explanation(output string) (string, bool) {
	line := strings.TrimSpace(output)
	switch {
	case line == "", strings.HasPrefix(line, "=== "), strings.HasPrefix(line, "--- "),
		strings.HasPrefix(line, "Error Trace:"), strings.HasPrefix(line, "Test:"),
		strings.HasPrefix(line, "Messages:"):
		return "", false
	case strings.HasPrefix(line, "Error:"):
		return strings.TrimSpace(strings.TrimPrefix(line, "Error:")), true
	case strings.HasPrefix(line, "panic:"):
		return line, true
	}
	return line, false
}
