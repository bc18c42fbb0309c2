package platform

import (
	"context"
	"fmt"
	"regexp"

	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// What the resources of the site's policy engine versions share
// (stack_platform_admin_sentinel_version, stack_platform_admin_opa_version):
// one resource per engine, built by newEngineVersionResource from what
// the engine declares.

// engineVersionModel is a version of a policy engine.
type engineVersionModel struct {
	ID               types.String `tfsdk:"id"`
	Version          types.String `tfsdk:"version"`
	Archs            types.List   `tfsdk:"archs"`
	URL              types.String `tfsdk:"url"`
	SHA              types.String `tfsdk:"sha"`
	Official         types.Bool   `tfsdk:"official"`
	Enabled          types.Bool   `tfsdk:"enabled"`
	Beta             types.Bool   `tfsdk:"beta"`
	Deprecated       types.Bool   `tfsdk:"deprecated"`
	DeprecatedReason types.String `tfsdk:"deprecated_reason"`
	Usage            types.Int64  `tfsdk:"usage"`
}

// engineArchTypes are the attributes of an item of archs.
var engineArchTypes = map[string]attr.Type{"url": types.StringType, "sha": types.StringType, "os": types.StringType, "arch": types.StringType}

// engineVersionKind is what an engine declares: its resource's type name,
// the engine's name, and its calls.
type engineVersionKind struct {
	typeName, engine string
	// of is the engine's version with its article: "an OPA version".
	of string
	// example is a version number for the descriptions.
	example string
	calls   func(c *platformclient.Client) *platformclient.EngineVersions
}

// newEngineVersionResource is the constructor of the resource of one
// engine's versions.
func newEngineVersionResource(k engineVersionKind) func() resource.Resource {
	object := k.engine + " version"
	return fwutil.NewResource(&fwutil.Resource[engineVersionModel, *platformclient.Client]{
		TypeName: k.typeName,
		Service:  platformclient.Service,
		Object:   object,
		Schema:   func(context.Context) schema.Schema { return engineVersionSchema(k) },
		Plan:     &fwutil.Plan[engineVersionModel, *platformclient.Client]{Validate: validateEngineVersion},
		// Its identity is its version's number, unique among the site's
		// versions of its engine, which an update changes in place.
		Identity: &fwutil.Identity{Attrs: []string{"version"}, Mutable: true},
		Import: &fwutil.Import[engineVersionModel, *platformclient.Client]{
			ID: fwutil.IDGrammar{Of: k.of, Forms: []fwutil.IDForm{
				{
					Says:  "its ID, tool- and 16 characters of the base58 alphabet",
					Parts: []fwutil.IDPart{{Label: "<VERSION ID>", Attr: "id", Match: isEngineVersionID}},
				},
				{Says: "its version, such as " + k.example, Parts: []fwutil.IDPart{{Label: "<VERSION>", Match: versionNumberRe.MatchString}}},
			}},
			Print: func(m *engineVersionModel) string { return m.ID.ValueString() },
			Read: func(ctx context.Context, c *platformclient.Client, id fwutil.ParsedID, state *tfsdk.State, diags *diag.Diagnostics) {
				importEngineVersion(ctx, k.calls(c), object, id, state, diags)
			},
		},
		Create: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *engineVersionModel) error {
			got, err := k.calls(op.Client).Create(ctx, engineVersionFromModel(ctx, m, op.Diags))
			if err == nil {
				modelFromEngineVersion(m, got)
			}
			return err
		},
		Read: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *engineVersionModel) error {
			got, err := k.calls(op.Client).Read(ctx, m.ID.ValueString())
			if err == nil {
				modelFromEngineVersion(m, got)
			}
			return err
		},
		Update: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m, _ *engineVersionModel) error {
			got, err := k.calls(op.Client).Update(ctx, m.ID.ValueString(), engineVersionFromModel(ctx, m, op.Diags))
			if err == nil {
				modelFromEngineVersion(m, got)
			}
			return err
		},
		Delete: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *engineVersionModel) error {
			return k.calls(op.Client).Delete(ctx, m.ID.ValueString())
		},
	})
}

// versionNumberRe matches what an import ID takes as a version's number.
var versionNumberRe = regexp.MustCompile(`^[^/\s]+$`)

func isEngineVersionID(s string) bool {
	return platformclient.IsID(platformclient.PrefixEngineVersion, s)
}

