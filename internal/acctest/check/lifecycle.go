package check

import (
	"cmp"
	"context"
	"fmt"
	"os"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
)

// Lifecycle is the common shape of a resource's acceptance test, as a
// table: the plan-time errors, which send no request; a create; an update
// in place, which keeps the ID; imports, verified against the state; a
// change made outside Terraform, which the next plan sets back in place;
// a deletion made outside Terraform, which the next plan creates again;
// and a change that replaces. Run checks each phase's plan action and the
// ID's fate itself, and runs the phases in that order, in one test case,
// against one service; a phase left empty is not run. One phase more runs
// as a subtest of its own, before: an object already in place that a
// create must not take over (NotTakenOver). That no secret reaches a log
// is proved for every resource at once, in internal/provider's
// TestAccProvider_noSecretIsShown. What only one resource does goes in its
// own tests, or, when it needs the state a phase leaves, in that phase's
// Then.
type Lifecycle[C any] struct {
	// Service is the test's service, whose requests are counted.
	Service Counted
	// Client is the service's client for out-of-band changes.
	Client func(testing.TB) C
	// Address is the resource's address in the configurations.
	Address string
	// IDAttribute is the attribute that identifies the object, "id"
	// when empty: an update keeps it.
	IDAttribute string
	// FreshID says that each new object gets a new IDAttribute, so that
	// a create after an out-of-band deletion, and a replacement, must
	// change it; false when it is a name that the configuration gives.
	FreshID bool
	// ImportIdentifier is the attribute by which an import is matched
	// with the state, IDAttribute when empty.
	ImportIdentifier string

	// PlanErrors are planned first, each with its error; against an
	// emulator, no request may reach it while they, and ImportErrors,
	// are.
	PlanErrors []PlanError
	// ImportErrors are import IDs refused before any request, imported
	// after the plan errors with Create's configuration.
	ImportErrors []ImportError
	Create       Step
	Update       Step
	// Imports import the resource as Update (or Create) left it.
	Imports         []ImportID
	OutOfBandChange Change[C]
	OutOfBandDelete Change[C]
	Replace         Step
	// CheckDestroy, when set, checks the service once the test case has
	// destroyed what it made.
	CheckDestroy resource.TestCheckFunc

	// NotTakenOver is an object already in place, which a create must not
	// take over; run first, as the subtest existingIsNotTakenOver.
	NotTakenOver Existing
}

// Existing is a configuration of the resource that names an object made
// outside Terraform: its create must be refused, with an error that gives
// the command that imports the object instead. The object is made before
// Run, as the test's setup.
type Existing struct {
	Config string
	// ImportID is the object's import ID, which the error must give in
	// "terraform import <resource address> <ImportID>".
	ImportID string
	// Said matches, as Wrapped reads it, what the error says before the
	// import command (which object exists), and Server, if anything, what
	// it says after it (the server's refusal).
	Said, Server string
	// Sent, when set, are the requests that the refused create must make,
	// by route, against an emulator: those of each route it names, exactly.
	// It takes no Then, whose requests would count too.
	Sent map[string]int64
	// Then are steps of the resource's own, run after the refusal: that
	// the object is as it was, that it imports.
	Then []resource.TestStep
}

// Step is one phase of Lifecycle: its configuration and the checks of the
// resource's own values, besides the plan action and the ID that
// Lifecycle checks.
type Step struct {
	Config string
	// Action overrides the phase's plan action.
	Action      plancheck.ResourceActionType
	PlanChecks  []plancheck.PlanCheck
	StateChecks []statecheck.StateCheck
	Check       resource.TestCheckFunc
	// Then are steps of the resource's own, run after this phase. They
	// leave IDAttribute as they found it: the next phase checks that it
	// is still the one this phase left.
	Then []resource.TestStep
}

// ImportID is one import of Lifecycle.
type ImportID struct {
	// ID is the import ID, given the object's ID in the state.
	ID func(id string) string
	// Ignore are the attributes that the server cannot return.
	Ignore []string
	// Check, when set, checks the imported state further.
	Check resource.ImportStateCheckFunc
}

