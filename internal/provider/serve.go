package provider

import (
	"cmp"
	"context"
	"log"
	"os"
	"path"
	"runtime/debug"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/providerserver"
)

// Address is the provider's registry address.
const Address = "registry.terraform.io/stackworks/stack"

// Serve serves p to Terraform under Address, tuned for the short life of
// a provider process. The provider's binary serves New; the benchmarks'
// no-op provider serves the same schemas with this same tuning, so that
// the two differ only in what their resources do.
func Serve(ctx context.Context, p func() provider.Provider, debuggable bool) error {
	tuneForShortRuns()
	return providerserver.Serve(ctx, p, providerserver.ServeOpts{Address: Address, Debug: debuggable})
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
	"TF_LOG_PROVIDER_" + strings.ToUpper(strings.ReplaceAll(path.Base(Address), "-", "_")),
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
	if terraformLogs() {
		return
	}
	for _, env := range quietLoggers {
		if err := os.Setenv(env, "off"); err != nil {
			log.Printf("[WARN] cannot set %s: %v", env, err)
		}
	}
}

// terraformLogs reports whether Terraform keeps the provider's log lines:
// as Terraform decides it, when TF_LOG_PROVIDER, or else TF_LOG, names a
// level other than off. The provider inherits both. The SDK's own
// variables, which tuneForShortRuns sets, say nothing about it.
func terraformLogs() bool {
	level := cmp.Or(os.Getenv("TF_LOG_PROVIDER"), os.Getenv("TF_LOG"))
	return level != "" && !strings.EqualFold(level, "off")
}
