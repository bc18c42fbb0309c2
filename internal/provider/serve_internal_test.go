package provider

import (
	"os"
	"runtime/debug"
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/client"
)

// clearLogVariables unsets, for the test, every variable that
// terraformLogs or tuneForShortRuns reads or writes.
func clearLogVariables(t *testing.T) {
	t.Helper()
	for _, env := range append([]string{"TF_LOG", "TF_LOG_PROVIDER", "TF_LOG_CORE", "TF_LOG_PATH"}, quietLoggers...) {
		t.Setenv(env, "")
	}
}

func TestTerraformLogs(t *testing.T) {
	for _, tc := range []struct {
		name string
		env  map[string]string
		want bool
	}{
		{"nothing set", nil, false},
		{"TF_LOG", map[string]string{"TF_LOG": "trace"}, true},
		{"TF_LOG=json", map[string]string{"TF_LOG": "JSON"}, true},
		{"TF_LOG_PROVIDER", map[string]string{"TF_LOG_PROVIDER": "debug"}, true},
		{"TF_LOG off", map[string]string{"TF_LOG": "off"}, false},
		{"TF_LOG_PROVIDER off wins over TF_LOG", map[string]string{"TF_LOG": "trace", "TF_LOG_PROVIDER": "OFF"}, false},
		{"TF_LOG_CORE keeps only Terraform's lines", map[string]string{"TF_LOG_CORE": "trace"}, false},
		{"TF_LOG_PATH without a level", map[string]string{"TF_LOG_PATH": "/tmp/tf.log"}, false},
		{"the SDK's variables", map[string]string{"TF_LOG_SDK": "trace", "TF_LOG_SDK_PROTO": "off"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			clearLogVariables(t)
			for k, v := range tc.env {
				t.Setenv(k, v)
			}
			if got := terraformLogs(); got != tc.want {
				t.Errorf("terraformLogs() = %v, want %v", got, tc.want)
			}
		})
	}
}

// The tuning that Serve does first turns the SDK's loggers off by setting
// their variables; the clients that Configure builds afterwards must still
// see that Terraform keeps no log and skip logging and masking requests.
func TestTuneForShortRuns_clientsStaySilent(t *testing.T) {
	clearLogVariables(t)
	gc := debug.SetGCPercent(100)
	t.Cleanup(func() { debug.SetGCPercent(gc) })
	tuneForShortRuns()
	for _, env := range quietLoggers {
		if got := os.Getenv(env); got != "off" {
			t.Errorf("%s = %q after tuneForShortRuns, want off", env, got)
		}
	}
	if c := (sharedConfig{}).with(client.Config{}); !c.Silent {
		t.Error("a client configured after tuneForShortRuns without TF_LOG logs its requests; want it silent")
	}

	t.Setenv("TF_LOG", "trace")
	if c := (sharedConfig{}).with(client.Config{}); c.Silent {
		t.Error("a client configured with TF_LOG=trace is silent; want its requests logged")
	}
}
