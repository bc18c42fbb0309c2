package provider_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/providerserver"
	"github.com/hashicorp/terraform-plugin-go/tfprotov6"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/stackworks/terraform-provider-stack/internal/provider"
)

// probe is what TestProvider_everyReplacingAttributeChecksItsValue gives
// each replacing attribute: a value of no form and in no list.
const probe = "not a value"

// replacedOnAnyChange are the resources whose own ModifyPlan replaces them
// on a change of any attribute in some state, beyond what the attributes'
// plan modifiers ask for: each of their attributes is a replacing one.
var replacedOnAnyChange = map[string]string{
	"stack_scheduler_acl_auth_method": "the scheduler's API updates only OIDC methods, so a change of a JWT method replaces it (unless the provider's jwt_updates says the server updates them too)",
}

// Why a replacing attribute rightly takes the probe at plan.
const (
	anyText = "any text that is not blank, which the plan checks: the API's documents state no other rule"
	anyKey  = "a private key, which the API's documents describe no further; the plan checks what they say of it"
	version = "any number: only its change matters, which sends the write-only secret again"

	secretsFree = "a value of the destination's own system (a region, a vault's URI, a tenant, a repository, a project), " +
		"whose form and list are that system's: the service's documents give neither, and the service refuses none"
	schedulerFree = "the scheduler's documents state no rule for it that the probe breaks, and the scheduler refuses none at create: " +
		"a wrong one fails logins, not the create"
)

// takesTheProbe are the replacing attributes that rightly take any value
// at plan, each with the reason: their sources state no form and no list
// that the plan could check, or a rule that the probe does not break.
// "<resource type> <attribute path>", the path in dots.
var takesTheProbe = []struct {
	why   string
	attrs []string
}{
	{anyText, []string{"stack_platform_agent_token description", "stack_platform_team_token description", "stack_platform_variable key"}},
	{anyKey, []string{"stack_platform_oauth_client private_key", "stack_platform_ssh_key key"}},
	{version, []string{
		"stack_platform_oauth_client private_key_wo_version", "stack_platform_ssh_key key_wo_version",
		"stack_scheduler_acl_auth_method config.oidc_client_secret_wo_version",
	}},
	{"a mount's name and a secret's path, which only the service knows: the API's documents give no form", []string{
		"stack_secrets_sync_association mount", "stack_secrets_sync_association secret_name",
	}},
	{secretsFree, []string{
		"stack_secrets_sync_cloudone_sm_destination region",
		"stack_secrets_sync_cloudtwo_kv_destination key_vault_uri", "stack_secrets_sync_cloudtwo_kv_destination tenant_id",
		"stack_secrets_sync_codehost_destination repository_owner", "stack_secrets_sync_codehost_destination repository_name",
		"stack_secrets_sync_webhost_project_destination project_id",
	}},
	{"the service's documents give its default, `cloud`, and no list of the others", []string{"stack_secrets_sync_cloudtwo_kv_destination cloud"}},
	{"the service's documents do not show its values", []string{"stack_secrets_sync_codehost_destination organization_visibility"}},
	{"its one documented rule, no .well-known part, is checked at plan; the scheduler refuses nothing else of it", []string{
		"stack_scheduler_acl_auth_method config.oidc_discovery_url",
	}},
	{schedulerFree, []string{
		"stack_scheduler_acl_auth_method token_name_format",
		"stack_scheduler_acl_auth_method config.oidc_client_id", "stack_scheduler_acl_auth_method config.oidc_client_secret",
		"stack_scheduler_acl_auth_method config.oidc_scopes", "stack_scheduler_acl_auth_method config.bound_audiences",
		"stack_scheduler_acl_auth_method config.allowed_redirect_uris", "stack_scheduler_acl_auth_method config.signing_algs",
		"stack_scheduler_acl_auth_method config.claim_mappings", "stack_scheduler_acl_auth_method config.list_claim_mappings",
		"stack_scheduler_acl_auth_method config.jwks_url", "stack_scheduler_acl_auth_method config.jwks_ca_cert",
		"stack_scheduler_acl_auth_method config.jwt_validation_pub_keys", "stack_scheduler_acl_auth_method config.discovery_ca_pem",
	}},
	{anyText, []string{"stack_platform_registry_module vcs_repo.display_identifier"}},
	{"an installation's ID as the code host gives it, of no form the platform's documents state", []string{
		"stack_platform_registry_module vcs_repo.codehost_app_installation_id",
	}},
}

