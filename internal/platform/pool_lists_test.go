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
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// poolListKind is one of an agent pool's lists, as its tests see it.
type poolListKind struct {
	resource, attribute string
	// member is the resource type of its members, "stack_platform_workspace"
	// or "stack_platform_project"; prefix their IDs'.
	member, prefix string
	// ids is the list on the platform.
	ids func(*platformclient.AgentPool) []string
	// set sets the list outside Terraform.
	set func(ids []string) platformclient.AgentPoolOptions
}

var (
	allowedWorkspaces = poolListKind{
		resource: "stack_platform_agent_pool_allowed_workspaces", attribute: "allowed_workspace_ids", member: "stack_platform_workspace", prefix: "ws",
		ids: func(p *platformclient.AgentPool) []string {
			return memberIDs(p.AllowedWorkspaces, func(w *platformclient.Workspace) string { return w.ID })
		},
		set: func(ids []string) platformclient.AgentPoolOptions {
			return platformclient.AgentPoolOptions{AllowedWorkspaces: workspacesByID(ids)}
		},
	}
	excludedWorkspaces = poolListKind{
		resource: "stack_platform_agent_pool_excluded_workspaces", attribute: "excluded_workspace_ids", member: "stack_platform_workspace", prefix: "ws",
		ids: func(p *platformclient.AgentPool) []string {
			return memberIDs(p.ExcludedWorkspaces, func(w *platformclient.Workspace) string { return w.ID })
		},
		set: func(ids []string) platformclient.AgentPoolOptions {
			return platformclient.AgentPoolOptions{ExcludedWorkspaces: workspacesByID(ids)}
		},
	}
	allowedProjects = poolListKind{
		resource: "stack_platform_agent_pool_allowed_projects", attribute: "allowed_project_ids", member: "stack_platform_project", prefix: "prj",
		ids: func(p *platformclient.AgentPool) []string {
			return memberIDs(p.AllowedProjects, func(p *platformclient.Project) string { return p.ID })
		},
		set: func(ids []string) platformclient.AgentPoolOptions {
			prj := make([]*platformclient.Project, len(ids))
			for i, id := range ids {
				prj[i] = &platformclient.Project{ID: id}
			}
			return platformclient.AgentPoolOptions{AllowedProjects: prj}
		},
	}
)

func memberIDs[T any](l []*T, id func(*T) string) []string {
	out := []string{}
	for _, m := range l {
		out = append(out, id(m))
	}
	slices.Sort(out)
	return out
}

func workspacesByID(ids []string) []*platformclient.Workspace {
	out := make([]*platformclient.Workspace, len(ids))
	for i, id := range ids {
		out[i] = &platformclient.Workspace{ID: id}
	}
	return out
}

// config is two pools, a and b, three members m1 to m3, and the list of
// pool on the members named.
func (k poolListKind) config(p *acctest.Platform, pool string, members ...string) string {
	refs := make([]string, len(members))
	for i, m := range members {
		refs[i] = k.member + "." + m + ".id"
	}
	return p.ProviderConfig() + fmt.Sprintf(`
resource "stack_platform_agent_pool" "a" {
  name = "pool-a"
}

resource "stack_platform_agent_pool" "b" {
  name = "pool-b"
}

resource "%[1]s" "m1" {
  name = "member-1"
}

resource "%[1]s" "m2" {
  name = "member-2"
}

resource "%[1]s" "m3" {
  name = "member-3"
}

resource "%[2]s" "test" {
  agent_pool_id = stack_platform_agent_pool.%[3]s.id
  %[4]s = [%[5]s]
}
`, k.member, k.resource, pool, k.attribute, strings.Join(refs, ", "))
}

// listIs checks the list on the platform of the pool in the state: the
// IDs of the members named.
func (k poolListKind) listIs(t *testing.T, p *acctest.Platform, members ...string) resource.TestCheckFunc {
	return func(s *terraform.State) error {
		id, err := check.StateValue(s, k.resource+".test", "agent_pool_id")
		if err != nil {
			return err
		}
		want := []string{}
		for _, m := range members {
			mid, err := check.StateValue(s, k.member+"."+m, "id")
			if err != nil {
				return err
			}
			want = append(want, mid)
		}
		slices.Sort(want)
		pool, err := p.Client(t).AgentPools.Read(context.Background(), id)
		if err != nil {
			return err
		}
		if got := k.ids(pool); !slices.Equal(got, want) {
			return fmt.Errorf("the pool's %s are %v, want %v", k.attribute, got, want)
		}
		return nil
	}
}