func engineVersionSchema(k engineVersionKind) schema.Schema {
	fromAMD64 := func(what string) schema.StringAttribute {
		return schema.StringAttribute{
			Computed:      true,
			Description:   "The " + what + " of the `linux`/`amd64` item of `archs`, which the site runs; null when there is none.",
			PlanModifiers: []planmodifier.String{amd64Of{attr: what}},
		}
	}
	flag := func(description string, def bool) schema.BoolAttribute {
		return schema.BoolAttribute{Optional: true, Computed: true, Default: booldefault.StaticBool(def), Description: description}
	}
	arch := func(description string) schema.StringAttribute {
		return schema.StringAttribute{Required: true, Description: description, Validators: notBlankValidators()}
	}
	return schema.Schema{
		Description: "A version of the " + k.engine + " policy engine that the site offers to its policy sets (their `policy_tool_version`). " +
			"Only the site administrator's token manages the site's versions, on either edition; the platform answers any other as if they did not exist. " +
			"The versions the site ships cannot be changed or deleted. A version deleted while policy sets are pinned to it leaves them its number. " +
			"The import ID is the version's ID, such as `tool-6p5RiCe5CRjBmsGt`, or its version, such as `" + k.example + "`.",
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{
				Computed:      true,
				Description:   "The version's ID, `tool-` and 16 characters.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"version": schema.StringAttribute{
				Required: true,
				Description: "The version's number, such as `" + k.example + "`: not blank, and unique among the site's " + k.engine + " versions, in its case. " +
					"Changing it changes the version in place.",
				Validators: notBlankValidators(),
			},
			"archs": schema.ListNestedAttribute{
				Required: true,
				Description: "The version's builds, one for each platform it runs on, at least one: where each is and its checksum. " +
					"The site runs the `linux`/`amd64` one. Changing them replaces the list in place.",
				Validators: []validator.List{listvalidator.SizeAtLeast(1)},
				NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
					"url":  arch("Where the build is, such as `https://releases.example.com/engine_linux_amd64.zip`."),
					"sha":  arch("The SHA-256 checksum of the build, in hexadecimal."),
					"os":   arch("The operating system the build runs on, such as `linux`."),
					"arch": arch("The processor architecture the build runs on, such as `amd64` or `arm64`."),
				}},
			},
			"url":      fromAMD64("url"),
			"sha":      fromAMD64("sha"),
			"official": flag("Whether the version is an official release of the engine; default `false`.", false),
			"enabled":  flag("Whether policy sets may use the version; default `true`.", true),
			"beta":     flag("Whether the version is a beta release; default `false`.", false),
			"deprecated": flag("Whether the version is deprecated; default `false`. Setting it back to `false` forgets `deprecated_reason`, "+
				"which the platform answers only for a deprecated version.", false),
			"deprecated_reason": schema.StringAttribute{
				Optional:    true,
				Description: "Why the version is deprecated: it requires `deprecated = true`. Not set, the version has no reason.",
			},
			"usage": schema.Int64Attribute{
				Computed:    true,
				Description: "The number of policy sets pinned to the version, which their own resources change.",
			},
		},
	}
}

// validateEngineVersion refuses a reason for a version that the
// configuration does not deprecate, which the platform would forget.
func validateEngineVersion(_ context.Context, _ tfsdk.Config, m *engineVersionModel, diags *diag.Diagnostics) {
	if !m.DeprecatedReason.IsNull() && !m.DeprecatedReason.IsUnknown() && !m.Deprecated.IsUnknown() && !m.Deprecated.ValueBool() {
		diags.AddAttributeError(path.Root("deprecated_reason"), "Reason of a version not deprecated",
			"deprecated_reason requires deprecated = true: the platform keeps no reason for a version that is not deprecated.")
	}
}

// amd64Of plans url or sha as the linux/amd64 item of the configured
// archs has it, as the platform answers them.
type amd64Of struct{ attr string }

func (a amd64Of) Description(context.Context) string {
	return "the " + a.attr + " of the linux/amd64 item of archs"
}

func (a amd64Of) MarkdownDescription(ctx context.Context) string { return a.Description(ctx) }

