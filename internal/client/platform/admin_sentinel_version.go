package platform

import "time"

// AdminSentinelVersion is a version of the Sentinel engine that the site
// offers, type sentinel-versions (tool-…), which Client.AdminSentinelVersions
// (engine_version.go) gives as an EngineVersion: the site
// administrator's alone.
type AdminSentinelVersion struct {
	ID               string        `jsonapi:"primary,sentinel-versions"`
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

var adminSentinelVersions = collection{path: "/admin/sentinel-versions", id: "Sentinel version ID"}
