package platform

import (
	"context"
	"net/http"
	"reflect"
	"strconv"
	"testing"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/client/internal/clienttest"
)

const workspaceJSON = `{"data":{"id":"ws-4pW7hPwDJ1fY3gSC","type":"workspaces","attributes":{
	"name":"networking","description":"VPCs","allow-destroy-plan":true,"assessments-enabled":true,"auto-apply":true,
	"auto-apply-run-trigger":true,"file-triggers-enabled":false,"global-remote-state":true,"project-remote-state":false,
	"queue-all-runs":true,"speculative-enabled":false,"structured-run-output-enabled":true,
	"auto-destroy-at":"2030-06-01T12:00:00Z","auto-destroy-activity-duration":null,"inherits-project-auto-destroy":false,
	"execution-mode":"agent","operations":true,"source-name":"console","source-url":"https://console.example",
	"terraform-version":"~> 1.9","trigger-patterns":["/modules/**"],"trigger-prefixes":[],"working-directory":"net",
	"vcs-repo":{"identifier":"acme/net","branch":"main","ingress-submodules":true,"codehost-app-installation-id":"ghain-1",
		"oauth-token-id":null,"tags-regex":null,"display-identifier":"acme/net","repository-http-url":"https://git.example/acme/net",
		"service-provider":"github","webhook-url":"https://platform.example.com/webhooks/1"},
	"setting-overwrites":{"execution-mode":true,"agent-pool":true},
	"hyok-enabled":false,"tag-names":["prod","network"],
	"can-queue-destroy-plan":false,"created-at":"2024-01-02T03:04:05Z","updated-at":"2024-02-03T04:05:06.5Z",
	"latest-change-at":"2024-02-03T04:05:06Z","environment":"default","locked":false,"source":"tfe-api",
	"permissions":{"can-update":true,"can-force-delete":false,"can-queue-run":true},
	"actions":{"is-destroyable":true},
	"resource-count":42,"apply-duration-average":61000,"plan-duration-average":30500,"policy-check-failures":1,
	"run-failures":2,"workspace-kpis-runs-count":17},
	"relationships":{
		"organization":{"data":{"id":"acme","type":"organizations"}},
		"project":{"data":{"id":"prj-6p5RiCe5CRjBmsGt","type":"projects"}},
		"agent-pool":{"data":{"id":"apool-6p5RiCe5CRjBmsGt","type":"agent-pools"}},
		"current-run":{"data":{"id":"run-1","type":"runs"}},
		"remote-state-consumers":{"links":{"related":"/api/v2/workspaces/ws-4pW7hPwDJ1fY3gSC/relationships/remote-state-consumers"}},
		"locked-by":{"data":null},
		"tags":{"data":[{"id":"tag-1","type":"tags"}]}},
	"links":{"self":"/api/v2/organizations/acme/workspaces/networking"}},
	"included":[{"id":"prj-6p5RiCe5CRjBmsGt","type":"projects","attributes":{"name":"Default Project"}}]}`

