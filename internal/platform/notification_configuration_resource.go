package platform

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/setvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/setdefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// notificationConfigurationModel is a notification configuration of a
// workspace, a team or a project: one of the three IDs is set.
type notificationConfigurationModel struct {
	ID              types.String `tfsdk:"id"`
	WorkspaceID     types.String `tfsdk:"workspace_id"`
	TeamID          types.String `tfsdk:"team_id"`
	ProjectID       types.String `tfsdk:"project_id"`
	Name            types.String `tfsdk:"name"`
	DestinationType types.String `tfsdk:"destination_type"`
	Enabled         types.Bool   `tfsdk:"enabled"`
	Triggers        types.Set    `tfsdk:"triggers"`
	URL             types.String `tfsdk:"url"`
	URLWO           types.String `tfsdk:"url_wo"`
	URLWOVersion    types.Int64  `tfsdk:"url_wo_version"`
	Token           types.String `tfsdk:"token"`
	TokenWO         types.String `tfsdk:"token_wo"`
	TokenWOVersion  types.Int64  `tfsdk:"token_wo_version"`
	EmailAddresses  types.Set    `tfsdk:"email_addresses"`
	EmailUserIDs    types.Set    `tfsdk:"email_user_ids"`
	EmailAllMembers types.Bool   `tfsdk:"email_all_members"`
}

// notificationTriggers are the triggers of a workspace's or a project's
// configuration (a project's are about its workspaces), and of a team's.
var (
	notificationTriggers = []string{
		"run:created", "run:planning", "run:needs_attention", "run:applying", "run:completed", "run:errored",
		"assessment:drifted", "assessment:check_failure", "assessment:failed",
		"workspace:auto_destroy_reminder", "workspace:auto_destroy_run_results",
	}
	// A team's: the documents spell it team:change_request, the incumbent
	// client library change_request:created; the platform takes both.
	teamNotificationTriggers = []string{"team:change_request", "change_request:created"}
)

// notificationSubscribables are the attributes that name what a
// configuration is of, with the kind of object each names.
var notificationSubscribables = map[string]string{
	"workspace_id": platformclient.NotificationSubscribableWorkspace,
	"team_id":      platformclient.NotificationSubscribableTeam,
	"project_id":   platformclient.NotificationSubscribableProject,
}

// NewNotificationConfigurationResource is the constructor of
// stack_platform_notification_configuration.
var NewNotificationConfigurationResource = fwutil.NewResource(&fwutil.Resource[notificationConfigurationModel, *platformclient.Client]{
	TypeName: "platform_notification_configuration",
	Service:  platformclient.Service,
	Object:   "notification configuration",
	Schema:   notificationConfigurationSchema,
	Twins:    tfeNotificationConfigurations,
	Plan:     &fwutil.Plan[notificationConfigurationModel, *platformclient.Client]{Validate: validateNotificationConfiguration},
	// Its identity is its ID: names need not be unique, in a workspace, a
	// team or a project.
	Identity: &fwutil.Identity{Attrs: []string{"id"}},
	Import: &fwutil.Import[notificationConfigurationModel, *platformclient.Client]{
		ID: fwutil.IDGrammar{Forms: []fwutil.IDForm{{
			Says:  "its ID, nc- and 16 characters of the base58 alphabet",
			Parts: []fwutil.IDPart{{Label: "<NOTIFICATION CONFIGURATION ID>", Attr: "id", Match: isNotificationConfigurationID}},
		}}},
		Print: func(m *notificationConfigurationModel) string { return m.ID.ValueString() },
		Read:  importNotificationConfiguration,
	},
	Create: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *notificationConfigurationModel) error {
		kind, id := notificationSubscribable(m)
		opts := notificationConfigurationFromModel(ctx, m, op.Diags)
		opts.DestinationType = ptr(m.DestinationType.ValueString())
		notificationSecrets(ctx, op, m, &opts)
		if op.Diags.HasError() {
			return nil
		}
		got, err := op.Client.NotificationConfigurations.Create(ctx, kind, id, opts)
		if err == nil {
			modelFromNotificationConfiguration(m, got)
		}
		return err
	},
	Read: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *notificationConfigurationModel) error {
		got, err := op.Client.NotificationConfigurations.Read(ctx, m.ID.ValueString())
		if err == nil {
			modelFromNotificationConfiguration(m, got)
		}
		return err
	},
	Update: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m, _ *notificationConfigurationModel) error {
		opts := notificationConfigurationFromModel(ctx, m, op.Diags)
		notificationSecrets(ctx, op, m, &opts)
		if op.Diags.HasError() {
			return nil
		}
		got, err := op.Client.NotificationConfigurations.Update(ctx, m.ID.ValueString(), opts)
		if err == nil {
			modelFromNotificationConfiguration(m, got)
		}
		return err
	},
	Delete: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *notificationConfigurationModel) error {
		return op.Client.NotificationConfigurations.Delete(ctx, m.ID.ValueString())
	},
})

