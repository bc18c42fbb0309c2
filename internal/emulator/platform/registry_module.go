package platform

import (
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/route"
)

// # Registry modules
//
// The endpoints the API's documents name since 2021-06-08, and the ones
// they replaced, which clients still call (the incumbent client's create
// of a tag-based module, its version create and its deletes), both served:
//
//   - POST /organizations/:org/registry-modules makes a module of no
//     repository: name and provider (required, not blank, without "/"),
//     registry-name (private by default; see registry.go), namespace (a
//     public module's, required; a private module's is the
//     organization's name, which it may name in any case, 422 otherwise)
//     and no-code. An organization has one module of a registry,
//     namespace, name, provider and source directory: another is 409
//     (see "Modules of a monorepo" below).
//   - POST /organizations/:org/registry-modules/vcs, and the deprecated
//     POST /registry-modules, make a module of a repository: vcs-repo
//     takes identifier and display-identifier (both required),
//     oauth-token-id (an OAuth token of the organization, 422 otherwise)
//     or codehost-app-installation-id (also read as the incumbent's
//     github-app-installation-id; taken as given, as a workspace's is),
//     exactly one, organization-name (the path's organization, in any
//     case; the deprecated path takes the OAuth token's organization
//     without it), branch (branch-based publishing; none is tag-based),
//     tags (true only without a branch: 422 "branch must be empty when
//     tags are enabled"), source-directory and tag-prefix. name and
//     provider, when not given, are the repository's: the identifier's
//     name must then be terraform-<PROVIDER>-<NAME> (422 "Name is
//     invalid" otherwise). initial-version (default 0.0.0, a semantic
//     version) is the version a branch-based module publishes at once;
//     a tag-based one publishes from tags, which the emulator never reads.
//     test-config {tests-enabled, agent-execution-mode agent|remote,
//     agent-pool-id}: tests need a branch (422); a pool needs the agent
//     mode and must be the organization's (422). no-code as above.
//   - Answers, of type registry-modules (ID "mod-..."), carry name,
//     provider, namespace, registry-name, no-code, status (pending until a
//     version is ok, then setup_complete), version-statuses (each
//     version, oldest first: version, status, error), publishing-mechanism
//     (branch or git_tag; null without a repository), test-config (always,
//     tests-enabled false by default; agent-pool-id only in the agent
//     mode), vcs-repo (null without a repository; the identifiers, IDs,
//     branch, tags, source-directory, tag-prefix, ingress-submodules true,
//     repository-http-url and service-provider of its code host, and
//     webhook-url, on the address the request came to, /webhooks/vcs/ and
//     a UUID), permissions {can-delete, can-resync, can-retry} and
//     created-at, updated-at; the relationships organization,
//     no-code-modules (one, of type no-code-modules, while no-code) and
//     tag-bindings (a link). Every endpoint answers them alike.
//   - GET /organizations/:org/registry-modules/:registry/:namespace/:name/:provider,
//     GET /registry-modules/:id and the deprecated
//     GET /registry-modules/show/:org/:name/:provider (the private
//     registry) read a module; GET /organizations/:org/registry-modules
//     lists them, oldest first, paged: q keeps those whose name holds it
//     in any case; filter[provider], filter[registry_name] and
//     filter[organization_name] (the path's organization, or none) keep
//     those that match; include=no-code-modules adds them.
//   - PATCH on the module's path takes no-code, test-config, vcs-repo
//     {branch, tags, source-directory, tag-prefix} (a module of a
//     repository only: 422 otherwise; a branch makes it branch-based, and
//     tags true with an empty branch tag-based again) and the
//     relationship tag-bindings, which replaces its bindings (its tag
//     bindings are also served as a project's are, under
//     /registry-modules/:id).
//   - DELETE .../:registry/:namespace/:name deletes every provider's
//     module of that name; .../:provider deletes one, and
//     .../:provider/:version a version of it; the deprecated
//     POST /registry-modules/actions/delete/:org/:name[/:provider[/:version]]
//     does the same in the private registry. A module's delete takes its
//     versions (registry_module_version.go); none found is 404.
//   - GET .../:provider/commits lists the commits of a module's
//     repository: 404 for a module without one; the emulator reads no
//     repository, so it is an empty list for the others.
//   - Modules of a monorepo: a repository of several modules publishes
//     each from its own source-directory, and the API takes a module of
//     the same registry, namespace, name and provider as another when
//     their source directories differ (go-tfe's monorepo test creates one
//     with source-directory "src", then one of the same repository and
//     names without, and the real server takes both); the same source
//     directory (none being one: a module of no repository has none) is
//     the duplicate the API refuses, 409, at a create and at an update
//     that changes source-directory alike. The API's documents name a
//     module by those four names alone, and are silent on which of
//     several the paths by names reach; the emulator's choice: every such
//     path (read, update, the deprecated show, commits, versions, a
//     delete that names the provider) reaches the oldest of them, the
//     first the list answers, so that a module made later never changes
//     what an existing module's path reaches; a delete that names the
//     provider deletes that one alone, and a delete by the name alone
//     every module of the name. The others are read by their ID, and
//     their names' paths reach them once the older ones are gone.
//   - Whoever sees the organization reads its modules; the owners and
//     teams with manage-modules change them. A deleted organization takes
//     its modules.