func TestWorkspaces_decodesEveryAttribute(t *testing.T) {
	c, _ := fakePlatform(t, reply(http.StatusOK, workspaceJSON))
	got, err := c.Workspaces.ReadByID(context.Background(), "ws-4pW7hPwDJ1fY3gSC", WorkspaceReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want := Workspace{
		ID: "ws-4pW7hPwDJ1fY3gSC", Name: "networking", Description: "VPCs",
		AllowDestroyPlan: true, AssessmentsEnabled: true, AutoApply: true, AutoApplyRunTrigger: true,
		GlobalRemoteState: true, QueueAllRuns: true, StructuredRunOutputEnabled: true,
		AutoDestroyAt: ptr(time.Date(2030, 6, 1, 12, 0, 0, 0, time.UTC)),
		ExecutionMode: ExecutionModeAgent, Operations: true, SourceName: "console", SourceURL: "https://console.example",
		TerraformVersion: "~> 1.9", TriggerPatterns: []string{"/modules/**"}, TriggerPrefixes: []string{}, WorkingDirectory: "net",
		VCSRepo: &VCSRepo{
			Identifier: "acme/net", Branch: "main", IngressSubmodules: true, CodehostAppInstallationID: "ghain-1",
			DisplayIdentifier: "acme/net", RepositoryHTTPURL: "https://git.example/acme/net", ServiceProvider: "github",
			WebhookURL: "https://platform.example.com/webhooks/1",
		},
		SettingOverwrites: &WorkspaceSettingOverwrites{ExecutionMode: ptr(true), AgentPool: ptr(true)},
		TagNames:          []string{"prod", "network"},
		CreatedAt:         ptr(time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)),
		UpdatedAt:         ptr(time.Date(2024, 2, 3, 4, 5, 6, 5e8, time.UTC)),
		LatestChangeAt:    ptr(time.Date(2024, 2, 3, 4, 5, 6, 0, time.UTC)),
		Environment:       "default", Source: "tfe-api",
		Permissions:   &WorkspacePermissions{CanUpdate: true, CanQueueRun: true},
		Actions:       &WorkspaceActions{IsDestroyable: true},
		ResourceCount: 42, ApplyDurationAverage: 61000, PlanDurationAverage: 30500, PolicyCheckFailures: 1, RunFailures: 2, RunsCount: 17,
		Organization: &Organization{Name: "acme"},
		Project:      &Project{ID: "prj-6p5RiCe5CRjBmsGt", Name: "Default Project"},
		AgentPool:    &AgentPool{ID: "apool-6p5RiCe5CRjBmsGt"},
		Tags:         []*Tag{{ID: "tag-1"}},
	}
	if !reflect.DeepEqual(*got, want) {
		t.Errorf("workspace\n%+v\nwant\n%+v", *got, want)
	}
}

func TestWorkspaces_Create(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusCreated, workspaceJSON))
	_, err := c.Workspaces.Create(context.Background(), "acme", WorkspaceOptions{
		Name: ptr("networking"), Description: ptr("VPCs"), AutoApply: ptr(true), AutoApplyRunTrigger: ptr(true),
		AllowDestroyPlan: ptr(true), AssessmentsEnabled: ptr(false), FileTriggersEnabled: ptr(false),
		GlobalRemoteState: ptr(true), QueueAllRuns: ptr(true), SpeculativeEnabled: ptr(false), StructuredRunOutputEnabled: ptr(true),
		AutoDestroyAt: Value(time.Date(2030, 6, 1, 12, 0, 0, 0, time.UTC)),
		ExecutionMode: ptr(ExecutionModeAgent), AgentPoolID: Value("apool-1"),
		TerraformVersion: ptr("~> 1.9"), TriggerPatterns: []string{"/modules/**"}, TriggerPrefixes: []string{},
		WorkingDirectory: ptr("net"), SourceName: ptr("console"), SourceURL: ptr("https://console.example"),
		VCSRepo: Value(&VCSRepoOptions{
			Identifier: ptr("acme/net"), Branch: ptr("main"), IngressSubmodules: ptr(true), CodehostAppInstallationID: ptr("ghain-1"),
		}),
		SettingOverwrites: &WorkspaceSettingOverwrites{ExecutionMode: ptr(true), AgentPool: ptr(true)},
		Project:           &Project{ID: "prj-1", Name: "never sent"},
		TagBindings:       []*TagBinding{{Key: "env", Value: "prod"}},
		Tags:              []*Tag{{Name: "network"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodPost, "/api/v2/organizations/acme/workspaces", "", `{"data":{"type":"workspaces",
		"attributes":{"name":"networking","description":"VPCs","auto-apply":true,"auto-apply-run-trigger":true,
			"allow-destroy-plan":true,"assessments-enabled":false,"file-triggers-enabled":false,"global-remote-state":true,
			"queue-all-runs":true,"speculative-enabled":false,"structured-run-output-enabled":true,
			"auto-destroy-at":"2030-06-01T12:00:00Z","execution-mode":"agent","agent-pool-id":"apool-1",
			"terraform-version":"~> 1.9","trigger-patterns":["/modules/**"],"trigger-prefixes":[],"working-directory":"net",
			"source-name":"console","source-url":"https://console.example",
			"vcs-repo":{"identifier":"acme/net","branch":"main","ingress-submodules":true,"codehost-app-installation-id":"ghain-1"},
			"setting-overwrites":{"execution-mode":true,"agent-pool":true}},
		"relationships":{
			"project":{"data":{"type":"projects","id":"prj-1"}},
			"tag-bindings":{"data":[{"type":"tag-bindings","attributes":{"key":"env","value":"prod"}}]},
			"tags":{"data":[{"type":"tags","attributes":{"name":"network"}}]}}}}`)
}

func TestWorkspaces_Update(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusOK, workspaceJSON))
	_, err := c.Workspaces.Update(context.Background(), "ws-1", WorkspaceOptions{
		AutoDestroyAt: Null[time.Time](), AutoDestroyActivityDuration: Value("12h"),
		VCSRepo: Null[*VCSRepoOptions](), AgentPoolID: Null[string](), ExecutionMode: ptr(ExecutionModeRemote),
		TriggerPatterns: []string{}, Project: &Project{ID: "prj-2"}, TagBindings: []*TagBinding{},
	})
	if err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodPatch, "/api/v2/workspaces/ws-1", "", `{"data":{"type":"workspaces",
		"attributes":{"auto-destroy-at":null,"auto-destroy-activity-duration":"12h","vcs-repo":null,"agent-pool-id":null,
			"execution-mode":"remote","trigger-patterns":[]},
		"relationships":{"project":{"data":{"type":"projects","id":"prj-2"}},"tag-bindings":{"data":[]}}}}`)

	_, err = c.Workspaces.Update(context.Background(), "ws-1", WorkspaceOptions{
		VCSRepo: Value(&VCSRepoOptions{Identifier: ptr("acme/net"), OAuthTokenID: ptr("ot-1"), TagsRegex: ptr(`^v\d+`)}),
	})
	if err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodPatch, "/api/v2/workspaces/ws-1", "", `{"data":{"type":"workspaces",
		"attributes":{"vcs-repo":{"identifier":"acme/net","oauth-token-id":"ot-1","tags-regex":"^v\\d+"}}}}`)
}

