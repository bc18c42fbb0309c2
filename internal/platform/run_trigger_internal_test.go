package platform

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/client"
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
