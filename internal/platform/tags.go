package platform

import (
	"context"
	"maps"
	"regexp"
	"slices"

	"github.com/hashicorp/terraform-plugin-framework-validators/mapvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// The platform tags objects two ways: key-value tag bindings, which
// projects and workspaces have and workspaces inherit from their project,
// and flat tags, names that only workspaces have.

// tagBindingRule states, in descriptions, the rules of an object's own tag
// bindings, which tagBindingValidators check.
const tagBindingRule = "At most 10 tags; each key has 1 to 128 characters, each value at most 256 (it may be empty)."

// maxTagBindings is the platform's limit of an object's own tag bindings.
const maxTagBindings = 10

func tagBindingValidators() []validator.Map {
	return []validator.Map{
		mapvalidator.SizeAtMost(maxTagBindings),
		mapvalidator.KeysAre(stringvalidator.LengthBetween(1, 128)),
		mapvalidator.ValueStringsAre(stringvalidator.LengthAtMost(256)),
	}
}

// tagBindingsOf are the bindings of a map of tags, by key, for a write,
// which replaces the object's bindings with them: empty, not nil, for an
// empty map, so that it removes them all; nil, left out, when the map is
// not known yet.
func tagBindingsOf(ctx context.Context, m types.Map, diags *diag.Diagnostics) []*platformclient.TagBinding {
	if m.IsUnknown() {
		return nil
	}
	tags := fwutil.StringMap(ctx, m, diags)
	bindings := make([]*platformclient.TagBinding, 0, len(tags))
	for _, k := range slices.Sorted(maps.Keys(tags)) {
		bindings = append(bindings, &platformclient.TagBinding{Key: k, Value: tags[k]})
	}
	return bindings
}

// tagsOf are bindings as a map, by key.
func tagsOf(bindings []*platformclient.TagBinding) map[string]string {
	tags := make(map[string]string, len(bindings))
	for _, b := range bindings {
		tags[b.Key] = b.Value
	}
	return tags
}

// effectiveTagsOf is tagsOf for the bindings a read includes.
func effectiveTagsOf(bindings []*platformclient.EffectiveTagBinding) map[string]string {
	tags := make(map[string]string, len(bindings))
	for _, b := range bindings {
		tags[b.Key] = b.Value
	}
	return tags
}

// ownTagsOf are the bindings, among an object's effective ones, that are
// its own rather than inherited.
func ownTagsOf(bindings []*platformclient.EffectiveTagBinding) map[string]string {
	tags := map[string]string{}
	for _, b := range bindings {
		if b.InheritedFrom == nil || b.InheritedFrom.ID == "" {
			tags[b.Key] = b.Value
		}
	}
	return tags
}

// tagNameRule states, in descriptions, the rule of flat tags' names,
// which tagNameValidators check.
const tagNameRule = "A tag name has 1 to 255 characters: lower-case letters, digits, `:`, `-` and `_`, starting and ending with a letter or a digit."

var tagNameRe = regexp.MustCompile(`^[a-z0-9](?:[a-z0-9:_-]*[a-z0-9])?$`)

func tagNameValidators() []validator.String {
	return []validator.String{
		stringvalidator.LengthAtMost(255),
		stringvalidator.RegexMatches(tagNameRe, "must be lower-case letters, digits, ':', '-' and '_', starting and ending with a letter or a digit"),
	}
}
