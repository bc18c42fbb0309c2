package secrets

import (
	"context"
	"encoding/json"
	"net/http"

	"github.com/stackworks/terraform-provider-stack/internal/client"
)

// SyncConfig is the global sync configuration. The service allows it only
// in the root and administrative namespaces.
type SyncConfig struct {
	// Disabled queues sync operations (as PENDING) instead of running them.
	Disabled bool `json:"disabled"`
	// QueueCapacity bounds the pending operations; the service's default
	// is 1,000,000.
	QueueCapacity int `json:"queue_capacity"`
}

// UnmarshalJSON accepts disabled and queue_capacity in the spellings
// anyBool and anyInt take.
func (s *SyncConfig) UnmarshalJSON(b []byte) error {
	var raw struct {
		Disabled      anyBool `json:"disabled"`
		QueueCapacity anyInt  `json:"queue_capacity"`
	}
	if err := json.Unmarshal(b, &raw); err != nil {
		return err
	}
	*s = SyncConfig{Disabled: bool(raw.Disabled), QueueCapacity: int(raw.QueueCapacity)}
	return nil
}

// SyncConfigPatch is a change to the sync configuration: nil fields are
// not sent and keep their values.
type SyncConfigPatch struct {
	Disabled      *bool `json:"disabled,omitempty"`
	QueueCapacity *int  `json:"queue_capacity,omitempty"`
}

// ReadSyncConfig reads the sync configuration.
func (c *Client) ReadSyncConfig(ctx context.Context) (*SyncConfig, *Meta, error) {
	return read[SyncConfig](ctx, c, &client.Request{Method: http.MethodGet, Path: configPath})
}

// PatchSyncConfig changes the fields that p sets and returns the whole
// configuration. It is labeled a JSON merge patch (RFC 7396), which is
// what it is, and which servers of this kind require of a PATCH. Applying
// the same patch twice is the same as applying it once, so it is retried.
func (c *Client) PatchSyncConfig(ctx context.Context, p SyncConfigPatch) (*SyncConfig, *Meta, error) {
	req := &client.Request{
		Method:     http.MethodPatch,
		Path:       configPath,
		Body:       p,
		Idempotent: true,
		Header:     http.Header{"Content-Type": {"application/merge-patch+json"}},
	}
	return write(ctx, c, req, c.ReadSyncConfig)
}
