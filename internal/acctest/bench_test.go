package acctest_test

import (
	"testing"

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
