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

func TestMedianInterval(t *testing.T) {
	seq := func(n int) []float64 {
		xs := make([]float64, n)
		for i := range xs {
			xs[i] = float64(n - i) // in reverse, so that the function must sort
		}
		return xs
	}
	for _, tc := range []struct {
		n             int
		lo, hi, level float64
	}{
		// 7 samples cannot give 90% short of their extremes: 1-2/2^7.
		{7, 1, 7, 1 - 2.0/128},
		// 21 samples: fewer than 7 fall below the median with
		// probability 0.0392 (at most 0.05), fewer than 8 with 0.0946.
		{21, 7, 15, 0.9216},
		{1, 1, 1, 0},
	} {
		lo, hi, level := acctest.MedianInterval(seq(tc.n), 0.9)
		if lo != tc.lo || hi != tc.hi || math.Abs(level-tc.level) > 1e-4 {
			t.Errorf("MedianInterval of 1..%d = %v to %v at %.4f, want %v to %v at %.4f", tc.n, lo, hi, level, tc.lo, tc.hi, tc.level)
		}
	}
	if lo, hi, level := acctest.MedianInterval(nil, 0.9); lo != 0 || hi != 0 || level != 0 {
		t.Errorf("MedianInterval of nothing = %v to %v at %v, want zeros", lo, hi, level)
	}
}