// ImportError is an import ID that the import must refuse with an error
// matching Want.
type ImportError struct {
	ID   string
	Want *regexp.Regexp
}

// Change is an out-of-band phase of Lifecycle: Do changes or deletes the
// object, given its ID in the state, before Step is planned and applied.
type Change[C any] struct {
	Do func(ctx context.Context, c C, id string) error
	Step
}

// Run runs the lifecycle as one parallel test.
func (l Lifecycle[C]) Run(t *testing.T) {
	t.Helper()
	idAttr := l.IDAttribute
	if idAttr == "" {
		idAttr = "id"
	}
	var id string
	var steps []resource.TestStep
	// phase builds a step of s, expecting action, whose ID is recorded
	// anew when fresh, else kept.
	phase := func(s Step, action plancheck.ResourceActionType, fresh bool, pre func()) {
		if s.Config == "" {
			return
		}
		if s.Action != "" {
			action = s.Action
		}
		idCheck := func(st *terraform.State) error {
			prev := id
			if fresh {
				id = ""
			}
			if err := Kept(l.Address, idAttr, &id)(st); err != nil {
				return err
			}
			if fresh && l.FreshID && prev != "" && id == prev {
				return fmt.Errorf("the %s of %s is still %s: it was not created again", idAttr, l.Address, id)
			}
			return nil
		}
		checks := []resource.TestCheckFunc{idCheck}
		if s.Check != nil {
			checks = append(checks, s.Check)
		}
		steps = append(steps, resource.TestStep{
			PreConfig: pre,
			Config:    s.Config,
			ConfigPlanChecks: resource.ConfigPlanChecks{
				PreApply: append([]plancheck.PlanCheck{plancheck.ExpectResourceAction(l.Address, action)}, s.PlanChecks...),
			},
			ConfigStateChecks: s.StateChecks,
			Check:             resource.ComposeTestCheckFunc(checks...),
		})
		steps = append(steps, s.Then...)
	}
	outOfBand := func(c Change[C]) func() {
		if c.Do == nil {
			return nil
		}
		return func() {
			t.Helper()
			if err := c.Do(context.Background(), l.Client(t), id); err != nil {
				t.Fatal(err)
			}
		}
	}

	steps = append(steps, planErrorSteps(l.PlanErrors)...)
	for _, e := range l.ImportErrors {
		steps = append(steps, resource.TestStep{
			Config: l.Create.Config, ResourceName: l.Address, ImportState: true, ImportStateId: e.ID, ExpectError: e.Want,
		})
	}
	// The requests of the plan errors are counted from the start of the
	// test case, after those of existingIsNotTakenOver.
	var before emulator.Stats
	var counted bool
	var createPre func()
	if len(l.PlanErrors)+len(l.ImportErrors) > 0 {
		createPre = func() {
			if counted {
				NoRequestsSince(t, l.Service, before)
			}
		}
	}
	identity := l.identity(t)
	create := l.Create
	create.StateChecks = append(slices.Clone(create.StateChecks), identity.matchesState...)
	phase(create, plancheck.ResourceActionCreate, true, createPre)
	phase(l.Update, plancheck.ResourceActionUpdate, false, nil)
	steps = append(steps, identity.imports...)
	for _, imp := range l.Imports {
		steps = append(steps, resource.TestStep{
			ResourceName:                         l.Address,
			ImportState:                          true,
			ImportStateIdFunc:                    func(*terraform.State) (string, error) { return imp.ID(id), nil },
			ImportStateVerify:                    true,
			ImportStateVerifyIdentifierAttribute: cmp.Or(l.ImportIdentifier, idAttr),
			ImportStateVerifyIgnore:              imp.Ignore,
			ImportStateCheck:                     imp.Check,
		})
	}
	phase(l.OutOfBandChange.Step, plancheck.ResourceActionUpdate, false, outOfBand(l.OutOfBandChange))
	phase(l.OutOfBandDelete.Step, plancheck.ResourceActionCreate, true, outOfBand(l.OutOfBandDelete))
	phase(l.Replace, plancheck.ResourceActionDestroyBeforeCreate, true, nil)
	if len(steps) == 0 {
		t.Fatalf("the lifecycle of %s has no phase", l.Address)
	}
	t.Parallel()
	if l.NotTakenOver.Config != "" {
		t.Run("existingIsNotTakenOver", func(t *testing.T) { l.NotTakenOver.run(t, l.Service) })
	}
	before, counted = l.Service.Stats()
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		CheckDestroy:             l.CheckDestroy,
		Steps:                    steps,
	})
}

