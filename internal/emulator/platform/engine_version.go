package platform

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/route"
)

// # Policy engine versions (the site's Sentinel and OPA versions)
//
// What admin_sentinel_version.go and admin_opa_version.go share: each
// engine's versions are a collection of the admin API,
// /admin/sentinel-versions and /admin/opa-versions, whose answers are of
// type sentinel-versions and opa-versions (IDs "tool-...").
//
//   - Only the site administrator (Options.Token) reads and writes them,
//     on both editions: the incumbent client's policy set tests create a
//     version with the hosted edition's administrator token too. Anyone
//     else is answered 404, as the admin API answers who is not an
//     administrator.
//   - POST takes version (required, unique among the engine's versions
//     in its case, else 422 "Version has already been taken"), url and
//     sha (the linux/amd64 build) or archs, a list of {url, sha, os, arch}
//     (one of the two is required; given both, url and sha set the
//     linux/amd64 item of archs), official (false), enabled (true), beta
//     (false), deprecated (false) and deprecated-reason. Answers carry
//     them, url and sha being the linux/amd64 item's (null without one),
//     deprecated-reason null unless deprecated, usage (the policy sets
//     pinned to the version) and created-at.
//   - PATCH takes the same: archs replace the list, url and sha change
//     the linux/amd64 item (adding it when there is none), and deprecated
//     false forgets the reason. A version the site ships (below) cannot
//     be changed or deleted: 422.
//   - GET lists the site's versions, those it ships first and then the
//     others oldest first, paged, with filter[version] (the version
//     exactly) and search[version] (a part of it). DELETE answers 204,
//     whatever the policy sets pinned to the version: they keep its
//     number.
//   - The site ships one version of each engine, which every new Server
//     has: Sentinel 0.22.1 and OPA 0.59.0, the versions the incumbent
//     client's tests look for. They are part of no state file.

// The engines' tables, which their files' engines hold.
var (
	sentinelVersionsTable = &table[engineVersion]{key: "sentinel-versions", noun: "Sentinel version", id: func(v *engineVersion) string { return v.ID }}
	opaVersionsTable      = &table[engineVersion]{key: "opa-versions", noun: "OPA version", id: func(v *engineVersion) string { return v.ID }}
)

// prefixEngineVersion begins the IDs of this file's objects.
const prefixEngineVersion = "tool"

// engineVersion is a version of a policy engine that the site offers.
type engineVersion struct {
	ID               string       `json:"id"`
	Version          string       `json:"version"`
	Archs            []engineArch `json:"archs"`
	Official         bool         `json:"official,omitempty"`
	Enabled          bool         `json:"enabled,omitempty"`
	Beta             bool         `json:"beta,omitempty"`
	Deprecated       bool         `json:"deprecated,omitempty"`
	DeprecatedReason string       `json:"deprecated-reason,omitempty"`
	CreatedAt        time.Time    `json:"created-at"`
}

// engineArch is one build of a version: where it is, its checksum, and
// what it runs on.
type engineArch struct {
	URL  string `json:"url"`
	SHA  string `json:"sha"`
	OS   string `json:"os"`
	Arch string `json:"arch"`
}

// engine is one policy engine's versions: its table, its collection's
// name in paths and answers, and the version the site ships.
type engine struct {
	kind     string // a policy set's kind: sentinel, opa
	typ      string // the collection and the answers' type: sentinel-versions
	versions *table[engineVersion]
	shipped  engineVersion
}

// engines are the engines, by kind.
var engines = map[string]*engine{}

// registerEngine registers e's table and routes: call it from the
// engine's file's init.
func registerEngine(e *engine) {
	engines[e.kind] = e
	e.versions.check = e.checkVersion
	register(e.versions)
	addRoutes(func(s *Server, mux route.Mux) {
		all := apiPrefix + "/admin/" + e.typ
		s.handle(mux, "GET "+all, s.listEngineVersions(e))
		s.handle(mux, "POST "+all, s.createEngineVersion(e))
		s.handle(mux, "GET "+all+"/{id}", s.readEngineVersion(e))
		s.handle(mux, "PATCH "+all+"/{id}", s.updateEngineVersion(e))
		s.handle(mux, "DELETE "+all+"/{id}", s.deleteEngineVersion(e))
	})
}

