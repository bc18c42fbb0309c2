package platform

import (
	"context"
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// codehostAppInstallationDataModel is an installation of the platform's
// code-host app.
type codehostAppInstallationDataModel struct {
	ID               types.String `tfsdk:"id"`
	Name             types.String `tfsdk:"name"`
	InstallationID   types.Int64  `tfsdk:"installation_id"`
	InstallationType types.String `tfsdk:"installation_type"`
	IconURL          types.String `tfsdk:"icon_url"`
	InstallationURL  types.String `tfsdk:"installation_url"`
}

// NewCodehostAppInstallationDataSource is the constructor of the
// stack_platform_codehost_app_installation data source.
var NewCodehostAppInstallationDataSource = fwutil.NewDataSource(&fwutil.DataSource[codehostAppInstallationDataModel, *platformclient.Client]{
	TypeName: "platform_codehost_app_installation",
	Service:  platformclient.Service,
	Schema:   codehostAppInstallationDataSourceSchema,
	Read:     readCodehostAppInstallationDataSource,
})

func codehostAppInstallationDataSourceSchema(context.Context) schema.Schema {
	atLeastOne := []path.Expression{path.MatchRoot("name"), path.MatchRoot("installation_id")}
	return schema.Schema{
		Description: "Reads an installation of the platform's app on a code-host account, by the account's name, by the code host's number " +
			"for the installation, or by both, each compared exactly: its ID is what a workspace's `vcs_repo` takes as " +
			"`codehost_app_installation_id`. The platform lists only the installations that the token's user sees on the code host, " +
			"so the token must be a user's who authorized the app; the list is read whole.",
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{Computed: true, Description: "The installation's ID, `ghain-` and 16 characters."},
			"name": schema.StringAttribute{
				Optional: true, Computed: true,
				Description: "Name of the code-host account (an organization or a user) the app is installed on, compared exactly. " +
					"Set it, `installation_id`, or both.",
				Validators: []validator.String{stringvalidator.LengthAtLeast(1), stringvalidator.AtLeastOneOf(atLeastOne...)},
			},
			"installation_id": schema.Int64Attribute{
				Optional: true, Computed: true,
				Description: "The code host's own number for the installation, a positive integer. Set it, `name`, or both.",
				Validators:  []validator.Int64{int64validator.AtLeast(1)},
			},
			"installation_type": schema.StringAttribute{Computed: true, Description: "Kind of the code-host account, such as `User` or `Organization`."},
			"icon_url":          schema.StringAttribute{Computed: true, Description: "Address of the account's picture."},
			"installation_url":  schema.StringAttribute{Computed: true, Description: "Address of the installation's settings on the code host."},
		},
	}
}

func readCodehostAppInstallationDataSource(ctx context.Context, c *platformclient.Client, m *codehostAppInstallationDataModel, diags *diag.Diagnostics) {
	// The installation number's filter is the self-hosted edition's
	// alone: the number is compared here, and the name too, in case a
	// server's filter matches loosely.
	found, err := c.CodehostAppInstallations.List(ctx, platformclient.CodehostAppInstallationListOptions{Name: m.Name.ValueString()})
	if err != nil {
		fwutil.AddAPIError(diags, "Cannot list the code-host app installations", err)
		return
	}
	var given []string
	if !m.Name.IsNull() {
		given = append(given, fmt.Sprintf("name %q", m.Name.ValueString()))
	}
	if !m.InstallationID.IsNull() {
		given = append(given, fmt.Sprintf("installation_id %d", m.InstallationID.ValueInt64()))
	}
	for _, in := range found.Items {
		if (m.Name.IsNull() || in.Name == m.Name.ValueString()) &&
			(m.InstallationID.IsNull() || int64(in.InstallationID) == m.InstallationID.ValueInt64()) {
			m.ID = types.StringValue(in.ID)
			m.Name = types.StringValue(in.Name)
			m.InstallationID = types.Int64Value(int64(in.InstallationID))
			m.InstallationType = types.StringValue(in.InstallationType)
			m.IconURL = types.StringValue(in.IconURL)
			m.InstallationURL = types.StringValue(in.InstallationURL)
			return
		}
	}
	diags.AddError("Code-host app installation not found", fmt.Sprintf(
		"No code-host app installation matches %s among the %d that the token's user sees: each is compared exactly, and the platform lists only "+
			"the installations of accounts where the token's user authorized the app.", strings.Join(given, " and "), len(found.Items)))
}
