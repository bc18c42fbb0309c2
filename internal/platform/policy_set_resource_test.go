package platform_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
)

const policySetAddr = "stack_platform_policy_set.test"

func policySetConfig(p *acctest.Platform, name, body string) string {
	return p.ProviderConfig() + fmt.Sprintf(`
resource "stack_platform_policy_set" "test" {
  name = %q
  %s
}
`, name, body)
}

// newPolicy creates a policy of kind at its advisory level, and returns its
// ID.
func newPolicy(t *testing.T, p *acctest.Platform, name, kind string) string {
	t.Helper()
	opts := platformclient.PolicyOptions{Name: check.Ptr(name), Kind: check.Ptr(kind), EnforcementLevel: check.Ptr("advisory")}
	if kind == platformclient.KindOPA {
		opts.Query = check.Ptr("data.terraform.deny")
	}
	pol, err := p.Client(t).Policies.Create(context.Background(), p.Organization, opts)
	if err != nil {
		t.Fatal(err)
	}
	return pol.ID
}

// policyIDs is policy_ids of the IDs given.
func policyIDs(ids ...string) string {
	return fmt.Sprintf("policy_ids = [%s]", strings.Join(quotedAll(ids), ", "))
}

func quotedAll(ids []string) []string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = fmt.Sprintf("%q", id)
	}
	return out
}

// policySetIs checks the set the platform holds under the ID in the state.
func policySetIs(t *testing.T, p *acctest.Platform, want map[string]any) resource.TestCheckFunc {
	return holds(t, p, policySetAddr, want, func(ctx context.Context, c *platformclient.Client, id string) (map[string]any, error) {
		ps, err := c.PolicySets.Read(ctx, id)
		if err != nil {
			return nil, err
		}
		var policies []string
		for _, pol := range ps.Policies {
			policies = append(policies, pol.ID)
		}
		slices.Sort(policies)
		branch := ""
		if ps.VCSRepo != nil {
			branch = ps.VCSRepo.Branch
		}
		return map[string]any{
			"name": ps.Name, "description": ps.Description, "kind": ps.Kind, "global": ps.Global, "agent_enabled": ps.AgentEnabled,
			"overridable": ps.Overridable != nil && *ps.Overridable, "policy_tool_version": ps.PolicyToolVersion, "policy_ids": policies,
			"vcs": ps.VCSRepo != nil, "branch": branch, "policies_path": ps.PoliciesPath,
		}, nil
	})
}

func sorted(ids ...string) []string {
	out := slices.Clone(ids)
	slices.Sort(out)
	return out
}