// all are the engine's versions: the one it ships, then the others
// oldest first.
func (e *engine) all(h holder) []*engineVersion {
	list := e.versions.order(e.versions.where(h, func(*engineVersion) bool { return true }), false,
		byTime(func(v *engineVersion) time.Time { return v.CreatedAt }))
	shipped := e.shipped
	return append([]*engineVersion{&shipped}, list...)
}

// named is the engine's version numbered version, nil for none.
func (e *engine) named(h holder, version string) *engineVersion {
	for _, v := range e.all(h) {
		if v.Version == version {
			return v
		}
	}
	return nil
}

// finder finds the version with that ID for the site administrator; the
// one the site ships is a copy, which no request changes.
func (e *engine) finder(s *Server) finder[engineVersion] {
	return func(p principal, id string) (*engineVersion, reply, bool) { return e.find(s, p, id) }
}

func (e *engine) find(s *Server, p principal, id string) (*engineVersion, reply, bool) {
	if rep, allowed := adminOnly(p); !allowed {
		return nil, rep, false
	}
	if id == e.shipped.ID {
		shipped := e.shipped
		return &shipped, reply{}, true
	}
	return e.versions.find(s, p, id, nil)
}

// amd64 is the linux/amd64 build of v, nil for none.
func (v *engineVersion) amd64() *engineArch {
	for i := range v.Archs {
		if v.Archs[i].OS == "linux" && v.Archs[i].Arch == "amd64" {
			return &v.Archs[i]
		}
	}
	return nil
}

func (s *Server) engineVersionResource(e *engine, v *engineVersion) resource {
	var url, sha, reason any
	if a := v.amd64(); a != nil {
		url, sha = a.URL, a.SHA
	}
	if v.Deprecated {
		reason = v.DeprecatedReason
	}
	archs := []any{}
	for _, a := range v.Archs {
		archs = append(archs, map[string]any{"url": a.URL, "sha": a.SHA, "os": a.OS, "arch": a.Arch})
	}
	return resource{
		Type: e.typ, ID: v.ID,
		Attributes: map[string]any{
			"version":           v.Version,
			"url":               url,
			"sha":               sha,
			"archs":             archs,
			"official":          v.Official,
			"enabled":           v.Enabled,
			"beta":              v.Beta,
			"deprecated":        v.Deprecated,
			"deprecated-reason": reason,
			"usage":             s.engineUsageLocked(e, v),
			"created-at":        formatTime(v.CreatedAt),
		},
		Links: map[string]string{"self": apiPrefix + "/admin/" + e.typ + "/" + v.ID},
	}
}

// engineUsageLocked is the number of policy sets pinned to v.
func (s *Server) engineUsageLocked(e *engine, v *engineVersion) int {
	return len(policySets.where(s, func(ps *policySet) bool { return ps.Kind == e.kind && ps.inAgent() && ps.ToolVersion == v.Version }))
}

func (s *Server) listEngineVersions(e *engine) handler {
	return func(w http.ResponseWriter, r *http.Request, p principal) {
		listing[*engineVersion]{
			includes: noIncludes,
			render:   plain(func(v *engineVersion) resource { return s.engineVersionResource(e, v) }),
		}.serve(s, w, r, func(lq *listQuery) ([]*engineVersion, reply) {
			if rep, allowed := adminOnly(p); !allowed {
				return nil, rep
			}
			exact, part := lq.Get("filter[version]"), lq.Get("search[version]")
			return slices.DeleteFunc(e.all(s), func(v *engineVersion) bool {
				return exact != "" && v.Version != exact || !strings.Contains(v.Version, part)
			}), reply{}
		})
	}
}

func (s *Server) readEngineVersion(e *engine) handler {
	return func(w http.ResponseWriter, r *http.Request, p principal) {
		readOnPath(s, w, r, p, noIncludes, e.finder(s), func(v *engineVersion, _ []string) resource { return s.engineVersionResource(e, v) })
	}
}

