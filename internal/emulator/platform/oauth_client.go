package platform

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/route"
)

// # OAuth clients
//
//   - POST /organizations/:org/oauth-clients takes service-provider
//     (required: github, github_enterprise, gitlab_hosted,
//     gitlab_community_edition, gitlab_enterprise_edition, ado_server,
//     ado_services, bitbucket_hosted, bitbucket_data_center,
//     bitbucket_server, bitbucket_server_legacy), http-url and api-url
//     (required, http or https), name (null unless given), key, secret,
//     rsa-public-key, private-key (an ado_server client's only),
//     oauth-token-string, organization-scoped (true unless given) and the
//     relationships agent-pool (a pool of the organization: otherwise 422
//     "the provided agent pool does not exist or you are not authorized to
//     use it") and projects (the organization's: a project of another
//     organization, or none, is passed over, as the incumbent client's
//     tests expect of a create; POST .../relationships/projects refuses
//     it, 422). A Bitbucket Data Center client's key, when given,
//     must not be blank (the API's words). Answers, of type oauth-clients
//     (ID "oc-..."), carry name, service-provider and its
//     service-provider-display-name, http-url, api-url, key,
//     rsa-public-key, secret (null), callback-url (on the address the
//     create came to), connect-path, created-at and organization-scoped;
//     the relationships organization, oauth-tokens, agent-pool and
//     projects. oauth-token-string, secret and private-key are kept and
//     never answered: the emulator calls no code host.
//   - PATCH /oauth-clients/:id takes name, key, secret, rsa-public-key,
//     organization-scoped, oauth-token-string, agent-pool and projects;
//     service-provider, http-url, api-url and private-key are 422 there.
//     POST and DELETE /oauth-clients/:id/relationships/projects add and
//     remove projects (a list of at least one; 204). GET
//     /organizations/:org/oauth-clients lists oldest first, paged;
//     include= knows oauth_tokens and projects, on reads too. Whoever sees
//     the organization reads its clients; the owners and teams with
//     manage-vcs-settings create, change and delete them.
//   - A client's delete takes its token (see oauth_token.go); the
//     organization's takes its clients; a deleted project or agent pool leaves them. The workspaces
//     that name a deleted token keep its ID.

// prefixOAuthClient begins the IDs of this file's objects.
const prefixOAuthClient = "oc"

// serviceProviders are the code hosts an OAuth client connects to, by API
// name, with the names the API displays.
var serviceProviders = map[string]string{
	"github":                    "GitHub",
	"github_enterprise":         "GitHub Enterprise",
	"gitlab_hosted":             "GitLab.com",
	"gitlab_community_edition":  "GitLab Community Edition",
	"gitlab_enterprise_edition": "GitLab Enterprise Edition",
	"ado_server":                "Azure DevOps Server",
	"ado_services":              "Azure DevOps Services",
	"bitbucket_hosted":          "Bitbucket Cloud",
	"bitbucket_data_center":     "Bitbucket Data Center",
	"bitbucket_server":          "Bitbucket Server",
	"bitbucket_server_legacy":   "Bitbucket Server",
}

// oauthClient is an organization's connection to a code host, whose OAuth
// token (oauth_token.go) workspaces name in their vcs-repo. The emulator
// never calls the code host: the secrets it is given (oauth-token-string,
// secret, private-key) are kept and never answered.
type oauthClient struct {
	ID              string  `json:"id"`
	Org             string  `json:"organization"` // the organization's external ID
	ServiceProvider string  `json:"service-provider"`
	Name            *string `json:"name,omitempty"` // nil: the API answers null
	HTTPURL         string  `json:"http-url"`
	APIURL          string  `json:"api-url"`
	Key             string  `json:"key,omitempty"`
	Secret          string  `json:"secret,omitempty"`
	PrivateKey      string  `json:"private-key,omitempty"`
	RSAPublicKey    string  `json:"rsa-public-key,omitempty"`
	// CallbackURL is where the code host would send its users back, on
	// the address the create came to.
	CallbackURL        string    `json:"callback-url"`
	OrganizationScoped bool      `json:"organization-scoped"`
	Projects           []string  `json:"projects,omitempty"`
	AgentPool          string    `json:"agent-pool,omitempty"`
	CreatedAt          time.Time `json:"created-at"`
}

