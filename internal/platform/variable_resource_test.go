package platform_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

const variableAddr = "stack_platform_variable.test"

func variableConfig(p *acctest.Platform, body string) string {
	return p.ProviderConfig() + fmt.Sprintf(`
resource "stack_platform_variable" "test" {
  %s
}
`, body)
}

// variableIs checks the variable the platform holds under the state's ID.
func variableIs(t *testing.T, p *acctest.Platform, parent platformclient.VariableParent, want map[string]any) resource.TestCheckFunc {
	return holds(t, p, variableAddr, want, func(ctx context.Context, c *platformclient.Client, id string) (map[string]any, error) {
		v, err := c.Variables.Read(ctx, parent, id)
		if err != nil {
			return nil, err
		}
		return map[string]any{
			"key": v.Key, "value": v.Value, "description": v.Description, "category": v.Category,
			"hcl": v.HCL, "sensitive": v.Sensitive, "version_id": v.VersionID,
		}, nil
	})
}

// stateValueIs records an attribute of the variable's value in *v, or checks that it is
// still the one recorded (kept) or that it changed (!kept).
func stateValueIs(name string, v *string, kept bool) resource.TestCheckFunc {
	return func(s *terraform.State) error {
		got, err := check.StateValue(s, variableAddr, name)
		switch {
		case err != nil:
			return err
		case *v == "":
		case kept && got != *v:
			return fmt.Errorf("%s is %s, want %s", name, got, *v)
		case !kept && got == *v:
			return fmt.Errorf("%s is still %s", name, got)
		}
		*v = got
		return nil
	}
}

// secretNotInState checks that no attribute of any resource in the state
// holds secret.
func secretNotInState(secret string) resource.TestCheckFunc {
	return func(s *terraform.State) error {
		for addr, rs := range s.RootModule().Resources {
			for name, v := range rs.Primary.Attributes {
				if strings.Contains(v, secret) {
					return fmt.Errorf("the state holds the write-only value in %s.%s", addr, name)
				}
			}
		}
		return nil
	}
}

func setValue(parent platformclient.VariableParent, id *string, value string) func(ctx context.Context, c *platformclient.Client) error {
	return func(ctx context.Context, c *platformclient.Client) error {
		_, err := c.Variables.Update(ctx, parent, *id, platformclient.VariableOptions{Value: check.Ptr(value)})
		return err
	}
}