// lifecycle runs the common shape of the test of a pool's list: base
// gives the lifecycle its service, client and address, which the list's
// own test file names, and lifecycle adds the phases every list shares.
func (k poolListKind) lifecycle(t *testing.T, base func(p *acctest.Platform) check.Lifecycle[*platformclient.Client]) {
	p := acctest.NewPlatform(t)
	l := base(p)
	addr := l.Address
	if addr != k.resource+".test" {
		t.Fatalf("the lifecycle's address is %s, want %s.test", addr, k.resource)
	}
	raw := p.ProviderConfig() + `
resource "` + k.resource + `" "test" {
  agent_pool_id = %q
  ` + k.attribute + ` = [%q]
}
`
	l.FreshID = true
	l.PlanErrors = []check.PlanError{
		{Config: fmt.Sprintf(raw, "pool-a", k.prefix+"-6p5RiCe5CRjBmsGt"),
			Want: check.Literal(`agent_pool_id must be the ID of an agent pool: apool- and 16 characters of the base58 alphabet, got "pool-a".`)},
		{Config: fmt.Sprintf(raw, "apool-6p5RiCe5CRjBmsGt", "member-1"),
			Want: check.Wrapped(k.attribute + `\[Value\("member-1"\)\] must be the ID of a \w+: ` + k.prefix + `- and 16 characters`)},
	}
	l.ImportErrors = []check.ImportError{{ID: "ws-6p5RiCe5CRjBmsGt", Want: check.Literal(
		`The import ID of an agent pool is its ID, apool- and 16 characters of the base58 alphabet; got "ws-6p5RiCe5CRjBmsGt".`)}}
	l.Create = check.Step{
		Config: k.config(p, "a", "m1"),
		PlanChecks: []plancheck.PlanCheck{
			plancheck.ExpectUnknownValue(addr, check.Path("id")),
		},
		StateChecks: stateIs(addr, map[string]knownvalue.Check{"id": idOf("apool"), "agent_pool_id": idOf("apool")}),
		Check:       resource.ComposeTestCheckFunc(resource.TestCheckResourceAttrPair(addr, "id", "stack_platform_agent_pool.a", "id"), k.listIs(t, p, "m1")),
	}
	l.Update = check.Step{
		Config: k.config(p, "a", "m2", "m3"),
		Check:  k.listIs(t, p, "m2", "m3"),
		// [] empties the list, in place.
		Then: []resource.TestStep{
			{
				Config: k.config(p, "a"),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate)},
				},
				Check: k.listIs(t, p),
			},
			{Config: k.config(p, "a", "m2", "m3"), Check: k.listIs(t, p, "m2", "m3")},
		},
	}
	l.Imports = []check.ImportID{{ID: func(id string) string { return id }}}
	// A member added outside Terraform: the plan takes it out again.
	l.OutOfBandChange = check.Change[*platformclient.Client]{
		Do: func(ctx context.Context, c *platformclient.Client, id string) error {
			pool, err := c.AgentPools.Read(ctx, id)
			if err != nil {
				return err
			}
			list, err := p.Client(t).Workspaces.List(ctx, p.Organization, platformclient.WorkspaceListOptions{})
			if err != nil {
				return err
			}
			ids := k.ids(pool)
			if k.prefix == "prj" {
				prjs, err := c.Projects.List(ctx, p.Organization, platformclient.ProjectListOptions{Names: []string{"member-1"}})
				if err != nil {
					return err
				}
				ids = append(ids, prjs.Items[0].ID)
			} else {
				for _, w := range list.Items {
					if w.Name == "member-1" {
						ids = append(ids, w.ID)
					}
				}
			}
			_, err = c.AgentPools.Update(ctx, id, k.set(ids))
			return err
		},
		Step: check.Step{Config: k.config(p, "a", "m2", "m3"), Check: k.listIs(t, p, "m2", "m3")},
	}
	// The pool deleted outside Terraform: both are created again.
	l.OutOfBandDelete = check.Change[*platformclient.Client]{
		Do: func(ctx context.Context, c *platformclient.Client, id string) error {
			return c.AgentPools.Delete(ctx, id)
		},
		Step: check.Step{
			Config: k.config(p, "a", "m2", "m3"),
			Check:  k.listIs(t, p, "m2", "m3"),
		},
	}
	// Another pool replaces the resource, and empties the first
	// pool's list.
	l.Replace = check.Step{
		Config: k.config(p, "b", "m1"),
		Check: resource.ComposeTestCheckFunc(k.listIs(t, p, "m1"), func(s *terraform.State) error {
			id, err := check.StateValue(s, "stack_platform_agent_pool.a", "id")
			if err != nil {
				return err
			}
			pool, err := p.Client(t).AgentPools.Read(context.Background(), id)
			if err != nil {
				return err
			}
			if got := k.ids(pool); len(got) != 0 {
				return fmt.Errorf("pool-a's %s are still %v", k.attribute, got)
			}
			return nil
		}),
	}
	l.Run(t)
}

