package scheduler

import (
	"bytes"
	"net/http"

	"github.com/stackworks/terraform-provider-stack/internal/client"
)

// How a change to a JWT auth method is made, the values of the jwt_updates
// setting.
const (
	JWTUpdatesReplace = "replace"
	JWTUpdatesInPlace = "in_place"
)

// Service describes the scheduler to the provider and the tests.
var Service = &client.Service{
	Name:           "scheduler",
	Block:          "scheduler",
	EnvPrefix:      "STACK_SCHEDULER",
	ExampleAddress: "https://scheduler.example.com:4646",
	AuthHeader:     TokenHeader,
	SecretFields:   []string{"OIDCClientSecret"},
	APIPath:        "/v1",
	NotFound:       NotFound,
	// The leader's address, which every server answers without a token.
	Probe: &client.Probe{Method: http.MethodGet, Path: "/v1/status/leader", Check: client.CheckAnswer},
	Settings: []client.Setting{
		{
			Name: "region", Env: "REGION",
			Description: "Region to which requests are addressed (sent as the `region` query parameter); empty for the server's own region.",
		},
		{
			Name: "jwt_updates", Env: "JWT_UPDATES",
			OneOf: []string{JWTUpdatesReplace, JWTUpdatesInPlace},
			Description: "How a change to an updatable field of a JWT auth method is made. `replace` (the default) deletes the method and creates it again, " +
				"because the scheduler's API accepts updates of OIDC methods only; the deletion also deletes what the scheduler ties to the method, such as its binding rules. " +
				"`in_place` updates the method, for servers that accept updates of JWT methods: choose it when your server does, to keep what is tied to the methods. " +
				"A server that refuses them fails the apply with its error, and the method stays as it was. Create-only fields replace a method either way.",
		},
	},
	NewClient: func(transport *client.Client, settings map[string]string) any {
		return NewClient(transport, WithRegion(settings["region"]), WithJWTUpdates(settings["jwt_updates"]))
	},
}

// NotFound is the transport's client.Config.NotFound for the scheduler,
// whose errors are plain text, such as `ACL auth method not found`: a 404
// with an empty body, a JSON document or an HTML page comes from something
// else at the address, and so does Go's own "404 page not found" of a
// route the server does not have.
func NotFound(body []byte, contentType string) bool {
	text := bytes.TrimSpace(body)
	return len(text) > 0 && text[0] != '{' && text[0] != '[' &&
		!client.IsHTML(contentType, text) && string(text) != "404 page not found"
}
