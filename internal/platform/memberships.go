package platform

import (
	"regexp"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
)

// What the people's objects share: an organization membership, a team's
// member and the data sources of members name one another by the
// membership's ID and find people by email.

// membershipIDRule states, in descriptions, the form of an organization
// membership's ID.
const membershipIDRule = "`ou-` and 16 characters of the base58 alphabet"

// memberEmailRe is what the platform takes as an email address.
var memberEmailRe = regexp.MustCompile(`^[^@\s]+@[^@\s]+$`)

func memberEmailValidators() []validator.String {
	return []validator.String{stringvalidator.RegexMatches(memberEmailRe, "must be an email address")}
}
