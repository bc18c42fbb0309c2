package platform_test

import (
	"net/http"
	"testing"
)

func init() {
	refuseStates(stateInOrg(),
		stateInOrg("tokens", `{"id":"at-AAAAAAAAAAAAAAAA","secret":"s","kind":"organization","subject":"org-BBBBBBBBBBBBBBBB","organization":"org-BBBBBBBBBBBBBBBB"}`),
		stateInOrg("tokens", `{"id":"at-AAAAAAAAAAAAAAAA","secret":"s","kind":"team","subject":"owners","organization":"org-AAAAAAAAAAAAAAAA"}`),
	)
	// Tokens minted and made through the API authenticate after a round
	// trip as before.
	addStateFixture("tokens", func(a *api) roundTrip {
		team := a.createTeam("acme", "state-token-team")
		described := secretOf(a.t, a.do(http.MethodPost, teamPath(team)+"/authentication-tokens",
			tokenBody("authentication-tokens", map[string]any{"description": "ci"})).data(a.t, http.StatusCreated))
		orgToken, err := a.server.MintOrganizationToken("acme")
		if err != nil {
			a.t.Fatal(err)
		}
		teamToken, err := a.server.MintTeamToken("acme", team)
		if err != nil {
			a.t.Fatal(err)
		}
		dave, err := a.server.MintUserToken("dave")
		if err != nil {
			a.t.Fatal(err)
		}
		return roundTrip{
			paths: []string{orgsPath + "/acme/team-tokens", orgsPath + "/acme/authentication-token", teamPath(team) + "/authentication-token"},
			check: func(t *testing.T, b *api) {
				for _, tok := range []string{described, orgToken, teamToken} {
					b.as(tok).get(orgsPath+"/acme").data(t, http.StatusOK)
				}
				b.as(dave).get("/api/v2/account/details").data(t, http.StatusOK)
			},
		}
	})
}
