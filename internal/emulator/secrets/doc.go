// Package secrets emulates the secrets-sync API in memory: the sync config,
// destinations of the five types, associations and custom code-host apps,
// with the envelope, error bodies and status codes the provider's client
// expects. "The spec" below is the API's published description, which
// leaves much unsaid; this doc states how the emulator decides each such
// point, and the provider is written against these choices.
//
// Each object has its file, named as in the client and the provider:
// sync_config.go, destination.go, association.go and codehost_app.go hold
// its types, rules, store operations and handlers. server.go (the store,
// namespaces, KV mounts and routing), request.go (bodies), reply.go (the
// envelope and errors) and state.go (the state file) hold what they share.
//
// Routes, as /_emulator/stats counts them: the request's method, then the
// pattern (a GET ?list=true counts as GET of the list's path):
//
//	GET, PATCH, DELETE     /v1/sys/sync/config
//	LIST, GET ?list=true   /v1/sys/sync/destinations
//	LIST, GET ?list=true   /v1/sys/sync/destinations/{type}
//	GET, DELETE            /v1/sys/sync/destinations/{type}/{name}
//	POST, PUT              /v1/sys/sync/destinations/cloudone-sm/{name}, one per type
//	POST, PUT              /v1/sys/sync/destinations/{type}/{name}  (unknown types: 400)
//	GET                    /v1/sys/sync/destinations/{type}/{name}/associations
//	POST, PUT              /v1/sys/sync/destinations/{type}/{name}/associations/set
//	POST, PUT              /v1/sys/sync/destinations/{type}/{name}/associations/remove
//	LIST, GET ?list=true   /v1/sys/sync/associations
//	GET                    /v1/sys/sync/associations/destinations  (query form)
//	GET                    /v1/sys/sync/associations/{path...}     (path form)
//	POST, PUT, GET, DELETE /v1/sys/sync/codehost-apps/{name}
//	any                    /v1/sys/sync/  (catch-all: every other path under it)
//	any                    /v1/sys/sync   (catch-all: the prefix itself)
//
// Requests that no route takes are counted under the catch-all, such as
// "PATCH /v1/sys/sync/": a client's stray calls show in the stats too.
//
// Liberal in what it accepts:
//
// Real servers of this kind accept more than a literal reading of the spec,
// and clients written by others rely on it. The emulator accepts the same:
//
//   - PUT is POST on every path that writes with POST (destination
//     create/update of every type, set and remove association, configure
//     custom app): the same operation, the same rules and answer. 405
//     answers list PUT in Allow and in their message where it is taken.
//     The config keeps PATCH only (and GET, DELETE): a PUT there is 405.
//   - Booleans (disabled, disable_strict_networking) are JSON true or false,
//     or a string that strconv.ParseBool takes: "true", "false", "1", "0",
//     "t", "F", "TRUE", "False" and the like. Anything else is 400 naming
//     the field, numbers and "" included: `invalid disabled "yes": must be
//     true or false, or a string of them such as "true"`.
//   - Integers (queue_capacity, allowed_ports elements, app_id,
//     installation_id) are JSON numbers written as integers, or strings
//     that strconv.ParseInt takes in base 10 ("1000", "007", "-5", "+5").
//     Whole numbers in other spellings, 1000.0 and 1e3 (as numbers or in
//     strings), are refused 400 naming the field: Go servers of this kind
//     read an integer with json.Number's Int64 or strconv.ParseInt, which
//     refuse them, and an emulator that accepted them would let a client
//     pass its tests and fail against the real service. Each field's own
//     rule (positive, a port number) is checked after.
//   - app_id, which the spec types as a string of digits on write, is also
//     taken as a JSON number; installation_id likewise. Answers carry both
//     as numbers.
//   - The query parameters purge and list take what strconv.ParseBool
//     takes; an empty purge is false.
//   - X-Secrets-Namespace "root", in any case ("root", "ROOT", "/Root/"),
//     names the root namespace, as a missing or empty header does, on every
//     route, sys/sync/config included. Only the whole value: "root/team" is
//     a namespace of that name, not "team".
//   - DELETE sys/sync/config resets the config to its defaults (disabled
//     false, queue_capacity 1000000) and answers 204 without a body, as
//     every delete; it is restricted to the namespaces the config is.
//   - Members a body's endpoint does not know are ignored, and named in the
//     answer's warnings (see below). null is the same as absent, and "" is
//     unset for every string parameter and for installation_id.
//
// Requests and answers:
//
//   - Order of checks: token (403 {"errors":["permission denied"]} when
//     X-Secrets-Token is missing or not the management token), license,
//     the route (404 {"errors":[]} for a path the API does not have, 405
//     for one it has under other methods: see below),
//     namespace (config only), the path's type (400) and, on writes, name
//     (400), the body and its fields (400), the path's object (404
//     {"errors":[]}), refusals (409). The create-only check of a destination
//     update is a field check.
//   - Error bodies are {"errors":["..."]}, written compactly without a
//     trailing newline; a 404 for an unknown object is exactly
//     {"errors":[]}. Messages name the field by its JSON name and the rule it
//     broke: `invalid granularity "x": must be secret-path or secret-key`,
//     `missing client_id: required for cloudtwo-kv destinations`,
//     `region is create-only: it cannot be changed from "a" to "b"`.
//   - Every 200 answer is the envelope: request_id a fresh random UUID,
//     lease_id "", lease_duration 0, renewable false, data, wrap_info null,
//     auth null, warnings null unless the body held members the endpoint does
//     not know: those are ignored and named, as the real service does, in
//     warnings: "Endpoint ignored these unrecognized parameters: [a b]".
//     mount_type "system" is on every answer except the lists' (LIST and GET
//     ?list=true), so that clients meet both shapes the spec allows.
//   - Deletes answer 204 without a body.
//   - Every path under /v1/sys/sync is the API's, routed or not, so that
//     no answer leaves the API's error form: a path it does not have
//     answers 404 {"errors":["1 error occurred:\n\t* unsupported
//     path\n\n"]}, as the service words it (its 404 of a missing object
//     is {"errors":[]}, without a message, so that clients tell a wrong
//     path from a deleted object), and a path it has under other methods 405
//     {"errors":["unsupported method PUT on /v1/sys/sync/config: this path
//     takes DELETE, GET, PATCH"]} with Allow listing them; both after the
//     token and license checks, as every request. The API never redirects:
//     a path with an empty, "." or ".." segment (".../cloudone-sm/../x",
//     ".../destinations//cloudone-sm/d") names no route and answers that
//     404, where the router would send a 307 to the cleaned path,
//     a route the client did not ask for. (The emulator sees to that: a
//     bare mux given to Register redirects such paths before any handler
//     runs.)
//   - Faults the emulator injects (Options.FailRate of package emulator)
//     answer in the same form: 429 {"errors":["rate limit exceeded"]} or
//     503 {"errors":["service unavailable"]}, with Retry-After.
//   - LIST is the list method; GET with ?list=true is its equivalent; a GET
//     of a list path without it answers 405 with Allow: GET, LIST. In the
//     RefuseList variant, LIST answers 405 with Allow: GET before any other
//     check. A list with nothing to list answers 200 with empty keys (never
//     the 404 some servers give).
//   - An unknown destination type in a path answers 400 naming the five
//     types, on every route that carries a type.
//   - Destination and app names are one path segment: 1..128 letters,
//     digits, '.', '-' or '_', starting with a letter or digit (400). A body
//     member "name" must match the path's.
//   - Bodies are JSON objects (an empty body is {}); values of the wrong
//     JSON type are 400, beyond the spellings above. Bodies over 1 MiB: 413.
//   - Times are ISO 8601 with a numeric offset and the fraction of a second
//     to the nanosecond, trailing zeros dropped, as Go's RFC 3339 form
//     writes them (2024-05-01T10:00:00.1234567+00:00; no fraction on a
//     whole second): parse them as RFC 3339, not by a fixed width.
//
// License and namespaces:
//
//   - With Options.NoLicense every endpoint answers, after the token check,
//     400 {"errors":["enterprise license required: secrets sync is an
//     enterprise feature and this server's license does not include it"]}.
//     400 rather than 403, so that clients do not mistake it for a bad token.
//   - X-Secrets-Namespace selects the namespace; surrounding slashes and
//     spaces are ignored, and missing, empty or "root" is the root
//     namespace. Every namespace exists. Destinations, associations and apps
//     are per namespace; the sync config is one for the server.
//   - sys/sync/config answers only in the root namespace and in "admin" (not
//     in its children); elsewhere 400 `sys/sync/config is restricted to the
//     root namespace and the administrative namespace "admin": not available
//     in namespace "x"`.
//
// Config:
//
//   - GET sys/sync/config reads it. The spec lists only PATCH; the read
//     exists because a client that manages the config must read it without
//     writing it: to refresh it, import it and show drift. The real service
//     has the read at the same path. PATCH merges: absent members keep
//     their value. queue_capacity must be a positive integer. Any
//     Content-Type is accepted. DELETE resets it (see above).
//   - Enabling sync, by PATCH or by DELETE, turns every PENDING association
//     SYNCED at once, with a new updated_at.
//
// KV mounts:
//
//   - The mounts are fixed at start: "secret" (version 2), "kv1" (version
//     1) and Options.KVMounts, in every namespace. A mount's accessor is
//     "kv_" and 8 hex digits of the SHA-256 of namespace, NUL, mount name:
//     stable across restarts, different across namespaces. Mount names in
//     requests may carry leading or trailing slashes.
//   - Secrets are not stored: an association does not need its secret to
//     exist. Secret names may hold "/", but no empty, "." or ".." segment.
//
// Destinations:
//
//   - A write on an existing destination replaces it: omitted fields take
//     their defaults (a client sends the whole object), required fields are
//     required again. Create-only fields are the exception: an omitted one
//     keeps its stored value, a different one (also from empty) is refused
//     400. They are cloudone-sm region; cloudtwo-kv key_vault_uri,
//     tenant_id, cloud; codehost secrets_location, repository_owner,
//     repository_name, organization_visibility; webhost-project project_id.
//     Associations survive an update.
//   - Defaults: granularity secret-path for the three clouds, secret-key for
//     codehost and webhost-project; cloud "cloud"; secrets_location
//     "repository".
//   - custom_tags on codehost or webhost-project is refused 400 unless empty.
//   - allowed_ipv4_addresses and allowed_ipv6_addresses must be prefixes in
//     CIDR notation of their family (a bare address is refused);
//     allowed_ports integers 1..65535.
//   - codehost: access_token, or app_name with installation_id, never both;
//     the app must exist in the namespace (400). installation_id is a
//     positive integer. Repository fields (repository_owner,
//     repository_name, environment_name) only with secrets_location
//     repository, organization fields (organization_name,
//     organization_visibility, selected_repository_names) only with
//     organization. selected_repository_names is a list or, as in the
//     spec's sample, a comma-separated string. organization_visibility takes
//     any string (its values are not shown).
//   - webhost-project: deployment_environments non-empty, each development,
//     preview or production.
//   - Read form: type, name, connection_details with the keys of the type
//     that are set, as real servers answer it: an unset key is left out,
//     never answered "" or an empty list or map. Sensitive values that are
//     set show as "*****"; installation_id is a number. Defaults count as
//     set (cloud, secrets_location). options hold granularity_level,
//     secret_name_template (the type's default when none is set: see the
//     template constants), custom_tags ({} when none; on every type) and the
//     networking options (lists [] when unset). The create/update answer of
//     every type is the read form. The template is any string: its syntax is
//     not shown.
//   - Delete of a destination without associations removes it. With
//     associations it is refused 409 `destination "t/n" still manages N
//     associations: ...` unless ?purge=true; then it answers 204 at once,
//     reads show purge_initiated_at and purge_error "", and after
//     Options.PurgeDelay the associations and the destination are gone
//     together. While purging, update and set association are refused 409;
//     remove association and read work; another delete answers 204 and
//     changes nothing. A purge proceeds even while sync is disabled. A
//     purge under way when the state file is saved starts again on load.
//   - Delete of a missing destination: 404 {"errors":[]}.
//
// Associations:
//
//   - Set requires a known mount of version 2 (400 otherwise, also for an
//     unknown mount) and answers the destination's associations, keyed
//     "<accessor>/<secret_name>". The association is SYNCED, or PENDING
//     while sync is disabled; setting it again refreshes updated_at and
//     status without a duplicate. While disabled, an operation that would
//     add to the queue beyond queue_capacity is refused 409 (waiting does
//     not drain a disabled queue, so it is no 503).
//   - Remove requires a known mount of any version, never queues (even
//     while disabled), and answers the remaining associations plus the
//     removed one as UNSYNCED, also when it did not exist.
//   - LIST sys/sync/associations: key_info maps "<mount>/<secret_name>" to
//     one object per destination (mount, secret_path, and beyond the spec
//     accessor, type, name, sync_status, updated_at); total_associations
//     counts (destination, secret) pairs, total_secrets distinct secrets:
//     distinct (mount, secret_name) pairs, not distinct keys, for two
//     secrets can share a key when names hold "/" (mount "team" with
//     secret "kv/x" and mount "team/kv" with secret "x" are both under
//     "team/kv/x", as two objects).
//   - Read by secret answers associated_destinations keyed "<type>/<name>",
//     {} when none. The query form takes mount and secret_name (required,
//     any characters). The path form is ambiguous when names hold "/": the
//     mount is the longest KV mount the path starts with, the rest is the
//     secret name; without such a mount it is 400.
//
// Code-host apps:
//
//   - app_id is a positive int64 (see above for its spellings); answers
//     carry it as a number.
//   - private_key must be PEM: "RSA PRIVATE KEY" (PKCS #1), "EC PRIVATE
//     KEY" (SEC 1) or "PRIVATE KEY" (PKCS #8: RSA, ECDSA, Ed25519); answers
//     show "*****". fingerprint is "SHA256:" and the padded standard base64
//     of the SHA-256 of the public key in PKIX DER, as code hosts show it.
//   - A write on an existing app replaces it. Delete of an app that a
//     codehost destination of its namespace names (purging ones included)
//     is refused 409 `codehost app "a" is referenced by destinations
//     codehost/d: ...`.
//   - Apps are not listed: the spec has no such endpoint, so LIST
//     sys/sync/codehost-apps answers 404 "unsupported path" as any unknown
//     path.
//
// State file:
//
//   - The emulator's state file (-state, Options.StatePath of package
//     emulator) keeps the store across restarts. The load refuses, naming
//     what is wrong, these things no request could have stored: a null
//     namespace, destination, app or association, a namespace not written
//     as requests give it ("root" among them: it is the root, ""), a
//     destination or app twice, a granularity other than secret-path and
//     secret-key, an installation_id that is not a positive integer, a
//     codehost destination that a write would refuse or whose app_name is
//     no app of its namespace, an association whose mount is not a KV
//     version 2 mount of this server (mind Options.KVMounts), whose
//     accessor or key is not the one set association gives it, whose
//     sync_status is not SYNCED or PENDING, or that is PENDING while sync is
//     enabled (nothing would ever run it). Other values of a destination
//     are taken as the file gives them.
//
// Beyond the spec, in short (each is described above): GET and DELETE
// sys/sync/config; PUT as POST; the spellings of booleans, integers and IDs;
// the namespace "root"; the answers to requests no route takes; the refusal
// of a full queue (409); purge_initiated_at and purge_error in the read form
// during a purge; the networking options and the connection_details keys
// of every type in the read form; accessor, type, name, sync_status and
// updated_at in the associations list; warnings naming ignored parameters;
// the name rules and the "name" body member; namespaces; the NoLicense and
// RefuseList variants; the accessors' derivation.
package secrets