// Each list's resource owns its list alone: the pool's own update, and
// each list's, leave the others as they are, and a destroy empties only
// its own.
func TestAccAgentPoolLists_eachOwnsItsListAlone(t *testing.T) {
	p := acctest.NewPlatform(t)
	config := func(poolName string, ws, prj, excluded string) string {
		out := p.ProviderConfig() + `
resource "stack_platform_agent_pool" "a" {
  name                = "` + poolName + `"
  organization_scoped = false
}

resource "stack_platform_workspace" "m1" {
  name = "member-1"
}

resource "stack_platform_workspace" "m2" {
  name = "member-2"
}

resource "stack_platform_project" "m1" {
  name = "member-1"
}
`
		for _, l := range []struct {
			kind    poolListKind
			members string
		}{{allowedWorkspaces, ws}, {allowedProjects, prj}, {excludedWorkspaces, excluded}} {
			if l.members == "-" {
				continue
			}
			out += `
resource "` + l.kind.resource + `" "test" {
  agent_pool_id = stack_platform_agent_pool.a.id
  ` + l.kind.attribute + ` = [` + l.members + `]
}
`
		}
		return out
	}
	const w1, w2, p1 = "stack_platform_workspace.m1.id", "stack_platform_workspace.m2.id", "stack_platform_project.m1.id"
	poolIsNow := func(name string, ws, prj, excluded []string) resource.TestCheckFunc {
		return func(s *terraform.State) error {
			id, err := check.StateValue(s, "stack_platform_agent_pool.a", "id")
			if err != nil {
				return err
			}
			idsOf := func(names []string) []string {
				out := []string{}
				for _, n := range names {
					v, _ := check.StateValue(s, n, "id")
					out = append(out, v)
				}
				slices.Sort(out)
				return out
			}
			pool, err := p.Client(t).AgentPools.Read(context.Background(), id)
			if err != nil {
				return err
			}
			return check.Differences(map[string]any{
				"name": pool.Name, "scoped": pool.OrganizationScoped, "ws": allowedWorkspaces.ids(pool),
				"prj": allowedProjects.ids(pool), "excluded": excludedWorkspaces.ids(pool),
			}, map[string]any{"name": name, "scoped": false, "ws": idsOf(ws), "prj": idsOf(prj), "excluded": idsOf(excluded)})
		}
	}
	const ws1, ws2, prj1 = "stack_platform_workspace.m1", "stack_platform_workspace.m2", "stack_platform_project.m1"
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: config("pool-a", w1, p1, w2),
				Check:  poolIsNow("pool-a", []string{ws1}, []string{prj1}, []string{ws2}),
			},
			{
				// A rename of the pool sends none of its lists.
				Config: config("pool-b", w1, p1, w2),
				Check:  poolIsNow("pool-b", []string{ws1}, []string{prj1}, []string{ws2}),
			},
			{
				// One list changes; the others stay.
				Config: config("pool-b", w1+", "+w2, p1, w2),
				Check:  poolIsNow("pool-b", []string{ws1, ws2}, []string{prj1}, []string{ws2}),
			},
			{
				// The allowed projects' resource destroyed: their list
				// alone is emptied.
				Config: config("pool-b", w1+", "+w2, "-", w2),
				Check:  poolIsNow("pool-b", []string{ws1, ws2}, nil, []string{ws2}),
			},
		},
	})
}
