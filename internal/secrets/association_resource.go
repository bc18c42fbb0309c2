package secrets

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/stackworks/terraform-provider-stack/internal/client"
	secretsclient "github.com/stackworks/terraform-provider-stack/internal/client/secrets"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

type associationModel struct {
	DestinationType types.String `tfsdk:"destination_type"`
	DestinationName types.String `tfsdk:"destination_name"`
	Mount           types.String `tfsdk:"mount"`
	SecretName      types.String `tfsdk:"secret_name"`
	Accessor        types.String `tfsdk:"accessor"`
	SyncStatus      types.String `tfsdk:"sync_status"`
	UpdatedAt       types.String `tfsdk:"updated_at"`
}

// NewAssociationResource is the constructor of
// stack_secrets_sync_association.
var NewAssociationResource = fwutil.NewResource(&fwutil.Resource[associationModel, *secretsclient.Client]{
	TypeName: "secrets_sync_association",
	Service:  secretsclient.Service,
	Object:   "association",
	Schema:   associationSchema,
	Twins:    vaultAssociationTwin,
	// Its identity is its destination's type and name and its secret's
	// mount and name, the parts of its import ID.
	Identity: &fwutil.Identity{Attrs: []string{"destination_type", "destination_name", "mount", "secret_name"}},
	Import: &fwutil.Import[associationModel, *secretsclient.Client]{
		// The mount and the secret name may hold slashes: the last part
		// is both, which the import splits as the service knows them.
		ID: fwutil.IDGrammar{
			Forms: []fwutil.IDForm{{
				Says: "<destination_type>/<destination_name>/<mount>/<secret_name>",
				Parts: []fwutil.IDPart{
					{
						Label: "<destination_type>", Match: func(s string) bool { return slices.Contains(destinationTypes, s) },
						Is: "a destination type: use one of " + strings.Join(destinationTypes, ", "),
					},
					{Label: "<destination_name>"},
					{Label: "<mount>/<secret_name>", Match: func(s string) bool { return strings.Contains(strings.Trim(s, "/"), "/") }},
				},
			}},
		},
		Print: func(m *associationModel) string {
			return strings.Join([]string{m.DestinationType.ValueString(), m.DestinationName.ValueString(), m.Mount.ValueString(), m.SecretName.ValueString()}, "/")
		},
		Read: importAssociation,
	},
	Create: createAssociation,
	Read: func(ctx context.Context, op fwutil.Op[*secretsclient.Client], m *associationModel) error {
		return readAssociationStatus(ctx, op.Client, m)
	},
	// Every attribute that can be set replaces the association: no Update.
	Delete: func(ctx context.Context, op fwutil.Op[*secretsclient.Client], m *associationModel) error {
		// The service succeeds when the association is already gone; a
		// destination that is gone took its associations with it.
		_, meta, err := op.Client.RemoveAssociation(ctx, m.DestinationType.ValueString(), m.DestinationName.ValueString(), m.Mount.ValueString(), m.SecretName.ValueString())
		addWarnings(op.Diags, meta)
		return err
	},
})