func TestWorkspaces_ReadByName(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusOK, workspaceJSON))
	got, err := c.Workspaces.Read(context.Background(), "acme", "net working", WorkspaceReadOptions{
		Include: []string{WorkspaceIncludeProject, WorkspaceIncludeEffectiveTagBindings},
	})
	if err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/organizations/acme/workspaces/net%20working", "include=project%2Ceffective_tag_bindings", "")
	if got.ID != "ws-4pW7hPwDJ1fY3gSC" || got.Project.Name != "Default Project" {
		t.Errorf("got %s in %+v", got.ID, got.Project)
	}
}

func TestWorkspaces_List(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusOK, `{"data":[{"id":"ws-1","type":"workspaces","attributes":{"name":"a","tag-names":["prod"]}}]}`))
	got, err := c.Workspaces.List(context.Background(), "acme", WorkspaceListOptions{
		Search: "net", Tags: "prod,eu", ExcludeTags: "old", ProjectID: "prj-1", Sort: "-name", Include: []string{WorkspaceIncludeProject},
	})
	if err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/organizations/acme/workspaces",
		"filter%5Bproject%5D%5Bid%5D=prj-1&include=project&page%5Bnumber%5D=1&page%5Bsize%5D=100"+
			"&search%5Bexclude-tags%5D=old&search%5Bname%5D=net&search%5Btags%5D=prod%2Ceu&sort=-name", "")
	if len(got.Items) != 1 || got.Items[0].TagNames[0] != "prod" {
		t.Errorf("got %+v", got.Items)
	}
}

func TestWorkspaces_Deletes(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusNoContent, ""))
	if err := c.Workspaces.SafeDelete(context.Background(), "ws-1"); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodPost, "/api/v2/workspaces/ws-1/actions/safe-delete", "", "")
	if err := c.Workspaces.Delete(context.Background(), "ws-1"); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodDelete, "/api/v2/workspaces/ws-1", "", "")

	c, _ = fakePlatform(t, reply(http.StatusConflict, `{"errors":[{"status":"409","title":"conflict","detail":"Workspace is currently managing resources"}]}`))
	err := c.Workspaces.SafeDelete(context.Background(), "ws-1")
	if clienttest.ErrText(err) != "POST /api/v2/workspaces/ws-1/actions/safe-delete: 409 Conflict: Workspace is currently managing resources" {
		t.Errorf("error %v", err)
	}
}

