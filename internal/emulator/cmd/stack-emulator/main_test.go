package main

import (
	"bufio"
	"bytes"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/emulator"
	"github.com/stackworks/terraform-provider-stack/internal/emulator/platform"
	"github.com/stackworks/terraform-provider-stack/internal/emulator/scheduler"
	"github.com/stackworks/terraform-provider-stack/internal/emulator/secrets"
)

const readyPrefix = "stack-emulator listening on "

// build compiles the command as a user runs it, outside the test binary.
func build(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "stack-emulator")
	args := []string{"build", "-o", bin}
	if raceEnabled {
		args = append(args, "-race")
	}
	cmd := exec.Command("go", append(args, ".")...)
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("go build: %v", err)
	}
	return bin
}

// startCommand starts the binary and returns its base URL, parsed from the
// ready line as scripts do; nothing may be printed before that line.
func startCommand(t *testing.T, bin string, args ...string) (*exec.Cmd, string) {
	t.Helper()
	cmd, url, before := startCommandOutput(t, bin, args...)
	if len(before) > 0 {
		t.Fatalf("printed %q before the ready line", before)
	}
	return cmd, url
}

// startCommandOutput starts the binary and returns its base URL, parsed
// from the ready line (http:// or https://), and the lines printed before
// it.
func startCommandOutput(t *testing.T, bin string, args ...string) (*exec.Cmd, string, []string) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill() })
	lines := make(chan string)
	go func() {
		rd := bufio.NewReader(stdout)
		for {
			line, err := rd.ReadString('\n')
			lines <- line
			if err != nil || strings.HasPrefix(line, readyPrefix) {
				break
			}
		}
		close(lines)
		_, _ = io.Copy(io.Discard, stdout)
	}()
	var before []string
	timeout := time.After(10 * time.Second)
	for {
		select {
		case line, open := <-lines:
			if !open || !strings.HasSuffix(line, "\n") {
				t.Fatalf("no ready line after %q (last %q)", before, line)
			}
			if !strings.HasPrefix(line, readyPrefix) {
				before = append(before, strings.TrimSuffix(line, "\n"))
				continue
			}
			url := strings.TrimSuffix(strings.TrimPrefix(line, readyPrefix), "\n")
			if !strings.HasPrefix(url, "http://") && !strings.HasPrefix(url, "https://") {
				t.Fatalf("ready line %q", line)
			}
			if strings.HasSuffix(url, ":0") {
				t.Fatalf("ready line shows the asked port, not the bound one: %q", line)
			}
			return cmd, url, before
		case <-timeout:
			t.Fatal("no ready line")
		}
	}
}

func stop(t *testing.T, cmd *exec.Cmd) {
	t.Helper()
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("exit after SIGTERM: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no exit after SIGTERM")
	}
}

