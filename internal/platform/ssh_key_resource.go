package platform

import (
	"context"
	"fmt"
	"maps"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// sshKeyDataModel is an SSH key as the platform answers it, which the data
// source shows: its name, and the organization it was asked in.
type sshKeyDataModel struct {
	ID           types.String `tfsdk:"id"`
	Organization types.String `tfsdk:"organization"`
	Name         types.String `tfsdk:"name"`
}

// sshKeyModel is an SSH key, for the resource: what the platform answers,
// and the key, which it never does.
type sshKeyModel struct {
	sshKeyDataModel
	Key          types.String `tfsdk:"key"`
	KeyWO        types.String `tfsdk:"key_wo"`
	KeyWOVersion types.Int64  `tfsdk:"key_wo_version"`
}

// sshKeyNameRule states only what the platform enforces.
const sshKeyNameRule = "An SSH key's name is not blank; the platform does not require it to be unique."

// NewSSHKeyResource is the constructor of stack_platform_ssh_key.
var NewSSHKeyResource = fwutil.NewResource(&fwutil.Resource[sshKeyModel, *platformclient.Client]{
	TypeName: "platform_ssh_key",
	Service:  platformclient.Service,
	Object:   "SSH key",
	Schema:   sshKeySchema,
	Twins:    []fwutil.Twin{tfeSSHKey},
	Plan: &fwutil.Plan[sshKeyModel, *platformclient.Client]{
		ProviderDefaults: []fwutil.ProviderDefault[*platformclient.Client]{organizationDefault},
		Validate: func(ctx context.Context, config tfsdk.Config, _ *sshKeyModel, diags *diag.Diagnostics) {
			fwutil.RequireSecret(ctx, config, path.Root("key"), "to create the SSH key", diags)
		},
	},
	// Its identity is its organization and ID: names need not be unique
	// in an organization.
	Identity: &fwutil.Identity{Attrs: []string{"organization", "id"}},
	Import: &fwutil.Import[sshKeyModel, *platformclient.Client]{
		ID: fwutil.IDGrammar{Of: "an SSH key", Forms: []fwutil.IDForm{
			{
				Says:  "its ID, sshkey- and 16 characters of the base58 alphabet, in the provider's default organization",
				Parts: []fwutil.IDPart{{Label: "<SSH KEY ID>", Attr: "id", Match: isSSHKeyID}},
			},
			{Parts: []fwutil.IDPart{
				{Label: "<ORGANIZATION>", Attr: "organization", Match: organizationNameRe.MatchString},
				{Label: "<SSH KEY ID>", Attr: "id", Match: isSSHKeyID},
			}},
		}},
		Print: func(m *sshKeyModel) string { return m.Organization.ValueString() + "/" + m.ID.ValueString() },
		Read:  importSSHKey,
	},
	Create: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *sshKeyModel) error {
		opts := sshKeyFromModel(&m.sshKeyDataModel)
		opts.Value = ptr(op.Secret(ctx, path.Root("key")))
		got, err := op.Client.SSHKeys.Create(ctx, m.Organization.ValueString(), opts)
		if err == nil {
			modelFromSSHKey(&m.sshKeyDataModel, got)
		}
		return err
	},
	Read: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *sshKeyModel) error {
		got, err := op.Client.SSHKeys.Read(ctx, m.ID.ValueString())
		if err == nil {
			modelFromSSHKey(&m.sshKeyDataModel, got)
		}
		return err
	},
	// An update renames the key; a new key replaces it.
	Update: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m, _ *sshKeyModel) error {
		got, err := op.Client.SSHKeys.Update(ctx, m.ID.ValueString(), sshKeyFromModel(&m.sshKeyDataModel))
		if err == nil {
			modelFromSSHKey(&m.sshKeyDataModel, got)
		}
		return err
	},
	Delete: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *sshKeyModel) error {
		return op.Client.SSHKeys.Delete(ctx, m.ID.ValueString())
	},
})

func isSSHKeyID(s string) bool { return platformclient.IsID(platformclient.PrefixSSHKey, s) }

func sshKeySchema(context.Context) schema.Schema {
	attrs := map[string]schema.Attribute{
		"id": schema.StringAttribute{
			Computed:      true,
			Description:   "The key's ID, `sshkey-` and 16 characters.",
			PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
		},
		"organization": organizationAttribute("SSH key"),
		"name": schema.StringAttribute{
			Required:    true,
			Description: "Name of the key. " + sshKeyNameRule + " Changing it renames the key in place.",
			Validators:  notBlankValidators(),
		},
	}
	// Only a create sends the key: a new one makes a new SSH key.
	maps.Copy(attrs, fwutil.WriteOnlySecret{
		Name:        "key",
		Description: "The private SSH key's text, such as `-----BEGIN OPENSSH PRIVATE KEY-----...`. It or `key_wo` is required.",
		Service:     "the platform",
		Drift: "The platform never returns the key: the state keeps the configured value, and a change made outside Terraform cannot be seen. " +
			"After an import, the state has no key: the next plan stores the configured one without sending it.",
		Validators: notBlankValidators(),
	}.CreateOnly("the SSH key"))
	return schema.Schema{
		Description: "A private SSH key of an organization of the platform, which its workspaces use to fetch modules from private repositories. " +
			"The platform never returns the key; it renames a key in place, and a new key replaces it. An organization's token may not manage SSH keys. " +
			"The import ID is the key's ID, such as `sshkey-6p5RiCe5CRjBmsGt` (in the provider's default organization), or `<ORGANIZATION>/<SSH KEY ID>`.",
		Attributes: attrs,
	}
}

// importSSHKey reads the key that the ID names, and checks that it is one
// of its organization's, which the platform does not answer with the key.
func importSSHKey(ctx context.Context, c *platformclient.Client, parsed fwutil.ParsedID, state *tfsdk.State, diags *diag.Diagnostics) {
	id, keyID := parsed.String(), parsed.Parts[len(parsed.Parts)-1]
	org := c.Organization()
	switch {
	case len(parsed.Parts) == 2:
		org = parsed.Parts[0]
	case org == "":
		diags.AddError("Cannot import the SSH key", fmt.Sprintf(
			"The provider has no default organization (platform.organization or STACK_PLATFORM_ORGANIZATION) for %q: import it as <ORGANIZATION>/%s.", id, id))
		return
	}
	if _, err := c.SSHKeys.Read(ctx, keyID); !importFound(diags, "SSH key", id, err) {
		return
	}
	keys, err := c.SSHKeys.List(ctx, org)
	if err != nil {
		fwutil.AddAPIError(diags, "Cannot import the SSH key", err)
		return
	}
	for _, k := range keys.Items {
		if k.ID == keyID {
			diags.Append(state.SetAttribute(ctx, path.Root("organization"), org)...)
			return
		}
	}
	diags.AddError("Cannot import the SSH key", fmt.Sprintf("The SSH key %s is not a key of the organization %q: import it as <ORGANIZATION>/%s with its own.", keyID, org, keyID))
}

// sshKeyFromModel is the key m describes, for a create or an update: its
// name. The key's text, which a create alone sends, the create adds.
func sshKeyFromModel(m *sshKeyDataModel) platformclient.SSHKeyOptions {
	return platformclient.SSHKeyOptions{Name: ptr(m.Name.ValueString())}
}

// modelFromSSHKey writes the key the server answered over m: its ID and
// name, all it answers.
func modelFromSSHKey(m *sshKeyDataModel, k *platformclient.SSHKey) {
	m.ID = types.StringValue(k.ID)
	m.Name = types.StringValue(k.Name)
}