func TestWorkspaces_RemoteStateConsumers(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusOK, `{"data":[{"id":"ws-2","type":"workspaces","attributes":{"name":"b"}}],
		"meta":{"pagination":{"current-page":1,"next-page":null}}}`))
	got, err := c.Workspaces.ListRemoteStateConsumers(context.Background(), "ws-1")
	if err != nil || len(got.Items) != 1 || got.Items[0].ID != "ws-2" {
		t.Fatalf("consumers %+v, %v", got, err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/workspaces/ws-1/relationships/remote-state-consumers",
		"page%5Bnumber%5D=1&page%5Bsize%5D=100&show_only_configured=true", "")

	c, f = fakePlatform(t, reply(http.StatusNoContent, ""))
	ctx := context.Background()
	for _, tc := range []struct {
		call   func() error
		method string
	}{
		{func() error { return c.Workspaces.AddRemoteStateConsumers(ctx, "ws-1", []string{"ws-2", "ws-3"}) }, http.MethodPost},
		{func() error { return c.Workspaces.UpdateRemoteStateConsumers(ctx, "ws-1", []string{"ws-2", "ws-3"}) }, http.MethodPatch},
		{func() error { return c.Workspaces.RemoveRemoteStateConsumers(ctx, "ws-1", []string{"ws-2", "ws-3"}) }, http.MethodDelete},
	} {
		if err := tc.call(); err != nil {
			t.Fatal(err)
		}
		assertRequest(t, f.Last(t), tc.method, "/api/v2/workspaces/ws-1/relationships/remote-state-consumers", "",
			`{"data":[{"type":"workspaces","id":"ws-2"},{"type":"workspaces","id":"ws-3"}]}`)
	}
	if err := c.Workspaces.UpdateRemoteStateConsumers(ctx, "ws-1", nil); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodPatch, "/api/v2/workspaces/ws-1/relationships/remote-state-consumers", "", `{"data":[]}`)
}

func TestWorkspaces_Tags(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusOK, `{"data":[{"id":"tag-1","type":"tags","attributes":{"name":"prod"}}]}`))
	got, err := c.Workspaces.ListTags(context.Background(), "ws-1")
	if err != nil || len(got.Items) != 1 || *got.Items[0] != (Tag{ID: "tag-1", Name: "prod"}) {
		t.Fatalf("tags %+v, %v", got, err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/workspaces/ws-1/relationships/tags", "page%5Bnumber%5D=1&page%5Bsize%5D=100", "")

	c, f = fakePlatform(t, reply(http.StatusNoContent, ""))
	if err := c.Workspaces.AddTags(context.Background(), "ws-1", []string{"prod", "eu"}); err != nil {
		t.Fatal(err)
	}
	want := `{"data":[{"type":"tags","attributes":{"name":"prod"}},{"type":"tags","attributes":{"name":"eu"}}]}`
	assertRequest(t, f.Last(t), http.MethodPost, "/api/v2/workspaces/ws-1/relationships/tags", "", want)
	if err := c.Workspaces.RemoveTags(context.Background(), "ws-1", []string{"prod", "eu"}); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodDelete, "/api/v2/workspaces/ws-1/relationships/tags", "", want)
}

