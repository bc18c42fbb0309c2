package platform_test

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/emutest"
	"github.com/stackworks/terraform-provider-stack/internal/emulator/platform"
)

// stateFixture stores, in organization acme (which storeEveryTable
// creates first, as the site administrator), objects of one table of the
// state file, and returns what a round trip of the file must keep of them.
type stateFixture func(a *api) roundTrip

// roundTrip is what a round trip of the state file must keep.
type roundTrip struct {
	// paths are read as the site administrator before and after: their
	// answers must be the same.
	paths []string
	// check, when set, checks on the server that loaded the file what the
	// paths cannot show, such as a token that still works.
	check func(t *testing.T, b *api)
}

// stateFixtures are the fixtures of the tables, by their key in the state
// file.
var stateFixtures = map[string]stateFixture{}

// addStateFixture registers the fixture of the table the state file keeps
// under key: each noun's test file registers its table's from its init.
func addStateFixture(key string, f stateFixture) {
	if stateFixtures[key] != nil {
		panic("two state fixtures of table " + key)
	}
	stateFixtures[key] = f
}

// everyTable are the options of the state file's tests: the self-hosted
// edition, which serves every table, its own (data retention policies,
// the admin API's settings) too.
var everyTable = platform.Options{Edition: platform.EditionSelfHosted}

// storeEveryTable creates organization acme and runs every table's state
// fixture, in the registry's order: it returns what a round trip must
// keep. A table without a fixture, and a fixture of no table, fail.
func storeEveryTable(t *testing.T, a *api) []roundTrip {
	t.Helper()
	a.createOrg("acme")
	keys := platform.TableKeys()
	var trips []roundTrip
	for _, key := range keys {
		fixture := stateFixtures[key]
		if fixture == nil {
			t.Errorf("table %s has no state fixture: register one with addStateFixture in its noun's test file", key)
			continue
		}
		trips = append(trips, fixture(a))
	}
	for key := range stateFixtures {
		if !slices.Contains(keys, key) {
			t.Errorf("state fixture of %s, which is no table's key", key)
		}
	}
	return trips
}

// Everything a request can store comes back from the state file as it was
// answered, tokens working: every table's fixture stores objects of it, and
// a table without a fixture fails.
func TestState_roundTripOfEveryObject(t *testing.T) {
	a := newAPI(t, everyTable)
	trips := storeEveryTable(t, a)
	var paths []string
	for _, trip := range trips {
		paths = append(paths, trip.paths...)
	}
	b, data := a.reload(paths...)
	var saved map[string][]json.RawMessage
	if err := json.Unmarshal(data, &saved); err != nil {
		t.Fatal(err)
	}
	for _, key := range platform.TableKeys() {
		if stateFixtures[key] != nil && len(saved[key]) == 0 {
			t.Errorf("the state fixture of %s stores nothing in its table", key)
		}
	}
	for _, trip := range trips {
		if trip.check != nil {
			trip.check(t, b)
		}
	}
	b.wantState(data)
}

// The objects of a small valid state file: organization acme, its default
// project and a workspace in it, from which each noun's test file makes
// the bad files of its table's rules (refuseStates).
const (
	stateOrg       = `{"name":"acme","external-id":"org-AAAAAAAAAAAAAAAA","default-execution-mode":"remote","default-project":"prj-AAAAAAAAAAAAAAAA","owners":[]}`
	stateProject   = `{"id":"prj-AAAAAAAAAAAAAAAA","organization":"org-AAAAAAAAAAAAAAAA","name":"Default Project"}`
	stateWorkspace = `{"id":"ws-AAAAAAAAAAAAAAAA","organization":"org-AAAAAAAAAAAAAAAA","project":"prj-AAAAAAAAAAAAAAAA","name":"web","tags":[],"remote-state-consumers":[],"execution":{}}`
	// Organization other and its default project.
	stateOtherOrg     = `{"name":"other","external-id":"org-BBBBBBBBBBBBBBBB","default-execution-mode":"remote","default-project":"prj-BBBBBBBBBBBBBBBB","owners":[]}`
	stateOtherProject = `{"id":"prj-BBBBBBBBBBBBBBBB","organization":"org-BBBBBBBBBBBBBBBB","name":"Default Project"}`
)

// stateFile returns a state file of the members given in pairs: a
// table's key, then its objects separated by commas.
func stateFile(members ...string) string {
	var parts []string
	for i := 0; i+1 < len(members); i += 2 {
		parts = append(parts, `"`+members[i]+`":[`+members[i+1]+`]`)
	}
	return "{" + strings.Join(parts, ",") + "}"
}

// stateInOrg returns a state file of stateOrg, its default project and
// the members given, as stateFile takes them.
func stateInOrg(members ...string) string {
	return stateFile(append([]string{"organizations", stateOrg, "projects", stateProject}, members...)...)
}

// stateInOrgs is stateInOrg with organization other and its default
// project too.
func stateInOrgs(members ...string) string {
	return stateFile(append([]string{"organizations", stateOrg + "," + stateOtherOrg, "projects", stateProject + "," + stateOtherProject}, members...)...)
}