func TestAccPolicySet_lifecycle(t *testing.T) {
	p := acctest.NewPlatform(t)
	taken, err := p.Client(t).PolicySets.Create(context.Background(), p.Organization, platformclient.PolicySetOptions{Name: check.Ptr("Taken")})
	if err != nil {
		t.Fatal(err)
	}
	a, b, c := newPolicy(t, p, "a", "opa"), newPolicy(t, p, "b", "opa"), newPolicy(t, p, "c", "opa")
	s := newPolicy(t, p, "s", "sentinel")
	opa := "kind = \"opa\"\n  "
	check.Lifecycle[*platformclient.Client]{
		Service: p, Client: p.Client, Address: policySetAddr, FreshID: true,
		NotTakenOver: check.Existing{
			Config: policySetConfig(p, "taken", ""), ImportID: taken.ID,
			Said: `Policy set already exists.*A policy set named "taken" already exists`, Server: `409 Conflict`,
		},
		PlanErrors: []check.PlanError{
			{Config: policySetConfig(p, "a b", ""), Want: check.Literal(`Attribute name must have letters, digits, '-' and '_' only`)},
			{Config: policySetConfig(p, "s", `kind = "rego"`), Want: check.Literal(`Attribute kind value must be one of`)},
			{Config: policySetConfig(p, "s", opa+"agent_enabled = false"),
				Want: check.Literal(`An opa policy set is always evaluated in the agent: agent_enabled is true for it, and cannot be false.`)},
			{Config: policySetConfig(p, "s", "overridable = true"),
				Want: check.Literal(`overridable requires a set evaluated in the agent: an opa set, or a sentinel set with agent_enabled = true.`)},
			{Config: policySetConfig(p, "s", `policy_tool_version = "0.22.1"`),
				Want: check.Literal(`policy_tool_version requires a set evaluated in the agent: an opa set, or a sentinel set with agent_enabled = true.`)},
			{Config: policySetConfig(p, "s", `policies_path = "policies"`), Want: check.Literal(`policies_path is a directory of the set's repository: it requires vcs_repo.`)},
			{Config: policySetConfig(p, "s", policyIDs(s)+"\n  vcs_repo = { identifier = \"acme/p\", oauth_token_id = \"ot-6p5RiCe5CRjBmsGt\" }"),
				Want: check.Wrapped(`Attribute "vcs_repo" cannot be specified when "policy_ids" is specified`)},
			{Config: policySetConfig(p, "s", policyIDs("ws-6p5RiCe5CRjBmsGt")), Want: check.Wrapped(`must be the ID of a policy: pol- and 16 characters`)},
		},
		ImportErrors: []check.ImportError{{ID: "a/b/c", Want: check.Literal(
			`The import ID of a policy set is its ID, polset- and 16 characters of the base58 alphabet, or <ORGANIZATION>/<POLICY SET NAME>; got "a/b/c".`)}},
		Create: check.Step{
			Config: policySetConfig(p, "base", opa+policyIDs(a, b)),
			PlanChecks: []plancheck.PlanCheck{
				plancheck.ExpectKnownValue(policySetAddr, check.Path("organization"), check.Str(p.Organization)),
				plancheck.ExpectKnownValue(policySetAddr, check.Path("agent_enabled"), knownvalue.Bool(true)),
				plancheck.ExpectKnownValue(policySetAddr, check.Path("policy_count"), knownvalue.Int64Exact(2)),
				plancheck.ExpectKnownValue(policySetAddr, check.Path("workspace_count"), knownvalue.Int64Exact(0)),
			},
			StateChecks: stateIs(policySetAddr, map[string]knownvalue.Check{
				"id": idOf("polset"), "organization": check.Str(p.Organization), "name": check.Str("base"), "description": knownvalue.Null(),
				"kind": check.Str("opa"), "global": knownvalue.Bool(false), "overridable": knownvalue.Bool(false), "agent_enabled": knownvalue.Bool(true),
				"policy_tool_version": check.Str("latest"), "policies_path": knownvalue.Null(), "policy_update_patterns": knownvalue.Null(),
				"vcs_repo": knownvalue.Null(), "policy_ids": check.StrSet(a, b), "policy_count": knownvalue.Int64Exact(2),
				"workspace_count": knownvalue.Int64Exact(0), "project_count": knownvalue.Int64Exact(0),
			}),
			Check: policySetIs(t, p, map[string]any{"name": "base", "kind": "opa", "agent_enabled": true, "policy_ids": sorted(a, b)}),
		},
		// Everything but the kind changes in place, the policies through
		// the set's relationship.
		Update: check.Step{
			Config: policySetConfig(p, "base-2", opa+policyIDs(b, c)+"\n  description = \"every run\"\n  overridable = true\n  global = true\n"+
				"  policy_update_patterns = [\"policies/**\"]\n  policy_tool_version = \"0.59.0\""),
			PlanChecks: []plancheck.PlanCheck{plancheck.ExpectKnownValue(policySetAddr, check.Path("policy_count"), knownvalue.Int64Exact(2))},
			StateChecks: stateIs(policySetAddr, map[string]knownvalue.Check{
				"name": check.Str("base-2"), "description": check.Str("every run"), "overridable": knownvalue.Bool(true), "global": knownvalue.Bool(true),
				"policy_update_patterns": check.StrList("policies/**"), "policy_tool_version": check.Str("0.59.0"), "policy_ids": check.StrSet(b, c),
			}),
			Check: policySetIs(t, p, map[string]any{"name": "base-2", "description": "every run", "overridable": true, "global": true,
				"policy_tool_version": "0.59.0", "policy_ids": sorted(b, c)}),
		},
		Imports: []check.ImportID{
			{ID: func(id string) string { return id }},
			{ID: func(string) string { return p.Organization + "/base-2" }},
		},
		// A policy added outside Terraform is removed again: the set owns
		// its list.
		OutOfBandChange: check.Change[*platformclient.Client]{
			Do: func(ctx context.Context, cl *platformclient.Client, id string) error {
				if err := cl.PolicySets.AddPolicies(ctx, id, []string{a}); err != nil {
					return err
				}
				_, err := cl.PolicySets.Update(ctx, id, platformclient.PolicySetOptions{Description: check.Ptr("elsewhere")})
				return err
			},
			Step: check.Step{
				Config: policySetConfig(p, "base-2", opa+policyIDs(b, c)+"\n  description = \"every run\"\n  overridable = true\n  global = true\n"+
					"  policy_update_patterns = [\"policies/**\"]\n  policy_tool_version = \"0.59.0\""),
				Check: policySetIs(t, p, map[string]any{"description": "every run", "policy_ids": sorted(b, c)}),
			},
		},
		OutOfBandDelete: check.Change[*platformclient.Client]{
			Do: func(ctx context.Context, cl *platformclient.Client, id string) error {
				return cl.PolicySets.Delete(ctx, id)
			},
			Step: check.Step{
				Config: policySetConfig(p, "base-2", opa+policyIDs(b)),
				Check:  policySetIs(t, p, map[string]any{"name": "base-2", "policy_ids": sorted(b)}),
			},
		},
		// The kind is set once.
		Replace: check.Step{
			Config: policySetConfig(p, "base-2", policyIDs(s)),
			StateChecks: stateIs(policySetAddr, map[string]knownvalue.Check{
				"kind": check.Str("sentinel"), "agent_enabled": knownvalue.Bool(false), "policy_tool_version": knownvalue.Null(),
			}),
			Check: policySetIs(t, p, map[string]any{"kind": "sentinel", "agent_enabled": false, "policy_tool_version": "", "policy_ids": sorted(s)}),
		},
	}.Run(t)
}

