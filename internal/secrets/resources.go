package secrets

import (
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/resource"
)

// Resources lists the constructors of the secrets service's resources.
func Resources() []func() resource.Resource {
	return []func() resource.Resource{
		NewSyncConfigResource,
		NewCloudOneSMDestinationResource,
		NewCloudTwoKVDestinationResource,
		NewCloudThreeSMDestinationResource,
		NewCodehostDestinationResource,
		NewWebhostProjectDestinationResource,
		NewAssociationResource,
		NewCodehostAppResource,
	}
}

// DataSources lists the constructors of the secrets service's data sources.
func DataSources() []func() datasource.DataSource {
	return []func() datasource.DataSource{
		NewDestinationDataSource,
		NewDestinationsDataSource,
		NewAssociationsDataSource,
	}
}

// ListResources lists the constructors of the secrets service's list
// resources.
func ListResources() []func() list.ListResource {
	return []func() list.ListResource{
		NewCloudOneSMDestinationListResource,
		NewCloudTwoKVDestinationListResource,
		NewCloudThreeSMDestinationListResource,
		NewCodehostDestinationListResource,
		NewWebhostProjectDestinationListResource,
		NewAssociationListResource,
	}
}