func (s *Server) registerOAuthClients(mux route.Mux) {
	s.handle(mux, "GET "+apiPrefix+"/organizations/{org}/oauth-clients", s.listOAuthClients)
	s.handle(mux, "POST "+apiPrefix+"/organizations/{org}/oauth-clients", s.createOAuthClient)
	byID := apiPrefix + "/oauth-clients/{id}"
	s.handle(mux, "GET "+byID, s.readOAuthClient)
	s.handle(mux, "PATCH "+byID, s.updateOAuthClient)
	s.handle(mux, "DELETE "+byID, s.deleteOAuthClient)
	relate(s, mux, byID+"/relationships/projects", relation[oauthClient]{
		find: s.managedOAuthClientLocked,
		member: func(oc *oauthClient, id string, _ bool) (string, string) {
			return id, s.foreignProjectLocked(oc, id)
		},
		members: keptIn(func(oc *oauthClient) *[]string { return &oc.Projects }),
		empty:   "at least one project is required",
		refusal: atData,
	})
}

// managesVCSLocked reports whether p may create, change and delete o's
// OAuth clients: the owners and a team with manage-vcs-settings.
func (s *Server) managesVCSLocked(p principal, o *organization) bool {
	if p.owns(o) {
		return true
	}
	own := s.teamOfLocked(p)
	return own != nil && own.Org == o.ExternalID && own.Access["manage-vcs-settings"]
}

// visibleOAuthClientLocked returns the client id when p sees its
// organization.
func (s *Server) visibleOAuthClientLocked(p principal, id string) (*oauthClient, reply, bool) {
	return oauthClients.find(s, p, id, nil)
}

// managedOAuthClientLocked is visibleOAuthClientLocked for changes, which
// who does not manage the organization's VCS settings is answered 404.
func (s *Server) managedOAuthClientLocked(p principal, id string) (*oauthClient, reply, bool) {
	return oauthClients.find(s, p, id, func(oc *oauthClient) bool {
		return s.managesVCSLocked(p, organizations.in(s)[oc.Org])
	})
}

func (s *Server) oauthClientIncludes(p principal) includes {
	return includes{
		"oauth-tokens": func(res resource) []resource {
			return renderEach(s.oauthTokensOfLocked(res.ID), s.oauthTokenResource)
		},
		"projects": func(res resource) []resource {
			var out []resource
			for _, id := range oauthClients.in(s)[res.ID].Projects {
				if prj := projects.in(s)[id]; prj != nil {
					out = append(out, s.projectResource(prj, p, nil))
				}
			}
			return out
		},
	}
}

// oauthClientResource renders oc: never its secrets (secret is null,
// private-key and oauth-token-string are not answered).
func (s *Server) oauthClientResource(oc *oauthClient) resource {
	var tokenIDs []string
	for _, tok := range s.oauthTokensOfLocked(oc.ID) {
		tokenIDs = append(tokenIDs, tok.ID)
	}
	var name any
	if oc.Name != nil {
		name = *oc.Name
	}
	self := apiPrefix + "/oauth-clients/" + oc.ID
	return resource{
		Type: "oauth-clients", ID: oc.ID,
		Attributes: map[string]any{
			"name":                          name,
			"service-provider":              oc.ServiceProvider,
			"service-provider-display-name": serviceProviders[oc.ServiceProvider],
			"http-url":                      oc.HTTPURL,
			"api-url":                       oc.APIURL,
			"key":                           stringOrNull(oc.Key),
			"rsa-public-key":                stringOrNull(oc.RSAPublicKey),
			"secret":                        nil,
			"callback-url":                  oc.CallbackURL,
			"connect-path":                  "/auth/" + oc.ID + "?organization_id=" + oc.Org,
			"created-at":                    formatTime(oc.CreatedAt),
			"organization-scoped":           oc.OrganizationScoped,
		},
		Relationships: map[string]any{
			"organization": toOne("organizations", organizations.in(s)[oc.Org].Name),
			"oauth-tokens": withRelated(toMany(refsOf("oauth-tokens", tokenIDs)), self+"/oauth-tokens"),
			"agent-pool":   toOne("agent-pools", oc.AgentPool),
			"projects":     toMany(refsOf("projects", oc.Projects)),
		},
		Links: map[string]string{"self": self},
	}
}