// prefixRegistryModule begins the IDs of this file's objects.
const prefixRegistryModule = "mod"

// prefixNoCodeModule begins the IDs of a module's no-code module.
const prefixNoCodeModule = "nocode"

// registryModule is a module of an organization's registry.
type registryModule struct {
	ID       string `json:"id"`
	Org      string `json:"organization"`
	Registry string `json:"registry-name"`
	// Namespace is a public module's; a private one's is its
	// organization's name.
	Namespace  string           `json:"namespace,omitempty"`
	Name       string           `json:"name"`
	Provider   string           `json:"provider"`
	NoCode     string           `json:"no-code-module,omitempty"` // its no-code module's ID while no-code
	VCS        *moduleRepo      `json:"vcs-repo,omitempty"`
	TestConfig moduleTestConfig `json:"test-config"`
	CreatedAt  time.Time        `json:"created-at"`
	UpdatedAt  time.Time        `json:"updated-at"`

	TagBindings []*tagBinding `json:"tag-bindings,omitempty"`
}

// moduleRepo is a module's repository, and how it publishes versions.
type moduleRepo struct {
	Identifier                string `json:"identifier"`
	DisplayIdentifier         string `json:"display-identifier"`
	OAuthTokenID              string `json:"oauth-token-id,omitempty"`
	CodehostAppInstallationID string `json:"codehost-app-installation-id,omitempty"`
	// Branch, when set, publishes from the branch; none, from tags.
	Branch          string `json:"branch,omitempty"`
	SourceDirectory string `json:"source-directory,omitempty"`
	TagPrefix       string `json:"tag-prefix,omitempty"`
	// Webhook is the UUID of the webhook the code host would call.
	Webhook string `json:"webhook"`
}

// moduleTestConfig is how a module's tests run.
type moduleTestConfig struct {
	TestsEnabled bool   `json:"tests-enabled"`
	Mode         string `json:"agent-execution-mode,omitempty"`
	AgentPool    string `json:"agent-pool-id,omitempty"`
}

// namespace is the module's namespace as answers give it.
func (m *registryModule) namespace(h holder) string {
	if m.Registry == registryPrivate {
		return organizations.in(h)[m.Org].Name
	}
	return m.Namespace
}

// path is the module's path by names.
func (m *registryModule) path(h holder) string {
	return apiPrefix + "/organizations/" + organizations.in(h)[m.Org].Name + "/registry-modules/" +
		m.Registry + "/" + m.namespace(h) + "/" + m.Name + "/" + m.Provider
}

// Patterns of an organization's modules.
const (
	registryModulesPath = apiPrefix + "/organizations/{org}/registry-modules"
	registryModulePath  = registryModulesPath + "/{registry}/{namespace}/{name}/{provider}"
)

// moduleNameRe is a repository's name that names a module:
// terraform-<PROVIDER>-<NAME>.
var moduleNameRe = regexp.MustCompile(`^terraform-([^-/]+)-([^/]+)$`)

