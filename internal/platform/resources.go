package platform

import (
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/ephemeral"
	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/resource"
)

// Resources lists the constructors of the platform's resources.
func Resources() []func() resource.Resource {
	return []func() resource.Resource{
		NewOrganizationResource,
		NewOrganizationDefaultSettingsResource,
		NewProjectResource,
		NewWorkspaceResource,
		NewWorkspaceSettingsResource,
		NewVariableSetResource,
		NewVariableResource,
		NewVariableSetAssignmentResource,
		NewTeamResource,
		NewTeamProjectAccessResource,
		NewTeamTokenResource,
		NewOrganizationTokenResource,
		NewAuditTrailTokenResource,
		NewAgentPoolResource,
		NewAgentPoolAllowedWorkspacesResource,
		NewAgentPoolAllowedProjectsResource,
		NewAgentPoolExcludedWorkspacesResource,
		NewSSHKeyResource,
		NewTeamAccessResource,
		NewOrganizationMembershipResource,
		NewTeamMemberResource,
		NewOAuthClientResource,
		NewProjectSettingsResource,
		NewProjectOAuthClientResource,
		NewRunTriggerResource,
		NewNotificationConfigurationResource,
		NewAgentTokenResource,
		NewRunTaskResource,
		NewRunTaskGlobalSettingsResource,
		NewWorkspaceRunTaskResource,
		NewPolicyResource,
		NewAdminSentinelVersionResource,
		NewAdminOPAVersionResource,
		NewPolicySetResource,
		NewWorkspacePolicySetResource,
		NewProjectPolicySetResource,
		NewWorkspacePolicySetExclusionResource,
		NewProjectPolicySetExclusionResource,
		NewPolicySetParameterResource,
		NewDataRetentionPolicyResource,
		NewAdminDataRetentionPolicyResource,
		NewAdminOrganizationSettingsResource,
		NewAdminSettingsResource,
		NewRegistryProviderResource,
		NewRegistryGPGKeyResource,
		NewRegistryModuleResource,
		NewRegistryModuleVersionDeprecationResource,
	}
}

// DataSources lists the constructors of the platform's data sources.
func DataSources() []func() datasource.DataSource {
	return []func() datasource.DataSource{
		NewOrganizationDataSource,
		NewProjectDataSource,
		NewProjectsDataSource,
		NewVariableSetDataSource,
		NewWorkspaceDataSource,
		NewWorkspacesDataSource,
		NewVariablesDataSource,
		NewTeamDataSource,
		NewTeamsDataSource,
		NewAgentPoolDataSource,
		NewSSHKeyDataSource,
		NewTeamAccessDataSource,
		NewOrganizationMembershipDataSource,
		NewOrganizationMembersDataSource,
		NewCurrentUserDataSource,
		NewCodehostAppInstallationDataSource,
		NewOAuthClientDataSource,
		NewEntitlementsDataSource,
		NewRunTaskDataSource,
		NewWorkspaceRunTaskDataSource,
		NewPolicyDataSource,
		NewPolicySetDataSource,
		NewOutputsDataSource,
		NewExplorerWorkspacesDataSource,
		NewRegistryProviderDataSource,
		NewRegistryProvidersDataSource,
		NewRegistryModuleDataSource,
	}
}

// EphemeralResources lists the constructors of the platform's ephemeral
// resources.
func EphemeralResources() []func() ephemeral.EphemeralResource {
	return []func() ephemeral.EphemeralResource{
		NewTeamTokenEphemeralResource,
		NewOrganizationTokenEphemeralResource,
		NewAuditTrailTokenEphemeralResource,
		NewAgentTokenEphemeralResource,
		NewOutputsEphemeralResource,
	}
}

// ListResources lists the constructors of the platform's list resources.
func ListResources() []func() list.ListResource {
	return []func() list.ListResource{
		NewProjectListResource,
		NewWorkspaceListResource,
		NewVariableSetListResource,
		NewVariableListResource,
		NewTeamListResource,
		NewTeamAccessListResource,
		NewOrganizationMembershipListResource,
		NewAgentPoolListResource,
		NewSSHKeyListResource,
		NewOAuthClientListResource,
		NewRunTriggerListResource,
		NewNotificationConfigurationListResource,
		NewPolicyListResource,
		NewPolicySetListResource,
		NewPolicySetParameterListResource,
		NewRunTaskListResource,
		NewWorkspaceRunTaskListResource,
		NewRegistryModuleListResource,
		NewRegistryProviderListResource,
		NewRegistryGPGKeyListResource,
	}
}
