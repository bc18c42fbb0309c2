package check

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/terraform"
)

func TestWrappedAndLiteral(t *testing.T) {
	wrappedMessage := "Error: the import ID of a team is\n<ORGANIZATION>/<TEAM ID>; got \"x\"."
	if !Literal(`the import ID of a team is <ORGANIZATION>/<TEAM ID>; got "x".`).MatchString(wrappedMessage) {
		t.Error("Literal does not match the text across Terraform's line break")
	}
	if Literal(`a.c`).MatchString("abc") {
		t.Error("Literal takes . as any character")
	}
	if !Wrapped(`import ID.*got "x"`).MatchString(wrappedMessage) {
		t.Error(`Wrapped's "." does not match a newline`)
	}
}

func TestDifferences(t *testing.T) {
	if err := Differences(map[string]any{"a": 1, "b": "x", "c": true}, map[string]any{"a": 1, "b": "x"}); err != nil {
		t.Errorf("equal values differ: %v", err)
	}
	err := Differences(map[string]any{"a": 1, "b": "x"}, map[string]any{"b": "y", "a": 2})
	if err == nil || err.Error() != "a is 1, want 2; b is x, want y" {
		t.Errorf("got %v, want both differences, sorted", err)
	}
}

func TestKept(t *testing.T) {
	state := func(id string) *terraform.State {
		return &terraform.State{Modules: []*terraform.ModuleState{{
			Path:      []string{"root"},
			Resources: map[string]*terraform.ResourceState{"stack_x.test": {Primary: &terraform.InstanceState{Attributes: map[string]string{"id": id}}}},
		}}}
	}
	var id string
	if err := IDKept("stack_x.test", &id)(state("x-1")); err != nil || id != "x-1" {
		t.Fatalf("the first check recorded %q (%v), want x-1", id, err)
	}
	if err := IDKept("stack_x.test", &id)(state("x-1")); err != nil {
		t.Errorf("the same ID: %v", err)
	}
	if err := IDKept("stack_x.test", &id)(state("x-2")); err == nil {
		t.Error("a new ID passes as kept")
	}
	if err := IDKept("stack_y.test", &id)(state("x-1")); err == nil {
		t.Error("a resource missing from the state passes")
	}
}

func TestStrListSetMap(t *testing.T) {
	if err := StrList("a", "b").CheckValue([]any{"a", "b"}); err != nil {
		t.Errorf("the same list: %v", err)
	}
	if err := StrList("a", "b").CheckValue([]any{"b", "a"}); err == nil {
		t.Error("a list in another order passes")
	}
	if err := StrList().CheckValue([]any{}); err != nil {
		t.Errorf("the empty list: %v", err)
	}
	if err := StrSet("a", "b").CheckValue([]any{"b", "a"}); err != nil {
		t.Errorf("the same set in another order: %v", err)
	}
	if err := StrSet("a").CheckValue([]any{"a", "b"}); err == nil {
		t.Error("a larger set passes")
	}
	if err := StrMap(map[string]string{"k": "v"}).CheckValue(map[string]any{"k": "v"}); err != nil {
		t.Errorf("the same map: %v", err)
	}
	if err := StrMap(map[string]string{"k": "v"}).CheckValue(map[string]any{"k": "w"}); err == nil {
		t.Error("a map of another value passes")
	}
}
