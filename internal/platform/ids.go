package platform

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/schema/validator"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// idValidator checks, at plan time, that a value is an ID of the kind
// prefix names: prefix, "-" and 16 characters of the base58 alphabet.
// what names the kind in the message, such as "an agent pool".
func idValidator(prefix, what string) validator.String { return idCheck{prefix: prefix, what: what} }

type idCheck struct{ prefix, what string }

func (v idCheck) Description(context.Context) string {
	return fmt.Sprintf("must be the ID of %s: %s- and 16 characters of the base58 alphabet", v.what, v.prefix)
}

func (v idCheck) MarkdownDescription(ctx context.Context) string { return v.Description(ctx) }

func (v idCheck) ValidateString(ctx context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() || platformclient.IsID(v.prefix, req.ConfigValue.ValueString()) {
		return
	}
	resp.Diagnostics.AddAttributeError(req.Path, "Invalid ID",
		fmt.Sprintf("%s %s, got %q.", req.Path, v.Description(ctx), req.ConfigValue.ValueString()))
}

// variableSetIDRule states, in descriptions, the form of a variable set's
// ID, which the set, its variables and its assignments name.
const variableSetIDRule = "`varset-` and 16 characters of the base58 alphabet"
