package scheduler

// Descriptions of the auth method's attributes, shared by the resource and
// the data sources so that the docs say the same thing in each.
const (
	descName            = "Name of the auth method: letters, digits and dashes, at most 128 characters, unique on the scheduler."
	descType            = "Kind of the method: `OIDC` (an OpenID Connect identity provider) or `JWT` (tokens signed by a JWT issuer)."
	descTokenLocality   = "Whether a login creates a `local` token (valid in the region) or a `global` one (valid in every region)."
	descTokenNameFormat = "Name of the tokens a login creates, templated with `${...}` (in HCL, write `$${...}`). The scheduler's default is `${auth_method_type}-${auth_method_name}`."
	descMaxTokenTTL     = "Maximum life of the tokens this method makes, as a duration greater than zero such as `1h`."
	descDefault         = "Whether this is the default method of the login command. Only one method may be the default; the scheduler refuses a second one and names the current default."

	descDiscoveryURL      = "OIDC discovery URL of the identity provider, without any `.well-known` part."
	descClientID          = "OAuth client ID of the method at the identity provider."
	descClientSecret      = "OAuth client secret of the method at the identity provider."
	descDisableUserInfo   = "When true, no request for OIDC UserInfo is made to the identity provider."
	descScopes            = "OIDC scopes requested at login."
	descPubKeys           = "PEM-encoded public keys that validate JWT signatures locally."
	descJWKSURL           = "URL of a JSON Web Key Set that validates JWT signatures."
	descJWKSCACert        = "PEM CA certificate the scheduler trusts when it fetches `jwks_url`."
	descBoundAudiences    = "Valid `aud` claims for login; any match suffices."
	descRedirectURIs      = "Allowed `redirect_uri` values of the login flow; at least one."
	descDiscoveryCaPem    = "PEM CA certificates the scheduler trusts when it talks to the discovery URL; when unset, the system's certificates are used."
	descSigningAlgs       = "Signing algorithms accepted. When unset the scheduler uses `RS256`."
	descExpirationLeeway  = "Leeway when validating a JWT's expiration time, as a duration of zero or more such as `30s`."
	descNotBeforeLeeway   = "Leeway when validating a JWT's not-before time, as a duration of zero or more such as `30s`."
	descClockSkewLeeway   = "Leeway when validating all of a JWT's time claims, as a duration of zero or more such as `30s`."
	descClaimMappings     = "Singular claims (keys) copied into token metadata fields (values)."
	descListClaimMappings = "List claims, such as groups, (keys) copied into token metadata fields (values)."

	descCreateTime  = "When the method was created (RFC 3339, UTC), set by the scheduler."
	descModifyTime  = "When the method was last changed (RFC 3339, UTC), set by the scheduler."
	descCreateIndex = "Scheduler index of the method's creation."
	descModifyIndex = "Scheduler index of the method's last change; it grows on every update."
)