func associationSchema(context.Context) schema.Schema {
	replace := []planmodifier.String{stringplanmodifier.RequiresReplace()}
	return schema.Schema{
		Description: "An association of one secret of a key-value (version 2) mount with one sync destination: the secrets service pushes the secret to the destination " +
			"and keeps it in sync. Every attribute that can be set identifies the association, so changing any of them replaces it; destroying it deletes the secret from the destination. " +
			"The import ID is `<destination_type>/<destination_name>/<mount>/<secret_name>`, for example `cloudone-sm/prod/secret/app/db/password`; " +
			"the mount and the secret name may hold slashes, and the import finds where one ends by asking the service which split names an existing association.",
		Attributes: map[string]schema.Attribute{
			"destination_type": schema.StringAttribute{
				Required:      true,
				Description:   "Type of the destination: " + destinationTypesText() + ". Changing it replaces the association.",
				Validators:    []validator.String{stringvalidator.OneOf(destinationTypes...)},
				PlanModifiers: replace,
			},
			"destination_name": schema.StringAttribute{
				Required:      true,
				Description:   "Name of the destination, which must exist. " + nameRule + " Changing it replaces the association.",
				Validators:    nameValidators(),
				PlanModifiers: replace,
			},
			"mount": schema.StringAttribute{
				Required: true,
				Description: "Name of the key-value mount that holds the secret, such as `secret`; not empty. It must be a version 2 mount, since the service syncs only those. " +
					"Changing it replaces the association.",
				Validators:    []validator.String{stringvalidator.LengthAtLeast(1)},
				PlanModifiers: replace,
			},
			"secret_name": schema.StringAttribute{
				Required:      true,
				Description:   "Name (path) of the secret within the mount, such as `app/db/password`; not empty. Changing it replaces the association.",
				Validators:    []validator.String{stringvalidator.LengthAtLeast(1)},
				PlanModifiers: replace,
			},
			"accessor": schema.StringAttribute{
				Computed: true,
				Description: "Accessor of the mount, which the service uses to key the destination's associations. " +
					"Null, with a warning, when the service's answers cannot tell this association from those of secrets of the same name in other mounts.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"sync_status": schema.StringAttribute{
				Computed: true,
				Description: "Latest sync status reported by the service: `SYNCED` once the secret has been pushed, or `PENDING` while sync is disabled " +
					"(`stack_secrets_sync_config` with `disabled = true`), in which case the operation waits in the service's queue until sync is enabled again. " +
					"`PENDING` is a valid state, not an error. The status can change without Terraform: a change shows on the next refresh, not as a planned change.",
			},
			"updated_at": schema.StringAttribute{
				Computed:    true,
				Description: "When the association's status last changed (RFC 3339, UTC). Like `sync_status`, it is brought up to date on refresh.",
			},
		},
	}
}

// createAssociation sets the association and finds it in the answer.
func createAssociation(ctx context.Context, op fwutil.Op[*secretsclient.Client], m *associationModel) error {
	typ, name, mount, secret := m.DestinationType.ValueString(), m.DestinationName.ValueString(), m.Mount.ValueString(), m.SecretName.ValueString()
	summary := fmt.Sprintf("Cannot associate the secret %q of mount %q with the %s destination %q", secret, mount, typ, name)

	// The sets of one secret name on one destination wait for each other,
	// so that what a set changed among that name's entries is this set's
	// alone (setAssociationEntry). Sets of other names change none of
	// those entries, so they go on alongside.
	defer associationSets.Lock(typ + "\x00" + name + "\x00" + secret)()
	got, meta, err := op.Client.SetAssociation(ctx, typ, name, mount, secret)
	if err != nil {
		return destinationError(summary, typ, name, err)
	}
	addWarnings(op.Diags, meta)
	a, named := setAssociationEntry(ctx, op.Client, typ, name, mount, secret, got)
	switch {
	case named == 0:
		return &fwutil.Failure{Summary: "The service did not report the association", Detail: fmt.Sprintf(
			"The service accepted the association of secret %q of mount %q with the %s destination %q, but its answer lists no association of that secret.",
			secret, mount, typ, name)}
	case a == nil:
		addAccessorUnknown(op.Diags, typ, name, secret, named)
		m.Accessor = types.StringNull()
		// The status of this very association is then read by secret. The
		// association is made: a failed read saves it without a status.
		if err := readAssociationStatus(ctx, op.Client, m); errors.Is(err, fwutil.ErrGone) {
			return &fwutil.Failure{Summary: "The service did not report the association", Detail: fmt.Sprintf(
				"The service accepted the association of secret %q of mount %q with the %s destination %q, but does not list it when asked by secret.",
				secret, mount, typ, name)}
		} else if err != nil {
			m.SyncStatus, m.UpdatedAt = types.StringNull(), types.StringNull()
			return &fwutil.Partial{
				Done: fmt.Sprintf("the secret %q of mount %q is associated with the %s destination %q", secret, mount, typ, name),
				Path: path.Root("sync_status"),
				Err:  err,
			}
		}
	default:
		m.Accessor = types.StringValue(a.Accessor)
		m.SyncStatus = types.StringValue(a.SyncStatus)
		m.UpdatedAt = fwutil.TimeString(a.UpdatedAt)
	}
	return nil
}

// associationSets serializes this provider's sets of one secret name on
// one destination.
var associationSets fwutil.KeyedMutex