func (s *Server) registerRegistryModules(mux route.Mux) {
	s.handle(mux, "GET "+registryModulesPath, s.listRegistryModules)
	s.handle(mux, "POST "+registryModulesPath, s.createRegistryModule)
	s.handle(mux, "POST "+registryModulesPath+"/vcs", func(w http.ResponseWriter, r *http.Request, p principal) {
		s.createVCSModule(w, r, p, r.PathValue("org"))
	})
	s.handle(mux, "POST "+apiPrefix+"/registry-modules", func(w http.ResponseWriter, r *http.Request, p principal) {
		s.createVCSModule(w, r, p, "")
	})
	s.handle(mux, "GET "+registryModulePath, func(w http.ResponseWriter, r *http.Request, p principal) {
		s.readModuleOn(w, r, p, moduleOnPath)
	})
	s.handle(mux, "GET "+apiPrefix+"/registry-modules/show/{org}/{name}/{provider}", func(w http.ResponseWriter, r *http.Request, p principal) {
		s.readModuleOn(w, r, p, modulePrivateOnPath)
	})
	s.handle(mux, "GET "+apiPrefix+"/registry-modules/{id}", func(w http.ResponseWriter, r *http.Request, p principal) {
		s.locked(w, func() reply {
			inc := s.registryModuleIncludes()
			names, rep, valid := inc.parse(r.URL.Query())
			if !valid {
				return rep
			}
			m, rep, found := registryModules.find(s, p, r.PathValue("id"), nil)
			if !found {
				return rep
			}
			return inc.one(s.registryModuleResource(m, p, addressOf(r)), names)
		})
	})
	s.handle(mux, "PATCH "+registryModulePath, s.updateRegistryModule)
	s.handle(mux, "DELETE "+registryModulePath, func(w http.ResponseWriter, r *http.Request, p principal) {
		s.deleteModules(w, r, p, r.PathValue("org"), r.PathValue("registry"), r.PathValue("namespace"), r.PathValue("name"), r.PathValue("provider"))
	})
	s.handle(mux, "DELETE "+registryModulesPath+"/{registry}/{namespace}/{name}", func(w http.ResponseWriter, r *http.Request, p principal) {
		s.deleteModules(w, r, p, r.PathValue("org"), r.PathValue("registry"), r.PathValue("namespace"), r.PathValue("name"), "")
	})
	// The deprecated deletes: POST .../actions/delete/:org/:name
	// shares its pattern with the deprecated version create,
	// POST /registry-modules/:org/:name/:provider/versions, which the mux
	// cannot tell apart; the handler does.
	s.handle(mux, "POST "+apiPrefix+"/registry-modules/{a}/{b}/{c}/{d}", func(w http.ResponseWriter, r *http.Request, p principal) {
		a, b, c, d := r.PathValue("a"), r.PathValue("b"), r.PathValue("c"), r.PathValue("d")
		switch {
		case a == "actions" && b == "delete":
			s.deleteModules(w, r, p, c, "", "", d, "")
		case d == "versions":
			s.createModuleVersion(w, r, func() (*registryModule, reply, bool) {
				return s.moduleNamedLocked(p, a, registryPrivate, a, b, c, true)
			})
		default:
			errorReply(http.StatusNotFound, "no such endpoint").Send(w)
		}
	})
	s.handle(mux, "POST "+apiPrefix+"/registry-modules/actions/delete/{org}/{name}/{provider}", func(w http.ResponseWriter, r *http.Request, p principal) {
		s.deleteModules(w, r, p, r.PathValue("org"), "", "", r.PathValue("name"), r.PathValue("provider"))
	})
	s.handle(mux, "GET "+registryModulePath+"/commits", func(w http.ResponseWriter, r *http.Request, p principal) {
		listing[struct{}]{}.serve(s, w, r, func(*listQuery) ([]struct{}, reply) {
			m, rep, found := moduleOnPath(s, r, p, false)
			if !found {
				return nil, rep
			}
			if m.VCS == nil {
				return nil, notFound("commits of registry module " + quote(m.Name) + ", which has no repository,")
			}
			return nil, reply{}
		})
	})
	s.registerTagBindings(mux, "registry-modules", func(p principal, id string) (tagBindingOwner, reply, bool) {
		m, rep, found := registryModules.find(s, p, id, nil)
		if !found {
			return tagBindingOwner{}, rep, false
		}
		return tagBindingOwner{
			bindings:  &m.TagBindings,
			effective: func() []effectiveBinding { return effectiveBindings(m.TagBindings, nil) },
			changed:   func() { m.UpdatedAt = s.now().UTC() },
		}, reply{}, true
	})
}

// managesModulesLocked reports whether p changes o's modules.
func (s *Server) managesModulesLocked(p principal, o *organization) bool {
	return s.managesRegistryLocked(p, o, "manage-modules")
}

// moduleFinder finds the module a request's path names, for a change or
// not.
type moduleFinder func(s *Server, r *http.Request, p principal, change bool) (*registryModule, reply, bool)

// moduleOnPath finds the module that the path's {org}, {registry},
// {namespace}, {name} and {provider} name.
func moduleOnPath(s *Server, r *http.Request, p principal, change bool) (*registryModule, reply, bool) {
	return s.moduleNamedLocked(p, r.PathValue("org"), r.PathValue("registry"), r.PathValue("namespace"), r.PathValue("name"), r.PathValue("provider"), change)
}

// modulePrivateOnPath finds the private module that the deprecated path's
// {org}, {name} and {provider} name.
func modulePrivateOnPath(s *Server, r *http.Request, p principal, change bool) (*registryModule, reply, bool) {
	org := r.PathValue("org")
	return s.moduleNamedLocked(p, org, registryPrivate, org, r.PathValue("name"), r.PathValue("provider"), change)
}

// moduleNamedLocked returns the module of those names when p sees its
// organization and, for a change, manages its modules; otherwise the 404
// that answers a missing and a hidden one alike.
func (s *Server) moduleNamedLocked(p principal, org, registry, namespace, name, provider string, change bool) (*registryModule, reply, bool) {
	missing := notFound("registry module " + quote(registry+"/"+namespace+"/"+name+"/"+provider))
	o := s.orgByNameLocked(org)
	if o == nil || !p.sees(o) || change && !s.managesModulesLocked(p, o) {
		return nil, missing, false
	}
	if m := firstModule(s.modulesNamedLocked(o, registry, namespace, name), provider); m != nil {
		return m, reply{}, true
	}
	return nil, missing, false
}

