//go:build race

package main

// raceEnabled makes the test build the command with -race too, so that it
// reuses the standard library the test binary was built with instead of
// compiling a second copy.
const raceEnabled = true
