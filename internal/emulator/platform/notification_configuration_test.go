package platform_test

import (
	"crypto/hmac"
	"crypto/sha512"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"slices"
	"testing"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/emutest"
	"github.com/stackworks/terraform-provider-stack/internal/emulator/platform"
)

func notificationsPath(kind, id string) string {
	return "/api/v2/" + kind + "/" + id + "/notification-configurations"
}
func notificationPath(id string) string { return "/api/v2/notification-configurations/" + id }

// webhook is a generic destination's create attributes.
func webhook(name string, triggers ...string) map[string]any {
	return map[string]any{
		"destination-type": "generic", "enabled": true, "name": name,
		"url": "https://hooks.example.com/platform", "token": "hmac-secret", "triggers": triggers,
	}
}

// createNotification creates a configuration of the object kind and id
// names and returns its answer.
func (a *api) createNotification(kind, id string, attrs, rels map[string]any) map[string]any {
	a.t.Helper()
	return a.create(notificationsPath(kind, id), "notification-configurations", attrs, rels)
}

// The token is taken and never answered; the answer carries the rest.
func TestNotificationConfigurations_createReadTokenWriteOnly(t *testing.T) {
	a := newAPI(t, platform.Options{})
	newClock(a)
	a.createOrg("acme")
	ws := a.workspaceID("acme", "app")
	d := a.createNotification("workspaces", ws, webhook("ops", "run:errored", "run:completed"), nil)
	id := wantID(t, d["id"], "nc")
	wantAttrs(t, d, map[string]any{
		"name": "ops", "destination-type": "generic", "enabled": true, "url": "https://hooks.example.com/platform",
		"token": nil, "triggers": []any{"run:errored", "run:completed"}, "email-addresses": []any{},
		"delivery-responses": []any{}, "created-at": "2025-06-01T12:00:00.000Z", "updated-at": "2025-06-01T12:00:00.000Z",
	})
	if relID(t, d, "subscribable", "workspaces") != ws {
		t.Errorf("subscribable %v", d["relationships"])
	}
	got := a.get(notificationPath(id)).data(t, http.StatusOK)
	if !emutest.EqualJSON(t, got, d) {
		t.Errorf("read %v\nwant %v", got, d)
	}
	// The document type the API's documents give, singular, is taken too.
	a.create(notificationsPath("workspaces", ws), "notification-configuration", webhook("singular"), nil)

	// Disabled unless enabled is given.
	attrs := webhook("quiet")
	delete(attrs, "enabled")
	wantAttrs(t, a.createNotification("workspaces", ws, attrs, nil), map[string]any{"enabled": false})
}