// firstModule is the module that the paths by names reach among named,
// modules of one registry, namespace and name: the oldest of provider's,
// as the list orders them; nil when there is none.
func firstModule(named []*registryModule, provider string) *registryModule {
	var ofProvider []*registryModule
	for _, m := range named {
		if m.Provider == provider {
			ofProvider = append(ofProvider, m)
		}
	}
	if len(ofProvider) == 0 {
		return nil
	}
	return registryModules.order(ofProvider, false, byTime(func(m *registryModule) time.Time { return m.CreatedAt }))[0]
}

// sourceDirectory is the directory of its repository that m publishes
// from: "" for its root, and for a module of no repository.
func (m *registryModule) sourceDirectory() string {
	if m.VCS == nil {
		return ""
	}
	return m.VCS.SourceDirectory
}

// duplicateLocked returns the module of o, other than m itself, that m
// would duplicate: of its registry, namespace, name, provider and source
// directory; nil when there is none.
func (s *Server) duplicateLocked(o *organization, m *registryModule) *registryModule {
	for _, other := range s.modulesNamedLocked(o, m.Registry, m.namespace(s), m.Name) {
		if other.ID != m.ID && other.Provider == m.Provider && other.sourceDirectory() == m.sourceDirectory() {
			return other
		}
	}
	return nil
}

// duplicateReply is the 409 of a module that other duplicates, on the
// attribute at.
func (s *Server) duplicateReply(at string, m, other *registryModule) reply {
	of := ""
	if dir := m.sourceDirectory(); dir != "" {
		of = ", of the source directory " + quote(dir)
	}
	return conflict(at, "Name has already been taken: the organization has the %s module %s/%s/%s (%s)%s",
		m.Registry, other.namespace(s), m.Name, m.Provider, other.ID, of)
}

// modulesNamedLocked returns o's modules of a registry, namespace and
// name, every provider's. A private module's namespace is its
// organization's name, in any case.
func (s *Server) modulesNamedLocked(o *organization, registry, namespace, name string) []*registryModule {
	return registryModules.where(s, func(m *registryModule) bool {
		if m.Org != o.ExternalID || m.Registry != registry || m.Name != name {
			return false
		}
		if registry == registryPrivate {
			return strings.EqualFold(namespace, o.Name)
		}
		return m.Namespace == namespace
	})
}

func (s *Server) registryModuleIncludes() includes {
	return includes{
		"no-code-modules": func(res resource) []resource {
			m := registryModules.in(s)[res.ID]
			if m == nil || m.NoCode == "" {
				return nil
			}
			return []resource{{
				Type: "no-code-modules", ID: m.NoCode,
				Attributes:    map[string]any{"enabled": true},
				Relationships: map[string]any{"registry-module": toOne("registry-modules", m.ID)},
			}}
		},
	}
}

// registryModuleResource renders m for p; address is where the request
// came, the base of the webhook's URL.
func (s *Server) registryModuleResource(m *registryModule, p principal, address string) resource {
	o := organizations.in(s)[m.Org]
	manages := s.managesModulesLocked(p, o)
	statuses := []map[string]any{}
	status := "pending"
	for _, v := range s.versionsOfModuleLocked(m.ID) {
		entry := map[string]any{"version": v.Version, "status": v.Status}
		if v.Status == versionIngressFailed {
			entry["error"] = "the uploaded archive is no gzip-compressed tar archive"
		}
		statuses = append(statuses, entry)
		if v.Status == versionOK {
			status = "setup_complete"
		}
	}
	var mechanism any
	if m.VCS != nil {
		mechanism = "git_tag"
		if m.VCS.Branch != "" {
			mechanism = "branch"
		}
	}
	testConfig := map[string]any{"tests-enabled": m.TestConfig.TestsEnabled}
	if m.TestConfig.Mode != "" {
		testConfig["agent-execution-mode"] = m.TestConfig.Mode
	}
	if m.TestConfig.AgentPool != "" {
		testConfig["agent-pool-id"] = m.TestConfig.AgentPool
	}
	var noCode []ref
	if m.NoCode != "" {
		noCode = []ref{{Type: "no-code-modules", ID: m.NoCode}}
	}
	return resource{
		Type: "registry-modules", ID: m.ID,
		Attributes: map[string]any{
			"name":                 m.Name,
			"provider":             m.Provider,
			"namespace":            m.namespace(s),
			"registry-name":        m.Registry,
			"no-code":              m.NoCode != "",
			"status":               status,
			"version-statuses":     statuses,
			"publishing-mechanism": mechanism,
			"test-config":          testConfig,
			"vcs-repo":             s.moduleRepoAnswer(m.VCS, address),
			"permissions":          map[string]any{"can-delete": manages, "can-resync": manages, "can-retry": manages},
			"created-at":           formatTime(m.CreatedAt),
			"updated-at":           formatTime(m.UpdatedAt),
		},
		Relationships: map[string]any{
			"organization":    toOne("organizations", o.Name),
			"no-code-modules": toMany(noCode),
			"tag-bindings":    related(apiPrefix + "/registry-modules/" + m.ID + "/tag-bindings"),
		},
		Links: map[string]string{"self": m.path(s)},
	}
}

