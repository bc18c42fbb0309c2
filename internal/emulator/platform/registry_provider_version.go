package platform

import (
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/route"
)

// # Registry provider versions
//
//   - POST .../registry-providers/private/:namespace/:name/versions takes
//     version (required: a semantic version, such as 1.2.0 or
//     1.2.0-beta.1+build.7; 422 otherwise), key-id (required, the ID of
//     the GPG key that signs the release; not checked against the
//     registry's keys, as the incumbent client's tests create versions
//     with made-up key IDs) and protocols (a list, [] when not given). A
//     provider has a version once: another is 409. Only a private
//     provider has versions: the path of a public one is 422 at /data.
//   - Answers, of type registry-provider-versions (ID "provver-..."),
//     carry version, key-id, protocols, created-at, updated-at,
//     shasums-uploaded, shasums-sig-uploaded and permissions
//     {can-delete, can-upload-asset}; the relationships registry-provider
//     and platforms; and, until each file is uploaded, the links
//     shasums-upload and shasums-sig-upload, which take a PUT of the
//     file (registry.go). The emulator serves no download links: it keeps
//     no file.
//   - GET .../versions lists a provider's versions, oldest first, paged;
//     GET and DELETE .../versions/:version read and delete one (with its
//     platforms). A deleted provider takes its versions.

// prefixRegistryProviderVersion begins the IDs of this file's objects.
const prefixRegistryProviderVersion = "provver"

// registryProviderVersion is a release of a private provider.
type registryProviderVersion struct {
	ID                 string    `json:"id"`
	Provider           string    `json:"registry-provider"`
	Version            string    `json:"version"`
	KeyID              string    `json:"key-id"`
	Protocols          []string  `json:"protocols"`
	CreatedAt          time.Time `json:"created-at"`
	UpdatedAt          time.Time `json:"updated-at"`
	ShasumsUploaded    bool      `json:"shasums-uploaded"`
	ShasumsSigUploaded bool      `json:"shasums-sig-uploaded"`
}

// semverRe matches a semantic version, with a pre-release and build
// metadata or not.
var semverRe = regexp.MustCompile(`^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(-[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?(\+[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?$`)

// Uploads of a version's files, after its ID in the upload link.
const (
	uploadShasums    = "shasums"
	uploadShasumsSig = "shasums-sig"
)

func (s *Server) registerRegistryProviderVersions(mux route.Mux) {
	versions := registryProviderPath + "/versions"
	s.handle(mux, "GET "+versions, s.listRegistryProviderVersions)
	s.handle(mux, "POST "+versions, s.createRegistryProviderVersion)
	s.handle(mux, "GET "+versions+"/{version}", func(w http.ResponseWriter, r *http.Request, p principal) {
		s.locked(w, func() reply {
			v, rep, found := s.registryProviderVersionOnPathLocked(r, p, false)
			if !found {
				return rep
			}
			return ok(document{Data: s.registryProviderVersionResource(v, p, addressOf(r))})
		})
	})
	s.handle(mux, "DELETE "+versions+"/{version}", func(w http.ResponseWriter, r *http.Request, p principal) {
		s.locked(w, func() reply {
			v, rep, found := s.registryProviderVersionOnPathLocked(r, p, true)
			if !found {
				return rep
			}
			registryProviderVersions.remove(s, v)
			return noContent()
		})
	})
	for _, file := range []string{uploadShasums, uploadShasumsSig} {
		mux.HandleFunc("PUT "+archivistPrefix+"/{id}/"+file, func(w http.ResponseWriter, r *http.Request) {
			if _, read := readBody(w, r); !read {
				return
			}
			s.locked(w, func() reply {
				v := registryProviderVersions.in(s)[r.PathValue("id")]
				if v == nil {
					return notFound("upload " + quote(r.URL.Path))
				}
				if file == uploadShasums {
					v.ShasumsUploaded = true
				} else {
					v.ShasumsSigUploaded = true
				}
				v.UpdatedAt = s.now().UTC()
				return reply{status: http.StatusOK}
			})
		})
	}
}

// versionsOfProviderLocked returns a provider's versions, oldest first.
func (s *Server) versionsOfProviderLocked(provider string) []*registryProviderVersion {
	list := registryProviderVersions.where(s, func(v *registryProviderVersion) bool { return v.Provider == provider })
	return registryProviderVersions.order(list, false, byTime(func(v *registryProviderVersion) time.Time { return v.CreatedAt }))
}

// registryProviderVersionOnPathLocked returns the version the path names,
// found as its provider is (see registryProviderOnPathLocked).
func (s *Server) registryProviderVersionOnPathLocked(r *http.Request, p principal, change bool) (*registryProviderVersion, reply, bool) {
	rp, rep, found := s.registryProviderOnPathLocked(r, p, change)
	if !found {
		return nil, rep, false
	}
	want := r.PathValue("version")
	for _, v := range s.versionsOfProviderLocked(rp.ID) {
		if v.Version == want {
			return v, reply{}, true
		}
	}
	return nil, notFound("version " + quote(want) + " of registry provider " + quote(rp.Name)), false
}