// listOAuthClients lists the organization's clients, oldest first, paged.
func (s *Server) listOAuthClients(w http.ResponseWriter, r *http.Request, p principal) {
	listing[*oauthClient]{
		includes: func() includes { return s.oauthClientIncludes(p) },
		render:   plain(s.oauthClientResource),
	}.serveInOrg(s, w, r, p, func(o *organization, _ *listQuery) ([]*oauthClient, reply) {
		list := oauthClients.where(s, func(oc *oauthClient) bool { return oc.Org == o.ExternalID })
		return oauthClients.order(list, false, byTime(func(oc *oauthClient) time.Time { return oc.CreatedAt })), reply{}
	})
}

func (s *Server) readOAuthClient(w http.ResponseWriter, r *http.Request, p principal) {
	readOnPath(s, w, r, p, func() includes { return s.oauthClientIncludes(p) }, s.visibleOAuthClientLocked,
		func(oc *oauthClient, _ []string) resource { return s.oauthClientResource(oc) })
}

// createOAuthClient takes service-provider, http-url and api-url
// (required), and the rest as applyOAuthClient reads it. An
// oauth-token-string makes the client's OAuth token at once.
func (s *Server) createOAuthClient(w http.ResponseWriter, r *http.Request, p principal) {
	s.writeInOrg(w, r, p, func(o *organization, in *input) reply {
		if !s.managesVCSLocked(p, o) {
			return notFound("organization " + quote(o.Name))
		}
		f, probs := in.attrs, in.probs
		oc := &oauthClient{Org: o.ExternalID, OrganizationScoped: true}
		sp, _ := f.str("service-provider")
		switch {
		case sp == "":
			probs.add(f.at("service-provider"), "service-provider is required: %s", strings.Join(sortedProviders(), ", "))
		case serviceProviders[sp] == "":
			probs.add(f.at("service-provider"), "invalid service-provider %q: must be one of %s", sp, strings.Join(sortedProviders(), ", "))
		default:
			oc.ServiceProvider = sp
		}
		for _, attr := range []struct {
			name  string
			field *string
		}{{"http-url", &oc.HTTPURL}, {"api-url", &oc.APIURL}} {
			v, _ := f.str(attr.name)
			if u, err := url.Parse(v); v == "" || err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
				probs.add(f.at(attr.name), "%s is required: an http or https URL, not %q", attr.name, v)
			}
			*attr.field = v
		}
		if name, given := f.str("name"); given && name != "" {
			oc.Name = &name
		}
		if v, given := f.str("private-key"); given && v != "" {
			if oc.ServiceProvider != "ado_server" {
				probs.add(f.at("private-key"), "private-key is only taken by an ado_server client")
			}
			oc.PrivateKey = v
		}
		token := s.applyOAuthClient(oc, f, in.rels)
		if len(*probs) > 0 {
			return probs.reply()
		}
		oc.ID, oc.CreatedAt = newID(prefixOAuthClient), s.now().UTC()
		scheme := "http"
		if r.TLS != nil {
			scheme = "https"
		}
		oc.CallbackURL = scheme + "://" + r.Host + "/auth/" + oc.ID + "/callback"
		oauthClients.in(s)[oc.ID] = oc
		if token != "" {
			s.setOAuthTokenLocked(oc, token)
		}
		return created(document{Data: s.oauthClientResource(oc)})
	})
}

func sortedProviders() []string {
	out := make([]string, 0, len(serviceProviders))
	for name := range serviceProviders {
		out = append(out, name)
	}
	slices.Sort(out)
	return out
}

// applyOAuthClient sets what a create and an update take: key, secret,
// rsa-public-key, organization-scoped, the relationships agent-pool (a
// pool of the organization, or null) and projects (the organization's,
// others left out; replacing the list). It returns the oauth-token-string given, "" for
// none. A Bitbucket Data Center client's key, when given, must not be
// blank.
func (s *Server) applyOAuthClient(oc *oauthClient, f fields, rl relationships) string {
	if v, given := f.str("key"); given {
		if oc.ServiceProvider == "bitbucket_data_center" && strings.TrimSpace(v) == "" {
			f.probs.add(f.at("key"), "The Consumer Key for Bitbucket Data Center must be present. Please add a value for `key`.")
		}
		oc.Key = v
	}
	if v, given := f.str("secret"); given {
		oc.Secret = v
	}
	if v, given := f.str("rsa-public-key"); given {
		oc.RSAPublicKey = v
	}
	if v, given := f.boolean("organization-scoped"); given {
		oc.OrganizationScoped = v
	}
	if id, given := rl.one("agent-pool"); given {
		if pool := agentPools.in(s)[id]; id != "" && (pool == nil || pool.Org != oc.Org) {
			f.probs.add(rl.at("agent-pool"), "agent pool %q: the provided agent pool does not exist or you are not authorized to use it", id)
		}
		oc.AgentPool = id
	}
	if objs, given := rl.many("projects"); given {
		// A project of another organization (or none) is left out, not
		// refused: the client library's tests create a client with a
		// project of another organization and expect the create to work.
		oc.Projects = nil
		for _, obj := range objs {
			if s.foreignProjectLocked(oc, obj.ID) == "" && !slices.Contains(oc.Projects, obj.ID) {
				oc.Projects = append(oc.Projects, obj.ID)
			}
		}
	}
	token, _ := f.str("oauth-token-string")
	return token
}