// stateRefusal is a valid state file, and files made from it that no
// request could have written.
type stateRefusal struct {
	valid string
	bad   []string
}

var stateRefusals []stateRefusal

// refuseStates registers a valid state file, which UnmarshalState must
// load, and bad files made from it, which it must refuse: each noun's test
// file registers those of its table's rules from its init.
func refuseStates(valid string, bad ...string) {
	stateRefusals = append(stateRefusals, stateRefusal{valid: valid, bad: bad})
}

// A state file that no request could have written fails to load, while
// the valid file it was made from loads.
func TestState_refusesWhatNoRequestStores(t *testing.T) {
	if len(stateRefusals) == 0 {
		t.Fatal("no state file registered")
	}
	s, _ := platform.New(platform.Options{})
	for _, r := range stateRefusals {
		if err := s.UnmarshalState([]byte(r.valid)); err != nil {
			t.Errorf("a valid file, %s: %v", r.valid, err)
			continue
		}
		for _, bad := range r.bad {
			if err := s.UnmarshalState([]byte(bad)); err == nil {
				t.Errorf("UnmarshalState(%s) succeeded", bad)
			}
		}
	}
}

// platformTables hold the platform's objects, which an organization's
// delete leaves, beside what it takes with the organization (its tokens,
// the user its invitation made): TestState_organizationDeleteKeepsItsPeople
// tells them apart.
var platformTables = map[string]string{
	"users":                      "a person is the platform's, not an organization's",
	"tokens":                     "a user's token is the user's",
	"codehost-app-installations": "an installation is the code host's",
	"sentinel-versions":          "a policy engine's versions are the site's",
	"opa-versions":               "a policy engine's versions are the site's",
	// The site's own settings.
	"site-data-retention-policies": "the site's data retention policy is the platform's",
	"admin-settings":               "the site's general settings are the platform's",
}

// An organization's delete takes everything in it, in every table: every
// table's state fixture stores objects in acme (a fixture may make an
// organization of its own too, as the organizations' makes alice's), and
// once every organization but another one is deleted, every table but the
// platform's holds exactly what it held before: the other organization's.
func TestState_organizationDeleteLeavesNothingOfIt(t *testing.T) {
	a := newAPI(t, everyTable)
	a.createOrg("other")
	before := savedTables(t, a.server)
	storeEveryTable(t, a)
	for _, name := range ids(a.get(orgsPath).list(t)) {
		if name != "other" {
			emutest.WantAPIStatus(t, a.do(http.MethodDelete, orgsPath+"/"+name, nil), http.StatusNoContent)
		}
	}
	after := savedTables(t, a.server)
	for key := range platformTables {
		if _, ok := after[key]; !ok {
			t.Errorf("platformTables names %s, which is no table's key", key)
		}
	}
	for key, objects := range after {
		if platformTables[key] == "" && string(objects) != string(before[key]) {
			t.Errorf("%s after the deletes:\n%s\nwant\n%s", key, objects, before[key])
		}
	}
}

// A person is the platform's, not an organization's: when an organization
// goes, its members stay, and what it gave them goes with it (their
// memberships and the team's, the organization's and the team's tokens,
// the user its invitation made). What is left in the state file is exactly
// another organization's and the platform's.
func TestState_organizationDeleteKeepsItsPeople(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("other")
	if _, err := a.server.MintUserToken("alice"); err != nil {
		t.Fatal(err)
	}
	before, err := a.server.MarshalState()
	if err != nil {
		t.Fatal(err)
	}
	a.createOrg("acme")
	team := a.createTeam("acme", "devs")
	invited := a.invite("acme", "ivan@example.com", team)
	if _, _, err := a.server.AddMember("acme", "alice", ""); err != nil {
		t.Fatal(err)
	}
	emutest.WantAPIStatus(t, a.do(http.MethodPost, teamUsersPath(team), usernames("alice")), http.StatusNoContent)
	emutest.WantAPIStatus(t, a.do(http.MethodPost, teamMembershipsPath(team), refs("organization-memberships", invited)), http.StatusNoContent)
	if _, err := a.server.MintOrganizationToken("acme"); err != nil {
		t.Fatal(err)
	}
	if _, err := a.server.MintTeamToken("acme", team); err != nil {
		t.Fatal(err)
	}
	emutest.WantAPIStatus(t, a.do(http.MethodDelete, orgsPath+"/acme", nil), http.StatusNoContent)
	after, err := a.server.MarshalState()
	if err != nil {
		t.Fatal(err)
	}
	if string(after) != string(before) {
		t.Errorf("state after the delete:\n%s\nwant\n%s", after, before)
	}
}

// savedTables returns the state file of s, each table's objects by its key.
func savedTables(t *testing.T, s *platform.Server) map[string]json.RawMessage {
	t.Helper()
	data, err := s.MarshalState()
	if err != nil {
		t.Fatal(err)
	}
	var saved map[string]json.RawMessage
	if err := json.Unmarshal(data, &saved); err != nil {
		t.Fatal(err)
	}
	return saved
}
