package secrets

import (
	"context"
	"encoding/json"
	"net/http"

	"github.com/stackworks/terraform-provider-stack/internal/client"
)

// CodehostApp is a custom code-host app, which codehost destinations may
// authenticate with instead of an access token.
type CodehostApp struct {
	Name string `json:"name"`
	// AppID is the code host's ID of the app. The service answers it as a
	// number; a string of digits is accepted too (see anyInt).
	AppID int64 `json:"app_id"`
	// PrivateKey comes back obfuscated, so it cannot be compared with what
	// was written.
	PrivateKey string `json:"private_key"`
	// Fingerprint identifies the private key.
	Fingerprint string `json:"fingerprint"`
}

// UnmarshalJSON accepts app_id as a number or a string of digits.
func (a *CodehostApp) UnmarshalJSON(b []byte) error {
	type plain CodehostApp
	var raw struct {
		*plain
		AppID anyInt `json:"app_id"`
	}
	raw.plain = (*plain)(a)
	if err := json.Unmarshal(b, &raw); err != nil {
		return err
	}
	a.AppID = int64(raw.AppID)
	return nil
}

// codehostAppWrite is the body of an app's configuration. The service wants
// app_id as a string of digits although it answers a number.
type codehostAppWrite struct {
	AppID      string `json:"app_id"`
	PrivateKey string `json:"private_key"`
}

func appPath(name string) (string, error) {
	n, err := segment("code-host app name", name)
	if err != nil {
		return "", err
	}
	return appsPath + "/" + n, nil
}

// WriteCodehostApp configures the app named name with its code-host ID
// (decimal digits) and its PEM private key, and returns it as stored. The
// body is the whole app, so sending it twice is the same as sending it
// once, and it is retried.
func (c *Client) WriteCodehostApp(ctx context.Context, name, appID, privateKey string) (*CodehostApp, *Meta, error) {
	path, err := appPath(name)
	if err != nil {
		return nil, nil, err
	}
	req := &client.Request{
		Method:     http.MethodPost,
		Path:       path,
		Body:       codehostAppWrite{AppID: appID, PrivateKey: privateKey},
		Idempotent: true,
	}
	got, meta, err := write(ctx, c, req, func(ctx context.Context) (*CodehostApp, *Meta, error) {
		return c.ReadCodehostApp(ctx, name)
	})
	if err != nil {
		return nil, nil, err
	}
	if got.Name == "" {
		got.Name = name
	}
	return got, meta, nil
}

// ReadCodehostApp reads an app; a missing one is a 404 (client.IsNotFound).
func (c *Client) ReadCodehostApp(ctx context.Context, name string) (*CodehostApp, *Meta, error) {
	path, err := appPath(name)
	if err != nil {
		return nil, nil, err
	}
	got, meta, err := read[CodehostApp](ctx, c, &client.Request{Method: http.MethodGet, Path: path})
	if err != nil {
		return nil, nil, err
	}
	if got.Name == "" {
		got.Name = name
	}
	return got, meta, nil
}

// DeleteCodehostApp deletes the app's configuration in the service (not the
// app at the code host). The service refuses while destinations use it.
func (c *Client) DeleteCodehostApp(ctx context.Context, name string) (*Meta, error) {
	path, err := appPath(name)
	if err != nil {
		return nil, err
	}
	_, meta, err := do[json.RawMessage](ctx, c, &client.Request{Method: http.MethodDelete, Path: path})
	return meta, err
}
