package platform_test

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	"github.com/stackworks/terraform-provider-stack/internal/client"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
)

// exchange is a request that a recorder passed to the emulator, and its
// answer.
type exchange struct {
	method, path string
	// token is the bearer token the request sent.
	token  string
	status int
	// id and attributes are those of the answer's object, if it has one.
	id         string
	attributes map[string]any
}

// recorder serves the emulator of a test at an address of its own and
// records what passes: the requests that reach the emulator through it
// come from the one provider configured with its URL, and show which
// token that provider sent.
type recorder struct {
	URL string
	mu  sync.Mutex
	log []exchange
}

// newRecorder starts a recorder; after, when not nil, is called with each
// exchange before its answer goes back, for changes made meanwhile.
func newRecorder(t *testing.T, p *acctest.Platform, after func(exchange)) *recorder {
	t.Helper()
	r := &recorder{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		answer := httptest.NewRecorder()
		p.Emulator.ServeHTTP(answer, req)
		var doc struct {
			Data struct {
				ID         string         `json:"id"`
				Attributes map[string]any `json:"attributes"`
			} `json:"data"`
		}
		_ = json.Unmarshal(answer.Body.Bytes(), &doc) // lists and empty bodies have no object
		e := exchange{
			method: req.Method, path: req.URL.Path, token: strings.TrimPrefix(req.Header.Get("Authorization"), "Bearer "),
			status: answer.Code, id: doc.Data.ID, attributes: doc.Data.Attributes,
		}
		r.mu.Lock()
		r.log = append(r.log, e)
		r.mu.Unlock()
		if after != nil {
			after(e)
		}
		for k, v := range answer.Header() {
			w.Header()[k] = v
		}
		w.WriteHeader(answer.Code)
		_, _ = w.Write(answer.Body.Bytes())
	}))
	t.Cleanup(srv.Close)
	r.URL = srv.URL
	return r
}

func (r *recorder) exchanges() []exchange {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]exchange(nil), r.log...)
}

// opened are the tokens that creates answered with, among what r saw:
// requests method path answered 201.
func (r *recorder) opened(method, path string) []exchange {
	var out []exchange
	for _, e := range r.exchanges() {
		if e.method == method && e.path == path && e.status == http.StatusCreated {
			out = append(out, e)
		}
	}
	return out
}

// secretOf is the secret of a token a create answered with.
func secretOf(t *testing.T, e exchange) string {
	t.Helper()
	secret, _ := e.attributes["token"].(string)
	if secret == "" {
		t.Fatalf("the create %s %s answered no token: %v", e.method, e.path, e.attributes)
	}
	return secret
}

// tokenRun is a Terraform run of a configuration that opens an ephemeral
// token and configures a second stack provider, aliased, with it; the
// aliased provider reads the organization with a data source.
type tokenRun struct {
	// main records the requests of the provider that opens the token,
	// alias those of the provider configured with it.
	main, alias *recorder
	// output is what Terraform printed; files are the plan file's
	// entries, the state file, the JSON of the plan and of the state, and
	// the trace log, by name.
	output string
	files  map[string][]byte
}

