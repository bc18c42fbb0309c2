package platform

// # OPA versions
//
// The site's versions of the OPA engine, /admin/opa-versions: see
// engine_version.go, which every engine's versions share.

var opaVersions = &engine{
	kind: kindOPA, typ: "opa-versions",
	versions: opaVersionsTable,
	shipped: engineVersion{
		ID: "tool-Rego1Version59xA", Version: "0.59.0", Official: true, Enabled: true,
		Archs: []engineArch{{
			URL: "https://releases.example.com/opa/0.59.0/opa_linux_amd64", OS: "linux", Arch: "amd64",
			SHA: "9a3b7c1d2e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b",
		}},
	},
}

func init() { registerEngine(opaVersions) }
