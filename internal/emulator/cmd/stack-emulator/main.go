// Command stack-emulator serves the emulated scheduler, secrets and
// platform APIs on one address, for trying the provider without any real
// service.
//
// Once it serves it prints one line, `stack-emulator listening on
// http://ADDR`, with the address actually bound (so -listen 127.0.0.1:0
// works for scripts); it stops cleanly on SIGINT or SIGTERM. With -state it
// writes that file at start and after every change, and refuses to start
// when it cannot. With -tls it serves HTTPS instead, with a certificate of
// its own: it writes the certificate of the authority that signed it to
// ca.pem in a new temporary directory, prints `stack-emulator CA
// certificate in PATH` before the ready line (which then says https://),
// and removes the directory when it stops.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"maps"
	"net"
	"net/http"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/emulator"
	"github.com/stackworks/terraform-provider-stack/internal/emulator/platform"
	"github.com/stackworks/terraform-provider-stack/internal/emulator/secrets"
)

// shutdownTimeout bounds how long requests in flight may take to finish
// after a signal; blocking queries are woken at once, so this is ample.
const shutdownTimeout = 10 * time.Second

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// config is what the command line asks for.
type config struct {
	opts   emulator.Options
	listen string
	tls    bool
}

// parseFlags reads the command line into the emulator's options, the
// listen address and -tls. done is set, with the exit code, when the
// command must stop there: after -h, or a bad flag, which the flag set
// reports.
func parseFlags(args []string, stderr io.Writer) (cfg config, done bool, code int) {
	opts := &cfg.opts
	fs := flag.NewFlagSet("stack-emulator", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "Usage: stack-emulator [flags]\n\n"+
			"Serves in memory the scheduler, secrets and platform APIs the stack provider manages.\n"+
			"GET /_emulator/stats counts requests; GET /_emulator/routes lists every route it serves;\n"+
			"POST /_emulator/reset empties data and counts;\n"+
			"POST /_emulator/scheduler/tokens {\"Type\":\"management\"|\"client\"} mints a scheduler token;\n"+
			"POST /_emulator/platform/tokens {\"type\":\"user\",\"username\":\"alice\"} mints a platform token.\n\nFlags:\n")
		fs.PrintDefaults()
	}
	fs.StringVar(&cfg.listen, "listen", "127.0.0.1:8080", "`address` to listen on; port 0 picks a free port (the ready line shows it)")
	fs.BoolVar(&cfg.tls, "tls", false, "serve HTTPS with a certificate of the emulator's own; the certificate of its authority is written to ca.pem in a new temporary directory, whose path is printed before the ready line, and removed at stop")
	fs.StringVar(&opts.Scheduler.ManagementToken, "scheduler-token", "scheduler-root", "scheduler management `token` (X-Scheduler-Token)")
	fs.StringVar(&opts.Secrets.Token, "secrets-token", "secrets-root", "secrets service management `token` (X-Secrets-Token)")
	fs.StringVar(&opts.Platform.Token, "platform-token", "platform-root", "platform site administrator's `token` (Authorization: Bearer), which sees every organization")
	fs.IntVar(&opts.Platform.RateLimit, "platform-rate-limit", platform.DefaultRateLimit, "platform requests a second each user (team, organization token) may make before it answers 429; 0 turns the limit off")
	opts.Platform.Edition = platform.EditionHosted
	fs.Func("platform-edition", "platform `edition`, hosted or self-hosted, which GET /api/v2/ping tells by its TFP-AppName and X-TFE-Version headers (default hosted)", func(v string) error {
		if v != platform.EditionHosted && v != platform.EditionSelfHosted {
			return fmt.Errorf("must be %s or %s", platform.EditionHosted, platform.EditionSelfHosted)
		}
		opts.Platform.Edition = v
		return nil
	})
	fs.DurationVar(&opts.Platform.RunTriggerLock, "platform-run-trigger-lock", 0, "real-server variant: a platform run trigger's create holds its organization's creation lock this long, and another create in the organization meanwhile answers 409 \"Run Trigger creation locked by another user in your organization. Please try again\"; 0 refuses none")
	fs.DurationVar(&opts.Scheduler.ReplicaLag, "replica-lag", 0, "how long the scheduler's replica, which answers reads and lists, lags behind writes")
	fs.DurationVar(&opts.Latency, "latency", 0, "latency added to every API request")
	fs.Float64Var(&opts.FailRate, "fail-rate", 0, "share (0..1) of API requests answered 429 or 503 with Retry-After, before anything is applied")
	fs.DurationVar(&opts.RetryAfter, "retry-after", time.Second, "Retry-After of injected faults, rounded up to whole seconds; 0 sends \"0\"")
	fs.StringVar(&opts.StatePath, "state", "", "JSON `file` loaded at start (if it exists), then written at start and atomically after every change; a path that cannot be written is refused; empty keeps data in memory only")
	fs.Int64Var(&opts.Seed, "seed", 0, "seed of the fault injection's random numbers, to repeat a run; 0 seeds from the clock")
	fs.BoolVar(&opts.Scheduler.UpsertOnCreate, "scheduler-upsert-on-create", false, "real-server variant: a scheduler create of an existing name overwrites it instead of answering 409")
	fs.BoolVar(&opts.Scheduler.RedactSecrets, "scheduler-redact-secrets", false, "real-server variant: the scheduler answers OIDCClientSecret as \"redacted\"")
	fs.BoolVar(&opts.Scheduler.OmitSecrets, "scheduler-omit-secrets", false, "real-server variant: the scheduler's answers leave OIDCClientSecret out (wins over -scheduler-redact-secrets)")
	fs.BoolVar(&opts.Scheduler.DeleteMissing500, "scheduler-delete-missing-500", false, "real-server variant: a scheduler delete of a missing auth method answers 500 instead of 404")
	fs.BoolVar(&opts.Scheduler.EmptyZeroDurations, "scheduler-empty-zero-durations", false, "real-server variant: the scheduler answers a zero duration (such as an unset leeway) as \"\" instead of \"0s\"")
	fs.BoolVar(&opts.Scheduler.ReturnMaxTokenTTL, "scheduler-return-max-token-ttl", false, "real-server variant: the scheduler keeps MaxTokenTTL and returns it in its answers")
	fs.BoolVar(&opts.Scheduler.UpdateJWT, "scheduler-update-jwt", false, "real-server variant: the scheduler updates JWT auth methods in place, not only OIDC ones (create-only fields are still refused)")
	fs.Func("secrets-kv-mounts", "secrets KV `mounts` added to secret:2 and kv1:1, as name:version,... (such as team/kv:2,old:1)", func(v string) error {
		m, err := secrets.ParseKVMounts(v)
		if err != nil {
			return err
		}
		if opts.Secrets.KVMounts == nil {
			opts.Secrets.KVMounts = map[string]int{}
		}
		maps.Copy(opts.Secrets.KVMounts, m)
		return nil
	})
	fs.DurationVar(&opts.Secrets.PurgeDelay, "secrets-purge-delay", secrets.DefaultPurgeDelay, "how long a secrets destination purge (delete with purge=true) takes before the destination is gone; 0 completes it at once")
	fs.BoolVar(&opts.Secrets.NoLicense, "secrets-no-license", false, "emulate a secrets server without the enterprise license: every sync endpoint answers 400 license required")
	fs.BoolVar(&opts.Secrets.RefuseList, "secrets-refuse-list", false, "real-server variant: the secrets service answers the LIST method 405, so only GET ?list=true lists")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return cfg, true, 0
		}
		return cfg, true, 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "stack-emulator: unexpected arguments: %v\n", fs.Args())
		return cfg, true, 2
	}
	if opts.Platform.RateLimit < 0 {
		fmt.Fprintf(stderr, "stack-emulator: -platform-rate-limit %d: must be 0 (off) or more\n", opts.Platform.RateLimit)
		return cfg, true, 2
	}
	// Options read zero as "the default"; negative is their "0".
	if opts.RetryAfter == 0 {
		opts.RetryAfter = -1
	}
	if opts.Secrets.PurgeDelay == 0 {
		opts.Secrets.PurgeDelay = -1
	}
	if opts.Platform.RateLimit == 0 {
		opts.Platform.RateLimit = -1
	}
	return cfg, false, 0
}

