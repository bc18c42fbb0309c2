package secrets_test

import (
	"context"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	tfacctest "github.com/hashicorp/terraform-plugin-testing/helper/acctest"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	secretsclient "github.com/stackworks/terraform-provider-stack/internal/client/secrets"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
)

const cloudOneAddr = "stack_secrets_sync_cloudone_sm_destination.test"

func cloudOneConfig(s *acctest.Secrets, name, region, extra string) string {
	return resourceConfig(s, "cloudone_sm_destination", name, fmt.Sprintf(`access_key_id     = "AKIAEXAMPLE"
  secret_access_key = "very-secret-key"
  region            = %q
  %s`, region, extra))
}

func TestAccCloudOneSMDestination_lifecycle(t *testing.T) {
	s := acctest.NewSecrets(t)
	name := tfacctest.RandomWithPrefix("c1")
	updated := cloudOneConfig(s, name, "us-east-1", `
  custom_tags          = { team = "payments", env = "prod" }
  granularity          = "secret-key"
  secret_name_template = "vault-{{ .SecretPath }}"
  role_arn             = "arn:cloud:iam::123:role/sync"`)
	isUpdated := checkDestination(t, s, secretsclient.TypeCloudOneSM, name, func(d *secretsclient.Destination) error {
		if d.Options.GranularityLevel != "secret-key" || d.Options.CustomTags["env"] != "prod" {
			return fmt.Errorf("server holds granularity %q, tags %v", d.Options.GranularityLevel, d.Options.CustomTags)
		}
		return destDetailsAre(d, map[string]any{"role_arn": "arn:cloud:iam::123:role/sync"}, "")
	})

	// A destination the test did not create, which a create does not take
	// over; it says how to import it, and import IDs are names.
	theirs := tfacctest.RandomWithPrefix("theirs")
	dsWriteDestination(t, s, theirs, secretsclient.CloudOneSMDestination{Region: "eu-west-1", RoleARN: "arn:theirs"})
	untouched := checkDestination(t, s, secretsclient.TypeCloudOneSM, theirs, func(d *secretsclient.Destination) error {
		return destDetailsAre(d, map[string]any{"role_arn": "arn:theirs", "access_key_id": ""}, "")
	})
	existing := cloudOneConfig(s, theirs, "eu-west-1", "")
	importStep := func(id string) resource.TestStep {
		return resource.TestStep{
			Config:            existing,
			ResourceName:      cloudOneAddr,
			ImportState:       true,
			ImportStateIdFunc: func(*terraform.State) (string, error) { return id, nil },
		}
	}
	invalidImport := func(id string) resource.TestStep {
		step := importStep(id)
		step.ExpectError = check.Wrapped(regexp.QuoteMeta(fmt.Sprintf("The import ID of a destination is its name. The name has 1 to 128 characters: letters, digits, `.`, `-` and `_`, starting with a letter or a digit. Got %q.", id)))
		return step
	}
	imported := importStep(theirs)
	imported.ImportStateCheck = func(st []*terraform.InstanceState) error {
		if len(st) != 1 || st[0].Attributes["role_arn"] != "arn:theirs" || st[0].Attributes["region"] != "eu-west-1" {
			return fmt.Errorf("imported %v, want the service's destination", st)
		}
		return nil
	}
	withPreConfig := func(step resource.TestStep, pre func()) resource.TestStep {
		step.PreConfig = pre
		return step
	}

	check.Lifecycle[*secretsclient.Client]{
		Service: s, Client: s.Client, Address: cloudOneAddr, IDAttribute: "name",
		CheckDestroy: destinationGone(t, s, secretsclient.TypeCloudOneSM, name),
		NotTakenOver: check.Existing{
			Config: existing, ImportID: theirs,
			Said: fmt.Sprintf(`Cloudone-sm destination already exists.*A cloudone-sm destination named %q already exists, and Terraform will not take over an object it did not create`, theirs),
			Then: []resource.TestStep{
				withPreConfig(invalidImport(""), func() {
					if err := untouched(nil); err != nil {
						t.Fatal(err)
					}
				}),
				invalidImport("a/b"),
				imported,
			},
		},
		Create: check.Step{
			Config: cloudOneConfig(s, name, "us-east-1", `custom_tags = { team = "payments" }`),
			StateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(cloudOneAddr, check.Path("name"), check.Str(name)),
				statecheck.ExpectKnownValue(cloudOneAddr, check.Path("region"), check.Str("us-east-1")),
				statecheck.ExpectKnownValue(cloudOneAddr, check.Path("granularity"), check.Str("secret-path")),
				statecheck.ExpectKnownValue(cloudOneAddr, check.Path("secret_name_template"), check.Str(defaultTemplateCloudOne)),
				// The service shows the keys obfuscated: state keeps them as configured.
				statecheck.ExpectKnownValue(cloudOneAddr, check.Path("access_key_id"), check.Str("AKIAEXAMPLE")),
				statecheck.ExpectKnownValue(cloudOneAddr, check.Path("secret_access_key"), check.Str("very-secret-key")),
				statecheck.ExpectKnownValue(cloudOneAddr, check.Path("custom_tags"), knownvalue.MapExact(map[string]knownvalue.Check{"team": check.Str("payments")})),
				statecheck.ExpectKnownValue(cloudOneAddr, check.Path("purge_on_destroy"), knownvalue.Bool(false)),
			},
			Check: checkDestination(t, s, secretsclient.TypeCloudOneSM, name, func(d *secretsclient.Destination) error {
				if d.ConnectionDetails["region"] != "us-east-1" {
					return fmt.Errorf("region on the server: %v", d.ConnectionDetails["region"])
				}
				if v := fmt.Sprint(d.ConnectionDetails["secret_access_key"]); v == "very-secret-key" || strings.Trim(v, "*") != "" {
					return fmt.Errorf("the server shows the secret access key as %q, not obfuscated", v)
				}
				if d.Options.CustomTags["team"] != "payments" {
					return fmt.Errorf("custom tags on the server: %v", d.Options.CustomTags)
				}
				return nil
			}),
		},
		Update: check.Step{
			Config: updated,
			StateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(cloudOneAddr, check.Path("granularity"), check.Str("secret-key")),
				statecheck.ExpectKnownValue(cloudOneAddr, check.Path("secret_name_template"), check.Str("vault-{{ .SecretPath }}")),
				statecheck.ExpectKnownValue(cloudOneAddr, check.Path("role_arn"), check.Str("arn:cloud:iam::123:role/sync")),
			},
			Check: isUpdated,
		},
		Imports: []check.ImportID{{ID: func(string) string { return name }, Ignore: []string{"access_key_id", "secret_access_key"}}},
		OutOfBandChange: check.Change[*secretsclient.Client]{
			Do: func(ctx context.Context, c *secretsclient.Client, _ string) error {
				_, _, err := c.WriteDestination(ctx, name, secretsclient.CloudOneSMDestination{
					AccessKeyID: "AKIAEXAMPLE", SecretAccessKey: "very-secret-key", Region: "us-east-1", RoleARN: "arn:elsewhere",
				})
				return err
			},
			Step: check.Step{Config: updated, Check: isUpdated},
		},
		OutOfBandDelete: check.Change[*secretsclient.Client]{
			Do:   deletedElsewhere(secretsclient.TypeCloudOneSM, name),
			Step: check.Step{Config: updated, Check: isUpdated},
		},
		// The region is create-only.
		Replace: check.Step{
			Config: cloudOneConfig(s, name, "eu-west-1", ""),
			StateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(cloudOneAddr, check.Path("region"), check.Str("eu-west-1")),
				statecheck.ExpectKnownValue(cloudOneAddr, check.Path("custom_tags"), knownvalue.Null()),
			},
		},
	}.Run(t)
}

