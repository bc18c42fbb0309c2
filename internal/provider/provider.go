// Package provider is the stack provider: its configuration schema, how
// settings are merged with the STACK_* environment variables, and the list
// of every resource and data source.
package provider

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"slices"
	"strconv"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/ephemeral"
	"github.com/hashicorp/terraform-plugin-framework/list"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/provider/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-log/tflog"

	"github.com/stackworks/terraform-provider-stack/internal/client"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	schedulerclient "github.com/stackworks/terraform-provider-stack/internal/client/scheduler"
	secretsclient "github.com/stackworks/terraform-provider-stack/internal/client/secrets"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
	"github.com/stackworks/terraform-provider-stack/internal/platform"
	"github.com/stackworks/terraform-provider-stack/internal/scheduler"
	"github.com/stackworks/terraform-provider-stack/internal/secrets"
)

const (
	defaultMaxRetries     = 4
	defaultRequestTimeout = 30 * time.Second
)

// New returns a constructor of the provider for providerserver.
func New(version string) func() provider.Provider {
	return func() provider.Provider { return &stackProvider{version: version} }
}

var (
	_ provider.ProviderWithEphemeralResources = (*stackProvider)(nil)
	_ provider.ProviderWithListResources      = (*stackProvider)(nil)
)

type stackProvider struct {
	version string
}

// services are the services the provider talks to, each described once in
// its client package, in the order of the provider's blocks.
var services = []*client.Service{schedulerclient.Service, secretsclient.Service, platformclient.Service}

// providerModel holds the settings every service shares; the services'
// blocks are read attribute by attribute, as their descriptors list them.
type providerModel struct {
	CACertFile         types.String `tfsdk:"ca_cert_file"`
	InsecureSkipVerify types.Bool   `tfsdk:"insecure_skip_verify"`
	MaxRetries         types.Int64  `tfsdk:"max_retries"`
	RequestTimeout     types.String `tfsdk:"request_timeout"`
}

func (p *stackProvider) Metadata(_ context.Context, _ provider.MetadataRequest, resp *provider.MetadataResponse) {
	resp.TypeName = "stack"
	resp.Version = p.version
}

func (p *stackProvider) Schema(_ context.Context, _ provider.SchemaRequest, resp *provider.SchemaResponse) {
	blocks := map[string]schema.Block{}
	for _, svc := range services {
		blocks[svc.Block] = serviceBlock(svc)
	}
	resp.Schema = schema.Schema{
		Description: "The stack provider manages the scheduler's ACL auth methods, the secrets service's secrets sync, and the platform's organizations and what they hold.",
		Blocks:      blocks,
		Attributes: map[string]schema.Attribute{
			"ca_cert_file": schema.StringAttribute{
				Optional:    true,
				Description: "Path of a PEM file of CA certificates trusted, in addition to the system's, for every service. Environment variable `STACK_CA_CERT_FILE`.",
			},
			"insecure_skip_verify": schema.BoolAttribute{
				Optional:    true,
				Description: "Skip verification of the services' TLS certificates. For tests only. Environment variable `STACK_INSECURE_SKIP_VERIFY`.",
			},
			"max_retries": schema.Int64Attribute{
				Optional:    true,
				Validators:  []validator.Int64{int64validator.Between(0, 20)},
				Description: fmt.Sprintf("How many times a request is retried when the server is overloaded (429, 503) or, for requests that are safe to repeat, unreachable (502, 504, connection errors). Waits follow the server's `Retry-After` up to one minute; a server asking for longer fails the request at once, saying so. Between retries it waits with capped exponential backoff and jitter, from 0.5 s up to 30 s. Between 0 and 20; default %d. Environment variable `STACK_MAX_RETRIES`.", defaultMaxRetries),
			},
			"request_timeout": schema.StringAttribute{
				Optional:    true,
				Validators:  []validator.String{fwutil.DurationValidator()},
				Description: fmt.Sprintf("Time limit of one request attempt, as a duration such as `30s`; the scheduler's blocking reads wait at most half of it. Default `%s`. Environment variable `STACK_REQUEST_TIMEOUT`.", defaultRequestTimeout),
			},
		},
	}
}

