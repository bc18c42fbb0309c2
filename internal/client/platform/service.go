package platform

import (
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/stackworks/terraform-provider-stack/internal/client"
)

// OrganizationSetting is the provider's default organization, which every
// platform resource and data source that names none takes.
var OrganizationSetting = client.Setting{
	Name: "organization", Env: "ORGANIZATION",
	Description: "Default organization of the platform's objects: the organization of every platform resource and data source that does not name its own.",
}

// Service describes the platform to the provider and the tests.
var Service = &client.Service{
	Name:           "platform",
	Block:          "platform",
	EnvPrefix:      "STACK_PLATFORM",
	ExampleAddress: "https://platform.example.com",
	AuthHeader:     "Authorization",
	AuthPrefix:     "Bearer ",
	DecodeError:    DecodeError,
	SecretFields:   SecretFields(),
	APIPath:        APIPrefix,
	NotFound:       NotFound,
	// Clients call it first, with or without a token; its headers give
	// the rate limit (see limiter).
	Probe: &client.Probe{
		Method: http.MethodGet, Path: APIPrefix + "/ping",
		Header: http.Header{"Accept": {MediaType}},
		Check:  client.CheckAnswer,
	},
	// A token that may not see an object is answered 404, as for an object
	// that does not exist (explain words it so).
	AmbiguousNotFound: true,
	// Where terraform login and the incumbent provider keep its token.
	TerraformCredentials: true,
	ScopeAttribute:       OrganizationSetting.Name,
	MissingScope: func(org string) string {
		return fmt.Sprintf("The organization %q does not exist, or the token may not see it. "+
			"If this configuration creates it with stack_platform_organization, set this resource's organization to a reference to it, "+
			"such as organization = stack_platform_organization.<label>.name: the provider's default organization names it without ordering anything, "+
			"so Terraform may create this resource before the organization, and destroy the organization with it.", org)
	},
	Settings: []client.Setting{
		OrganizationSetting,
		{
			Name: "rate_limit", Env: "RATE_LIMIT",
			Check: func(v string) error {
				_, err := ParseRateLimit(v)
				return err
			},
			Description: "The platform's rate limit for the token's user, in requests a second, such as `30`. " +
				"Unset, the provider reads it from the `X-RateLimit-Limit` header of the platform's `GET /api/v2/ping`. " +
				"The provider sends at most 90% of it, and, because the platform limits each user rather than each token or process, " +
				"slows down when a refusal for the rate limit (429) shows that other processes spend the same user's limit, " +
				"then speeds up again while no refusal comes, so that several runs with one user's token share the limit instead of exceeding it. " +
				"A refused request waits as long as the platform asks, and is retried up to `max_retries` times.",
		},
	},
	NewClient: func(transport *client.Client, settings map[string]string) any {
		opts := []Option{WithOrganization(settings[OrganizationSetting.Name])}
		// The provider has checked the setting with Check.
		if limit, err := ParseRateLimit(settings["rate_limit"]); err == nil {
			opts = append(opts, WithRateLimit(limit))
		}
		return NewClient(transport, opts...)
	},
}

// SecretFields names the JSON fields that the transport must mask in logs:
// tokens (answered once, on create), variables' values (the masking cannot
// tell a sensitive variable from another), the credentials that other
// platform objects carry, and URLs: a notification configuration's carries
// its webhook's secret, and a URL's mask costs the log nothing it needs.
func SecretFields() []string {
	return []string{"token", "value", "hmac-key", "oauth-token-string", "private-key", "secret", "url"}
}

// NotFound is the transport's client.Config.NotFound for the platform: its
// 404 is an error document, {"errors": [...]}, in JSON:API's form or the
// legacy one; an HTML page or any other body comes from something else at
// the address.
func NotFound(body []byte, _ string) bool {
	var doc struct {
		Errors []json.RawMessage `json:"errors"`
	}
	return json.Unmarshal(body, &doc) == nil && doc.Errors != nil
}

// ConfirmGone names Service's settings in its errors: it is set here, not
// in Service's literal, which it would then refer to.
func init() { Service.ConfirmGone = ConfirmGone }