func TestNotificationConfigurations_destinationRules(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	ws := a.workspaceID("acme", "app")
	path := notificationsPath("workspaces", ws)
	post := func(attrs, rels map[string]any) response {
		return a.do(http.MethodPost, path, body("notification-configurations", attrs, rels))
	}
	without := func(attrs map[string]any, keys ...string) map[string]any {
		out := map[string]any{}
		for k, v := range attrs {
			if !slices.Contains(keys, k) {
				out[k] = v
			}
		}
		return out
	}
	wantInvalid(t, post(without(webhook("x"), "destination-type"), nil), "/data/attributes/destination-type", "destination-type is required")
	wantInvalid(t, post(map[string]any{"destination-type": "pager", "name": "x"}, nil), "/data/attributes/destination-type", `invalid destination-type "pager"`)
	wantInvalid(t, post(without(webhook("x"), "name"), nil), "/data/attributes/name", "Name can't be blank")
	for _, dest := range []string{"generic", "slack", "microsoft-teams"} {
		wantInvalid(t, post(map[string]any{"destination-type": dest, "name": "x"}, nil), "/data/attributes/url", "url is required for a "+dest+" destination")
	}
	wantInvalid(t, post(map[string]any{"destination-type": "generic", "name": "x", "url": "ftp://example.com"}, nil), "/data/attributes/url", "an http or https URL")
	wantInvalid(t, post(map[string]any{"destination-type": "email", "name": "x", "url": "https://example.com"}, nil), "/data/attributes/url", "url cannot be set for an email destination")
	wantInvalid(t, post(map[string]any{"destination-type": "generic", "name": "x", "url": "https://example.com", "email-addresses": []string{"a@example.com"}}, nil),
		"/data/attributes/email-addresses", "an email destination's only")
	wantInvalid(t, post(map[string]any{"destination-type": "email", "name": "x", "email-addresses": []string{"not an address"}}, nil),
		"/data/attributes/email-addresses", `invalid email address "not an address"`)
	wantInvalid(t, post(map[string]any{"destination-type": "email", "name": "x"}, map[string]any{"users": refs("users", "user-Missing123456789")}),
		"/data/relationships/users/data", `user "user-Missing123456789": no such user`)
	wantInvalid(t, post(webhook("x", "run:created", "the beacons of gondor are lit"), nil), "/data/attributes/triggers", `invalid trigger "the beacons of gondor are lit"`)
	wantInvalid(t, post(webhook("x", "team:change_request"), nil), "/data/attributes/triggers", `invalid trigger "team:change_request"`)
	wantNotFound(t, a.do(http.MethodPost, notificationsPath("workspaces", "ws-Missing1234567890"), body("notification-configurations", webhook("x"), nil)))
	if got := a.get(path).list(t); len(got) != 0 {
		t.Fatalf("refused creates stored %v", got)
	}

	// Email: addresses and users of the platform.
	if _, err := a.server.MintUserToken("alice"); err != nil {
		t.Fatal(err)
	}
	alice := platform.UserID(a.server, "alice")
	d := a.createNotification("workspaces", ws, map[string]any{"destination-type": "email", "name": "mail", "email-addresses": []string{"ops@example.com"}},
		map[string]any{"users": refs("users", alice)})
	wantAttrs(t, d, map[string]any{"url": nil, "email-addresses": []any{"ops@example.com"}})
	if got := toManyIDs(t, d, "users", "users"); !slices.Equal(got, []string{alice}) {
		t.Errorf("users %v", got)
	}
}

// Each kind of subscribable takes its own triggers; the three kinds have
// their own paths and lists.
func TestNotificationConfigurations_teamsAndProjects(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	team, prj, ws := a.createTeam("acme", "devs"), a.createProject("acme", "web"), a.workspaceID("acme", "app")
	td := a.createNotification("teams", team, webhook("team", "change_request:created", "team:change_request"), nil)
	if relID(t, td, "subscribable", "teams") != team {
		t.Errorf("subscribable %v", td["relationships"])
	}
	wantAttrs(t, td, map[string]any{"email-all-members": false})
	wantInvalid(t, a.do(http.MethodPost, notificationsPath("teams", team), body("notification-configurations", webhook("x", "run:created"), nil)),
		"/data/attributes/triggers", `invalid trigger "run:created"`)
	pd := a.createNotification("projects", prj, webhook("project", "run:created", "assessment:drifted"), nil)
	if relID(t, pd, "subscribable", "projects") != prj {
		t.Errorf("subscribable %v", pd["relationships"])
	}
	if _, present := attrs(t, pd)["email-all-members"]; present {
		t.Errorf("a project's configuration has email-all-members: %v", pd)
	}
	wantInvalid(t, a.do(http.MethodPost, notificationsPath("projects", prj), body("notification-configurations",
		map[string]any{"destination-type": "email", "name": "x", "email-all-members": true}, nil)), "/data/attributes/email-all-members", "a team's configuration's only")
	wd := a.createNotification("workspaces", ws, webhook("workspace"), nil)

	for kind, want := range map[string][2]string{"teams": {team, wantID(t, td["id"], "nc")}, "projects": {prj, wantID(t, pd["id"], "nc")}, "workspaces": {ws, wantID(t, wd["id"], "nc")}} {
		if got := ids(a.get(notificationsPath(kind, want[0])).list(t)); !slices.Equal(got, []string{want[1]}) {
			t.Errorf("%s list %v, want %v", kind, got, want[1])
		}
	}
	wantNotFound(t, a.get(notificationsPath("projects", ws)))
}

