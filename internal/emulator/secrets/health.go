package secrets

import (
	"net/http"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/route"
)

// healthPath is the service's health, which it answers without a token,
// in any namespace: clients call it to check that an address is the
// service's.
const healthPath = "/v1/sys/health"

// health is the answer of an initialized, unsealed, active server.
type health struct {
	Initialized                bool   `json:"initialized"`
	Sealed                     bool   `json:"sealed"`
	Standby                    bool   `json:"standby"`
	PerformanceStandby         bool   `json:"performance_standby"`
	ReplicationPerformanceMode string `json:"replication_performance_mode"`
	ReplicationDRMode          string `json:"replication_dr_mode"`
	ServerTimeUTC              int64  `json:"server_time_utc"`
	Version                    string `json:"version"`
	Enterprise                 bool   `json:"enterprise"`
	ClusterName                string `json:"cluster_name"`
	ClusterID                  string `json:"cluster_id"`
}

// RootPaths are the paths outside PathPrefix that the API serves.
func (s *Server) RootPaths() []string { return []string{healthPath} }

func (s *Server) registerHealth(mux route.Mux) {
	mux.HandleFunc("GET "+healthPath, func(w http.ResponseWriter, _ *http.Request) {
		jsonReply(http.StatusOK, health{
			Initialized: true, ReplicationPerformanceMode: "disabled", ReplicationDRMode: "disabled",
			ServerTimeUTC: time.Now().Unix(), Version: "1.20.0+ent", Enterprise: true,
			ClusterName: "stack-emulator", ClusterID: "00000000-0000-4000-8000-000000000000",
		}).Send(w)
	})
}