// moduleRepoAnswer is the vcs-repo attribute: null without a repository.
// It adds what the API derives from the connection, as a workspace's does
// (vcsRepo.answer), and the webhook's URL on address.
func (s *Server) moduleRepoAnswer(v *moduleRepo, address string) any {
	if v == nil {
		return nil
	}
	connection := &vcsRepo{Identifier: v.Identifier, Branch: v.Branch, IngressSubmodules: true,
		OAuthTokenID: v.OAuthTokenID, CodehostAppInstallationID: v.CodehostAppInstallationID}
	answer, _ := connection.answer(s.oauthTokenHostLocked(connection)).(map[string]any)
	delete(answer, "tags-regex")
	answer["display-identifier"] = v.DisplayIdentifier
	answer["tags"] = v.Branch == ""
	answer["source-directory"] = v.SourceDirectory
	answer["tag-prefix"] = v.TagPrefix
	answer["webhook-url"] = address + "/webhooks/vcs/" + v.Webhook
	return answer
}

// listRegistryModules lists the organization's modules, oldest first,
// paged, filtered.
func (s *Server) listRegistryModules(w http.ResponseWriter, r *http.Request, p principal) {
	listing[*registryModule]{
		includes: s.registryModuleIncludes,
		render:   plain(func(m *registryModule) resource { return s.registryModuleResource(m, p, addressOf(r)) }),
	}.serveInOrg(s, w, r, p, func(o *organization, lq *listQuery) ([]*registryModule, reply) {
		search := strings.ToLower(lq.Get("q"))
		provider, registry, org := lq.Get("filter[provider]"), lq.Get("filter[registry_name]"), lq.Get("filter[organization_name]")
		list := registryModules.where(s, func(m *registryModule) bool {
			return m.Org == o.ExternalID && strings.Contains(strings.ToLower(m.Name), search) &&
				(provider == "" || m.Provider == provider) && (registry == "" || m.Registry == registry) &&
				(org == "" || strings.EqualFold(org, o.Name))
		})
		return registryModules.order(list, false, byTime(func(m *registryModule) time.Time { return m.CreatedAt })), reply{}
	})
}

// readModuleOn answers the module that find finds on the path.
func (s *Server) readModuleOn(w http.ResponseWriter, r *http.Request, p principal, find moduleFinder) {
	s.locked(w, func() reply {
		inc := s.registryModuleIncludes()
		names, rep, valid := inc.parse(r.URL.Query())
		if !valid {
			return rep
		}
		m, rep, found := find(s, r, p, false)
		if !found {
			return rep
		}
		return inc.one(s.registryModuleResource(m, p, addressOf(r)), names)
	})
}

// readModuleNames reads a module's registry, namespace, name and
// provider (those of a create of no repository, and given ones of a
// repository's) into m.
func readModuleNames(f fields, o *organization, m *registryModule) {
	m.Registry = readRegistryName(f, registryPrivate)
	namespace, given := f.str("namespace")
	switch {
	case m.Registry == registryPublic:
		m.Namespace = readRegistryPart(f, "namespace", "Namespace")
	case given && namespace != "" && !strings.EqualFold(namespace, o.Name):
		f.probs.add(f.at("namespace"), "Namespace of a private module must be its organization's name, %q, not %q", o.Name, namespace)
	}
}

// createRegistryModule makes a module of no repository.
func (s *Server) createRegistryModule(w http.ResponseWriter, r *http.Request, p principal) {
	s.writeInOrg(w, r, p, func(o *organization, in *input) reply {
		if !s.managesModulesLocked(p, o) {
			return notFound("organization " + quote(o.Name))
		}
		f := in.attrs
		m := &registryModule{Org: o.ExternalID}
		m.Name = readRegistryPart(f, "name", "Name")
		m.Provider = readRegistryPart(f, "provider", "Provider")
		readModuleNames(f, o, m)
		if noCode, _ := f.boolean("no-code"); noCode {
			m.NoCode = newID(prefixNoCodeModule)
		}
		if len(*in.probs) > 0 {
			return in.probs.reply()
		}
		return s.addModuleLocked(o, m, p, f, addressOf(r), "")
	})
}

