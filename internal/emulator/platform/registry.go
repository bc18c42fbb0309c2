package platform

import (
	"net/http"
	"strings"
)

// # The private registry
//
// What the registry's nouns share (its modules, its providers with their
// versions and platforms, its GPG keys):
//
//   - An object is in the organization's private registry
//     (registry-name "private"), whose namespace is always the
//     organization's name, or is the organization's copy of an object of
//     the public registry ("public"), in a namespace of its own. Any other
//     registry name is 422 "Registry name is not included in the list";
//     none at all, that and "Registry name can't be blank".
//   - Names and namespaces are not blank and hold no "/": they are parts
//     of the objects' paths. Their characters are not checked further,
//     as the API's documents state no rule.
//   - Whoever sees the organization reads its registry; the owners and the
//     teams with manage-modules change its modules, those with
//     manage-providers its providers and GPG keys. The rest is 404.
//   - Uploads go to the links the answers give, under /_archivist/ as the
//     platform's object storage: a PUT of the bytes, without a token (the
//     link is the authorization), answered 200. The emulator keeps what an
//     upload changes (a version ingested, a file uploaded), never the
//     bytes.

// Registry names.
const (
	registryPrivate = "private"
	registryPublic  = "public"
)

// archivistPrefix is where upload links point, outside the API's base
// path.
const archivistPrefix = archivistRoot + "v1/object"

// readRegistryName reads registry-name, refusing it as the API does; def,
// when not empty, is its value when it is not given.
func readRegistryName(f fields, def string) string {
	v, given := f.str("registry-name")
	switch {
	case !given && def != "":
		return def
	case v == "":
		f.probs.add(f.at("registry-name"), "Registry name can't be blank")
		f.probs.add(f.at("registry-name"), "Registry name is not included in the list")
	case v != registryPrivate && v != registryPublic:
		f.probs.add(f.at("registry-name"), "Registry name is not included in the list")
	}
	return v
}

// readRegistryPart reads a name or namespace: required, not blank, and
// without "/". what names it in errors: "Name".
func readRegistryPart(f fields, attr, what string) string {
	v, _ := f.str(attr)
	switch {
	case strings.TrimSpace(v) == "":
		f.probs.add(f.at(attr), "%s can't be blank", what)
	case strings.Contains(v, "/"):
		f.probs.add(f.at(attr), "%s is invalid: %q holds a \"/\"", what, v)
	}
	return v
}

// managesRegistryLocked reports whether p changes o's registry objects of
// the kind that the team permission access names: the owners do, and the
// teams that have it.
func (s *Server) managesRegistryLocked(p principal, o *organization, access string) bool {
	if p.owns(o) {
		return true
	}
	own := s.teamOfLocked(p)
	return own != nil && own.Org == o.ExternalID && own.Access[access]
}

// addressOf is the address a request came to, such as
// "http://127.0.0.1:8080": the base of the links answers give.
func addressOf(r *http.Request) string {
	if r.TLS != nil {
		return "https://" + r.Host
	}
	return "http://" + r.Host
}

// uploadLink is the absolute link of an upload of path, under
// archivistPrefix on address.
func uploadLink(address, path string) string {
	return address + archivistPrefix + "/" + path
}
