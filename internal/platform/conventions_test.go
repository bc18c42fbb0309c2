package platform

import (
	"bytes"
	"context"
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/jsonapi"
	"github.com/hashicorp/terraform-plugin-framework-timetypes/timetypes"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// objectConvention is one platform object, as the convention test sees it:
// the client's type, and the schemas that show its attributes.
type objectConvention struct {
	// apiType is a value of the client's type of the object.
	apiType any
	// shownBy are the attribute names of the schemas that show the
	// object: its resource's, its data sources', and those of the
	// resources that manage part of it (the workspace's settings).
	shownBy []string
	// renamed maps a JSON:API attribute to its schema attribute where the
	// name is not the attribute's in snake case.
	renamed map[string]string
	// notExposed are the JSON:API attributes that no schema shows, each
	// with the reason.
	notExposed map[string]string
}

// attributeNames are the names of schemas' attributes, of any kind of
// schema.
func attributeNames(attrs ...any) []string {
	var names []string
	for _, m := range attrs {
		for _, k := range reflect.ValueOf(m).MapKeys() {
			names = append(names, k.String())
		}
	}
	return names
}

// The reasons shared by several objects' attributes that are not exposed.
const (
	tokensOwn      = "what the provider's token may do with the object: it depends on the token, not on the object"
	serverTimes    = "a time the platform keeps of its own: when the object was made or last changed"
	editionFlag    = "whether the organization runs on the unified platform edition, which the platform decides"
	tokensActivity = "when the token was made or last used: its activity, not its configuration"
)

func objectConventions(ctx context.Context) map[string]objectConvention {
	return map[string]objectConvention{
		"organization": {
			apiType: platformclient.Organization{},
			shownBy: attributeNames(organizationSchema(ctx).Attributes, organizationDataSourceSchema(ctx).Attributes,
				organizationDefaultSettingsSchema(ctx).Attributes),
			notExposed: map[string]string{
				"created-at": serverTimes, "trial-expires-at": "the end of the organization's trial, which the platform's billing sets",
				"is-unified": editionFlag, "saml-enabled": "whether SAML single sign-on is on, which the organization's SAML settings decide, not a resource of this provider yet",
				"two-factor-conformant":    "whether every member has two-factor authentication, which the members decide",
				"remaining-testable-count": "how many more test runs of its registry modules the organization may start, a figure of its plan",
				"permissions":              tokensOwn,
			},
		},
		"project": {
			apiType: platformclient.Project{},
			shownBy: attributeNames(projectSchema(ctx).Attributes, projectDataSourceSchema(ctx).Attributes,
				projectSettingsSchema(ctx).Attributes),
			renamed: map[string]string{"setting-overwrites": "overwrites"},
			notExposed: map[string]string{
				"is-unified":      editionFlag,
				"workspace-count": "how many workspaces the project holds, which the workspaces' own resources decide",
			},
		},
		"workspace": {
			apiType: platformclient.Workspace{},
			shownBy: attributeNames(workspaceSchema(ctx).Attributes, workspaceDataSourceSchema(ctx).Attributes,
				workspaceSettingsSchema(ctx).Attributes),
			renamed: map[string]string{"workspace-kpis-runs-count": "runs_count"},
			notExposed: map[string]string{
				"project-remote-state":          "whether the workspaces of its project may read its state, which no resource manages yet",
				"inherits-project-auto-destroy": "whether the workspace inherits its project's auto-destroy duration: it does exactly when auto_destroy_activity_duration is null",
				"operations":                    "the deprecated spelling of execution_mode",
				"hyok-enabled":                  "whether the workspace keeps its state with the organization's own keys, which the organization's enforce_hyok decides",
				"can-queue-destroy-plan":        "the deprecated spelling of a permission: " + tokensOwn,
				"created-at":                    serverTimes, "updated-at": serverTimes, "latest-change-at": serverTimes,
				"environment":               "a legacy attribute, always default",
				"source":                    "what made the workspace (the API, the UI, a client), which the platform records",
				"no-code-upgrade-available": "whether a no-code module the workspace uses has a new version, which the registry decides",
				"permissions":               tokensOwn,
				"actions":                   "what may be done with the workspace now, which its state and runs decide",
			},
		},
		"team": {
			apiType: platformclient.Team{},
			shownBy: attributeNames(teamSchema(ctx).Attributes, teamDataSourceSchema(ctx).Attributes),
			notExposed: map[string]string{
				"users-count": "how many members the team has, which its memberships decide",
				"is-unified":  editionFlag,
				"permissions": tokensOwn,
			},
		},
		"team project access": {
			apiType: platformclient.TeamProjectAccess{},
			shownBy: attributeNames(teamProjectAccessSchema(ctx).Attributes),
		},
		"variable set": {
			apiType: platformclient.VariableSet{},
			shownBy: attributeNames(variableSetSchema(ctx).Attributes, variableSetDataSourceSchema(ctx).Attributes),
		},
		"variable": {
			apiType: platformclient.Variable{},
			shownBy: attributeNames(variableSchema(ctx).Attributes),
		},
		"agent pool": {
			apiType: platformclient.AgentPool{},
			shownBy: attributeNames(agentPoolSchema(ctx).Attributes, agentPoolDataSourceSchema(ctx).Attributes),
		},
		"SSH key": {
			apiType: platformclient.SSHKey{},
			shownBy: attributeNames(sshKeySchema(ctx).Attributes, sshKeyDataSourceSchema(ctx).Attributes),
		},
		"OAuth client": {
			apiType: platformclient.OAuthClient{},
			shownBy: attributeNames(oauthClientSchema(ctx).Attributes, oauthClientDataSourceSchema(ctx).Attributes),
			notExposed: map[string]string{
				"service-provider-display-name": "the platform's name for service_provider, which service_provider decides",
				"connect-path":                  "the page of the platform's web interface where a person starts the code host's OAuth flow, for a browser",
			},
		},
		"team access": {
			apiType: platformclient.TeamWorkspace{},
			// The permissions are the nested attributes of permissions.
			shownBy: append(attributeNames(teamAccessSchema(ctx).Attributes, teamAccessDataSourceSchema(ctx).Attributes),
				attributeNames(permissionTypes(teamAccessPermissions))...),
		},
		"organization membership": {
			apiType: platformclient.OrganizationMembership{},
			shownBy: attributeNames(organizationMembershipSchema(ctx).Attributes, organizationMembershipDataSourceSchema(ctx).Attributes),
		},
		"user": {
			apiType: platformclient.User{},
			shownBy: attributeNames(currentUserDataSourceSchema(ctx).Attributes),
		},
		"code-host app installation": {
			apiType: platformclient.CodehostAppInstallation{},
			shownBy: attributeNames(codehostAppInstallationDataSourceSchema(ctx).Attributes),
		},
		"run trigger": {
			apiType:    platformclient.RunTrigger{},
			shownBy:    attributeNames(runTriggerSchema(ctx).Attributes),
			notExposed: map[string]string{"created-at": serverTimes},
		},
		"notification configuration": {
			apiType: platformclient.NotificationConfiguration{},
			shownBy: attributeNames(notificationConfigurationSchema(ctx).Attributes),
			notExposed: map[string]string{
				"created-at": serverTimes, "updated-at": serverTimes,
				"delivery-responses": "the answers of the configuration's latest verification, which the verify action makes, not the configuration",
			},
		},
		"agent token": {
			apiType:    platformclient.AgentToken{},
			shownBy:    attributeNames(agentTokenSchema(ctx).Attributes, agentTokenEphemeralSchema(ctx).Attributes),
			notExposed: map[string]string{"last-used-at": tokensActivity},
		},
		"team token": {
			apiType:    platformclient.TeamToken{},
			shownBy:    attributeNames(teamTokenSchema(ctx).Attributes),
			notExposed: map[string]string{"created-at": tokensActivity, "last-used-at": tokensActivity},
		},
		"organization token": {
			apiType: platformclient.OrganizationToken{},
			shownBy: attributeNames(orgTokenSchema(organizationTokenKind).Attributes),
			notExposed: map[string]string{
				"description":  "the platform's own description of an organization's singleton token, which a request cannot set",
				"created-at":   tokensActivity,
				"last-used-at": tokensActivity,
			},
		},
	}
}

// jsonapiAttributes are the JSON:API attribute names of a client type.
func jsonapiAttributes(t reflect.Type) []string {
	var names []string
	for i := range t.NumField() {
		tag := t.Field(i).Tag.Get("jsonapi")
		if name, ok := strings.CutPrefix(tag, "attr,"); ok {
			names = append(names, strings.Split(name, ",")[0])
		}
	}
	return names
}

// TestConvention_everyAPIAttributeIsShownOrListed holds, for every platform
// object, that each attribute of the client's type is an attribute of a
// schema that shows the object, or is listed as not exposed with the
// reason: so an attribute added to the client is either shown or a
// decision.
func TestConvention_everyAPIAttributeIsShownOrListed(t *testing.T) {
	for object, c := range objectConventions(context.Background()) {
		attrs := jsonapiAttributes(reflect.TypeOf(c.apiType))
		if len(attrs) == 0 {
			t.Errorf("%s: %T has no JSON:API attributes", object, c.apiType)
		}
		for _, a := range attrs {
			name := strings.ReplaceAll(a, "-", "_")
			if r, ok := c.renamed[a]; ok {
				name = r
			}
			shown := slices.Contains(c.shownBy, name)
			reason, listed := c.notExposed[a]
			switch {
			case shown && listed:
				t.Errorf("%s: %q is shown as %s, but listed as not exposed (%s)", object, a, name, reason)
			case !shown && !listed:
				t.Errorf("%s: the client's %q is no schema attribute (%s expected): show it, or list it as not exposed with the reason", object, a, name)
			}
		}
		for a := range c.notExposed {
			if !slices.Contains(attrs, a) {
				t.Errorf("%s: %q is listed as not exposed, but the client's type has no such attribute", object, a)
			}
		}
	}
}

// throughJSONAPI is opts as the server reads it, in the client's type A:
// the body that the client sends, read back as an answer.
func throughJSONAPI[A any](t *testing.T, opts any) *A {
	t.Helper()
	payload, err := jsonapi.Marshal(opts)
	if err != nil {
		t.Fatal(err)
	}
	raw, err := json.Marshal(payload)
	if err != nil {
		t.Fatal(err)
	}
	var a A
	if err := jsonapi.UnmarshalPayload(bytes.NewReader(raw), &a); err != nil {
		t.Fatalf("%s: %v", raw, err)
	}
	return &a
}

// configurable are the attributes of a resource's schema that a
// configuration sets: the ones a round trip carries.
func configurable(s schema.Schema) []string {
	var names []string
	for n, a := range s.GetAttributes() {
		if a.IsRequired() || a.IsOptional() {
			names = append(names, n)
		}
	}
	slices.Sort(names)
	return names
}

// modelField is the field of model m (a pointer) tagged tfsdk:name, in
// m's embedded structs too.
func modelField(m reflect.Value, name string) (reflect.Value, bool) {
	m = reflect.Indirect(m)
	for i := range m.NumField() {
		sf := m.Type().Field(i)
		tag, tagged := sf.Tag.Lookup("tfsdk")
		switch {
		case tagged && tag == name:
			return m.Field(i), true
		case sf.Anonymous && !tagged:
			if f, ok := modelField(m.Field(i), name); ok {
				return f, true
			}
		}
	}
	return reflect.Value{}, false
}

// sameConfigurable compares got with want on the configurable attributes
// of s that the model has; every one of them must be set in want, so that
// the round trip carries a value, but those that exclude one set, named in
// instead.
func sameConfigurable(t *testing.T, object string, s schema.Schema, want, got any, instead ...string) {
	t.Helper()
	for _, name := range configurable(s) {
		w, ok := modelField(reflect.ValueOf(want), name)
		if !ok || slices.Contains(instead, name) {
			continue
		}
		g, _ := modelField(reflect.ValueOf(got), name)
		if v, ok := w.Interface().(attr.Value); ok {
			if v.IsNull() || v.IsUnknown() {
				t.Errorf("%s: the model of the round trip leaves %s unset", object, name)
			}
			if !v.Equal(g.Interface().(attr.Value)) { //nolint:forcetypeassert // the same field of the same type
				t.Errorf("%s: %s went out as %s and came back as %s", object, name, v, g.Interface())
			}
			continue
		}
		if !reflect.DeepEqual(w.Interface(), g.Interface()) {
			t.Errorf("%s: %s went out as %+v and came back as %+v", object, name, w.Interface(), g.Interface())
		}
	}
}

// allTrue is an object of flags, every one true.
func allTrue(flags map[string]attr.Type) types.Object {
	vals := map[string]attr.Value{}
	for n := range flags {
		vals[n] = types.BoolValue(true)
	}
	return types.ObjectValueMust(flags, vals)
}

// TestConvention_modelsRoundTrip holds, for every platform object that a
// resource writes, that a fully set model goes through <noun>FromModel,
// the JSON:API body the client sends, and modelFrom<Noun> unchanged: so a
// field that one direction forgets cannot pass unseen.
func TestConvention_modelsRoundTrip(t *testing.T) {
	ctx := context.Background()
	var diags diag.Diagnostics
	str := types.StringValue

	t.Run("organization", func(t *testing.T) {
		want := organizationModel{
			Name: str("acme"), Email: str("ops@acme.example"), SessionTimeout: types.Int64Value(60), SessionRemember: types.Int64Value(120),
			CollaboratorAuthPolicy: str(platformclient.AuthPolicyTwoFactorMandatory), OwnersTeamSAMLRoleID: str("owners"),
		}
		for _, st := range organizationSettings {
			f, _ := modelField(reflect.ValueOf(&want), st.name)
			f.Set(reflect.ValueOf(types.BoolValue(true)))
		}
		opts := organizationFromModel(&want, updating)
		a := throughJSONAPI[platformclient.Organization](t, &opts)
		a.Name = *opts.Name // the organization's ID is its name
		var got organizationModel
		modelFromOrganization(&got, a)
		sameConfigurable(t, "organization", organizationSchema(ctx), &want, &got)
	})

	t.Run("organization default settings", func(t *testing.T) {
		want := organizationDefaultSettingsModel{
			Organization: str("acme"), DefaultExecutionMode: str(platformclient.ExecutionModeAgent), DefaultAgentPoolID: str("apool-6p5RiCe5CRjBmsGt"),
		}
		opts := organizationDefaultSettingsFromModel(&want)
		a := throughJSONAPI[platformclient.Organization](t, &opts)
		a.Name = "acme"
		// The pool is a relation of the answer, an attribute of the request.
		a.DefaultAgentPool = &platformclient.AgentPool{ID: want.DefaultAgentPoolID.ValueString()}
		var got organizationDefaultSettingsModel
		modelFromOrganizationDefaultSettings(&got, a)
		sameConfigurable(t, "organization default settings", organizationDefaultSettingsSchema(ctx), &want, &got)
	})

	t.Run("project", func(t *testing.T) {
		want := projectModel{
			Organization: str("acme"), Name: str("networking"), Description: str("VPCs"), AutoDestroyActivityDuration: str("14d"),
			TagBindings: types.MapValueMust(types.StringType, map[string]attr.Value{"env": str("prod")}),
		}
		opts := projectFromModel(ctx, &want, updating, &diags)
		a := throughJSONAPI[platformclient.Project](t, &opts)
		a.Organization = &platformclient.Organization{Name: "acme"}
		var got projectModel
		modelFromProject(&got, a, tagsOf(opts.TagBindings))
		sameConfigurable(t, "project", projectSchema(ctx), &want, &got)
	})

	t.Run("workspace", func(t *testing.T) {
		strings := func(v ...string) []attr.Value {
			out := make([]attr.Value, len(v))
			for i, s := range v {
				out[i] = str(s)
			}
			return out
		}
		want := workspaceModel{
			Organization: str("acme"), Name: str("web"), Description: str("the web tier"), ProjectID: str("prj-6p5RiCe5CRjBmsGt"),
			AutoApply: types.BoolValue(true), AutoApplyRunTrigger: types.BoolValue(true),
			AutoDestroyAt:               timetypes.NewRFC3339TimeValue(time.Date(2030, 6, 1, 12, 0, 0, 0, time.UTC)),
			AutoDestroyActivityDuration: str("14d"),
			AllowDestroyPlan:            types.BoolValue(false), FileTriggersEnabled: types.BoolValue(false), QueueAllRuns: types.BoolValue(true),
			SpeculativeEnabled: types.BoolValue(false), StructuredRunOutputEnabled: types.BoolValue(false), AssessmentsEnabled: types.BoolValue(true),
			SourceName: str("console"), SourceURL: str("https://console.example"), TerraformVersion: str("~> 1.9"),
			TriggerPrefixes:  types.ListValueMust(types.StringType, strings("/modules")),
			TriggerPatterns:  types.ListValueMust(types.StringType, strings("/modules/**/*.tf")),
			WorkingDirectory: str("web"),
			TagNames:         types.SetValueMust(types.StringType, strings("prod", "web")),
			TagBindings:      types.MapValueMust(types.StringType, map[string]attr.Value{"team": str("web")}),
			VCSRepo: &workspaceVCSRepoModel{
				Identifier: str("acme/web"), Branch: str("main"), IngressSubmodules: types.BoolValue(true),
				OAuthTokenID: str("ot-6p5RiCe5CRjBmsGt"), CodehostAppInstallationID: str("ghain-1"), TagsRegex: str(`^v\d+$`),
			},
		}
		opts := workspaceFromModel(ctx, &want, creating, &diags)
		a := throughJSONAPI[platformclient.Workspace](t, &opts)
		a.Organization = &platformclient.Organization{Name: "acme"}
		// Flat tags go as relations and come back as names.
		for _, tag := range opts.Tags {
			a.TagNames = append(a.TagNames, tag.Name)
		}
		var got workspaceModel
		modelFromWorkspace(&got, a, tagsOf(opts.TagBindings), &diags)
		sameConfigurable(t, "workspace", workspaceSchema(ctx), &want, &got)
	})

	t.Run("workspace settings", func(t *testing.T) {
		want := workspaceSettingsModel{
			WorkspaceID: str("ws-4pW7hPwDJ1fY3gSC"), ExecutionMode: str(platformclient.ExecutionModeAgent),
			AgentPoolID: str("apool-6p5RiCe5CRjBmsGt"), GlobalRemoteState: types.BoolValue(true),
			RemoteStateConsumerIDs: types.SetValueMust(types.StringType, []attr.Value{str("ws-7q6SjDf6DSkCntHu")}),
			SSHKeyID:               str("sshkey-6p5RiCe5CRjBmsGt"),
		}
		opts := workspaceSettingsFromModel(&want)
		a := throughJSONAPI[platformclient.Workspace](t, &opts)
		a.ID = want.WorkspaceID.ValueString()
		a.AgentPool = &platformclient.AgentPool{ID: want.AgentPoolID.ValueString()}
		// The SSH key has a call of its own, whose answer is the workspace.
		a.SSHKey = &platformclient.SSHKey{ID: want.SSHKeyID.ValueString()}
		var got workspaceSettingsModel
		// The consumers have calls of their own, which take and give IDs.
		modelFromWorkspaceSettings(&got, a, sortedStrings(ctx, want.RemoteStateConsumerIDs, &diags))
		sameConfigurable(t, "workspace settings", workspaceSettingsSchema(ctx), &want, &got)
	})

	t.Run("team", func(t *testing.T) {
		want := teamModel{
			Organization: str("acme"), Name: str("Platform Admins"), Visibility: str(platformclient.TeamVisibilityOrganization),
			SSOTeamID: str("sso-1"), AllowMemberTokenManagement: types.BoolValue(false),
			OrganizationAccess: allTrue(organizationAccessTypes),
		}
		opts := teamFromModel(&want)
		a := throughJSONAPI[platformclient.Team](t, &opts)
		a.Organization = &platformclient.Organization{Name: "acme"}
		var got teamModel
		modelFromTeam(&got, a, &diags)
		sameConfigurable(t, "team", teamSchema(ctx), &want, &got)
	})

	t.Run("team project access", func(t *testing.T) {
		obj := func(perms []permission, values map[string]attr.Value) types.Object {
			return types.ObjectValueMust(permissionTypes(perms), values)
		}
		want := teamProjectAccessModel{
			TeamID: str("team-6p5RiCe5CRjBmsGt"), ProjectID: str("prj-6p5RiCe5CRjBmsGt"), Access: str(platformclient.AccessCustom),
			ProjectAccess: obj(projectPermissions, map[string]attr.Value{"settings": str("update"), "teams": str("read"), "variable_sets": str("write")}),
			WorkspaceAccess: obj(workspacePermissions, map[string]attr.Value{
				"runs": str("plan"), "sentinel_mocks": str("read"), "state_versions": str("read-outputs"), "variables": str("read"),
				"create": types.BoolValue(true), "locking": types.BoolValue(true), "delete": types.BoolValue(true),
				"move": types.BoolValue(true), "run_tasks": types.BoolValue(true), "policy_overrides": types.BoolValue(true),
			}),
		}
		opts := teamProjectAccessFromModel(&want)
		a := throughJSONAPI[platformclient.TeamProjectAccess](t, &opts)
		var got teamProjectAccessModel
		modelFromTeamProjectAccess(&got, a, &diags)
		sameConfigurable(t, "team project access", teamProjectAccessSchema(ctx), &want, &got)
	})

	t.Run("variable set", func(t *testing.T) {
		want := variableSetModel{
			Organization: str("acme"), Name: str("cloud credentials"), Description: str("for every workspace"),
			Global: types.BoolValue(false), Priority: types.BoolValue(true), ParentProjectID: str("prj-6p5RiCe5CRjBmsGt"),
		}
		opts := variableSetFromModel(&want)
		a := throughJSONAPI[platformclient.VariableSet](t, &opts)
		a.Organization = &platformclient.Organization{Name: "acme"}
		var got variableSetModel
		modelFromVariableSet(&got, a)
		sameConfigurable(t, "variable set", variableSetSchema(ctx), &want, &got)
	})

	t.Run("variable", func(t *testing.T) {
		want := variableModel{
			WorkspaceID: str("ws-4pW7hPwDJ1fY3gSC"), VariableSetID: types.StringNull(), Key: str("region"), Value: str("eu-west-1"),
			ValueWO: types.StringNull(), ValueWOVersion: types.Int64Null(), Category: str(platformclient.CategoryTerraform),
			Description: str("where it runs"), HCL: types.BoolValue(true), Sensitive: types.BoolValue(false),
			ReadableValue: types.StringNull(), VersionID: types.StringNull(), ID: types.StringNull(),
		}
		// The value to send comes from the configuration, for its
		// write-only twin.
		s := variableSchema(ctx)
		state := tfsdk.State{Schema: s, Raw: tftypes.NewValue(s.Type().TerraformType(ctx), nil)}
		diags.Append(fwutil.Set(ctx, &state, &want)...)
		op := fwutil.Op[*platformclient.Client]{Config: tfsdk.Config{Schema: s, Raw: state.Raw}, Diags: &diags}
		opts := variableFromModel(ctx, op, &want)
		a := throughJSONAPI[platformclient.Variable](t, &opts)
		a.Workspace = &platformclient.Workspace{ID: want.WorkspaceID.ValueString()}
		// The model of a read: what the state holds of the variable.
		got := variableModel{ValueWOVersion: types.Int64Null(), VersionID: types.StringNull()}
		modelFromVariable(&got, a, false)
		// value_wo and its version are value's twin, and variable_set_id
		// the other parent.
		sameConfigurable(t, "variable", s, &want, &got, "value_wo", "value_wo_version", "variable_set_id")
	})

	t.Run("agent pool", func(t *testing.T) {
		want := agentPoolModel{Organization: str("acme"), Name: str("linux runners"), OrganizationScoped: types.BoolValue(false)}
		opts := agentPoolFromModel(&want)
		a := throughJSONAPI[platformclient.AgentPool](t, &opts)
		a.Organization = &platformclient.Organization{Name: "acme"}
		var got agentPoolModel
		modelFromAgentPool(&got, a)
		sameConfigurable(t, "agent pool", agentPoolSchema(ctx), &want, &got)
	})

	t.Run("agent pool lists", func(t *testing.T) {
		base := poolListModel{AgentPoolID: str("apool-6p5RiCe5CRjBmsGt")}
		ids := func(v ...string) types.Set { return fwutil.StringSetValue(v) }
		through := func(opts platformclient.AgentPoolOptions) *platformclient.AgentPool {
			a := throughJSONAPI[platformclient.AgentPool](t, &opts)
			a.ID = base.AgentPoolID.ValueString()
			return a
		}
		ws := agentPoolAllowedWorkspacesModel{poolListModel: base, AllowedWorkspaceIDs: ids("ws-4pW7hPwDJ1fY3gSC", "ws-7q6SjDf6DSkCntHu")}
		var gotWS agentPoolAllowedWorkspacesModel
		modelFromAgentPoolAllowedWorkspaces(&gotWS, through(agentPoolAllowedWorkspacesFromModel(ctx, &ws, &diags)))
		sameConfigurable(t, "agent pool allowed workspaces", agentPoolAllowedWorkspaces.schema(ctx), &ws, &gotWS)
		prj := agentPoolAllowedProjectsModel{poolListModel: base, AllowedProjectIDs: ids("prj-6p5RiCe5CRjBmsGt")}
		var gotPrj agentPoolAllowedProjectsModel
		modelFromAgentPoolAllowedProjects(&gotPrj, through(agentPoolAllowedProjectsFromModel(ctx, &prj, &diags)))
		sameConfigurable(t, "agent pool allowed projects", agentPoolAllowedProjects.schema(ctx), &prj, &gotPrj)
		ex := agentPoolExcludedWorkspacesModel{poolListModel: base, ExcludedWorkspaceIDs: ids("ws-4pW7hPwDJ1fY3gSC")}
		var gotEx agentPoolExcludedWorkspacesModel
		modelFromAgentPoolExcludedWorkspaces(&gotEx, through(agentPoolExcludedWorkspacesFromModel(ctx, &ex, &diags)))
		sameConfigurable(t, "agent pool excluded workspaces", agentPoolExcludedWorkspaces.schema(ctx), &ex, &gotEx)
	})

	t.Run("organization membership", func(t *testing.T) {
		want := organizationMembershipModel{Organization: str("acme"), Email: str("ada@example.com")}
		opts := organizationMembershipFromModel(&want)
		a := throughJSONAPI[platformclient.OrganizationMembership](t, &opts)
		// The platform answers the organization by a relationship, which
		// an invitation's body does not carry: the state keeps it.
		got := organizationMembershipModel{Organization: str("acme")}
		modelFromOrganizationMembership(&got, a)
		sameConfigurable(t, "organization membership", organizationMembershipSchema(ctx), &want, &got)
	})

	t.Run("SSH key", func(t *testing.T) {
		want := sshKeyModel{sshKeyDataModel: sshKeyDataModel{Organization: str("acme"), Name: str("deploy")}}
		opts := sshKeyFromModel(&want.sshKeyDataModel)
		a := throughJSONAPI[platformclient.SSHKey](t, &opts)
		// The platform answers neither the organization, which the state
		// keeps, nor the key, which a create alone sends.
		got := sshKeyModel{sshKeyDataModel: sshKeyDataModel{Organization: str("acme")}}
		modelFromSSHKey(&got.sshKeyDataModel, a)
		sameConfigurable(t, "SSH key", sshKeySchema(ctx), &want, &got, "key", "key_wo", "key_wo_version")
	})

	t.Run("project settings", func(t *testing.T) {
		want := projectSettingsModel{
			ProjectID: str("prj-6p5RiCe5CRjBmsGt"), DefaultExecutionMode: str(platformclient.ExecutionModeAgent),
			DefaultAgentPoolID: str("apool-6p5RiCe5CRjBmsGt"),
		}
		opts := projectSettingsFromModel(&want)
		a := throughJSONAPI[platformclient.Project](t, &opts)
		a.ID = want.ProjectID.ValueString()
		// The pool is a relation of the answer, an attribute of the request.
		a.DefaultAgentPool = &platformclient.AgentPool{ID: want.DefaultAgentPoolID.ValueString()}
		var got projectSettingsModel
		modelFromProjectSettings(&got, a)
		sameConfigurable(t, "project settings", projectSettingsSchema(ctx), &want, &got)
		if !got.Overwrites.Equal(projectOverwrites(true)) {
			t.Errorf("project settings: a mode set came back with overwrites %s, want both true", got.Overwrites)
		}
	})

	t.Run("OAuth client", func(t *testing.T) {
		want := oauthClientModel{oauthClientDataModel: oauthClientDataModel{
			Organization: str("acme"), ServiceProvider: str("bitbucket_data_center"), Name: str("bitbucket"),
			HTTPURL: str("https://bitbucket.acme.example"), APIURL: str("https://bitbucket.acme.example"), Key: str("consumer"),
			RSAPublicKey: str("-----BEGIN PUBLIC KEY-----"), OrganizationScoped: types.BoolValue(false), AgentPoolID: str("apool-6p5RiCe5CRjBmsGt"),
		}}
		opts := oauthClientFromModel(&want.oauthClientDataModel, creating)
		a := throughJSONAPI[platformclient.OAuthClient](t, &opts)
		a.Organization = &platformclient.Organization{Name: "acme"}
		got := oauthClientModel{}
		modelFromOAuthClient(&got.oauthClientDataModel, a)
		// The secrets come from the configuration, and the platform never
		// answers them.
		sameConfigurable(t, "OAuth client", oauthClientSchema(ctx), &want, &got, "secret", "secret_wo", "secret_wo_version",
			"private_key", "private_key_wo", "private_key_wo_version", "oauth_token", "oauth_token_wo", "oauth_token_wo_version")
	})

	t.Run("team access", func(t *testing.T) {
		want := teamAccessModel{
			TeamID: str("team-6p5RiCe5CRjBmsGt"), WorkspaceID: str("ws-4pW7hPwDJ1fY3gSC"), Access: str(platformclient.AccessCustom),
			Permissions: types.ObjectValueMust(permissionTypes(teamAccessPermissions), map[string]attr.Value{
				"runs": str("plan"), "variables": str("write"), "state_versions": str("read-outputs"), "sentinel_mocks": str("read"),
				"workspace_locking": types.BoolValue(true), "run_tasks": types.BoolValue(true), "policy_overrides": types.BoolValue(true),
			}),
		}
		opts := teamAccessFromModel(&want)
		a := throughJSONAPI[platformclient.TeamWorkspace](t, &opts)
		var got teamAccessModel
		modelFromTeamAccess(&got, a, &diags)
		sameConfigurable(t, "team access", teamAccessSchema(ctx), &want, &got)
	})

	t.Run("run trigger", func(t *testing.T) {
		want := runTriggerModel{WorkspaceID: str("ws-4pW7hPwDJ1fY3gSC"), SourceableID: str("ws-6p5RiCe5CRjBmsGt")}
		opts := runTriggerFromModel(&want)
		a := throughJSONAPI[platformclient.RunTrigger](t, &opts)
		// The workspace is the create's path, not its body.
		a.Workspace = &platformclient.Workspace{ID: want.WorkspaceID.ValueString()}
		var got runTriggerModel
		modelFromRunTrigger(&got, a)
		sameConfigurable(t, "run trigger", runTriggerSchema(ctx), &want, &got)
	})

	t.Run("notification configuration", func(t *testing.T) {
		set := func(v ...string) types.Set { return fwutil.StringSetValue(v) }
		// Two configurations carry every attribute: a team's email one and
		// a workspace's generic one.
		email := notificationConfigurationModel{
			TeamID: str("team-6p5RiCe5CRjBmsGt"), Name: str("requests"), DestinationType: str(platformclient.NotificationDestinationEmail),
			Enabled: types.BoolValue(true), Triggers: set("team:change_request"),
			EmailAddresses: set("a@example.com"), EmailUserIDs: set("user-6p5RiCe5CRjBmsGt"), EmailAllMembers: types.BoolValue(true),
		}
		generic := notificationConfigurationModel{
			WorkspaceID: str("ws-4pW7hPwDJ1fY3gSC"), Name: str("runs"), DestinationType: str(platformclient.NotificationDestinationGeneric),
			Enabled: types.BoolValue(true), Triggers: set("run:errored"), URL: str("https://hooks.example.com/a"),
			EmailAllMembers: types.BoolValue(false),
		}
		for _, want := range []notificationConfigurationModel{email, generic} {
			opts := notificationConfigurationFromModel(ctx, &want, &diags)
			opts.DestinationType = ptr(want.DestinationType.ValueString())
			if !want.URL.IsNull() {
				opts.URL = ptr(want.URL.ValueString())
			}
			a := throughJSONAPI[platformclient.NotificationConfiguration](t, &opts)
			// The subscribable is the create's path, not its body.
			a.Subscribable = &platformclient.NotificationSubscribable{}
			if !want.TeamID.IsNull() {
				a.Subscribable.Team = &platformclient.Team{ID: want.TeamID.ValueString()}
			} else {
				a.Subscribable.Workspace = &platformclient.Workspace{ID: want.WorkspaceID.ValueString()}
			}
			got := notificationConfigurationModel{URL: want.URL}
			modelFromNotificationConfiguration(&got, a)
			instead := []string{"token", "token_wo", "token_wo_version", "url_wo", "url_wo_version"}
			if want.TeamID.IsNull() {
				instead = append(instead, "team_id", "project_id", "email_addresses", "email_user_ids")
			} else {
				instead = append(instead, "workspace_id", "project_id", "url")
			}
			sameConfigurable(t, "notification configuration", notificationConfigurationSchema(ctx), &want, &got, instead...)
		}
	})

	t.Run("agent token", func(t *testing.T) {
		want := agentTokenModel{AgentPoolID: str("apool-6p5RiCe5CRjBmsGt"), Description: str("ci agents")}
		opts := agentTokenFromModel(&want)
		a := throughJSONAPI[platformclient.AgentToken](t, &opts)
		// The pool is the create's path, not its body.
		a.AgentPool = &platformclient.AgentPool{ID: want.AgentPoolID.ValueString()}
		var got agentTokenModel
		modelFromAgentToken(&got, a)
		sameConfigurable(t, "agent token", agentTokenSchema(ctx), &want, &got)
	})

	t.Run("team token", func(t *testing.T) {
		want := teamTokenModel{
			TeamID: str("team-6p5RiCe5CRjBmsGt"), Description: str("ci"),
			ExpiredAt: timetypes.NewRFC3339ValueMust("2030-01-31T18:00:00Z"), ForceRegenerate: types.BoolNull(),
		}
		opts, err := teamTokenFromModel(&want)
		if err != nil {
			t.Fatal(err)
		}
		a := throughJSONAPI[platformclient.TeamToken](t, &opts)
		a.ID, a.Team = "at-6p5RiCe5CRjBmsGt", &platformclient.Team{ID: want.TeamID.ValueString()}
		var got teamTokenModel
		modelFromTeamToken(&got, a)
		// force_regenerate is the provider's own: no request carries it.
		sameConfigurable(t, "team token", teamTokenSchema(ctx), &want, &got, "force_regenerate")
	})

	if diags.HasError() {
		t.Fatal(diags)
	}
}