// setAssociationEntry finds, in got, the answer of the set of mount's
// secret on a destination, the entry that set made. The answer lists the
// destination's associations keyed by mount accessor, and the service
// names no mount's accessor, so secrets of one name in several mounts are
// told apart by what is known: the only entry of that name is the one;
// among several, the entry of the accessor learned for mount, or else the
// only one whose accessor is not known to be another mount's. Failing
// those (associations of that name made outside Terraform, in mounts this
// provider has not seen), the secret is set again, and the one entry that
// second set changed is the one: a cost of one request where a read before
// every set cost one request each. It returns nil when none or several are
// left, with the number of entries of that name, and learns the accessor
// of the entry it finds.
func setAssociationEntry(ctx context.Context, c *secretsclient.Client, typ, name, mount, secret string, got *secretsclient.DestinationAssociations) (*secretsclient.AssociatedSecret, int) {
	a, named := pickAssociation(got, secret, func(_ string, e secretsclient.AssociatedSecret) bool {
		return c.AccessorMount(e.Accessor) == mount
	})
	if a == nil && named > 1 {
		a, _ = pickAssociation(got, secret, func(_ string, e secretsclient.AssociatedSecret) bool {
			return c.AccessorMount(e.Accessor) == ""
		})
	}
	if a == nil && named > 1 {
		// A failed second set leaves the entry unknown: the association
		// is made all the same, and the caller reads its status by secret.
		if again, _, err := c.SetAssociation(ctx, typ, name, mount, secret); err == nil {
			a, named = pickAssociation(again, secret, func(key string, e secretsclient.AssociatedSecret) bool {
				old, existed := got.AssociatedSecrets[key]
				return !existed || old.SyncStatus != e.SyncStatus || !old.UpdatedAt.Equal(e.UpdatedAt)
			})
		}
	}
	if a != nil {
		c.LearnAccessor(mount, a.Accessor)
	}
	return a, named
}

// pickAssociation finds the entry of secretName among a destination's
// associations. They are keyed by mount accessor, not by mount, so secrets
// of one name in several mounts have an entry each: the only entry of that
// name is the one, and among several, the only one that mark singles out.
// It returns nil when none or several are left, with the number of entries
// of that name. UNSYNCED entries are on their way out and do not count.
func pickAssociation(got *secretsclient.DestinationAssociations, secretName string, mark func(key string, a secretsclient.AssociatedSecret) bool) (*secretsclient.AssociatedSecret, int) {
	var named, marked []secretsclient.AssociatedSecret
	for key, a := range got.AssociatedSecrets {
		if a.SecretName != secretName || a.SyncStatus == secretsclient.StatusUnsynced {
			continue
		}
		named = append(named, a)
		if mark(key, a) {
			marked = append(marked, a)
		}
	}
	switch {
	case len(named) == 1:
		return &named[0], 1
	case len(marked) == 1:
		return &marked[0], len(named)
	}
	return nil, len(named)
}

func addAccessorUnknown(diags *diag.Diagnostics, typ, name, secret string, named int) {
	diags.AddWarning("Accessor unknown", fmt.Sprintf(
		"The %s destination %q has %d associations of secrets named %q in different mounts, and the service does not say which mount each accessor stands for, "+
			"so the association's accessor is left empty.", typ, name, named, secret))
}

// readAssociationStatus asks the service, in one request, which
// destinations the secret is associated with, and brings m's sync_status
// and updated_at up to date. It returns fwutil.ErrGone when the
// association is gone: a mount deleted outside Terraform took its secrets'
// associations with it, and an UNSYNCED association is being removed.
func readAssociationStatus(ctx context.Context, c *secretsclient.Client, m *associationModel) error {
	got, _, err := c.ReadDestinationsBySecret(ctx, m.Mount.ValueString(), m.SecretName.ValueString())
	if mountGone(err) {
		return fwutil.ErrGone
	}
	if err != nil {
		return err
	}
	d, ok := got.AssociatedDestinations[m.DestinationType.ValueString()+"/"+m.DestinationName.ValueString()]
	if !ok || d.SyncStatus == secretsclient.StatusUnsynced {
		return fwutil.ErrGone
	}
	m.SyncStatus = types.StringValue(d.SyncStatus)
	m.UpdatedAt = fwutil.TimeString(d.UpdatedAt)
	return nil
}

// noMount is how the service says that a mount does not exist, in the
// query form of a read by secret and in the path form.
var noMount = regexp.MustCompile(`no KV mount of that name|must start with a KV mount`)

func mountGone(err error) bool {
	var e *client.Error
	return errors.As(err, &e) && e.StatusCode == http.StatusBadRequest && noMount.MatchString(e.Message)
}

