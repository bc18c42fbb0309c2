package platform

import (
	"encoding/json"
	"net/http"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/route"
)

// Values of the edition and version headers.
const (
	// APIVersion is TFP-API-Version, on every answer.
	APIVersion = "2.6"
	// HostedAppName is TFP-AppName of the hosted edition, exactly the name
	// clients compare it with to decide that a server is the hosted one;
	// anything else is the self-hosted edition to them.
	HostedAppName = "HCP Terraform"
	// SelfHostedAppName is TFP-AppName of the self-hosted edition.
	SelfHostedAppName = "Terraform Enterprise"
	// SelfHostedVersion is X-TFE-Version of the self-hosted edition: its
	// release, which clients compare with the release a feature came in.
	SelfHostedVersion = "v202508-1"
	// SelfHostedNumericVersion is X-TFE-Current-Version of the
	// self-hosted edition.
	SelfHostedNumericVersion = "1.0.3"
)

// DiscoveryPath is the service discovery document's path, outside the
// API's base path.
const DiscoveryPath = "/.well-known/terraform.json"

// setHeaders sets the headers of every answer of the API: the API version,
// the edition's name (and on the self-hosted edition its release), and the
// rate limit while it is on.
func (s *Server) setHeaders(w http.ResponseWriter) {
	h := w.Header()
	h.Set("TFP-API-Version", APIVersion)
	if s.opts.Edition == EditionSelfHosted {
		h.Set("TFP-AppName", SelfHostedAppName)
		h.Set("X-TFE-Version", SelfHostedVersion)
		h.Set("X-TFE-Current-Version", SelfHostedNumericVersion)
	} else {
		h.Set("TFP-AppName", HostedAppName)
	}
	s.setLimitHeader(w)
}

func (s *Server) registerPing(mux route.Mux) {
	// Clients call it first to read the headers, with their token or
	// without one.
	s.handlePublic(mux, "GET "+apiPrefix+"/ping", func(w http.ResponseWriter, _ *http.Request, _ principal) {
		w.WriteHeader(http.StatusNoContent)
	})
	mux.HandleFunc("GET "+DiscoveryPath, s.discovery)
}

// discovery serves the service discovery document: each service of the
// API to the absolute URL of its base, built from the request's own scheme
// and host, so that it is right on whatever address (and with -tls, over
// HTTPS) the emulator serves.
func (s *Server) discovery(w http.ResponseWriter, r *http.Request) {
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	base := scheme + "://" + r.Host + apiPrefix + "/"
	data, _ := json.Marshal(map[string]string{
		"tfe.v2":   base,
		"tfe.v2.1": base,
		"tfe.v2.2": base,
		"state.v2": base,
	})
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(data)
}

func init() { addRoutes((*Server).registerPing) }
