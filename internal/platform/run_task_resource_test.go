package platform_test

import (
	"context"
	"crypto/hmac"
	"crypto/sha512"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
)

const runTaskAddr = "stack_platform_run_task.test"

func runTaskConfig(p *acctest.Platform, name, body string) string {
	return p.ProviderConfig() + fmt.Sprintf(`
resource "stack_platform_run_task" "test" {
  name = %q
  url  = "https://scanner.example.com/run"
  %s
}
`, name, body)
}

// runTaskIs checks the task the platform holds under the ID in the state.
func runTaskIs(t *testing.T, p *acctest.Platform, want map[string]any) resource.TestCheckFunc {
	return holds(t, p, runTaskAddr, want, func(ctx context.Context, c *platformclient.Client, id string) (map[string]any, error) {
		task, err := c.RunTasks.Read(ctx, id)
		if err != nil {
			return nil, err
		}
		pool := ""
		if task.AgentPool != nil {
			pool = task.AgentPool.ID
		}
		return map[string]any{
			"organization": task.Organization.Name, "name": task.Name, "url": task.URL, "description": task.Description,
			"enabled": task.Enabled, "agent_pool_id": pool,
		}, nil
	})
}

// verification is a request that the emulator recorded instead of
// sending it to a task's URL.
type verification struct {
	On        string            `json:"on"`
	URL       string            `json:"url"`
	AgentPool string            `json:"agent-pool"`
	Headers   map[string]string `json:"headers"`
	Body      string            `json:"body"`
}

// verifications are the requests that would have verified the task in
// the state at addr, oldest first.
func verifications(p *acctest.Platform, s *terraform.State, addr string) ([]verification, error) {
	id, err := check.StateValue(s, addr, "id")
	if err != nil {
		return nil, err
	}
	var list []verification
	err = json.Unmarshal(p.Emulator.Platform().RunTaskVerifications(id), &list)
	return list, err
}

// signedWith checks that the task's latest verification request is
// signed with key: the HMAC SHA-512 of its body, hex-encoded.
func signedWith(p *acctest.Platform, key string, count int) resource.TestCheckFunc {
	return func(s *terraform.State) error {
		list, err := verifications(p, s, runTaskAddr)
		if err != nil {
			return err
		}
		if len(list) != count {
			return fmt.Errorf("%d verifications recorded, want %d: %+v", len(list), count, list)
		}
		last := list[len(list)-1]
		mac := hmac.New(sha512.New, []byte(key))
		mac.Write([]byte(last.Body))
		if got, want := last.Headers["X-TFC-Task-Signature"], hex.EncodeToString(mac.Sum(nil)); got != want {
			return fmt.Errorf("the verification is signed %q, want %q, the signature under the configured key", got, want)
		}
		return nil
	}
}

