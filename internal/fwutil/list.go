package fwutil

import (
	"context"
	"errors"
	"fmt"
	"reflect"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	dschema "github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/list"
	lschema "github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/stackworks/terraform-provider-stack/internal/client"
)

// List describes the list resource of one resource type, for list blocks
// and `terraform query` (Terraform 1.14 and later): the objects of the
// resource's kind that its filters keep, each a result whose identity is
// the resource's, and, with include_resource, whose state is the one an
// import of the object would give, so that a configuration generated from
// it plans the import alone. M is the resource's model, F the model of the
// filters, C the typed client of the resource's service.
//
// The list resource is declared beside its resource, from the resource's
// constructor (NewListResource): its type name, its identity and its
// model are the resource's own.
type List[M, F, C any] struct {
	// Filters is the schema of the list block's configuration: the
	// filters, most often those of the kind's data source (FiltersOf).
	Filters func(ctx context.Context) lschema.Schema
	// List reads, through the client's list calls (which read every
	// page), the objects that the filters f keep, and returns their
	// models as the resource's Read and import leave them: at least the
	// identity's attributes and what a Read needs when ReadEach is set.
	// It words its errors in diags, the API's with AddAPIError, so that
	// they carry the status and the server's message.
	List func(ctx context.Context, c C, f *F, diags *diag.Diagnostics) []*M
	// DisplayName is a result's name in Terraform's output, such as the
	// object's name.
	DisplayName func(m *M) string
	// ConfigValidators are the rules that tie the filters together, such
	// as two that go together. Nil: none.
	ConfigValidators []list.ConfigValidator
	// ReadEach says that the list's answers hold less than a read does,
	// so that with include_resource each object is read again by the
	// resource's Read. False: the listed model is the whole state.
	ReadEach bool
}

// NewListResource returns the constructor of the list resource that l
// describes, of the resource that newResource constructs, a constructor
// of NewResource of the same M and C.
func NewListResource[M, F, C any](newResource func() resource.Resource, l *List[M, F, C]) func() list.ListResource {
	r, ok := newResource().(*lifecycle[M, C])
	if !ok {
		panic(fmt.Sprintf("fwutil.NewListResource: %T is not a resource of fwutil.NewResource of the same model and client", newResource()))
	}
	return func() list.ListResource { return &listLifecycle[M, F, C]{res: &lifecycle[M, C]{def: r.def}, def: l} }
}

// listLifecycle is the list.ListResource that NewListResource makes of a
// resource's definition and a List.
type listLifecycle[M, F, C any] struct {
	res *lifecycle[M, C]
	def *List[M, F, C]
}

var (
	_ list.ListResourceWithConfigure        = (*listLifecycle[struct{}, struct{}, struct{}])(nil)
	_ list.ListResourceWithConfigValidators = (*listLifecycle[struct{}, struct{}, struct{}])(nil)
)

func (l *listLifecycle[M, F, C]) ListResourceConfigValidators(context.Context) []list.ConfigValidator {
	return l.def.ConfigValidators
}

func (l *listLifecycle[M, F, C]) Metadata(ctx context.Context, req resource.MetadataRequest, resp *resource.MetadataResponse) {
	l.res.Metadata(ctx, req, resp)
}

func (l *listLifecycle[M, F, C]) Configure(ctx context.Context, req resource.ConfigureRequest, resp *resource.ConfigureResponse) {
	l.res.Configure(ctx, req, resp)
}

func (l *listLifecycle[M, F, C]) ListResourceConfigSchema(ctx context.Context, _ list.ListResourceSchemaRequest, resp *list.ListResourceSchemaResponse) {
	resp.Schema = l.def.Filters(ctx)
}

func (l *listLifecycle[M, F, C]) List(ctx context.Context, req list.ListRequest, stream *list.ListResultsStream) {
	var f F
	var diags diag.Diagnostics
	diags.Append(Get(ctx, req.Config, &f)...)
	if diags.HasError() {
		stream.Results = list.ListResultsStreamDiagnostics(diags)
		return
	}
	found := l.def.List(ctx, l.res.client, &f, &diags)
	nulls := nullModel[M](ctx, req, &diags)
	stream.Results = func(push func(list.ListResult) bool) {
		// Warnings come first, on their own; an error ends the list.
		if len(diags) > 0 && !push(list.ListResult{Diagnostics: diags}) || diags.HasError() {
			return
		}
		for i, m := range found {
			if req.Limit > 0 && int64(i) >= req.Limit {
				return
			}
			nullsFor(m, nulls)
			r, found := l.result(ctx, req, m)
			if found && !push(r) {
				return
			}
		}
	}
}

// result is the list's result of the object m: its identity, its display
// name and, when asked, its state. An object that its read no longer
// finds, deleted since the list, is not found, and has no result.
func (l *listLifecycle[M, F, C]) result(ctx context.Context, req list.ListRequest, m *M) (list.ListResult, bool) {
	out := req.NewListResult(ctx)
	if req.IncludeResource && l.def.ReadEach {
		err := l.res.def.Read(ctx, Op[C]{Client: l.res.client, Diags: &out.Diagnostics}, m)
		switch {
		case client.IsNotFound(err), errors.Is(err, ErrGone):
			return out, false
		case err != nil:
			l.res.addError(&out.Diagnostics, "read", err)
			return list.ListResult{Diagnostics: out.Diagnostics}, true
		}
	}
	l.identityOf(ctx, m, out.Identity, &out.Diagnostics)
	out.DisplayName = l.def.DisplayName(m)
	if req.IncludeResource {
		state := tfsdk.State{Schema: req.ResourceSchema, Raw: tftypes.NewValue(req.ResourceSchema.Type().TerraformType(ctx), nil)}
		out.Diagnostics.Append(Set(ctx, &state, m)...)
		out.Resource.Raw = state.Raw
	}
	if out.Diagnostics.HasError() {
		return list.ListResult{Diagnostics: out.Diagnostics}, true
	}
	return out, true
}

