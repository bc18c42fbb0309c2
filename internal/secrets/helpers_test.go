package secrets_test

import (
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/stackworks/terraform-provider-stack/internal/client"
)

func attr(names ...string) tfjsonpath.Path {
	p := tfjsonpath.New(names[0])
	for _, n := range names[1:] {
		p = p.AtMapKey(n)
	}
	return p
}

func str(v string) knownvalue.Check { return knownvalue.StringExact(v) }

func isNotFound(err error) bool { return client.IsNotFound(err) }
