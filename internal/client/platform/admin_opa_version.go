package platform

import "time"

// AdminOPAVersion is a version of the OPA engine that the site
// offers, type opa-versions (tool-…), which Client.AdminOPAVersions
// (engine_version.go) gives as an EngineVersion: the site
// administrator's alone.
type AdminOPAVersion struct {
	ID               string        `jsonapi:"primary,opa-versions"`
	Version          string        `jsonapi:"attr,version"`
	URL              string        `jsonapi:"attr,url"`
	SHA              string        `jsonapi:"attr,sha"`
	Official         bool          `jsonapi:"attr,official"`
	Enabled          bool          `jsonapi:"attr,enabled"`
	Beta             bool          `jsonapi:"attr,beta"`
	Deprecated       bool          `jsonapi:"attr,deprecated"`
	DeprecatedReason *string       `jsonapi:"attr,deprecated-reason"`
	Usage            int           `jsonapi:"attr,usage"`
	CreatedAt        *time.Time    `jsonapi:"attr,created-at,rfc3339"`
	Archs            []*EngineArch `jsonapi:"attr,archs"`
}

var adminOPAVersions = collection{path: "/admin/opa-versions", id: "OPA version ID"}