// TestProvider_everyReplacingAttributeChecksItsValue holds the rule that
// an attribute whose change replaces its object is checked at plan against
// what its sources allow: the server refuses a value only after the apply
// has destroyed the live object. It finds every replacing attribute of
// every resource as TestProvider_everyReplacingAttributeIsSeen does (a
// change of each attribute alone, at every depth, in the framework's
// plan), and those of replacedOnAnyChange, and gives each the probe: the
// framework's validation of the configuration, or the plan of the change,
// must then say something (an error, or a warning where the list is open)
// on the attribute, naming the probe. A bool's two values are its whole
// list, which its type checks; takesTheProbe lists the rest that rightly
// take any value.
func TestProvider_everyReplacingAttributeChecksItsValue(t *testing.T) {
	ctx := context.Background()
	server, err := providerserver.NewProtocol6WithError(provider.New("test")())()
	if err != nil {
		t.Fatal(err)
	}
	// The plan's replacements come from the resources' plan modifiers
	// alone: the recording provider's resources have no ModifyPlan of
	// their own, which needs a configured client.
	planner, err := providerserver.NewProtocol6WithError(recordingProvider{Provider: provider.New("test")(), got: &recorded{}})()
	if err != nil {
		t.Fatal(err)
	}
	exempt := map[string]bool{}
	for _, e := range takesTheProbe {
		for _, a := range e.attrs {
			exempt[a] = false
		}
	}
	checked := 0
	for _, r := range resourceSamples(t, server) {
		for _, at := range replacingPaths(t, planner, r) {
			name := r.typeName + " " + dotted(at)
			if _, ok := exempt[name]; ok {
				exempt[name] = true
				continue
			}
			v, _, err := tftypes.WalkAttributePath(r.state, at)
			value, ok := v.(tftypes.Value)
			if err != nil || !ok {
				t.Fatalf("%s: %v in the sample state: %v", name, v, err)
			}
			leaf := value.Type()
			if leaf.Is(tftypes.Bool) {
				continue
			}
			probed, ok := probeOf(leaf)
			if !ok {
				t.Errorf("%s replaces its object, and is a %s, which the test cannot probe: list it in takesTheProbe with the reason, or teach probeOf", name, leaf)
				continue
			}
			config := withValue(t, r.state, at, probed)
			validated, err := server.ValidateResourceConfig(ctx, &tfprotov6.ValidateResourceConfigRequest{TypeName: r.typeName, Config: dynamicValue(t, r.typ, config)})
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			planned := r.plan(t, planner, config, name)
			if !slices.ContainsFunc(slices.Concat(validated.Diagnostics, planned.Diagnostics), func(d *tfprotov6.Diagnostic) bool {
				return under(d.Attribute, at) && strings.Contains(d.Summary+" "+d.Detail, probe)
			}) {
				t.Errorf("%s replaces its object, yet the plan takes %q for it without a word: check it against its sources "+
					"(a closed list: stringvalidator.OneOf; an open one or a form the documents leave unsaid: fwutil.KnownValues or fwutil.KnownForm; "+
					"a documented form: its validator), or list it in takesTheProbe with the reason", name, probe)
			}
			checked++
		}
	}
	for name, seen := range exempt {
		if !seen {
			t.Errorf("takesTheProbe lists %s, which is no replacing attribute", name)
		}
	}
	t.Logf("%d replacing attributes checked at plan, %d listed as taking any value", checked, len(exempt))
}

