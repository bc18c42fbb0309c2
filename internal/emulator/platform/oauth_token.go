package platform

import (
	"encoding/pem"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/route"
)

// # OAuth tokens
//
//   - An oauth-token-string makes the client's OAuth token (type
//     oauth-tokens, ID "ot-...": uid and service-provider-user null, as
//     the emulator asks no code host whose the token is, created-at,
//     has-ssh-key and the relationship oauth-client), or gives the one it
//     has a new secret; a client created without one has none (the API
//     makes it when a user completes the code host's OAuth flow, which the
//     emulator does not serve). GET /oauth-clients/:id/oauth-tokens, GET
//     /organizations/:org/oauth-tokens (every client's, oldest first) and
//     GET /oauth-tokens/:id read them; PATCH /oauth-tokens/:id takes
//     ssh-key, a private key in PEM form (422 "Ssh key is invalid"
//     otherwise; null or "" removes it), answered as has-ssh-key only;
//     DELETE /oauth-tokens/:id deletes one, its client staying; it has
//     the API's own limit of 10 a minute for each principal, as verify
//     has (see notification_configuration.go). A workspace's
//     vcs-repo.oauth-token-id must name an OAuth token of the workspace's organization (422 at
//     /data/attributes/vcs-repo/oauth-token-id otherwise).

// prefixOAuthToken begins the IDs of this file's objects.
const prefixOAuthToken = "ot"

// oauthToken is the token through which an OAuth client reaches its code
// host: what a workspace's vcs-repo.oauth-token-id names. A client has
// one once it is given an oauth-token-string (the API also makes one when
// a user completes the code host's OAuth flow, which the emulator does not
// serve). The token string is kept and never answered.
type oauthToken struct {
	ID        string    `json:"id"`
	Client    string    `json:"oauth-client"`
	Org       string    `json:"organization"` // the organization's external ID
	Token     string    `json:"token"`
	CreatedAt time.Time `json:"created-at"`
	// SSHKey is the private SSH key the token clones submodules with,
	// "" for none: taken, never answered.
	SSHKey string `json:"ssh-key,omitempty"`
}

func (s *Server) registerOAuthTokens(mux route.Mux) {
	s.handle(mux, "GET "+apiPrefix+"/oauth-clients/{id}/oauth-tokens", s.listOAuthTokens)
	s.handle(mux, "GET "+apiPrefix+"/organizations/{org}/oauth-tokens", s.listOrganizationOAuthTokens)
	s.handle(mux, "GET "+apiPrefix+"/oauth-tokens/{id}", s.readOAuthToken)
	s.handle(mux, "PATCH "+apiPrefix+"/oauth-tokens/{id}", s.updateOAuthToken)
	s.handle(mux, "DELETE "+apiPrefix+"/oauth-tokens/{id}", s.deleteOAuthToken)
}

func (s *Server) visibleOAuthTokenLocked(p principal, id string) (*oauthToken, reply, bool) {
	return oauthTokens.find(s, p, id, nil)
}

// managedOAuthTokenLocked is visibleOAuthTokenLocked for changes, which
// who does not manage the organization's VCS settings is answered 404.
func (s *Server) managedOAuthTokenLocked(p principal, id string) (*oauthToken, reply, bool) {
	return oauthTokens.find(s, p, id, func(tok *oauthToken) bool {
		return s.managesVCSLocked(p, organizations.in(s)[tok.Org])
	})
}

// oauthTokensOfLocked returns the tokens of the client id, oldest first.
func (s *Server) oauthTokensOfLocked(client string) []*oauthToken {
	return oldestFirst(oauthTokens.where(s, func(tok *oauthToken) bool { return tok.Client == client }))
}

// oldestFirst orders tokens by creation.
func oldestFirst(list []*oauthToken) []*oauthToken {
	return oauthTokens.order(list, false, byTime(func(tok *oauthToken) time.Time { return tok.CreatedAt }))
}

// setOAuthTokenLocked gives oc's token the secret token, making the token
// when oc has none.
func (s *Server) setOAuthTokenLocked(oc *oauthClient, token string) {
	if existing := s.oauthTokensOfLocked(oc.ID); len(existing) > 0 {
		existing[0].Token = token
		return
	}
	tok := &oauthToken{ID: newID(prefixOAuthToken), Client: oc.ID, Org: oc.Org, Token: token, CreatedAt: s.now().UTC()}
	oauthTokens.in(s)[tok.ID] = tok
}

// isOAuthTokenOfLocked reports whether id is an OAuth token of the
// organization org (its external ID): what a workspace's vcs-repo may
// name.
func (s *Server) isOAuthTokenOfLocked(org, id string) bool {
	tok := oauthTokens.in(s)[id]
	return tok != nil && tok.Org == org
}

// codeHost is the code host an OAuth token reaches: its client's service
// provider and address; empty when unknown.
type codeHost struct{ provider, httpURL string }