func TestAccRunTask_lifecycle(t *testing.T) {
	p := acctest.NewPlatformEmulator(t, emulator.Options{})
	// Private run tasks need the Business plan.
	onPlan(t, p, p.Organization, "Business")
	other := p.NewOrganization(t)
	ctx := context.Background()
	taken, err := p.Client(t).RunTasks.Create(ctx, p.Organization, platformclient.RunTaskOptions{
		Name: check.Ptr("Scanner"), URL: check.Ptr("https://scanner.example.com"), Category: check.Ptr("task"),
	})
	if err != nil {
		t.Fatal(err)
	}
	pool, err := p.Client(t).AgentPools.Create(ctx, p.Organization, platformclient.AgentPoolOptions{Name: check.Ptr("private")})
	if err != nil {
		t.Fatal(err)
	}
	updated := strings.Replace(runTaskConfig(p, "security_scanner-2", `hmac_key = "key-2"
  description   = "Scans plans."
  enabled       = false
  agent_pool_id = "`+pool.ID+`"`), "/run", "/v2", 1)
	check.Lifecycle[*platformclient.Client]{
		Service: p, Client: p.Client, Address: runTaskAddr, FreshID: true,
		// A name the organization has, in any case, is refused with a
		// 422, and the error gives the import ID of the task in place.
		NotTakenOver: check.Existing{
			Config: runTaskConfig(p, "scanner", ""), ImportID: taken.ID,
			Said: `Run task already exists.*A run task named "scanner" already exists`, Server: `422 Unprocessable Entity.*Name has already been taken`,
		},
		PlanErrors: []check.PlanError{
			{Config: runTaskConfig(p, " ", ""), Want: check.Literal(`Attribute name must not be blank, got:`)},
			{Config: strings.Replace(runTaskConfig(p, "scanner", ""), "https://scanner.example.com/run", "ftp://scanner.example.com", 1),
				Want: check.Literal(`Attribute url must be an http or https URL with a host, got: ftp://scanner.example.com`)},
			{Config: runTaskConfig(p, "scanner", fmt.Sprintf("description = %q", strings.Repeat("é", 301))),
				Want: check.Literal(`Attribute description UTF-8 character count must be at most 300, got: 301`)},
			{Config: runTaskConfig(p, "scanner", `category = "check"`), Want: check.Literal(`Attribute category value must be one of:`)},
			{Config: runTaskConfig(p, "scanner", `agent_pool_id = "private"`), Want: check.Literal(`must be the ID of an agent pool`)},
			{Config: runTaskConfig(p, "scanner", `organization = "a b"`), Want: check.Literal(`Attribute organization must have 1 to 40 characters`)},
		},
		ImportErrors: []check.ImportError{{ID: "team-6p5RiCe5CRjBmsGt", Want: check.Literal(
			`The import ID of a run task is its ID, task- and 16 characters of the base58 alphabet, or <ORGANIZATION>/<TASK NAME>; got "team-6p5RiCe5CRjBmsGt".`)}},
		Create: check.Step{
			// The organization is the provider's, and the defaults are
			// known in the plan.
			Config: runTaskConfig(p, "security-scanner", `hmac_key = "key-1"`),
			PlanChecks: []plancheck.PlanCheck{
				plancheck.ExpectKnownValue(runTaskAddr, check.Path("organization"), check.Str(p.Organization)),
				plancheck.ExpectKnownValue(runTaskAddr, check.Path("category"), check.Str("task")),
				plancheck.ExpectKnownValue(runTaskAddr, check.Path("enabled"), knownvalue.Bool(true)),
				plancheck.ExpectKnownValue(runTaskAddr, check.Path("description"), check.Str("")),
			},
			StateChecks: stateIs(runTaskAddr, map[string]knownvalue.Check{
				"id": idOf("task"), "organization": check.Str(p.Organization), "name": check.Str("security-scanner"),
				"url": check.Str("https://scanner.example.com/run"), "description": check.Str(""), "category": check.Str("task"),
				"enabled": knownvalue.Bool(true), "agent_pool_id": knownvalue.Null(), "hmac_key": check.Str("key-1"),
			}),
			Check: resource.ComposeTestCheckFunc(
				runTaskIs(t, p, map[string]any{"organization": p.Organization, "name": "security-scanner", "enabled": true, "agent_pool_id": ""}),
				signedWith(p, "key-1", 1),
			),
		},
		Update: check.Step{
			Config: updated,
			StateChecks: stateIs(runTaskAddr, map[string]knownvalue.Check{
				"name": check.Str("security_scanner-2"), "url": check.Str("https://scanner.example.com/v2"), "description": check.Str("Scans plans."),
				"enabled": knownvalue.Bool(false), "agent_pool_id": check.Str(pool.ID), "hmac_key": check.Str("key-2"),
			}),
			Check: resource.ComposeTestCheckFunc(
				runTaskIs(t, p, map[string]any{"name": "security_scanner-2", "url": "https://scanner.example.com/v2", "description": "Scans plans.",
					"enabled": false, "agent_pool_id": pool.ID}),
				// The update verified the URL again, signed with the new key.
				signedWith(p, "key-2", 2),
			),
		},
		Imports: []check.ImportID{
			{ID: func(id string) string { return id }, Ignore: []string{"hmac_key"}},
			// A name is found in any case.
			{ID: func(string) string { return p.Organization + "/SECURITY_SCANNER-2" }, Ignore: []string{"hmac_key"}},
		},
		OutOfBandChange: check.Change[*platformclient.Client]{
			Do: func(ctx context.Context, c *platformclient.Client, id string) error {
				_, err := c.RunTasks.Update(ctx, id, platformclient.RunTaskOptions{
					Name: check.Ptr("renamed"), Description: check.Ptr(""), Enabled: check.Ptr(true),
					AgentPool: platformclient.RunTaskAgentPool(""),
				})
				return err
			},
			Step: check.Step{
				Config: updated,
				Check:  runTaskIs(t, p, map[string]any{"name": "security_scanner-2", "description": "Scans plans.", "enabled": false, "agent_pool_id": pool.ID}),
			},
		},
		OutOfBandDelete: check.Change[*platformclient.Client]{
			Do: func(ctx context.Context, c *platformclient.Client, id string) error {
				return c.RunTasks.Delete(ctx, id)
			},
			Step: check.Step{
				Config: runTaskConfig(p, "security_scanner-2", ""),
				Check:  runTaskIs(t, p, map[string]any{"name": "security_scanner-2", "description": "", "enabled": true}),
			},
		},
		Replace: check.Step{
			Config:      runTaskConfig(p, "security_scanner-2", `organization = "`+other+`"`),
			StateChecks: stateIs(runTaskAddr, map[string]knownvalue.Check{"organization": check.Str(other)}),
			Check:       runTaskIs(t, p, map[string]any{"organization": other, "name": "security_scanner-2"}),
		},
	}.Run(t)
}

