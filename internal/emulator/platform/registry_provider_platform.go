package platform

import (
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/route"
)

// # Registry provider platforms
//
//   - POST .../versions/:version/platforms takes os, arch, shasum and
//     filename, all required (422 "... can't be blank"); their forms are
//     not checked, as the API's documents state none. A version has one
//     platform of an os and arch: another is 409.
//   - Answers, of type registry-provider-platforms (ID "provpltfrm-..."),
//     carry os, arch, filename, shasum, provider-binary-uploaded and
//     permissions {can-delete, can-upload-asset}; the relationship
//     registry-provider-version; and, until the binary is uploaded, the
//     link provider-binary-upload, which takes a PUT of the file
//     (registry.go).
//   - GET .../platforms lists a version's platforms, oldest first, paged;
//     GET and DELETE .../platforms/:os/:arch read and delete one. A
//     deleted version takes its platforms.

// prefixRegistryProviderPlatform begins the IDs of this file's objects.
const prefixRegistryProviderPlatform = "provpltfrm"

// uploadBinary is the upload of a platform's binary, after its ID in the
// upload link.
const uploadBinary = "binary"

// registryProviderPlatform is a provider version's build for one OS and
// architecture.
type registryProviderPlatform struct {
	ID             string `json:"id"`
	Version        string `json:"registry-provider-version"`
	OS             string `json:"os"`
	Arch           string `json:"arch"`
	Filename       string `json:"filename"`
	Shasum         string `json:"shasum"`
	BinaryUploaded bool   `json:"provider-binary-uploaded"`
}

func (s *Server) registerRegistryProviderPlatforms(mux route.Mux) {
	platforms := registryProviderPath + "/versions/{version}/platforms"
	s.handle(mux, "GET "+platforms, func(w http.ResponseWriter, r *http.Request, p principal) {
		listing[*registryProviderPlatform]{
			render: plain(func(pl *registryProviderPlatform) resource {
				return s.registryProviderPlatformResource(pl, p, addressOf(r))
			}),
		}.serve(s, w, r, func(*listQuery) ([]*registryProviderPlatform, reply) {
			v, rep, found := s.registryProviderVersionOnPathLocked(r, p, false)
			if !found {
				return nil, rep
			}
			return s.platformsOfVersionLocked(v.ID), reply{}
		})
	})
	s.handle(mux, "POST "+platforms, s.createRegistryProviderPlatform)
	s.handle(mux, "GET "+platforms+"/{os}/{arch}", func(w http.ResponseWriter, r *http.Request, p principal) {
		s.locked(w, func() reply {
			pl, rep, found := s.registryProviderPlatformOnPathLocked(r, p, false)
			if !found {
				return rep
			}
			return ok(document{Data: s.registryProviderPlatformResource(pl, p, addressOf(r))})
		})
	})
	s.handle(mux, "DELETE "+platforms+"/{os}/{arch}", func(w http.ResponseWriter, r *http.Request, p principal) {
		s.locked(w, func() reply {
			pl, rep, found := s.registryProviderPlatformOnPathLocked(r, p, true)
			if !found {
				return rep
			}
			registryProviderPlatforms.remove(s, pl)
			return noContent()
		})
	})
	mux.HandleFunc("PUT "+archivistPrefix+"/{id}/"+uploadBinary, func(w http.ResponseWriter, r *http.Request) {
		if _, read := readBody(w, r); !read {
			return
		}
		s.locked(w, func() reply {
			pl := registryProviderPlatforms.in(s)[r.PathValue("id")]
			if pl == nil {
				return notFound("upload " + quote(r.URL.Path))
			}
			pl.BinaryUploaded = true
			return reply{status: http.StatusOK}
		})
	})
}

// platformsOfVersionLocked returns a version's platforms, by OS and
// architecture.
func (s *Server) platformsOfVersionLocked(version string) []*registryProviderPlatform {
	list := registryProviderPlatforms.where(s, func(pl *registryProviderPlatform) bool { return pl.Version == version })
	return registryProviderPlatforms.order(list, false, byString(func(pl *registryProviderPlatform) string { return pl.OS + "/" + pl.Arch }))
}

