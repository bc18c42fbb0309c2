package platform_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/platform"
)

// Everything a request can store comes back from the state file as it was
// answered, tokens working.
func TestState_roundTripOfEveryObject(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	a.do(http.MethodPatch, orgsPath+"/acme", body("organizations", map[string]any{
		"allow-force-delete-workspaces": true, "default-execution-mode": "agent", "default-agent-pool-id": "apool-AAAAAAAAAAAAAAAA",
	}, nil)).data(t, http.StatusOK)
	prj := a.createProject("acme", "web")
	a.do(http.MethodPatch, projectPath(prj), body("projects", map[string]any{"description": "d", "default-execution-mode": "local"},
		map[string]any{"tag-bindings": bindings("env", "prod")})).data(t, http.StatusOK)
	orgToken, _ := a.server.MintOrganizationToken("acme")
	teamToken, _ := a.server.MintTeamToken("acme", "team-TTTTTTTTTTTTTTTT")
	aliceToken, _ := a.server.MintUserToken("alice")
	a.as(aliceToken).createOrg("alices")

	paths := []string{orgsPath + "/acme", projectPath(prj), projectPath(prj) + "/tag-bindings", orgsPath + "/acme/projects", orgsPath}
	var before []string
	for _, p := range paths {
		before = append(before, a.get(p).Body)
	}
	data, err := a.server.MarshalState()
	if err != nil {
		t.Fatal(err)
	}
	b := newAPI(t, platform.Options{})
	if err := b.server.UnmarshalState(data); err != nil {
		t.Fatal(err)
	}
	for i, p := range paths {
		after := b.get(p).Body
		// Lists link to their own server.
		after = strings.ReplaceAll(after, b.url, a.url)
		if after != before[i] {
			t.Errorf("%s after a round trip:\n%s\nwant\n%s", p, after, before[i])
		}
	}
	for _, tok := range []string{orgToken, teamToken} {
		b.as(tok).get(orgsPath+"/acme").data(t, http.StatusOK)
	}
	if got := ids(b.as(aliceToken).get(orgsPath).list(t)); strings.Join(got, ",") != "alices" {
		t.Errorf("alice sees %v after a round trip", got)
	}
	again, err := b.server.MarshalState()
	if err != nil || string(again) != string(data) {
		t.Errorf("state after a round trip differs (%v)", err)
	}
}

func TestState_refusesWhatNoRequestStores(t *testing.T) {
	const org = `{"name":"acme","external-id":"org-AAAAAAAAAAAAAAAA","default-execution-mode":"remote","default-project":"prj-AAAAAAAAAAAAAAAA","owners":[]}`
	const prj = `{"id":"prj-AAAAAAAAAAAAAAAA","organization":"org-AAAAAAAAAAAAAAAA","name":"Default Project"}`
	s, _ := platform.New(platform.Options{})
	if err := s.UnmarshalState([]byte(`{"organizations":[` + org + `],"projects":[` + prj + `]}`)); err != nil {
		t.Fatalf("a valid file: %v", err)
	}
	for _, bad := range []string{
		`{"organizations":[{"name":"a b","external-id":"org-AAAAAAAAAAAAAAAA"}]}`,
		`{"organizations":[` + org + `]}`,
		`{"organizations":[` + org + `,` + org + `],"projects":[` + prj + `]}`,
		`{"organizations":[` + strings.Replace(org, `"remote"`, `"cloud"`, 1) + `],"projects":[` + prj + `]}`,
		`{"projects":[` + prj + `]}`,
		`{"organizations":[` + org + `],"projects":[` + prj + `],"tokens":[{"id":"at-AAAAAAAAAAAAAAAA","secret":"s","kind":"organization","subject":"org-BBBBBBBBBBBBBBBB","organization":"org-BBBBBBBBBBBBBBBB"}]}`,
		`{"organizations":[` + org + `],"projects":[` + prj + `],"tokens":[{"id":"at-AAAAAAAAAAAAAAAA","secret":"s","kind":"team","subject":"owners","organization":"org-AAAAAAAAAAAAAAAA"}]}`,
	} {
		if err := s.UnmarshalState([]byte(bad)); err == nil {
			t.Errorf("UnmarshalState(%s) succeeded", bad)
		}
	}
}
