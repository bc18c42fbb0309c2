package platform_test

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// What the lifecycle tests of a policy set's four links share: each
// link's test file runs its check.Lifecycle with the phases a linkCase
// gives, on a set and two members of the configuration.
type linkCase struct {
	p *acctest.Platform
	// typ is the link's resource type, object its object in messages, of
	// the words of its import ID's refusal.
	typ, object, of string
	// workspace says that the members are workspaces, else projects;
	// attr is the member's attribute.
	workspace bool
	attr      string
	// linked are the set's members of the link, and add links one.
	linked func(ps *platformclient.PolicySet) []*string
	add    func(ctx context.Context, c *platformclient.Client, set, member string) error
	remove func(ctx context.Context, c *platformclient.Client, set, member string) error
}

func (l linkCase) addr() string { return l.typ + ".test" }

// memberType is the members' resource type, and prefix their IDs'.
func (l linkCase) memberType() (string, string) {
	if l.workspace {
		return "stack_platform_workspace", platformclient.PrefixWorkspace
	}
	return "stack_platform_project", platformclient.PrefixProject
}

// config is a set, members first and second, and the link of member.
func (l linkCase) config(member string) string {
	typ, _ := l.memberType()
	return l.p.ProviderConfig() + fmt.Sprintf(`
resource "stack_platform_policy_set" "set" {
  name = "linked"
}

resource %[1]q "first" {
  name = "first-%[3]s"
}

resource %[1]q "second" {
  name = "second-%[3]s"
}

resource %[2]q "test" {
  policy_set_id = stack_platform_policy_set.set.id
  %[4]s = %[1]s.%[5]s.id
}
`, typ, l.typ, strings.ReplaceAll(l.attr, "_", "-"), l.attr, member)
}

// linkedTo checks the members, by name, that the set linked has.
func (l linkCase) linkedTo(t *testing.T, want ...string) resource.TestCheckFunc {
	return func(s *terraform.State) error {
		id, err := check.StateValue(s, "stack_platform_policy_set.set", "id")
		if err != nil {
			return err
		}
		c := l.p.Client(t)
		ps, err := c.PolicySets.Read(context.Background(), id, platformclient.PolicySetIncludeWorkspaces, platformclient.PolicySetIncludeProjects,
			platformclient.PolicySetIncludeWorkspaceExclusions, platformclient.PolicySetIncludeProjectExclusions)
		if err != nil {
			return err
		}
		got := []string{}
		for _, name := range l.linked(ps) {
			got = append(got, *name)
		}
		slices.Sort(got)
		return check.Differences(map[string]any{"linked": got}, map[string]any{"linked": want})
	}
}

func (l linkCase) name(member string) string {
	return member + "-" + strings.ReplaceAll(l.attr, "_", "-")
}

// run runs the link's check.Lifecycle, lc, which gives its Address, with
// every phase of the case.
func (l linkCase) run(t *testing.T, lc check.Lifecycle[*platformclient.Client]) {
	phases := l.lifecycle(t)
	phases.Address = lc.Address
	phases.Run(t)
}

// lifecycle is the link's check.Lifecycle phases, but its Address.
func (l linkCase) lifecycle(t *testing.T) check.Lifecycle[*platformclient.Client] {
	_, prefix := l.memberType()
	one := func(body string) string {
		return l.p.ProviderConfig() + "resource \"" + l.typ + "\" \"test\" {\n" + body + "\n}\n"
	}
	memberLabel := "<PROJECT ID>"
	byName := "<PROJECT ID>"
	if l.workspace {
		memberLabel, byName = "<WORKSPACE ID>", "<WORKSPACE NAME>"
	}
	// A link made outside Terraform, which a create must not take over.
	ctx := context.Background()
	c := l.p.Client(t)
	set, err := c.PolicySets.Create(ctx, l.p.Organization, platformclient.PolicySetOptions{Name: check.Ptr("in-place")})
	if err != nil {
		t.Fatal(err)
	}
	var member string
	if l.workspace {
		member = newWorkspace(t, l.p, "in-place")
	} else {
		member = newProject(t, l.p, l.p.Organization, platformclient.ProjectOptions{Name: check.Ptr("in-place")})
	}
	if err := l.add(ctx, c, set.ID, member); err != nil {
		t.Fatal(err)
	}
	return check.Lifecycle[*platformclient.Client]{
		Service: l.p, Client: l.p.Client,
		NotTakenOver: check.Existing{
			Config:   one(fmt.Sprintf("policy_set_id = %q\n%s = %q", set.ID, l.attr, member)),
			ImportID: set.ID + "/" + member,
			Said:     regexp.QuoteMeta(strings.ToUpper(l.object[:1])+l.object[1:]) + ` already exists`,
		},
		PlanErrors: []check.PlanError{
			{Config: one(fmt.Sprintf("policy_set_id = \"base\"\n%s = \"%s-4pW7hPwDJ1fY3gSC\"", l.attr, prefix)),
				Want: check.Literal(`policy_set_id must be the ID of a policy set: polset- and 16 characters of the base58 alphabet, got "base".`)},
			{Config: one(fmt.Sprintf("policy_set_id = \"polset-4pW7hPwDJ1fY3gSC\"\n%s = \"first\"", l.attr)),
				Want: check.Literal(fmt.Sprintf(`%s must be the ID of a`, l.attr))},
		},
		ImportErrors: []check.ImportError{{ID: "polset-4pW7hPwDJ1fY3gSC", Want: check.Literal(fmt.Sprintf(
			`The import ID of %s is <POLICY SET ID>/%s, or <ORGANIZATION>/%s/<POLICY SET NAME>; got "polset-4pW7hPwDJ1fY3gSC".`, l.of, memberLabel, byName))}},
		Create: check.Step{
			Config: l.config("first"),
			StateChecks: stateIs(l.addr(), map[string]knownvalue.Check{
				"id":            knownvalue.StringRegexp(regexp.MustCompile(`^polset-\w{16}/` + prefix + `-\w{16}$`)),
				"policy_set_id": idOf("polset"), l.attr: idOf(prefix),
			}),
			Check: l.linkedTo(t, l.name("first")),
		},
		Imports: []check.ImportID{
			{ID: func(id string) string { return id }},
			{ID: func(id string) string {
				middle := id[strings.Index(id, "/")+1:]
				if l.workspace {
					middle = l.name("first")
				}
				return l.p.Organization + "/" + middle + "/linked"
			}},
		},
		// Unlinked outside Terraform: linked again.
		OutOfBandDelete: check.Change[*platformclient.Client]{
			Do: func(ctx context.Context, c *platformclient.Client, id string) error {
				set, member, _ := strings.Cut(id, "/")
				return l.remove(ctx, c, set, member)
			},
			Step: check.Step{Config: l.config("first"), Check: l.linkedTo(t, l.name("first"))},
		},
		// Another member: the set leaves the first.
		Replace: check.Step{Config: l.config("second"), Check: l.linkedTo(t, l.name("second"))},
	}
}

// names are the names of included workspaces or projects.
func linkedWorkspaceNames(l []*platformclient.Workspace) []*string {
	out := []*string{}
	for _, w := range l {
		out = append(out, &w.Name)
	}
	return out
}

func linkedProjectNames(l []*platformclient.Project) []*string {
	out := []*string{}
	for _, prj := range l {
		out = append(out, &prj.Name)
	}
	return out
}
