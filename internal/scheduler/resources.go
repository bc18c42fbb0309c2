package scheduler

import (
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/resource"
)

// Resources lists the constructors of the scheduler's resources.
func Resources() []func() resource.Resource {
	return []func() resource.Resource{NewACLAuthMethodResource}
}

// DataSources lists the constructors of the scheduler's data sources.
func DataSources() []func() datasource.DataSource {
	return []func() datasource.DataSource{NewACLAuthMethodDataSource, NewACLAuthMethodsDataSource}
}

// ListResources lists the constructors of the scheduler's list resources.
func ListResources() []func() list.ListResource {
	return []func() list.ListResource{NewACLAuthMethodListResource}
}