func TestCommand_servesAndStopsCleanly(t *testing.T) {
	bin := build(t)
	state := filepath.Join(t.TempDir(), "state.json")
	cmd, url := startCommand(t, bin, "-listen", "127.0.0.1:0", "-state", state, "-scheduler-token", "tok", "-replica-lag", "1ms")

	body := `{"Name":"m","Type":"JWT","TokenLocality":"global","MaxTokenTTL":"1h",
		"Config":{"JWKSURL":"https://idp/jwks","AllowedRedirectURIs":["http://localhost/cb"]}}`
	req, _ := http.NewRequest(http.MethodPost, url+"/v1/acl/auth-method", strings.NewReader(body))
	req.Header.Set("X-Scheduler-Token", "tok")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("create: %d", resp.StatusCode)
	}
	// On disk once answered, before any stop.
	if data, err := os.ReadFile(state); err != nil || !bytes.Contains(data, []byte(`"Name": "m"`)) {
		t.Fatalf("state file after the create: %s %v", data, err)
	}

	// A blocking query in flight must not hold the shutdown.
	blocked := make(chan error, 1)
	go func() {
		r, err := http.Get(url + "/v1/acl/auth-methods?index=100&wait=5m")
		if err == nil {
			r.Body.Close()
		}
		blocked <- err
	}()

	resp, err = http.Get(url + "/_emulator/stats")
	if err != nil {
		t.Fatal(err)
	}
	var stats struct {
		Total    int64
		Requests map[string]int64
	}
	err = json.NewDecoder(resp.Body).Decode(&stats)
	resp.Body.Close()
	if err != nil {
		t.Fatal(err)
	}
	if stats.Requests["POST /v1/acl/auth-method"] != 1 {
		t.Fatalf("stats %+v, want one create", stats)
	}

	// Nor a connection that never sends a request, such as an HTTP
	// client's spare keep-alive dial: net/http would wait 5s for it.
	idle, err := net.Dial("tcp", strings.TrimPrefix(url, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer idle.Close()

	time.Sleep(50 * time.Millisecond)
	start := time.Now()
	stop(t, cmd)
	if took := time.Since(start); took > 4*time.Second {
		t.Errorf("shutdown took %v", took)
	}
	if err := <-blocked; err != nil {
		t.Errorf("blocked query ended with %v, want an answer", err)
	}

	data, err := os.ReadFile(state)
	if err != nil {
		t.Fatalf("state not written: %v", err)
	}
	if !bytes.Contains(data, []byte(`"Name": "m"`)) {
		t.Fatalf("state lacks the method: %s", data)
	}

	// The next run starts from the state file.
	cmd, url = startCommand(t, bin, "-listen", "127.0.0.1:0", "-state", state)
	resp, err = http.Get(url + "/v1/acl/auth-methods")
	if err != nil {
		t.Fatal(err)
	}
	list, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !bytes.Contains(list, []byte(`"Name":"m"`)) {
		t.Fatalf("list after restart: %s", list)
	}
	stop(t, cmd)
}

func TestCommand_secretsFlags(t *testing.T) {
	bin := build(t)
	cmd, url := startCommand(t, bin, "-listen", "127.0.0.1:0", "-secrets-token", "tok", "-secrets-refuse-list",
		"-secrets-kv-mounts", "team/kv:2,old:1", "-secrets-purge-delay", "0")
	call := func(method, path, body string) int {
		t.Helper()
		req, _ := http.NewRequest(method, url+path, strings.NewReader(body))
		req.Header.Set("X-Secrets-Token", "tok")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	const dest = "/v1/sys/sync/destinations/cloudone-sm/d"
	for _, c := range []struct {
		method, path, body string
		want               int
	}{
		{"LIST", "/v1/sys/sync/destinations", "", http.StatusMethodNotAllowed},
		{http.MethodGet, "/v1/sys/sync/destinations?list=true", "", http.StatusOK},
		{http.MethodPost, dest, "{}", http.StatusOK},
		{http.MethodPost, dest + "/associations/set", `{"mount":"team/kv","secret_name":"s"}`, http.StatusOK},
		{http.MethodPost, dest + "/associations/set", `{"mount":"old","secret_name":"s"}`, http.StatusBadRequest},
		{http.MethodDelete, dest + "?purge=true", "", http.StatusNoContent},
	} {
		if got := call(c.method, c.path, c.body); got != c.want {
			t.Fatalf("%s %s: %d, want %d", c.method, c.path, got, c.want)
		}
	}
	// -secrets-purge-delay 0 completes a purge right away.
	deadline := time.Now().Add(2 * time.Second)
	for call(http.MethodGet, dest, "") != http.StatusNotFound {
		if time.Now().After(deadline) {
			t.Fatal("purge did not complete at once")
		}
		time.Sleep(10 * time.Millisecond)
	}
	stop(t, cmd)

	cmd, url = startCommand(t, bin, "-listen", "127.0.0.1:0", "-secrets-no-license")
	if got := call(http.MethodGet, "/v1/sys/sync/config", ""); got != http.StatusForbidden {
		t.Fatalf("wrong token: %d", got)
	}
	req, _ := http.NewRequest(http.MethodGet, url+"/v1/sys/sync/config", nil)
	req.Header.Set("X-Secrets-Token", "secrets-root")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusBadRequest {
		t.Fatalf("-secrets-no-license: %d, want 400", resp.StatusCode)
	}
	stop(t, cmd)
}

func TestCommand_schedulerOmitSecrets(t *testing.T) {
	cmd, url := startCommand(t, build(t), "-listen", "127.0.0.1:0", "-scheduler-omit-secrets")
	body := `{"Name":"m","Type":"OIDC","TokenLocality":"local","MaxTokenTTL":"5m","Config":{` +
		`"OIDCDiscoveryURL":"https://idp.example.com","OIDCClientID":"c","OIDCClientSecret":"s3cret",` +
		`"AllowedRedirectURIs":["http://localhost/cb"]}}`
	req, _ := http.NewRequest(http.MethodPost, url+"/v1/acl/auth-method", strings.NewReader(body))
	req.Header.Set("X-Scheduler-Token", "scheduler-root")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	answer, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK || strings.Contains(string(answer), "OIDCClientSecret") || !strings.Contains(string(answer), `"OIDCClientID":"c"`) {
		t.Fatalf("-scheduler-omit-secrets: create answered %d %s, want 200 without OIDCClientSecret", resp.StatusCode, answer)
	}
	stop(t, cmd)
}

// answer is a response, read whole.
type answer struct {
	status int
	header http.Header
	body   string
}

// get sends a GET with a platform bearer token (none when empty) through
// client.
func get(t *testing.T, client *http.Client, url, token string) answer {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := client.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return answer{resp.StatusCode, resp.Header, string(body)}
}

func TestCommand_platformFlags(t *testing.T) {
	bin := build(t)
	cmd, url := startCommand(t, bin, "-listen", "127.0.0.1:0", "-platform-token", "pt",
		"-platform-rate-limit", "7", "-platform-edition", "self-hosted")
	a := get(t, http.DefaultClient, url+"/api/v2/ping", "pt")
	for h, want := range map[string]string{
		"X-RateLimit-Limit":     "7",
		"TFP-AppName":           platform.SelfHostedAppName,
		"X-TFE-Version":         platform.SelfHostedVersion,
		"X-TFE-Current-Version": platform.SelfHostedNumericVersion,
	} {
		if got := a.header.Get(h); got != want {
			t.Errorf("-platform-rate-limit 7 -platform-edition self-hosted: ping %s = %q, want %q", h, got, want)
		}
	}
	// The token of -platform-token is the one taken: the default is not.
	if got := get(t, http.DefaultClient, url+"/api/v2/no-such-endpoint", "platform-root"); got.status != http.StatusUnauthorized {
		t.Errorf("-platform-token pt: the default token got %d %s, want 401", got.status, got.body)
	}
	if got := get(t, http.DefaultClient, url+"/api/v2/no-such-endpoint", "pt"); got.status != http.StatusNotFound {
		t.Errorf("-platform-token pt: its token got %d %s, want past the token check to 404", got.status, got.body)
	}
	stop(t, cmd)

	// The defaults: hosted, 30 a second; 0 turns the limit off, and with it
	// the header clients size their own limiter by.
	cmd, url = startCommand(t, bin, "-listen", "127.0.0.1:0")
	a = get(t, http.DefaultClient, url+"/api/v2/ping", "")
	if a.header.Get("X-RateLimit-Limit") != "30" || a.header.Get("TFP-AppName") != platform.HostedAppName || a.header.Get("X-TFE-Version") != "" {
		t.Errorf("default ping headers %v", a.header)
	}
	stop(t, cmd)
	cmd, url = startCommand(t, bin, "-listen", "127.0.0.1:0", "-platform-rate-limit", "0")
	a = get(t, http.DefaultClient, url+"/api/v2/ping", "")
	if v, present := a.header["X-Ratelimit-Limit"]; present {
		t.Errorf("-platform-rate-limit 0: X-RateLimit-Limit %q, want none", v)
	}
	stop(t, cmd)
}

// With -tls the emulator serves HTTPS with a certificate that its printed
// CA file verifies, for the names and addresses a client uses, and removes
// the file at stop.
func TestCommand_tls(t *testing.T) {
	cmd, url, before := startCommandOutput(t, build(t), "-listen", "127.0.0.1:0", "-tls")
	if !strings.HasPrefix(url, "https://127.0.0.1:") {
		t.Fatalf("ready line URL %q, want https://127.0.0.1:PORT", url)
	}
	const caPrefix = "stack-emulator CA certificate in "
	if len(before) != 1 || !strings.HasPrefix(before[0], caPrefix) {
		t.Fatalf("lines before the ready line %q, want one naming the CA file", before)
	}
	caFile := strings.TrimPrefix(before[0], caPrefix)
	pemData, err := os.ReadFile(caFile)
	if err != nil {
		t.Fatal(err)
	}
	pool := x509.NewCertPool()
	if !pool.AppendCertsFromPEM(pemData) {
		t.Fatalf("%s holds no certificate: %s", caFile, pemData)
	}
	client := &http.Client{Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool, MinVersion: tls.VersionTLS12}}}
	_, port, _ := net.SplitHostPort(strings.TrimPrefix(url, "https://"))
	for _, host := range []string{"127.0.0.1", "localhost"} {
		base := "https://" + net.JoinHostPort(host, port)
		a := get(t, client, base+"/.well-known/terraform.json", "")
		if a.status != http.StatusOK || !strings.Contains(a.body, `"tfe.v2.2":"`+base+`/api/v2/"`) {
			t.Errorf("discovery at %s: %d %s, want tfe.v2.2 at %s/api/v2/", host, a.status, a.body, base)
		}
		if a := get(t, client, base+"/api/v2/ping", "platform-root"); a.status != http.StatusNoContent {
			t.Errorf("ping at %s over TLS: %d", host, a.status)
		}
	}
	// Plain HTTP is not served on the TLS port.
	if resp, err := http.Get("http://127.0.0.1:" + port + "/api/v2/ping"); err == nil {
		resp.Body.Close()
		if resp.StatusCode == http.StatusNoContent {
			t.Error("plain HTTP served with -tls")
		}
	}
	stop(t, cmd)
	if _, err := os.Stat(filepath.Dir(caFile)); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("CA directory after stop: %v, want it removed", err)
	}
}

