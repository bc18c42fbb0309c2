package platform

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/route"
)

// # Registry module versions
//
//   - POST .../registry-modules/:registry/:namespace/:name/:provider/versions,
//     and the deprecated POST /registry-modules/:org/:name/:provider/versions
//     (registry_module.go routes it), take version (required: a semantic
//     version, such as 1.2.0 or 1.2.3-alpha+feature; 422 otherwise) and
//     commit-sha. A module has a version once: another is 409. A module
//     of no repository gets a version pending (source tfe-api) with the
//     link upload, which takes a PUT of a gzip-compressed tar archive of
//     the module (registry.go): a readable one makes it ok, anything else
//     reg_ingress_failed; another upload ingests again. A branch-based
//     module publishes the version from its branch (commit-sha as given),
//     ok at once, with its code host as source; a tag-based module
//     publishes from tags alone (422).
//   - Answers, of type registry-module-versions (ID "modver-..."), carry
//     source, status, version, commit-sha, created-at and updated-at; the
//     relationships registry-module and deprecation; the link upload while
//     the version is pending.
//   - GET .../:provider/version?module_version=:version reads a version
//     (404 when the module has none of that version).
//   - Deprecation (changelog 2024-10-15): PATCH
//     .../registry-modules/private/:namespace/:name/:provider/:version
//     takes deprecation {deprecated-status, reason, link}: "Deprecated"
//     deprecates the version with the reason and link given (either may be
//     left out), again to change them; "Undeprecated" reverts it, and
//     forgets them; any other status is 422 at
//     /data/attributes/deprecation/deprecated-status. The answer is the
//     version, whose relationship deprecation names, while it is
//     deprecated, an object of type deprecations (the version's ID) with
//     reason and link, included in the answer as the API's documents show
//     it; the version's read answers it the same way, since the registry's
//     v1 API, which the documents name to read it, is not served. Only a
//     private module's versions are deprecated: another registry's path is
//     404.
//   - DELETE .../:provider/:version, and the deprecated
//     POST /registry-modules/actions/delete/:org/:name/:provider/:version,
//     delete a version. A deleted module takes its versions.

// prefixRegistryModuleVersion begins the IDs of this file's objects.
const prefixRegistryModuleVersion = "modver"

// Statuses of a module version.
const (
	versionPending       = "pending"
	versionOK            = "ok"
	versionIngressFailed = "reg_ingress_failed"
)

// Deprecation statuses of a version's PATCH.
const (
	statusDeprecated   = "Deprecated"
	statusUndeprecated = "Undeprecated"
)

// registryModuleVersion is a version of a module.
type registryModuleVersion struct {
	ID        string    `json:"id"`
	Module    string    `json:"registry-module"`
	Version   string    `json:"version"`
	Status    string    `json:"status"`
	Source    string    `json:"source"`
	CommitSHA string    `json:"commit-sha,omitempty"`
	CreatedAt time.Time `json:"created-at"`
	UpdatedAt time.Time `json:"updated-at"`
	// Deprecation is set while the version is deprecated.
	Deprecation *moduleDeprecation `json:"deprecation,omitempty"`
}

// moduleDeprecation is why a version is deprecated, and where to read
// more.
type moduleDeprecation struct {
	Reason string `json:"reason,omitempty"`
	Link   string `json:"link,omitempty"`
}

func (s *Server) registerRegistryModuleVersions(mux route.Mux) {
	s.handle(mux, "POST "+registryModulePath+"/versions", func(w http.ResponseWriter, r *http.Request, p principal) {
		s.createModuleVersion(w, r, func() (*registryModule, reply, bool) { return moduleOnPath(s, r, p, true) })
	})
	s.handle(mux, "GET "+registryModulePath+"/version", func(w http.ResponseWriter, r *http.Request, p principal) {
		s.locked(w, func() reply {
			v, rep, found := s.moduleVersionLocked(r, p, r.URL.Query().Get("module_version"), moduleOnPath, false)
			if !found {
				return rep
			}
			return s.moduleVersionReply(v, addressOf(r))
		})
	})
	s.handle(mux, "PATCH "+registryModulePath+"/{version}", s.deprecateModuleVersion)
	s.handle(mux, "DELETE "+registryModulePath+"/{version}", func(w http.ResponseWriter, r *http.Request, p principal) {
		s.deleteModuleVersion(w, r, p, moduleOnPath)
	})
	s.handle(mux, "POST "+apiPrefix+"/registry-modules/actions/delete/{org}/{name}/{provider}/{version}", func(w http.ResponseWriter, r *http.Request, p principal) {
		s.deleteModuleVersion(w, r, p, modulePrivateOnPath)
	})
	mux.HandleFunc("PUT "+archivistPrefix+"/{id}", func(w http.ResponseWriter, r *http.Request) {
		data, read := readBody(w, r)
		if !read {
			return
		}
		status := versionOK
		if !isTarGzip(data) {
			status = versionIngressFailed
		}
		s.locked(w, func() reply {
			v := registryModuleVersions.in(s)[r.PathValue("id")]
			if v == nil || registryModules.in(s)[v.Module].VCS != nil {
				return notFound("upload " + quote(r.URL.Path))
			}
			v.Status, v.UpdatedAt = status, s.now().UTC()
			return reply{status: http.StatusOK}
		})
	})
}

