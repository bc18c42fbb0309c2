package platform

import "context"

// CategoryPolicySet is the category of every parameter of a policy set.
const CategoryPolicySet = "policy-set"

// PolicySetParameter is a parameter that a policy set passes to its
// policies, type vars (var-…). The platform answers a sensitive
// parameter's Value as "", never its value.
type PolicySetParameter struct {
	ID        string `jsonapi:"primary,vars"`
	Key       string `jsonapi:"attr,key"`
	Value     string `jsonapi:"attr,value"`
	Category  string `jsonapi:"attr,category"`
	Sensitive bool   `jsonapi:"attr,sensitive"`

	PolicySet *PolicySet `jsonapi:"relation,configurable"`
}

// PolicySetParameterOptions is the body of a create or an update of a
// parameter; a nil field is left out. A create needs Key; Category only a
// create sends, always CategoryPolicySet: Create sets it, Update leaves
// it out.
type PolicySetParameterOptions struct {
	Type      string  `jsonapi:"primary,vars"`
	Key       *string `jsonapi:"attr,key,omitempty"`
	Value     *string `jsonapi:"attr,value,omitempty"`
	Category  *string `jsonapi:"attr,category,omitempty"`
	Sensitive *bool   `jsonapi:"attr,sensitive,omitempty"`
}

// PolicySetParameterList is a list of a set's parameters.
type PolicySetParameterList = List[PolicySetParameter]

// PolicySetParameters are the calls of policy sets' parameters.
type PolicySetParameters struct{ c *Client }

var policySetParameters = collection{path: "/parameters", id: "parameter ID"}

// Create creates a parameter of a policy set.
func (s *PolicySetParameters) Create(ctx context.Context, set string, opts PolicySetParameterOptions) (*PolicySetParameter, error) {
	category := CategoryPolicySet
	opts.Category = &category
	return post[PolicySetParameter](ctx, s.c, policySetParameters.under(policySets.at(set)), &opts)
}

// Read reads a parameter of a policy set.
func (s *PolicySetParameters) Read(ctx context.Context, set, id string) (*PolicySetParameter, error) {
	return get[PolicySetParameter](ctx, s.c, policySetParameters.under(policySets.at(set)).item(policySetParameters.id, id))
}

// List lists a policy set's parameters.
func (s *PolicySetParameters) List(ctx context.Context, set string) (*PolicySetParameterList, error) {
	return list[PolicySetParameter](ctx, s.c, policySetParameters.under(policySets.at(set)), nil)
}

// Update changes a parameter: its category, set once, is left out.
func (s *PolicySetParameters) Update(ctx context.Context, set, id string, opts PolicySetParameterOptions) (*PolicySetParameter, error) {
	opts.Category = nil
	return patch[PolicySetParameter](ctx, s.c, policySetParameters.under(policySets.at(set)).item(policySetParameters.id, id), &opts)
}

// Delete deletes a parameter of a policy set.
func (s *PolicySetParameters) Delete(ctx context.Context, set, id string) error {
	return del(ctx, s.c, policySetParameters.under(policySets.at(set)).item(policySetParameters.id, id))
}