// runWithEphemeralToken plans to a plan file and applies it, with the real
// Terraform CLI and the provider built as a plugin: each provider block
// is a provider process of its own, so that the aliased provider has
// nothing but the ephemeral token to act with.
func runWithEphemeralToken(t *testing.T, p *acctest.Platform, ephemeralBlock, tokenExpr string) *tokenRun {
	t.Helper()
	run := &tokenRun{main: newRecorder(t, p, nil), alias: newRecorder(t, p, nil), files: map[string][]byte{}}
	main := *p
	main.URL = run.main.URL
	traceLog := filepath.Join(t.TempDir(), "trace.log")
	cli := acctest.NewCLI(t, map[string]string{"TF_LOG": "trace", "TF_LOG_PATH": traceLog})
	cli.WriteConfig(t, main.ProviderConfig()+ephemeralBlock+fmt.Sprintf(`
provider "stack" {
  alias = "opened"
  platform {
    address      = %q
    token        = %s
    organization = %q
  }
}

data "stack_platform_organization" "seen" {
  provider = stack.opened
}
`, run.alias.URL, tokenExpr, p.Organization))

	run.output = cli.MustRun(t, "plan", "-out=run.tfplan")
	run.files["plan JSON"] = []byte(cli.MustRun(t, "show", "-json", "run.tfplan"))
	plan, err := zip.OpenReader(filepath.Join(cli.Dir, "run.tfplan"))
	if err != nil {
		t.Fatalf("the plan file: %v", err)
	}
	defer plan.Close()
	for _, f := range plan.File {
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		run.files["plan file's "+f.Name], err = io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatal(err)
		}
	}
	run.output += cli.MustRun(t, "apply", "run.tfplan")
	run.files["state JSON"] = []byte(cli.MustRun(t, "show", "-json"))
	for name, path := range map[string]string{"state file": filepath.Join(cli.Dir, "terraform.tfstate"), "trace log": traceLog} {
		if run.files[name], err = os.ReadFile(path); err != nil {
			t.Fatal(err)
		}
	}

	var state struct {
		Values struct {
			RootModule struct {
				Resources []struct {
					Address string
					Values  map[string]any
				}
			} `json:"root_module"`
		}
	}
	if err := json.Unmarshal(run.files["state JSON"], &state); err != nil {
		t.Fatal(err)
	}
	if r := state.Values.RootModule.Resources; len(r) != 1 || r[0].Address != "data.stack_platform_organization.seen" || r[0].Values["name"] != p.Organization {
		t.Errorf("the state holds %+v, want the organization %s read by the aliased provider", r, p.Organization)
	}
	return run
}

// checkTokens checks, of the tokens that the opens created: that there
// was one at least; that the aliased provider sent them and no other, and
// read the organization with one; and that none of them is in Terraform's
// output, its plan or state (files and JSON) or its trace log.
func (run *tokenRun) checkTokens(t *testing.T, p *acctest.Platform, opened []exchange) {
	t.Helper()
	if len(opened) == 0 {
		t.Fatalf("no token was created; the provider sent %v", run.main.exchanges())
	}
	secrets := map[string]bool{}
	for _, e := range opened {
		secrets[secretOf(t, e)] = true
	}
	read := false
	for _, e := range run.alias.exchanges() {
		if !secrets[e.token] {
			t.Errorf("the aliased provider sent %s %s with a token that no open created", e.method, e.path)
		}
		read = read || e.method == http.MethodGet && e.path == "/api/v2/organizations/"+p.Organization && e.status == http.StatusOK
	}
	if !read {
		t.Errorf("the aliased provider did not read the organization with an opened token: %d requests", len(run.alias.exchanges()))
	}
	if !bytes.Contains(run.files["trace log"], []byte("/api/v2/organizations/"+p.Organization)) {
		t.Errorf("the trace log shows no request to the organization: it would prove nothing")
	}
	for secret := range secrets {
		if strings.Contains(run.output, secret) {
			t.Errorf("Terraform's output holds an opened token")
		}
		for name, content := range run.files {
			if bytes.Contains(content, []byte(secret)) {
				t.Errorf("the %s holds an opened token", name)
			}
		}
	}
}

// refused checks that the platform no longer accepts token: it is
// deleted.
func refused(t *testing.T, p *acctest.Platform, token string) {
	t.Helper()
	var e *client.Error
	if err := readsOrganization(t, p, token); !errors.As(err, &e) || e.StatusCode != http.StatusUnauthorized {
		t.Errorf("a request with the token got %v, want 401: the token still works", err)
	}
}