// serviceBlock is the settings block of one service: address, token and
// the service's own settings, each with its environment variable.
func serviceBlock(svc *client.Service) schema.SingleNestedBlock {
	attrs := map[string]schema.Attribute{
		"address": schema.StringAttribute{
			Optional: true,
			Description: fmt.Sprintf("Base URL of the %s, with its scheme, such as `%s`; the API's own URL, `%s%s`, is the same address. "+
				"Before its first request the provider checks that the address serves the %s's API (`GET %s`), and fails naming this setting when it does not. Environment variable `%s`.",
				svc.Name, svc.ExampleAddress, svc.ExampleAddress, svc.APIPath, svc.Name, svc.Probe.Path, svc.Env("ADDR")),
		},
		"token": schema.StringAttribute{
			Optional:    true,
			Sensitive:   true,
			Description: tokenDescription(svc),
		},
	}
	for _, st := range svc.Settings {
		a := schema.StringAttribute{
			Optional:    true,
			Description: fmt.Sprintf("%s Environment variable `%s`.", st.Description, svc.Env(st.Env)),
		}
		if len(st.OneOf) > 0 {
			a.Validators = []validator.String{stringvalidator.OneOf(st.OneOf...)}
		}
		attrs[st.Name] = a
	}
	return schema.SingleNestedBlock{
		Description: fmt.Sprintf("Connection to the %s. Omit the block when no resource of the %s is used; every setting can also come from its environment variable.", svc.Name, svc.Name),
		Attributes:  attrs,
	}
}

// tokenDescription describes a service's token and, for a service that
// takes Terraform's credentials, their order.
func tokenDescription(svc *client.Service) string {
	d := fmt.Sprintf("Token sent with every request to the %s. Environment variable `%s`.", svc.Name, svc.Env("TOKEN"))
	if !svc.TerraformCredentials {
		return d
	}
	example, _ := newHostTokenLookup(svc.ExampleAddress, cliEnv{})
	return d + fmt.Sprintf(" Unset in both, the token of the address's host is read from Terraform's own credentials, where `terraform login` writes it, in this order: "+
		"the variable `TF_TOKEN_<host>`, the host in its name with dots as `_`, hyphens as `__` and a non-ASCII name in Punycode (`%s`); "+
		"a `credentials \"<host>\" { token = \"...\" }` block of the CLI configuration file that `TF_CLI_CONFIG_FILE` (or the older `TERRAFORM_CONFIG`) names, else `~/.terraformrc` (`%%APPDATA%%\\terraform.rc` on Windows); "+
		"`credentials.tfrc.json` in `~/.terraform.d` (`%%APPDATA%%\\terraform.d` on Windows), which `terraform login` writes. "+
		"A missing file is skipped; one that cannot be read fails the %s's resources, naming the file. Credentials helpers are not run.",
		example.variable(), svc.Name)
}

func (p *stackProvider) Configure(ctx context.Context, req provider.ConfigureRequest, resp *provider.ConfigureResponse) {
	var cfg providerModel
	for name, target := range map[string]any{
		"ca_cert_file": &cfg.CACertFile, "insecure_skip_verify": &cfg.InsecureSkipVerify,
		"max_retries": &cfg.MaxRetries, "request_timeout": &cfg.RequestTimeout,
	} {
		resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root(name), target)...)
	}
	if resp.Diagnostics.HasError() {
		return
	}
	shared, diags := p.sharedSettings(cfg)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}
	clients := &client.Clients{}
	for _, svc := range services {
		configureService(ctx, req, svc, shared, clients, &resp.Diagnostics)
	}
	if resp.Diagnostics.HasError() {
		return
	}
	resp.ResourceData = clients
	resp.DataSourceData = clients
	resp.EphemeralResourceData = clients
	resp.ListResourceData = clients
}

// configureService builds the client of one service from its block (or
// the block's environment variables) and records it in clients, with the
// settings still missing so that errors can name them. A service without
// an address has no client; invalid settings are errors on their
// attribute.
func configureService(ctx context.Context, req provider.ConfigureRequest, svc *client.Service, shared sharedConfig, clients *client.Clients, diags *diag.Diagnostics) {
	block := path.Root(svc.Block)
	get := func(name, env string) string {
		var v types.String
		diags.Append(req.Config.GetAttribute(ctx, block.AtName(name), &v)...)
		return setting(v, svc.Env(env))
	}
	address, token := get("address", "ADDR"), get("token", "TOKEN")
	settings := map[string]string{}
	for _, st := range svc.Settings {
		v := get(st.Name, st.Env)
		if err := st.CheckSetting(v); err != nil {
			diags.AddAttributeError(block.AtName(st.Name), "Invalid "+svc.Block+"."+st.Name, svc.SettingName(st)+" "+err.Error()+".")
		}
		settings[st.Name] = v
	}
	var missing []string
	if address == "" {
		missing = append(missing, svc.AddressSetting())
	}
	tokenSetting, source := svc.TokenSetting(), ""
	if token == "" && address != "" && svc.TerraformCredentials {
		var lacking string
		env := cliEnv{environ: os.Environ(), goos: runtime.GOOS}
		token, source, lacking = terraformToken(tokenSetting, address, env)
		if source != "" {
			// Never the token: where it came from, which a refused token's
			// error names too.
			tflog.Debug(ctx, "The "+svc.Name+"'s token comes from Terraform's credentials: "+source)
			if w := onAgentWarning(svc, source, env); w != "" {
				diags.AddAttributeWarning(block.AtName("token"), "The "+svc.Name+"'s token may be a run's", w)
			}
			tokenSetting = source + " (the token's source: " + tokenSetting + " is unset)"
		} else {
			tokenSetting = lacking
		}
	}
	if token == "" {
		missing = append(missing, tokenSetting)
	}
	if address == "" || diags.HasError() {
		clients.Add(svc, nil, missing)
		return
	}
	cfg := svc.Config(address, token, settings)
	cfg.TokenSetting = tokenSetting
	transport, err := client.New(shared.with(cfg))
	if err != nil {
		diags.AddAttributeError(block.AtName("address"), "Invalid "+svc.Block+" settings", err.Error())
		return
	}
	var typed any = transport
	if svc.NewClient != nil {
		typed = svc.NewClient(transport, settings)
	}
	clients.Add(svc, typed, missing)
}