// foreignProjectLocked says why project id cannot be one of oc's, "" when
// it can: it must be a project of oc's organization.
func (s *Server) foreignProjectLocked(oc *oauthClient, id string) string {
	if prj := projects.in(s)[id]; prj == nil || prj.Org != oc.Org {
		return fmt.Sprintf("project %q: not a project of this organization", id)
	}
	return ""
}

// updateOAuthClient takes what applyOAuthClient reads, and name; the
// code host and its URLs are set on create only (422), and so is a
// private key. An oauth-token-string replaces the OAuth token's secret,
// or makes the token the client lacked.
func (s *Server) updateOAuthClient(w http.ResponseWriter, r *http.Request, p principal) {
	writeOnPath(s, w, r, p, s.managedOAuthClientLocked, func(cur *oauthClient, in *input) reply {
		oc := *cur
		oc.Projects = slices.Clone(cur.Projects)
		f, probs := in.attrs, in.probs
		for _, name := range []string{"service-provider", "http-url", "api-url", "private-key"} {
			if f.has(name) {
				probs.add(f.at(name), "%s cannot be changed: it is set when the client is created", name)
			}
		}
		if name, given := f.str("name"); given {
			oc.Name = nil
			if name != "" {
				oc.Name = &name
			}
		}
		token := s.applyOAuthClient(&oc, f, in.rels)
		if len(*probs) > 0 {
			return probs.reply()
		}
		*cur = oc
		if token != "" {
			s.setOAuthTokenLocked(cur, token)
		}
		return ok(document{Data: s.oauthClientResource(cur)})
	})
}

func (s *Server) deleteOAuthClient(w http.ResponseWriter, r *http.Request, p principal) {
	removeOnPath(s, w, r, p, oauthClients, s.managedOAuthClientLocked)
}

// checkOAuthClient refuses a client of the state file that no request
// could have stored.
func (st *store) checkOAuthClient(oc *oauthClient) error {
	if oc == nil || !isID(prefixOAuthClient, oc.ID) {
		return errors.New("no valid ID")
	}
	if organizations.in(st)[oc.Org] == nil {
		return fmt.Errorf("organization %q is not in the file", oc.Org)
	}
	if serviceProviders[oc.ServiceProvider] == "" {
		return fmt.Errorf("service-provider %q is none the API knows", oc.ServiceProvider)
	}
	for _, id := range oc.Projects {
		if prj := projects.in(st)[id]; prj == nil || prj.Org != oc.Org {
			return fmt.Errorf("project %q is not a project of its organization", id)
		}
	}
	if pool := agentPools.in(st)[oc.AgentPool]; oc.AgentPool != "" && (pool == nil || pool.Org != oc.Org) {
		return fmt.Errorf("agent pool %q is not an agent pool of its organization", oc.AgentPool)
	}
	return nil
}

var oauthClients = &table[oauthClient]{key: "oauth-clients", noun: "OAuth client", id: func(oc *oauthClient) string { return oc.ID }}

func init() {
	oauthClients.needs = []anyTable{organizations, projects, agentPools}
	oauthClients.check = (*store).checkOAuthClient
	// An organization's delete takes its clients; a deleted project leaves
	// their projects, a deleted agent pool their agent-pool.
	oauthClients.belongsTo(organizations, func(oc *oauthClient) string { return oc.Org })
	oauthClients.refersTo(projects, func(oc *oauthClient) *[]string { return &oc.Projects })
	oauthClients.forgets(agentPools, func(oc *oauthClient) *string { return &oc.AgentPool })
	oauthClients.org = func(st *store, oc *oauthClient) *organization { return organizations.in(st)[oc.Org] }
	register(oauthClients)
	addRoutes((*Server).registerOAuthClients)
}
