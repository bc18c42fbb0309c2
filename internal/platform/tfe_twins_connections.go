package platform

import (
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// The incumbent's twins of the connections of an organization: its code
// hosts (OAuth clients and their projects), its SSH keys, its notification
// configurations, its run triggers and its members.

// tfeOAuthClient is the incumbent's twin of the OAuth client,
// hashicorp/tfe's tfe_oauth_client, an SDKv2 resource of schema version 0
// whose ID is the client's, oc- and 16 characters, as here.
var tfeOAuthClient = fwutil.Twin{
	Provider: tfeProvider,
	Type:     "tfe_oauth_client",
	Versions: map[int64]func(fwutil.Moved) (map[string]any, error){0: moveTFEOAuthClient},
}

// moveTFEOAuthClient transforms the incumbent's OAuth client. Its secrets
// (secret, private_key, oauth_token), which the platform never answers,
// are carried from its state; it stores "" for each one the configuration
// left out, and for a name, a key, an RSA public key or a pool it left
// out, which are null here. It stores "" for the OAuth token's ID of a
// client without a token, which is null here too. What it does not keep
// (callback_url, created_at) is read by the refresh.
func moveTFEOAuthClient(src fwutil.Moved) (map[string]any, error) {
	m := map[string]any{}
	src.Copy(m, "id", "organization", "service_provider", "name", "http_url", "api_url", "key", "rsa_public_key",
		"organization_scoped", "agent_pool_id", "oauth_token_id", "secret", "private_key", "oauth_token")
	return m, nil
}

// tfeProjectOAuthClient is the incumbent's twin of an OAuth client's
// attachment to a project, hashicorp/tfe's tfe_project_oauth_client, an
// SDKv2 resource of schema version 0 whose ID is
// <PROJECT ID>_<OAUTH CLIENT ID>, where it is
// <OAUTH CLIENT ID>/<PROJECT ID> here.
var tfeProjectOAuthClient = fwutil.Twin{
	Provider: tfeProvider,
	Type:     "tfe_project_oauth_client",
	Versions: map[int64]func(fwutil.Moved) (map[string]any, error){0: moveTFEProjectOAuthClient},
}

// moveTFEProjectOAuthClient transforms the incumbent's attachment, whose
// ID is made here of the two IDs it holds.
func moveTFEProjectOAuthClient(src fwutil.Moved) (map[string]any, error) {
	m := map[string]any{}
	src.Copy(m, "oauth_client_id", "project_id")
	m["id"] = src.String("oauth_client_id") + "/" + src.String("project_id")
	return m, nil
}

// tfeSSHKey is the incumbent's twin of the SSH key, hashicorp/tfe's
// tfe_ssh_key, a plugin framework resource of schema version 0 whose ID
// is the key's, sshkey- and 16 characters, as here.
var tfeSSHKey = fwutil.Twin{
	Provider: tfeProvider,
	Type:     "tfe_ssh_key",
	Versions: map[int64]func(fwutil.Moved) (map[string]any, error){0: moveTFESSHKey},
}

// moveTFESSHKey transforms the incumbent's SSH key: the key, which the
// platform never answers, is carried from its state, and so is the
// key_wo_version of a key given through key_wo (whose key is null).
func moveTFESSHKey(src fwutil.Moved) (map[string]any, error) {
	m := map[string]any{}
	src.Copy(m, "id", "organization", "name", "key", "key_wo_version")
	return m, nil
}

// tfeNotificationConfigurations are the incumbent's twins of the
// notification configuration, one resource each of what it is of (a
// workspace's, a team's, a project's), all plugin framework resources of
// schema version 0 whose ID is the configuration's, nc- and 16
// characters, as here.
var tfeNotificationConfigurations = []fwutil.Twin{
	tfeNotificationConfiguration("tfe_notification_configuration", "workspace_id"),
	tfeNotificationConfiguration("tfe_team_notification_configuration", "team_id"),
	tfeNotificationConfiguration("tfe_project_notification_configuration", "project_id"),
}

// tfeNotificationConfiguration is the twin typ, whose configurations are
// of the object that subscribable names, the attribute of the same name
// here.
func tfeNotificationConfiguration(typ, subscribable string) fwutil.Twin {
	return fwutil.Twin{
		Provider: tfeProvider,
		Type:     typ,
		Versions: map[int64]func(fwutil.Moved) (map[string]any, error){0: func(src fwutil.Moved) (map[string]any, error) {
			return moveTFENotificationConfiguration(src, subscribable), nil
		}},
	}
}

// moveTFENotificationConfiguration transforms the incumbent's
// configuration of the object that subscribable names. The token, which
// the platform never answers, is carried from its state, and so are the
// versions of a token or a URL given write-only (the incumbent counts
// them itself when the configuration does not: the configuration here
// writes them). It stores null for no triggers, recipients or users, which
// the refresh reads as none.
func moveTFENotificationConfiguration(src fwutil.Moved, subscribable string) map[string]any {
	m := map[string]any{}
	src.Copy(m, "id", subscribable, "name", "destination_type", "enabled", "triggers", "email_addresses", "email_user_ids",
		"url", "url_wo_version", "token", "token_wo_version")
	return m
}

// tfeRunTrigger is the incumbent's twin of the run trigger,
// hashicorp/tfe's tfe_run_trigger, an SDKv2 resource of schema version 0
// whose ID is the trigger's, rt- and 16 characters, as here.
var tfeRunTrigger = fwutil.Twin{
	Provider: tfeProvider,
	Type:     "tfe_run_trigger",
	Versions: map[int64]func(fwutil.Moved) (map[string]any, error){0: moveTFERunTrigger},
}

// moveTFERunTrigger transforms the incumbent's run trigger; the names of
// its workspaces, which the incumbent does not keep, are read by the
// refresh.
func moveTFERunTrigger(src fwutil.Moved) (map[string]any, error) {
	m := map[string]any{}
	src.Copy(m, "id", "workspace_id", "sourceable_id")
	return m, nil
}

// tfeOrganizationMembership is the incumbent's twin of the organization
// membership, hashicorp/tfe's tfe_organization_membership, an SDKv2
// resource of schema version 0 whose ID is the membership's, ou- and 16
// characters, as here.
var tfeOrganizationMembership = fwutil.Twin{
	Provider: tfeProvider,
	Type:     "tfe_organization_membership",
	Versions: map[int64]func(fwutil.Moved) (map[string]any, error){0: moveTFEOrganizationMembership},
}

// moveTFEOrganizationMembership transforms the incumbent's membership: it
// stores "" for the username of a person who has not signed up, which is
// null here; what it does not keep (status) is read by the refresh.
func moveTFEOrganizationMembership(src fwutil.Moved) (map[string]any, error) {
	m := map[string]any{}
	src.Copy(m, "id", "organization", "email", "user_id", "username")
	return m, nil
}

// tfeTeamOrganizationMember is the incumbent's twin of the team member,
// hashicorp/tfe's tfe_team_organization_member, an SDKv2 resource of
// schema version 0 whose ID is <TEAM ID>/<MEMBERSHIP ID>, as here.
var tfeTeamOrganizationMember = fwutil.Twin{
	Provider: tfeProvider,
	Type:     "tfe_team_organization_member",
	Versions: map[int64]func(fwutil.Moved) (map[string]any, error){0: moveTFETeamOrganizationMember},
}

// moveTFETeamOrganizationMember transforms the incumbent's team member,
// whose attributes have the same names here.
func moveTFETeamOrganizationMember(src fwutil.Moved) (map[string]any, error) {
	m := map[string]any{}
	src.Copy(m, "id", "team_id", "organization_membership_id")
	return m, nil
}