// isTarGzip reports whether data is a gzip-compressed tar archive of at
// least one file.
func isTarGzip(data []byte) bool {
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return false
	}
	tr := tar.NewReader(zr)
	n := 0
	for {
		_, err := tr.Next()
		if errors.Is(err, io.EOF) {
			return n > 0
		}
		if err != nil {
			return false
		}
		n++
	}
}

// versionsOfModuleLocked returns a module's versions, oldest first.
func (s *Server) versionsOfModuleLocked(module string) []*registryModuleVersion {
	list := registryModuleVersions.where(s, func(v *registryModuleVersion) bool { return v.Module == module })
	return registryModuleVersions.order(list, false, byTime(func(v *registryModuleVersion) time.Time { return v.CreatedAt }))
}

// moduleVersionLocked returns the version of the module that find finds
// on the path, or the 404 that answers a missing and a hidden one alike.
func (s *Server) moduleVersionLocked(r *http.Request, p principal, version string, find moduleFinder, change bool) (*registryModuleVersion, reply, bool) {
	m, rep, found := find(s, r, p, change)
	if !found {
		return nil, rep, false
	}
	for _, v := range s.versionsOfModuleLocked(m.ID) {
		if v.Version == version {
			return v, reply{}, true
		}
	}
	return nil, notFound("version " + quote(version) + " of registry module " + quote(m.Name)), false
}

// moduleVersionReply answers v, with its deprecation included while it
// has one.
func (s *Server) moduleVersionReply(v *registryModuleVersion, address string) reply {
	res := s.registryModuleVersionResource(v, address)
	var included []resource
	if v.Deprecation != nil {
		included = []resource{{Type: "deprecations", ID: v.ID, Attributes: map[string]any{"reason": v.Deprecation.Reason, "link": v.Deprecation.Link}}}
	}
	return ok(document{Data: res, Included: included})
}

// registryModuleVersionResource renders v; address is where its upload
// link points.
func (s *Server) registryModuleVersionResource(v *registryModuleVersion, address string) resource {
	deprecation := ""
	if v.Deprecation != nil {
		deprecation = v.ID
	}
	res := resource{
		Type: "registry-module-versions", ID: v.ID,
		Attributes: map[string]any{
			"source":     v.Source,
			"status":     v.Status,
			"version":    v.Version,
			"commit-sha": stringOrNull(v.CommitSHA),
			"created-at": formatTime(v.CreatedAt),
			"updated-at": formatTime(v.UpdatedAt),
		},
		Relationships: map[string]any{
			"registry-module": toOne("registry-modules", v.Module),
			"deprecation":     toOne("deprecations", deprecation),
		},
	}
	if v.Status == versionPending {
		res.Links = map[string]string{"upload": uploadLink(address, v.ID)}
	}
	return res
}

// createModuleVersion creates a version of the module that find finds.
func (s *Server) createModuleVersion(w http.ResponseWriter, r *http.Request, find func() (*registryModule, reply, bool)) {
	s.write(w, r, func(in *input) reply {
		m, rep, found := find()
		if !found {
			return rep
		}
		f := in.attrs
		version, _ := f.str("version")
		switch {
		case strings.TrimSpace(version) == "":
			f.probs.add(f.at("version"), "Version can't be blank")
		case !semverRe.MatchString(version):
			f.probs.add(f.at("version"), "Version is invalid: %q is no semantic version such as 1.2.0", version)
		case m.VCS != nil && m.VCS.Branch == "":
			f.probs.add("/data", "the module publishes its versions from its repository's tags: only a module of no repository or a branch-based one takes a version")
		}
		sha, _ := f.str("commit-sha")
		if len(*in.probs) > 0 {
			return in.probs.reply()
		}
		if slices.ContainsFunc(s.versionsOfModuleLocked(m.ID), func(v *registryModuleVersion) bool { return v.Version == version }) {
			return conflict(f.at("version"), "Version has already been taken: the module has version %s", version)
		}
		v := s.publishModuleVersionLocked(m, version, sha)
		return created(document{Data: s.registryModuleVersionResource(v, addressOf(r))})
	})
}