// registryProviderPlatformOnPathLocked returns the platform the path
// names, found as its version is.
func (s *Server) registryProviderPlatformOnPathLocked(r *http.Request, p principal, change bool) (*registryProviderPlatform, reply, bool) {
	v, rep, found := s.registryProviderVersionOnPathLocked(r, p, change)
	if !found {
		return nil, rep, false
	}
	os, arch := r.PathValue("os"), r.PathValue("arch")
	for _, pl := range s.platformsOfVersionLocked(v.ID) {
		if pl.OS == os && pl.Arch == arch {
			return pl, reply{}, true
		}
	}
	return nil, notFound("platform " + quote(os+"/"+arch) + " of version " + quote(v.Version)), false
}

// registryProviderPlatformResource renders pl for p, its upload link on
// address.
func (s *Server) registryProviderPlatformResource(pl *registryProviderPlatform, p principal, address string) resource {
	v := registryProviderVersions.in(s)[pl.Version]
	manages := s.managesProvidersLocked(p, organizations.in(s)[registryProviders.in(s)[v.Provider].Org])
	res := resource{
		Type: "registry-provider-platforms", ID: pl.ID,
		Attributes: map[string]any{
			"os":                       pl.OS,
			"arch":                     pl.Arch,
			"filename":                 pl.Filename,
			"shasum":                   pl.Shasum,
			"provider-binary-uploaded": pl.BinaryUploaded,
			"permissions":              map[string]any{"can-delete": manages, "can-upload-asset": manages},
		},
		Relationships: map[string]any{"registry-provider-version": toOne("registry-provider-versions", v.ID)},
		Links:         map[string]string{},
	}
	if !pl.BinaryUploaded {
		res.Links["provider-binary-upload"] = uploadLink(address, pl.ID+"/"+uploadBinary)
	}
	return res
}

// createRegistryProviderPlatform takes os, arch, shasum and filename.
func (s *Server) createRegistryProviderPlatform(w http.ResponseWriter, r *http.Request, p principal) {
	s.write(w, r, func(in *input) reply {
		v, rep, found := s.registryProviderVersionOnPathLocked(r, p, true)
		if !found {
			return rep
		}
		f := in.attrs
		pl := &registryProviderPlatform{Version: v.ID}
		for _, attr := range []struct {
			name, what string
			field      *string
		}{{"os", "OS", &pl.OS}, {"arch", "Arch", &pl.Arch}, {"shasum", "Shasum", &pl.Shasum}, {"filename", "Filename", &pl.Filename}} {
			*attr.field = f.requiredText(attr.name, attr.what+" can't be blank")
		}
		if len(*in.probs) > 0 {
			return in.probs.reply()
		}
		for _, o := range s.platformsOfVersionLocked(v.ID) {
			if o.OS == pl.OS && o.Arch == pl.Arch {
				return conflict(f.at("os"), "the version %s has a platform for %s/%s", v.Version, pl.OS, pl.Arch)
			}
		}
		pl.ID = newID(prefixRegistryProviderPlatform)
		registryProviderPlatforms.in(s)[pl.ID] = pl
		return created(document{Data: s.registryProviderPlatformResource(pl, p, addressOf(r))})
	})
}

// checkRegistryProviderPlatform refuses a platform of the state file that
// no request could have stored.
func (st *store) checkRegistryProviderPlatform(pl *registryProviderPlatform) error {
	if pl == nil || !isID(prefixRegistryProviderPlatform, pl.ID) {
		return errors.New("no valid ID")
	}
	if registryProviderVersions.in(st)[pl.Version] == nil {
		return fmt.Errorf("registry provider version %q is not in the file", pl.Version)
	}
	for name, v := range map[string]string{"os": pl.OS, "arch": pl.Arch, "shasum": pl.Shasum, "filename": pl.Filename} {
		if strings.TrimSpace(v) == "" {
			return fmt.Errorf("%s is blank", name)
		}
	}
	return nil
}

var registryProviderPlatforms = &table[registryProviderPlatform]{
	key: "registry-provider-platforms", noun: "registry provider platform", id: func(pl *registryProviderPlatform) string { return pl.ID },
}

func init() {
	registryProviderPlatforms.needs = []anyTable{registryProviderVersions}
	registryProviderPlatforms.check = (*store).checkRegistryProviderPlatform
	registryProviderPlatforms.belongsTo(registryProviderVersions, func(pl *registryProviderPlatform) string { return pl.Version })
	registryProviderPlatforms.org = func(st *store, pl *registryProviderPlatform) *organization {
		return organizations.in(st)[registryProviders.in(st)[registryProviderVersions.in(st)[pl.Version].Provider].Org]
	}
	register(registryProviderPlatforms)
	addRoutes((*Server).registerRegistryProviderPlatforms)
}
