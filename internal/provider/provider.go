// Package provider is the stack provider: its configuration schema, how
// settings are merged with the STACK_* environment variables, and the list
// of every resource and data source.
package provider

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/provider"
	"github.com/hashicorp/terraform-plugin-framework/provider/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/stackworks/terraform-provider-stack/internal/client"
	schedulerclient "github.com/stackworks/terraform-provider-stack/internal/client/scheduler"
	secretsclient "github.com/stackworks/terraform-provider-stack/internal/client/secrets"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
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

type stackProvider struct {
	version string
}

type providerModel struct {
	Scheduler          *schedulerModel `tfsdk:"scheduler"`
	Secrets            *secretsModel   `tfsdk:"secrets"`
	Platform           *platformModel  `tfsdk:"platform"`
	CACertFile         types.String    `tfsdk:"ca_cert_file"`
	InsecureSkipVerify types.Bool      `tfsdk:"insecure_skip_verify"`
	MaxRetries         types.Int64     `tfsdk:"max_retries"`
	RequestTimeout     types.String    `tfsdk:"request_timeout"`
}

type schedulerModel struct {
	Address types.String `tfsdk:"address"`
	Token   types.String `tfsdk:"token"`
	Region  types.String `tfsdk:"region"`
}

type secretsModel struct {
	Address   types.String `tfsdk:"address"`
	Token     types.String `tfsdk:"token"`
	Namespace types.String `tfsdk:"namespace"`
}

type platformModel struct {
	Address      types.String `tfsdk:"address"`
	Token        types.String `tfsdk:"token"`
	Organization types.String `tfsdk:"organization"`
}

func (p *stackProvider) Metadata(_ context.Context, _ provider.MetadataRequest, resp *provider.MetadataResponse) {
	resp.TypeName = "stack"
	resp.Version = p.version
}

func (p *stackProvider) Schema(_ context.Context, _ provider.SchemaRequest, resp *provider.SchemaResponse) {
	serviceBlock := func(service, exampleAddr, envPrefix, extra, extraDescription string) schema.SingleNestedBlock {
		return schema.SingleNestedBlock{
			Description: fmt.Sprintf("Connection to the %s. Omit the block when no resource of the %s is used; every setting can also come from its environment variable.", service, service),
			Attributes: map[string]schema.Attribute{
				"address": schema.StringAttribute{
					Optional:    true,
					Description: fmt.Sprintf("Base URL of the %s, such as `%s`. Environment variable `%s_ADDR`.", service, exampleAddr, envPrefix),
				},
				"token": schema.StringAttribute{
					Optional:    true,
					Sensitive:   true,
					Description: fmt.Sprintf("Token sent with every request to the %s. Environment variable `%s_TOKEN`.", service, envPrefix),
				},
				extra: schema.StringAttribute{
					Optional:    true,
					Description: extraDescription,
				},
			},
		}
	}
	resp.Schema = schema.Schema{
		Description: "The stack provider manages the scheduler's ACL auth methods and the secrets service's secrets sync; the platform's objects are to come.",
		Blocks: map[string]schema.Block{
			"scheduler": serviceBlock("scheduler", "https://scheduler.example.com:4646", "STACK_SCHEDULER", "region",
				"Region to which requests are addressed (sent as the `region` query parameter); empty for the server's own region. Environment variable `STACK_SCHEDULER_REGION`."),
			"secrets": serviceBlock("secrets service", "https://secrets.example.com:8200", "STACK_SECRETS", "namespace",
				"Namespace sent in `X-Secrets-Namespace`; empty for the root namespace. Environment variable `STACK_SECRETS_NAMESPACE`."),
			"platform": serviceBlock("platform", "https://platform.example.com", "STACK_PLATFORM", "organization",
				"Default organization for platform objects that belong to one. Environment variable `STACK_PLATFORM_ORGANIZATION`. "+
					"No resource uses the platform block yet: it is accepted so that configurations can be written ahead of the platform's resources."),
		},
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

func (p *stackProvider) Configure(ctx context.Context, req provider.ConfigureRequest, resp *provider.ConfigureResponse) {
	var cfg providerModel
	resp.Diagnostics.Append(fwutil.Get(ctx, req.Config, &cfg)...)
	if resp.Diagnostics.HasError() {
		return
	}
	shared, diags := p.sharedSettings(cfg)
	resp.Diagnostics.Append(diags...)
	if resp.Diagnostics.HasError() {
		return
	}

	data := &fwutil.ProviderData{}
	var sched schedulerModel
	if cfg.Scheduler != nil {
		sched = *cfg.Scheduler
	}
	transport, missing := serviceTransport(shared, "scheduler", "STACK_SCHEDULER", sched.Address, sched.Token, client.Config{
		AuthHeader:   schedulerclient.TokenHeader,
		SecretFields: schedulerclient.SecretFields(),
	}, &resp.Diagnostics)
	data.SchedulerMissing = missing
	if transport != nil {
		data.Scheduler = schedulerclient.NewClient(transport, schedulerclient.WithRegion(setting(sched.Region, "STACK_SCHEDULER_REGION")))
	}

	var sec secretsModel
	if cfg.Secrets != nil {
		sec = *cfg.Secrets
	}
	headers := map[string]string{}
	if ns := setting(sec.Namespace, "STACK_SECRETS_NAMESPACE"); ns != "" {
		headers[secretsclient.NamespaceHeader] = ns
	}
	transport, missing = serviceTransport(shared, "secrets", "STACK_SECRETS", sec.Address, sec.Token, client.Config{
		AuthHeader:   secretsclient.TokenHeader,
		Headers:      headers,
		DecodeError:  secretsclient.DecodeError,
		SecretFields: secretsclient.SecretFields(),
	}, &resp.Diagnostics)
	data.SecretsMissing = missing
	if transport != nil {
		data.Secrets = secretsclient.NewClient(transport)
	}
	if resp.Diagnostics.HasError() {
		return
	}

	resp.ResourceData = data
	resp.DataSourceData = data
}

// serviceTransport builds the transport of one service from its block's
// address and token (or their environment variables), and lists the
// settings still missing so that errors can name them. The transport is
// nil without an address, and when the settings are invalid (an error in
// diags then says why).
func serviceTransport(shared sharedConfig, block, envPrefix string, address, token types.String, cfg client.Config, diags *diag.Diagnostics) (*client.Client, []string) {
	cfg.BaseURL = setting(address, envPrefix+"_ADDR")
	cfg.Token = setting(token, envPrefix+"_TOKEN")
	var missing []string
	if cfg.BaseURL == "" {
		missing = append(missing, fmt.Sprintf("%s.address (or %s_ADDR)", block, envPrefix))
	}
	if cfg.Token == "" {
		missing = append(missing, fmt.Sprintf("%s.token (or %s_TOKEN)", block, envPrefix))
	}
	if cfg.BaseURL == "" {
		return nil, missing
	}
	c, err := client.New(shared.with(cfg))
	if err != nil {
		diags.AddAttributeError(path.Root(block).AtName("address"), "Invalid "+block+" settings", err.Error())
		return nil, missing
	}
	return c, missing
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
	return append([]func() resource.Resource{
		scheduler.NewACLAuthMethodResource,
	}, secrets.Resources()...)
}

func (p *stackProvider) DataSources(context.Context) []func() datasource.DataSource {
	return append([]func() datasource.DataSource{
		scheduler.NewACLAuthMethodDataSource,
		scheduler.NewACLAuthMethodsDataSource,
	}, secrets.DataSources()...)
}
