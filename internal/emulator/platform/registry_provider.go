package platform

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/route"
)

// # Registry providers
//
//   - POST /organizations/:org/registry-providers takes name, namespace
//     and registry-name, all required (see registry.go for their rules).
//     A private provider's namespace is the organization's name, in any
//     case (422 otherwise, as the API's documents state it); a public one
//     is the organization's copy of a provider of the public registry, in
//     that provider's namespace. An organization has one provider of a
//     registry, namespace and name: another is 409. Answers, of type
//     registry-providers (ID "prov-..."), carry name, namespace (a private
//     one's: the organization's name as the organization spells it),
//     registry-name, created-at, updated-at and permissions {can-delete};
//     the relationships organization, registry-provider-versions and
//     tag-bindings (a link); links.self is the path by names.
//   - GET and DELETE
//     /organizations/:org/registry-providers/:registry/:namespace/:name
//     read and delete a provider (with its versions and their platforms);
//     GET /registry-providers/:id reads one by ID. There is no update of
//     a provider's attributes: PATCH on its path takes the relationship
//     tag-bindings alone, replacing its bindings, as the incumbent client's
//     beta tests do; its tag bindings are also served as a project's are
//     (tag_binding.go) under /registry-providers/:id.
//   - GET /organizations/:org/registry-providers lists the organization's
//     providers, oldest first, paged; q keeps those whose name holds it in
//     any case, filter[registry_name] those of one registry, and
//     filter[organization_name] those of that organization (the path's,
//     or none). include= knows registry-provider-versions, on reads too.
//   - A provider's versions and their platforms are
//     registry_provider_version.go's and registry_provider_platform.go's.
//     A deleted organization takes its providers.

// prefixRegistryProvider begins the IDs of this file's objects.
const prefixRegistryProvider = "prov"

// registryProvider is a provider of an organization's registry.
type registryProvider struct {
	ID       string `json:"id"`
	Org      string `json:"organization"` // the organization's external ID
	Registry string `json:"registry-name"`
	// Namespace is a public provider's; a private one's is its
	// organization's name, which can change.
	Namespace   string        `json:"namespace,omitempty"`
	Name        string        `json:"name"`
	CreatedAt   time.Time     `json:"created-at"`
	UpdatedAt   time.Time     `json:"updated-at"`
	TagBindings []*tagBinding `json:"tag-bindings,omitempty"`
}

// namespace is the provider's namespace as answers give it.
func (rp *registryProvider) namespace(h holder) string {
	if rp.Registry == registryPrivate {
		return organizations.in(h)[rp.Org].Name
	}
	return rp.Namespace
}

// path is the provider's path by names.
func (rp *registryProvider) path(h holder) string {
	return apiPrefix + "/organizations/" + organizations.in(h)[rp.Org].Name + "/registry-providers/" +
		rp.Registry + "/" + rp.namespace(h) + "/" + rp.Name
}

// registryProvidersPath is the pattern of an organization's providers.
const registryProvidersPath = apiPrefix + "/organizations/{org}/registry-providers"

// registryProviderPath is the pattern of a provider by names.
const registryProviderPath = registryProvidersPath + "/{registry}/{namespace}/{name}"

func (s *Server) registerRegistryProviders(mux route.Mux) {
	s.handle(mux, "GET "+registryProvidersPath, s.listRegistryProviders)
	s.handle(mux, "POST "+registryProvidersPath, s.createRegistryProvider)
	s.handle(mux, "GET "+registryProviderPath, s.readRegistryProvider)
	s.handle(mux, "PATCH "+registryProviderPath, s.updateRegistryProvider)
	s.handle(mux, "DELETE "+registryProviderPath, s.deleteRegistryProvider)
	s.handle(mux, "GET "+apiPrefix+"/registry-providers/{id}", func(w http.ResponseWriter, r *http.Request, p principal) {
		readOnPath(s, w, r, p, func() includes { return s.registryProviderIncludes(p) },
			func(p principal, id string) (*registryProvider, reply, bool) {
				return registryProviders.find(s, p, id, nil)
			},
			func(rp *registryProvider, _ []string) resource { return s.registryProviderResource(rp, p) })
	})
	s.registerTagBindings(mux, "registry-providers", func(p principal, id string) (tagBindingOwner, reply, bool) {
		rp, rep, found := registryProviders.find(s, p, id, nil)
		if !found {
			return tagBindingOwner{}, rep, false
		}
		return tagBindingOwner{
			bindings: &rp.TagBindings,
			effective: func() []effectiveBinding {
				return effectiveBindings(rp.TagBindings, nil)
			},
			changed: func() { rp.UpdatedAt = s.now().UTC() },
		}, reply{}, true
	})
}

