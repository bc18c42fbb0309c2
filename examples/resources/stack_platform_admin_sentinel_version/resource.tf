# A Sentinel version that the site's policy sets may pin (their
# policy_tool_version), built for two platforms; url and sha show the
# linux/amd64 build, which the site runs. The provider's token must be
# the site administrator's.
resource "stack_platform_admin_sentinel_version" "v0_31_0" {
  version = "0.31.0"
  archs = [
    {
      url  = "https://releases.example.com/sentinel/0.31.0/sentinel_0.31.0_linux_amd64.zip"
      sha  = "3f5c2a9e7b1d4c6f8a0e2b4d6f8a1c3e5b7d9f1a3c5e7b9d1f3a5c7e9b1d3f5a"
      os   = "linux"
      arch = "amd64"
    },
    {
      url  = "https://releases.example.com/sentinel/0.31.0/sentinel_0.31.0_linux_arm64.zip"
      sha  = "8b0d2f4a6c8e0b2d4f6a8c0e2b4d6f8a0c2e4b6d8f0a2c4e6b8d0f2a4c6e8b0d"
      os   = "linux"
      arch = "arm64"
    },
  ]
}
