package platform_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/emutest"
	"github.com/stackworks/terraform-provider-stack/internal/emulator/platform"
)

func sshKeysPath(org string) string { return orgsPath + "/" + org + "/ssh-keys" }

func sshKeyPath(id string) string { return "/api/v2/ssh-keys/" + id }

// createSSHKey creates a key of org as a's token and returns its ID.
func (a *api) createSSHKey(org, name, value string) string {
	a.t.Helper()
	d := a.create(sshKeysPath(org), "ssh-keys", map[string]any{"name": name, "value": value}, nil)
	return wantID(a.t, d["id"], "sshkey")
}

// assignSSHKey is the body of PATCH .../relationships/ssh-key; an empty id
// is null.
func assignSSHKey(id string) map[string]any {
	var v any
	if id != "" {
		v = id
	}
	return body("workspaces", map[string]any{"id": v}, nil)
}

const privateKey = "-----BEGIN OPENSSH PRIVATE KEY-----\nsecret-material\n-----END OPENSSH PRIVATE KEY-----\n"

func TestSSHKey_lifecycleAnswersTheNameOnly(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	r := a.do(http.MethodPost, sshKeysPath("acme"), body("ssh-keys", map[string]any{"name": "deploy", "value": privateKey}, nil))
	d := r.data(t, http.StatusCreated)
	id := wantID(t, d["id"], "sshkey")
	if d["type"] != "ssh-keys" || !emutest.EqualJSON(t, d["attributes"], map[string]any{"name": "deploy"}) {
		t.Errorf("create answer %v", d)
	}
	a.wantStored(d, sshKeyPath(id))

	other := a.createSSHKey("acme", "Archive", "other key")
	list := a.get(sshKeysPath("acme") + "?page[size]=1")
	if got := ids(list.list(t)); strings.Join(got, ",") != other+","+id {
		t.Errorf("list %v, want both keys by name, page[] ignored", got)
	}
	if _, paged := emutest.JSON(t, list)["meta"]; paged {
		t.Errorf("list has meta: %s", list.Body)
	}

	up := a.do(http.MethodPatch, sshKeyPath(id), body("ssh-keys", map[string]any{"name": "deploy-2"}, nil)).data(t, http.StatusOK)
	wantAttrs(t, up, map[string]any{"name": "deploy-2"})
	wantAttrs(t, a.get(sshKeyPath(id)).data(t, http.StatusOK), map[string]any{"name": "deploy-2"})

	for _, path := range []string{sshKeyPath(id), sshKeysPath("acme")} {
		if body := a.get(path).Body; strings.Contains(body, "secret-material") || strings.Contains(body, "value") {
			t.Errorf("%s answers the key's value: %s", path, body)
		}
	}
	if strings.Contains(r.Body, "secret-material") {
		t.Errorf("create answers the key's value: %s", r.Body)
	}

	a.wantDeletes(sshKeyPath(id))
	if got := ids(a.get(sshKeysPath("acme")).list(t)); len(got) != 1 || got[0] != other {
		t.Errorf("list after delete %v", got)
	}
}

func TestSSHKey_nameAndValueAreRequired(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	create := func(attrs map[string]any) response {
		return a.do(http.MethodPost, sshKeysPath("acme"), body("ssh-keys", attrs, nil))
	}
	wantInvalid(t, create(map[string]any{"value": "k"}), "/data/attributes/name", "name is required")
	wantInvalid(t, create(map[string]any{"name": " ", "value": "k"}), "/data/attributes/name", "name can't be blank")
	wantInvalid(t, create(map[string]any{"name": "n"}), "/data/attributes/value", "value is required")
	wantInvalid(t, create(map[string]any{"name": "n", "value": nil}), "/data/attributes/value", "value is required")
	if got := a.get(sshKeysPath("acme")).list(t); len(got) != 0 {
		t.Errorf("refused creates stored %v", got)
	}

	id := a.createSSHKey("acme", "deploy", "k")
	wantInvalid(t, a.do(http.MethodPatch, sshKeyPath(id), body("ssh-keys", map[string]any{"name": ""}, nil)), "/data/attributes/name", "name can't be blank")
	wantInvalid(t, a.do(http.MethodPatch, sshKeyPath(id), body("ssh-keys", map[string]any{"name": "renamed", "value": "new"}, nil)),
		"/data/attributes/value", "value cannot be changed")
	wantAttrs(t, a.get(sshKeyPath(id)).data(t, http.StatusOK), map[string]any{"name": "deploy"})
}