// managesProvidersLocked reports whether p changes o's providers.
func (s *Server) managesProvidersLocked(p principal, o *organization) bool {
	return s.managesRegistryLocked(p, o, "manage-providers")
}

// registryProviderNamedLocked returns o's provider of that registry,
// namespace and name, nil for none. A private provider's namespace is
// the organization's name, in any case.
func (s *Server) registryProviderNamedLocked(o *organization, registry, namespace, name string) *registryProvider {
	for _, rp := range registryProviders.in(s) {
		if rp.Org != o.ExternalID || rp.Registry != registry || rp.Name != name {
			continue
		}
		if registry == registryPrivate && strings.EqualFold(namespace, o.Name) || registry == registryPublic && rp.Namespace == namespace {
			return rp
		}
	}
	return nil
}

// registryProviderOnPathLocked returns the provider the path names, when
// p sees its organization and, for a change, manages its providers;
// otherwise the 404 that answers a missing and a hidden one alike.
func (s *Server) registryProviderOnPathLocked(r *http.Request, p principal, change bool) (*registryProvider, reply, bool) {
	o, rep, found := s.visibleOrgLocked(p, r.PathValue("org"))
	if !found {
		return nil, rep, false
	}
	registry, namespace, name := r.PathValue("registry"), r.PathValue("namespace"), r.PathValue("name")
	rp := s.registryProviderNamedLocked(o, registry, namespace, name)
	if rp == nil || change && !s.managesProvidersLocked(p, o) {
		return nil, notFound("registry provider " + quote(registry+"/"+namespace+"/"+name)), false
	}
	return rp, reply{}, true
}

func (s *Server) registryProviderIncludes(p principal) includes {
	return includes{
		"registry-provider-versions": func(res resource) []resource {
			return renderEach(s.versionsOfProviderLocked(res.ID), func(v *registryProviderVersion) resource {
				return s.registryProviderVersionResource(v, p, "")
			})
		},
	}
}

// registryProviderResource renders rp for p, whose permissions it holds.
func (s *Server) registryProviderResource(rp *registryProvider, p principal) resource {
	o := organizations.in(s)[rp.Org]
	var versions []string
	for _, v := range s.versionsOfProviderLocked(rp.ID) {
		versions = append(versions, v.ID)
	}
	return resource{
		Type: "registry-providers", ID: rp.ID,
		Attributes: map[string]any{
			"name":          rp.Name,
			"namespace":     rp.namespace(s),
			"registry-name": rp.Registry,
			"created-at":    formatTime(rp.CreatedAt),
			"updated-at":    formatTime(rp.UpdatedAt),
			"permissions":   map[string]any{"can-delete": s.managesProvidersLocked(p, o)},
		},
		Relationships: map[string]any{
			"organization":               toOne("organizations", o.Name),
			"registry-provider-versions": toMany(refsOf("registry-provider-versions", versions)),
			"tag-bindings":               related(apiPrefix + "/registry-providers/" + rp.ID + "/tag-bindings"),
		},
		Links: map[string]string{"self": rp.path(s)},
	}
}

// listRegistryProviders lists the organization's providers, oldest first,
// paged, filtered by q, filter[registry_name] and
// filter[organization_name].
func (s *Server) listRegistryProviders(w http.ResponseWriter, r *http.Request, p principal) {
	listing[*registryProvider]{
		includes: func() includes { return s.registryProviderIncludes(p) },
		render:   plain(func(rp *registryProvider) resource { return s.registryProviderResource(rp, p) }),
	}.serveInOrg(s, w, r, p, func(o *organization, lq *listQuery) ([]*registryProvider, reply) {
		search := strings.ToLower(lq.Get("q"))
		registry, org := lq.Get("filter[registry_name]"), lq.Get("filter[organization_name]")
		list := registryProviders.where(s, func(rp *registryProvider) bool {
			return rp.Org == o.ExternalID && strings.Contains(strings.ToLower(rp.Name), search) &&
				(registry == "" || rp.Registry == registry) && (org == "" || strings.EqualFold(org, o.Name))
		})
		return registryProviders.order(list, false, byTime(func(rp *registryProvider) time.Time { return rp.CreatedAt })), reply{}
	})
}

