// Package platform emulates the platform's JSON:API in memory, with the
// documents, status codes and rate limit that clients written for the
// real API expect. "The API's documents" below are its published
// reference and changelog, which leave much unsaid; this doc states how the
// emulator decides each such point, and the provider is written against
// these choices.
//
// Each object has its file, named as in the client and the provider; what
// they share is in server.go (the store and the routes), auth.go (tokens,
// principals, who sees what), ratelimit.go, request.go (reading request
// documents), reply.go (answers and errors), list.go (pagination,
// includes, sorting), id.go, ping.go (ping, the edition headers, service
// discovery), admin.go (the emulator's own routes) and state.go.
//
// # Routes
//
// As /_emulator/stats counts them, the request's method then the pattern:
//
//	GET     /api/v2/ping
//	GET     /.well-known/terraform.json
//	GET     /api/v2/organizations
//	POST    /api/v2/organizations
//	GET, PATCH, PUT, DELETE  /api/v2/organizations/{org}
//	GET     /api/v2/organizations/{org}/projects
//	POST    /api/v2/organizations/{org}/projects
//	GET, PATCH, DELETE       /api/v2/projects/{id}
//	GET, PATCH               /api/v2/projects/{id}/tag-bindings
//	GET, POST, PATCH         /api/v2/projects/{id}/relationships/tag-bindings
//	GET     /api/v2/projects/{id}/effective-tag-bindings
//	any     /api/v2/   (catch-all: every other path under it)
//	any     /api/v2    (catch-all: the base path itself)
//
// # Tokens and who sees what
//
//   - Every endpoint takes Authorization: Bearer <token> (the scheme in any
//     case); a missing, unknown or expired token is 401 {"errors":[{"status":
//     "401","title":"unauthorized","detail":"..."}]}. GET /api/v2/ping also
//     answers without a token, since clients call it to learn the server
//     before they use theirs; a token it is given must be valid.
//   - A token acts for a principal: a user, a team, or an organization
//     (the organization token). Options.Token is the site administrator, a
//     user who sees and manages every organization. MintUserToken (and
//     POST /_emulator/platform/tokens {"type":"user","username":"..."})
//     creates a user on first use and gives it a new token each time.
//   - Tokens have the API's shape: 14 base58 characters, ".atlasv1.", 67
//     more; their IDs are "at-" and 16 base58 characters.
//   - Who sees what: the site administrator sees every organization; a
//     user sees the organizations it created (it is their owner); a team
//     token and an organization token see their own organization. Everything
//     in an organization is seen by whoever sees the organization. What a
//     token may not see is answered 404, as what does not exist.
//   - Owners' rights (changing and deleting the organization, force-deleting
//     any workspace) belong to the administrator, the organization's
//     creator and its organization token; a team token has the rest (it
//     manages projects and workspaces), and what only owners do answers it
//     404. Only user tokens create organizations: a team or organization
//     token is answered 404 "organizations are created with a user token".
//   - MintOrganizationToken gives an organization its one organization
//     token: a new one replaces the old, which is answered 401 from then on.
//     MintTeamToken gives a token of a team of an organization, the team
//     named by its ID ("team-" and 16 base58 characters). Both are on POST
//     /_emulator/platform/tokens too ({"type":"organization","organization":
//     "acme"}, {"type":"team","organization":"acme","team":"team-..."}).
//   - A token whose expired-at has passed is 401 "invalid token: the token
//     expired at ...".
//
// # Rate limit
//
//   - Options.RateLimit requests a second (30 by default) per principal,
//     not per token: every token of one user shares one bucket, and the
//     tokens of a team, or an organization's token, have their team's or
//     organization's. Requests without a valid token are limited by their
//     address. The bucket holds one second's worth of requests and refills
//     continuously, so a client may burst the limit once and then keep to
//     it.
//   - The limit applies to every request under /api/v2, the ping included
//     (the discovery document is not limited), and comes before the token
//     check, so that a client retrying with a bad token is limited too, by
//     its address.
//   - A refused request is answered 429 with exactly the documented body,
//     whose status is a number: {"errors":[{"detail":"You have exceeded
//     the API's rate limit.","status":429,"title":"Too many requests"}]},
//     with X-RateLimit-Limit and X-RateLimit-Reset, the seconds until the
//     bucket holds a request again as a decimal with three places ("0.034"),
//     rounded up to the millisecond. No Retry-After: the API does not send
//     one.
//   - While the limit is on, every answer of the API carries
//     X-RateLimit-Limit, which clients size their own limiter by. With the
//     limit off (a negative RateLimit; -platform-rate-limit 0) no answer
//     has the header, which clients read as "no limit".
//   - Faults the emulator injects (Options.FailRate of package emulator)
//     answer in the same form: a 429 is the documented body, with
//     X-RateLimit-Limit and X-RateLimit-Reset equal to the Retry-After the
//     emulator sends with it; a 503 is a JSON:API error document.
//
// # Editions and discovery
//
//   - Every answer carries TFP-API-Version (APIVersion) and TFP-AppName:
//     "HCP Terraform" on the hosted edition, the exact name clients compare
//     it with to decide that a server is the hosted one, and "Terraform
//     Enterprise" on the self-hosted edition, which also sends X-TFE-Version
//     (SelfHostedVersion, a release name such as v202508-1) and
//     X-TFE-Current-Version (SelfHostedNumericVersion). GET /api/v2/ping
//     answers 204 without a body, its headers being the answer.
//   - GET /.well-known/terraform.json answers application/json naming the
//     services tfe.v2, tfe.v2.1, tfe.v2.2 and state.v2, each as the absolute
//     URL of the API's base ("https://HOST/api/v2/" when served over TLS),
//     built from the request's scheme and Host header. It needs no token.
//
// # Requests
//
//   - Bodies are read whole, chunked (without Content-Length) or not, up to
//     4 MiB (larger: 413). Content-Type and Accept are not checked: the
//     JSON:API media type, application/json or none are all taken.
//   - A body that is not JSON, or whose data is not a resource object (a
//     list of them on the endpoints that take lists), is 400 "bad request".
//     An empty body, or data null, is an object without members. Where a
//     list is expected, a single object is a list of one.
//   - data.type is never checked, on any endpoint: clients send the same
//     document under different types, or none.
//   - Members the endpoint does not know are ignored, in attributes, in
//     relationships and in objects among the attributes.
//   - Attribute values: booleans are true or false, or a string that
//     strconv.ParseBool takes ("true", "0", ...), as the server casts form
//     values; integers are whole JSON numbers or strings of digits. null
//     is "not given" for booleans and integers, and "empty" for strings,
//     lists, times and objects where the attribute can be unset.
//   - Validation errors are 422, every error of the request in one answer,
//     each {"status":"422","title":"invalid attribute","detail":"...",
//     "source":{"pointer":"/data/attributes/name"}}; the detail names the
//     attribute by its API name and the rule it broke.
//
// # Answers
//
//   - Every answer with a body is application/vnd.api+json, written
//     compactly. Errors are {"errors":[{"status","title","detail"}]}, the
//     status a string (but in the 429 above), the title lower case as the
//     API words it: "bad request", "unauthorized", "forbidden", "not found",
//     "conflict", "invalid attribute".
//   - 404 "not found" is the answer for an object that does not exist and
//     for one the token may not see, alike; and for a path the API does not
//     have, under any method (the API has no 405), after the token check.
//     A path with an empty, "." or ".." segment names no route and is 404
//     too, never a redirect.
//   - Times are UTC with milliseconds: 2025-01-31T18:00:00.000Z.
//   - IDs are the object's prefix, "-" and 16 characters of the base58
//     alphabet (no 0, O, I or l).
//
// # Lists
//
//   - page[number] (default 1) and page[size] (default 20, at most 100: a
//     larger size is taken as 100); a value that is not a positive integer
//     is its default. A page past the end is empty.
//   - Every list has meta.pagination with current-page, page-size,
//     prev-page, next-page (null at the edges), total-pages (at least 1, so
//     an empty list is one empty page) and total-count, and links self,
//     first, prev, next (null at the edges) and last: absolute URLs that
//     keep the request's other query parameters.
//   - include= is a comma-separated list; empty is none; underscores and
//     hyphens are the same (effective_tag_bindings, effective-tag-bindings).
//     Each endpoint knows its includes, the API's whole list: those of
//     objects the emulator holds add them to included (once each, never a
//     primary resource), the others add nothing. An include the endpoint
//     does not know is 400 with "Invalid include parameter" in its detail
//     and source.parameter "include", which clients look for to retry
//     without it.
//   - sort= names one field, "-" before it to reverse; another field is 400
//     naming the sort parameter.
//
// # Organizations
//
//   - The JSON:API ID of an organization is its name; a name change
//     (PATCH with a new name) changes the ID, and the old name is not found
//     from then on. The external-id ("org-...") never changes, and what is
//     in the organization keeps following it.
//   - A name is 1 to 40 letters, numbers, - and _; an email has one @ with
//     no spaces; both are required on create. Names are unique in any case
//     ("ACME" is taken by "acme"), answered 409 "conflict" pointing at
//     /data/attributes/name; lookups by name are exact.
//   - Create defaults: session-timeout and session-remember 20160 (minutes,
//     positive integers), collaborator-auth-policy password (or
//     two_factor_mandatory), cost-estimation-enabled false,
//     send-passing-statuses-for-untriggered-speculative-plans false,
//     aggregated-commit-status-enabled true,
//     speculative-plan-management-enabled true, assessments-enforced false,
//     allow-force-delete-workspaces false, enforce-hyok false,
//     stacks-enabled false, registry-monorepo-support-enabled false,
//     user-tokens-enabled true, max-ttl-enabled false,
//     owners-team-saml-role-id null, default-execution-mode remote with no
//     default-agent-pool. Read-only attributes are answered as a free,
//     non-trial, non-SAML organization has them.
//   - A new organization gets its default project, "Default Project",
//     named by the default-project relationship (include=default-project
//     includes it). The default project cannot be deleted (409), but can be
//     renamed.
//   - Updates (PATCH, and PUT, which is the same) change only the members
//     they give; a refused update changes nothing. Every request answers
//     the whole organization.
//   - Default settings (the provider's organization_default_settings):
//     default-execution-mode remote, local or agent; the agent pool is the
//     relationship default-agent-pool or the attribute
//     default-agent-pool-id, an agent pool ID ("apool-" and 16 base58
//     characters; agent pools are not emulated, so any such ID is taken).
//     Agent mode requires a pool (422), other modes take none (422); a
//     change to another mode that gives no pool clears the pool.
//   - include= knows default-project, entitlement-set and subscription
//     (the last two add nothing). GET /organizations lists what the token
//     sees, by name; q matches the name or the email, q[name] and q[email]
//     one of them, each a case-insensitive substring.
//   - Delete answers 204 and deletes everything in the organization, its
//     organization token and its teams' tokens included.
//
// # Projects
//
//   - A name is 3 to 40 letters, numbers, spaces, - and _, not starting or
//     ending with a space; unique within the organization in any case
//     (409, pointing at /data/attributes/name); the same name in another
//     organization is no conflict. description is at most 256 characters,
//     null unless set; auto-destroy-activity-duration is 1 to 4 digits and
//     d or h ("14d", "12h"), null unless set. null unsets both.
//   - A project inherits the organization's default-execution-mode and
//     default agent pool until it sets its own: default-execution-mode
//     and default-agent-pool-id (or the default-agent-pool relationship)
//     set both as the project's own, under the organization's rule above;
//     setting-overwrites {"default-execution-mode": false,
//     "default-agent-pool": false} goes back to inheriting either. Answers
//     carry the settings in effect and the setting-overwrites flags.
//   - The tag-bindings relationship of a create or an update sets the
//     project's tag bindings (replacing them on update).
//   - GET /organizations/:org/projects lists by name (in any case), sort
//     "name" or "-name" (the default is by name); filter[names] is a
//     comma-separated list of exact names; q a case-insensitive substring
//     of the name. include= knows effective-tag-bindings (with underscores
//     too), which fills the relationship's data and includes them.
//   - Delete answers 204; the default project is 409.
//
// # Tag bindings
//
//   - A tag binding (type tag-bindings, ID "tb-...") is a key of 1 to 128
//     characters and a value of at most 256 (may be empty). A key given
//     twice in one request is 422.
//   - GET .../tag-bindings and GET .../relationships/tag-bindings list an
//     object's bindings, in the order they were added, whole (not by
//     pages). PATCH .../tag-bindings adds the keys it is given or updates
//     their values, keeps the others, and answers the list; POST
//     .../relationships/tag-bindings does the same and answers 204; PATCH
//     .../relationships/tag-bindings replaces them all and answers 204. A
//     key that stays keeps its ID.
//   - GET .../effective-tag-bindings lists the bindings in effect (type
//     effective-tag-bindings, ID the binding's without its prefix): a
//     project's own; a workspace's project's, then its own, its own winning
//     for a key both have. Each has the relationship inherited-from: the
//     project it comes from, or null.
//
// # State
//
// The state file keeps every object, users and minted tokens (secrets in
// clear: the file is the emulator's own), sorted by ID. Rate-limit buckets
// are not kept. A file that holds what no request could have stored (a bad
// ID, a token of an unknown user) is refused at load.
package platform
