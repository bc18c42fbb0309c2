// Package platform emulates the platform's JSON:API in memory, with the
// documents, status codes and rate limit that clients written for the
// real API expect. "The API's documents" are its published reference and
// changelog, which leave much unsaid; the emulator decides each such
// point, and the provider is written against these choices.
//
// Each object has its file, named as in the client and the provider, which
// declares and registers its table, its routes and its ID prefix (see
// noun.go), and whose head states the rules of its routes and every choice
// made where the API's documents are silent: organization.go, workspace.go,
// team_workspace.go and the rest. This doc states what every endpoint
// shares. The code that the files share is in noun.go (the store, the
// registry of tables and routes, the cascade of a delete), server.go (the
// Server, its lock and its Register), handler.go (the handlers' preamble:
// reading the document, the lock, the path's organization and object and
// their 404), auth.go (principals, who sees what), ratelimit.go, request.go
// (reading request documents), reply.go (answers and errors), list.go
// (every list endpoint's listing: pagination, includes, sorting; a table's
// where and order), access.go (a team's access, the model that
// team_project_access.go and team_workspace.go declare), relationship.go
// (the to-many relationship endpoint, POST and DELETE
// <parent>/relationships/<name>, which every such relationship declares
// with relate), id.go, ping.go (ping, the edition headers, service
// discovery), admin.go (the emulator's own routes) and state.go (the state
// file, one member per table).
//
// # Routes
//
// The emulator lists the routes it serves, this API's with the others', at
// GET /_emulator/routes (Routes of package emulator): each route's methods
// and pattern, as /_emulator/stats counts them, derived from the routes
// registered here, so that the list cannot go stale. Every path under
// /api/v2 that no route takes, the base path included, is answered by a
// catch-all (see Answers).
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
//   - Owners' rights (changing and deleting the organization,
//     force-deleting any workspace) belong to the administrator, the
//     organization's creator, its organization token and the tokens of its
//     owners team (see team.go); another team token has the rest (it
//     manages projects, variable sets and variables; the workspaces its
//     team's access allows, see workspace.go), and what only owners do
//     answers it 404. Teams and their tokens are managed by
//     the owners and by teams with manage-teams (see team.go). Only user
//     tokens create organizations: a team or organization token is answered
//     404 "organizations are created with a user token".
//   - MintOrganizationToken gives an organization its one organization
//     token: a new one replaces the old, which is answered 401 from then on.
//     MintTeamToken gives a token of a team of an organization, the team
//     named by its ID ("team-" and 16 base58 characters), a team created
//     through the API; the token is the team's legacy token, and replaces
//     the one it had, as POST /teams/:id/authentication-token does. Both are
//     on POST
//     /_emulator/platform/tokens too ({"type":"organization","organization":
//     "acme"}, {"type":"team","organization":"acme","team":"team-..."}).
//   - A token whose expired-at has passed is 401 "invalid token: the token
//     expired at ...". Team and organization tokens, minted ones included,
//     created without expired-at get one two years after their creation.
//   - An organization whose user-tokens-enabled is false refuses every user
//     token, the administrator's included: its own paths
//     (/organizations/:org...) answer 401 "user tokens are disabled" to a
//     user who would otherwise see it, its objects by ID are 404 and lists
//     leave it out; team and organization tokens are not affected.
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
//   - What only the self-hosted edition serves (data retention policies,
//     the admin API's settings of organizations and of the site) answers
//     404 on the hosted edition, as the hosted platform answers a path it
//     does not have; each noun's file says so.
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
//     prev-page, next-page (null at the edges), total-pages (0 for an
//     empty list, as the platform answers it) and total-count, and links
//     self, first, prev, next (null at the edges) and last (page 1 for an
//     empty list): absolute URLs that keep the request's other query
//     parameters.
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
// # Go API and routes for tests
//
//   - MintUserToken, MintOrganizationToken and MintTeamToken (above); teams
//     are created through the API.
//   - AcceptMembership(id, username) accepts an invitation: the membership
//     becomes active, and its user, when it has no username yet, gets
//     username (empty: the email's part before @, without the characters a
//     username cannot have); also POST
//     /_emulator/platform/organization-memberships/:id/accept
//     {"username": "alice"}, answering {"id", "user", "username"}.
//   - AddMember(org, username, email) makes the user named username (created
//     when there is none, with email, username@example.com when empty) an
//     active member, accepting its invitation if it has one; also POST
//     /_emulator/platform/organizations/:org/members {"username", "email"},
//     answering 201 {"id": "ou-...", "user": "user-..."}. A token minted for
//     the username is then the member's.
//   - RegisterCodehostAppInstallation(CodehostAppInstallation) registers a
//     code-host app installation; also POST
//     /_emulator/platform/codehost-app-installations {"name",
//     "installation-id", "installation-type"}, answering 201 {"id":
//     "ghain-..."}.
//   - SetResourceCount(workspaceID, n) sets what safe delete looks at;
//     also PUT /_emulator/platform/workspaces/:id/resource-count
//     {"resource-count": n} (204).
//   - SetPerformance(workspaceID, Performance) sets the performance
//     attributes.
//   - RateLimited counts the requests the rate limit refused.
//   - NotificationDeliveries(configuration) returns the deliveries the
//     emulator would have made, as GET
//     /_emulator/platform/notification-deliveries does (see
//     notification_configuration.go).
//   - RunTaskVerifications(task) returns the verification requests the
//     emulator would have sent to run tasks' URLs, as GET
//     /_emulator/platform/run-task-verifications does (see run_task.go).
//
// # State
//
// The state file keeps every object, users and minted tokens (secrets in
// clear: the file is the emulator's own), sorted by ID. Rate-limit buckets
// are not kept, nor what a noun keeps outside the store (its side state,
// see noun.go: an action's own limit, the run triggers' creation locks),
// which Reset clears too. A file that holds what no request could have stored (a bad
// ID, a token of an unknown user or team, an agent pool that is not one of
// its organization's) is refused at load.
package platform