// createRegistryProvider takes name, namespace and registry-name.
func (s *Server) createRegistryProvider(w http.ResponseWriter, r *http.Request, p principal) {
	s.writeInOrg(w, r, p, func(o *organization, in *input) reply {
		if !s.managesProvidersLocked(p, o) {
			return notFound("organization " + quote(o.Name))
		}
		f := in.attrs
		rp := &registryProvider{Org: o.ExternalID}
		rp.Name = readRegistryPart(f, "name", "Name")
		namespace := readRegistryPart(f, "namespace", "Namespace")
		rp.Registry = readRegistryName(f, "")
		switch rp.Registry {
		case registryPrivate:
			if namespace != "" && !strings.EqualFold(namespace, o.Name) {
				f.probs.add(f.at("namespace"), "Namespace of a private provider must be its organization's name, %q, not %q", o.Name, namespace)
			}
		case registryPublic:
			rp.Namespace = namespace
		}
		if len(*in.probs) > 0 {
			return in.probs.reply()
		}
		if taken := s.registryProviderNamedLocked(o, rp.Registry, namespace, rp.Name); taken != nil {
			return conflict(f.at("name"), "Name has already been taken: the organization has the %s provider %s/%s (%s)",
				rp.Registry, taken.namespace(s), taken.Name, taken.ID)
		}
		rp.ID, rp.CreatedAt = newID(prefixRegistryProvider), s.now().UTC()
		rp.UpdatedAt = rp.CreatedAt
		registryProviders.in(s)[rp.ID] = rp
		return created(document{Data: s.registryProviderResource(rp, p)})
	})
}

func (s *Server) readRegistryProvider(w http.ResponseWriter, r *http.Request, p principal) {
	s.locked(w, func() reply {
		inc := s.registryProviderIncludes(p)
		names, rep, valid := inc.parse(r.URL.Query())
		if !valid {
			return rep
		}
		rp, rep, found := s.registryProviderOnPathLocked(r, p, false)
		if !found {
			return rep
		}
		return inc.one(s.registryProviderResource(rp, p), names)
	})
}

// updateRegistryProvider takes the relationship tag-bindings alone,
// replacing the provider's bindings; its attributes do not change.
func (s *Server) updateRegistryProvider(w http.ResponseWriter, r *http.Request, p principal) {
	s.write(w, r, func(in *input) reply {
		rp, rep, found := s.registryProviderOnPathLocked(r, p, true)
		if !found {
			return rep
		}
		for name := range in.attrs.raw {
			in.probs.add(in.attrs.at(name), "%s cannot be changed: a provider has no update but of its tag bindings", name)
		}
		objs, given := in.rels.many("tag-bindings")
		with := readTagBindings(objs, "/data/relationships/tag-bindings/data", in.probs)
		checkBindingCount(nil, with, true, "/data/relationships/tag-bindings/data", in.probs)
		if len(*in.probs) > 0 {
			return in.probs.reply()
		}
		if given {
			rp.TagBindings = s.setBindingsLocked(rp.TagBindings, with, true)
			rp.UpdatedAt = s.now().UTC()
		}
		return ok(document{Data: s.registryProviderResource(rp, p)})
	})
}

func (s *Server) deleteRegistryProvider(w http.ResponseWriter, r *http.Request, p principal) {
	s.locked(w, func() reply {
		rp, rep, found := s.registryProviderOnPathLocked(r, p, true)
		if !found {
			return rep
		}
		registryProviders.remove(s, rp)
		return noContent()
	})
}

// checkRegistryProvider refuses a provider of the state file that no
// request could have stored.
func (st *store) checkRegistryProvider(rp *registryProvider) error {
	if rp == nil || !isID(prefixRegistryProvider, rp.ID) {
		return errors.New("no valid ID")
	}
	if organizations.in(st)[rp.Org] == nil {
		return fmt.Errorf("organization %q is not in the file", rp.Org)
	}
	switch {
	case rp.Registry != registryPrivate && rp.Registry != registryPublic:
		return fmt.Errorf("registry-name %q is neither private nor public", rp.Registry)
	case strings.TrimSpace(rp.Name) == "" || strings.Contains(rp.Name, "/"):
		return fmt.Errorf("name %q is blank or holds a /", rp.Name)
	case rp.Registry == registryPublic && (strings.TrimSpace(rp.Namespace) == "" || strings.Contains(rp.Namespace, "/")):
		return fmt.Errorf("a public provider's namespace %q is blank or holds a /", rp.Namespace)
	case rp.Registry == registryPrivate && rp.Namespace != "":
		return fmt.Errorf("a private provider keeps no namespace of its own, got %q", rp.Namespace)
	}
	return checkBindings(rp.TagBindings)
}

var registryProviders = &table[registryProvider]{
	key: "registry-providers", noun: "registry provider", id: func(rp *registryProvider) string { return rp.ID },
}

func init() {
	registryProviders.needs = []anyTable{organizations}
	registryProviders.check = (*store).checkRegistryProvider
	registryProviders.belongsTo(organizations, func(rp *registryProvider) string { return rp.Org })
	registryProviders.org = func(st *store, rp *registryProvider) *organization { return organizations.in(st)[rp.Org] }
	register(registryProviders)
	addRoutes((*Server).registerRegistryProviders)
}
