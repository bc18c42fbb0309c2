package platform

import (
	"fmt"

	dschema "github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
)

// computedFrom is a data source's view of the attributes of a resource's
// schema: every attribute computed, of the same type and nesting, without
// the resource's validators, plan modifiers and defaults, and without the
// write-only ones and those named in leaveOut. An attribute keeps the
// resource's description unless describe words it for the data source,
// by its name, or a nested one's by its path: "vcs_repo.branch". So the
// resource and the data sources of one object cannot drift apart: an
// attribute added to the resource is in its data sources, and the
// conversions they share fill it.
func computedFrom(r schema.Schema, describe map[string]string, leaveOut ...string) map[string]dschema.Attribute {
	skip := make(map[string]bool, len(leaveOut))
	for _, n := range leaveOut {
		if _, ok := r.Attributes[n]; !ok {
			panic(fmt.Sprintf("computedFrom: the resource has no attribute %q to leave out", n))
		}
		skip[n] = true
	}
	used := map[string]bool{}
	attrs := computedAttributes(r.Attributes, "", describe, skip, used)
	for k := range describe {
		if !used[k] {
			panic(fmt.Sprintf("computedFrom: the resource has no attribute %q to describe", k))
		}
	}
	return attrs
}

func computedAttributes(in map[string]schema.Attribute, prefix string, describe map[string]string, skip, used map[string]bool) map[string]dschema.Attribute {
	out := make(map[string]dschema.Attribute, len(in))
	for name, a := range in {
		if skip[prefix+name] || a.IsWriteOnly() {
			continue
		}
		desc := a.GetDescription()
		if d, ok := describe[prefix+name]; ok {
			desc, used[prefix+name] = d, true
		}
		out[name] = computedAttribute(a, prefix+name+".", desc, describe, skip, used)
	}
	return out
}

func computedAttribute(a schema.Attribute, prefix, desc string, describe map[string]string, skip, used map[string]bool) dschema.Attribute {
	sensitive := a.IsSensitive()
	switch a := a.(type) {
	case schema.StringAttribute:
		return dschema.StringAttribute{Computed: true, Sensitive: sensitive, CustomType: a.CustomType, Description: desc}
	case schema.BoolAttribute:
		return dschema.BoolAttribute{Computed: true, Sensitive: sensitive, CustomType: a.CustomType, Description: desc}
	case schema.Int64Attribute:
		return dschema.Int64Attribute{Computed: true, Sensitive: sensitive, CustomType: a.CustomType, Description: desc}
	case schema.ListAttribute:
		return dschema.ListAttribute{Computed: true, Sensitive: sensitive, CustomType: a.CustomType, ElementType: a.ElementType, Description: desc}
	case schema.SetAttribute:
		return dschema.SetAttribute{Computed: true, Sensitive: sensitive, CustomType: a.CustomType, ElementType: a.ElementType, Description: desc}
	case schema.MapAttribute:
		return dschema.MapAttribute{Computed: true, Sensitive: sensitive, CustomType: a.CustomType, ElementType: a.ElementType, Description: desc}
	case schema.SingleNestedAttribute:
		return dschema.SingleNestedAttribute{
			Computed: true, Sensitive: sensitive, CustomType: a.CustomType, Description: desc,
			Attributes: computedAttributes(a.Attributes, prefix, describe, skip, used),
		}
	case schema.ListNestedAttribute:
		return dschema.ListNestedAttribute{
			Computed: true, Sensitive: sensitive, CustomType: a.CustomType, Description: desc,
			NestedObject: dschema.NestedAttributeObject{Attributes: computedAttributes(a.NestedObject.Attributes, prefix, describe, skip, used)},
		}
	}
	panic(fmt.Sprintf("computedFrom: no data source attribute for a %T", a))
}
