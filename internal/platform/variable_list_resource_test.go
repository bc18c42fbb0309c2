package platform_test

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/knownvalue"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// The list finds the variables of a workspace or of a variable set, each
// named by its parent and its ID; with include_resource, each is the state
// an import gives, a sensitive variable's value null.
func TestAccVariableListResource_query(t *testing.T) {
	p := acctest.NewPlatform(t)
	ws := newWorkspace(t, p, "app")
	vs := newVariableSet(t, p, "shared")
	create := func(parent platformclient.VariableParent, opts platformclient.VariableOptions) *platformclient.Variable {
		v, err := p.Client(t).Variables.Create(context.Background(), parent, opts)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	region := create(platformclient.InWorkspace(ws), platformclient.VariableOptions{
		Key: check.Ptr("region"), Value: check.Ptr("eu-west-1"), Category: check.Ptr("terraform"), Description: check.Ptr("Where"),
	})
	token := create(platformclient.InWorkspace(ws), platformclient.VariableOptions{
		Key: check.Ptr("TOKEN"), Value: check.Ptr("s3cr3t"), Category: check.Ptr("env"), Sensitive: check.Ptr(true),
	})
	tags := create(platformclient.InVariableSet(vs), platformclient.VariableOptions{
		Key: check.Ptr("tags"), Value: check.Ptr(`{ team = "apis" }`), Category: check.Ptr("terraform"), HCL: check.Ptr(true),
	})
	inWorkspace := func(v *platformclient.Variable) map[string]knownvalue.Check {
		return map[string]knownvalue.Check{"workspace_id": check.Str(ws), "variable_set_id": knownvalue.Null(), "id": check.Str(v.ID)}
	}
	check.Query{
		Type: "stack_platform_variable", Config: p.ProviderConfig(),
		Lists: []check.Listed{
			{
				Label: "workspace", Args: check.Args{"workspace_id": ws}, Found: []map[string]knownvalue.Check{inWorkspace(region), inWorkspace(token)},
				DisplayName: "region",
				Resource: map[string]knownvalue.Check{
					"id": check.Str(region.ID), "workspace_id": check.Str(ws), "variable_set_id": knownvalue.Null(), "key": check.Str("region"),
					"value": check.Str("eu-west-1"), "category": check.Str("terraform"), "description": check.Str("Where"),
					"hcl": knownvalue.Bool(false), "sensitive": knownvalue.Bool(false), "value_wo": knownvalue.Null(),
				},
			},
			{
				Label: "sensitive", Args: check.Args{"workspace_id": ws}, Found: []map[string]knownvalue.Check{inWorkspace(token), inWorkspace(region)},
				DisplayName: "TOKEN",
				Resource:    map[string]knownvalue.Check{"value": knownvalue.Null(), "readable_value": knownvalue.Null(), "sensitive": knownvalue.Bool(true)},
			},
			{
				Label: "variable_set", Args: check.Args{"variable_set_id": vs},
				Found:       []map[string]knownvalue.Check{{"workspace_id": knownvalue.Null(), "variable_set_id": check.Str(vs), "id": check.Str(tags.ID)}},
				DisplayName: "tags",
				Resource:    map[string]knownvalue.Check{"hcl": knownvalue.Bool(true), "value": check.Str(`{ team = "apis" }`)},
			},
		},
		Errors: []check.Refusal{
			{Args: check.Args{}, Want: check.Wrapped(`No attribute specified when one \(and only one\) of \[workspace_id,variable_set_id\] is required`)},
			{Args: check.Args{"workspace_id": ws, "variable_set_id": vs}, Want: check.Wrapped(`2 attributes specified when one \(and only one\) of \[workspace_id,variable_set_id\] is required`)},
		},
	}.Run(t)
}
