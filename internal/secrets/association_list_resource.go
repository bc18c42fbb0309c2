package secrets

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/listresourcevalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list"
	lschema "github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types"

	secretsclient "github.com/stackworks/terraform-provider-stack/internal/client/secrets"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// associationListFilters are the filters of the associations' list block.
type associationListFilters struct {
	DestinationType types.String `tfsdk:"destination_type"`
	DestinationName types.String `tfsdk:"destination_name"`
	Mount           types.String `tfsdk:"mount"`
	SecretName      types.String `tfsdk:"secret_name"`
}

// NewAssociationListResource is the constructor of the list resource of
// stack_secrets_sync_association.
var NewAssociationListResource = fwutil.NewListResource(NewAssociationResource, &fwutil.List[associationModel, associationListFilters, *secretsclient.Client]{
	Filters: func(ctx context.Context) lschema.Schema {
		return fwutil.FiltersOf(fwutil.DataSourceSchema(ctx, NewAssociationsDataSource),
			"Lists the secrets-sync associations of the namespace of the provider's `secrets` block: all of them, those of one destination "+
				"(`destination_type` and `destination_name`) or those of one secret (`mount` and `secret_name`). "+
				"The service names a destination's associations by the accessor of their secrets' mounts, not by the mounts' names, which an association's identity holds: "+
				"so the list reads every association (one request), each associated secret's destinations (one request a secret) "+
				"and, for each association's accessor, its destination's associations (one request an association), as an import does. "+
				"An association being removed (`UNSYNCED`) is not listed.",
			"destination_type", "destination_name", "mount", "secret_name")
	},
	ConfigValidators: []list.ConfigValidator{
		listresourcevalidator.RequiredTogether(path.MatchRoot("destination_type"), path.MatchRoot("destination_name")),
		listresourcevalidator.RequiredTogether(path.MatchRoot("mount"), path.MatchRoot("secret_name")),
		listresourcevalidator.Conflicting(path.MatchRoot("destination_name"), path.MatchRoot("secret_name")),
	},
	List:        listAssociations,
	DisplayName: associationName,
})

// associationName is an association's import ID, which names it in full.
func associationName(m *associationModel) string {
	return strings.Join([]string{m.DestinationType.ValueString(), m.DestinationName.ValueString(), m.Mount.ValueString(), m.SecretName.ValueString()}, "/")
}

func listAssociations(ctx context.Context, c *secretsclient.Client, f *associationListFilters, diags *diag.Diagnostics) []*associationModel {
	type secret struct{ mount, name string }
	secrets := []secret{{f.Mount.ValueString(), f.SecretName.ValueString()}}
	if f.SecretName.IsNull() {
		all, meta, err := c.ListAssociations(ctx)
		if err != nil {
			fwutil.AddAPIError(diags, "Cannot list the associations", err)
			return nil
		}
		addWarnings(diags, meta)
		secrets = nil
		for _, entries := range all.KeyInfo {
			for _, e := range entries {
				if s := (secret{e.Mount, e.SecretPath}); !slices.Contains(secrets, s) {
					secrets = append(secrets, s)
				}
			}
		}
	}
	var out []*associationModel
	for _, s := range secrets {
		got, meta, err := c.ReadDestinationsBySecret(ctx, s.mount, s.name)
		if err != nil {
			fwutil.AddAPIError(diags, fmt.Sprintf("Cannot read the associations of the secret %q of the mount %q", s.name, s.mount), err)
			return nil
		}
		addWarnings(diags, meta)
		for key, d := range got.AssociatedDestinations {
			typ, name := d.Type, d.Name
			if typ == "" || name == "" {
				keyType, keyName, _ := strings.Cut(key, "/")
				typ, name = cmp.Or(typ, keyType), cmp.Or(name, keyName)
			}
			switch {
			case d.SyncStatus == secretsclient.StatusUnsynced:
				continue
			case !f.DestinationName.IsNull() && (typ != f.DestinationType.ValueString() || name != f.DestinationName.ValueString()):
				continue
			}
			// As an import leaves it (importAssociation).
			out = append(out, &associationModel{
				DestinationType: types.StringValue(typ), DestinationName: types.StringValue(name),
				Mount: types.StringValue(s.mount), SecretName: types.StringValue(s.name),
				Accessor:   importAccessor(ctx, c, typ, name, s.name, d, diags),
				SyncStatus: types.StringValue(d.SyncStatus), UpdatedAt: fwutil.TimeString(d.UpdatedAt),
			})
			if diags.HasError() {
				return nil
			}
		}
	}
	slices.SortFunc(out, func(a, b *associationModel) int { return strings.Compare(associationName(a), associationName(b)) })
	return out
}
