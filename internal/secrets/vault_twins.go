package secrets

import (
	"encoding/json"
	"fmt"

	secretsclient "github.com/stackworks/terraform-provider-stack/internal/client/secrets"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// The incumbent's twins of the secrets sync's resources,
// hashicorp/vault's vault_secrets_sync_*, whose objects a moved block
// brings here. Each is an SDKv2 resource of schema version 0: its unset
// strings are "", its unset numbers 0, its sets lists; each has an id (the
// name, "global_config" for the configuration, a path of four parts for an
// association) and the vault provider's namespace, which here is the
// provider's setting (secrets.namespace), not an attribute.

// vaultProvider is the incumbent's namespace and type.
const vaultProvider = "hashicorp/vault"

// vaultTwin is the twin of vault's resource typ, whose version 0 move
// transforms.
func vaultTwin(typ string, move func(src fwutil.Moved) (map[string]any, error)) []fwutil.Twin {
	return []fwutil.Twin{{
		Provider: vaultProvider,
		Type:     typ,
		Versions: map[int64]func(fwutil.Moved) (map[string]any, error){
			0: func(src fwutil.Moved) (map[string]any, error) {
				src.Drop(nil, "namespace")
				return move(src)
			},
		},
	}}
}

// vaultDestinationTypes are the incumbent's names of the destination
// types, by this provider's.
var vaultDestinationTypes = map[string]string{
	secretsclient.TypeCloudOneSM:     "aws-sm",
	secretsclient.TypeCloudTwoKV:     "azure-kv",
	secretsclient.TypeCloudThreeSM:   "gcp-sm",
	secretsclient.TypeCodehost:       "gh",
	secretsclient.TypeWebhostProject: "vercel-project",
}

// vaultDestinationResources are the incumbent's resource types of the
// destination types, by this provider's.
var vaultDestinationResources = map[string]string{
	secretsclient.TypeCloudOneSM:     "vault_secrets_sync_aws_destination",
	secretsclient.TypeCloudTwoKV:     "vault_secrets_sync_azure_destination",
	secretsclient.TypeCloudThreeSM:   "vault_secrets_sync_gcp_destination",
	secretsclient.TypeCodehost:       "vault_secrets_sync_gh_destination",
	secretsclient.TypeWebhostProject: "vault_secrets_sync_vercel_destination",
}

// vaultWorkloadIdentity are the incumbent's attributes of workload
// identity federation, which the service's API has not (0 when unset).
var vaultWorkloadIdentity = []string{
	"identity_token_key_wo_version", "identity_token_audience_wo_version",
}

// vaultDestinationTwin is the twin of the destination type apiType: the
// options every type shares, then the type's own (own, which names what
// the type keeps under the same name, secrets included: the service
// answers them obfuscated, so they come from the incumbent's state).
func vaultDestinationTwin(apiType string, customTags bool, own []string, extra func(src fwutil.Moved, m map[string]any)) []fwutil.Twin {
	return vaultTwin(vaultDestinationResources[apiType], func(src fwutil.Moved) (map[string]any, error) {
		m := map[string]any{
			// Neither is reported by the service, and both default to
			// false here, as the incumbent's network option does.
			"disable_strict_networking": src.Get("disable_strict_networking") == true,
			"purge_on_destroy":          false,
		}
		src.Copy(m, "name", "secret_name_template", "granularity", "allowed_ipv4_addresses", "allowed_ipv6_addresses", "allowed_ports")
		if customTags {
			src.Copy(m, "custom_tags")
		}
		src.Copy(m, own...)
		src.Drop(json.Number("0"), "identity_token_ttl")
		src.Drop(json.Number("0"), vaultWorkloadIdentity...)
		if extra != nil {
			extra(src, m)
		}
		return m, nil
	})
}

// vaultSyncConfigTwin is the twin of the sync configuration, whose
// incumbent ID is "global_config".
var vaultSyncConfigTwin = vaultTwin("vault_secrets_sync_config", func(src fwutil.Moved) (map[string]any, error) {
	m := map[string]any{"id": syncConfigID, "disabled": src.Get("disabled") == true}
	src.Copy(m, "queue_capacity")
	return m, nil
})

// vaultAssociationTwin is the twin of an association: the incumbent's
// name and type are the destination's, the type in the incumbent's words
// (aws-sm); its metadata (the sync status) is the refresh's to fill.
var vaultAssociationTwin = vaultTwin("vault_secrets_sync_association", func(src fwutil.Moved) (map[string]any, error) {
	m := map[string]any{}
	for ours, theirs := range vaultDestinationTypes {
		if src.String("type") == theirs {
			m["destination_type"] = ours
		}
	}
	if m["destination_type"] == nil {
		return nil, fmt.Errorf("the association's destination type %q is none of the incumbent's (aws-sm, azure-kv, gcp-sm, gh, vercel-project) that this provider manages", src.String("type"))
	}
	src.CopyAs(m, "name", "destination_name")
	src.Copy(m, "mount", "secret_name")
	return m, nil
})

// vaultCodehostAppTwin is the twin of a custom code-host app, whose
// private key the service answers obfuscated: it comes from the
// incumbent's state.
var vaultCodehostAppTwin = vaultTwin("vault_secrets_sync_github_apps", func(src fwutil.Moved) (map[string]any, error) {
	m := map[string]any{}
	src.Copy(m, "name", "app_id", "private_key", "fingerprint")
	return m, nil
})

// moveVaultInstallationID moves the incumbent's installation_id, a number
// (0 when unset), to this provider's, a string.
func moveVaultInstallationID(src fwutil.Moved, m map[string]any) {
	if n, ok := src.Get("installation_id").(json.Number); ok && n != "0" {
		m["installation_id"] = n.String()
	}
}