// A list without page[] parameters is every configuration, without
// pagination; with them, a page.
func TestNotificationConfigurations_list(t *testing.T) {
	a := newAPI(t, platform.Options{})
	clk := newClock(a)
	a.createOrg("acme")
	ws := a.workspaceID("acme", "app")
	var want []string
	for _, name := range []string{"b", "a", "c"} {
		want = append(want, wantID(t, a.createNotification("workspaces", ws, webhook(name), nil)["id"], "nc"))
		clk.advance(time.Second)
	}
	r := a.get(notificationsPath("workspaces", ws))
	if got := ids(r.list(t)); !slices.Equal(got, want) {
		t.Errorf("list %v, want %v", got, want)
	}
	if _, present := emutest.JSON(t, r)["meta"]; present {
		t.Errorf("unpaged list has meta: %s", r.Body)
	}
	r = a.get(notificationsPath("workspaces", ws) + "?page[number]=999&page[size]=100")
	if got := r.list(t); len(got) != 0 || r.pagination(t)["total-count"] != float64(3) || r.pagination(t)["current-page"] != float64(999) {
		t.Errorf("page 999: %v %v", got, r.pagination(t))
	}
}

func TestNotificationConfigurations_update(t *testing.T) {
	a := newAPI(t, platform.Options{})
	clk := newClock(a)
	a.createOrg("acme")
	ws := a.workspaceID("acme", "app")
	id := wantID(t, a.createNotification("workspaces", ws, webhook("ops", "run:errored"), nil)["id"], "nc")
	clk.advance(time.Minute)
	d := a.do(http.MethodPatch, notificationPath(id), body("notification-configurations", map[string]any{"enabled": false, "name": "renamed", "triggers": []string{}}, nil)).data(t, http.StatusOK)
	wantAttrs(t, d, map[string]any{"enabled": false, "name": "renamed", "triggers": []any{}, "url": "https://hooks.example.com/platform", "updated-at": "2025-06-01T12:01:00.000Z"})
	wantInvalid(t, a.do(http.MethodPatch, notificationPath(id), body("notification-configurations", map[string]any{"destination-type": "slack"}, nil)),
		"/data/attributes/destination-type", "destination-type cannot be changed")
	wantInvalid(t, a.do(http.MethodPatch, notificationPath(id), body("notification-configurations", map[string]any{"triggers": []string{"fly you fools!"}}, nil)),
		"/data/attributes/triggers", `invalid trigger "fly you fools!"`)
	wantInvalid(t, a.do(http.MethodPatch, notificationPath(id), body("notification-configurations", map[string]any{"name": " "}, nil)),
		"/data/attributes/name", "Name can't be blank")
	wantAttrs(t, a.get(notificationPath(id)).data(t, http.StatusOK), map[string]any{"name": "renamed"})

	// An email destination's update sets its users, none when it gives
	// none.
	if _, err := a.server.MintUserToken("alice"); err != nil {
		t.Fatal(err)
	}
	alice := platform.UserID(a.server, "alice")
	mail := wantID(t, a.createNotification("workspaces", ws, map[string]any{"destination-type": "email", "name": "mail"}, nil)["id"], "nc")
	d = a.do(http.MethodPatch, notificationPath(mail), body("notification-configurations", nil, map[string]any{"users": refs("users", alice)})).data(t, http.StatusOK)
	if got := toManyIDs(t, d, "users", "users"); !slices.Equal(got, []string{alice}) {
		t.Errorf("users %v", got)
	}
	d = a.do(http.MethodPatch, notificationPath(mail), body("notification-configurations", map[string]any{"enabled": true}, nil)).data(t, http.StatusOK)
	if got := toManyIDs(t, d, "users", "users"); len(got) != 0 {
		t.Errorf("users after an update without them %v", got)
	}
}