// The service answers an unset region as empty, which is what state holds
// after an import, so writing region = "" (or removing it) is no change
// that replaces the destination.
func TestAccCloudOneSMDestination_emptyRegionIsUnset(t *testing.T) {
	s := acctest.NewSecrets(t)
	name := tfacctest.RandomWithPrefix("c1-region")
	noRegion := resourceConfig(s, "cloudone_sm_destination", name, `access_key_id     = "AKIAEXAMPLE"
  secret_access_key = "very-secret-key"`)
	update := resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(cloudOneAddr, plancheck.ResourceActionUpdate)}}

	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		CheckDestroy:             destinationGone(t, s, secretsclient.TypeCloudOneSM, name),
		Steps: []resource.TestStep{
			{Config: noRegion},
			{
				Config:            cloudOneConfig(s, name, "", ""),
				ConfigPlanChecks:  update,
				ConfigStateChecks: []statecheck.StateCheck{statecheck.ExpectKnownValue(cloudOneAddr, check.Path("region"), check.Str(""))},
			},
			{
				Config:            noRegion,
				ConfigPlanChecks:  update,
				ConfigStateChecks: []statecheck.StateCheck{statecheck.ExpectKnownValue(cloudOneAddr, check.Path("region"), knownvalue.Null())},
			},
		},
	})
}

