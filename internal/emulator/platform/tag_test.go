package platform_test

func init() {
	refuseStates(stateInOrg(),
		stateInOrg("tags", `{"id":"tag-AAAAAAAAAAAAAAAA","organization":"org-AAAAAAAAAAAAAAAA","name":"Upper"}`),
	)
	// A tag named on a workspace's create is made and carried.
	addStateFixture("tags", func(a *api) roundTrip {
		ws := wantID(a.t, a.createWorkspace("acme", map[string]any{"name": "state-tagged"}, map[string]any{
			"tags": map[string]any{"data": []any{map[string]any{"type": "tags", "attributes": map[string]any{"name": "prod"}}}},
		})["id"], "ws")
		return roundTrip{paths: []string{workspacePath(ws) + "/relationships/tags"}}
	})
}
