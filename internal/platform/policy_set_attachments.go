package platform

import (
	"context"
	"fmt"
	"slices"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// What the four attachments of a policy set share: a workspace or a
// project attached to a set, or excluded from it
// (stack_platform_workspace_policy_set, stack_platform_project_policy_set,
// stack_platform_workspace_policy_set_exclusion,
// stack_platform_project_policy_set_exclusion). Each is an attachment
// (attachment.go) whose parent is the set; whether its member is attached
// is one read of the set, whose answer names its members. Beside
// <POLICY SET ID>/<MEMBER ID>, each imports as the incumbent provider's
// does: <ORGANIZATION>/<WORKSPACE NAME>/<POLICY SET NAME> for a
// workspace, <ORGANIZATION>/<PROJECT ID>/<POLICY SET NAME> for a project.

// policySetLink is one kind of link of a member to a policy set: its
// resource, its member, and the set's relationship that holds it.
type policySetLink struct {
	typeName, object, of string
	// description is the resource's, before what every link adds.
	description string
	// member is the workspace or the project; byName, for a workspace,
	// that the import's middle part is its name.
	member linkMember
	byName bool
	// linked are the set's members of this link; add and remove change
	// them.
	linked      func(ps *platformclient.PolicySet) []string
	add, remove func(c *platformclient.Client) func(ctx context.Context, id string, ids []string) error
	// notLinked says, for an import, that the member is not linked: "is
	// not attached to", "is not excluded from".
	notLinked string
	// twins are the incumbent's resources that a moved block brings here.
	twins []fwutil.Twin
}

// linkMember is the member of a link: its attribute, its IDs, and what
// it is.
type linkMember struct {
	// attr is the attribute, such as "workspace_id"; label names its ID
	// in import IDs, such as "<WORKSPACE ID>".
	attr, label string
	// prefix is its IDs' prefix, kind what it is with its article, noun
	// without: "a workspace", "workspace".
	prefix, kind, noun string
	description        string
}

// newPolicySetLink is the constructor of the resource of one kind of link,
// whose model M holds its ID, the set's and the member's, which fields
// gives.
func newPolicySetLink[M any](l policySetLink, fields func(m *M) (id, set, member *types.String)) func() resource.Resource {
	member := l.member
	field := func(i int) func(m *M) *types.String {
		return func(m *M) *types.String {
			id, set, mem := fields(m)
			return []*types.String{id, set, mem}[i]
		}
	}
	attached := func(ctx context.Context, c *platformclient.Client, set, id string) (bool, error) {
		ps, err := c.PolicySets.Read(ctx, set)
		if err != nil {
			return false, err
		}
		return slices.Contains(l.linked(ps), id), nil
	}
	notAttached := func(diags *diag.Diagnostics, _ fwutil.ParsedID, set, id string) {
		diags.AddError("Cannot import the "+l.object, fmt.Sprintf("The %s %s %s the policy set %s.", member.noun, id, l.notLinked, set))
	}
	middle := fwutil.IDPart{Label: "<PROJECT ID>", Attr: member.attr, Match: isProjectID}
	if l.byName {
		middle = fwutil.IDPart{Label: "<WORKSPACE NAME>", Match: workspaceNameRe.MatchString}
	}
	return newAttachmentResource(attachment[M]{
		typeName: l.typeName,
		object:   l.object,
		of:       l.of,
		description: l.description + " Every argument replaces it; one removed outside Terraform is planned again, and a create refuses a link " +
			"already in place, printing the command that imports it. The import ID is `<POLICY SET ID>/" + member.label + "`, such as `polset-6p5RiCe5CRjBmsGt/" +
			member.prefix + "-7q6SjDf6DSkCntHu`, or `<ORGANIZATION>/" + middle.Label + "/<POLICY SET NAME>`.",
		idDescription: "The link's ID: `<POLICY SET ID>/" + member.label + "`.",
		id:            field(0),
		parent: attachmentEnd[M]{
			attr: "policy_set_id", label: "<POLICY SET ID>", prefix: platformclient.PrefixPolicySet, kind: "a policy set",
			description: "ID of the policy set, `polset-` and 16 characters. Changing it replaces the link.",
			field:       field(1),
		},
		members: []attachmentMember[M]{{
			attachmentEnd: attachmentEnd[M]{
				attr: member.attr, label: member.label, prefix: member.prefix, kind: member.kind, description: member.description,
				field: field(2),
			},
			attached: attached,
			add: func(ctx context.Context, c *platformclient.Client, set, id string) error {
				return l.add(c)(ctx, set, []string{id})
			},
			remove: func(ctx context.Context, c *platformclient.Client, set, id string) error {
				return l.remove(c)(ctx, set, []string{id})
			},
		}},
		checkFirst:  true,
		notAttached: notAttached,
		twins:       l.twins,
		forms: []attachmentForm{{
			IDForm: fwutil.IDForm{Parts: []fwutil.IDPart{{Label: "<ORGANIZATION>", Match: organizationNameRe.MatchString}, middle, {Label: "<POLICY SET NAME>"}}},
			find: func(ctx context.Context, c *platformclient.Client, id fwutil.ParsedID, diags *diag.Diagnostics) (string, string, bool) {
				return findPolicySetLink(ctx, c, l, id, diags, notAttached)
			},
		}},
	})
}

// findPolicySetLink finds the set and the member that
// <ORGANIZATION>/<WORKSPACE NAME or PROJECT ID>/<POLICY SET NAME> names (a
// set's name exactly, in its case), and checks that they are linked.
func findPolicySetLink(ctx context.Context, c *platformclient.Client, l policySetLink, id fwutil.ParsedID, diags *diag.Diagnostics,
	notAttached func(*diag.Diagnostics, fwutil.ParsedID, string, string),
) (set, member string, checked bool) {
	org, member, name := id.Parts[0], id.Parts[1], id.Parts[2]
	if l.byName {
		ws, err := c.Workspaces.Read(ctx, org, member, platformclient.WorkspaceReadOptions{})
		if !importFoundAs(diags, l.object, "workspace", org+"/"+member, err) {
			return "", "", false
		}
		member = ws.ID
	}
	found, err := c.PolicySets.List(ctx, org, platformclient.PolicySetListOptions{Search: name})
	if !importFoundAs(diags, l.object, "organization", org, err) {
		return "", "", false
	}
	i := slices.IndexFunc(found.Items, func(ps *platformclient.PolicySet) bool { return ps.Name == name })
	if i < 0 {
		importNotFound(diags, l.object, "policy set", name, fmt.Sprintf(
			"The organization %q has no policy set named %q that the token may see: the name is compared exactly, in its case.", org, name))
		return "", "", false
	}
	ps := found.Items[i]
	if !slices.Contains(l.linked(ps), member) {
		notAttached(diags, id, ps.ID, member)
	}
	return ps.ID, member, true
}
