package platform

// # Sentinel versions
//
// The site's versions of the Sentinel engine, /admin/sentinel-versions:
// see engine_version.go, which every engine's versions share.

var sentinelVersions = &engine{
	kind: kindSentinel, typ: "sentinel-versions",
	versions: sentinelVersionsTable,
	shipped: engineVersion{
		ID: "tool-Sentine1Ver2x21A", Version: "0.22.1", Official: true, Enabled: true,
		Archs: []engineArch{{
			URL: "https://releases.example.com/sentinel/0.22.1/sentinel_0.22.1_linux_amd64.zip", OS: "linux", Arch: "amd64",
			SHA: "4c3fd5c5f6a52c0b2fb0a3b0d1d9b1f0f0e4b1c9d5a0e0b3c5d2a1f4e3b2c1d0",
		}},
	},
}

func init() { registerEngine(sentinelVersions) }
