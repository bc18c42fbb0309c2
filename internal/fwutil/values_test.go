package fwutil

import (
	"context"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// unsurePlan runs m on a plan of value at service_provider, over state, the
// attribute's value in the prior state, or over no prior state at all (a
// create) when created.
func unsurePlan(t *testing.T, m planmodifier.String, created bool, state, value types.String) diag.Diagnostics {
	t.Helper()
	raw := tftypes.NewValue(tftypes.Object{}, map[string]tftypes.Value{})
	if created {
		raw = tftypes.NewValue(tftypes.Object{}, nil)
	}
	req := planmodifier.StringRequest{
		Path: path.Root("service_provider"), State: tfsdk.State{Raw: raw},
		StateValue: state, PlanValue: value, ConfigValue: value,
	}
	resp := planmodifier.StringResponse{PlanValue: value}
	m.PlanModifyString(context.Background(), req, &resp)
	if resp.PlanValue != value {
		t.Errorf("the plan's value became %s, want %s kept", resp.PlanValue, value)
	}
	return resp.Diagnostics
}

// slip is a new user's slip in a code host: the plan replaced the live
// OAuth client, and the platform then refused the new one.
const slip = "github_enterprize" //nolint:misspell // the slip itself

func TestKnownValues(t *testing.T) {
	hosts := KnownValues("OAuth client", "the platform", "github", "github_enterprise", "gitlab_hosted", "ado_server", "ado_services")
	const known = `"ado_server", "ado_services", "github", "github_enterprise", "gitlab_hosted"`

	d := unsurePlan(t, hosts, false, types.StringValue("github"), types.StringValue(slip))
	wantOneWarning(t, d, "Value the platform may refuse after the OAuth client is destroyed",
		`Changing service_provider from "github" to "`+slip+`" replaces the OAuth client: `+
			`the apply destroys the live OAuth client before the platform answers the create. `+
			`service_provider: "`+slip+`" is none of the values that the platform is known to take: `+known+`. `+
			`Did you mean "github_enterprise"? If the platform refuses it, the OAuth client is gone and nothing takes its place, `+
			`and what refers to it is left referring to nothing. Correct the value, or make sure that the platform takes it, before you apply.`)

	d = unsurePlan(t, hosts, true, types.StringNull(), types.StringValue(slip))
	wantOneWarning(t, d, "Value the platform may refuse",
		`service_provider: "`+slip+`" is none of the values that the platform is known to take: `+known+`. `+
			`Did you mean "github_enterprise"? The plan does not refuse it, since the platform may take values that this provider does not know of: `+
			`the platform decides when the apply creates the OAuth client.`)

	// The nearest value is named when at most a quarter of its letters
	// differ, case aside; the values a known one lies close to are
	// warned of all the same, never refused.
	for value, want := range map[string]string{
		"GitHub":      ` Did you mean "github"?`,
		"ado_servers": ` Did you mean "ado_server"?`,
		"gitlab":      ``,
		"sourceforge": ``,
		"bitbucket":   ``,
	} {
		d := unsurePlan(t, hosts, true, types.StringNull(), types.StringValue(value))
		wantOneWarning(t, d, "Value the platform may refuse",
			`service_provider: "`+value+`" is none of the values that the platform is known to take: `+known+`.`+want+
				` The plan does not refuse it, since the platform may take values that this provider does not know of: `+
				`the platform decides when the apply creates the OAuth client.`)
	}

	// No warning for a known value, for a value the state holds (the
	// platform took it), or for one not known yet.
	for name, c := range map[string]struct {
		created      bool
		state, value types.String
	}{
		"known, created":         {true, types.StringNull(), types.StringValue("gitlab_hosted")},
		"known, replacing":       {false, types.StringValue("sourceforge"), types.StringValue("github")},
		"taken before":           {false, types.StringValue("sourceforge"), types.StringValue("sourceforge")},
		"unknown yet":            {false, types.StringValue("github"), types.StringUnknown()},
		"null: the schema's job": {true, types.StringNull(), types.StringNull()},
	} {
		if d := unsurePlan(t, hosts, c.created, c.state, c.value); len(d) != 0 {
			t.Errorf("%s: %v, want no diagnostics", name, d)
		}
	}
}

func TestKnownForm(t *testing.T) {
	url := KnownForm("OAuth client", "the platform", regexp.MustCompile(`^https?://[^/\s]+`), "an http or https URL")
	if d := unsurePlan(t, url, false, types.StringValue("https://github.com"), types.StringValue("https://github.example.com")); len(d) != 0 {
		t.Errorf("an https URL: %v, want no diagnostics", d)
	}
	d := unsurePlan(t, url, false, types.StringValue("https://github.com"), types.StringValue("htps://github.com"))
	wantOneWarning(t, d, "Value the platform may refuse after the OAuth client is destroyed",
		`Changing service_provider from "https://github.com" to "htps://github.com" replaces the OAuth client: `+
			`the apply destroys the live OAuth client before the platform answers the create. `+
			`service_provider: "htps://github.com" is not an http or https URL, the form that the platform is known to take. `+
			`If the platform refuses it, the OAuth client is gone and nothing takes its place, `+
			`and what refers to it is left referring to nothing. Correct the value, or make sure that the platform takes it, before you apply.`)
	d = unsurePlan(t, url, false, types.StringNull(), types.StringValue("github.com"))
	wantOneWarning(t, d, "Value the platform may refuse after the OAuth client is destroyed",
		`Changing service_provider from null to "github.com" replaces the OAuth client: `+
			`the apply destroys the live OAuth client before the platform answers the create. `+
			`service_provider: "github.com" is not an http or https URL, the form that the platform is known to take. `+
			`If the platform refuses it, the OAuth client is gone and nothing takes its place, `+
			`and what refers to it is left referring to nothing. Correct the value, or make sure that the platform takes it, before you apply.`)
}

func wantOneWarning(t *testing.T, d diag.Diagnostics, summary, detail string) {
	t.Helper()
	if len(d) != 1 || d[0].Severity() != diag.SeverityWarning {
		t.Fatalf("diagnostics %v, want one warning", d)
	}
	if d[0].Summary() != summary || d[0].Detail() != detail {
		t.Errorf("warning\n%q: %q\nwant\n%q: %q", d[0].Summary(), d[0].Detail(), summary, detail)
	}
	if p, ok := d[0].(diag.DiagnosticWithPath); !ok || !p.Path().Equal(path.Root("service_provider")) {
		t.Errorf("warning not on service_provider: %v", d[0])
	}
}

func TestEditDistance(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"github", "github", 0}, {"", "abc", 3}, {slip, "github_enterprise", 1},
		{"github", "gitlab", 2}, {"ado_server", "ado_services", 3}, {"kitten", "sitting", 3},
	} {
		if got := editDistance(c.a, c.b); got != c.want {
			t.Errorf("editDistance(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}
