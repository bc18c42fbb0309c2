package fwutil

import (
	"context"
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// Redacted is what some servers answer in place of a secret.
const Redacted = "redacted"

// Obfuscated reports whether a server answered asterisks (or nothing) in
// place of a secret.
func Obfuscated(s string) bool { return strings.Trim(s, "*") == "" }

// SecretFromAPI decides what state holds for a secret the server may hide.
// A secret the practitioner did not set (null, or given through its
// write-only twin) stays null, so that a server answering it back is not a
// diff. A secret the server obfuscates, redacts or omits keeps the
// configured value, since nothing better is known. A secret the server
// returns in clear replaces the prior value, so that a change made outside
// Terraform shows as drift.
func SecretFromAPI(prior types.String, api string, hidden func(string) bool) types.String {
	if prior.IsNull() {
		return prior
	}
	if api == "" || hidden(api) {
		return prior
	}
	return types.StringValue(api)
}

// WriteOnlySecret is a secret attribute with its write-only twin
// (`<name>_wo`, Terraform 1.11 and later, never in plan or state, so not
// marked sensitive: a resource's second sensitive path makes Terraform
// write its sensitive paths in no fixed order, a new state at every
// refresh) and the
// twin's version (`<name>_wo_version`), whose change is what makes
// Terraform send the twin again, since it cannot compare write-only
// values. The three are alike in every resource that has a secret.
type WriteOnlySecret struct {
	Name string
	// Description says what the secret is.
	Description string
	// Service is where the secret is sent: "the service", "the scheduler".
	Service string
	// Drift says what a refresh can see of a change made outside
	// Terraform.
	Drift string
	// Validators check the secret and its twin alike.
	Validators []validator.String
}

// Attributes are the secret's three attributes, by name. Their checks
// name each other by sibling, so they may sit in a nested attribute.
func (s WriteOnlySecret) Attributes() map[string]schema.Attribute {
	wo := s.Name + "_wo"
	return map[string]schema.Attribute{
		s.Name: schema.StringAttribute{
			Optional: true, Sensitive: true,
			Description: s.Description + " Prefer `" + wo + "`, which never enters the state. " + s.Drift,
			Validators:  append([]validator.String{siblingCheck{sibling: wo, conflicts: true}}, s.Validators...),
		},
		wo: schema.StringAttribute{
			Optional: true, WriteOnly: true,
			Description: "Write-only twin of `" + s.Name + "` (Terraform 1.11 and later): sent to " + s.Service + ", never stored in plan or state. " +
				"Terraform cannot compare it, so it requires `" + wo + "_version`, whose change sends a new value.",
			// Without a version, a rotated value would go out only with
			// some other change, and silently not at all otherwise.
			Validators: append([]validator.String{siblingCheck{sibling: wo + "_version"}}, s.Validators...),
		},
		wo + "_version": schema.Int64Attribute{
			Optional:    true,
			Description: "Any number; change it to send `" + wo + "` again.",
			Validators:  []validator.Int64{siblingCheck{sibling: wo}},
		},
	}
}

// CreateOnly are the three attributes of a secret that the service takes
// on create alone and sets once, such as a private key: a new value, or
// a new version of the write-only twin, replaces the object, which
// object names in the descriptions ("the client"). A secret the state
// does not have (after an import) is taken as the one the service has,
// and a version set where there was none sends nothing: neither replaces.
func (s WriteOnlySecret) CreateOnly(object string) map[string]schema.Attribute {
	s.Description += " " + UpperFirst(s.Service) + " sets it once: changing it replaces " + object + "."
	attrs := s.Attributes()
	noun, version := strings.ReplaceAll(s.Name, "_", " "), s.Name+"_wo_version"
	secret, _ := attrs[s.Name].(schema.StringAttribute)
	because := "Changing the " + noun + " replaces " + object + "."
	secret.PlanModifiers = []planmodifier.String{stringplanmodifier.RequiresReplaceIf(secretInState, because, because)}
	attrs[s.Name] = secret
	v, _ := attrs[version].(schema.Int64Attribute)
	v.Description += " Changing it replaces " + object + ", with the " + noun + " `" + s.Name + "_wo` gives; set where it was not, it sends nothing."
	because = "Changing " + version + " replaces " + object + "."
	v.PlanModifiers = []planmodifier.Int64{int64planmodifier.RequiresReplaceIf(versionInState, because, because)}
	attrs[version] = v
	return attrs
}

// secretInState and versionInState replace the object when the state
// has the value that the plan changes: a create-only secret's, or its
// version's.
func secretInState(_ context.Context, req planmodifier.StringRequest, resp *stringplanmodifier.RequiresReplaceIfFuncResponse) {
	resp.RequiresReplace = !req.StateValue.IsNull()
}

func versionInState(_ context.Context, req planmodifier.Int64Request, resp *int64planmodifier.RequiresReplaceIfFuncResponse) {
	resp.RequiresReplace = !req.StateValue.IsNull()
}

// siblingCheck, on an attribute that is set, refuses a sibling attribute
// that is set too (conflicts) or one that is not. It reads only that
// sibling, where the framework validators ConflictsWith and AlsoRequires
// walk the whole configuration, on each of the three validations Terraform
// makes per resource; their messages are the same.
type siblingCheck struct {
	sibling   string
	conflicts bool
}

func (v siblingCheck) Description(context.Context) string {
	if v.conflicts {
		return "conflicts with " + v.sibling
	}
	return "requires " + v.sibling
}

func (v siblingCheck) MarkdownDescription(ctx context.Context) string { return v.Description(ctx) }

func (v siblingCheck) ValidateString(ctx context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	v.check(ctx, req.Config, req.Path, req.ConfigValue, &resp.Diagnostics)
}

func (v siblingCheck) ValidateInt64(ctx context.Context, req validator.Int64Request, resp *validator.Int64Response) {
	v.check(ctx, req.Config, req.Path, req.ConfigValue, &resp.Diagnostics)
}

func (v siblingCheck) check(ctx context.Context, config tfsdk.Config, p path.Path, value attr.Value, diags *diag.Diagnostics) {
	if value.IsNull() {
		return
	}
	sibling := p.ParentPath().AtName(v.sibling)
	var other attr.Value
	if d := config.GetAttribute(ctx, sibling, &other); d.HasError() {
		diags.Append(d...)
		return
	}
	switch {
	case v.conflicts && !other.IsNull():
		diags.AddAttributeError(p, "Invalid Attribute Combination",
			fmt.Sprintf("Attribute %q cannot be specified when %q is specified", sibling, p))
	case !v.conflicts && other.IsNull():
		diags.AddAttributeError(p, "Invalid Attribute Combination",
			fmt.Sprintf("Attribute %q must be specified when %q is specified", sibling, p))
	}
}

// twin is the path of the write-only twin of the secret at p.
func twin(p path.Path) path.Path {
	last, _ := p.Steps().LastStep()
	name, _ := last.(path.PathStepAttributeName)
	return p.ParentPath().AtName(string(name) + "_wo")
}

// SecretToSend is the secret at p that a create or update sends: its
// write-only twin when set, else the secret itself. The twin lives in the
// configuration only.
func SecretToSend(ctx context.Context, config tfsdk.Config, p path.Path, diags *diag.Diagnostics) string {
	var v, wo types.String
	diags.Append(config.GetAttribute(ctx, twin(p), &wo)...)
	diags.Append(config.GetAttribute(ctx, p, &v)...)
	if !wo.IsNull() {
		return wo.ValueString()
	}
	return v.ValueString()
}

// RequireSecret adds an error at p unless the configuration sets the
// secret at p or its write-only twin; an empty string does not count.
// rule ends the message: "client_secret or client_secret_wo is required
// <rule>."
func RequireSecret(ctx context.Context, config tfsdk.Config, p path.Path, rule string, diags *diag.Diagnostics) {
	given := func(p path.Path) bool {
		var v types.String
		if d := config.GetAttribute(ctx, p, &v); d.HasError() {
			return true // not a string here: nothing to say
		}
		return v.IsUnknown() || (!v.IsNull() && v.ValueString() != "")
	}
	if given(p) || given(twin(p)) {
		return
	}
	last, _ := p.Steps().LastStep()
	diags.AddAttributeError(p, "Missing "+last.String(), fmt.Sprintf("%s or %s is required %s.", p, twin(p), rule))
}