// publishModuleVersionLocked adds a version to m: pending its upload, or,
// for a module of a repository, published from it.
func (s *Server) publishModuleVersionLocked(m *registryModule, version, sha string) *registryModuleVersion {
	v := &registryModuleVersion{ID: newID(prefixRegistryModuleVersion), Module: m.ID, Version: version, Status: versionPending, Source: "tfe-api",
		CommitSHA: sha, CreatedAt: s.now().UTC()}
	if m.VCS != nil {
		v.Status = versionOK
		connection := &vcsRepo{OAuthTokenID: m.VCS.OAuthTokenID, CodehostAppInstallationID: m.VCS.CodehostAppInstallationID}
		answer, _ := connection.answer(s.oauthTokenHostLocked(connection)).(map[string]any)
		v.Source, _ = answer["service-provider"].(string)
	}
	v.UpdatedAt = v.CreatedAt
	registryModuleVersions.in(s)[v.ID] = v
	return v
}

// deprecateModuleVersion deprecates a private module's version, or
// reverts its deprecation.
func (s *Server) deprecateModuleVersion(w http.ResponseWriter, r *http.Request, p principal) {
	s.write(w, r, func(in *input) reply {
		if r.PathValue("registry") != registryPrivate {
			return notFound("version of registry module " + quote(r.PathValue("name")) + " of the " + r.PathValue("registry") + " registry")
		}
		v, rep, found := s.moduleVersionLocked(r, p, r.PathValue("version"), moduleOnPath, true)
		if !found {
			return rep
		}
		f := in.attrs
		dep, given, null := f.object("deprecation")
		if !given || null {
			f.probs.add(f.at("deprecation"), "deprecation is required: its deprecated-status, %s or %s", statusDeprecated, statusUndeprecated)
			return in.probs.reply()
		}
		status, _ := dep.str("deprecated-status")
		reason, _ := dep.str("reason")
		link, _ := dep.str("link")
		switch status {
		case statusDeprecated:
			v.Deprecation = &moduleDeprecation{Reason: reason, Link: link}
		case statusUndeprecated:
			v.Deprecation = nil
		default:
			dep.probs.add(dep.at("deprecated-status"), "invalid deprecated-status %q: must be %s or %s", status, statusDeprecated, statusUndeprecated)
			return in.probs.reply()
		}
		v.UpdatedAt = s.now().UTC()
		return s.moduleVersionReply(v, addressOf(r))
	})
}

func (s *Server) deleteModuleVersion(w http.ResponseWriter, r *http.Request, p principal, find moduleFinder) {
	s.locked(w, func() reply {
		v, rep, found := s.moduleVersionLocked(r, p, r.PathValue("version"), find, true)
		if !found {
			return rep
		}
		registryModuleVersions.remove(s, v)
		return noContent()
	})
}

// checkRegistryModuleVersion refuses a version of the state file that no
// request could have stored.
func (st *store) checkRegistryModuleVersion(v *registryModuleVersion) error {
	if v == nil || !isID(prefixRegistryModuleVersion, v.ID) {
		return errors.New("no valid ID")
	}
	switch m := registryModules.in(st)[v.Module]; {
	case m == nil:
		return fmt.Errorf("registry module %q is not in the file", v.Module)
	case !semverRe.MatchString(v.Version):
		return fmt.Errorf("version %q is no semantic version", v.Version)
	case v.Status != versionPending && v.Status != versionOK && v.Status != versionIngressFailed:
		return fmt.Errorf("status %q is none a version has", v.Status)
	case v.Deprecation != nil && m.Registry != registryPrivate:
		return errors.New("a public module's version is deprecated")
	}
	return nil
}

var registryModuleVersions = &table[registryModuleVersion]{
	key: "registry-module-versions", noun: "registry module version", id: func(v *registryModuleVersion) string { return v.ID },
}

func init() {
	registryModuleVersions.needs = []anyTable{registryModules}
	registryModuleVersions.check = (*store).checkRegistryModuleVersion
	registryModuleVersions.belongsTo(registryModules, func(v *registryModuleVersion) string { return v.Module })
	registryModuleVersions.org = func(st *store, v *registryModuleVersion) *organization {
		return organizations.in(st)[registryModules.in(st)[v.Module].Org]
	}
	register(registryModuleVersions)
	addRoutes((*Server).registerRegistryModuleVersions)
}