// Whatever a configuration subscribes to takes it when deleted.
func TestNotificationConfigurations_deleteAndCascade(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	team, prj, ws := a.createTeam("acme", "devs"), a.createProject("acme", "web"), a.workspaceID("acme", "app")
	tn := wantID(t, a.createNotification("teams", team, webhook("t"), nil)["id"], "nc")
	pn := wantID(t, a.createNotification("projects", prj, webhook("p"), nil)["id"], "nc")
	wn := wantID(t, a.createNotification("workspaces", ws, webhook("w"), nil)["id"], "nc")
	gone := wantID(t, a.createNotification("workspaces", ws, webhook("gone"), nil)["id"], "nc")
	a.wantDeletes(notificationPath(gone))

	emutest.WantAPIStatus(t, a.do(http.MethodDelete, "/api/v2/workspaces/"+ws, nil), http.StatusNoContent)
	emutest.WantAPIStatus(t, a.do(http.MethodDelete, "/api/v2/projects/"+prj, nil), http.StatusNoContent)
	emutest.WantAPIStatus(t, a.do(http.MethodDelete, "/api/v2/teams/"+team, nil), http.StatusNoContent)
	for _, id := range []string{tn, pn, wn} {
		wantNotFound(t, a.get(notificationPath(id)))
	}
}

// deliveries reads the admin API's record of what would have been
// delivered.
func (a *api) deliveries(configuration string) []map[string]any {
	a.t.Helper()
	r := sendJSON(a.t, http.MethodGet, a.url+"/_emulator/platform/notification-deliveries?notification-configuration="+configuration, "")
	if r.Status != http.StatusOK {
		a.t.Fatalf("deliveries: %d %s", r.Status, r.Body)
	}
	var out []map[string]any
	if err := json.Unmarshal([]byte(r.Body), &out); err != nil {
		a.t.Fatalf("deliveries %s: %v", r.Body, err)
	}
	return out
}

// Verify sends nothing: it records the delivery it would make, signed
// with the token, and answers the configuration with its response.
func TestNotificationConfigurations_verifyRecordsTheDelivery(t *testing.T) {
	a := newAPI(t, platform.Options{})
	newClock(a)
	a.createOrg("acme")
	ws := a.workspaceID("acme", "app")
	id := wantID(t, a.createNotification("workspaces", ws, webhook("ops"), nil)["id"], "nc")
	if got := a.deliveries(id); len(got) != 0 {
		t.Fatalf("deliveries before a verification: %v", got)
	}
	d := a.do(http.MethodPost, notificationPath(id)+"/actions/verify", nil).data(t, http.StatusOK)
	wantAttrs(t, d, map[string]any{"delivery-responses": []any{map[string]any{
		"url": "https://hooks.example.com/platform", "body": "", "code": "200", "headers": map[string]any{},
		"sent-at": "2025-06-01T12:00:00.000Z", "successful": "true",
	}}})
	wantAttrs(t, a.get(notificationPath(id)).data(t, http.StatusOK), map[string]any{"token": nil})

	got := a.deliveries(id)
	if len(got) != 1 {
		t.Fatalf("deliveries %v", got)
	}
	dl := got[0]
	if dl["url"] != "https://hooks.example.com/platform" || dl["trigger"] != "verification" || dl["notification-configuration"] != id {
		t.Errorf("delivery %v", dl)
	}
	bodyText, _ := dl["body"].(string)
	var payload map[string]any
	if err := json.Unmarshal([]byte(bodyText), &payload); err != nil {
		t.Fatalf("payload %q: %v", bodyText, err)
	}
	if payload["notification_configuration_id"] != id || payload["workspace_id"] != ws || payload["organization_name"] != "acme" {
		t.Errorf("payload %v", payload)
	}
	mac := hmac.New(sha512.New, []byte("hmac-secret"))
	mac.Write([]byte(bodyText))
	if headers := emutest.Object(t, dl["headers"]); headers["X-TFE-Notification-Signature"] != hex.EncodeToString(mac.Sum(nil)) {
		t.Errorf("signature %v, want the HMAC-SHA512 of the body with the token", headers)
	}
	if all := a.deliveries(""); len(all) != 1 {
		t.Errorf("every delivery: %v", all)
	}
	wantNotFound(t, a.do(http.MethodPost, notificationPath("nc-Missing123456789a")+"/actions/verify", nil))

	// The API's documents do not refuse a token on another destination
	// type: it is taken, never answered, and signs nothing.
	for _, dest := range []string{"slack", "microsoft-teams", "email"} {
		attrs := map[string]any{"destination-type": dest, "name": "with-token-" + dest, "token": "hmac-secret"}
		if dest != "email" {
			attrs["url"] = "https://hooks.example.com/" + dest
		}
		other := wantID(t, a.createNotification("workspaces", ws, attrs, nil)["id"], "nc")
		wantAttrs(t, a.get(notificationPath(other)).data(t, http.StatusOK), map[string]any{"token": nil})
		emutest.WantAPIStatus(t, a.do(http.MethodPost, notificationPath(other)+"/actions/verify", nil), http.StatusOK)
		got := a.deliveries(other)
		if len(got) != 1 {
			t.Fatalf("%s: deliveries %v, want one", dest, got)
		}
		if headers, _ := got[0]["headers"].(map[string]any); headers["X-TFE-Notification-Signature"] != nil {
			t.Errorf("%s: delivery %v, want it unsigned", dest, got[0])
		}
	}

	// A configuration's delete takes its deliveries.
	emutest.WantAPIStatus(t, a.do(http.MethodDelete, notificationPath(id), nil), http.StatusNoContent)
	if all := a.deliveries(id); len(all) != 0 {
		t.Errorf("deliveries of a deleted configuration: %v", all)
	}
}