// The keys given write-only never enter the state. The service stores
// them (writeOnlySecret), and gets them again with every update, since an
// update sends the whole object. A change made outside Terraform shows as
// drift and is reverted.
func TestAccCloudOneSMDestination_writeOnlyKeysAndDrift(t *testing.T) {
	statePath := filepath.Join(t.TempDir(), "emulator.json")
	s := acctest.NewSecretsEmulator(t, emulator.Options{StatePath: statePath})
	name := tfacctest.RandomWithPrefix("c1-wo")
	typ := secretsclient.TypeCloudOneSM
	config := func(roleARN, secretKey string, version int) string {
		return s.ProviderConfig() + fmt.Sprintf(`
resource "stack_secrets_sync_cloudone_sm_destination" "test" {
  name                         = %q
  region                       = "us-east-1"
  role_arn                     = %q
  access_key_id_wo             = "AKIAWRITEONLY"
  access_key_id_wo_version     = 1
  secret_access_key_wo         = %q
  secret_access_key_wo_version = %d
}
`, name, roleARN, secretKey, version)
	}
	key := writeOnlySecret{
		addr: cloudOneAddr, typ: typ, name: name, attr: "secret_access_key", values: [2]string{"wo-secret-1", "wo-secret-2"},
		config:   func(secretKey string, version int) string { return config("arn:one", secretKey, version) },
		held:     map[string]string{"access_key_id": "AKIAWRITEONLY"},
		alsoNull: []string{"access_key_id"},
	}
	stored := destStoredSecretsAre(t, s, statePath, typ, name, map[string]string{"access_key_id": "AKIAWRITEONLY", "secret_access_key": "wo-secret-2"})
	update := resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(cloudOneAddr, plancheck.ResourceActionUpdate)}}

	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		CheckDestroy:             destinationGone(t, s, typ, name),
		Steps: append(key.steps(t, s, statePath),
			resource.TestStep{
				Config:           config("arn:two", "wo-secret-2", 2),
				ConfigPlanChecks: update,
				Check:            resource.ComposeAggregateTestCheckFunc(stored, destWrites(s, typ, 3)),
			},
			resource.TestStep{
				PreConfig: check.OutOfBand(t, s.Client, func(ctx context.Context, c *secretsclient.Client) error {
					_, _, err := c.WriteDestination(ctx, name, secretsclient.CloudOneSMDestination{
						AccessKeyID: "AKIAWRITEONLY", SecretAccessKey: "wo-secret-2", Region: "us-east-1", RoleARN: "arn:elsewhere", ExternalID: "ext-elsewhere",
					})
					return err
				}),
				Config:           config("arn:two", "wo-secret-2", 2),
				ConfigPlanChecks: update,
				Check: resource.ComposeAggregateTestCheckFunc(
					destinationIs(t, s, typ, name, map[string]any{"role_arn": "arn:two", "external_id": ""}, ""),
					stored,
				),
			},
		),
	})
}
