package provider_test

import (
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
)

// configurationOnly are the phrasings that speak of configuring an
// attribute: what a change of it does, what leaving it out gives, the
// schema's default, what a refresh or an import sees. A data source's
// computed attribute is only read, so its description has none of them;
// computedFrom keeps a resource's description unless the data source
// rewords it, and a resource's sentence left in would tell the reader of a
// data source that changing the value replaces the object. The service's
// own defaults ("the platform's default is false") are facts about the
// service, and stay.
var configurationOnly = regexp.MustCompile(`(?i)\bchang(e|es|ing) it\b|\breplac(e|es|ed|ing)\b|\bin place\b|\bleft out\b|` +
	`\ba refresh\b|\boutside Terraform\b|\bimport(s|ed)?\b|(^|[.;:]\s)((when )?not set|default)\b`)

// No computed attribute of a data source speaks of configuring it.
func TestProvider_dataSourceDescriptionsOnlyRead(t *testing.T) {
	resp := providerSchema(t)
	checked := 0
	for name, s := range resp.DataSourceSchemas {
		eachAttribute(name, s.Block, func(where string, a *tfprotov6.SchemaAttribute) {
			if a.Optional || a.Required {
				return // the data source's own arguments, which are configured
			}
			checked++
			if m := configurationOnly.FindString(a.Description); m != "" {
				t.Errorf("%s is only read, but its description speaks of configuring it (%q): %s", where, m, a.Description)
			}
		})
	}
	if checked == 0 {
		t.Fatal("no computed attribute of a data source was checked")
	}
}

// No description gives two examples of one thing one after the other
// ("such as `a`, such as `b`"), as a text that adds its own example to one
// that already has it would.
func TestProvider_descriptionsGiveOneExampleOfEachThing(t *testing.T) {
	resp := providerSchema(t)
	twice := regexp.MustCompile("such as `[^`]*`, such as")
	checked := 0
	check := func(where string, a *tfprotov6.SchemaAttribute) {
		checked++
		if twice.MatchString(a.Description) {
			t.Errorf("%s gives two examples in a row: %s", where, a.Description)
		}
	}
	eachAttribute("provider", resp.Provider.Block, check)
	for kind, schemas := range map[string]map[string]*tfprotov6.Schema{
		"resource": resp.ResourceSchemas, "data source": resp.DataSourceSchemas, "ephemeral resource": resp.EphemeralResourceSchemas,
	} {
		for name, s := range schemas {
			eachAttribute(kind+" "+name, s.Block, check)
		}
	}
	if checked == 0 {
		t.Fatal("no description was checked")
	}
}

// eachAttribute calls visit with every attribute of b, nested ones and
// those of nested blocks included, each with its path from where.
func eachAttribute(where string, b *tfprotov6.SchemaBlock, visit func(where string, a *tfprotov6.SchemaAttribute)) {
	var attrs func(where string, as []*tfprotov6.SchemaAttribute)
	attrs = func(where string, as []*tfprotov6.SchemaAttribute) {
		for _, a := range as {
			visit(where+"."+a.Name, a)
			if a.NestedType != nil {
				attrs(where+"."+a.Name, a.NestedType.Attributes)
			}
		}
	}
	attrs(where, b.Attributes)
	for _, nb := range b.BlockTypes {
		eachAttribute(where+"."+nb.TypeName, nb.Block, visit)
	}
}