// registryProviderVersionResource renders v for p; address, when not
// empty, is where its upload links point.
func (s *Server) registryProviderVersionResource(v *registryProviderVersion, p principal, address string) resource {
	rp := registryProviders.in(s)[v.Provider]
	manages := s.managesProvidersLocked(p, organizations.in(s)[rp.Org])
	var platforms []string
	for _, pl := range s.platformsOfVersionLocked(v.ID) {
		platforms = append(platforms, pl.ID)
	}
	protocols := v.Protocols
	if protocols == nil {
		protocols = []string{}
	}
	res := resource{
		Type: "registry-provider-versions", ID: v.ID,
		Attributes: map[string]any{
			"version":              v.Version,
			"key-id":               v.KeyID,
			"protocols":            protocols,
			"created-at":           formatTime(v.CreatedAt),
			"updated-at":           formatTime(v.UpdatedAt),
			"shasums-uploaded":     v.ShasumsUploaded,
			"shasums-sig-uploaded": v.ShasumsSigUploaded,
			"permissions":          map[string]any{"can-delete": manages, "can-upload-asset": manages},
		},
		Relationships: map[string]any{
			"registry-provider": toOne("registry-providers", rp.ID),
			"platforms":         toMany(refsOf("registry-provider-platforms", platforms)),
		},
	}
	if address != "" {
		links := map[string]string{}
		if !v.ShasumsUploaded {
			links["shasums-upload"] = uploadLink(address, v.ID+"/"+uploadShasums)
		}
		if !v.ShasumsSigUploaded {
			links["shasums-sig-upload"] = uploadLink(address, v.ID+"/"+uploadShasumsSig)
		}
		res.Links = links
	}
	return res
}

func (s *Server) listRegistryProviderVersions(w http.ResponseWriter, r *http.Request, p principal) {
	listing[*registryProviderVersion]{
		render: plain(func(v *registryProviderVersion) resource {
			return s.registryProviderVersionResource(v, p, addressOf(r))
		}),
	}.serve(s, w, r, func(*listQuery) ([]*registryProviderVersion, reply) {
		rp, rep, found := s.registryProviderOnPathLocked(r, p, false)
		if !found {
			return nil, rep
		}
		return s.versionsOfProviderLocked(rp.ID), reply{}
	})
}

// createRegistryProviderVersion takes version, key-id and protocols.
func (s *Server) createRegistryProviderVersion(w http.ResponseWriter, r *http.Request, p principal) {
	s.write(w, r, func(in *input) reply {
		rp, rep, found := s.registryProviderOnPathLocked(r, p, true)
		if !found {
			return rep
		}
		if rp.Registry != registryPrivate {
			in.probs.add("/data", "only a private provider has versions: %s/%s is a public provider", rp.Namespace, rp.Name)
			return in.probs.reply()
		}
		f := in.attrs
		v := &registryProviderVersion{Provider: rp.ID, Protocols: []string{}}
		v.Version, _ = f.str("version")
		switch {
		case strings.TrimSpace(v.Version) == "":
			f.probs.add(f.at("version"), "Version can't be blank")
		case !semverRe.MatchString(v.Version):
			f.probs.add(f.at("version"), "Version is invalid: %q is no semantic version such as 1.2.0", v.Version)
		}
		v.KeyID, _ = f.str("key-id")
		if strings.TrimSpace(v.KeyID) == "" {
			f.probs.add(f.at("key-id"), "Key ID can't be blank")
		}
		if protocols, given := f.strings("protocols"); given && protocols != nil {
			v.Protocols = protocols
		}
		if len(*in.probs) > 0 {
			return in.probs.reply()
		}
		if slices.ContainsFunc(s.versionsOfProviderLocked(rp.ID), func(o *registryProviderVersion) bool { return o.Version == v.Version }) {
			return conflict(f.at("version"), "Version has already been taken: the provider has version %s", v.Version)
		}
		v.ID, v.CreatedAt = newID(prefixRegistryProviderVersion), s.now().UTC()
		v.UpdatedAt = v.CreatedAt
		registryProviderVersions.in(s)[v.ID] = v
		return created(document{Data: s.registryProviderVersionResource(v, p, addressOf(r))})
	})
}

// checkRegistryProviderVersion refuses a version of the state file that no
// request could have stored.
func (st *store) checkRegistryProviderVersion(v *registryProviderVersion) error {
	if v == nil || !isID(prefixRegistryProviderVersion, v.ID) {
		return errors.New("no valid ID")
	}
	rp := registryProviders.in(st)[v.Provider]
	switch {
	case rp == nil:
		return fmt.Errorf("registry provider %q is not in the file", v.Provider)
	case rp.Registry != registryPrivate:
		return fmt.Errorf("registry provider %q is public, and has no versions", v.Provider)
	case !semverRe.MatchString(v.Version):
		return fmt.Errorf("version %q is no semantic version", v.Version)
	case strings.TrimSpace(v.KeyID) == "":
		return errors.New("key-id is blank")
	}
	return nil
}

var registryProviderVersions = &table[registryProviderVersion]{
	key: "registry-provider-versions", noun: "registry provider version", id: func(v *registryProviderVersion) string { return v.ID },
}

func init() {
	registryProviderVersions.needs = []anyTable{registryProviders}
	registryProviderVersions.check = (*store).checkRegistryProviderVersion
	registryProviderVersions.belongsTo(registryProviders, func(v *registryProviderVersion) string { return v.Provider })
	registryProviderVersions.org = func(st *store, v *registryProviderVersion) *organization {
		return organizations.in(st)[registryProviders.in(st)[v.Provider].Org]
	}
	register(registryProviderVersions)
	addRoutes((*Server).registerRegistryProviderVersions)
}