func TestWorkspaces_TagBindings(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusOK, bindingsJSON))
	got, err := c.Workspaces.ListTagBindings(context.Background(), "ws-1")
	if err != nil || len(got.Items) != 2 || got.Items[1].Key != "team" {
		t.Fatalf("bindings %+v, %v", got, err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/workspaces/ws-1/tag-bindings", "page%5Bnumber%5D=1&page%5Bsize%5D=100", "")

	c, f = fakePlatform(t, reply(http.StatusOK, `{"data":[
		{"id":"etb-1","type":"effective-tag-bindings","attributes":{"key":"env","value":"prod"},
			"relationships":{"inherited-from":{"data":{"id":"prj-6p5RiCe5CRjBmsGt","type":"projects"}}}},
		{"id":"etb-2","type":"effective-tag-bindings","attributes":{"key":"team","value":"net"},
			"relationships":{"inherited-from":{"data":null}}}]}`))
	eff, err := c.Workspaces.ListEffectiveTagBindings(context.Background(), "ws-1")
	if err != nil || len(eff.Items) != 2 || eff.Items[0].Value != "prod" {
		t.Fatalf("effective bindings %+v, %v", eff, err)
	}
	if from := eff.Items[0].InheritedFrom; from == nil || from.ID != "prj-6p5RiCe5CRjBmsGt" {
		t.Errorf("the project's binding is inherited from %+v, want prj-6p5RiCe5CRjBmsGt", from)
	}
	if from := eff.Items[1].InheritedFrom; from != nil {
		t.Errorf("the workspace's own binding is inherited from %+v, want nil", from)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/workspaces/ws-1/effective-tag-bindings", "page%5Bnumber%5D=1&page%5Bsize%5D=100", "")

	c, f = fakePlatform(t, reply(http.StatusOK, bindingsJSON))
	if err := c.Workspaces.AddTagBindings(context.Background(), "ws-1", []*TagBinding{{Key: "env", Value: "prod"}}); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodPatch, "/api/v2/workspaces/ws-1/tag-bindings", "",
		`{"data":[{"type":"tag-bindings","attributes":{"key":"env","value":"prod"}}]}`)
}

// A locked workspace names who holds its lock, a user, a team or a run, in
// the polymorphic locked-by relationship.
func TestWorkspaces_lockHolder(t *testing.T) {
	for kind, want := range map[string]string{"users": "user-1", "teams": "team-2", "runs": "run-3", "": ""} {
		lockedBy := `{"data":null}`
		if kind != "" {
			lockedBy = `{"data":{"type":"` + kind + `","id":"` + want + `"}}`
		}
		c, _ := fakePlatform(t, reply(http.StatusOK, `{"data":{"id":"ws-1","type":"workspaces","attributes":{"locked":`+
			strconv.FormatBool(kind != "")+`},"relationships":{"locked-by":`+lockedBy+`}}}`))
		got, err := c.Workspaces.ReadByID(context.Background(), "ws-1", WorkspaceReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if got.Locked != (kind != "") || got.LockedBy.ID() != want {
			t.Errorf("%s: locked %v by %q, want %q", kind, got.Locked, got.LockedBy.ID(), want)
		}
	}
}

// The workspace's current configuration and its readme are answered as
// relationships: null when it has none.
func TestWorkspaces_configurationAndReadme(t *testing.T) {
	c, _ := fakePlatform(t, reply(http.StatusOK, `{"data":{"id":"ws-1","type":"workspaces","attributes":{},"relationships":{
		"current-configuration-version":{"data":{"type":"configuration-versions","id":"cv-1"}},"readme":{"data":{"type":"workspace-readme","id":"227"}}}}}`))
	got, err := c.Workspaces.ReadByID(context.Background(), "ws-1", WorkspaceReadOptions{})
	if err != nil || got.CurrentConfigurationVersion.ID != "cv-1" || got.Readme.ID != "227" {
		t.Fatalf("workspace %+v, %v", got, err)
	}
	c, _ = fakePlatform(t, reply(http.StatusOK, `{"data":{"id":"ws-1","type":"workspaces","attributes":{},"relationships":{
		"current-configuration-version":{"data":null},"readme":{"data":null}}}}`))
	if got, err = c.Workspaces.ReadByID(context.Background(), "ws-1", WorkspaceReadOptions{}); err != nil || got.CurrentConfigurationVersion != nil || got.Readme != nil {
		t.Fatalf("workspace without them %+v, %v", got, err)
	}
}

// The workspace's SSH key is set through its relationship, with the key's
// ID as the attribute id, and removed with null.
func TestWorkspaces_SSHKey(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusOK, `{"data":{"id":"ws-1","type":"workspaces","attributes":{"name":"a"},
		"relationships":{"ssh-key":{"data":{"id":"sshkey-1","type":"ssh-keys"}}}}}`))
	got, err := c.Workspaces.AssignSSHKey(context.Background(), "ws-1", "sshkey-1")
	if err != nil {
		t.Fatal(err)
	}
	if got.SSHKey == nil || got.SSHKey.ID != "sshkey-1" {
		t.Errorf("SSH key %+v, want sshkey-1", got.SSHKey)
	}
	assertRequest(t, f.Last(t), http.MethodPatch, "/api/v2/workspaces/ws-1/relationships/ssh-key", "",
		`{"data":{"type":"workspaces","attributes":{"id":"sshkey-1"}}}`)
	if _, err := c.Workspaces.UnassignSSHKey(context.Background(), "ws-1"); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodPatch, "/api/v2/workspaces/ws-1/relationships/ssh-key", "",
		`{"data":{"type":"workspaces","attributes":{"id":null}}}`)
}

