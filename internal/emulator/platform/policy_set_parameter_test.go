package platform_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/emutest"
	"github.com/stackworks/terraform-provider-stack/internal/emulator/platform"
)

func parametersPath(set string) string { return policySetPath(set) + "/parameters" }

// createParameter creates a parameter of set and returns its answer.
func (a *api) createParameter(set string, attrs map[string]any) map[string]any {
	a.t.Helper()
	return a.create(parametersPath(set), "vars", merged(map[string]any{"category": "policy-set"}, attrs), nil)
}

func TestPolicySetParameter_createReadUpdateDelete(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	set := a.createPolicySet(map[string]any{"name": "s"}, nil)
	d := a.createParameter(set, map[string]any{"key": "region", "value": "eu"})
	id := wantID(t, d["id"], "var")
	wantAttrs(t, d, map[string]any{"key": "region", "value": "eu", "category": "policy-set", "sensitive": false})
	if d["type"] != "vars" || relID(t, d, "configurable", "policy-sets") != set {
		t.Errorf("parameter %v", d)
	}
	a.wantStored(d, parametersPath(set)+"/"+id)
	wantAttrs(t, a.createParameter(set, map[string]any{"key": "empty"}), map[string]any{"value": ""})

	// Made sensitive, the value is answered "" from then on, everywhere;
	// it cannot go back.
	u := a.do(http.MethodPatch, parametersPath(set)+"/"+id, body("vars", map[string]any{"key": "zone", "sensitive": true}, nil)).data(t, http.StatusOK)
	wantAttrs(t, u, map[string]any{"key": "zone", "value": "", "sensitive": true})
	wantAttrs(t, a.get(parametersPath(set)+"/"+id).data(t, http.StatusOK), map[string]any{"value": ""})
	for _, item := range a.get(parametersPath(set)).list(t) {
		if item["id"] == id {
			wantAttrs(t, item, map[string]any{"value": ""})
		}
	}
	wantInvalid(t, a.do(http.MethodPatch, parametersPath(set)+"/"+id, body("vars", map[string]any{"sensitive": false}, nil)),
		attrAt("sensitive"), "a sensitive parameter cannot be made non-sensitive")
	wantInvalid(t, a.do(http.MethodPatch, parametersPath(set)+"/"+id, body("vars", map[string]any{"category": "env"}, nil)),
		attrAt("category"), `invalid category "env"`)
	a.wantDeletes(parametersPath(set) + "/" + id)
}

func TestPolicySetParameter_rules(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	set, other := a.createPolicySet(map[string]any{"name": "s"}, nil), a.createPolicySet(map[string]any{"name": "o"}, nil)
	a.createParameter(set, map[string]any{"key": "region"})
	a.wantCreatesRefused(parametersPath(set), "vars", []refusedCreate{
		{attrs: map[string]any{"category": "policy-set"}, pointer: attrAt("key"), detail: "key is required"},
		{attrs: map[string]any{"key": " ", "category": "policy-set"}, pointer: attrAt("key"), detail: "key must not be blank"},
		{attrs: map[string]any{"key": "k"}, pointer: attrAt("category"), detail: `invalid category ""`},
		{attrs: map[string]any{"key": "k", "category": "terraform"}, pointer: attrAt("category"), detail: `invalid category "terraform"`},
	})
	wantConflictAt(t, a.do(http.MethodPost, parametersPath(set), body("vars", map[string]any{"key": "region", "category": "policy-set"}, nil)),
		attrAt("key"), `key "region" has already been taken`)
	// Another set has keys of its own; its parameters are not found
	// under this set.
	id := wantID(t, a.createParameter(other, map[string]any{"key": "region"})["id"], "var")
	wantNotFound(t, a.get(parametersPath(set)+"/"+id))
	wantNotFound(t, a.get(parametersPath(set)+"/nonexisting"))
	// A set's delete takes its parameters.
	emutest.WantAPIStatus(t, a.do(http.MethodDelete, policySetPath(other), nil), http.StatusNoContent)
	wantNotFound(t, a.get(parametersPath(other)+"/"+id))

	plainToken, _ := a.server.MintTeamToken("acme", a.createTeam("acme", "plain"))
	a.as(plainToken).get(parametersPath(set)).list(t)
	wantNotFound(t, a.as(plainToken).do(http.MethodPost, parametersPath(set), body("vars", map[string]any{"key": "k", "category": "policy-set"}, nil)))
}

func init() {
	const stateSet = `{"id":"polset-AAAAAAAAAAAAAAAA","organization":"org-AAAAAAAAAAAAAAAA","name":"s","kind":"sentinel",` +
		`"policies":[],"workspaces":[],"projects":[],"workspace-exclusions":[],"project-exclusions":[],` +
		`"created-at":"2025-01-01T00:00:00Z","updated-at":"2025-01-01T00:00:00Z"}`
	const stateParameter = `{"id":"var-AAAAAAAAAAAAAAAA","policy-set":"polset-AAAAAAAAAAAAAAAA","key":"k","value":"v","created-at":"2025-01-01T00:00:00Z"}`
	refuseStates(stateInOrg("policy-sets", stateSet, "policy-set-parameters", stateParameter),
		stateInOrg("policy-sets", stateSet, "policy-set-parameters", strings.Replace(stateParameter, "polset-AAAAAAAAAAAAAAAA", "polset-BBBBBBBBBBBBBBBB", 1)),
		stateInOrg("policy-sets", stateSet, "policy-set-parameters", strings.Replace(stateParameter, `"k"`, `" "`, 1)),
		stateInOrg("policy-sets", stateSet, "policy-set-parameters", stateParameter+","+strings.Replace(stateParameter, "var-AAAAAAAAAAAAAAAA", "var-BBBBBBBBBBBBBBBB", 1)),
	)
	addStateFixture("policy-set-parameters", func(a *api) roundTrip {
		set := a.createPolicySet(map[string]any{"name": "state-parameters"}, nil)
		a.createParameter(set, map[string]any{"key": "plain", "value": "v"})
		a.createParameter(set, map[string]any{"key": "secret", "value": "s", "sensitive": true})
		return roundTrip{paths: []string{parametersPath(set)}}
	})
}