func isNotificationConfigurationID(s string) bool {
	return platformclient.IsID(platformclient.PrefixNotification, s)
}

func notificationConfigurationSchema(context.Context) schema.Schema {
	subscribable := func(prefix, what string) schema.StringAttribute {
		return schema.StringAttribute{
			Optional: true,
			Description: fmt.Sprintf("ID of the %s whose events the configuration tells, `%s-` and 16 characters. "+
				"Exactly one of `workspace_id`, `team_id` and `project_id` is set. Changing it replaces the configuration.", what, prefix),
			Validators:    []validator.String{idValidator(prefix, "a "+what)},
			PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
		}
	}
	destinations := []string{
		platformclient.NotificationDestinationGeneric, platformclient.NotificationDestinationEmail,
		platformclient.NotificationDestinationSlack, platformclient.NotificationDestinationMicrosoftTeams,
	}
	attrs := map[string]schema.Attribute{
		"id": schema.StringAttribute{
			Computed:      true,
			Description:   "The configuration's ID, `nc-` and 16 characters.",
			PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
		},
		"workspace_id": subscribable(platformclient.PrefixWorkspace, "workspace"),
		"team_id":      subscribable(platformclient.PrefixTeam, "team"),
		"project_id":   subscribable(platformclient.PrefixProject, "project"),
		"name": schema.StringAttribute{
			Required:    true,
			Description: "Name of the configuration, not blank. Changing it renames the configuration in place.",
			Validators:  notBlankValidators(),
		},
		"destination_type": schema.StringAttribute{
			Required: true,
			Description: "Where the notifications go: one of `" + strings.Join(destinations, "`, `") + "`. " +
				"`email` sends them to `email_addresses` and `email_user_ids`; the others post them to `url`. Changing it replaces the configuration.",
			Validators:    []validator.String{stringvalidator.OneOf(destinations...)},
			PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
		},
		"enabled": schema.BoolAttribute{
			Optional: true, Computed: true,
			Default:     booldefault.StaticBool(false),
			Description: "Whether the configuration sends notifications. Default `false`. Changing it changes the configuration in place.",
		},
		"triggers": schema.SetAttribute{
			ElementType: types.StringType,
			Optional:    true, Computed: true,
			Default: setdefault.StaticValue(fwutil.StringSetValue([]string{})),
			Description: "The events that send a notification. A workspace's or a project's configuration takes `" + strings.Join(notificationTriggers, "`, `") +
				"`; a team's, `" + strings.Join(teamNotificationTriggers, "`, `") + "`. Default none. Changing them changes the configuration in place.",
			Validators: []validator.Set{setvalidator.ValueStringsAre(stringvalidator.OneOf(slices.Concat(notificationTriggers, teamNotificationTriggers)...))},
		},
		"email_addresses": schema.SetAttribute{
			ElementType: types.StringType,
			Optional:    true, Computed: true,
			Default:     setdefault.StaticValue(fwutil.StringSetValue([]string{})),
			Description: "Email addresses that an `email` destination sends to; other destinations take none. Default none. Changing them changes the configuration in place.",
		},
		"email_user_ids": schema.SetAttribute{
			ElementType: types.StringType,
			Optional:    true, Computed: true,
			Default: setdefault.StaticValue(fwutil.StringSetValue([]string{})),
			Description: "IDs of the platform's users, `user-` and 16 characters, that an `email` destination sends to; other destinations take none. " +
				"Default none. Changing them changes the configuration in place.",
			Validators: []validator.Set{setvalidator.ValueStringsAre(idValidator("user", "a user"))},
		},
		"email_all_members": schema.BoolAttribute{
			Optional: true, Computed: true,
			Default: booldefault.StaticBool(false),
			Description: "Whether a team's `email` configuration sends to every member of the team; only a team's configuration may set it. " +
				"Default `false`. Changing it changes the configuration in place.",
		},
	}
	maps.Copy(attrs, fwutil.WriteOnlySecret{
		Name: "url",
		Description: "The URL that a `generic`, `slack` or `microsoft-teams` destination posts to, which may carry a secret " +
			"(a Slack webhook's, say); it or `url_wo` is required by those destinations, and an `email` destination uses neither. Changing it changes the configuration in place.",
		Service: "the platform",
		Drift: "The platform returns the URL: a refresh sees a change made outside Terraform to `url`; with `url_wo`, the state keeps no URL and sees none. " +
			"An import reads the URL into `url`.",
	}.Attributes())
	maps.Copy(attrs, fwutil.WriteOnlySecret{
		Name: "token",
		Description: "The key with which a `generic` destination signs its deliveries (HMAC SHA-512, in the `X-TFE-Notification-Signature` header); " +
			"the platform signs no other destination's deliveries. Changing it changes the configuration in place.",
		Service: "the platform",
		Drift: "The platform never returns the token: the state keeps the configured value, and a change made outside Terraform cannot be seen. " +
			"An import cannot read it: the state has none until the next apply sends the configured one.",
	}.Attributes())
	return schema.Schema{
		Description: "A notification configuration of the platform: the events of a workspace, a team or a project (exactly one of " +
			"`workspace_id`, `team_id` and `project_id`) that it tells a destination of, a URL (`generic`, `slack`, `microsoft-teams`) " +
			"or email recipients (`email`). The URL and the token may carry secrets, each with its write-only twin. " +
			"The import ID is the configuration's ID, such as `nc-6p5RiCe5CRjBmsGt`; the token cannot be imported, as the platform never returns it.",
		Attributes: attrs,
	}
}