// The platform verifies a task's URL on every create and update: the
// emulator records each request, signed with the key, the write-only one
// too, and never sends it. A key taken away leaves the next request
// unsigned; the write-only key stays out of the state.
func TestAccRunTask_verificationRecordedNeverSent(t *testing.T) {
	called := make(chan string, 10)
	endpoint := httptest.NewServer(http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) { called <- r.URL.Path }))
	t.Cleanup(endpoint.Close)
	p := acctest.NewPlatformEmulator(t, emulator.Options{})
	config := func(body string) string {
		return p.ProviderConfig() + fmt.Sprintf(`
resource "stack_platform_run_task" "test" {
  name = "scanner"
  url  = %q
  %s
}
`, endpoint.URL+"/verify", body)
	}
	unsigned := func(count int) resource.TestCheckFunc {
		return func(s *terraform.State) error {
			list, err := verifications(p, s, runTaskAddr)
			if err != nil {
				return err
			}
			if len(list) != count {
				return fmt.Errorf("%d verifications, want %d", len(list), count)
			}
			last := list[len(list)-1]
			var payload map[string]any
			if err := json.Unmarshal([]byte(last.Body), &payload); err != nil {
				return err
			}
			if _, signed := last.Headers["X-TFC-Task-Signature"]; signed || last.URL != endpoint.URL+"/verify" ||
				payload["stage"] != "test" || payload["organization_name"] != p.Organization {
				return fmt.Errorf("verification %+v, want an unsigned request of the stage test to the task's URL", last)
			}
			return nil
		}
	}
	neverCalled := func(*terraform.State) error {
		select {
		case path := <-called:
			return fmt.Errorf("a request reached the task's URL: %s", path)
		default:
			return nil
		}
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: config(`hmac_key_wo = "wo-key-1"
  hmac_key_wo_version = 1`),
				Check: resource.ComposeTestCheckFunc(signedWith(p, "wo-key-1", 1), resource.TestCheckNoResourceAttr(runTaskAddr, "hmac_key"), neverCalled),
			},
			{
				// A new version sends the new key.
				Config: config(`hmac_key_wo = "wo-key-2"
  hmac_key_wo_version = 2`),
				Check: resource.ComposeTestCheckFunc(signedWith(p, "wo-key-2", 2), neverCalled),
			},
			{
				// No key: the update takes it away.
				Config: config(""),
				Check:  resource.ComposeTestCheckFunc(unsigned(3), neverCalled),
			},
		},
	})
}

// A private task needs the organization's private-run-tasks entitlement:
// on the Free plan the apply fails with the platform's words, and creates
// nothing.
func TestAccRunTask_privateNeedsTheEntitlement(t *testing.T) {
	p := acctest.NewPlatformEmulator(t, emulator.Options{})
	pool, err := p.Client(t).AgentPools.Create(context.Background(), p.Organization, platformclient.AgentPoolOptions{Name: check.Ptr("private")})
	if err != nil {
		t.Fatal(err)
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{{
			Config: runTaskConfig(p, "private", `agent_pool_id = "`+pool.ID+`"`),
			ExpectError: check.Wrapped(`Cannot create the run task.*422 Unprocessable Entity.*` +
				`not entitled to private run tasks \(private-run-tasks\)`),
		}},
		CheckDestroy: func(*terraform.State) error {
			l, err := p.Client(t).RunTasks.List(context.Background(), p.Organization)
			if err != nil {
				return err
			}
			if len(l.Items) != 0 {
				return fmt.Errorf("the refused create left tasks %v", l.Items)
			}
			return nil
		},
	})
}