func TestRun_helpDocumentsEveryFlag(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-h"}, &stdout, &stderr); code != 0 {
		t.Fatalf("-h exit code %d", code)
	}
	for _, f := range []string{
		"-listen", "-scheduler-token", "-secrets-token", "-replica-lag", "-latency",
		"-fail-rate", "-retry-after", "-state", "-seed", "-scheduler-upsert-on-create",
		"-scheduler-redact-secrets", "-scheduler-omit-secrets", "-scheduler-delete-missing-500",
		"-scheduler-empty-zero-durations", "-scheduler-return-max-token-ttl", "-scheduler-update-jwt",
		"-secrets-kv-mounts", "-secrets-purge-delay", "-secrets-no-license", "-secrets-refuse-list",
		"-platform-token", "-platform-rate-limit", "-platform-edition", "-platform-run-trigger-lock", "-tls",
	} {
		if !strings.Contains(stderr.String(), f+" ") && !strings.Contains(stderr.String(), f+"\n") {
			t.Errorf("-h does not document %s", f)
		}
	}
	if !strings.Contains(stderr.String(), "127.0.0.1:8080") {
		t.Error("-h does not show the default address")
	}
}

func TestRun_refusesBadFlags(t *testing.T) {
	for _, args := range [][]string{{"-nope"}, {"extra"}, {"-fail-rate", "2", "-listen", "127.0.0.1:0"}, {"-listen", "not an address"},
		{"-secrets-kv-mounts", "team/kv:3"}, {"-secrets-kv-mounts", "nover"}, {"-secrets-kv-mounts", ":2", "-listen", "127.0.0.1:0"},
		{"-platform-edition", "cloud"}, {"-platform-rate-limit", "-1"}, {"-platform-rate-limit", "many"}, {"-platform-run-trigger-lock", "soon"},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(args, &stdout, &stderr); code == 0 {
			t.Errorf("run(%q) exit code 0", args)
		}
		if stdout.Len() != 0 {
			t.Errorf("run(%q) printed %q to stdout", args, stdout.String())
		}
	}
}