func TestAccVariable_workspaceLifecycle(t *testing.T) {
	p := acctest.NewPlatform(t)
	ws := newWorkspace(t, p, "app")
	parent := platformclient.InWorkspace(ws)
	var version string
	config := func(body string) string {
		return variableConfig(p, fmt.Sprintf("workspace_id = %q\n", ws)+body)
	}
	asHCL := config(`
  key      = "deploy_region"
  value    = "[\"eu-west-1\", \"us-east-1\"]"
  hcl      = true
  category = "terraform"`)
	taken, err := p.Client(t).Variables.Create(context.Background(), parent, platformclient.VariableOptions{
		Key: check.Ptr("region"), Category: check.Ptr("env"),
	})
	if err != nil {
		t.Fatal(err)
	}
	check.Lifecycle[*platformclient.Client]{
		Service: p, Client: p.Client, Address: variableAddr, FreshID: true,
		PlanErrors: variablePlanErrors(p),
		// A create of a key the workspace has in the category is refused,
		// and the error gives the import ID.
		NotTakenOver: check.Existing{
			Config: config(`
  key      = "region"
  category = "env"`),
			ImportID: fmt.Sprintf("%s/app/%s", p.Organization, taken.ID), Said: `already has a env variable with the key "region"`,
		},
		Create: check.Step{
			Config: config(`
  key         = "region"
  value       = "eu-west-1"
  category    = "terraform"
  description = "Where to deploy"`),
			StateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(variableAddr, check.Path("id"), idOf("var")),
				statecheck.ExpectKnownValue(variableAddr, check.Path("workspace_id"), check.Str(ws)),
				statecheck.ExpectKnownValue(variableAddr, check.Path("variable_set_id"), knownvalue.Null()),
				statecheck.ExpectKnownValue(variableAddr, check.Path("key"), check.Str("region")),
				statecheck.ExpectKnownValue(variableAddr, check.Path("value"), check.Str("eu-west-1")),
				statecheck.ExpectKnownValue(variableAddr, check.Path("readable_value"), check.Str("eu-west-1")),
				statecheck.ExpectKnownValue(variableAddr, check.Path("category"), check.Str("terraform")),
				statecheck.ExpectKnownValue(variableAddr, check.Path("description"), check.Str("Where to deploy")),
				statecheck.ExpectKnownValue(variableAddr, check.Path("hcl"), knownvalue.Bool(false)),
				statecheck.ExpectKnownValue(variableAddr, check.Path("sensitive"), knownvalue.Bool(false)),
				statecheck.ExpectKnownValue(variableAddr, check.Path("value_wo_version"), knownvalue.Null()),
			},
			Check: resource.ComposeTestCheckFunc(stateValueIs("version_id", &version, true),
				variableIs(t, p, parent, map[string]any{
					"key": "region", "value": "eu-west-1", "description": "Where to deploy", "category": "terraform", "hcl": false, "sensitive": false,
				})),
		},
		// Even without a change of the value, the platform gives the
		// variable a new version on every update: the plan cannot know it.
		Update: check.Step{
			Config: config(`
  key      = "deploy_region"
  value    = "eu-west-1"
  category = "terraform"`),
			PlanChecks: []plancheck.PlanCheck{
				plancheck.ExpectUnknownValue(variableAddr, check.Path("version_id")),
				plancheck.ExpectKnownValue(variableAddr, check.Path("readable_value"), check.Str("eu-west-1")),
			},
			StateChecks: []statecheck.StateCheck{statecheck.ExpectKnownValue(variableAddr, check.Path("description"), knownvalue.Null())},
			Check: resource.ComposeTestCheckFunc(stateValueIs("version_id", &version, false),
				variableIs(t, p, parent, map[string]any{"key": "deploy_region", "description": ""})),
			Then: []resource.TestStep{{
				Config: asHCL,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectUnknownValue(variableAddr, check.Path("version_id"))},
				},
				Check: resource.ComposeTestCheckFunc(stateValueIs("version_id", &version, false),
					variableIs(t, p, parent, map[string]any{"value": `["eu-west-1", "us-east-1"]`, "hcl": true})),
			}},
		},
		Imports: []check.ImportID{{ID: func(id string) string { return p.Organization + "/app/" + id }}},
		// A value changed outside Terraform is seen and set back.
		OutOfBandChange: check.Change[*platformclient.Client]{
			Do: func(ctx context.Context, c *platformclient.Client, id string) error {
				return setValue(parent, &id, "edited")(ctx, c)
			},
			Step: check.Step{
				Config: asHCL,
				Check:  variableIs(t, p, parent, map[string]any{"value": `["eu-west-1", "us-east-1"]`}),
			},
		},
		OutOfBandDelete: check.Change[*platformclient.Client]{
			Do: func(ctx context.Context, c *platformclient.Client, id string) error {
				return c.Variables.Delete(ctx, parent, id)
			},
			Step: check.Step{
				Config: asHCL,
				Check:  variableIs(t, p, parent, map[string]any{"key": "deploy_region", "hcl": true}),
			},
		},
		// A change of category replaces the variable.
		Replace: check.Step{
			Config: config(`
  key      = "deploy_region"
  value    = "eu"
  category = "env"`),
			Check: variableIs(t, p, parent, map[string]any{"category": "env", "value": "eu"}),
		},
	}.Run(t)
}

