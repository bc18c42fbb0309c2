package platform

import (
	"context"
	"errors"
)

// Variable categories.
const (
	CategoryTerraform = "terraform"
	CategoryEnv       = "env"
)

// PrefixVariable begins the IDs of variables.
const PrefixVariable = "var"

// Variable is a variable of a workspace or of a variable set, type vars
// (var-…). The platform never answers the Value of a sensitive variable;
// VersionID changes whenever the value does, which shows a change made
// elsewhere to a value that cannot be read.
type Variable struct {
	ID          string `jsonapi:"primary,vars"`
	Key         string `jsonapi:"attr,key"`
	Value       string `jsonapi:"attr,value"`
	Description string `jsonapi:"attr,description"`
	Category    string `jsonapi:"attr,category"`
	HCL         bool   `jsonapi:"attr,hcl"`
	Sensitive   bool   `jsonapi:"attr,sensitive"`
	VersionID   string `jsonapi:"attr,version-id"`

	// Workspace is the parent of a workspace variable (configurable),
	// VariableSet that of a variable set's (varset).
	Workspace   *Workspace   `jsonapi:"relation,configurable"`
	VariableSet *VariableSet `jsonapi:"relation,varset"`
}

// VariableOptions is the body of a create or an update of a variable. A
// nil field is left out: a create gives it the platform's default, an
// update leaves it as it is. A create needs Key and Category. A sensitive
// variable cannot become non-sensitive. ID is the calls' to set: an
// update sends the variable's, which the platform requires in the body.
type VariableOptions struct {
	ID          string  `jsonapi:"primary,vars"`
	Key         *string `jsonapi:"attr,key,omitempty"`
	Value       *string `jsonapi:"attr,value,omitempty"`
	Description *string `jsonapi:"attr,description,omitempty"`
	Category    *string `jsonapi:"attr,category,omitempty"`
	HCL         *bool   `jsonapi:"attr,hcl,omitempty"`
	Sensitive   *bool   `jsonapi:"attr,sensitive,omitempty"`
}

// VariableParent is where variables live: a workspace or a variable set,
// by ID. Exactly one is set.
type VariableParent struct {
	WorkspaceID, VariableSetID string
}

// InWorkspace is the parent of a workspace's variables.
func InWorkspace(id string) VariableParent { return VariableParent{WorkspaceID: id} }

// InVariableSet is the parent of a variable set's variables.
func InVariableSet(id string) VariableParent { return VariableParent{VariableSetID: id} }

// variables is the collection of a workspace's variables (under it); a
// variable set's are at its relationship vars instead.
var variables = collection{path: "/vars", id: "variable ID"}

// ref is the collection of the parent's variables.
func (p VariableParent) ref() ref {
	switch {
	case p.WorkspaceID != "" && p.VariableSetID != "":
		return ref{err: errors.New("a variable belongs to a workspace or to a variable set, not to both")}
	case p.WorkspaceID != "":
		return variables.under(workspaces.at(p.WorkspaceID))
	case p.VariableSetID != "":
		return variableSets.at(p.VariableSetID).sub("relationships/vars")
	}
	return ref{err: errors.New("a variable needs a workspace or a variable set, and has neither")}
}

// at is the parent's variable id.
func (p VariableParent) at(id string) ref { return p.ref().item(variables.id, id) }

// VariableList is a list of variables.
type VariableList = List[Variable]

// Variables are the calls of variables, of workspaces and of variable
// sets alike.
type Variables struct{ c *Client }

// List lists the parent's variables.
func (s *Variables) List(ctx context.Context, parent VariableParent) (*VariableList, error) {
	return list[Variable](ctx, s.c, parent.ref(), nil)
}

// Create creates a variable.
func (s *Variables) Create(ctx context.Context, parent VariableParent, opts VariableOptions) (*Variable, error) {
	opts.ID = ""
	return post[Variable](ctx, s.c, parent.ref(), &opts)
}

// Read reads one variable.
func (s *Variables) Read(ctx context.Context, parent VariableParent, id string) (*Variable, error) {
	return get[Variable](ctx, s.c, parent.at(id))
}

// Update updates a variable.
func (s *Variables) Update(ctx context.Context, parent VariableParent, id string, opts VariableOptions) (*Variable, error) {
	opts.ID = id
	return patch[Variable](ctx, s.c, parent.at(id), &opts)
}

// Delete deletes a variable.
func (s *Variables) Delete(ctx context.Context, parent VariableParent, id string) error {
	return del(ctx, s.c, parent.at(id))
}