// addModuleLocked stores m, unless o has a module of its names and source
// directory (409), with its initial version when it publishes from a
// branch.
func (s *Server) addModuleLocked(o *organization, m *registryModule, p principal, f fields, address, initial string) reply {
	if other := s.duplicateLocked(o, m); other != nil {
		return s.duplicateReply(f.at("name"), m, other)
	}
	m.ID, m.CreatedAt = newID(prefixRegistryModule), s.now().UTC()
	m.UpdatedAt = m.CreatedAt
	registryModules.in(s)[m.ID] = m
	if initial != "" {
		s.publishModuleVersionLocked(m, initial, "")
	}
	return created(document{Data: s.registryModuleResource(m, p, address)})
}

// createVCSModule makes a module of a repository, in the organization the
// path names, or, on the deprecated path (org ""), in the one of the
// vcs-repo's organization-name or of its OAuth token.
func (s *Server) createVCSModule(w http.ResponseWriter, r *http.Request, p principal, org string) {
	s.write(w, r, func(in *input) reply {
		f := in.attrs
		repo, given, null := f.object("vcs-repo")
		if !given || null {
			f.probs.add(f.at("vcs-repo"), "vcs-repo is required: the module's repository")
			return in.probs.reply()
		}
		named, _ := repo.str("organization-name")
		oauth, _ := repo.str("oauth-token-id")
		if org == "" {
			org = named
		}
		if org == "" {
			if tok := oauthTokens.in(s)[oauth]; tok != nil {
				org = organizations.in(s)[tok.Org].Name
			}
		}
		o, rep, found := s.visibleOrgLocked(p, org)
		switch {
		case org == "":
			repo.probs.add(repo.at("organization-name"), "organization-name is required: the organization of the module")
			return in.probs.reply()
		case !found:
			return rep
		case !s.managesModulesLocked(p, o):
			return notFound("organization " + quote(o.Name))
		case named != "" && !strings.EqualFold(named, o.Name):
			repo.probs.add(repo.at("organization-name"), "organization-name %q is not the organization of the path, %q", named, o.Name)
		}
		m := &registryModule{Org: o.ExternalID, Registry: registryPrivate}
		v := s.readModuleRepo(o, repo)
		m.VCS = v
		name, nameGiven := f.str("name")
		provider, providerGiven := f.str("provider")
		if parts := moduleNameRe.FindStringSubmatch(repoName(v.Identifier)); parts != nil {
			m.Provider, m.Name = parts[1], parts[2]
		}
		if nameGiven && name != "" {
			m.Name = readRegistryPart(f, "name", "Name")
		}
		if providerGiven && provider != "" {
			m.Provider = readRegistryPart(f, "provider", "Provider")
		}
		if v.Identifier != "" && (m.Name == "" || m.Provider == "") {
			repo.probs.add(repo.at("identifier"), "Name is invalid: the repository %q is not named terraform-<PROVIDER>-<NAME>; give name and provider", v.Identifier)
		}
		initial := ""
		if v.Branch != "" {
			initial = "0.0.0"
			if iv, given := f.str("initial-version"); given && iv != "" {
				initial = iv
			}
			if !semverRe.MatchString(initial) {
				f.probs.add(f.at("initial-version"), "initial-version %q is no semantic version such as 1.0.0", initial)
			}
		}
		if noCode, _ := f.boolean("no-code"); noCode {
			m.NoCode = newID(prefixNoCodeModule)
		}
		s.applyModuleTestConfig(m, f)
		if len(*in.probs) > 0 {
			return in.probs.reply()
		}
		return s.addModuleLocked(o, m, p, f, addressOf(r), initial)
	})
}

// repoName is the name of a repository, after its owner.
func repoName(identifier string) string {
	_, name, _ := strings.Cut(identifier, "/")
	return name
}

// readModuleRepo reads the vcs-repo of a create.
func (s *Server) readModuleRepo(o *organization, repo fields) *moduleRepo {
	v := &moduleRepo{Webhook: newUUID()}
	v.Identifier = repo.requiredText("identifier", "identifier is required: the repository's owner and name, such as org/repo")
	if v.Identifier != "" && !validRepoIdentifier.MatchString(v.Identifier) {
		repo.probs.add(repo.at("identifier"), "invalid identifier %q: must be the repository's owner and name, such as org/repo", v.Identifier)
	}
	v.DisplayIdentifier = repo.requiredText("display-identifier", "display-identifier is required: the repository's name as the code host shows it")
	v.OAuthTokenID, _ = repo.str("oauth-token-id")
	v.CodehostAppInstallationID, _ = repo.str("codehost-app-installation-id")
	if v.CodehostAppInstallationID == "" {
		v.CodehostAppInstallationID, _ = repo.str("github-app-installation-id")
	}
	switch {
	case v.OAuthTokenID != "" && v.CodehostAppInstallationID != "":
		repo.probs.add(repo.at("codehost-app-installation-id"), "oauth-token-id and codehost-app-installation-id cannot both be given")
	case v.OAuthTokenID == "" && v.CodehostAppInstallationID == "":
		repo.probs.add(repo.at("oauth-token-id"), "one of oauth-token-id and codehost-app-installation-id is required")
	case v.OAuthTokenID != "" && !s.isOAuthTokenOfLocked(o.ExternalID, v.OAuthTokenID):
		repo.probs.add(repo.at("oauth-token-id"), "invalid oauth-token-id %q: no OAuth token of this organization has that ID", v.OAuthTokenID)
	}
	readModuleRepoPublishing(v, repo)
	return v
}

