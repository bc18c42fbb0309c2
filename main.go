// Command terraform-provider-stack serves the stack provider to Terraform.
package main

import (
	"context"
	"flag"
	"log"
	"os"
	"runtime/debug"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"

	"github.com/stackworks/terraform-provider-stack/internal/provider"
)

// version is set by the release build (goreleaser's ldflags).
var version = "dev"

func main() {
	var debug bool
	flag.BoolVar(&debug, "debug", false, "start the provider with support for debuggers like delve")
	flag.Parse()
	tuneForShortRuns()

	err := providerserver.Serve(context.Background(), provider.New(version), providerserver.ServeOpts{
		Address: "registry.terraform.io/stackworks/stack",
		Debug:   debug,
	})
	if err != nil {
		log.Fatal(err)
	}
}

// tuneForShortRuns trims CPU that a Terraform run pays per resource, which
// with thousands of resources is most of the provider's time (measured with
// perf on an apply of 200 auth methods: a third of the CPU went to
// formatting SDK log lines, a fifth to garbage collection).
//
// The plugin SDK logs at trace unless told otherwise, and Terraform throws
// those lines away unless one of its TF_LOG* variables is set, which the
// provider inherits; so when none is set, the provider does not format
// them. The provider lives for one Terraform command and holds little, so
// collecting garbage less often costs a few megabytes at most.
func tuneForShortRuns() {
	debug.SetGCPercent(400)
	for _, kv := range os.Environ() {
		if strings.HasPrefix(kv, "TF_LOG") {
			return
		}
	}
	for _, env := range []string{"TF_LOG_SDK", "TF_LOG_PROVIDER"} {
		if err := os.Setenv(env, "off"); err != nil {
			log.Printf("[WARN] cannot set %s: %v", env, err)
		}
	}
}
