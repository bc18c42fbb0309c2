package scheduler

import (
	"net/http"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/route"
)

// statusLeaderPath answers the address of the cluster's leader, as every
// server of the scheduler does, without a token: clients call it to check
// that an address is the scheduler's.
const statusLeaderPath = "/v1/status/leader"

// leaderAddress is the leader's RPC address, which the emulator has none
// of: its own, as a single server's.
const leaderAddress = "127.0.0.1:4647"

// RootPaths are the paths outside PathPrefix that the API serves.
func (s *Server) RootPaths() []string { return []string{statusLeaderPath} }

func (s *Server) registerStatus(mux route.Mux) {
	mux.HandleFunc("GET "+statusLeaderPath, func(w http.ResponseWriter, _ *http.Request) {
		jsonReply(leaderAddress).Send(w)
	})
}