func run(args []string, stdout, stderr io.Writer) int {
	cfg, done, code := parseFlags(args, stderr)
	if done {
		return code
	}
	logger := log.New(stderr, "stack-emulator: ", 0)
	emu, err := emulator.New(cfg.opts)
	if err != nil {
		logger.Print(err)
		return 1
	}
	ln, err := net.Listen("tcp", cfg.listen)
	if err != nil {
		logger.Print(err)
		return 1
	}
	scheme := "http"
	if cfg.tls {
		caDir, tlsLn, err := serveTLS(ln, stdout)
		if err != nil {
			_ = ln.Close()
			logger.Print(err)
			return 1
		}
		defer os.RemoveAll(caDir)
		ln, scheme = tlsLn, "https"
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	// Requests derive their context from base, so canceling it on a signal
	// ends blocking queries that could otherwise hold Shutdown for minutes.
	base, cancelBase := context.WithCancel(context.Background())
	defer cancelBase()
	var fresh freshConns
	srv := &http.Server{
		Handler:           emu,
		ReadHeaderTimeout: 10 * time.Second,
		BaseContext:       func(net.Listener) context.Context { return base },
		ConnState:         fresh.track,
		ErrorLog:          logger,
	}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	// The listener accepts from here on, so the line can go out before Serve
	// has been scheduled; os.Stdout is unbuffered, nothing to flush.
	fmt.Fprintf(stdout, "stack-emulator listening on %s://%s\n", scheme, ln.Addr())

	code = 0
	select {
	case err := <-served:
		logger.Print(err)
		code = 1
	case <-ctx.Done():
		cancelBase()
		fresh.closeAll()
		sctx, cancel := context.WithTimeout(context.Background(), shutdownTimeout)
		err := srv.Shutdown(sctx)
		cancel()
		if err != nil {
			logger.Printf("shutdown: %v", err)
			code = 1
		}
	}
	if err := emu.Close(); err != nil {
		logger.Print(err)
		code = 1
	}
	return code
}

// freshConns tracks the connections that were accepted but have sent no
// request yet. http.Server.Shutdown counts them as busy for their first
// five seconds, and an HTTP client's spare keep-alive dial is one of them,
// so a stop would hang that long; they carry no request, so closing them
// loses nothing.
type freshConns struct {
	mu       sync.Mutex
	conns    map[net.Conn]struct{}
	stopping bool
}

func (f *freshConns) track(c net.Conn, state http.ConnState) {
	f.mu.Lock()
	defer f.mu.Unlock()
	switch {
	case state != http.StateNew:
		delete(f.conns, c)
	case f.stopping:
		_ = c.Close()
	default:
		if f.conns == nil {
			f.conns = map[net.Conn]struct{}{}
		}
		f.conns[c] = struct{}{}
	}
}

// closeAll closes the fresh connections, and from now on each new one at
// once.
func (f *freshConns) closeAll() {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.stopping = true
	for c := range f.conns {
		_ = c.Close()
	}
	clear(f.conns)
}
