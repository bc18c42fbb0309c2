package secrets

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"reflect"
	"strconv"
	"strings"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/client"
)

// Destination is a destination as the service reports it.
type Destination struct {
	Type string `json:"type"`
	Name string `json:"name"`
	// ConnectionDetails holds the type's connection parameters, with
	// secret values obfuscated (asterisks): they come back as the server
	// sent them and cannot be compared with what was written.
	//
	// Servers leave unset keys out or answer them empty, and answer some
	// values (installation_id) as numbers, so the client gives one form:
	// every key of the type's write form is there, an unset one as "",
	// an empty list ([]any) or an empty map (map[string]any); numbers and
	// booleans are their JSON text, in lists and maps too.
	ConnectionDetails map[string]any         `json:"connection_details"`
	Options           DestinationReadOptions `json:"options"`
	// PurgeInitiatedAt is set once a delete with purge has begun; the
	// destination disappears when the purge is done.
	PurgeInitiatedAt time.Time `json:"purge_initiated_at"`
	PurgeError       string    `json:"purge_error"`
}

// DestinationReadOptions are the options of a destination as stored, with
// the service's defaults filled in.
type DestinationReadOptions struct {
	GranularityLevel   string            `json:"granularity_level"`
	SecretNameTemplate string            `json:"secret_name_template"`
	CustomTags         map[string]string `json:"custom_tags"`
}

// UnmarshalJSON accepts purge_initiated_at in the forms client.Time does, and
// gives connection_details' numbers and booleans as text.
func (d *Destination) UnmarshalJSON(b []byte) error {
	type plain Destination
	var raw struct {
		*plain
		ConnectionDetails json.RawMessage `json:"connection_details"`
		PurgeInitiatedAt  client.Time     `json:"purge_initiated_at"`
	}
	raw.plain = (*plain)(d)
	if err := json.Unmarshal(b, &raw); err != nil {
		return err
	}
	d.PurgeInitiatedAt = time.Time(raw.PurgeInitiatedAt)
	d.ConnectionDetails = nil
	if len(raw.ConnectionDetails) == 0 {
		return nil
	}
	dec := json.NewDecoder(bytes.NewReader(raw.ConnectionDetails))
	dec.UseNumber()
	if err := dec.Decode(&d.ConnectionDetails); err != nil {
		return fmt.Errorf("connection_details: %w", err)
	}
	for k, v := range d.ConnectionDetails {
		d.ConnectionDetails[k] = detailText(v)
	}
	return nil
}

// detailText turns the numbers and booleans of a decoded connection detail
// into their text, in lists and maps too.
func detailText(v any) any {
	switch t := v.(type) {
	case json.Number:
		var n anyInt
		if n.UnmarshalJSON([]byte(t)) == nil {
			return strconv.FormatInt(int64(n), 10)
		}
		return t.String()
	case bool:
		return strconv.FormatBool(t)
	case []any:
		for i, e := range t {
			t[i] = detailText(e)
		}
	case map[string]any:
		for k, e := range t {
			t[k] = detailText(e)
		}
	}
	return v
}

// detailKinds are the connection_details keys of each type, those of its
// write form beyond DestinationOptions, with their kind: reflect.String,
// reflect.Slice or reflect.Map.
var detailKinds = map[string]map[string]reflect.Kind{
	TypeCloudOneSM:     writeFormKeys(CloudOneSMDestination{}),
	TypeCloudTwoKV:     writeFormKeys(CloudTwoKVDestination{}),
	TypeCloudThreeSM:   writeFormKeys(CloudThreeSMDestination{}),
	TypeCodehost:       writeFormKeys(CodehostDestination{}),
	TypeWebhostProject: writeFormKeys(WebhostProjectDestination{}),
}