// sharedConfig is the part of client.Config common to every service.
type sharedConfig struct {
	userAgent      string
	caCertFile     string
	insecure       bool
	maxRetries     int
	requestTimeout time.Duration
}

func (s sharedConfig) with(c client.Config) client.Config {
	c.UserAgent = s.userAgent
	c.CACertFile = s.caCertFile
	c.InsecureSkipVerify = s.insecure
	c.MaxRetries = s.maxRetries
	c.RequestTimeout = s.requestTimeout
	// Nobody reads the request logs of a run without TF_LOG: the clients
	// neither format nor mask them.
	c.Silent = !terraformLogs()
	return c
}

func (p *stackProvider) sharedSettings(cfg providerModel) (sharedConfig, diag.Diagnostics) {
	var diags diag.Diagnostics
	s := sharedConfig{
		userAgent:      "terraform-provider-stack/" + p.version,
		caCertFile:     setting(cfg.CACertFile, "STACK_CA_CERT_FILE"),
		maxRetries:     defaultMaxRetries,
		requestTimeout: defaultRequestTimeout,
	}

	switch v := os.Getenv("STACK_INSECURE_SKIP_VERIFY"); {
	case !cfg.InsecureSkipVerify.IsNull():
		s.insecure = cfg.InsecureSkipVerify.ValueBool()
	case v != "":
		b, err := strconv.ParseBool(v)
		if err != nil {
			diags.AddAttributeError(path.Root("insecure_skip_verify"), "Invalid STACK_INSECURE_SKIP_VERIFY",
				fmt.Sprintf("STACK_INSECURE_SKIP_VERIFY must be true or false, got %q.", v))
		}
		s.insecure = b
	}

	switch v := os.Getenv("STACK_MAX_RETRIES"); {
	case !cfg.MaxRetries.IsNull():
		s.maxRetries = int(cfg.MaxRetries.ValueInt64())
	case v != "":
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 || n > 20 {
			diags.AddAttributeError(path.Root("max_retries"), "Invalid STACK_MAX_RETRIES",
				fmt.Sprintf("STACK_MAX_RETRIES must be a whole number from 0 to 20, got %q.", v))
		}
		s.maxRetries = n
	}

	if v := setting(cfg.RequestTimeout, "STACK_REQUEST_TIMEOUT"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d <= 0 {
			diags.AddAttributeError(path.Root("request_timeout"), "Invalid request_timeout",
				fmt.Sprintf("request_timeout (or STACK_REQUEST_TIMEOUT) must be a positive duration such as \"30s\", got %q.", v))
		}
		s.requestTimeout = d
	}
	return s, diags
}

// setting returns the configured value, else the environment variable's.
func setting(v types.String, env string) string {
	if !v.IsNull() && !v.IsUnknown() {
		return v.ValueString()
	}
	return os.Getenv(env)
}

func (p *stackProvider) Resources(context.Context) []func() resource.Resource {
	return slices.Concat(scheduler.Resources(), secrets.Resources(), platform.Resources())
}

// ListResources gathers each service's list resources, for list blocks
// and terraform query.
func (p *stackProvider) ListResources(context.Context) []func() list.ListResource {
	return slices.Concat(scheduler.ListResources(), secrets.ListResources(), platform.ListResources())
}

// EphemeralResources gathers each service's; only the platform has any.
func (p *stackProvider) EphemeralResources(context.Context) []func() ephemeral.EphemeralResource {
	return platform.EphemeralResources()
}

func (p *stackProvider) DataSources(context.Context) []func() datasource.DataSource {
	return slices.Concat(scheduler.DataSources(), secrets.DataSources(), platform.DataSources())
}