// oauthTokenHostLocked returns the code host of the OAuth token that v
// names, the zero codeHost for none.
func (s *Server) oauthTokenHostLocked(v *vcsRepo) codeHost {
	if v == nil || v.OAuthTokenID == "" {
		return codeHost{}
	}
	tok := oauthTokens.in(s)[v.OAuthTokenID]
	if tok == nil {
		return codeHost{}
	}
	oc := oauthClients.in(s)[tok.Client]
	return codeHost{provider: oc.ServiceProvider, httpURL: oc.HTTPURL}
}

// oauthTokenResource renders tok: never its token string.
func (s *Server) oauthTokenResource(tok *oauthToken) resource {
	return resource{
		Type: "oauth-tokens", ID: tok.ID,
		Attributes: map[string]any{
			// The code host's user behind a token string is unknown: the
			// emulator calls no code host.
			"uid":                   nil,
			"created-at":            formatTime(tok.CreatedAt),
			"has-ssh-key":           tok.SSHKey != "",
			"service-provider-user": nil,
		},
		Relationships: map[string]any{
			"oauth-client": withRelated(toOne("oauth-clients", tok.Client), apiPrefix+"/oauth-clients/"+tok.Client),
		},
		Links: map[string]string{"self": apiPrefix + "/oauth-tokens/" + tok.ID},
	}
}

func (s *Server) listOAuthTokens(w http.ResponseWriter, r *http.Request, p principal) {
	listOnPath(listing[*oauthToken]{includes: noIncludes, render: plain(s.oauthTokenResource)}, s, w, r, p, s.visibleOAuthClientLocked, func(oc *oauthClient, _ *listQuery) ([]*oauthToken, reply) {
		return s.oauthTokensOfLocked(oc.ID), reply{}
	})
}

// listOrganizationOAuthTokens lists the tokens of every client of the
// organization, oldest first, paged.
func (s *Server) listOrganizationOAuthTokens(w http.ResponseWriter, r *http.Request, p principal) {
	listing[*oauthToken]{includes: noIncludes, render: plain(s.oauthTokenResource)}.serveInOrg(s, w, r, p, func(o *organization, _ *listQuery) ([]*oauthToken, reply) {
		return oldestFirst(oauthTokens.where(s, func(tok *oauthToken) bool { return tok.Org == o.ExternalID })), reply{}
	})
}

func (s *Server) readOAuthToken(w http.ResponseWriter, r *http.Request, p principal) {
	onPath(s, w, r, p, s.visibleOAuthTokenLocked, func(tok *oauthToken) reply { return ok(document{Data: s.oauthTokenResource(tok)}) })
}

// updateOAuthToken takes ssh-key, a PEM private key ("" or null for
// none), answered as has-ssh-key only.
func (s *Server) updateOAuthToken(w http.ResponseWriter, r *http.Request, p principal) {
	writeOnPath(s, w, r, p, s.managedOAuthTokenLocked, func(tok *oauthToken, in *input) reply {
		f, probs := in.attrs, in.probs
		key, given := f.str("ssh-key")
		if given && key != "" {
			if block, _ := pem.Decode([]byte(strings.TrimSpace(key))); block == nil || !strings.Contains(block.Type, "PRIVATE KEY") {
				probs.add(f.at("ssh-key"), "Ssh key is invalid: it must be a private key in PEM form")
			}
		}
		if len(*probs) > 0 {
			return probs.reply()
		}
		if given {
			tok.SSHKey = key
		}
		return ok(document{Data: s.oauthTokenResource(tok)})
	})
}

// deleteOAuthToken deletes a token; its client stays, without it. The
// workspaces that name it keep the ID.
func (s *Server) deleteOAuthToken(w http.ResponseWriter, r *http.Request, p principal) {
	if !s.admitAction(w, deleteLimit.on(s), p) {
		return
	}
	removeOnPath(s, w, r, p, oauthTokens, s.managedOAuthTokenLocked)
}

// checkOAuthToken refuses a token of the state file that no request could
// have stored.
func (st *store) checkOAuthToken(tok *oauthToken) error {
	if tok == nil || !isID(prefixOAuthToken, tok.ID) {
		return errors.New("no valid ID")
	}
	if oc := oauthClients.in(st)[tok.Client]; oc == nil || oc.Org != tok.Org {
		return fmt.Errorf("OAuth client %q is not in the file", tok.Client)
	}
	return nil
}

// deleteLimit is the delete's own limit: 10 a minute for each principal.
var deleteLimit = actionLimitState(10, time.Minute)

var oauthTokens = &table[oauthToken]{key: "oauth-tokens", noun: "OAuth token", id: func(tok *oauthToken) string { return tok.ID }}

func init() {
	oauthTokens.needs = []anyTable{oauthClients}
	oauthTokens.check = (*store).checkOAuthToken
	// A client's delete takes its tokens.
	oauthTokens.belongsTo(oauthClients, func(tok *oauthToken) string { return tok.Client })
	oauthTokens.org = func(st *store, tok *oauthToken) *organization { return organizations.in(st)[tok.Org] }
	register(oauthTokens)
	registerSide(deleteLimit)
	addRoutes((*Server).registerOAuthTokens)
}