// A Sentinel set enters the agent with agent_enabled, pinned to one of the
// site's versions (a version it does not have is the platform's refusal);
// leaving the agent plans its version and overridable away, known.
func TestAccPolicySet_sentinelInTheAgent(t *testing.T) {
	p := acctest.NewPlatform(t)
	version := "0.41." + p.Organization
	config := func(body string) string {
		return policySetConfig(p, "sentinel", body) + fmt.Sprintf(`
resource "stack_platform_admin_sentinel_version" "v" {
  version = %q
  archs   = [{ url = "https://example.com/s", sha = "abc", os = "linux", arch = "amd64" }]
}
`, version)
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: config("agent_enabled = true\n  overridable = true\n  policy_tool_version = stack_platform_admin_sentinel_version.v.version"),
				Check: resource.ComposeTestCheckFunc(
					policySetIs(t, p, map[string]any{"agent_enabled": true, "overridable": true, "policy_tool_version": version}),
					resource.TestCheckResourceAttr("stack_platform_admin_sentinel_version.v", "usage", "0"),
				),
			},
			{
				// The version's usage counts the set on the next refresh.
				Config:            config("agent_enabled = true\n  overridable = true\n  policy_tool_version = stack_platform_admin_sentinel_version.v.version"),
				ConfigStateChecks: stateIs("stack_platform_admin_sentinel_version.v", map[string]knownvalue.Check{"usage": knownvalue.Int64Exact(1)}),
			},
			{
				Config: config(""),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectKnownValue(policySetAddr, check.Path("policy_tool_version"), knownvalue.Null()),
					plancheck.ExpectKnownValue(policySetAddr, check.Path("agent_enabled"), knownvalue.Bool(false)),
				}},
				Check: policySetIs(t, p, map[string]any{"agent_enabled": false, "overridable": false, "policy_tool_version": ""}),
			},
			{
				Config:      config("agent_enabled = true\n  policy_tool_version = \"9.9.9\""),
				ExpectError: check.Wrapped(`invalid policy-tool-version "9.9.9": the site has no sentinel version "9.9.9"`),
			},
		},
	})
}

