package platform

import (
	"regexp"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
)

// activityDurationRule states, in descriptions, the form of an
// auto-destroy activity duration, of a project or of a workspace, which
// activityDurationValidators check.
const activityDurationRule = "A duration of 1 to 4 digits followed by `d` (days) or `h` (hours), such as `14d` or `12h`."

var activityDurationRe = regexp.MustCompile(`^[0-9]{1,4}[dh]$`)

func activityDurationValidators() []validator.String {
	return []validator.String{stringvalidator.RegexMatches(activityDurationRe, "must be 1 to 4 digits followed by d or h, such as 14d or 12h")}
}
