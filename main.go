// Command terraform-provider-stack serves the stack provider to Terraform.
package main

import (
	"context"
	"flag"
	"log"

	"github.com/stackworks/terraform-provider-stack/internal/provider"
)

// version is set by the release build (goreleaser's ldflags).
var version = "dev"

func main() {
	var debug bool
	flag.BoolVar(&debug, "debug", false, "start the provider with support for debuggers like delve")
	flag.Parse()
	if err := provider.Serve(context.Background(), provider.New(version), debug); err != nil {
		log.Fatal(err)
	}
}
