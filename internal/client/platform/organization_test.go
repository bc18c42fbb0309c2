package platform

import (
	"context"
	"net/http"
	"reflect"
	"testing"
	"time"
)

const organizationJSON = `{"data":{"id":"acme","type":"organizations","attributes":{
	"external-id":"org-6p5RiCe5CRjBmsGt","name":"acme","email":"ops@acme.example",
	"session-timeout":60,"session-remember":1440,"collaborator-auth-policy":"two_factor_mandatory",
	"cost-estimation-enabled":true,"send-passing-statuses-for-untriggered-speculative-plans":true,
	"aggregated-commit-status-enabled":false,"speculative-plan-management-enabled":false,
	"owners-team-saml-role-id":"owners","assessments-enforced":true,"allow-force-delete-workspaces":true,
	"default-execution-mode":"agent","user-tokens-enabled":false,"registry-monorepo-support-enabled":true,
	"created-at":"2024-05-01T10:00:00.123Z","trial-expires-at":null,"is-unified":false,"saml-enabled":false,
	"two-factor-conformant":true,"remaining-testable-count":5,
	"permissions":{"can-update":true,"can-destroy":true,"can-create-workspace":true,"can-create-project":true}},
	"relationships":{
		"default-project":{"data":{"id":"prj-6p5RiCe5CRjBmsGt","type":"projects"}},
		"default-agent-pool":{"data":{"id":"apool-6p5RiCe5CRjBmsGt","type":"agent-pools"}},
		"data-retention-policy":{"data":null}},
	"links":{"self":"/api/v2/organizations/acme"}}}`

func assertOrganization(t *testing.T, got *Organization) {
	t.Helper()
	want := Organization{
		Name: "acme", ExternalID: "org-6p5RiCe5CRjBmsGt", Email: "ops@acme.example",
		SessionTimeout: ptr(60), SessionRemember: ptr(1440), CollaboratorAuthPolicy: AuthPolicyTwoFactorMandatory,
		CostEstimationEnabled: true, SendPassingStatusesForUntriggeredSpeculativePlans: true,
		AggregatedCommitStatusEnabled: false, SpeculativePlanManagementEnabled: false,
		OwnersTeamSAMLRoleID: "owners", AssessmentsEnforced: true, AllowForceDeleteWorkspaces: true,
		DefaultExecutionMode: ExecutionModeAgent, UserTokensEnabled: ptr(false), RegistryMonorepoSupportEnabled: ptr(true),
		CreatedAt:           ptr(time.Date(2024, 5, 1, 10, 0, 0, 123e6, time.UTC)),
		TwoFactorConformant: true, RemainingTestableCount: 5,
		Permissions:      &OrganizationPermissions{CanUpdate: true, CanDestroy: true, CanCreateWorkspace: true, CanCreateProject: true},
		DefaultProject:   &Project{ID: "prj-6p5RiCe5CRjBmsGt"},
		DefaultAgentPool: &AgentPool{ID: "apool-6p5RiCe5CRjBmsGt"},
	}
	if !reflect.DeepEqual(*got, want) {
		t.Errorf("organization\n%+v\nwant\n%+v", *got, want)
	}
}

func TestOrganizations_Create(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusCreated, organizationJSON))
	got, err := c.Organizations.Create(context.Background(), OrganizationOptions{
		Name: ptr("acme"), Email: ptr("ops@acme.example"),
		SessionTimeout: ptr(60), SessionRemember: ptr(1440), CollaboratorAuthPolicy: ptr(AuthPolicyTwoFactorMandatory),
		CostEstimationEnabled: ptr(true), SendPassingStatusesForUntriggeredSpeculativePlans: ptr(true),
		AggregatedCommitStatusEnabled: ptr(false), SpeculativePlanManagementEnabled: ptr(false),
		OwnersTeamSAMLRoleID: ptr("owners"), AssessmentsEnforced: ptr(true), AllowForceDeleteWorkspaces: ptr(true),
		DefaultExecutionMode: ptr(ExecutionModeAgent), DefaultAgentPoolID: Value("apool-6p5RiCe5CRjBmsGt"),
		UserTokensEnabled: ptr(false), RegistryMonorepoSupportEnabled: ptr(true),
	})
	if err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodPost, "/api/v2/organizations", "", `{"data":{"type":"organizations","attributes":{
		"name":"acme","email":"ops@acme.example","session-timeout":60,"session-remember":1440,
		"collaborator-auth-policy":"two_factor_mandatory","cost-estimation-enabled":true,
		"send-passing-statuses-for-untriggered-speculative-plans":true,"aggregated-commit-status-enabled":false,
		"speculative-plan-management-enabled":false,"owners-team-saml-role-id":"owners","assessments-enforced":true,
		"allow-force-delete-workspaces":true,"default-execution-mode":"agent","default-agent-pool-id":"apool-6p5RiCe5CRjBmsGt",
		"user-tokens-enabled":false,"registry-monorepo-support-enabled":true}}}`)
	assertOrganization(t, got)
}

