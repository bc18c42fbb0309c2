package platform

import (
	"bytes"
	"context"
	"encoding/json"
	"testing"

	"github.com/hashicorp/jsonapi"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// The conventions and round trips of the engines' versions, which
// conventions_test.go runs: each engine's API type is shown by its
// resource.
func init() {
	for name, k := range map[string]struct {
		kind    engineVersionKind
		apiType any
		typ     string
	}{
		"Sentinel version": {engineVersionKind{engine: "Sentinel", example: "0.22.1"}, platformclient.AdminSentinelVersion{}, "sentinel-versions"},
		"OPA version":      {engineVersionKind{engine: "OPA", example: "0.59.0"}, platformclient.AdminOPAVersion{}, "opa-versions"},
	} {
		declareObject(name, func(context.Context) objectConvention {
			return objectConvention{
				apiType:    k.apiType,
				shownBy:    attributeNames(engineVersionSchema(k.kind).Attributes),
				notExposed: map[string]string{"created-at": serverTimes},
			}
		})
		declareRoundTrip(name, func(t *testing.T, ctx context.Context, diags *diag.Diagnostics) {
			str := types.StringValue
			arch := types.ObjectValueMust(engineArchTypes, map[string]attr.Value{
				"url": str("https://example.com/e"), "sha": str("abc"), "os": str("linux"), "arch": str("arm64"),
			})
			want := engineVersionModel{
				Version: str("1.2.3"), Archs: types.ListValueMust(types.ObjectType{AttrTypes: engineArchTypes}, []attr.Value{arch}),
				Official: types.BoolValue(true), Enabled: types.BoolValue(false), Beta: types.BoolValue(true),
				Deprecated: types.BoolValue(true), DeprecatedReason: str("old"),
			}
			opts := engineVersionFromModel(ctx, &want, diags)
			// The client sends the options as attributes of the engine's
			// type, which the server answers as they came.
			doc, err := json.Marshal(map[string]any{"data": map[string]any{"type": k.typ, "id": "tool-1", "attributes": opts}})
			if err != nil {
				t.Fatal(err)
			}
			var v platformclient.EngineVersion
			switch k.typ {
			case "sentinel-versions":
				v = platformclient.EngineVersion(*decodeAs[platformclient.AdminSentinelVersion](t, doc))
			default:
				v = platformclient.EngineVersion(*decodeAs[platformclient.AdminOPAVersion](t, doc))
			}
			var got engineVersionModel
			modelFromEngineVersion(&got, &v)
			sameConfigurable(t, name, engineVersionSchema(k.kind), &want, &got)
		})
	}
}

// decodeAs reads a JSON:API document of one object of type A.
func decodeAs[A any](t *testing.T, doc []byte) *A {
	t.Helper()
	var a A
	if err := jsonapi.UnmarshalPayload(bytes.NewReader(doc), &a); err != nil {
		t.Fatalf("%s: %v", doc, err)
	}
	return &a
}
