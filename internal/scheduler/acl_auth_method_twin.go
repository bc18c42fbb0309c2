package scheduler

import (
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// nomadACLAuthMethod is the incumbent's twin of the auth method,
// hashicorp/nomad's nomad_acl_auth_method, whose objects a moved block
// brings here. Its schema version 0 is the SDKv2 resource's, whose config
// (and the blocks in it) are lists of one block and whose unset strings are
// ""; version 1 is the plugin framework's, with single nested blocks and
// nulls. Both keep an id, the method's name, which this resource has not.
var nomadACLAuthMethod = fwutil.Twin{
	Provider: "hashicorp/nomad",
	Type:     "nomad_acl_auth_method",
	Versions: map[int64]func(fwutil.Moved) (map[string]any, error){
		0: moveNomadACLAuthMethod,
		1: moveNomadACLAuthMethod,
	},
}

// moveNomadACLAuthMethod transforms either version of the incumbent's
// state: they differ only in how they spell a block and an unset value,
// which fwutil.Moved reads alike.
func moveNomadACLAuthMethod(src fwutil.Moved) (map[string]any, error) {
	m := map[string]any{}
	src.Copy(m, "name", "type", "token_locality", "token_name_format", "max_token_ttl", "default")
	config, ok := src.Block("config")
	if !ok {
		return m, nil
	}
	c := map[string]any{}
	// The client secret is never answered in clear by the scheduler: it
	// comes from the incumbent's state, with the version of its write-only
	// twin, which the incumbent computes when left unset.
	config.Copy(c, "oidc_discovery_url", "oidc_client_id", "oidc_client_secret", "oidc_client_secret_wo_version",
		"oidc_scopes", "jwt_validation_pub_keys", "jwks_url", "jwks_ca_cert", "bound_audiences",
		"allowed_redirect_uris", "discovery_ca_pem", "signing_algs",
		"expiration_leeway", "not_before_leeway", "clock_skew_leeway",
		"claim_mappings", "list_claim_mappings")
	config.CopyAs(c, "oidc_disable_userinfo", "oidc_disable_user_info")
	// The incumbent defaults the leeways to "0s", where this resource has
	// null: a zero duration is unset here, as the scheduler answers either.
	for _, leeway := range []string{"expiration_leeway", "not_before_leeway", "clock_skew_leeway"} {
		if d, err := time.ParseDuration(config.String(leeway)); err == nil && d == 0 {
			delete(c, leeway)
		}
	}
	config.Drop(nil, "oidc_enable_pkce", "bound_issuer", "verbose_logging", "oidc_client_assertion")
	m["config"] = c
	return m, nil
}
