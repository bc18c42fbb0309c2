package platform

import (
	"context"
	"fmt"
	"maps"

	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list"
	lschema "github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// What the data sources and list resources that list the objects of an
// organization share: the organization they list, the provider's by
// default, the search in names that the platform's lists take (q), and
// the filter by tags; and what the list resources of the objects that one
// object holds share (heldList).

// listOfOrganization reads the whole list of the objects of the
// organization that organization names, or of the provider's, which it
// writes back into organization, through list; what names them in an
// error: "projects". It reports false, with the error in diags, when it
// cannot.
func listOfOrganization[T any](c *platformclient.Client, organization *types.String, what string, diags *diag.Diagnostics,
	list func(org string) (*platformclient.List[T], error),
) ([]*T, bool) {
	org, ok := organizationDefault.Of(c, *organization, diags)
	if !ok {
		return nil, false
	}
	found, err := list(org)
	if err != nil {
		fwutil.AddAPIError(diags, fmt.Sprintf("Cannot list the %s of the organization %q", what, org), err)
		return nil, false
	}
	*organization = types.StringValue(org)
	return found.Items, true
}

// searchAttribute is the filter of a list by a part of the names of its
// objects, what: "teams".
func searchAttribute(what string) schema.StringAttribute {
	return schema.StringAttribute{
		Optional:    true,
		Description: "When set, only the " + what + " whose names contain it, in any case.",
		Validators:  []validator.String{stringvalidator.LengthAtLeast(1)},
	}
}

// tagsFilter is a list block's filter by flat tags: a data source's set
// of tags, as a list, since list blocks take no sets.
func tagsFilter(description string) lschema.ListAttribute {
	return lschema.ListAttribute{
		Optional: true, ElementType: types.StringType,
		Description: description + " " + tagNameRule,
		Validators: []validator.List{
			listvalidator.SizeAtLeast(1),
			listvalidator.ValueStringsAre(stringvalidator.LengthAtMost(255), stringvalidator.RegexMatches(tagNameRe,
				"must be lower-case letters, digits, ':', '-' and '_', starting and ending with a letter or a digit")),
		},
	}
}

// organizationFilters is orgList's Filters of a list block that lists the
// objects of an organization, what ("variable sets"): the organization,
// the provider's by default, and, where the platform searches their names,
// the search (organizationListFilters), the data sources' arguments of
// those names; and the kind's own filters, more, by name (nil: none).
func organizationFilters(what string, search bool, more map[string]lschema.Attribute) func(context.Context, string) lschema.Schema {
	names := []string{"organization"}
	if search {
		names = append(names, "search")
	}
	return func(_ context.Context, description string) lschema.Schema {
		s := fwutil.FiltersOf(schema.Schema{Attributes: map[string]schema.Attribute{
			"organization": organizationDataSourceAttribute("whose " + what + " are listed"),
			"search":       searchAttribute(what),
		}}, description, names...)
		maps.Copy(s.Attributes, more)
		return s
	}
}

// orgList describes the list resource of the objects of an organization
// (organizationList): M is the resource's model, F the list block's
// filters, which embed organizationListFilter, T the client's type of the
// object.
type orgList[M, F, T any] struct {
	// What names the objects in the description and in errors: "agent
	// pools".
	What string
	// About is the description's start, what the list finds; the
	// constructor adds that the list is read whole.
	About string
	// Filters is the schema of F under the description: most often
	// organizationFilters, or the data source's (fwutil.FiltersOf).
	Filters func(ctx context.Context, description string) lschema.Schema
	// List reads, through the client's list call, the objects of the
	// organization org that the filters f keep.
	List func(ctx context.Context, c *platformclient.Client, org string, f *F, diags *diag.Diagnostics) (*platformclient.List[T], error)
	// Model is the model of the object o of the organization org, as the
	// resource's import leaves it.
	Model func(org types.String, o *T, diags *diag.Diagnostics) *M
	// DisplayName is a result's name in Terraform's output.
	DisplayName func(m *M) string
	// ReadEach says that the list answers less than a read, so that with
	// include_resource each object is read again (fwutil.List's ReadEach).
	ReadEach bool
}

// organizationList is the constructor of the list resource of the resource
// that newResource constructs, whose objects are those of an organization,
// the provider's by default, as l describes them.
func organizationList[M, F, T any, PF interface {
	*F
	scope() *types.String
}](newResource func() resource.Resource, l *orgList[M, F, T]) func() list.ListResource {
	return fwutil.NewListResource(newResource, &fwutil.List[M, F, *platformclient.Client]{
		Filters: func(ctx context.Context) lschema.Schema {
			return l.Filters(ctx, l.About+" "+
				fmt.Sprintf("The list is read whole, %d %s a request, the most the platform serves.", platformclient.PageSize, l.What))
		},
		List: func(ctx context.Context, c *platformclient.Client, f *F, diags *diag.Diagnostics) []*M {
			organization := PF(f).scope()
			found, ok := listOfOrganization(c, organization, l.What, diags, func(org string) (*platformclient.List[T], error) {
				return l.List(ctx, c, org, f, diags)
			})
			if !ok || diags.HasError() {
				return nil
			}
			out := make([]*M, len(found))
			for i, o := range found {
				out[i] = l.Model(*organization, o, diags)
			}
			return out
		},
		DisplayName: l.DisplayName,
		ReadEach:    l.ReadEach,
	})
}

// organizationListFilter is the filter of a list of the objects of an
// organization, the provider's by default; the filters of every such list
// embed it.
type organizationListFilter struct {
	Organization types.String `tfsdk:"organization"`
}

func (f *organizationListFilter) scope() *types.String { return &f.Organization }

// organizationListFilters are the filters of organizationFilters with the
// search.
type organizationListFilters struct {
	organizationListFilter
	Search types.String `tfsdk:"search"`
}

// kindListFilters are the filters of a list of policies or policy sets:
// the organization, the search, and their kind (kindFilter).
type kindListFilters struct {
	organizationListFilters
	Kind types.String `tfsdk:"kind"`
}

// kindFilter is the filter of a list of policies or policy sets, what
// ("policy sets"), by their kind.
func kindFilter(what string) lschema.StringAttribute {
	return lschema.StringAttribute{
		Optional:    true,
		Description: "When set, only the " + what + " of this kind: `sentinel` or `opa`.",
		Validators:  []validator.String{stringvalidator.OneOf(platformclient.KindSentinel, platformclient.KindOPA)},
	}
}

// registryListFilters are the filters of a list of an organization's
// registry's objects: the organization, the search and the registry
// (registryNameFilter).
type registryListFilters struct {
	organizationListFilters
	RegistryName types.String `tfsdk:"registry_name"`
}

// registryNameFilter is the filter of a list of an organization's
// registry's objects, what ("modules"), by their registry.
func registryNameFilter(what string) lschema.StringAttribute {
	return lschema.StringAttribute{
		Optional: true,
		Description: "When set, only the " + what + " of that registry: `private`, the organization's own, " +
			"or `public`, its copies of the public registry's " + what + ".",
		Validators: []validator.String{stringvalidator.OneOf(platformclient.RegistryPrivate, platformclient.RegistryPublic)},
	}
}

// heldList describes the list resource of the objects that one object of
// the platform holds, such as a workspace's run triggers (heldList's
// constructor, listHeld): M is the resource's model, F the list block's
// filters, which embed the holder's (workspaceListFilter,
// policySetListFilter), T the client's type of the object.
type heldList[M, F, T any] struct {
	// What names the objects in the description and in errors: "run
	// triggers".
	What string
	// About is the description's start, what the list finds; the
	// constructor adds that the list is read whole.
	About string
	// More are the list block's filters beside the holder's, by name.
	// Nil: none.
	More map[string]lschema.Attribute
	// List reads, through the client's list call, the objects of the
	// holder of ID id that the filters f keep.
	List func(ctx context.Context, c *platformclient.Client, id string, f *F) (*platformclient.List[T], error)
	// Model is the model of the object o of the holder whose ID is id, as
	// the resource's import leaves it; the holder's ID is the one listed
	// where the answer leaves it out.
	Model func(id types.String, o *T, diags *diag.Diagnostics) *M
	// DisplayName is a result's name in Terraform's output.
	DisplayName func(m *M) string
}

// holder is the filter of a heldList: the attribute of the ID of the
// object that holds the listed ones, the ID's prefix, and its noun.
type holder struct {
	attr, prefix, noun string
}

// listHeld is the constructor of the list resource of the resource that
// newResource constructs, whose objects are held by one object, as l
// describes them.
func listHeld[M, F, T any, PF interface {
	*F
	holder() (holder, types.String)
}](newResource func() resource.Resource, l *heldList[M, F, T]) func() list.ListResource {
	return fwutil.NewListResource(newResource, &fwutil.List[M, F, *platformclient.Client]{
		Filters: func(context.Context) lschema.Schema {
			h, _ := PF(new(F)).holder()
			attrs := map[string]lschema.Attribute{h.attr: lschema.StringAttribute{
				Required:    true,
				Description: fmt.Sprintf("ID of the %s whose %s are listed, `%s-` and 16 characters.", h.noun, l.What, h.prefix),
				Validators:  []validator.String{idValidator(h.prefix, "a "+h.noun)},
			}}
			maps.Copy(attrs, l.More)
			return lschema.Schema{
				Description: l.About + " " +
					fmt.Sprintf("The list is read whole, %d %s a request, the most the platform serves.", platformclient.PageSize, l.What),
				Attributes: attrs,
			}
		},
		List: func(ctx context.Context, c *platformclient.Client, f *F, diags *diag.Diagnostics) []*M {
			h, id := PF(f).holder()
			found, err := l.List(ctx, c, id.ValueString(), f)
			if err != nil {
				fwutil.AddAPIError(diags, fmt.Sprintf("Cannot list the %s of the %s %s", l.What, h.noun, id.ValueString()), err)
				return nil
			}
			out := make([]*M, len(found.Items))
			for i, o := range found.Items {
				out[i] = l.Model(id, o, diags)
			}
			return out
		},
		DisplayName: l.DisplayName,
	})
}

// workspaceListFilter is the filter of a heldList of a workspace's
// objects.
type workspaceListFilter struct {
	WorkspaceID types.String `tfsdk:"workspace_id"`
}

func (f *workspaceListFilter) holder() (holder, types.String) {
	return holder{"workspace_id", platformclient.PrefixWorkspace, "workspace"}, f.WorkspaceID
}

// policySetListFilter is the filter of a heldList of a policy set's
// objects.
type policySetListFilter struct {
	PolicySetID types.String `tfsdk:"policy_set_id"`
}

func (f *policySetListFilter) holder() (holder, types.String) {
	return holder{"policy_set_id", platformclient.PrefixPolicySet, "policy set"}, f.PolicySetID
}