// A sensitive value, which the platform never returns, changed outside
// Terraform shows through version_id; the plan sends the configured value
// again. Sensitive cannot go back to false, nor a sensitive key change in
// place: both replace.
func TestAccVariable_sensitive(t *testing.T) {
	p := acctest.NewPlatform(t)
	ws := newWorkspace(t, p, "app")
	parent := platformclient.InWorkspace(ws)
	var id, version, replaced string
	config := func(key string, sensitive bool) string {
		return variableConfig(p, fmt.Sprintf(`
  workspace_id = %q
  key          = %q
  value        = "s3cr3t"
  category     = "env"
  sensitive    = %t`, ws, key, sensitive))
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: config("TOKEN", true),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(variableAddr, check.Path("value"), check.Str("s3cr3t")),
					statecheck.ExpectKnownValue(variableAddr, check.Path("readable_value"), knownvalue.Null()),
					statecheck.ExpectKnownValue(variableAddr, check.Path("sensitive"), knownvalue.Bool(true)),
				},
				Check: resource.ComposeTestCheckFunc(check.IDKept(variableAddr, &id), stateValueIs("version_id", &version, true),
					variableIs(t, p, parent, map[string]any{"value": "", "sensitive": true})),
			},
			{
				PreConfig: check.OutOfBand(t, p.Client, setValue(parent, &id, "changed")),
				Config:    config("TOKEN", true),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(variableAddr, plancheck.ResourceActionUpdate),
						plancheck.ExpectKnownValue(variableAddr, check.Path("value"), check.Str("s3cr3t")),
					},
				},
				// The apply wrote the value again: a new version, and
				// nothing more to do.
				Check: resource.ComposeTestCheckFunc(check.IDKept(variableAddr, &id), stateValueIs("version_id", &version, false)),
			},
			{
				Config:   config("TOKEN", true),
				PlanOnly: true,
			},
			{
				ResourceName:            variableAddr,
				ImportState:             true,
				ImportStateIdFunc:       func(*terraform.State) (string, error) { return p.Organization + "/app/" + id, nil },
				ImportStateVerify:       true,
				ImportStateVerifyIgnore: []string{"value"},
			},
			{
				Config: config("API_TOKEN", true),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(variableAddr, plancheck.ResourceActionDestroyBeforeCreate)},
				},
				Check: check.IDKept(variableAddr, &replaced),
			},
			{
				Config: config("API_TOKEN", false),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(variableAddr, plancheck.ResourceActionDestroyBeforeCreate)},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(variableAddr, check.Path("readable_value"), check.Str("s3cr3t")),
				},
				Check: resource.ComposeTestCheckFunc(stateValueIs("id", &replaced, false),
					variableIs(t, p, parent, map[string]any{"key": "API_TOKEN", "value": "s3cr3t", "sensitive": false})),
			},
			{
				// Not sensitive, a key changes in place.
				Config: config("API_KEY", false),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(variableAddr, plancheck.ResourceActionUpdate)},
				},
			},
		},
	})
}

// A value given through value_wo never enters the state; a change of it
// outside Terraform shows through version_id, and the plan sends it again.
func TestAccVariable_writeOnlyInVariableSet(t *testing.T) {
	p := acctest.NewPlatform(t)
	vs, err := p.Client(t).VariableSets.Create(context.Background(), p.Organization, platformclient.VariableSetOptions{Name: check.Ptr("creds")})
	if err != nil {
		t.Fatal(err)
	}
	parent := platformclient.InVariableSet(vs.ID)
	var id, version string
	config := func(value string, version int) string {
		return variableConfig(p, fmt.Sprintf(`
  variable_set_id  = %q
  key              = "password"
  value_wo         = %q
  value_wo_version = %d
  category         = "terraform"`, vs.ID, value, version))
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: config("first-secret", 1),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(variableAddr, check.Path("variable_set_id"), check.Str(vs.ID)),
					statecheck.ExpectKnownValue(variableAddr, check.Path("value"), check.Str("")),
					statecheck.ExpectKnownValue(variableAddr, check.Path("value_wo"), knownvalue.Null()),
					statecheck.ExpectKnownValue(variableAddr, check.Path("readable_value"), knownvalue.Null()),
				},
				Check: resource.ComposeTestCheckFunc(check.IDKept(variableAddr, &id), stateValueIs("version_id", &version, true),
					secretNotInState("first-secret"), variableIs(t, p, parent, map[string]any{"value": "first-secret", "sensitive": false})),
			},
			{
				PreConfig: check.OutOfBand(t, p.Client, setValue(parent, &id, "changed")),
				Config:    config("first-secret", 1),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(variableAddr, plancheck.ResourceActionUpdate)},
				},
				Check: resource.ComposeTestCheckFunc(check.IDKept(variableAddr, &id), stateValueIs("version_id", &version, false),
					secretNotInState("first-secret"), variableIs(t, p, parent, map[string]any{"value": "first-secret"})),
			},
			{
				ResourceName:            variableAddr,
				ImportState:             true,
				ImportStateIdFunc:       func(*terraform.State) (string, error) { return p.Organization + "/" + vs.ID + "/" + id, nil },
				ImportStateVerify:       true,
				ImportStateVerifyIgnore: []string{"value", "value_wo_version", "readable_value"},
			},
		},
	})
}