// validateNotificationConfiguration checks what the platform refuses: one
// subscribable; a URL for the destinations that post; the triggers of the
// subscribable's kind; email_all_members for a team. What a destination
// does not use (a URL or a token for email, recipients for a webhook) is
// not refused here: whether the platform refuses it is not known, and the
// plan must not refuse what the platform takes.
func validateNotificationConfiguration(ctx context.Context, config tfsdk.Config, m *notificationConfigurationModel, diags *diag.Diagnostics) {
	var set []string
	for _, attr := range slices.Sorted(maps.Keys(notificationSubscribables)) {
		if v := notificationSubscribableValue(m, attr); !v.IsNull() {
			set = append(set, attr)
		}
	}
	if len(set) != 1 {
		diags.AddAttributeError(path.Root("workspace_id"), "Invalid subscribable",
			fmt.Sprintf("Exactly one of workspace_id, team_id and project_id must be set: what the configuration tells of; got %d (%s).", len(set), strings.Join(set, ", ")))
	}
	team := !m.TeamID.IsNull()
	if !m.DestinationType.IsUnknown() {
		if dest := m.DestinationType.ValueString(); dest != platformclient.NotificationDestinationEmail {
			fwutil.RequireSecret(ctx, config, path.Root("url"), "by a "+dest+" destination: the URL it posts to", diags)
		}
	}
	if !m.Triggers.IsUnknown() && !m.TeamID.IsUnknown() {
		allowed := notificationTriggers
		if team {
			allowed = teamNotificationTriggers
		}
		for _, v := range m.Triggers.Elements() {
			// A value of neither list is the schema's validator's to refuse.
			if s, ok := v.(types.String); ok && !s.IsUnknown() && !slices.Contains(allowed, s.ValueString()) &&
				slices.Contains(slices.Concat(notificationTriggers, teamNotificationTriggers), s.ValueString()) {
				diags.AddAttributeError(path.Root("triggers"), "Invalid trigger", fmt.Sprintf(
					"The trigger %s is not one of a %s's configuration, which takes %s.", s, notificationKindWord(team), strings.Join(allowed, ", ")))
			}
		}
	}
	if !team && !m.EmailAllMembers.IsNull() && !m.EmailAllMembers.IsUnknown() && m.EmailAllMembers.ValueBool() {
		diags.AddAttributeError(path.Root("email_all_members"), "Invalid email_all_members", "email_all_members is a team's configuration's only.")
	}
}

func notificationKindWord(team bool) string {
	if team {
		return "team"
	}
	return "workspace or a project"
}