// A state file that cannot be written stops the command before it serves,
// with a message naming the file.
func TestRun_refusesUnwritableState(t *testing.T) {
	path := filepath.Join(t.TempDir(), "no", "such", "dir", "state.json")
	var stdout, stderr bytes.Buffer
	if code := run([]string{"-listen", "127.0.0.1:0", "-state", path}, &stdout, &stderr); code != 1 {
		t.Errorf("exit code %d, want 1", code)
	}
	if stdout.Len() != 0 {
		t.Errorf("printed %q to stdout: it must not say it serves", stdout.String())
	}
	if want := "stack-emulator: state file " + path + ": cannot write it: "; !strings.HasPrefix(stderr.String(), want) {
		t.Errorf("stderr %q, want it to start with %q", stderr.String(), want)
	}
}

// Every flag lands in the option it names, with the mapping of "0" where
// the options read zero as their default.
func TestParseFlags_everyFlagSetsItsOption(t *testing.T) {
	defaultPlatform := platform.Options{Token: "platform-root", RateLimit: 30, Edition: "hosted"}
	cases := []struct {
		args       []string
		listen     string
		tls        bool
		opts       emulator.Options
		done       bool
		exitStatus int
	}{
		{
			args:   nil,
			listen: "127.0.0.1:8080",
			opts: emulator.Options{
				Scheduler:  scheduler.Options{ManagementToken: "scheduler-root"},
				Secrets:    secrets.Options{Token: "secrets-root", PurgeDelay: secrets.DefaultPurgeDelay},
				Platform:   defaultPlatform,
				RetryAfter: time.Second,
			},
		},
		{
			args: []string{
				"-listen", "127.0.0.1:0", "-scheduler-token", "st", "-secrets-token", "xt",
				"-replica-lag", "2s", "-latency", "30ms", "-fail-rate", "0.2", "-retry-after", "3s", "-state", "s.json", "-seed", "9",
				"-scheduler-upsert-on-create", "-scheduler-redact-secrets", "-scheduler-omit-secrets", "-scheduler-delete-missing-500",
				"-scheduler-empty-zero-durations", "-scheduler-return-max-token-ttl", "-scheduler-update-jwt",
				"-secrets-kv-mounts", "team/kv:2,old:1", "-secrets-purge-delay", "5s", "-secrets-no-license", "-secrets-refuse-list",
				"-platform-token", "pt", "-platform-rate-limit", "7", "-platform-edition", "self-hosted", "-tls",
			},
			listen: "127.0.0.1:0",
			tls:    true,
			opts: emulator.Options{
				Scheduler: scheduler.Options{
					ManagementToken: "st", ReplicaLag: 2 * time.Second,
					UpsertOnCreate: true, RedactSecrets: true, OmitSecrets: true, DeleteMissing500: true,
					EmptyZeroDurations: true, ReturnMaxTokenTTL: true, UpdateJWT: true,
				},
				Secrets: secrets.Options{
					Token: "xt", KVMounts: map[string]int{"team/kv": 2, "old": 1}, PurgeDelay: 5 * time.Second,
					NoLicense: true, RefuseList: true,
				},
				Platform: platform.Options{Token: "pt", RateLimit: 7, Edition: "self-hosted"},
				Latency:  30 * time.Millisecond, FailRate: 0.2, RetryAfter: 3 * time.Second,
				StatePath: "s.json", Seed: 9,
			},
		},
		{
			// "0" is sent as 0, done at once or turned off: the options'
			// negative.
			args:   []string{"-retry-after", "0", "-secrets-purge-delay", "0", "-platform-rate-limit", "0"},
			listen: "127.0.0.1:8080",
			opts: emulator.Options{
				Scheduler:  scheduler.Options{ManagementToken: "scheduler-root"},
				Secrets:    secrets.Options{Token: "secrets-root", PurgeDelay: -1},
				Platform:   platform.Options{Token: "platform-root", RateLimit: -1, Edition: "hosted"},
				RetryAfter: -1,
			},
		},
		{args: []string{"-h"}, done: true},
		{args: []string{"-fail-rate", "much"}, done: true, exitStatus: 2},
	}
	for _, c := range cases {
		cfg, done, code := parseFlags(c.args, io.Discard)
		if done != c.done || code != c.exitStatus {
			t.Errorf("%q: done %t, exit %d; want %t, %d", c.args, done, code, c.done, c.exitStatus)
			continue
		}
		if !done && (cfg.listen != c.listen || cfg.tls != c.tls || !reflect.DeepEqual(cfg.opts, c.opts)) {
			t.Errorf("%q:\n listen %q, tls %t, options %+v\nwant %q, %t, %+v", c.args, cfg.listen, cfg.tls, cfg.opts, c.listen, c.tls, c.opts)
		}
	}
}
