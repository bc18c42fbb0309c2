package platform

import (
	"bytes"
	"context"
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/hashicorp/jsonapi"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// objectConvention is one platform object, as the convention test sees it:
// the client's type, and the schemas that show its attributes.
type objectConvention struct {
	// apiType is a value of the client's type of the object.
	apiType any
	// shownBy are the attribute names of the schemas that show the
	// object: its resource's, its data sources', and those of the
	// resources that manage part of it (the workspace's settings).
	shownBy []string
	// renamed maps a JSON:API attribute to its schema attribute where the
	// name is not the attribute's in snake case.
	renamed map[string]string
	// notExposed are the JSON:API attributes that no schema shows, each
	// with the reason.
	notExposed map[string]string
}

// attributeNames are the names of schemas' attributes, of any kind of
// schema.
func attributeNames(attrs ...any) []string {
	var names []string
	for _, m := range attrs {
		for _, k := range reflect.ValueOf(m).MapKeys() {
			names = append(names, k.String())
		}
	}
	return names
}

// The reasons shared by several objects' attributes that are not exposed.
const (
	tokensOwn      = "what the provider's token may do with the object: it depends on the token, not on the object"
	serverTimes    = "a time the platform keeps of its own: when the object was made or last changed"
	editionFlag    = "whether the organization runs on the unified platform edition, which the platform decides"
	tokensActivity = "when the token was made or last used: its activity, not its configuration"
)

// The convention tests' objects and round trips, each declared from the
// init of its noun's <noun>_internal_test.go, so that an object costs its
// own files only: conventionObjects are the platform's objects, by name,
// and roundTrips the round trips of the models that resources write.
var (
	conventionObjects = map[string]func(ctx context.Context) objectConvention{}
	roundTrips        = map[string]func(t *testing.T, ctx context.Context, diags *diag.Diagnostics){}
)

// declareObject declares the convention of the object name.
func declareObject(name string, convention func(ctx context.Context) objectConvention) {
	if _, dup := conventionObjects[name]; dup {
		panic("two conventions of the object " + name)
	}
	conventionObjects[name] = convention
}

// declareRoundTrip declares the round trip name: a fully set model through
// <noun>FromModel, the body the client sends, and modelFrom<Noun>, compared
// by sameConfigurable.
func declareRoundTrip(name string, roundTrip func(t *testing.T, ctx context.Context, diags *diag.Diagnostics)) {
	if _, dup := roundTrips[name]; dup {
		panic("two round trips named " + name)
	}
	roundTrips[name] = roundTrip
}

// jsonapiAttributes are the JSON:API attribute names of a client type.
func jsonapiAttributes(t reflect.Type) []string {
	var names []string
	for i := range t.NumField() {
		tag := t.Field(i).Tag.Get("jsonapi")
		if name, ok := strings.CutPrefix(tag, "attr,"); ok {
			names = append(names, strings.Split(name, ",")[0])
		}
	}
	return names
}

// TestConvention_everyAPIAttributeIsShownOrListed holds, for every platform
// object, that each attribute of the client's type is an attribute of a
// schema that shows the object, or is listed as not exposed with the
// reason: so an attribute added to the client is either shown or a
// decision.
func TestConvention_everyAPIAttributeIsShownOrListed(t *testing.T) {
	ctx := context.Background()
	for _, object := range slices.Sorted(maps.Keys(conventionObjects)) {
		c := conventionObjects[object](ctx)
		attrs := jsonapiAttributes(reflect.TypeOf(c.apiType))
		if len(attrs) == 0 {
			t.Errorf("%s: %T has no JSON:API attributes", object, c.apiType)
		}
		for _, a := range attrs {
			name := strings.ReplaceAll(a, "-", "_")
			if r, ok := c.renamed[a]; ok {
				name = r
			}
			shown := slices.Contains(c.shownBy, name)
			reason, listed := c.notExposed[a]
			switch {
			case shown && listed:
				t.Errorf("%s: %q is shown as %s, but listed as not exposed (%s)", object, a, name, reason)
			case !shown && !listed:
				t.Errorf("%s: the client's %q is no schema attribute (%s expected): show it, or list it as not exposed with the reason", object, a, name)
			}
		}
		for a := range c.notExposed {
			if !slices.Contains(attrs, a) {
				t.Errorf("%s: %q is listed as not exposed, but the client's type has no such attribute", object, a)
			}
		}
	}
}

// notObjects are the client's types of JSON:API objects that no convention
// declares, each with the reason.
var notObjects = map[string]string{
	"OAuthToken":          "the token an OAuth client holds, shown as the client's oauth_token_id; no resource manages it",
	"Tag":                 "a workspace's flat tag, shown as the workspace's tag_names",
	"TagBinding":          "a key-value tag, shown as the project's and the workspace's tag_bindings",
	"EffectiveTagBinding": "a key-value tag that a workspace has or inherits, shown as its tag_bindings",
	"StateVersion":        "a workspace's state, which only applies and state pushes make: stack_platform_outputs shows its outputs",

	// What a private provider's publisher uploads through the API.
	"RegistryProviderVersion":  "a release of a private provider; no resource or data source shows it",
	"RegistryProviderPlatform": "a provider release's build for one OS and architecture; no resource or data source shows it",
}

// TestConvention_everyObjectIsDeclared holds that every object of the
// platform's client, an exported type with a JSON:API ID and attributes
// that is not the body of a request (*Options), is the apiType of a
// declared convention, or listed in notObjects with the reason: so a new
// object cannot leave the convention tests without a word.
func TestConvention_everyObjectIsDeclared(t *testing.T) {
	declared := map[string]bool{}
	for _, convention := range conventionObjects {
		declared[reflect.TypeOf(convention(context.Background()).apiType).Name()] = true
	}
	dir := filepath.Join("..", "client", "platform")
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var objects []string
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, filepath.Join(dir, e.Name()), nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(file, func(n ast.Node) bool {
			spec, ok := n.(*ast.TypeSpec)
			if !ok || !spec.Name.IsExported() || strings.HasSuffix(spec.Name.Name, "Options") {
				return true
			}
			if st, ok := spec.Type.(*ast.StructType); ok && jsonapiObject(st) {
				objects = append(objects, spec.Name.Name)
			}
			return true
		})
	}
	if len(objects) == 0 {
		t.Fatalf("no JSON:API object found in %s", dir)
	}
	for _, o := range objects {
		reason, listed := notObjects[o]
		switch {
		case declared[o] && listed:
			t.Errorf("%s has a convention, but is listed as no object (%s)", o, reason)
		case !declared[o] && !listed:
			t.Errorf("the client's %s is the apiType of no convention: declare one in its noun's <noun>_internal_test.go, or list it in notObjects with the reason", o)
		}
	}
	for o := range notObjects {
		if !slices.Contains(objects, o) {
			t.Errorf("%s is listed in notObjects, but the client has no such object", o)
		}
	}
}