// replacingPaths are the paths of the replacing attributes of r: every
// configurable one for a resource of replacedOnAnyChange, and otherwise
// those that the plan of a change of each attribute alone replaces.
func replacingPaths(t *testing.T, planner tfprotov6.ProviderServer, r resourceSample) []*tftypes.AttributePath {
	t.Helper()
	var paths []*tftypes.AttributePath
	add := func(p *tftypes.AttributePath) {
		if !slices.ContainsFunc(paths, p.Equal) {
			paths = append(paths, p)
		}
	}
	for _, at := range attributePaths(r.state) {
		if _, whole := replacedOnAnyChange[r.typeName]; whole {
			if a := schemaAttribute(r.schema.Block, at); a != nil && (a.Required || a.Optional) && !a.WriteOnly && a.NestedType == nil {
				add(at)
			}
			continue
		}
		for _, p := range r.plan(t, planner, changed(t, r.state, at), r.typeName+", "+at.String()).RequiresReplace {
			add(p)
		}
	}
	return paths
}

// schemaAttribute is the attribute of b at p, through nested attributes
// and blocks; nil for a block, or a path b does not have.
func schemaAttribute(b *tfprotov6.SchemaBlock, p *tftypes.AttributePath) *tfprotov6.SchemaAttribute {
	attrs, blocks := b.Attributes, b.BlockTypes
	var found *tfprotov6.SchemaAttribute
	for _, step := range p.Steps() {
		name, ok := step.(tftypes.AttributeName)
		if !ok {
			continue // an element: its schema is its collection's
		}
		inAttrs, inBlocks := attrs, blocks
		found, attrs, blocks = nil, nil, nil
		for _, a := range inAttrs {
			if a.Name == string(name) {
				found = a
				if a.NestedType != nil {
					attrs = a.NestedType.Attributes
				}
			}
		}
		for _, nb := range inBlocks {
			if nb.TypeName == string(name) {
				attrs, blocks = nb.Block.Attributes, nb.Block.BlockTypes
			}
		}
	}
	return found
}

// probeOf is the probe as a value of typ: itself, or the one element of a
// list, a set or a map of strings.
func probeOf(typ tftypes.Type) (tftypes.Value, bool) {
	str := tftypes.NewValue(tftypes.String, probe)
	switch {
	case typ.Is(tftypes.String):
		return str, true
	case typ.Is(tftypes.List{ElementType: tftypes.String}):
		return tftypes.NewValue(typ, []tftypes.Value{str}), true
	case typ.Is(tftypes.Set{ElementType: tftypes.String}):
		return tftypes.NewValue(typ, []tftypes.Value{str}), true
	case typ.Is(tftypes.Map{ElementType: tftypes.String}):
		return tftypes.NewValue(typ, map[string]tftypes.Value{"k": str}), true
	}
	return tftypes.Value{}, false
}

// withValue is v with to at p.
func withValue(t *testing.T, v tftypes.Value, p *tftypes.AttributePath, to tftypes.Value) tftypes.Value {
	t.Helper()
	out, err := tftypes.Transform(v, func(at *tftypes.AttributePath, old tftypes.Value) (tftypes.Value, error) {
		if at.Equal(p) {
			return to, nil
		}
		return old, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// under reports whether p, a diagnostic's path, is at or under at. A
// diagnostic on an attribute of a nested attribute indexes into the object
// as into a map, config["leeway"], for Terraform to point at it
// (fwutil.ConfigPath): that is config.leeway.
func under(p, at *tftypes.AttributePath) bool {
	if p == nil {
		return false
	}
	steps, prefix := slices.Clone(p.Steps()), at.Steps()
	for i, s := range steps {
		if k, ok := s.(tftypes.ElementKeyString); ok {
			steps[i] = tftypes.AttributeName(k)
		}
	}
	return len(steps) >= len(prefix) && tftypes.NewAttributePathWithSteps(steps[:len(prefix)]).Equal(at)
}

// dotted is p as the practitioner writes it: config.jwks_url, items[0].
func dotted(p *tftypes.AttributePath) string {
	var b strings.Builder
	for _, step := range p.Steps() {
		switch s := step.(type) {
		case tftypes.AttributeName:
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			b.WriteString(string(s))
		case tftypes.ElementKeyInt:
			fmt.Fprintf(&b, "[%d]", s)
		case tftypes.ElementKeyString:
			fmt.Fprintf(&b, "[%q]", string(s))
		default:
			b.WriteString("[*]")
		}
	}
	return b.String()
}