func init() {
	refuseEmptyIDs(func(ctx context.Context, c *Client) map[string][]error {
		return map[string][]error{
			"organization name is empty": {
				errOf(c.Workspaces.List(ctx, "", WorkspaceListOptions{})),
				errOf(c.Workspaces.Create(ctx, "", WorkspaceOptions{})),
				errOf(c.Workspaces.Read(ctx, "", "", WorkspaceReadOptions{})),
			},
			"workspace name is empty": {
				errOf(c.Workspaces.Read(ctx, "acme", "", WorkspaceReadOptions{})),
			},
			"workspace ID is empty": {
				errOf(c.Workspaces.ReadByID(ctx, "", WorkspaceReadOptions{})),
				errOf(c.Workspaces.Update(ctx, "", WorkspaceOptions{})),
				c.Workspaces.Delete(ctx, ""),
				c.Workspaces.SafeDelete(ctx, ""),
				errOf(c.Workspaces.ListRemoteStateConsumers(ctx, "")),
				c.Workspaces.AddRemoteStateConsumers(ctx, "", nil),
				c.Workspaces.UpdateRemoteStateConsumers(ctx, "", nil),
				c.Workspaces.RemoveRemoteStateConsumers(ctx, "", nil),
				errOf(c.Workspaces.ListTags(ctx, "")),
				c.Workspaces.AddTags(ctx, "", nil),
				c.Workspaces.RemoveTags(ctx, "", nil),
				errOf(c.Workspaces.ListTagBindings(ctx, "")),
				errOf(c.Workspaces.ListEffectiveTagBindings(ctx, "")),
				c.Workspaces.AddTagBindings(ctx, "", nil),
				errOf(c.Workspaces.AssignSSHKey(ctx, "", "sshkey-1")),
				errOf(c.Workspaces.UnassignSSHKey(ctx, "")),
			},
		}
	})
	addWrites(func(ctx context.Context) map[string]write {
		return map[string]write{
			"Workspaces.Create":     {func(c *Client) error { return errOf(c.Workspaces.Create(ctx, "acme", WorkspaceOptions{})) }, sentOnce},
			"Workspaces.Update":     {func(c *Client) error { return errOf(c.Workspaces.Update(ctx, "ws-1", WorkspaceOptions{})) }, sentOnce},
			"Workspaces.SafeDelete": {func(c *Client) error { return c.Workspaces.SafeDelete(ctx, "ws-1") }, sentOnce},
			"Workspaces.AddRemoteStateConsumers": {func(c *Client) error {
				return c.Workspaces.AddRemoteStateConsumers(ctx, "ws-1", []string{"ws-2"})
			}, sentAgain},
			"Workspaces.UpdateRemoteStateConsumers": {func(c *Client) error {
				return c.Workspaces.UpdateRemoteStateConsumers(ctx, "ws-1", []string{"ws-2"})
			}, sentAgain},
			"Workspaces.AddTags": {func(c *Client) error { return c.Workspaces.AddTags(ctx, "ws-1", []string{"prod"}) }, sentAgain},
			"Workspaces.AddTagBindings": {func(c *Client) error {
				return c.Workspaces.AddTagBindings(ctx, "ws-1", []*TagBinding{{Key: "k", Value: "v"}})
			}, sentAgain},
			"Workspaces.AssignSSHKey":   {func(c *Client) error { return errOf(c.Workspaces.AssignSSHKey(ctx, "ws-1", "sshkey-1")) }, sentAgain},
			"Workspaces.UnassignSSHKey": {func(c *Client) error { return errOf(c.Workspaces.UnassignSSHKey(ctx, "ws-1")) }, sentAgain},
		}
	})
}
