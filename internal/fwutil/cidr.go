package fwutil

import (
	"context"
	"fmt"
	"net/netip"

	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
)

// CIDRValidator accepts a CIDR block of one IP family (4 or 6).
func CIDRValidator(family int) validator.String { return cidrValidator{family: family} }

type cidrValidator struct{ family int }

func (v cidrValidator) Description(context.Context) string {
	if v.family == 6 {
		return `must be an IPv6 CIDR block such as "2001:db8::/32"`
	}
	return `must be an IPv4 CIDR block such as "192.0.2.0/24"`
}

func (v cidrValidator) MarkdownDescription(ctx context.Context) string { return v.Description(ctx) }

func (v cidrValidator) ValidateString(ctx context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	p, err := netip.ParsePrefix(req.ConfigValue.ValueString())
	if err != nil || (v.family == 4) != p.Addr().Is4() {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid CIDR block",
			fmt.Sprintf("%s %s, got %q.", req.Path, v.Description(ctx), req.ConfigValue.ValueString()))
	}
}
