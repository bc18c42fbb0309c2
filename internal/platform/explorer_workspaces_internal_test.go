package platform

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// The explorer's workspace rows' convention, which conventions_test.go
// runs.
func init() {
	declareObject("explorer_workspace", func(ctx context.Context) objectConvention {
		attrs := explorerWorkspacesDataSourceSchema(ctx).Attributes
		nested, _ := attrs["workspaces"].(schema.ListNestedAttribute)
		return objectConvention{
			apiType: platformclient.ExplorerWorkspace{},
			shownBy: attributeNames(attrs, nested.NestedObject.Attributes),
			renamed: map[string]string{
				"workspace-name": "name", "project-external-id": "project_id", "workspace-terraform-version": "terraform_version",
				"state-version-terraform-version": "state_terraform_version", "workspace-created-at": "created_at",
				"workspace-updated-at": "updated_at", "tags": "tag_names",
			},
			notExposed: map[string]string{
				"external-id":       "the workspace's ID, which id shows",
				"organization-name": "the organization read, which organization shows",
				"provider-count":    "the length of providers",
				"module-count":      "the length of modules",
			},
		}
	})
}