func TestOrganizations_CreateSendsOnlyWhatIsSet(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusCreated, organizationJSON))
	if _, err := c.Organizations.Create(context.Background(), OrganizationOptions{Name: ptr("acme"), Email: ptr("ops@acme.example")}); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodPost, "/api/v2/organizations", "",
		`{"data":{"type":"organizations","attributes":{"name":"acme","email":"ops@acme.example"}}}`)
}

func TestOrganizations_Read(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusOK, organizationJSON))
	got, err := c.Organizations.Read(context.Background(), "acme", OrganizationReadOptions{Include: []string{"default-project"}})
	if err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/organizations/acme", "include=default-project", "")
	assertOrganization(t, got)
}

func TestOrganizations_Update(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusOK, organizationJSON))
	got, err := c.Organizations.Update(context.Background(), "acme old", OrganizationOptions{
		Name: ptr("acme"), DefaultExecutionMode: ptr(ExecutionModeRemote), DefaultAgentPoolID: Null[string](),
		SpeculativePlanManagementEnabled: ptr(true), RegistryMonorepoSupportEnabled: ptr(false),
	})
	if err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodPatch, "/api/v2/organizations/acme%20old", "", `{"data":{"type":"organizations","attributes":{
		"name":"acme","default-execution-mode":"remote","default-agent-pool-id":null,"speculative-plan-management-enabled":true,
		"registry-monorepo-support-enabled":false}}}`)
	if got.Name != "acme" {
		t.Errorf("name %q", got.Name)
	}

	if _, err := c.Organizations.Update(context.Background(), "acme", OrganizationOptions{
		DefaultExecutionMode: ptr(ExecutionModeAgent), DefaultAgentPoolID: Value("apool-1"),
	}); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodPatch, "/api/v2/organizations/acme", "",
		`{"data":{"type":"organizations","attributes":{"default-execution-mode":"agent","default-agent-pool-id":"apool-1"}}}`)
}

func TestOrganizations_Delete(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusNoContent, ""))
	if err := c.Organizations.Delete(context.Background(), "acme"); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodDelete, "/api/v2/organizations/acme", "", "")
}

func TestOrganizations_List(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusOK, `{"data":[{"id":"acme","type":"organizations","attributes":{"email":"a@x"}},
		{"id":"beta","type":"organizations","attributes":{"email":"b@x"}}],"meta":{"pagination":{"current-page":1,"next-page":null,"total-count":2}}}`))
	got, err := c.Organizations.List(context.Background(), OrganizationListOptions{Query: "a", Email: "a@x"})
	if err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/organizations", "page%5Bnumber%5D=1&page%5Bsize%5D=100&q=a&q%5Bemail%5D=a%40x", "")
	if len(got.Items) != 2 || got.Items[0].Name != "acme" || got.Items[1].Email != "b@x" {
		t.Errorf("got %+v", got.Items)
	}
}

func init() {
	refuseEmptyIDs(func(ctx context.Context, c *Client) map[string][]error {
		return map[string][]error{
			"organization name is empty": {
				errOf(c.Organizations.Read(ctx, "", OrganizationReadOptions{})),
				errOf(c.Organizations.Update(ctx, "", OrganizationOptions{})),
				c.Organizations.Delete(ctx, ""),
			},
		}
	})
	addWrites(func(ctx context.Context) map[string]write {
		return map[string]write{
			"Organizations.Create": {func(c *Client) error { return errOf(c.Organizations.Create(ctx, OrganizationOptions{})) }, sentOnce},
			"Organizations.Update": {func(c *Client) error { return errOf(c.Organizations.Update(ctx, "acme", OrganizationOptions{})) }, sentOnce},
		}
	})
}