// identitySteps are the identity's phase of a lifecycle, on an engine that
// keeps identities: the identity matches the state's attributes of its
// names once created, and an import block of that identity imports the
// object as an import ID does, with the same identity and a plan of the
// import alone (and of the values that the imports ignore, which no import
// reads).
type identitySteps struct {
	matchesState []statecheck.StateCheck
	imports      []resource.TestStep
}

func (l Lifecycle[C]) identity(t *testing.T) identitySteps {
	t.Helper()
	if os.Getenv("TF_ACC") == "" || !acctest.TestEngine(t).KeepsIdentity() {
		return identitySteps{}
	}
	var s identitySteps
	for _, a := range acctest.IdentityAttributes(t, strings.Split(l.Address, ".")[0]) {
		s.matchesState = append(s.matchesState, statecheck.ExpectIdentityValueMatchesState(l.Address, tfjsonpath.New(a)))
	}
	var ignored []string
	for _, imp := range l.Imports {
		ignored = append(ignored, imp.Ignore...)
	}
	s.imports = []resource.TestStep{{
		ResourceName:       l.Address,
		ImportState:        true,
		ImportStateKind:    resource.ImportBlockWithResourceIdentity,
		ExpectNonEmptyPlan: len(ignored) > 0,
		ImportPlanChecks: resource.ImportPlanChecks{
			PreApply: []plancheck.PlanCheck{importChangesOnly{address: l.Address, ignored: ignored}},
		},
	}}
	return s
}

// importChangesOnly checks that the plan of an import changes none of the
// resource's values but those that the imports ignore, which no import
// reads, and those that a change of them leaves unknown until the apply.
type importChangesOnly struct {
	address string
	ignored []string
}

func (c importChangesOnly) CheckPlan(_ context.Context, req plancheck.CheckPlanRequest, resp *plancheck.CheckPlanResponse) {
	for _, rc := range req.Plan.ResourceChanges {
		if rc.Address != c.address || rc.Change == nil {
			continue
		}
		before, _ := rc.Change.Before.(map[string]any)
		after, _ := rc.Change.After.(map[string]any)
		unknown, _ := rc.Change.AfterUnknown.(map[string]any)
		var changed []string
		for name, v := range after {
			if slices.Contains(c.ignored, name) || unknown[name] == true || reflect.DeepEqual(before[name], v) {
				continue
			}
			changed = append(changed, name)
		}
		slices.Sort(changed)
		if len(changed) > 0 {
			resp.Error = fmt.Errorf("the import of %s plans a change of %v, which no import ignores", c.address, changed)
		}
		return
	}
	resp.Error = fmt.Errorf("the plan has no change of %s", c.address)
}

// run plans and applies e's configuration, which must fail with the
// refusal, and checks the requests it made.
func (e Existing) run(t *testing.T, svc Counted) {
	want := e.Said + `.*terraform import <resource address> ` + regexp.QuoteMeta(e.ImportID)
	if e.Server != "" {
		want += `.*` + e.Server
	}
	if len(e.Sent) > 0 && len(e.Then) > 0 {
		t.Fatal("Existing.Sent counts the requests of the refusal alone: it takes no Then")
	}
	before, counted := svc.Stats()
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps:                    append([]resource.TestStep{{Config: e.Config, ExpectError: Wrapped(want)}}, e.Then...),
	})
	if !counted {
		return
	}
	sent := svc.RequestsSince(before)
	for route, n := range e.Sent {
		if sent[route] != n {
			t.Errorf("the refused create sent %v, want %d of %s", sent, n, route)
		}
	}
}
