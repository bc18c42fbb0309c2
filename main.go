// Command terraform-provider-stack serves the stack provider to Terraform.
package main

import (
	"context"
	"flag"
	"log"
	"os"
	"path"
	"runtime/debug"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"

	"github.com/stackworks/terraform-provider-stack/internal/provider"
)

// version is set by the release build (goreleaser's ldflags).
var version = "dev"

// address is the provider's registry address.
const address = "registry.terraform.io/stackworks/stack"

func main() {
	var debug bool
	flag.BoolVar(&debug, "debug", false, "start the provider with support for debuggers like delve")
	flag.Parse()
	tuneForShortRuns()

	err := providerserver.Serve(context.Background(), provider.New(version), providerserver.ServeOpts{
		Address: address,
		Debug:   debug,
	})
	if err != nil {
		log.Fatal(err)
	}
}

// quietLoggers are the variables that set the levels of the loggers a
// provider process has: the plugin SDK's root logger, its two subsystems
// (the framework's and terraform-plugin-go's protocol logger), and the
// provider's own logger, which terraform-plugin-go names after the
// provider's type. Unset, each of them does the work of logging at trace.
var quietLoggers = []string{
	"TF_LOG_SDK",
	"TF_LOG_SDK_FRAMEWORK",
	"TF_LOG_SDK_PROTO",
	"TF_LOG_PROVIDER_" + strings.ToUpper(strings.ReplaceAll(path.Base(address), "-", "_")),
}

// tuneForShortRuns trims CPU that a Terraform run pays per resource, which
// with thousands of resources is most of the provider's time (measured with
// perf on an apply of 200 auth methods: a third of the CPU went to
// formatting SDK log lines, a fifth to garbage collection).
//
// Every logger of a provider process logs at trace unless its variable
// says otherwise, and Terraform reads each line from the provider and
// throws it away unless one of its TF_LOG* variables is set, which the
// provider inherits. So when none is set, the provider turns its loggers
// off: it neither formats the lines nor makes Terraform parse them (an
// apply of 200 auth methods wrote 1.1 MB of them). The provider lives for
// one Terraform command and holds little, so collecting garbage less often
// costs a few megabytes at most.
func tuneForShortRuns() {
	debug.SetGCPercent(400)
	for _, kv := range os.Environ() {
		if strings.HasPrefix(kv, "TF_LOG") {
			return
		}
	}
	for _, env := range quietLoggers {
		if err := os.Setenv(env, "off"); err != nil {
			log.Printf("[WARN] cannot set %s: %v", env, err)
		}
	}
}
