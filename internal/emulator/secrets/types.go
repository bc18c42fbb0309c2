package secrets

import (
	"maps"
	"regexp"
	"slices"
	"time"
)

// Obfuscated is what responses show in place of a sensitive value that is
// set, whatever its length.
const Obfuscated = "*****"

// Sync statuses of an association.
const (
	StatusSynced   = "SYNCED"
	StatusUnsynced = "UNSYNCED"
	StatusPending  = "PENDING"
)

// Granularities a destination accepts.
const (
	granularityPath = "secret-path"
	granularityKey  = "secret-key"
)

// Where a codehost destination keeps its secrets.
const (
	locationRepository   = "repository"
	locationOrganization = "organization"
)

// timeLayout is ISO 8601 with a numeric offset, "+00:00" rather than "Z".
const timeLayout = "2006-01-02T15:04:05.999999999-07:00"

// validName is the rule for destination and code-host app names, which are
// one path segment.
var validName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$`)

// Default secret name templates, one per type, shown when a destination has
// none of its own. The key part appears only at secret-key granularity.
const (
	templateCloudOne   = `secrets/{{ .MountAccessor }}/{{ .SecretPath }}{{ if .SecretKey }}/{{ .SecretKey }}{{ end }}`
	templateCloudTwo   = `secrets-{{ .MountAccessor | replace "_" "-" }}-{{ .SecretPath | replace "/" "-" }}{{ if .SecretKey }}-{{ .SecretKey }}{{ end }}`
	templateCloudThree = `secrets_{{ .MountAccessor }}_{{ .SecretPath | replace "/" "_" }}{{ if .SecretKey }}_{{ .SecretKey }}{{ end }}`
	templateEnvVars    = `SECRETS_{{ .MountAccessor | uppercase }}_{{ .SecretPath | replace "/" "_" | uppercase }}{{ if .SecretKey }}_{{ .SecretKey | uppercase }}{{ end }}`
)

// paramKind is the JSON shape of a type-specific parameter.
type paramKind uint8

const (
	kindString    paramKind = iota
	kindList                // list of strings
	kindCommaList           // list of strings, or one comma-separated string
	kindMap                 // map of string to string
)

// param is a type-specific parameter of a destination: a key of its
// connection_details.
type param struct {
	name       string
	kind       paramKind
	required   bool
	sensitive  bool
	createOnly bool
	def        string
	// location is, for codehost, the secrets_location the field goes with.
	location string
}

// destType describes one destination type.
type destType struct {
	granularity string // the default
	template    string // the default
	customTags  bool   // whether custom_tags is offered
	params      []param
}

// destTypes are the destination types, by identifier.
var destTypes = map[string]*destType{
	"cloudone-sm": {
		granularity: granularityPath,
		template:    templateCloudOne,
		customTags:  true,
		params: []param{
			{name: "access_key_id", sensitive: true},
			{name: "secret_access_key", sensitive: true},
			{name: "role_arn"},
			{name: "external_id"},
			{name: "region", createOnly: true},
		},
	},
	"cloudtwo-kv": {
		granularity: granularityPath,
		template:    templateCloudTwo,
		customTags:  true,
		params: []param{
			{name: "key_vault_uri", required: true, createOnly: true},
			{name: "client_id", required: true},
			{name: "client_secret", required: true, sensitive: true},
			{name: "tenant_id", required: true, createOnly: true},
			{name: "cloud", def: "cloud", createOnly: true},
		},
	},
	"cloudthree-sm": {
		granularity: granularityPath,
		template:    templateCloudThree,
		customTags:  true,
		params: []param{
			{name: "credentials", required: true, sensitive: true},
			{name: "project_id"},
			{name: "replication_locations", kind: kindList},
			{name: "locational_kms_keys", kind: kindMap},
			{name: "global_kms_key"},
		},
	},
	"codehost": {
		granularity: granularityKey,
		template:    templateEnvVars,
		params: []param{
			{name: "secrets_location", def: locationRepository, createOnly: true},
			{name: "access_token", sensitive: true},
			{name: "app_name"},
			{name: "installation_id"},
			{name: "repository_owner", createOnly: true, location: locationRepository},
			{name: "repository_name", createOnly: true, location: locationRepository},
			{name: "environment_name", location: locationRepository},
			{name: "organization_name", location: locationOrganization},
			{name: "organization_visibility", createOnly: true, location: locationOrganization},
			{name: "selected_repository_names", kind: kindCommaList, location: locationOrganization},
		},
	},
	"webhost-project": {
		granularity: granularityKey,
		template:    templateEnvVars,
		params: []param{
			{name: "access_token", required: true, sensitive: true},
			{name: "project_id", required: true, createOnly: true},
			{name: "team_id"},
			{name: "deployment_environments", kind: kindList, required: true},
		},
	},
}

// typeNames are the destination types in the order messages list them.
var typeNames = []string{"cloudone-sm", "cloudtwo-kv", "cloudthree-sm", "codehost", "webhost-project"}

var deploymentEnvironments = []string{"development", "preview", "production"}

// syncConfig is the global sync configuration.
type syncConfig struct {
	Disabled      bool  `json:"disabled"`
	QueueCapacity int64 `json:"queue_capacity"`
}

func defaultConfig() syncConfig {
	return syncConfig{QueueCapacity: 1_000_000}
}

// destination is a destination as the store keeps it; the fields are
// exported for the state file. Type-specific parameters are stored with
// their defaults applied, in clear.
type destination struct {
	Type    string                       `json:"type"`
	Name    string                       `json:"name"`
	Strings map[string]string            `json:"strings,omitempty"`
	Lists   map[string][]string          `json:"lists,omitempty"`
	Maps    map[string]map[string]string `json:"maps,omitempty"`
	Options destinationOptions           `json:"options"`
	// PurgeInitiatedAt is set while a purge is under way.
	PurgeInitiatedAt *time.Time `json:"purge_initiated_at,omitempty"`
	// Associations are keyed "<accessor>/<secret_name>".
	Associations map[string]*association `json:"associations,omitempty"`
}

// destinationOptions are the shared parameters. An empty template means the
// type's default.
type destinationOptions struct {
	Granularity             string            `json:"granularity"`
	SecretNameTemplate      string            `json:"secret_name_template,omitempty"`
	CustomTags              map[string]string `json:"custom_tags,omitempty"`
	DisableStrictNetworking bool              `json:"disable_strict_networking,omitempty"`
	AllowedIPv4Addresses    []string          `json:"allowed_ipv4_addresses,omitempty"`
	AllowedIPv6Addresses    []string          `json:"allowed_ipv6_addresses,omitempty"`
	AllowedPorts            []int             `json:"allowed_ports,omitempty"`
}

// association links one secret to one destination.
type association struct {
	Mount      string    `json:"mount"`
	Accessor   string    `json:"accessor"`
	SecretName string    `json:"secret_name"`
	SyncStatus string    `json:"sync_status"`
	UpdatedAt  time.Time `json:"updated_at"`
}

// app is a custom code-host app. PrivateKey is kept in clear for the state
// file and never answered.
type app struct {
	Name        string `json:"name"`
	AppID       int64  `json:"app_id"`
	PrivateKey  string `json:"private_key"`
	Fingerprint string `json:"fingerprint"`
}

func (d *destination) key() string { return d.Type + "/" + d.Name }

func formatTime(t time.Time) string { return t.Format(timeLayout) }

// destinationView is the read form of a destination.
type destinationView struct {
	Type              string         `json:"type"`
	Name              string         `json:"name"`
	ConnectionDetails map[string]any `json:"connection_details"`
	Options           optionsView    `json:"options"`
	PurgeInitiatedAt  string         `json:"purge_initiated_at,omitempty"`
	PurgeError        *string        `json:"purge_error,omitempty"`
}

type optionsView struct {
	GranularityLevel        string            `json:"granularity_level"`
	SecretNameTemplate      string            `json:"secret_name_template"`
	CustomTags              map[string]string `json:"custom_tags"`
	DisableStrictNetworking bool              `json:"disable_strict_networking"`
	AllowedIPv4Addresses    []string          `json:"allowed_ipv4_addresses"`
	AllowedIPv6Addresses    []string          `json:"allowed_ipv6_addresses"`
	AllowedPorts            []int             `json:"allowed_ports"`
}

// view returns the read form: sensitive values that are set obfuscated,
// empty lists and maps as [] and {}, the default template when none is set.
func (d *destination) view() destinationView {
	t := destTypes[d.Type]
	details := make(map[string]any, len(t.params))
	for _, p := range t.params {
		switch p.kind {
		case kindString:
			v := d.Strings[p.name]
			if p.sensitive && v != "" {
				v = Obfuscated
			}
			details[p.name] = v
		case kindList, kindCommaList:
			details[p.name] = orEmpty(d.Lists[p.name])
		case kindMap:
			details[p.name] = orEmptyMap(d.Maps[p.name])
		}
	}
	o := d.Options
	v := destinationView{
		Type:              d.Type,
		Name:              d.Name,
		ConnectionDetails: details,
		Options: optionsView{
			GranularityLevel:        o.Granularity,
			SecretNameTemplate:      o.SecretNameTemplate,
			CustomTags:              orEmptyMap(o.CustomTags),
			DisableStrictNetworking: o.DisableStrictNetworking,
			AllowedIPv4Addresses:    orEmpty(o.AllowedIPv4Addresses),
			AllowedIPv6Addresses:    orEmpty(o.AllowedIPv6Addresses),
			AllowedPorts:            orEmpty(o.AllowedPorts),
		},
	}
	if v.Options.SecretNameTemplate == "" {
		v.Options.SecretNameTemplate = t.template
	}
	if d.PurgeInitiatedAt != nil {
		v.PurgeInitiatedAt = formatTime(*d.PurgeInitiatedAt)
		v.PurgeError = new(string)
	}
	return v
}

// associationView is an entry of associated_secrets.
type associationView struct {
	Accessor   string `json:"accessor"`
	SecretName string `json:"secret_name"`
	SyncStatus string `json:"sync_status"`
	UpdatedAt  string `json:"updated_at"`
}

func (a *association) view() associationView {
	return associationView{Accessor: a.Accessor, SecretName: a.SecretName, SyncStatus: a.SyncStatus, UpdatedAt: formatTime(a.UpdatedAt)}
}

// associationsView is the answer of read, set and remove associations.
type associationsView struct {
	AssociatedSecrets map[string]associationView `json:"associated_secrets"`
	StoreName         string                     `json:"store_name"`
	StoreType         string                     `json:"store_type"`
}

func (d *destination) associationsView() associationsView {
	v := associationsView{AssociatedSecrets: make(map[string]associationView, len(d.Associations)), StoreName: d.Name, StoreType: d.Type}
	for k, a := range d.Associations {
		v.AssociatedSecrets[k] = a.view()
	}
	return v
}

// destinationEntry is an entry of associated_destinations.
type destinationEntry struct {
	Type       string `json:"type"`
	Name       string `json:"name"`
	SyncStatus string `json:"sync_status"`
	UpdatedAt  string `json:"updated_at"`
}

// listedAssociation is one object of a key_info entry of the associations
// list: one per destination the secret is associated with.
type listedAssociation struct {
	Mount      string `json:"mount"`
	SecretPath string `json:"secret_path"`
	Accessor   string `json:"accessor"`
	Type       string `json:"type"`
	Name       string `json:"name"`
	SyncStatus string `json:"sync_status"`
	UpdatedAt  string `json:"updated_at"`
}

// appView is the answer of configure and read custom app.
type appView struct {
	Name        string `json:"name"`
	AppID       int64  `json:"app_id"`
	Fingerprint string `json:"fingerprint"`
	PrivateKey  string `json:"private_key"`
}

func (a *app) view() appView {
	return appView{Name: a.Name, AppID: a.AppID, Fingerprint: a.Fingerprint, PrivateKey: Obfuscated}
}

func orEmpty[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

func orEmptyMap(m map[string]string) map[string]string {
	if m == nil {
		return map[string]string{}
	}
	return m
}

func sortedKeys[V any](m map[string]V) []string {
	return slices.Sorted(maps.Keys(m))
}