// nullModel is the model of a state whose every attribute is null, the
// state an import starts from.
func nullModel[M any](ctx context.Context, req list.ListRequest, diags *diag.Diagnostics) *M {
	typ, ok := req.ResourceSchema.Type().TerraformType(ctx).(tftypes.Object)
	if !ok {
		diags.AddError("Model Read Error", "the resource's schema is not an object; this is a bug in the provider")
		return nil
	}
	attrs := make(map[string]tftypes.Value, len(typ.AttributeTypes))
	for name, t := range typ.AttributeTypes {
		attrs[name] = tftypes.NewValue(t, nil)
	}
	var m M
	diags.Append(Get(ctx, tfsdk.State{Schema: req.ResourceSchema, Raw: tftypes.NewValue(typ, attrs)}, &m)...)
	return &m
}

// nullsFor sets the fields of m that List left at their zero value to
// nulls', typed nulls, as in a state that an import starts from: a model
// that a list makes holds what the list answered, and a Read (ReadEach)
// fills the rest, leaving what the service does not answer as an import
// leaves it.
func nullsFor[M any](m, nulls *M) {
	if nulls == nil {
		return
	}
	v, n := reflect.ValueOf(m).Elem(), reflect.ValueOf(nulls).Elem()
	for _, index := range fieldsOf(reflect.TypeFor[M]()) {
		if f := v.FieldByIndex(index); f.IsZero() {
			f.Set(n.FieldByIndex(index))
		}
	}
}

// identityOf writes into identity the values of its attributes in the
// model m, which need be complete only in them: a list that answers less
// than a read (ReadEach) is read again only for include_resource.
func (l *listLifecycle[M, F, C]) identityOf(ctx context.Context, m *M, identity *tfsdk.ResourceIdentity, diags *diag.Diagnostics) {
	fields := fieldsOf(reflect.TypeFor[M]())
	v := reflect.ValueOf(m).Elem()
	for _, a := range l.res.identity().Attrs {
		index, ok := fields[a]
		if !ok {
			diags.AddError("Model Read Error", fmt.Sprintf("the model %T has no attribute %q of the identity; this is a bug in the provider", m, a))
			return
		}
		s, ok := v.FieldByIndex(index).Interface().(types.String)
		if !ok {
			diags.AddError("Model Read Error", fmt.Sprintf("the identity's %q of %T is not a types.String; this is a bug in the provider", a, m))
			return
		}
		diags.Append(identity.SetAttribute(ctx, path.Root(a), s)...)
	}
}

// FiltersOf is the schema of a list block whose filters are the
// attributes names of the data source ds, the same arguments with the same
// rules, under description, the list resource's.
func FiltersOf(ds dschema.Schema, description string, names ...string) lschema.Schema {
	out := lschema.Schema{Description: description, Attributes: map[string]lschema.Attribute{}}
	for _, n := range names {
		a, ok := ds.Attributes[n]
		if !ok || !a.IsOptional() && !a.IsRequired() {
			panic(fmt.Sprintf("fwutil.FiltersOf: the data source has no argument %q", n))
		}
		out.Attributes[n] = filterOf(a)
	}
	return out
}

// filterOf is the data source's argument a as a list block's.
func filterOf(a dschema.Attribute) lschema.Attribute {
	d := a.GetMarkdownDescription()
	if d == "" {
		d = a.GetDescription()
	}
	switch a := a.(type) {
	case dschema.StringAttribute:
		return lschema.StringAttribute{Optional: a.Optional, Required: a.Required, Description: d, CustomType: a.CustomType, Validators: a.Validators}
	case dschema.BoolAttribute:
		return lschema.BoolAttribute{Optional: a.Optional, Required: a.Required, Description: d, CustomType: a.CustomType, Validators: a.Validators}
	case dschema.Int64Attribute:
		return lschema.Int64Attribute{Optional: a.Optional, Required: a.Required, Description: d, CustomType: a.CustomType, Validators: a.Validators}
	case dschema.ListAttribute:
		return lschema.ListAttribute{Optional: a.Optional, Required: a.Required, Description: d, ElementType: a.ElementType, CustomType: a.CustomType, Validators: a.Validators}
	}
	// A list block has no sets: a set's filter is the list resource's
	// own, a list with its own validators.
	panic(fmt.Sprintf("fwutil.FiltersOf: a data source's %T is not a filter a list block takes", a))
}

// DataSourceSchema is the schema of the data source that newDataSource
// constructs, for FiltersOf.
func DataSourceSchema(ctx context.Context, newDataSource func() datasource.DataSource) dschema.Schema {
	var resp datasource.SchemaResponse
	newDataSource().Schema(ctx, datasource.SchemaRequest{}, &resp)
	return resp.Schema
}