func notificationSubscribableValue(m *notificationConfigurationModel, attr string) types.String {
	switch attr {
	case "team_id":
		return m.TeamID
	case "project_id":
		return m.ProjectID
	}
	return m.WorkspaceID
}

// notificationSubscribable is the kind and the ID of what m is of.
func notificationSubscribable(m *notificationConfigurationModel) (kind, id string) {
	for attr, kind := range notificationSubscribables {
		if v := notificationSubscribableValue(m, attr); !v.IsNull() {
			return kind, v.ValueString()
		}
	}
	return "", ""
}

// notificationSecrets adds to opts the URL and the token that m's
// destination takes, from the configuration, where the write-only twins
// alone are.
func notificationSecrets(ctx context.Context, op fwutil.Op[*platformclient.Client], m *notificationConfigurationModel, opts *platformclient.NotificationConfigurationOptions) {
	if m.DestinationType.ValueString() != platformclient.NotificationDestinationEmail {
		opts.URL = ptr(op.Secret(ctx, path.Root("url")))
	}
	if m.DestinationType.ValueString() == platformclient.NotificationDestinationGeneric {
		// Empty, it takes the token away.
		opts.Token = ptr(op.Secret(ctx, path.Root("token")))
	}
}

// importNotificationConfiguration checks that the configuration exists,
// and reads its URL into url, which the platform returns.
func importNotificationConfiguration(ctx context.Context, c *platformclient.Client, id fwutil.ParsedID, state *tfsdk.State, diags *diag.Diagnostics) {
	got, err := c.NotificationConfigurations.Read(ctx, id.String())
	if !importFound(diags, "notification configuration", id.String(), err) {
		return
	}
	if got.URL != "" {
		diags.Append(state.SetAttribute(ctx, path.Root("url"), got.URL)...)
	}
}

// notificationConfigurationFromModel is the whole configuration m
// describes, for a create or an update, but its destination type, which a
// create alone sends, and its URL and token, which come from the
// configuration (notificationSecrets). The users go with every request:
// the platform takes an update without them for none.
func notificationConfigurationFromModel(ctx context.Context, m *notificationConfigurationModel, diags *diag.Diagnostics) platformclient.NotificationConfigurationOptions {
	opts := platformclient.NotificationConfigurationOptions{
		Name:     ptr(m.Name.ValueString()),
		Enabled:  boolOf(m.Enabled),
		Triggers: nonNil(sortedStrings(ctx, m.Triggers, diags)),
	}
	if m.DestinationType.ValueString() == platformclient.NotificationDestinationEmail {
		opts.EmailAddresses = nonNil(sortedStrings(ctx, m.EmailAddresses, diags))
		opts.Users = []*platformclient.UserRef{}
		for _, id := range sortedStrings(ctx, m.EmailUserIDs, diags) {
			opts.Users = append(opts.Users, &platformclient.UserRef{ID: id})
		}
	}
	if !m.TeamID.IsNull() {
		opts.EmailAllMembers = boolOf(m.EmailAllMembers)
	}
	return opts
}

// modelFromNotificationConfiguration writes the configuration the server
// answered over m. The URL replaces the state's unless the state has none
// (given through url_wo); the token, never answered, stays.
func modelFromNotificationConfiguration(m *notificationConfigurationModel, nc *platformclient.NotificationConfiguration) {
	m.ID = types.StringValue(nc.ID)
	if s := nc.Subscribable; s != nil {
		switch {
		case s.Workspace != nil:
			m.WorkspaceID = types.StringValue(s.Workspace.ID)
		case s.Team != nil:
			m.TeamID = types.StringValue(s.Team.ID)
		case s.Project != nil:
			m.ProjectID = types.StringValue(s.Project.ID)
		}
	}
	m.Name = types.StringValue(nc.Name)
	m.DestinationType = types.StringValue(nc.DestinationType)
	m.Enabled = types.BoolValue(nc.Enabled)
	m.Triggers = fwutil.StringSetValue(nonNil(nc.Triggers))
	m.URL = fwutil.SecretFromAPI(m.URL, nc.URL, func(string) bool { return false })
	m.EmailAddresses = fwutil.StringSetValue(nonNil(nc.EmailAddresses))
	users := []string{}
	for _, u := range nc.Users {
		users = append(users, u.ID)
	}
	m.EmailUserIDs = fwutil.StringSetValue(users)
	m.EmailAllMembers = types.BoolValue(nc.EmailAllMembers)
}