// jsonapiObject says whether a struct is a JSON:API object: an ID, and
// attributes.
func jsonapiObject(st *ast.StructType) bool {
	var primary, attrs bool
	for _, f := range st.Fields.List {
		if f.Tag == nil {
			continue
		}
		tag := reflect.StructTag(strings.Trim(f.Tag.Value, "`")).Get("jsonapi")
		primary = primary || strings.HasPrefix(tag, "primary,")
		attrs = attrs || strings.HasPrefix(tag, "attr,")
	}
	return primary && attrs
}

// throughJSONAPI is opts as the server reads it, in the client's type A:
// the body that the client sends, read back as an answer.
func throughJSONAPI[A any](t *testing.T, opts any) *A {
	t.Helper()
	payload, err := jsonapi.Marshal(opts)
	if err != nil {
		t.Fatal(err)
	}
	raw, err := json.Marshal(payload)
	if err != nil {
		t.Fatal(err)
	}
	var a A
	if err := jsonapi.UnmarshalPayload(bytes.NewReader(raw), &a); err != nil {
		t.Fatalf("%s: %v", raw, err)
	}
	return &a
}

// configurable are the attributes of a resource's schema that a
// configuration sets: the ones a round trip carries.
func configurable(s schema.Schema) []string {
	var names []string
	for n, a := range s.GetAttributes() {
		if a.IsRequired() || a.IsOptional() {
			names = append(names, n)
		}
	}
	slices.Sort(names)
	return names
}

// modelField is the field of model m (a pointer) tagged tfsdk:name, in
// m's embedded structs too.
func modelField(m reflect.Value, name string) (reflect.Value, bool) {
	m = reflect.Indirect(m)
	for i := range m.NumField() {
		sf := m.Type().Field(i)
		tag, tagged := sf.Tag.Lookup("tfsdk")
		switch {
		case tagged && tag == name:
			return m.Field(i), true
		case sf.Anonymous && !tagged:
			if f, ok := modelField(m.Field(i), name); ok {
				return f, true
			}
		}
	}
	return reflect.Value{}, false
}

// sameConfigurable compares got with want on the configurable attributes
// of s that the model has; every one of them must be set in want, so that
// the round trip carries a value, but those that exclude one set, named in
// instead.
func sameConfigurable(t *testing.T, object string, s schema.Schema, want, got any, instead ...string) {
	t.Helper()
	for _, name := range configurable(s) {
		w, ok := modelField(reflect.ValueOf(want), name)
		if !ok || slices.Contains(instead, name) {
			continue
		}
		g, _ := modelField(reflect.ValueOf(got), name)
		if v, ok := w.Interface().(attr.Value); ok {
			if v.IsNull() || v.IsUnknown() {
				t.Errorf("%s: the model of the round trip leaves %s unset", object, name)
			}
			if !v.Equal(g.Interface().(attr.Value)) { //nolint:forcetypeassert // the same field of the same type
				t.Errorf("%s: %s went out as %s and came back as %s", object, name, v, g.Interface())
			}
			continue
		}
		if !reflect.DeepEqual(w.Interface(), g.Interface()) {
			t.Errorf("%s: %s went out as %+v and came back as %+v", object, name, w.Interface(), g.Interface())
		}
	}
}

// allTrue is an object of flags, every one true.
func allTrue(flags map[string]attr.Type) types.Object {
	vals := map[string]attr.Value{}
	for n := range flags {
		vals[n] = types.BoolValue(true)
	}
	return types.ObjectValueMust(flags, vals)
}

// TestConvention_modelsRoundTrip holds, for every platform object that a
// resource writes, that a fully set model goes through <noun>FromModel,
// the JSON:API body the client sends, and modelFrom<Noun> unchanged: so a
// field that one direction forgets cannot pass unseen.
func TestConvention_modelsRoundTrip(t *testing.T) {
	ctx := context.Background()
	for _, name := range slices.Sorted(maps.Keys(roundTrips)) {
		t.Run(name, func(t *testing.T) {
			var diags diag.Diagnostics
			roundTrips[name](t, ctx, &diags)
			if diags.HasError() {
				t.Fatal(diags)
			}
		})
	}
}