// readModuleRepoPublishing reads what a create and an update take of
// vcs-repo: branch, tags, source-directory and tag-prefix.
func readModuleRepoPublishing(v *moduleRepo, repo fields) {
	branch, branchGiven := repo.str("branch")
	tags, tagsGiven := repo.boolean("tags")
	switch {
	case tagsGiven && tags && branch != "":
		repo.probs.add(repo.at("branch"), "branch must be empty when tags are enabled")
	case branchGiven:
		v.Branch = branch
	case tagsGiven && tags:
		v.Branch = ""
	}
	if dir, given := repo.str("source-directory"); given {
		v.SourceDirectory = dir
	}
	if prefix, given := repo.str("tag-prefix"); given {
		v.TagPrefix = prefix
	}
}

// applyModuleTestConfig applies test-config: tests need a branch; a pool
// needs the agent mode and must be the organization's.
func (s *Server) applyModuleTestConfig(m *registryModule, f fields) {
	tc, given, null := f.object("test-config")
	if !given || null {
		return
	}
	if on, given := tc.boolean("tests-enabled"); given {
		m.TestConfig.TestsEnabled = on
	}
	mode, modeGiven := tc.str("agent-execution-mode")
	pool, poolGiven := tc.str("agent-pool-id")
	if modeGiven {
		if mode != "" && mode != "agent" && mode != "remote" {
			tc.probs.add(tc.at("agent-execution-mode"), "invalid agent-execution-mode %q: must be agent or remote", mode)
		}
		m.TestConfig.Mode = mode
		if mode != "agent" && !poolGiven {
			m.TestConfig.AgentPool = ""
		}
	}
	if poolGiven {
		m.TestConfig.AgentPool = pool
	}
	switch ap := agentPools.in(s)[m.TestConfig.AgentPool]; {
	case m.TestConfig.AgentPool != "" && m.TestConfig.Mode != "agent":
		tc.probs.add(tc.at("agent-pool-id"), "agent-pool-id is only taken with agent-execution-mode agent")
	case m.TestConfig.AgentPool != "" && (ap == nil || ap.Org != m.Org):
		tc.probs.add(tc.at("agent-pool-id"), "agent pool %q: the provided agent pool does not exist or you are not authorized to use it", m.TestConfig.AgentPool)
	case m.TestConfig.Mode == "agent" && m.TestConfig.AgentPool == "":
		tc.probs.add(tc.at("agent-pool-id"), "agent-pool-id is required with agent-execution-mode agent")
	}
	if m.TestConfig.TestsEnabled && (m.VCS == nil || m.VCS.Branch == "") {
		tc.probs.add(tc.at("tests-enabled"), "tests need a branch: only a branch-based module of a repository runs tests")
	}
}

// updateRegistryModule takes no-code, test-config, vcs-repo's publishing
// and the relationship tag-bindings.
func (s *Server) updateRegistryModule(w http.ResponseWriter, r *http.Request, p principal) {
	s.write(w, r, func(in *input) reply {
		cur, rep, found := moduleOnPath(s, r, p, true)
		if !found {
			return rep
		}
		m := *cur
		f := in.attrs
		if noCode, given := f.boolean("no-code"); given {
			switch {
			case noCode && m.NoCode == "":
				m.NoCode = newID(prefixNoCodeModule)
			case !noCode:
				m.NoCode = ""
			}
		}
		if repo, given, null := f.object("vcs-repo"); given && !null {
			if m.VCS == nil {
				f.probs.add(f.at("vcs-repo"), "the module has no repository: vcs-repo is a repository's module's only")
			} else {
				v := *m.VCS
				readModuleRepoPublishing(&v, repo)
				m.VCS = &v
			}
		}
		s.applyModuleTestConfig(&m, f)
		objs, setBindings := in.rels.many("tag-bindings")
		with := readTagBindings(objs, "/data/relationships/tag-bindings/data", in.probs)
		checkBindingCount(nil, with, true, "/data/relationships/tag-bindings/data", in.probs)
		if len(*in.probs) > 0 {
			return in.probs.reply()
		}
		if other := s.duplicateLocked(organizations.in(s)[m.Org], &m); other != nil {
			return s.duplicateReply("/data/attributes/vcs-repo/source-directory", &m, other)
		}
		if setBindings {
			m.TagBindings = s.setBindingsLocked(cur.TagBindings, with, true)
		}
		m.UpdatedAt = s.now().UTC()
		*cur = m
		return ok(document{Data: s.registryModuleResource(cur, p, addressOf(r))})
	})
}