// createEngineVersion takes version (required) and what applyEngineVersion
// reads.
func (s *Server) createEngineVersion(e *engine) handler {
	return func(w http.ResponseWriter, r *http.Request, p principal) {
		s.write(w, r, func(in *input) reply {
			if rep, allowed := adminOnly(p); !allowed {
				return rep
			}
			f := in.attrs
			v := &engineVersion{Enabled: true}
			if _, given := f.str("version"); !given {
				in.probs.add(f.at("version"), "version is required")
			}
			_, url := f.str("url")
			_, sha := f.str("sha")
			if _, archs := f.get("archs"); !archs && !url && !sha {
				in.probs.add(f.at("archs"), "url and sha, or archs, are required: where the version's builds are, and their checksums")
			}
			s.applyEngineVersion(e, v, f)
			if len(*in.probs) > 0 {
				return in.probs.reply()
			}
			v.ID, v.CreatedAt = newID(prefixEngineVersion), s.now().UTC()
			e.versions.in(s)[v.ID] = v
			return created(document{Data: s.engineVersionResource(e, v)})
		})
	}
}

// applyEngineVersion sets what a create and an update take. A version is
// unique among the engine's, in its case.
func (s *Server) applyEngineVersion(e *engine, v *engineVersion, f fields) {
	if version, given := f.text("version", "version must not be blank"); given {
		if taken := e.named(s, version); taken != nil && taken.ID != v.ID {
			f.probs.add(f.at("version"), "Version has already been taken: %s is %s", version, taken.ID)
		}
		v.Version = version
	}
	if raw, given := f.get("archs"); given {
		v.Archs = nil
		if raw != nil {
			var archs []engineArch
			if err := json.Unmarshal(raw, &archs); err != nil {
				f.probs.add(f.at("archs"), "invalid archs %s: must be a list of {url, sha, os, arch}", raw)
			}
			for i, a := range archs {
				if a.URL == "" || a.SHA == "" || a.OS == "" || a.Arch == "" {
					f.probs.add(fmt.Sprintf("%s/%d", f.at("archs"), i), "an arch needs url, sha, os and arch")
				}
			}
			v.Archs = archs
		}
	}
	url, urlGiven := f.str("url")
	sha, shaGiven := f.str("sha")
	if urlGiven || shaGiven {
		if v.amd64() == nil {
			v.Archs = append(v.Archs, engineArch{OS: "linux", Arch: "amd64"})
		}
		a := v.amd64()
		if urlGiven {
			a.URL = url
		}
		if shaGiven {
			a.SHA = sha
		}
	}
	for name, flag := range map[string]*bool{"official": &v.Official, "enabled": &v.Enabled, "beta": &v.Beta, "deprecated": &v.Deprecated} {
		if b, given := f.boolean(name); given {
			*flag = b
		}
	}
	if reason, given := f.str("deprecated-reason"); given {
		v.DeprecatedReason = reason
	}
	if !v.Deprecated {
		v.DeprecatedReason = ""
	}
}

func (s *Server) updateEngineVersion(e *engine) handler {
	return func(w http.ResponseWriter, r *http.Request, p principal) {
		writeOnPath(s, w, r, p, e.finder(s), func(cur *engineVersion, in *input) reply {
			if cur.ID == e.shipped.ID {
				return errorReply(http.StatusUnprocessableEntity, "the version "+cur.Version+" ships with the site: it cannot be changed")
			}
			v := *cur
			v.Archs = slices.Clone(cur.Archs)
			s.applyEngineVersion(e, &v, in.attrs)
			if len(*in.probs) > 0 {
				return in.probs.reply()
			}
			*cur = v
			return ok(document{Data: s.engineVersionResource(e, cur)})
		})
	}
}

func (s *Server) deleteEngineVersion(e *engine) handler {
	return func(w http.ResponseWriter, r *http.Request, p principal) {
		onPath(s, w, r, p, e.finder(s), func(v *engineVersion) reply {
			if v.ID == e.shipped.ID {
				return errorReply(http.StatusUnprocessableEntity, "the version "+v.Version+" ships with the site: it cannot be deleted")
			}
			e.versions.remove(s, v)
			return noContent()
		})
	}
}

// checkVersion refuses a version of the state file that no request could
// have stored.
func (e *engine) checkVersion(st *store, v *engineVersion) error {
	switch {
	case v == nil || !isID(prefixEngineVersion, v.ID):
		return errors.New("no valid ID")
	case strings.TrimSpace(v.Version) == "":
		return errors.New("no version")
	case len(v.Archs) == 0:
		return errors.New("no archs")
	}
	if taken := e.named(st, v.Version); taken != nil {
		return fmt.Errorf("version %q is %s's too", v.Version, taken.ID)
	}
	return nil
}