func (a amd64Of) PlanModifyString(ctx context.Context, req planmodifier.StringRequest, resp *planmodifier.StringResponse) {
	var archs types.List
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("archs"), &archs)...)
	if archs.IsUnknown() {
		return
	}
	resp.PlanValue = types.StringNull()
	for _, item := range archs.Elements() {
		obj, ok := item.(types.Object)
		if !ok || obj.IsUnknown() {
			resp.PlanValue = types.StringUnknown()
			return
		}
		f := obj.Attributes()
		os, arch := f["os"].(types.String), f["arch"].(types.String) //nolint:forcetypeassert // the schema's types
		if os.IsUnknown() || arch.IsUnknown() {
			resp.PlanValue = types.StringUnknown()
			return
		}
		if os.ValueString() == "linux" && arch.ValueString() == "amd64" {
			resp.PlanValue = f[a.attr].(types.String) //nolint:forcetypeassert // the schema's types
			return
		}
	}
}

// importEngineVersion reads the version that the ID names: by its ID, or
// by its number among the engine's.
func importEngineVersion(ctx context.Context, calls *platformclient.EngineVersions, object string, id fwutil.ParsedID, state *tfsdk.State, diags *diag.Diagnostics) {
	if isEngineVersionID(id.Parts[0]) {
		_, err := calls.Read(ctx, id.Parts[0])
		importFound(diags, object, id.String(), err)
		return
	}
	found, err := calls.List(ctx, platformclient.EngineVersionListOptions{Version: id.Parts[0]})
	if !importFound(diags, object, id.String(), err) {
		return
	}
	for _, v := range found.Items {
		if v.Version == id.Parts[0] {
			diags.Append(state.SetAttribute(ctx, path.Root("id"), v.ID)...)
			return
		}
	}
	importNotFound(diags, object, object, id.String(), fmt.Sprintf("The site has no %s numbered %q.", object, id.Parts[0]))
}

// engineVersionFromModel is the whole version m describes, for a create
// or an update: its builds as archs alone, never url and sha.
func engineVersionFromModel(ctx context.Context, m *engineVersionModel, diags *diag.Diagnostics) platformclient.EngineVersionOptions {
	opts := platformclient.EngineVersionOptions{
		Version:          ptr(m.Version.ValueString()),
		Official:         boolOf(m.Official),
		Enabled:          boolOf(m.Enabled),
		Beta:             boolOf(m.Beta),
		Deprecated:       boolOf(m.Deprecated),
		DeprecatedReason: stringOf(m.DeprecatedReason),
		Archs:            []*platformclient.EngineArch{},
	}
	var archs []struct {
		URL  types.String `tfsdk:"url"`
		SHA  types.String `tfsdk:"sha"`
		OS   types.String `tfsdk:"os"`
		Arch types.String `tfsdk:"arch"`
	}
	diags.Append(m.Archs.ElementsAs(ctx, &archs, false)...)
	for _, a := range archs {
		opts.Archs = append(opts.Archs, &platformclient.EngineArch{URL: a.URL.ValueString(), SHA: a.SHA.ValueString(), OS: a.OS.ValueString(), Arch: a.Arch.ValueString()})
	}
	return opts
}

// modelFromEngineVersion writes the version the server answered over m.
func modelFromEngineVersion(m *engineVersionModel, v *platformclient.EngineVersion) {
	m.ID = types.StringValue(v.ID)
	m.Version = types.StringValue(v.Version)
	var archs []attr.Value
	for _, a := range v.Archs {
		archs = append(archs, types.ObjectValueMust(engineArchTypes, map[string]attr.Value{
			"url": types.StringValue(a.URL), "sha": types.StringValue(a.SHA), "os": types.StringValue(a.OS), "arch": types.StringValue(a.Arch),
		}))
	}
	m.Archs = types.ListValueMust(types.ObjectType{AttrTypes: engineArchTypes}, nonNilValues(archs))
	m.URL, m.SHA = types.StringNull(), types.StringNull()
	if v.URL != "" {
		m.URL = types.StringValue(v.URL)
	}
	if v.SHA != "" {
		m.SHA = types.StringValue(v.SHA)
	}
	m.Official = types.BoolValue(v.Official)
	m.Enabled = types.BoolValue(v.Enabled)
	m.Beta = types.BoolValue(v.Beta)
	m.Deprecated = types.BoolValue(v.Deprecated)
	reason := ""
	if v.DeprecatedReason != nil {
		reason = *v.DeprecatedReason
	}
	m.DeprecatedReason = fwutil.StringFromAPI(m.DeprecatedReason, reason)
	m.Usage = types.Int64Value(int64(v.Usage))
}

func nonNilValues(v []attr.Value) []attr.Value {
	if v == nil {
		return []attr.Value{}
	}
	return v
}
