package acctest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// NoSecretsInTraceLog proves that a whole Terraform run at TF_LOG=trace,
// the provider's own logs included, never shows a secret: it applies,
// plans and destroys config, and fails t when one of secrets appears in
// the log or in Terraform's output. route, a request path of the service, must appear in
// the log: without it the log would prove nothing.
func NoSecretsInTraceLog(t *testing.T, config, route string, secrets ...string) {
	t.Helper()
	logFile := filepath.Join(t.TempDir(), "trace.log")
	cli := NewCLI(t, map[string]string{"TF_LOG": "trace", "TF_LOG_PATH": logFile})
	cli.WriteConfig(t, config)
	out := cli.MustRun(t, "apply", "-auto-approve")
	out += cli.MustRun(t, "plan")
	out += cli.MustRun(t, "destroy", "-auto-approve")

	raw, err := os.ReadFile(logFile)
	if err != nil {
		t.Fatal(err)
	}
	log := string(raw)
	if !strings.Contains(log, route) {
		t.Fatalf("the trace log has no request to %s: the test would prove nothing", route)
	}
	for _, secret := range secrets {
		if strings.Contains(log, secret) || strings.Contains(out, secret) {
			t.Errorf("%q appears in the trace log or the output", secret)
		}
	}
}