// Keys are read by whoever sees the organization but its organization
// token, and managed by the owners and teams with manage-vcs-settings;
// the rest is 404.
func TestSSHKey_whoSeesAndManagesKeys(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	id := a.createSSHKey("acme", "deploy", "k")
	create := body("ssh-keys", map[string]any{"name": "n", "value": "k"}, nil)
	rename := body("ssh-keys", map[string]any{"name": "renamed"}, nil)

	bob, _ := a.server.MintUserToken("bob")
	orgToken, _ := a.server.MintOrganizationToken("acme")
	for name, token := range map[string]string{"another user": bob, "the organization token": orgToken} {
		as := a.as(token)
		wantNotFound(t, as.get(sshKeysPath("acme")))
		wantNotFound(t, as.get(sshKeyPath(id)))
		wantNotFound(t, as.do(http.MethodPost, sshKeysPath("acme"), create))
		wantNotFound(t, as.do(http.MethodPatch, sshKeyPath(id), rename))
		wantNotFound(t, as.do(http.MethodDelete, sshKeyPath(id), nil))
		if t.Failed() {
			t.Fatalf("as %s", name)
		}
	}

	plainToken, _ := a.server.MintTeamToken("acme", a.createTeam("acme", "plain"))
	plain := a.as(plainToken)
	if got := ids(plain.get(sshKeysPath("acme")).list(t)); len(got) != 1 || got[0] != id {
		t.Errorf("a team lists %v", got)
	}
	plain.get(sshKeyPath(id)).data(t, http.StatusOK)
	wantNotFound(t, plain.do(http.MethodPost, sshKeysPath("acme"), create))
	wantNotFound(t, plain.do(http.MethodPatch, sshKeyPath(id), rename))
	wantNotFound(t, plain.do(http.MethodDelete, sshKeyPath(id), nil))

	vcs := a.createTeam("acme", "vcs")
	a.do(http.MethodPatch, "/api/v2/teams/"+vcs, body("teams", map[string]any{"organization-access": map[string]any{"manage-vcs-settings": true}}, nil)).data(t, http.StatusOK)
	vcsToken, _ := a.server.MintTeamToken("acme", vcs)
	managed := a.as(vcsToken).createSSHKey("acme", "by-team", "k")
	a.as(vcsToken).do(http.MethodPatch, sshKeyPath(id), rename).data(t, http.StatusOK)
	emutest.WantAPIStatus(t, a.as(vcsToken).do(http.MethodDelete, sshKeyPath(managed), nil), http.StatusNoContent)
}

func TestSSHKey_assignedToAWorkspace(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	a.createOrg("other")
	ws := a.workspaceID("acme", "web")
	key := a.createSSHKey("acme", "deploy", "k")
	foreign := a.createSSHKey("other", "deploy", "k")
	path := workspacePath(ws) + "/relationships/ssh-key"

	if got := relID(t, a.get(workspacePath(ws)).data(t, http.StatusOK), "ssh-key", "ssh-keys"); got != "" {
		t.Fatalf("a new workspace's ssh-key %q", got)
	}
	d := a.do(http.MethodPatch, path, assignSSHKey(key)).data(t, http.StatusOK)
	if d["type"] != "workspaces" || d["id"] != ws || relID(t, d, "ssh-key", "ssh-keys") != key {
		t.Errorf("assign answer %v", d)
	}
	if got := relID(t, a.get(workspacePath(ws)).data(t, http.StatusOK), "ssh-key", "ssh-keys"); got != key {
		t.Errorf("read after assign: ssh-key %q", got)
	}

	wantInvalid(t, a.do(http.MethodPatch, path, assignSSHKey(foreign)), "/data/attributes/id", "not a key of the workspace's organization")
	wantInvalid(t, a.do(http.MethodPatch, path, body("workspaces", map[string]any{}, nil)), "/data/attributes/id", "id is required")
	wantNotFound(t, a.do(http.MethodPatch, path, assignSSHKey("sshkey-AAAAAAAAAAAAAAAA")))
	wantNotFound(t, a.do(http.MethodPatch, workspacePath("ws-AAAAAAAAAAAAAAAA")+"/relationships/ssh-key", assignSSHKey(key)))
	bob, _ := a.server.MintUserToken("bob")
	wantNotFound(t, a.as(bob).do(http.MethodPatch, path, assignSSHKey("")))
	if got := relID(t, a.get(workspacePath(ws)).data(t, http.StatusOK), "ssh-key", "ssh-keys"); got != key {
		t.Errorf("refused changes changed ssh-key to %q", got)
	}

	d = a.do(http.MethodPatch, path, assignSSHKey("")).data(t, http.StatusOK)
	if got := relData(t, d, "ssh-key"); got != nil {
		t.Errorf("unassign answer's ssh-key %v", got)
	}
	if got := relData(t, a.get(workspacePath(ws)).data(t, http.StatusOK), "ssh-key"); got != nil {
		t.Errorf("read after unassign: ssh-key %v", got)
	}
}

