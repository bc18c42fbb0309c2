package fwutil

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
)

// An attribute whose change replaces its object is checked at plan against
// every value its sources allow, because the server refuses a value only
// after the apply has destroyed the live object: a typo would lose the
// object and what refers to it. Where the API's documents give a closed
// list, the attribute's validator refuses the rest (stringvalidator.OneOf).
// Where they leave the list open (it ends in "…", or servers take more
// than it says) or state no form where servers are known to insist on
// one, a refusal could refuse what a real server takes, which the
// provider never does: KnownValues and KnownForm warn instead, more
// strongly when the change replaces a live object.
//
// Not even a value one letter away from a known one is refused. An open
// list is open because the server may take values that this provider does
// not know yet, and the known ones lie close to one another (the
// platform's code hosts ado_server and ado_services, bitbucket_server and
// bitbucket_server_legacy): the next one may well lie as close to a known
// one as a typo does. Only the server can tell them apart; the plan names
// the nearest known value and says what the apply risks.

// KnownValues warns at plan of a value that is none of values, the values
// that service ("the platform") is known to take for an attribute whose
// list is open, naming the nearest of them. It sits beside the attribute's
// RequiresReplace: a change of an object (object names it, "OAuth
// client") warns that the apply destroys the live one before the server
// answers. A value the state already holds is not warned of again: the
// server took it.
func KnownValues(object, service string, values ...string) planmodifier.String {
	known := slices.Sorted(slices.Values(values))
	return unsure{
		object: object, service: service,
		taken:   func(v string) bool { return slices.Contains(known, v) },
		problem: func(v string) string { return noneOf(v, service, known) },
		desc:    fmt.Sprintf("%s is known to take %s; it decides on any other value.", UpperFirst(service), quoteAll(known)),
	}
}

// KnownForm is KnownValues for a free value that service is known to take
// only in one form, which the API's documents do not state: re matches
// it, and form names it in messages ("an http or https URL").
func KnownForm(object, service string, re *regexp.Regexp, form string) planmodifier.String {
	return unsure{
		object: object, service: service,
		taken: re.MatchString,
		problem: func(v string) string {
			return fmt.Sprintf("%q is not %s, the form that %s is known to take.", v, form, service)
		},
		desc: fmt.Sprintf("%s is known to take %s; it decides on any other value.", UpperFirst(service), form),
	}
}

type unsure struct {
	object, service string
	taken           func(string) bool
	problem         func(string) string
	desc            string
}

func (u unsure) Description(context.Context) string { return u.desc }

func (u unsure) MarkdownDescription(ctx context.Context) string { return u.Description(ctx) }

func (u unsure) PlanModifyString(_ context.Context, req planmodifier.StringRequest, resp *planmodifier.StringResponse) {
	v := req.PlanValue
	if v.IsNull() || v.IsUnknown() || v.Equal(req.StateValue) || u.taken(v.ValueString()) {
		return
	}
	problem := fmt.Sprintf("%s: %s", req.Path, u.problem(v.ValueString()))
	if req.State.Raw.IsNull() {
		resp.Diagnostics.AddAttributeWarning(req.Path, fmt.Sprintf("Value %s may refuse", u.service),
			fmt.Sprintf("%s The plan does not refuse it, since %s may take values that this provider does not know of: "+
				"%s decides when the apply creates the %s.", problem, u.service, u.service, u.object))
		return
	}
	was := "null"
	if !req.StateValue.IsNull() && !req.StateValue.IsUnknown() {
		was = fmt.Sprintf("%q", req.StateValue.ValueString())
	}
	resp.Diagnostics.AddAttributeWarning(req.Path, fmt.Sprintf("Value %s may refuse after the %s is destroyed", u.service, u.object),
		fmt.Sprintf("Changing %s from %s to %q replaces the %s: the apply destroys the live %s before %s answers the create. %s "+
			"If %s refuses it, the %s is gone and nothing takes its place, and what refers to it is left referring to nothing. "+
			"Correct the value, or make sure that %s takes it, before you apply.",
			req.Path, was, v.ValueString(), u.object, u.object, u.service, problem, u.service, u.object, u.service))
}

// noneOf says that v is none of known, and names the nearest when it
// looks like a slip of one: at most a quarter of its letters differ, case
// aside.
func noneOf(v, service string, known []string) string {
	s := fmt.Sprintf("%q is none of the values that %s is known to take: %s.", v, service, quoteAll(known))
	best, bestDist := "", -1
	for _, k := range known {
		if d := editDistance(strings.ToLower(v), strings.ToLower(k)); bestDist < 0 || d < bestDist {
			best, bestDist = k, d
		}
	}
	if best != "" && bestDist*4 <= len(best) {
		s += fmt.Sprintf(" Did you mean %q?", best)
	}
	return s
}

func quoteAll(values []string) string {
	quoted := make([]string, len(values))
	for i, v := range values {
		quoted[i] = fmt.Sprintf("%q", v)
	}
	return strings.Join(quoted, ", ")
}

// editDistance is the Levenshtein distance between a and b: the fewest
// letters to insert, delete or change to make one the other.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := range ra {
		cur := make([]int, len(rb)+1)
		cur[0] = i + 1
		for j := range rb {
			cost := 1
			if ra[i] == rb[j] {
				cost = 0
			}
			cur[j+1] = min(prev[j+1]+1, cur[j]+1, prev[j]+cost)
		}
		prev = cur
	}
	return prev[len(rb)]
}