// variablePlanErrors are the plan-time errors of a variable.
func variablePlanErrors(p *acctest.Platform) []check.PlanError {
	const ws, vs = "ws-6p5RiCe5CRjBmsGt", "varset-6p5RiCe5CRjBmsGt"
	return []check.PlanError{
		{
			Config: variableConfig(p, fmt.Sprintf(`
  workspace_id    = %q
  variable_set_id = %q
  key             = "k"
  category        = "env"`, ws, vs)),
			Want: check.Wrapped(`2 attributes specified when one \(and only one\) of \[workspace_id,variable_set_id\] is required`),
		},
		{
			Config: variableConfig(p, `
  key      = "k"
  category = "env"`),
			Want: check.Wrapped(`No attribute specified when one \(and only one\) of \[workspace_id,variable_set_id\] is required`),
		},
		{Config: variableConfig(p, fmt.Sprintf("workspace_id = %q\nkey = \"k\"\ncategory = \"shell\"", ws)), Want: check.Wrapped(`category value must be one of`)},
		{Config: variableConfig(p, fmt.Sprintf("workspace_id = %q\nkey = \" \"\ncategory = \"env\"", ws)), Want: check.Wrapped(`Attribute key must not be blank`)},
		{Config: variableConfig(p, fmt.Sprintf("variable_set_id = %q\nkey = \"k\"\ncategory = \"env\"", ws)), Want: check.Wrapped(`variable_set_id must be the ID of a variable set`)},
		{
			Config: variableConfig(p, fmt.Sprintf("workspace_id = %q\nkey = \"k\"\ncategory = \"env\"\nvalue = \"a\"\nvalue_wo = \"b\"\nvalue_wo_version = 1", ws)),
			Want:   check.Wrapped(`Attribute "value_wo" cannot be specified when "value" is specified`),
		},
		{
			Config: variableConfig(p, fmt.Sprintf("workspace_id = %q\nkey = \"k\"\ncategory = \"env\"\nvalue_wo = \"b\"", ws)),
			Want:   check.Wrapped(`Attribute "value_wo_version" must be specified when "value_wo" is specified`),
		},
	}
}

// A variable imports by its identity, its parent's ID and its own, in a
// workspace and in a variable set: the identity holds the one parent's ID
// of the two, and null for the other.
func TestAccVariable_importByIdentity(t *testing.T) {
	acctest.NeedsIdentity(t)
	for _, parent := range []string{"workspace_id", "variable_set_id"} {
		t.Run(parent, func(t *testing.T) {
			p := acctest.NewPlatform(t)
			var id string
			if parent == "workspace_id" {
				id = newWorkspace(t, p, "app")
			} else {
				vs, err := p.Client(t).VariableSets.Create(context.Background(), p.Organization, platformclient.VariableSetOptions{Name: check.Ptr("creds")})
				if err != nil {
					t.Fatal(err)
				}
				id = vs.ID
			}
			identity := map[string]knownvalue.Check{"workspace_id": knownvalue.Null(), "variable_set_id": knownvalue.Null(), "id": idOf("var")}
			identity[parent] = check.Str(id)
			config := variableConfig(p, fmt.Sprintf(`%s = %q
  key      = "region"
  value    = "eu-west-1"
  category = "env"`, parent, id))
			resource.ParallelTest(t, resource.TestCase{
				ProtoV6ProviderFactories: acctest.ProviderFactories,
				Steps: []resource.TestStep{
					{Config: config, ConfigStateChecks: []statecheck.StateCheck{statecheck.ExpectIdentity(variableAddr, identity)}},
					{Config: config, ResourceName: variableAddr, ImportState: true, ImportStateKind: resource.ImportBlockWithResourceIdentity},
				},
			})
		})
	}
}