// A key in use is deleted all the same (the client's own tests delete a
// key before the workspace that uses it), and the workspace is left
// without one; a deleted organization takes its keys.
func TestSSHKey_deleteInUseLeavesTheWorkspaceWithoutAKey(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	ws := a.workspaceID("acme", "web")
	key := a.createSSHKey("acme", "deploy", "k")
	a.do(http.MethodPatch, workspacePath(ws)+"/relationships/ssh-key", assignSSHKey(key)).data(t, http.StatusOK)
	emutest.WantAPIStatus(t, a.do(http.MethodDelete, sshKeyPath(key), nil), http.StatusNoContent)
	if got := relData(t, a.get(workspacePath(ws)).data(t, http.StatusOK), "ssh-key"); got != nil {
		t.Errorf("ssh-key of the deleted key's workspace %v", got)
	}

	other := a.createSSHKey("acme", "other", "k")
	emutest.WantAPIStatus(t, a.do(http.MethodDelete, orgsPath+"/acme", nil), http.StatusNoContent)
	wantNotFound(t, a.get(sshKeyPath(other)))
}

func TestSSHKey_stateKeepsKeysAndAssignments(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	ws := a.workspaceID("acme", "web")
	key := a.createSSHKey("acme", "deploy", privateKey)
	a.do(http.MethodPatch, workspacePath(ws)+"/relationships/ssh-key", assignSSHKey(key)).data(t, http.StatusOK)
	b, data := a.reload(sshKeyPath(key))
	if got := relID(t, b.get(workspacePath(ws)).data(t, http.StatusOK), "ssh-key", "ssh-keys"); got != key {
		t.Errorf("workspace's ssh-key after reload %q", got)
	}
	if !strings.Contains(string(data), "secret-material") {
		t.Errorf("the state file lost the key's value")
	}

	for name, breakIt := range map[string]func(st map[string]any){
		"a workspace's unknown key": func(st map[string]any) { first(t, st, "workspaces")["ssh-key"] = "sshkey-AAAAAAAAAAAAAAAA" },
		"a key without a value":     func(st map[string]any) { first(t, st, "ssh-keys")["value"] = " " },
		"a key's bad ID":            func(st map[string]any) { first(t, st, "ssh-keys")["id"] = "key-1" },
		"a key of no organization":  func(st map[string]any) { first(t, st, "ssh-keys")["organization"] = "org-AAAAAAAAAAAAAAAA" },
	} {
		if err := newAPI(t, platform.Options{}).server.UnmarshalState(changedState(t, data, breakIt)); err == nil {
			t.Errorf("%s: loaded", name)
		}
	}
}

// changedState returns the state file data after change.
func changedState(t *testing.T, data []byte, change func(st map[string]any)) []byte {
	t.Helper()
	var st map[string]any
	if err := json.Unmarshal(data, &st); err != nil {
		t.Fatal(err)
	}
	change(st)
	out, err := json.Marshal(st)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// first returns the first object of a list of the state file.
func first(t *testing.T, st map[string]any, list string) map[string]any {
	t.Helper()
	l, _ := st[list].([]any)
	if len(l) == 0 {
		t.Fatalf("state has no %s", list)
	}
	return emutest.Object(t, l[0])
}

func init() {
	// A key, and a workspace that uses it.
	addStateFixture("ssh-keys", func(a *api) roundTrip {
		key := a.createSSHKey("acme", "state-deploy", privateKey)
		ws := a.workspaceID("acme", "state-keyed")
		a.do(http.MethodPatch, workspacePath(ws)+"/relationships/ssh-key", assignSSHKey(key)).data(a.t, http.StatusOK)
		return roundTrip{paths: []string{sshKeyPath(key), sshKeysPath("acme"), workspacePath(ws)}}
	})
}
