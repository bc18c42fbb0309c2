package secrets

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/client"
)

// DestinationAssociations are the secrets associated with one destination.
type DestinationAssociations struct {
	// AssociatedSecrets is keyed "<accessor>/<secret_name>".
	AssociatedSecrets map[string]AssociatedSecret `json:"associated_secrets"`
	StoreName         string                      `json:"store_name"`
	StoreType         string                      `json:"store_type"`
}

// AssociatedSecret is one secret's association with a destination.
type AssociatedSecret struct {
	// Accessor is the accessor of the secret's mount.
	Accessor   string    `json:"accessor"`
	SecretName string    `json:"secret_name"`
	SyncStatus string    `json:"sync_status"`
	UpdatedAt  time.Time `json:"updated_at"`
}

// UnmarshalJSON accepts updated_at in the forms client.Time does.
func (a *AssociatedSecret) UnmarshalJSON(b []byte) error {
	type plain AssociatedSecret
	var raw struct {
		*plain
		UpdatedAt client.Time `json:"updated_at"`
	}
	raw.plain = (*plain)(a)
	if err := json.Unmarshal(b, &raw); err != nil {
		return err
	}
	a.UpdatedAt = time.Time(raw.UpdatedAt)
	return nil
}

// SecretAssociations are the destinations one secret is associated with.
type SecretAssociations struct {
	// AssociatedDestinations is keyed "<type>/<name>".
	AssociatedDestinations map[string]AssociatedDestination `json:"associated_destinations"`
}

// AssociatedDestination is one destination's association with a secret.
type AssociatedDestination struct {
	Type       string    `json:"type"`
	Name       string    `json:"name"`
	SyncStatus string    `json:"sync_status"`
	UpdatedAt  time.Time `json:"updated_at"`
}

// UnmarshalJSON accepts updated_at in the forms client.Time does.
func (a *AssociatedDestination) UnmarshalJSON(b []byte) error {
	type plain AssociatedDestination
	var raw struct {
		*plain
		UpdatedAt client.Time `json:"updated_at"`
	}
	raw.plain = (*plain)(a)
	if err := json.Unmarshal(b, &raw); err != nil {
		return err
	}
	a.UpdatedAt = time.Time(raw.UpdatedAt)
	return nil
}

// AssociationList lists every association. TotalAssociations may exceed
// TotalSecrets, since a secret may be associated with several destinations.
type AssociationList struct {
	// KeyInfo is keyed "<mount>/<secret>", like Keys.
	KeyInfo           map[string][]AssociationListEntry `json:"key_info"`
	Keys              []string                          `json:"keys"`
	TotalAssociations int                               `json:"total_associations"`
	TotalSecrets      int                               `json:"total_secrets"`
}

// UnmarshalJSON accepts the totals in the spellings anyInt takes.
func (l *AssociationList) UnmarshalJSON(b []byte) error {
	type plain AssociationList
	var raw struct {
		*plain
		TotalAssociations anyInt `json:"total_associations"`
		TotalSecrets      anyInt `json:"total_secrets"`
	}
	raw.plain = (*plain)(l)
	if err := json.Unmarshal(b, &raw); err != nil {
		return err
	}
	l.TotalAssociations, l.TotalSecrets = int(raw.TotalAssociations), int(raw.TotalSecrets)
	return nil
}

// AssociationListEntry is one secret of an AssociationList.
type AssociationListEntry struct {
	Mount      string `json:"mount"`
	SecretPath string `json:"secret_path"`
}

// associationChange is the body of a set or a remove.
type associationChange struct {
	Mount      string `json:"mount"`
	SecretName string `json:"secret_name"`
}

var (
	errNoMount      = errors.New("mount is empty")
	errNoSecretName = errors.New("secret name is empty")
)

func (c *Client) changeAssociation(ctx context.Context, typ, name, mount, secretName, action string) (*DestinationAssociations, *Meta, error) {
	path, err := destinationPath(typ, name)
	if err != nil {
		return nil, nil, err
	}
	switch {
	case mount == "":
		return nil, nil, errNoMount
	case secretName == "":
		return nil, nil, errNoSecretName
	}
	req := &client.Request{
		Method:     http.MethodPost,
		Path:       path + "/associations/" + action,
		Body:       associationChange{Mount: mount, SecretName: secretName},
		Idempotent: true,
	}
	return write(ctx, c, req, func(ctx context.Context) (*DestinationAssociations, *Meta, error) {
		return c.ReadAssociations(ctx, typ, name)
	})
}

// SetAssociation associates the secret secretName of the key-value
// (version 2) mount mount with a destination, which syncs it, and returns
// the destination's associations. Setting an association that exists
// syncs it again and creates no other, so it is retried.
func (c *Client) SetAssociation(ctx context.Context, typ, name, mount, secretName string) (*DestinationAssociations, *Meta, error) {
	return c.changeAssociation(ctx, typ, name, mount, secretName, "set")
}

// RemoveAssociation removes an association, which deletes the secret from
// the destination; the answer shows it UNSYNCED. The service also succeeds
// when the association is already gone, so it is retried.
func (c *Client) RemoveAssociation(ctx context.Context, typ, name, mount, secretName string) (*DestinationAssociations, *Meta, error) {
	return c.changeAssociation(ctx, typ, name, mount, secretName, "remove")
}

// ReadAssociations reads the associations of a destination.
func (c *Client) ReadAssociations(ctx context.Context, typ, name string) (*DestinationAssociations, *Meta, error) {
	path, err := destinationPath(typ, name)
	if err != nil {
		return nil, nil, err
	}
	return read[DestinationAssociations](ctx, c, &client.Request{Method: http.MethodGet, Path: path + "/associations"})
}

// ListAssociations lists every association.
func (c *Client) ListAssociations(ctx context.Context) (*AssociationList, *Meta, error) {
	return list[AssociationList](ctx, c, associationsPath)
}

// ReadDestinationsBySecret reads the destinations that a secret is
// associated with. Mount and secret names go in the path, unless either
// holds a "/" (mount names and secret paths may) or is a dot segment: those
// go as query parameters, which the service offers for that reason.
func (c *Client) ReadDestinationsBySecret(ctx context.Context, mount, secretName string) (*SecretAssociations, *Meta, error) {
	switch {
	case mount == "":
		return nil, nil, errNoMount
	case secretName == "":
		return nil, nil, errNoSecretName
	}
	req := &client.Request{Method: http.MethodGet}
	if inPath(mount) && inPath(secretName) {
		req.Path = associationsPath + "/" + url.PathEscape(mount) + "/" + url.PathEscape(secretName)
	} else {
		req.Path = associationsPath + "/destinations"
		req.Query = url.Values{"mount": {mount}, "secret_name": {secretName}}
	}
	return read[SecretAssociations](ctx, c, req)
}

// inPath reports whether s can travel as one path segment. An escaped "/"
// (%2F) is turned back into a separator by many servers and proxies, and
// URL cleaning removes dot segments.
func inPath(s string) bool {
	return !strings.Contains(s, "/") && s != "." && s != ".."
}