// A set backed by a repository changes it in place, and stops being one
// for policies of its own in place too.
func TestAccPolicySet_vcsBacked(t *testing.T) {
	p := acctest.NewPlatform(t)
	oc, err := p.Client(t).OAuthClients.Create(context.Background(), p.Organization, platformclient.OAuthClientOptions{
		ServiceProvider: check.Ptr("github"), HTTPURL: check.Ptr("https://github.com"), APIURL: check.Ptr("https://api.github.com"), OAuthToken: check.Ptr("ghp_x"),
	})
	if err != nil {
		t.Fatal(err)
	}
	token := oc.OAuthTokens[0].ID
	pol := newPolicy(t, p, "own", "sentinel")
	repo := func(branch string) string {
		return fmt.Sprintf("policies_path = \"sets/base\"\n  vcs_repo = {\n    identifier = \"acme/policies\"\n    branch = %q\n    oauth_token_id = %q\n  }", branch, token)
	}
	var id string
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: policySetConfig(p, "vcs", policyIDs(pol)),
				Check:  resource.ComposeTestCheckFunc(check.IDKept(policySetAddr, &id), policySetIs(t, p, map[string]any{"vcs": false, "policy_ids": sorted(pol)})),
			},
			{
				// Its policies go, and the repository comes, in place.
				Config: policySetConfig(p, "vcs", repo("main")),
				ConfigStateChecks: stateIs(policySetAddr, map[string]knownvalue.Check{
					"policy_ids": knownvalue.Null(), "policy_count": knownvalue.Int64Exact(0), "vcs_repo": knownvalue.ObjectExact(map[string]knownvalue.Check{
						"identifier": check.Str("acme/policies"), "branch": check.Str("main"), "ingress_submodules": knownvalue.Bool(false),
						"oauth_token_id": check.Str(token), "codehost_app_installation_id": knownvalue.Null(),
					}),
				}),
				Check: resource.ComposeTestCheckFunc(check.IDKept(policySetAddr, &id),
					policySetIs(t, p, map[string]any{"vcs": true, "branch": "main", "policies_path": "sets/base", "policy_ids": []string(nil)})),
			},
			{
				Config: policySetConfig(p, "vcs", repo("release")),
				Check:  resource.ComposeTestCheckFunc(check.IDKept(policySetAddr, &id), policySetIs(t, p, map[string]any{"branch": "release"})),
			},
			{
				Config: policySetConfig(p, "vcs", policyIDs(pol)),
				Check: resource.ComposeTestCheckFunc(check.IDKept(policySetAddr, &id),
					policySetIs(t, p, map[string]any{"vcs": false, "policies_path": "", "policy_ids": sorted(pol)})),
			},
		},
	})
}

// Policies that the platform refuses to add leave the rest of an update
// applied: the state holds the set as the platform has it, and the next
// plan adds them.
func TestAccPolicySet_updateWhosePoliciesFail(t *testing.T) {
	p := acctest.NewPlatformEmulator(t, emulator.Options{})
	a, b := newPolicy(t, p, "a", "sentinel"), newPolicy(t, p, "b", "sentinel")
	config := func(description string, ids ...string) string {
		return strings.Replace(policySetConfig(p, "s", policyIDs(ids...)+"\n  description = \""+description+"\""), p.ProviderConfig(), noRetries(p), 1)
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{Config: config("one", a)},
			{
				PreConfig: func() { p.Emulator.FailNext("POST /api/v2/policy-sets/{id}/relationships/policies", 1) },
				Config:    config("two", b),
				ExpectError: check.Wrapped(`Cannot update the policy set: partly applied .*every change but the policies added is applied\. ` +
					`The request for policy_ids then failed.*POST http://\S+/api/v2/policy-sets/polset-\w+/relationships/policies: (429|503) `),
			},
			{
				Config: config("two", b), PlanOnly: true, ExpectNonEmptyPlan: true,
				ConfigPlanChecks: acctest.PlansFromSaved(policySetAddr, plancheck.ResourceActionUpdate, func() map[string]any {
					return map[string]any{"tainted": false, "description": "two", "policy_ids": []any{}}
				}),
			},
			{Config: config("two", b), Check: policySetIs(t, p, map[string]any{"description": "two", "policy_ids": sorted(b)})},
		},
	})
}