// The verify action has its own limit, 10 a minute for each principal.
func TestNotificationConfigurations_verifyRateLimit(t *testing.T) {
	a := newAPI(t, platform.Options{})
	clk := newClock(a)
	a.createOrg("acme")
	ws := a.workspaceID("acme", "app")
	first := wantID(t, a.createNotification("workspaces", ws, webhook("one"), nil)["id"], "nc")
	second := wantID(t, a.createNotification("workspaces", ws, webhook("two"), nil)["id"], "nc")
	for i := range 10 {
		id := first
		if i%2 == 1 {
			id = second
		}
		emutest.WantAPIStatus(t, a.do(http.MethodPost, notificationPath(id)+"/actions/verify", nil), http.StatusOK)
		clk.advance(time.Second)
	}
	r := a.do(http.MethodPost, notificationPath(second)+"/actions/verify", nil)
	emutest.WantAPIStatus(t, r, http.StatusTooManyRequests)
	if r.Header.Get("X-RateLimit-Limit") != "10" || r.Header.Get("X-RateLimit-Reset") != "50.000" {
		t.Errorf("headers %v", r.Header)
	}
	if len(a.deliveries("")) != 10 {
		t.Error("a refused verification was recorded")
	}
	// Another principal has its own ten.
	token, err := a.server.MintOrganizationToken("acme")
	if err != nil {
		t.Fatal(err)
	}
	emutest.WantAPIStatus(t, a.as(token).do(http.MethodPost, notificationPath(first)+"/actions/verify", nil), http.StatusOK)
	// The first verification leaves the minute after 50 seconds more.
	clk.advance(50 * time.Second)
	emutest.WantAPIStatus(t, a.do(http.MethodPost, notificationPath(first)+"/actions/verify", nil), http.StatusOK)
	// The other endpoints are not held to it.
	emutest.WantAPIStatus(t, a.get(notificationPath(first)), http.StatusOK)
}

func init() {
	addStateFixture("notification-configurations", func(a *api) roundTrip {
		ws := a.workspaceID("acme", "state-notified")
		nc := wantID(a.t, a.createNotification("workspaces", ws, webhook("ops", "run:errored"), nil)["id"], "nc")
		return roundTrip{paths: []string{notificationPath(nc), notificationsPath("workspaces", ws)}}
	})
}
