package platform

import (
	"context"
	"errors"
	"net/http"
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

// path is the collection of the parent's variables.
func (p VariableParent) path() (string, error) {
	switch {
	case p.WorkspaceID != "" && p.VariableSetID != "":
		return "", errors.New("a variable belongs to a workspace or to a variable set, not to both")
	case p.WorkspaceID != "":
		path, err := workspacePath(p.WorkspaceID)
		return path + "/vars", err
	case p.VariableSetID != "":
		path, err := variableSetPath(p.VariableSetID)
		return path + "/relationships/vars", err
	}
	return "", errors.New("a variable needs a workspace or a variable set, and has neither")
}

func (p VariableParent) variablePath(id string) (string, error) {
	path, err := p.path()
	if err != nil {
		return "", err
	}
	v, err := segment("variable ID", id)
	if err != nil {
		return "", err
	}
	return path + "/" + v, nil
}

// VariableList is a list of variables.
type VariableList = List[Variable]

// Variables are the calls of variables, of workspaces and of variable
// sets alike.
type Variables struct{ c *Client }

// List lists the parent's variables.
func (s *Variables) List(ctx context.Context, parent VariableParent) (*VariableList, error) {
	path, err := parent.path()
	if err != nil {
		return nil, err
	}
	return list[Variable](ctx, s.c, path, nil)
}

// Create creates a variable.
func (s *Variables) Create(ctx context.Context, parent VariableParent, opts VariableOptions) (*Variable, error) {
	path, err := parent.path()
	if err != nil {
		return nil, err
	}
	opts.ID = ""
	return one[Variable](ctx, s.c, request{method: http.MethodPost, path: path, body: &opts})
}

// Read reads one variable.
func (s *Variables) Read(ctx context.Context, parent VariableParent, id string) (*Variable, error) {
	path, err := parent.variablePath(id)
	if err != nil {
		return nil, err
	}
	return one[Variable](ctx, s.c, request{method: http.MethodGet, path: path})
}

// Update updates a variable.
func (s *Variables) Update(ctx context.Context, parent VariableParent, id string, opts VariableOptions) (*Variable, error) {
	path, err := parent.variablePath(id)
	if err != nil {
		return nil, err
	}
	opts.ID = id
	return one[Variable](ctx, s.c, request{method: http.MethodPatch, path: path, body: &opts})
}

// Delete deletes a variable.
func (s *Variables) Delete(ctx context.Context, parent VariableParent, id string) error {
	path, err := parent.variablePath(id)
	if err != nil {
		return err
	}
	return s.c.exec(ctx, request{method: http.MethodDelete, path: path})
}