// importAssociation takes `<destination_type>/<destination_name>/<mount>/<secret_name>`,
// its three parts checked by the grammar. The type and the destination
// name hold no slash, but the mount and the secret name may, so every
// split of the rest is tried and the one the service knows as an
// association with the destination is kept.
func importAssociation(ctx context.Context, sc *secretsclient.Client, id fwutil.ParsedID, state *tfsdk.State, diags *diag.Diagnostics) {
	typ, name, rest := id.Parts[0], id.Parts[1], id.Parts[2]
	key := typ + "/" + name

	type candidate struct {
		mount, secret string
		found         secretsclient.AssociatedDestination
	}
	var matches []candidate
	var tried []string
	for i := range len(rest) {
		if rest[i] != '/' {
			continue
		}
		c := candidate{mount: rest[:i], secret: rest[i+1:]}
		if c.mount == "" || c.secret == "" {
			continue
		}
		got, _, err := sc.ReadDestinationsBySecret(ctx, c.mount, c.secret)
		// 400 (no such mount, or a name the service refuses) and 404 mean
		// that this split names no association.
		if s := client.StatusCode(err); s == http.StatusBadRequest || s == http.StatusNotFound {
			tried = append(tried, fmt.Sprintf("mount %q, secret %q (%v)", c.mount, c.secret, err))
			continue
		}
		if err != nil {
			fwutil.AddAPIError(diags, "Cannot read the association to import", err)
			return
		}
		d, ok := got.AssociatedDestinations[key]
		if !ok || d.SyncStatus == secretsclient.StatusUnsynced {
			tried = append(tried, fmt.Sprintf("mount %q, secret %q (not associated with %s)", c.mount, c.secret, key))
			continue
		}
		c.found = d
		matches = append(matches, c)
	}
	switch len(matches) {
	case 0:
		diags.AddError("Association not found", fmt.Sprintf(
			"No secret is associated with the %s destination %q under the import ID %q. Every split of %q into a mount and a secret name was tried:\n  - %s",
			typ, name, id.String(), rest, strings.Join(tried, "\n  - ")))
		return
	case 1:
	default:
		var names []string
		for _, c := range matches {
			names = append(names, fmt.Sprintf("mount %q, secret %q", c.mount, c.secret))
		}
		diags.AddError("Ambiguous import ID", fmt.Sprintf(
			"The import ID %q names more than one association with the %s destination %q, because the mount and the secret name can be split in several ways:\n  - %s\n"+
				"An import cannot tell them apart. Declare the resource with its mount and secret_name instead, and apply: the service refreshes an existing association without duplicating it.",
			id.String(), typ, name, strings.Join(names, "\n  - ")))
		return
	}
	c := matches[0]
	m := associationModel{
		DestinationType: types.StringValue(typ),
		DestinationName: types.StringValue(name),
		Mount:           types.StringValue(c.mount),
		SecretName:      types.StringValue(c.secret),
		Accessor:        types.StringNull(),
		SyncStatus:      types.StringValue(c.found.SyncStatus),
		UpdatedAt:       fwutil.TimeString(c.found.UpdatedAt),
	}
	m.Accessor = importAccessor(ctx, sc, typ, name, c.secret, c.found, diags)
	if diags.HasError() {
		return
	}
	diags.Append(fwutil.Set(ctx, state, &m)...)
}

// importAccessor finds the accessor of an imported association's mount in
// the destination's associations, which are keyed by accessor: the entry
// of the secret's name, or among several (secrets of that name in several
// mounts), the only one with the status and time that the read by secret
// gave.
func importAccessor(ctx context.Context, c *secretsclient.Client, typ, name, secret string, found secretsclient.AssociatedDestination, diags *diag.Diagnostics) types.String {
	got, _, err := c.ReadAssociations(ctx, typ, name)
	if err != nil {
		fwutil.AddAPIError(diags, "Cannot read the destination's associations", err)
		return types.StringNull()
	}
	a, named := pickAssociation(got, secret, func(_ string, a secretsclient.AssociatedSecret) bool {
		return a.SyncStatus == found.SyncStatus && a.UpdatedAt.Equal(found.UpdatedAt)
	})
	if a == nil {
		addAccessorUnknown(diags, typ, name, secret, named)
		return types.StringNull()
	}
	return types.StringValue(a.Accessor)
}