// deleteModules deletes o's module of those names and provider (of
// several, the one the paths by names reach), or every module of the name
// when provider is "", and of every registry and namespace when registry
// is "" (the deprecated deletes, which name a module by its name in the
// organization): 404 when none is found.
func (s *Server) deleteModules(w http.ResponseWriter, _ *http.Request, p principal, org, registry, namespace, name, provider string) {
	s.locked(w, func() reply {
		missing := notFound("registry module " + quote(registry+"/"+namespace+"/"+name))
		o := s.orgByNameLocked(org)
		if o == nil || !p.sees(o) || !s.managesModulesLocked(p, o) {
			return missing
		}
		named := registryModules.where(s, func(m *registryModule) bool { return m.Org == o.ExternalID && m.Name == name })
		if registry != "" {
			named = s.modulesNamedLocked(o, registry, namespace, name)
		}
		gone := named
		if provider != "" {
			// Of the provider's, the one the paths by names reach, of
			// each registry and namespace.
			gone = nil
			same := map[string][]*registryModule{}
			for _, m := range named {
				key := m.Registry + "/" + m.namespace(s)
				same[key] = append(same[key], m)
			}
			for _, named := range same {
				if m := firstModule(named, provider); m != nil {
					gone = append(gone, m)
				}
			}
		}
		if len(gone) == 0 {
			return missing
		}
		for _, m := range gone {
			registryModules.remove(s, m)
		}
		return noContent()
	})
}

var uuidRe = regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$`)

// checkRegistryModule refuses a module of the state file that no request
// could have stored.
func (st *store) checkRegistryModule(m *registryModule) error {
	if m == nil || !isID(prefixRegistryModule, m.ID) {
		return errors.New("no valid ID")
	}
	if organizations.in(st)[m.Org] == nil {
		return fmt.Errorf("organization %q is not in the file", m.Org)
	}
	switch {
	case m.Registry != registryPrivate && m.Registry != registryPublic:
		return fmt.Errorf("registry-name %q is neither private nor public", m.Registry)
	case strings.TrimSpace(m.Name) == "" || strings.Contains(m.Name, "/"), strings.TrimSpace(m.Provider) == "" || strings.Contains(m.Provider, "/"):
		return fmt.Errorf("name %q or provider %q is blank or holds a /", m.Name, m.Provider)
	case m.Registry == registryPublic && (strings.TrimSpace(m.Namespace) == "" || strings.Contains(m.Namespace, "/")):
		return fmt.Errorf("a public module's namespace %q is blank or holds a /", m.Namespace)
	case m.Registry == registryPrivate && m.Namespace != "":
		return fmt.Errorf("a private module keeps no namespace of its own, got %q", m.Namespace)
	case m.NoCode != "" && !isID(prefixNoCodeModule, m.NoCode):
		return fmt.Errorf("no-code module %q is no valid ID", m.NoCode)
	case m.VCS != nil && (!validRepoIdentifier.MatchString(m.VCS.Identifier) || (m.VCS.OAuthTokenID == "") == (m.VCS.CodehostAppInstallationID == "") || !uuidRe.MatchString(m.VCS.Webhook)):
		return errors.New("vcs-repo needs an identifier, one of an OAuth token and an app installation, and a webhook UUID")
	case m.TestConfig.TestsEnabled && (m.VCS == nil || m.VCS.Branch == ""):
		return errors.New("tests are enabled without a branch")
	}
	if pool := m.TestConfig.AgentPool; pool != "" && (m.TestConfig.Mode != "agent" || agentPools.in(st)[pool] == nil || agentPools.in(st)[pool].Org != m.Org) {
		return fmt.Errorf("test-config's agent pool %q is not an agent pool of its organization in the agent mode", pool)
	}
	return checkBindings(m.TagBindings)
}

var registryModules = &table[registryModule]{key: "registry-modules", noun: "registry module", id: func(m *registryModule) string { return m.ID }}

func init() {
	registryModules.needs = []anyTable{organizations, agentPools}
	registryModules.check = (*store).checkRegistryModule
	registryModules.belongsTo(organizations, func(m *registryModule) string { return m.Org })
	// A deleted agent pool leaves the tests that ran on it in the remote
	// mode.
	registryModules.onDelete = func(st *store, gone anyTable, id string) {
		if gone != agentPools {
			return
		}
		for _, m := range registryModules.in(st) {
			if m.TestConfig.AgentPool == id {
				m.TestConfig.AgentPool, m.TestConfig.Mode = "", "remote"
			}
		}
	}
	registryModules.org = func(st *store, m *registryModule) *organization { return organizations.in(st)[m.Org] }
	register(registryModules)
	addRoutes((*Server).registerRegistryModules)
}