func writeFormKeys(w DestinationWrite) map[string]reflect.Kind {
	t := reflect.TypeOf(w)
	keys := make(map[string]reflect.Kind, t.NumField())
	for i := range t.NumField() {
		f := t.Field(i)
		if f.Anonymous {
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		keys[name] = f.Type.Kind()
	}
	return keys
}

// fillDetails gives every key of the type that the answer left out or
// answered null its empty value.
func (d *Destination) fillDetails() {
	kinds := detailKinds[d.Type]
	if d.ConnectionDetails == nil {
		d.ConnectionDetails = make(map[string]any, len(kinds))
	}
	for k, kind := range kinds {
		if d.ConnectionDetails[k] != nil {
			continue
		}
		switch kind {
		case reflect.Slice:
			d.ConnectionDetails[k] = []any{}
		case reflect.Map:
			d.ConnectionDetails[k] = map[string]any{}
		default:
			d.ConnectionDetails[k] = ""
		}
	}
}

// DestinationWrite is the body of a destination's create or update: one of
// CloudOneSMDestination, CloudTwoKVDestination, CloudThreeSMDestination,
// CodehostDestination and WebhostProjectDestination. Its type picks the
// endpoint, so that a body cannot reach another type's.
type DestinationWrite interface {
	DestinationType() string
}

// DestinationOptions are the parameters every destination type takes.
//
// In every write form, an empty string, nil map and nil list are not sent,
// which leaves the field to the service's default. An empty but non-nil
// map or list is sent, which clears the field on a server that keeps the
// stored value of a field left out of an update.
type DestinationOptions struct {
	// SecretNameTemplate names the secrets at the destination; each type
	// has its own default.
	SecretNameTemplate string `json:"secret_name_template,omitempty"`
	// CustomTags are set on synced secrets. The codehost and
	// webhost-project types refuse them.
	CustomTags map[string]string `json:"custom_tags,omitzero"`
	// Granularity is GranularitySecretPath or GranularitySecretKey; the
	// default depends on the type.
	Granularity             string   `json:"granularity,omitempty"`
	DisableStrictNetworking bool     `json:"disable_strict_networking"`
	AllowedIPv4Addresses    []string `json:"allowed_ipv4_addresses,omitzero"`
	AllowedIPv6Addresses    []string `json:"allowed_ipv6_addresses,omitzero"`
	AllowedPorts            []int    `json:"allowed_ports,omitzero"`
}

// CloudOneSMDestination writes a cloudone-sm destination. Without keys the
// service authenticates with its environment's credentials.
type CloudOneSMDestination struct {
	DestinationOptions
	AccessKeyID     string `json:"access_key_id,omitempty"`
	SecretAccessKey string `json:"secret_access_key,omitempty"`
	RoleARN         string `json:"role_arn,omitempty"`
	ExternalID      string `json:"external_id,omitempty"`
	Region          string `json:"region,omitempty"`
}

// CloudTwoKVDestination writes a cloudtwo-kv destination.
type CloudTwoKVDestination struct {
	DestinationOptions
	KeyVaultURI  string `json:"key_vault_uri,omitempty"`
	ClientID     string `json:"client_id,omitempty"`
	ClientSecret string `json:"client_secret,omitempty"`
	TenantID     string `json:"tenant_id,omitempty"`
	Cloud        string `json:"cloud,omitempty"`
}

// CloudThreeSMDestination writes a cloudthree-sm destination.
type CloudThreeSMDestination struct {
	DestinationOptions
	// Credentials is a JSON credentials document, or @path to a file the
	// server reads.
	Credentials          string            `json:"credentials,omitempty"`
	ProjectID            string            `json:"project_id,omitempty"`
	ReplicationLocations []string          `json:"replication_locations,omitzero"`
	LocationalKMSKeys    map[string]string `json:"locational_kms_keys,omitzero"`
	// GlobalKMSKey appears in the spec's sample payload only.
	GlobalKMSKey string `json:"global_kms_key,omitempty"`
}

// CodehostDestination writes a codehost destination. It authenticates with
// AccessToken, or with a configured app (AppName and InstallationID).
type CodehostDestination struct {
	DestinationOptions
	// SecretsLocation is "repository" (the default) or "organization".
	SecretsLocation         string   `json:"secrets_location,omitempty"`
	AccessToken             string   `json:"access_token,omitempty"`
	AppName                 string   `json:"app_name,omitempty"`
	InstallationID          string   `json:"installation_id,omitempty"`
	RepositoryOwner         string   `json:"repository_owner,omitempty"`
	RepositoryName          string   `json:"repository_name,omitempty"`
	EnvironmentName         string   `json:"environment_name,omitempty"`
	OrganizationName        string   `json:"organization_name,omitempty"`
	OrganizationVisibility  string   `json:"organization_visibility,omitempty"`
	SelectedRepositoryNames []string `json:"selected_repository_names,omitzero"`
}

// WebhostProjectDestination writes a webhost-project destination.
type WebhostProjectDestination struct {
	DestinationOptions
	AccessToken string `json:"access_token,omitempty"`
	ProjectID   string `json:"project_id,omitempty"`
	TeamID      string `json:"team_id,omitempty"`
	// DeploymentEnvironments are any of development, preview and
	// production.
	DeploymentEnvironments []string `json:"deployment_environments,omitzero"`
}

// DestinationType is cloudone-sm.
func (CloudOneSMDestination) DestinationType() string { return TypeCloudOneSM }

// DestinationType is cloudtwo-kv.
func (CloudTwoKVDestination) DestinationType() string { return TypeCloudTwoKV }

// DestinationType is cloudthree-sm.
func (CloudThreeSMDestination) DestinationType() string { return TypeCloudThreeSM }

// DestinationType is codehost.
func (CodehostDestination) DestinationType() string { return TypeCodehost }

// DestinationType is webhost-project.
func (WebhostProjectDestination) DestinationType() string { return TypeWebhostProject }

// DestinationList lists destinations. Of all types, Keys are "<type>/" and
// KeyInfo maps each to its names; of one type, Keys are the names and
// KeyInfo is empty.
type DestinationList struct {
	KeyInfo           map[string][]string `json:"key_info"`
	Keys              []string            `json:"keys"`
	TotalDestinations int                 `json:"total_destinations"`
}

// UnmarshalJSON accepts total_destinations in the spellings anyInt takes.
func (l *DestinationList) UnmarshalJSON(b []byte) error {
	type plain DestinationList
	var raw struct {
		*plain
		TotalDestinations anyInt `json:"total_destinations"`
	}
	raw.plain = (*plain)(l)
	if err := json.Unmarshal(b, &raw); err != nil {
		return err
	}
	l.TotalDestinations = int(raw.TotalDestinations)
	return nil
}

func destinationPath(typ, name string) (string, error) {
	t, err := segment("destination type", typ)
	if err != nil {
		return "", err
	}
	n, err := segment("destination name", name)
	if err != nil {
		return "", err
	}
	return destinationsPath + "/" + t + "/" + n, nil
}

// WriteDestination creates the destination named name, or updates it, with
// d, and returns it as stored. The body is the whole object, so sending it
// twice is the same as sending it once, and it is retried.
func (c *Client) WriteDestination(ctx context.Context, name string, d DestinationWrite) (*Destination, *Meta, error) {
	typ := d.DestinationType()
	path, err := destinationPath(typ, name)
	if err != nil {
		return nil, nil, err
	}
	req := &client.Request{Method: http.MethodPost, Path: path, Body: d, Idempotent: true}
	got, meta, err := write(ctx, c, req, func(ctx context.Context) (*Destination, *Meta, error) {
		return c.ReadDestination(ctx, typ, name)
	})
	if err != nil {
		return nil, nil, err
	}
	got.fill(typ, name)
	return got, meta, nil
}

// ReadDestination reads a destination; a missing one is a 404
// (client.IsNotFound).
func (c *Client) ReadDestination(ctx context.Context, typ, name string) (*Destination, *Meta, error) {
	path, err := destinationPath(typ, name)
	if err != nil {
		return nil, nil, err
	}
	got, meta, err := read[Destination](ctx, c, &client.Request{Method: http.MethodGet, Path: path})
	if err != nil {
		return nil, nil, err
	}
	got.fill(typ, name)
	return got, meta, nil
}

// fill supplies the type and name that an answer left out, which the
// caller asked for and the path proves, and the connection details it
// left unset.
func (d *Destination) fill(typ, name string) {
	if d.Type == "" {
		d.Type = typ
	}
	if d.Name == "" {
		d.Name = name
	}
	d.fillDetails()
}

// ListDestinations lists the destinations of every type.
func (c *Client) ListDestinations(ctx context.Context) (*DestinationList, *Meta, error) {
	return list[DestinationList](ctx, c, destinationsPath)
}

// ListDestinationsByType lists the names of the destinations of one type.
func (c *Client) ListDestinationsByType(ctx context.Context, typ string) (*DestinationList, *Meta, error) {
	t, err := segment("destination type", typ)
	if err != nil {
		return nil, nil, err
	}
	return list[DestinationList](ctx, c, destinationsPath+"/"+t)
}

// DeleteDestination deletes a destination. The service refuses while the
// destination has associations, unless purge is set: then it unsyncs and
// removes them in the background and deletes the destination after, so the
// destination may still be read (with PurgeInitiatedAt set) for a while.
func (c *Client) DeleteDestination(ctx context.Context, typ, name string, purge bool) (*Meta, error) {
	path, err := destinationPath(typ, name)
	if err != nil {
		return nil, err
	}
	req := &client.Request{Method: http.MethodDelete, Path: path}
	if purge {
		req.Query = url.Values{"purge": {"true"}}
	}
	_, meta, err := do[json.RawMessage](ctx, c, req)
	return meta, err
}
