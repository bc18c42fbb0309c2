package secrets

import (
	"cmp"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"net/netip"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/route"
)

// DefaultPurgeDelay is how long a purge takes when Options.PurgeDelay is
// zero.
const DefaultPurgeDelay = 2 * time.Second

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
	kindInteger             // positive integer, kept in Strings as its digits
	kindList                // list of strings
	kindCommaList           // list of strings, or one comma-separated string
	kindMap                 // map of string to string
)

// inStrings reports whether a destination keeps the parameter in Strings.
func (k paramKind) inStrings() bool { return k == kindString || k == kindInteger }

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
			{name: "installation_id", kind: kindInteger},
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

func (d *destination) key() string { return d.Type + "/" + d.Name }

// view returns the read form: connection_details with the parameters that
// are set, sensitive ones obfuscated and integers as numbers; options with
// empty lists and maps as [] and {}, the default template when none is set.
func (d *destination) view() destinationView {
	t := destTypes[d.Type]
	details := make(map[string]any, len(t.params))
	for _, p := range t.params {
		if v, ok := d.detail(p); ok {
			details[p.name] = v
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

// detail returns a parameter's value in the read form, or false when it is
// unset: the real service leaves those out.
func (d *destination) detail(p param) (any, bool) {
	switch p.kind {
	case kindList, kindCommaList:
		l := d.Lists[p.name]
		return l, len(l) > 0
	case kindMap:
		m := d.Maps[p.name]
		return m, len(m) > 0
	}
	v := d.Strings[p.name]
	switch {
	case v == "":
		return nil, false
	case p.sensitive:
		return Obfuscated, true
	case p.kind == kindInteger:
		n, err := strconv.ParseInt(v, 10, 64)
		return n, err == nil
	}
	return v, true
}

func (s *Server) registerDestinations(mux route.Mux) {
	s.handleList(mux, pathDestinations, s.listDestinations)
	s.handleList(mux, pathDestinations+"/{type}", s.listDestinationsOfType)
	s.handle(mux, "GET "+pathDestination, s.readDestination)
	s.handle(mux, "DELETE "+pathDestination, s.deleteDestination)
	for _, t := range typeNames {
		s.handleWrite(mux, pathDestinations+"/"+t+"/{name}", s.writeDestination(t))
	}
	// Any other type: the more specific routes above take the known ones.
	s.handleWrite(mux, pathDestination, s.writeDestination(""))
}

// checkType answers 400 unless typ is a known destination type.
func checkType(w http.ResponseWriter, typ string) bool {
	if destTypes[typ] != nil {
		return true
	}
	writeErrors(w, http.StatusBadRequest, fmt.Sprintf("invalid destination type %q: must be one of %s", typ, strings.Join(typeNames, ", ")))
	return false
}

func (s *Server) listDestinations(w http.ResponseWriter, _ *http.Request, ns string) {
	s.locked(w, func() reply {
		keyInfo := map[string][]string{}
		for _, k := range sortedKeys(s.lookupLocked(ns).destinations) {
			typ, name, _ := strings.Cut(k, "/")
			keyInfo[typ+"/"] = append(keyInfo[typ+"/"], name)
		}
		total := 0
		for _, names := range keyInfo {
			total += len(names)
		}
		return okReply(map[string]any{
			"key_info":           keyInfo,
			"keys":               orEmpty(sortedKeys(keyInfo)),
			"total_destinations": total,
		}, nil, false)
	})
}

func (s *Server) listDestinationsOfType(w http.ResponseWriter, r *http.Request, ns string) {
	typ := r.PathValue("type")
	if !checkType(w, typ) {
		return
	}
	s.locked(w, func() reply {
		names := []string{}
		for _, k := range sortedKeys(s.lookupLocked(ns).destinations) {
			if t, name, _ := strings.Cut(k, "/"); t == typ {
				names = append(names, name)
			}
		}
		return okReply(map[string]any{"keys": names, "total_destinations": len(names)}, nil, false)
	})
}

// onDestination runs f under the lock with the destination that the path
// names, answering 404 when there is none. The caller has checked the
// type.
func (s *Server) onDestination(w http.ResponseWriter, r *http.Request, ns string, f func(d *destination) reply) {
	s.locked(w, func() reply {
		d := s.lookupLocked(ns).destinations[r.PathValue("type")+"/"+r.PathValue("name")]
		if d == nil {
			return notFound()
		}
		return f(d)
	})
}

func (s *Server) readDestination(w http.ResponseWriter, r *http.Request, ns string) {
	if !checkType(w, r.PathValue("type")) {
		return
	}
	s.onDestination(w, r, ns, func(d *destination) reply {
		return okReply(d.view(), nil, true)
	})
}

// writeDestination serves the create/update endpoint of type fixed; "" takes
// the type from the path, for the route of the types that have none of
// their own, so that an unknown type is answered 400.
func (s *Server) writeDestination(fixed string) handler {
	return func(w http.ResponseWriter, r *http.Request, ns string) {
		typ := cmp.Or(fixed, r.PathValue("type"))
		if !checkType(w, typ) {
			return
		}
		name := r.PathValue("name")
		if !checkName(w, name) {
			return
		}
		b, ok := readBody(w, r)
		if !ok {
			return
		}
		s.locked(w, func() reply {
			sp := s.lookupLocked(ns)
			stored := sp.destinations[typ+"/"+name]
			d, err := destinationRequest(typ, name, b, stored)
			if err == nil && typ == "codehost" {
				if a := d.Strings["app_name"]; a != "" && sp.codehostApps[a] == nil {
					err = invalid("invalid app_name %q: no codehost app of that name; configure it first at sys/sync/codehost-apps/%s", a, a)
				}
			}
			if err != nil {
				return invalidReply(err)
			}
			if stored != nil && stored.PurgeInitiatedAt != nil {
				return errorReply(http.StatusConflict, purging(stored))
			}
			d.Associations = map[string]*association{}
			if stored != nil {
				d.Associations = stored.Associations
			}
			s.spaceLocked(ns).destinations[d.key()] = d
			return okReply(d.view(), b.warnings(), true)
		})
	}
}

// destinationRequest validates the body of a destination's create/update
// against its type, and, for an update, the stored destination. It returns
// the destination to store, without associations or purge state.
func destinationRequest(typ, name string, b *body, stored *destination) (*destination, error) {
	t := destTypes[typ]
	if n, err := b.str("name"); err != nil {
		return nil, err
	} else if n != "" && n != name {
		return nil, invalid("invalid name %q: does not match %q in the path", n, name)
	}
	d := &destination{Type: typ, Name: name, Strings: map[string]string{}}
	if err := readOptions(t, typ, b, &d.Options); err != nil {
		return nil, err
	}
	for _, p := range t.params {
		switch p.kind {
		case kindString:
			v, err := b.str(p.name)
			if err != nil {
				return nil, err
			}
			d.Strings[p.name] = v
		case kindInteger:
			raw := b.get(p.name)
			if raw == nil || string(raw) == `""` {
				continue
			}
			v, err := positiveInteger(p.name, raw)
			if err != nil {
				return nil, err
			}
			d.Strings[p.name] = strconv.FormatInt(v, 10)
		case kindList, kindCommaList:
			v, err := b.list(p.name, p.kind == kindCommaList)
			if err != nil {
				return nil, err
			}
			if v != nil {
				if d.Lists == nil {
					d.Lists = map[string][]string{}
				}
				d.Lists[p.name] = v
			}
		case kindMap:
			v, err := b.strMap(p.name)
			if err != nil {
				return nil, err
			}
			if v != nil {
				if d.Maps == nil {
					d.Maps = map[string]map[string]string{}
				}
				d.Maps[p.name] = v
			}
		}
	}
	// Create-only fields: on an update, an omitted one keeps the stored
	// value and a different one is refused; on a create, an omitted one
	// takes its default.
	for _, p := range t.params {
		if !p.kind.inStrings() {
			continue
		}
		v := d.Strings[p.name]
		switch {
		case stored != nil && p.createOnly && v == "":
			d.Strings[p.name] = stored.Strings[p.name]
		case stored != nil && p.createOnly && v != stored.Strings[p.name]:
			return nil, invalid("%s is create-only: it cannot be changed from %q to %q", p.name, stored.Strings[p.name], v)
		case v == "" && p.def != "":
			d.Strings[p.name] = p.def
		}
	}
	for _, p := range t.params {
		if !p.required {
			continue
		}
		missing := d.Strings[p.name] == ""
		if !p.kind.inStrings() {
			missing = len(d.Lists[p.name]) == 0
		}
		if missing {
			return nil, invalid("missing %s: required for %s destinations", p.name, typ)
		}
	}
	switch typ {
	case "codehost":
		if err := checkCodehost(d); err != nil {
			return nil, err
		}
	case "webhost-project":
		for i, env := range d.Lists["deployment_environments"] {
			if !slices.Contains(deploymentEnvironments, env) {
				return nil, invalid("invalid deployment_environments[%d] %q: must be development, preview or production", i, env)
			}
		}
	}
	for k, v := range d.Strings {
		if v == "" {
			delete(d.Strings, k)
		}
	}
	return d, nil
}

// readOptions reads and checks the shared parameters.
func readOptions(t *destType, typ string, b *body, o *destinationOptions) error {
	var err error
	if o.SecretNameTemplate, err = b.str("secret_name_template"); err != nil {
		return err
	}
	if o.CustomTags, err = b.strMap("custom_tags"); err != nil {
		return err
	}
	if o.CustomTags != nil && !t.customTags {
		return invalid("invalid custom_tags: not supported by %s destinations", typ)
	}
	if o.Granularity, err = b.str("granularity"); err != nil {
		return err
	}
	switch o.Granularity {
	case "":
		o.Granularity = t.granularity
	case granularityPath, granularityKey:
	default:
		return invalid("invalid granularity %q: must be secret-path or secret-key", o.Granularity)
	}
	if o.DisableStrictNetworking, err = b.boolean("disable_strict_networking"); err != nil {
		return err
	}
	for _, f := range []struct {
		name    string
		dst     *[]string
		v4      bool
		example string
	}{
		{"allowed_ipv4_addresses", &o.AllowedIPv4Addresses, true, "10.0.0.0/8"},
		{"allowed_ipv6_addresses", &o.AllowedIPv6Addresses, false, "2001:db8::/32"},
	} {
		if *f.dst, err = b.list(f.name, false); err != nil {
			return err
		}
		family := "IPv6"
		if f.v4 {
			family = "IPv4"
		}
		for i, s := range *f.dst {
			p, err := netip.ParsePrefix(s)
			if err != nil || p.Addr().Is4() != f.v4 {
				return invalid("invalid %s[%d] %q: must be an %s address in CIDR notation, such as %s", f.name, i, s, family, f.example)
			}
		}
	}
	raw := b.get("allowed_ports")
	if raw == nil {
		return nil
	}
	var ports []json.RawMessage
	if err := json.Unmarshal(raw, &ports); err != nil {
		return invalid("invalid allowed_ports %s: must be a list of port numbers", raw)
	}
	for i, n := range ports {
		p, ok := intValue(n)
		if !ok {
			return invalid("invalid allowed_ports[%d] %s: %s", i, n, ruleInteger)
		}
		if p < 1 || p > math.MaxUint16 {
			return invalid("invalid allowed_ports[%d] %s: must be a port number between 1 and 65535", i, n)
		}
		o.AllowedPorts = append(o.AllowedPorts, int(p))
	}
	return nil
}

// checkCodehost enforces the rules of a codehost destination that the
// parameter table cannot say. Whether the app exists is checked by the
// caller, which holds the store.
func checkCodehost(d *destination) error {
	s := d.Strings
	loc := s["secrets_location"]
	if loc != locationRepository && loc != locationOrganization {
		return invalid("invalid secrets_location %q: must be repository or organization", loc)
	}
	for _, p := range destTypes["codehost"].params {
		if p.location == "" || p.location == loc {
			continue
		}
		if s[p.name] != "" || len(d.Lists[p.name]) > 0 {
			return invalid("invalid %s: only allowed when secrets_location is %s", p.name, p.location)
		}
	}
	token, app, inst := s["access_token"], s["app_name"], s["installation_id"]
	switch {
	case token != "" && (app != "" || inst != ""):
		return invalid("invalid access_token: give either access_token or app_name with installation_id, not both")
	case token == "" && app == "" && inst == "":
		return invalid("missing access_token: codehost destinations need access_token, or app_name with installation_id")
	case app != "" && inst == "":
		return invalid("missing installation_id: required when app_name is set")
	case app == "" && inst != "":
		return invalid("missing app_name: installation_id is used only with app_name")
	}
	return nil
}

func purging(d *destination) string {
	return fmt.Sprintf("destination %q is being purged since %s: it cannot be changed until the purge has deleted it",
		d.key(), formatTime(*d.PurgeInitiatedAt))
}

func (s *Server) deleteDestination(w http.ResponseWriter, r *http.Request, ns string) {
	if !checkType(w, r.PathValue("type")) {
		return
	}
	purge := false
	if raw := r.URL.Query().Get("purge"); raw != "" {
		var err error
		if purge, err = strconv.ParseBool(raw); err != nil {
			writeErrors(w, http.StatusBadRequest, fmt.Sprintf("invalid purge %q: must be true or false", raw))
			return
		}
	}
	s.onDestination(w, r, ns, func(d *destination) reply {
		switch {
		case d.PurgeInitiatedAt != nil:
			// A purge is under way: it will delete the destination.
		case len(d.Associations) == 0:
			delete(s.spaces[ns].destinations, d.key())
		case !purge:
			return errorReply(http.StatusConflict, fmt.Sprintf(
				"destination %q still manages %d associations: remove them first, or delete with purge=true to unsync and remove them",
				d.key(), len(d.Associations)))
		default:
			s.startPurgeLocked(ns, d, time.Now())
		}
		return reply{status: http.StatusNoContent}
	})
}

func (s *Server) purgeDelay() time.Duration {
	switch {
	case s.opts.PurgeDelay == 0:
		return DefaultPurgeDelay
	case s.opts.PurgeDelay < 0:
		return 0
	}
	return s.opts.PurgeDelay
}

// startPurgeLocked schedules the end of a destination's purge.
func (s *Server) startPurgeLocked(ns string, d *destination, now time.Time) {
	d.PurgeInitiatedAt = &now
	s.schedulePurgeLocked(ns, d.key())
}

func (s *Server) schedulePurgeLocked(ns, key string) {
	gen := s.gen
	time.AfterFunc(s.purgeDelay(), func() { s.finishPurge(gen, ns, key) })
}

// finishPurge removes a purged destination and its associations, unless the
// store was reset or reloaded meanwhile.
func (s *Server) finishPurge(gen uint64, ns, key string) {
	purged := false
	// Deferred before the unlock, so that it runs after it.
	defer func() {
		if purged && s.onChange != nil {
			s.onChange()
		}
	}()
	s.mu.Lock()
	defer s.mu.Unlock()
	sp := s.spaces[ns]
	if s.gen != gen || sp == nil {
		return
	}
	if d := sp.destinations[key]; d != nil && d.PurgeInitiatedAt != nil {
		delete(sp.destinations, key)
		purged = true
	}
}