// The team token lives for each run, plan and apply alike, from its open
// to its close, which deletes it; the provider configured with it acts
// with it; Terraform keeps nothing of it.
func TestAccTeamTokenEphemeral_neverInState(t *testing.T) {
	t.Parallel()
	p := acctest.NewPlatformEmulator(t, emulator.Options{})
	team, err := p.Client(t).Teams.Create(context.Background(), p.Organization, platformclient.TeamOptions{Name: check.Ptr("deployers")})
	if err != nil {
		t.Fatal(err)
	}
	before := p.Emulator.Stats()
	run := runWithEphemeralToken(t, p, fmt.Sprintf(`
ephemeral "stack_platform_team_token" "run" {
  team_id    = %q
  expired_at = "2099-01-31T18:00:00Z"
}
`, team.ID), "ephemeral.stack_platform_team_token.run.token")

	opened := run.main.opened(http.MethodPost, "/api/v2/teams/"+team.ID+"/authentication-tokens")
	run.checkTokens(t, p, opened)
	deleted := map[string]bool{}
	for _, e := range run.main.exchanges() {
		if e.method == http.MethodDelete && e.status == http.StatusNoContent {
			deleted[strings.TrimPrefix(e.path, "/api/v2/authentication-tokens/")] = true
		}
	}
	descriptions := map[string]bool{}
	for _, e := range opened {
		if !deleted[e.id] {
			t.Errorf("the token %s was opened and not deleted", e.id)
		}
		description, _ := e.attributes["description"].(string)
		if !strings.HasPrefix(description, "ephemeral ") || len(description) != len("ephemeral ")+12 || descriptions[description] {
			t.Errorf("an opened token's description is %q, want \"ephemeral \" and 12 random characters, another each time", description)
		}
		descriptions[description] = true
		if at, _ := time.Parse(time.RFC3339, fmt.Sprint(e.attributes["expired-at"])); !at.Equal(time.Date(2099, 1, 31, 18, 0, 0, 0, time.UTC)) {
			t.Errorf("an opened token expires at %v, want 2099-01-31T18:00:00Z", e.attributes["expired-at"])
		}
		refused(t, p, secretOf(t, e))
	}

	sent := p.RequestsSince(before)
	if created, deletes := sent["POST /api/v2/teams/{id}/authentication-tokens"], sent["DELETE /api/v2/authentication-tokens/{id}"]; created != int64(len(opened)) || deletes != created {
		t.Errorf("the emulator saw %d creates and %d deletes of team tokens, want %d of each", created, deletes, len(opened))
	}
	tokens, err := p.Client(t).TeamTokens.List(context.Background(), p.Organization, platformclient.TeamTokenListOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(tokens.Items) != 0 {
		t.Errorf("the team has %d tokens after the run, want none", len(tokens.Items))
	}
}

// The organization token of a run is the organization's token from its
// open to its close, which deletes it; the provider configured with it
// acts with it; Terraform keeps nothing of it.
func TestAccOrganizationTokenEphemeral_neverInState(t *testing.T) {
	t.Parallel()
	p := acctest.NewPlatformEmulator(t, emulator.Options{})
	before := p.Emulator.Stats()
	run := runWithEphemeralToken(t, p, `
ephemeral "stack_platform_organization_token" "run" {}
`, "ephemeral.stack_platform_organization_token.run.token")

	path := "/api/v2/organizations/" + p.Organization + "/authentication-token"
	opened := run.main.opened(http.MethodPost, path)
	run.checkTokens(t, p, opened)
	for _, e := range opened {
		// Asked for none, it gets the platform's default expiry.
		if at, _ := e.attributes["expired-at"].(string); twoYearsAhead(at) != nil {
			t.Errorf("an opened token: %v", twoYearsAhead(at))
		}
		refused(t, p, secretOf(t, e))
	}
	sent := p.RequestsSince(before)
	if created, deletes := sent["POST /api/v2/organizations/{org}/authentication-token"], sent["DELETE /api/v2/organizations/{org}/authentication-token"]; created != int64(len(opened)) || deletes != created {
		t.Errorf("the emulator saw %d creates and %d deletes of the organization token, want %d of each", created, deletes, len(opened))
	}
	if _, err := p.Client(t).OrganizationTokens.Read(context.Background(), p.Organization); !client.IsNotFound(err) {
		t.Errorf("reading the organization's token after the run got %v, want a 404: the run did not delete it", err)
	}
}

// Opening an organization token where the organization has one fails,
// before any create, unless replace_existing is true: then the token in
// place stops working, and after the run the organization has none.
func TestAccOrganizationTokenEphemeral_replaceExisting(t *testing.T) {
	p := acctest.NewPlatformEmulator(t, emulator.Options{})
	existing, err := p.Emulator.Platform().MintOrganizationToken(p.Organization)
	if err != nil {
		t.Fatal(err)
	}
	before := p.Emulator.Stats()
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{{
			Config: p.ProviderConfig() + `
ephemeral "stack_platform_organization_token" "run" {}
`,
			ExpectError: check.Literal(`The organization "` + p.Organization + `" has an organization token already. An organization has only one: opening a new one would replace it for good, ` +
				`so that whatever uses it would stop working, and the end of the run would leave the organization without one. ` +
				`Set replace_existing = true to replace it all the same.`),
		}, {
			PreConfig: func() {
				if sent := p.RequestsSince(before); sent["POST /api/v2/organizations/{org}/authentication-token"] != 0 {
					t.Errorf("the refused open created a token: %v", sent)
				}
				if err := readsOrganization(t, p, existing); err != nil {
					t.Errorf("the organization's token no longer works after the refused open: %v", err)
				}
			},
			Config: p.ProviderConfig() + `
ephemeral "stack_platform_organization_token" "run" {
  replace_existing = true
}
`,
			Check: func(*terraform.State) error {
				refused(t, p, existing)
				_, err := p.Client(t).OrganizationTokens.Read(context.Background(), p.Organization)
				if !client.IsNotFound(err) {
					return fmt.Errorf("reading the organization's token after the run got %w, want a 404: the run did not delete it", err)
				}
				return nil
			},
		}},
	})
}

