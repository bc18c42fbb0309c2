package platform

import (
	"regexp"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
)

// notBlankRe matches a value that is not blank: the platform refuses
// names and keys of white space only.
var notBlankRe = regexp.MustCompile(`\S`)

// notBlankValidators check, at plan time, a name or a key that the
// platform refuses only when blank.
func notBlankValidators() []validator.String {
	return []validator.String{stringvalidator.RegexMatches(notBlankRe, "must not be blank")}
}

// emailRe is what the platform takes as an email address: an
// organization's, a member's.
var emailRe = regexp.MustCompile(`^[^@\s]+@[^@\s]+$`)

func emailValidators() []validator.String {
	return []validator.String{stringvalidator.RegexMatches(emailRe, "must be an email address")}
}

// The rule of a workspace's name, as descriptions state it: the workspace
// and the objects that name one (its outputs) check it alike.
const (
	workspaceNameRule = "A workspace's name has 1 to 90 characters: letters, digits, `-` and `_`; it is unique in its organization, in any case."
	maxWorkspaceName  = 90
)

func workspaceNameValidators() []validator.String {
	return []validator.String{
		stringvalidator.LengthBetween(1, maxWorkspaceName),
		stringvalidator.RegexMatches(workspaceNameRe, "must be letters, digits, '-' and '_'"),
	}
}
