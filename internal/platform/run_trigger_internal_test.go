package platform

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/stackworks/terraform-provider-stack/internal/client"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// A create that the organization's lock refused for a minute fails with
// what to do, not as a 409 that the lifecycle would take for a trigger
// found in place (and offer to import).
func TestRunTriggerCreateFailure_lockIsNotAConflict(t *testing.T) {
	locked := &client.Error{StatusCode: http.StatusConflict, Method: http.MethodPost, Path: "/api/v2/workspaces/ws-6p5RiCe5CRjBmsGt/run-triggers",
		Message: "Run Trigger creation locked by another user in your organization. Please try again"}
	err := runTriggerCreateFailure(context.Background(), nil, &runTriggerModel{}, locked)
	var f *fwutil.Failure
	if !errors.As(err, &f) {
		t.Fatalf("got %T %v, want a *fwutil.Failure", err, err)
	}
	if client.StatusCode(err) != 0 {
		t.Errorf("the failure carries status %d, which the lifecycle reads", client.StatusCode(err))
	}
	for _, want := range []string{"for a minute", "-parallelism", "Server said: " + locked.Error()} {
		if !strings.Contains(f.Detail, want) {
			t.Errorf("detail %q lacks %q", f.Detail, want)
		}
	}
}

// The run trigger's convention and round trip, which conventions_test.go
// runs.
func init() {
	declareObject("run trigger", func(ctx context.Context) objectConvention {
		return objectConvention{
			apiType:    platformclient.RunTrigger{},
			shownBy:    attributeNames(runTriggerSchema(ctx).Attributes),
			notExposed: map[string]string{"created-at": serverTimes},
		}
	})
	declareRoundTrip("run trigger", func(t *testing.T, ctx context.Context, diags *diag.Diagnostics) {
		str := types.StringValue
		want := runTriggerModel{WorkspaceID: str("ws-4pW7hPwDJ1fY3gSC"), SourceableID: str("ws-6p5RiCe5CRjBmsGt")}
		opts := runTriggerFromModel(&want)
		a := throughJSONAPI[platformclient.RunTrigger](t, &opts)
		// The workspace is the create's path, not its body.
		a.Workspace = &platformclient.Workspace{ID: want.WorkspaceID.ValueString()}
		var got runTriggerModel
		modelFromRunTrigger(&got, a)
		sameConfigurable(t, "run trigger", runTriggerSchema(ctx), &want, &got)
	})
}