// A team token deleted outside Terraform before the end of the run is
// closed all the same: the close's 404 is no error.
func TestAccTeamTokenEphemeral_deletedMeanwhile(t *testing.T) {
	p := acctest.NewPlatformEmulator(t, emulator.Options{})
	team, err := p.Client(t).Teams.Create(context.Background(), p.Organization, platformclient.TeamOptions{Name: check.Ptr("deployers")})
	if err != nil {
		t.Fatal(err)
	}
	created := "/api/v2/teams/" + team.ID + "/authentication-tokens"
	rec := newRecorder(t, p, func(e exchange) {
		if e.method == http.MethodPost && e.path == created && e.status == http.StatusCreated {
			if err := p.Client(t).TeamTokens.Delete(context.Background(), e.id); err != nil {
				t.Errorf("deleting the opened token: %v", err)
			}
		}
	})
	main := *p
	main.URL = rec.URL
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{{
			Config: main.ProviderConfig() + fmt.Sprintf(`
ephemeral "stack_platform_team_token" "run" {
  team_id = %q
}
`, team.ID),
		}},
	})
	opened := rec.opened(http.MethodPost, created)
	if len(opened) == 0 {
		t.Fatalf("no token was opened: %v", rec.exchanges())
	}
	closes := map[string]int{}
	for _, e := range rec.exchanges() {
		if e.method == http.MethodDelete {
			closes[e.path] = e.status
		}
	}
	for _, e := range opened {
		if got := closes["/api/v2/authentication-tokens/"+e.id]; got != http.StatusNotFound {
			t.Errorf("the close of %s was answered %d, want 404", e.id, got)
		}
	}
}

// A token that replaced the run's organization token before the end of
// the run is not the run's to delete: the close leaves it, and it works.
func TestAccOrganizationTokenEphemeral_replacedMeanwhile(t *testing.T) {
	p := acctest.NewPlatformEmulator(t, emulator.Options{})
	var mu sync.Mutex
	var replacement string
	created := "/api/v2/organizations/" + p.Organization + "/authentication-token"
	rec := newRecorder(t, p, func(e exchange) {
		if e.method == http.MethodPost && e.path == created && e.status == http.StatusCreated {
			token, err := p.Emulator.Platform().MintOrganizationToken(p.Organization)
			if err != nil {
				t.Errorf("replacing the opened token: %v", err)
			}
			mu.Lock()
			replacement = token
			mu.Unlock()
		}
	})
	main := *p
	main.URL = rec.URL
	before := p.Emulator.Stats()
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{{
			// Each open finds the token that replaced the one before.
			Config: main.ProviderConfig() + `
ephemeral "stack_platform_organization_token" "run" {
  replace_existing = true
}
`,
		}},
	})
	sent := p.RequestsSince(before)
	if sent["POST /api/v2/organizations/{org}/authentication-token"] == 0 || sent["DELETE /api/v2/organizations/{org}/authentication-token"] != 0 {
		t.Errorf("the emulator saw %v, want opens and no delete", sent)
	}
	mu.Lock()
	defer mu.Unlock()
	if err := readsOrganization(t, p, replacement); err != nil {
		t.Errorf("the token that replaced the run's no longer works: %v", err)
	}
}
