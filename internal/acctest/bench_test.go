package acctest_test

import (
	"math"
	"slices"
	"testing"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
)

func TestTerraformDataTwin(t *testing.T) {
	config := `provider "stack" {
  max_retries = 6
}

resource "stack_secrets_sync_cloudone_sm_destination" "d0" {
  name = "bench-0"
  config = {
    tags = ["a"]
  }
}

resource "stack_secrets_sync_association" "d0_s0" {
  destination_name = stack_secrets_sync_cloudone_sm_destination.d0.name
}
`
	want := `
resource "terraform_data" "d0" {
  input = {
    name = "bench-0"
    config = {
      tags = ["a"]
    }
  }
}

resource "terraform_data" "d0_s0" {
  input = {
    destination_name = terraform_data.d0.input.name
  }
}
`
	if got := acctest.TerraformDataTwin(config); got != want {
		t.Fatalf("TerraformDataTwin:\n%s\nwant:\n%s", got, want)
	}
}

func TestMedian(t *testing.T) {
	for _, tc := range []struct {
		xs   []float64
		want float64
	}{
		{nil, 0},
		{[]float64{1.2}, 1.2},
		{[]float64{1.3, 0.9, 1.1}, 1.1},
		{[]float64{1.0, 1.4, 1.2, 0.8}, 1.1},
		// One subject's rare fast run, the case a fastest-of-rounds gets wrong.
		{[]float64{1.05, 1.25, 1.04, 1.06, 1.07}, 1.06},
	} {
		if got := acctest.Median(tc.xs); math.Abs(got-tc.want) > 1e-9 {
			t.Errorf("Median(%v) = %v, want %v", tc.xs, got, tc.want)
		}
	}
	if got := acctest.Median([]time.Duration{3 * time.Second, time.Second, 2 * time.Second}); got != 2*time.Second {
		t.Errorf("Median of durations = %s, want 2s", got)
	}
}

func TestRatios(t *testing.T) {
	got := acctest.Ratios([]time.Duration{2 * time.Second, 3 * time.Second, time.Second}, []time.Duration{time.Second, 2 * time.Second})
	want := []float64{2, 1.5}
	if !slices.Equal(got, want) {
		t.Errorf("Ratios = %v, want %v (pairs of the same round; the longer list's extra rounds left out)", got, want)
	}
}
