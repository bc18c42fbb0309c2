// Package platform emulates the platform's JSON:API in memory, with the
// documents, status codes and rate limit that clients written for the
// real API expect. "The API's documents" below are its published
// reference and changelog, which leave much unsaid; this doc states how the
// emulator decides each such point, and the provider is written against
// these choices.
//
// Each object has its file, named as in the client and the provider, which
// declares and registers its table, its routes and its ID prefix (see
// noun.go); what they share is in noun.go (the store, the registry of
// tables and routes, the cascade of a delete), server.go (the Server, its
// lock and its route list), handler.go (the handlers' preamble: reading
// the document, the lock, the path's organization and object and their
// 404), auth.go (principals, who sees what), ratelimit.go, request.go
// (reading request documents), reply.go (answers and errors), list.go
// (pagination, includes, sorting), id.go, ping.go (ping, the edition
// headers, service discovery), admin.go (the emulator's own routes) and
// state.go (the state file, one member per table).
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
//   - Owners' rights (changing and deleting the organization, force-deleting
//     any workspace) belong to the administrator, the organization's
//     creator, its organization token and the tokens of its owners team
//     (see Teams); another team token has the rest (it
//     manages projects, workspaces, variable sets and variables), and what
//     only owners do answers it 404. Teams and their tokens are managed by
//     the owners and by teams with manage-teams (see Teams). Only user tokens create organizations: a team or organization
//     token is answered 404 "organizations are created with a user token".
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
//     /data/attributes/name. A name is matched in any case, as the platform
//     matches the names in its paths: /organizations/ACME is "acme", and
//     answers with the name as it is kept, "acme".
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
//     default-agent-pool-id, the ID of one of the organization's agent
//     pools (below; a malformed ID, an unknown one or another
//     organization's is 422, the last two "... no agent pool of this
//     organization has that ID"). Agent mode requires a pool (422), other
//     modes take none (422); a change to another mode that gives no pool
//     clears the pool.
//   - include= knows default-project, entitlement-set and subscription
//     (included once the administrator set one). GET /organizations lists what the token
//     sees, by name; q matches the name or the email, q[name] and q[email]
//     one of them, each a case-insensitive substring.
//   - Delete answers 204 and deletes everything in the organization, its
//     organization token and its teams' tokens included.
//   - permissions: the owners' rights (can-update, can-destroy, ...) for
//     who has them, can-create-team for who manages teams, can-manage-auditing
//     for owners whose plan has audit-logging, can-deploy-no-code-modules
//     and can-manage-no-code-modules for owners on the Business plan, the
//     HYOK ones false.
//
// # Plans and entitlements
//
//   - A new organization is on the Free plan. The site administrator alone
//     (anyone else: 404) lists the plans, GET /admin/feature-sets (q a
//     case-insensitive substring of the name): "Business", "Free" and
//     "Standard (entitlement)", each a feature set "fs-..." whose ID never
//     changes; and puts an organization on one, POST
//     /admin/organizations/:org/subscription with the relationship
//     feature-set (required, 422) and the limits go-tfe's test helpers
//     send (runs-ceiling, agents-ceiling, contract-user-limit,
//     contract-apply-limit, contract-managed-resources-limit,
//     contract-start-at, end-at), answered 201 as a subscriptions object
//     ("sub-..."). The plan changes no rule of the emulator but the
//     audit-trail token, the entitlements and the permissions above.
//   - GET /organizations/:org/entitlement-set (whoever sees the
//     organization), ID the organization's external ID: Free has
//     operations, private-module-registry, private-run-tasks, run-tasks,
//     sso, sentinel, state-storage, teams and vcs-integrations; Standard
//     (entitlement) adds agents, audit-logging, cost-estimation,
//     waypoint-templates-and-addons and infragraph (as go-tfe's tests
//     read them); Business has every entitlement.
//
// # Projects
//
//   - A name is 3 to 40 letters, numbers, spaces, - and _, not starting or
//     ending with a space; unique within the organization in any case
//     (409, pointing at /data/attributes/name); the same name in another
//     organization is no conflict. description is at most 256 characters,
//     null unless set; auto-destroy-activity-duration is 1 to 4 digits and
//     d or h ("14d", "12h"), null unless set. null unsets both. Their 422s
//     are in the API's words, which clients match: "Name may only contain
//     letters, numbers, spaces, -, and _, ...", "Name is too short
//     (minimum is 3 characters)" (too long, maximum 40), "Auto destroy
//     activity duration has an incorrect format, we expect up to 4 numeric
//     digits and 1 unit ('d' or 'h') ..." (for workspaces too).
//   - A project inherits the organization's default-execution-mode and
//     default agent pool until it sets its own: default-execution-mode
//     and default-agent-pool-id (or the default-agent-pool relationship)
//     set both as the project's own, under the organization's rule above;
//     setting-overwrites {"default-execution-mode": false,
//     "default-agent-pool": false} goes back to inheriting either; a
//     request that gives both flags must give them equal (422 "If
//     agent-pool and execution-mode are both included in
//     setting-overwrites, their values must be the same.", for workspaces
//     too). Answers carry the settings in effect and the setting-overwrites
//     flags.
//   - The tag-bindings relationship of a create or an update sets the
//     project's tag bindings (replacing them on update).
//   - GET /organizations/:org/projects lists by name (in any case), sort
//     "name" or "-name" (the default is by name); filter[tagged] as for
//     workspaces, over the project's bindings; filter[names] is a
//     comma-separated list of exact names; q a case-insensitive substring
//     of the name. include= knows effective-tag-bindings (with underscores
//     too), which fills the relationship's data and includes them.
//   - Answers carry workspace-count, the workspaces it holds, and
//     team-count 0.
//   - Delete answers 204; the default project, and a project that still
//     holds workspaces, are 409.
//
// # Agent pools
//
//   - An agent pool (type agent-pools, ID "apool-...") is a name, unique
//     within the organization in any case (409), not blank (422 "Name
//     can't be blank"); organization-scoped, true unless given; and the
//     relationships allowed-workspaces, allowed-projects and
//     excluded-workspaces, each a list of the organization's workspaces or
//     projects (422 at the relationship otherwise), which a create or an
//     update that gives it replaces (an update that leaves it out keeps
//     it). A deleted workspace or project leaves every list. The emulator
//     runs no agents: agent-count is 0.
//   - Routes: GET and POST /organizations/:org/agent-pools, GET, PATCH and
//     DELETE /agent-pools/:id. Whoever sees the organization sees its
//     pools; its owners and teams with manage-agent-pools create, update
//     and delete them; to the others a write is 404, as is everything to
//     who does not see the organization.
//   - Answers carry name, created-at, organization-scoped, agent-count and
//     the relationships organization, workspaces (those whose execution in
//     effect, their own or inherited, runs on the pool, by ID),
//     allowed-workspaces, allowed-projects, excluded-workspaces and
//     hyok-configurations ([]). include= knows workspaces and
//     hyok-configurations (nothing to include).
//   - The list is by name (in any case, the ID breaking ties); sort name or
//     created-at, "-" before it to reverse. q is a case-insensitive
//     substring of the name; filter[allowed_workspaces][name] keeps the
//     pools the workspace of that name may use (organization-scoped and
//     not excluding it, or allowing it or its project), and
//     filter[allowed_projects][name] those the project may use
//     (organization-scoped, or allowing it); a name that is no workspace
//     (project) of the organization keeps none.
//   - Delete answers 204; a pool that the organization's default, a
//     project's or a workspace's own settings name is 409, saying which.
//     The organization's delete takes its pools.
//   - Agent tokens (type authentication-tokens, ID "at-..."): POST
//     /agent-pools/:id/authentication-tokens takes description (required,
//     not blank: 422; the document's type, agent-tokens or
//     authentication-tokens, is not checked) and answers 201 with the
//     secret in token, which no other answer carries (null) and the
//     emulator does not keep: no agent uses it, and it authenticates no
//     request. GET /agent-pools/:id/authentication-tokens lists a pool's
//     tokens, paged, by created-at (ties by ID), sort=-created-at
//     reversing, any other sort 400; GET and DELETE
//     /authentication-tokens/:id read and delete one, as for a team's.
//     Answers carry description, created-at, last-used-at (null) and the
//     relationships created-by and agent-pool; no expired-at: agent tokens
//     do not expire, and have no update. Whoever sees the pool reads its
//     tokens; who manages the organization's pools creates and deletes
//     them. A pool's delete takes its tokens.
//
// # Tag bindings
//
//   - A tag binding (type tag-bindings, ID "tb-...") is a key of 1 to 128
//     characters and a value of at most 256 (may be empty). A project or a
//     workspace has at most 10 bindings of its own: a write that would
//     leave more (keys it has counting once) is 422 "Tag bindings cannot
//     exceed 10 bindings per resource ...", at /data (or at the
//     tag-bindings relationship of a create or update). A key given
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
//     for a key both have. An inherited one has links {"inherited-from":
//     "/api/v2/projects/:id"}, by which clients tell it; own ones have no
//     links. Each has the relationship inherited-from: the
//     project it comes from, or null.
//
// # Workspaces
//
//   - A name is 1 to 90 letters, numbers, - and _, unique within the
//     organization in any case (409 pointing at /data/attributes/name).
//     Reads, updates, deletes and safe deletes take the workspace by ID
//     (/workspaces/:id) or by organization and name
//     (/organizations/:org/workspaces/:name, the name matched exactly).
//   - Create defaults: allow-destroy-plan true, assessments-enabled false,
//     auto-apply false, auto-apply-run-trigger false, auto-destroy-at
//     null, auto-destroy-activity-duration null,
//     inherits-project-auto-destroy true, description null,
//     file-triggers-enabled true, global-remote-state false,
//     project-remote-state false, queue-all-runs false, source-name and
//     source-url null, speculative-enabled true,
//     structured-run-output-enabled true, terraform-version
//     DefaultTerraformVersion (the latest version, as the API resolves an
//     omitted one), trigger-prefixes and trigger-patterns [],
//     working-directory "", vcs-repo null, hyok-enabled false, and the
//     project's execution settings (setting-overwrites both false).
//   - A workspace created without the project relationship (or with its
//     data null) lands in its organization's default project; the
//     relationship on an update moves it (null leaves it). A project of
//     another organization, or an unknown ID, is 422 at
//     /data/relationships/project/data.
//   - Rules: auto-destroy-at is an ISO 8601 time (answered in UTC; null
//     unsets); auto-destroy-activity-duration is 1 to 4 digits and d or h
//     (null unsets); the two are kept as given, neither computed from the
//     other. A workspace that has no duration of its own and
//     inherits-project-auto-destroy (the default) answers its project's
//     auto-destroy-activity-duration, which a change of the project's
//     reaches; its own, or inherits-project-auto-destroy false, shows its
//     own. terraform-version is an exact version (1.9.5, 1.10.0-beta1),
//     "latest", or comma-separated constraints (~> 1.9, >= 1.0, < 2.0),
//     answered as given. trigger-patterns and trigger-prefixes replace
//     each other: a request that sets one non-empty clears the other, and
//     only one that gives both non-empty is refused (422 at
//     /data/attributes/trigger-patterns). hyok-enabled, once true, cannot be turned off (422).
//   - Execution: execution-mode and agent-pool-id (or the agent-pool
//     relationship) follow the organization's rule; setting either makes
//     both the workspace's own (setting-overwrites both true), and
//     setting-overwrites {"execution-mode": false, "agent-pool": false} goes
//     back to inheriting from the project, which inherits from the
//     organization, so a change of their defaults reaches the workspaces
//     that inherit. The deprecated operations is answered true but in local
//     mode; written, false means local, true remote (agent stays agent); it
//     cannot be given with execution-mode (422). The agent-pool
//     relationship carries the pool in effect, null but in agent mode; the
//     pool must be one of the organization's (422), and need not allow the
//     workspace: allowed and excluded workspaces and projects are kept
//     and filter lists, and limit nothing else.
//   - vcs-repo: identifier (owner/name, required), branch, ingress-submodules,
//     tags-regex (a valid regular expression), and exactly one of
//     oauth-token-id and codehost-app-installation-id (an OAuth token of
//     the organization, see OAuth clients: otherwise 422 at
//     /data/attributes/vcs-repo/oauth-token-id; a code-host app
//     installation ID is taken as given, registered or not, since the
//     real server's check is undocumented). On an
//     update its members merge into the current connection (one of the
//     two IDs replaces the other); null removes it. tags-regex cannot be
//     set with trigger-patterns or trigger-prefixes, nor given with
//     file-triggers-enabled true. Answers add display-identifier (the
//     identifier), repository-http-url and service-provider (through an
//     OAuth token, its client's http-url and service-provider; "github"
//     and "github_app" through an installation) and webhook-url null (the
//     emulator receives no webhooks), and vcs-repo-identifier.
//   - Answers have every attribute and relationship on every endpoint
//     (create, read, update, list): resource-count (0 until set with
//     SetResourceCount), apply-duration-average and plan-duration-average
//     (milliseconds), policy-check-failures, run-failures and
//     workspace-kpis-runs-count (null until set with SetPerformance; the
//     changelog's "workspaces-kpis-run-count" is this attribute, named as
//     clients read it),
//     tag-names (sorted), locked, environment "default", source
//     "tfe-api", permissions (can-force-delete: see below), and the
//     relationships organization, project, agent-pool, current-run,
//     latest-run, current-state-version, current-configuration-version
//     and readme (null), ssh-key (the key assigned, see SSH keys; null
//     without), outputs ([]), tags, locked-by (the user or
//     team holding the lock, null when unlocked), vars (the workspace's own
//     variables, by key and category, with its link), and links to
//     remote-state-consumers, tag-bindings and effective-tag-bindings.
//     links are self (/api/v2/organizations/:org/workspaces/:name) and
//     self-html.
//   - include= knows the API's whole list for workspaces; organization,
//     project, effective-tag-bindings and vars are included, the others
//     (current_run, current-state-version, readme, outputs, locked_by, ...)
//     add nothing, as the emulator holds no runs, states or outputs.
//   - GET /organizations/:org/workspaces: search[name] is a case-insensitive
//     substring; search[wildcard-name] takes * at the start, the end or
//     both; search[tags] (comma-separated) keeps the workspaces with all
//     those flat tags, search[exclude-tags] (or search[exclude_tags], as
//     the changelog spells it) drops those with any;
//     filter[project][id] one project; filter[tagged][i][key] and
//     [value] keep the workspaces whose effective tag bindings have each
//     key (with that value, when one is given: an empty value, which
//     clients send for a key alone, is any value); filter[current-run][status]
//     matches none, as no workspace has runs. sort is name (the default) or
//     current-run.created-at, which is by name too, "-" reversing.
//   - Locking: POST /workspaces/:id/actions/lock locks the workspace for
//     the user or the team whose token asks, and answers the workspace
//     (200, locked true, locked-by naming the holder); a locked one is 409
//     "... is already locked by ...". An organization token locks nothing
//     (403 "forbidden"): a lock is held by a user, a team or a run, the
//     kinds locked-by names. The body (a reason) is not kept. .../unlock
//     unlocks a lock its principal holds (another user's or team's is 409
//     "Unable to unlock workspace ...: it is locked by User "name"" or
//     "Team "name"", the words clients match); .../force-unlock unlocks
//     whoever holds it, for anyone who sees the workspace. Both are 409
//     "... is already unlocked" for a workspace that is not locked. A lock
//     changes nothing else: a locked workspace is updated and
//     force-deleted as any other.
//   - GET /workspaces/:id/all-vars lists, by pages and by key and category,
//     the variables a run of the workspace gets: for each key and category
//     one variable, from the first of, in order: priority variable sets
//     that are global, assigned to its project, assigned to it; its own
//     variables; the other sets assigned to it, to its project, global.
//     Between two sets of one rank, the set whose name comes first (by
//     byte order) wins. It has no includes.
//   - Deletion: POST .../actions/safe-delete deletes a workspace that is
//     not locked and manages no resources (204); a locked one is 409
//     "Workspace is currently locked. Workspace must be unlocked before it
//     can be safely deleted ...", and one whose resource-count is
//     above 0 409 "conflict" ("... has N resources under management
//     and cannot be safely deleted ..."), whoever asks: the organization's
//     allow-force-delete-workspaces does not soften safe delete, it says
//     who may force-delete. DELETE force-deletes (204): a workspace with
//     resources under management only by the organization's owners, or by
//     anyone when the organization allows force delete; others get 403
//     "forbidden". Anyone who sees a workspace without resources may
//     delete it either way. permissions.can-force-delete says which applies
//     to the token. A deleted workspace leaves every remote state
//     consumers list.
//
// # Flat tags
//
//   - Tags (type tags, ID "tag-...") are the organization's; a workspace
//     carries them, given on create as the tags relationship, or through
//     POST and DELETE .../relationships/tags (204), each by ID or by
//     attributes.name. A name is 1 to 255 letters, numbers, colons,
//     hyphens and underscores, starting and ending with a letter or number;
//     upper case is taken and lower-cased. A tag named that does not exist
//     yet is created; a tag of another organization is 422. Adding a tag the
//     workspace has, or removing one it has not, changes nothing. An
//     update's tags relationship is ignored: tags are given on create
//     only.
//   - GET .../relationships/tags lists a workspace's tags by name, with
//     instance-count (the workspaces that carry it), paginated; name=
//     filters by substring.
//
// # Remote state consumers
//
//   - POST adds, PATCH replaces, DELETE removes the workspaces named by
//     the body's data[] ({"type":"workspaces","id":...}); each answers 204.
//     A workspace of another organization, or the workspace itself, is
//     422 at /data/i/id. Other attributes the objects carry are ignored.
//   - GET lists them as full workspaces, by name, paginated. With
//     global-remote-state every other workspace of the organization is
//     listed, unless show_only_configured=true asks for the named ones.
//
// # Teams
//
//   - A name is letters, numbers, spaces, - and _ ("foo bar"), not blank,
//     unique within the organization in any case (409 pointing at
//     /data/attributes/name). Create defaults:
//     visibility secret (or organization), allow-member-token-management
//     true, sso-team-id null, and every organization-access flag false:
//     manage-policies, manage-policy-overrides, delegate-policy-overrides,
//     manage-workspaces, manage-vcs-settings, manage-providers,
//     manage-modules, manage-run-tasks, manage-projects, read-workspaces,
//     read-projects, manage-membership, manage-teams,
//     manage-organization-access, access-secret-teams, manage-agent-pools.
//     allow-team-token-management, the name one page of the API's
//     documents uses, is taken for allow-member-token-management, the name
//     answers use.
//   - Implied flags: manage-projects brings manage-workspaces and
//     read-projects; manage-workspaces and read-projects bring
//     read-workspaces. An implied flag is answered true whether the request
//     gave it or not; a request that gives it false while the flag that
//     implies it is (or stays) true is 422 at
//     /data/attributes/organization-access/<flag>. Turning a flag off
//     leaves the flags it brought.
//   - Updates (PATCH) change the members they give, organization-access
//     flag by flag.
//   - Teams have no users here: users-count is 0, users and
//     organization-memberships are empty (include= knows both and adds
//     nothing), and allow-member-token-management is stored and answered
//     but changes nothing.
//   - Every organization has its owners team from its creation, named
//     owners, secret, with every organization-access flag true, listed and
//     counted as the others. Its tokens have the owners' rights. It cannot
//     be deleted (403 "forbidden"), renamed or lose a flag (422 at the
//     member); its visibility and its other attributes change as any
//     team's. Its permissions.can-destroy is false.
//   - Who sees and manages teams: the owners and a team with manage-teams
//     see every team of the organization and create, change and delete
//     them (the permissions of the answer say which the token may); another
//     team token sees the teams whose visibility is organization, itself,
//     and with access-secret-teams the secret ones too. What a token may not
//     see, or change, is 404. The organization's permissions.can-create-team
//     follows the same rule.
//   - GET /organizations/:org/teams lists the teams the token sees, by
//     name; q is a case-insensitive substring of the name, filter[names] a
//     comma-separated list of exact names.
//   - Delete answers 204 and takes the team's tokens (401 from then on) and
//     its access to projects and workspaces.
//
// # Team project access
//
//   - POST /team-projects takes access (read, write, maintain, admin or
//     custom) and the relationships team and project, required (422 at
//     /data/relationships/<name>/data) and of one organization (422); a
//     team or project not found is 404. A team has one access per project:
//     another is 409. The team and the project are taken on create only;
//     an update's are ignored.
//   - Answers carry access, project-access {settings, teams,
//     variable-sets}, workspace-access {runs, sentinel-mocks,
//     state-versions, variables, create, locking, delete, move, run-tasks,
//     policy-overrides}, and the relationships team and project with
//     related links. A fixed level answers the permissions it implies,
//     from the API's table "Implied Custom Permission Levels". The table
//     has no row for project-access.variable-sets and
//     workspace-access.policy-overrides, which clients send too; the
//     emulator reads the levels' descriptions: every level reads the
//     project's variable sets and admin writes them, and those who
//     administer the workspaces (maintain, admin) override policies. The
//     table is at the end of this section.
//   - With a fixed level a request may give the permissions the level
//     implies (clients that send the whole object do); another value is
//     422 at its pointer, "... can only be set when access is custom".
//     Custom access takes the permissions given, each one of its values;
//     on create the others are custom's defaults, on an update they stay as
//     they are, so that a change from a fixed level to custom starts from
//     what the level implied.
//   - GET /team-projects requires filter[project][id] (400 naming the
//     parameter; 404 for a project the token does not see) and lists by
//     team name, by pages.
//   - Who manages: those who manage teams, and, for one project, a team
//     whose access lets it manage the project's teams (teams "manage":
//     admin, or custom); others are answered 404. A token sees the
//     accesses it manages and those of the teams it sees. A project's
//     team-count counts its accesses and its permissions.can-manage-teams
//     tells whether the token manages them. A deleted project or team takes
//     its accesses.
//
// The permissions each level implies, and custom access's defaults:
//
//	permission                         read   write  maintain  admin   custom's default
//	project-access.settings            read   read   read      delete  read
//	project-access.teams               none   none   none      manage  none
//	project-access.variable-sets       read   read   read      write   none
//	workspace-access.runs              read   apply  apply     apply   read
//	workspace-access.sentinel-mocks    none   read   read      read    none
//	workspace-access.state-versions    read   write  write     write   none
//	workspace-access.variables         read   write  write     write   none
//	workspace-access.create            false  false  true      true    false
//	workspace-access.locking           false  true   true      true    false
//	workspace-access.delete            false  false  true      true    false
//	workspace-access.move              false  false  false     true    false
//	workspace-access.run-tasks         false  false  true      true    false
//	workspace-access.policy-overrides  false  false  true      true    false
//
// # Team workspace access
//
//   - POST /team-workspaces takes access (read, plan, write, admin or
//     custom) and the relationships team and workspace, required (422 at
//     /data/relationships/<name>/data) and of one organization (422); a
//     team or workspace not found is 404. It answers 200, not 201, as the
//     API's documents give. A team has one access per workspace: another
//     is 422 "Team has already been taken" at /data/relationships/team/data.
//     The team and the workspace are taken on create only; an update's are
//     ignored.
//   - Answers carry access, runs, variables, state-versions,
//     sentinel-mocks, workspace-locking, run-tasks and policy-overrides,
//     and the relationships team and workspace with related links. A fixed
//     level answers the permissions it implies, from the API's table
//     (below); the table has no policy-overrides, which clients send too:
//     admin implies it, as on projects those who administer the workspaces
//     override policies.
//   - With a fixed level a request may give the permissions the level
//     implies; another value is 422 at its pointer with the API's words,
//     "Runs is read-only when access level is 'read'; use the 'custom'
//     access level to set this attribute." (the attribute's name as a
//     phrase: Runs, Variables, State versions, Sentinel mocks, Workspace
//     locking, Run tasks, Policy overrides). Custom access takes the
//     permissions given; on create the others are custom's defaults, on an
//     update they stay as they are, so that a change from a fixed level to
//     custom starts from what the level implied. null leaves a permission
//     as it is.
//   - GET /team-workspaces requires filter[workspace][id] (400 naming the
//     parameter; 404 for a workspace the token does not see), takes
//     filter[team][id], and lists by team name: every access when the
//     request sends no page[] parameter, as the API pages this list only
//     when asked, and by pages when it does.
//   - Who manages: those who manage teams (the owners, a team with
//     manage-teams); others are answered 404. A token sees the accesses it
//     manages and those of the teams it sees. A deleted workspace or team
//     takes its accesses.
//   - An access changes nothing of what a team token may do here: team
//     tokens manage every workspace of their organization (see Tokens and
//     who sees what), so a team with access to a workspace locks it with
//     its token and unlocks its own lock, and another's unlock is 409
//     "... is locked by Team "name"".
//
// The permissions each level implies, and custom access's defaults:
//
//	permission          read   plan   write  admin  custom's default
//	runs                read   plan   apply  apply  read
//	variables           read   read   write  write  none
//	state-versions      read   read   write  write  none
//	sentinel-mocks      none   none   read   read   none
//	workspace-locking   false  false  true   true   false
//	run-tasks           false  false  false  true   false
//	policy-overrides    false  false  false  true   false
//
// # SSH keys
//
//   - POST /organizations/:org/ssh-keys takes name (required, not blank)
//     and value, the private key's text (required, not blank; its format
//     is not checked). Names need not be unique: the API's documents state
//     no such rule. Answers, of type ssh-keys (ID "sshkey-..."), carry
//     name only: the value is never answered (the state file keeps it).
//   - PATCH /ssh-keys/:id changes the name; a value given there is 422 at
//     /data/attributes/value, as the value is set on create only (the
//     incumbent provider replaces a key whose value changes).
//   - GET /organizations/:org/ssh-keys lists every key of the
//     organization, by name, on one page without pagination: the API does
//     not page this list (the incumbent client's tests say so), and page[]
//     parameters are ignored.
//   - Who: whoever sees the organization reads its keys, but its
//     organization token, which the API's documents keep away from SSH
//     keys; the owners (the organization token aside) and teams with
//     manage-vcs-settings create, rename and delete them. The rest is 404.
//   - PATCH /workspaces/:id/relationships/ssh-key with data.attributes.id
//     (the key's ID, or null for none; required: 422 at
//     /data/attributes/id) sets the workspace's ssh-key relationship, for
//     whoever sees the workspace and the key, and answers the workspace
//     (200). A key of another organization is 422 at /data/attributes/id;
//     a key not found is 404.
//   - DELETE /ssh-keys/:id deletes a key in use too (204): the workspaces
//     that use it are left without one. The incumbent client's own tests
//     delete a key before the workspace it is assigned to, and the API's
//     documents state no refusal. A deleted organization takes its keys.
//
// # Run triggers
//
//   - POST /workspaces/:id/run-triggers takes relationships.sourceable
//     only (required: 422 at /data/relationships/sourceable/data): the
//     workspace whose applies would queue runs in the path's workspace.
//     A source not found or hidden is 404; the workspace itself, a
//     workspace of another organization, a source the workspace already
//     has, and a 21st source are 422 at the same pointer. Answers, of type
//     run-triggers (ID "rt-..."), carry created-at, workspace-name and
//     sourceable-name, and the relationships workspace and sourceable.
//     The emulator runs nothing: a trigger queues no run.
//   - GET /workspaces/:id/run-triggers needs filter[run-trigger][type]:
//     inbound (the triggers that queue runs here) or outbound (those
//     whose source this workspace is); without it, or with another value,
//     400. Paged, oldest first; include=workspace,sourceable.
//   - GET /run-triggers/:id (same includes), DELETE /run-triggers/:id
//     (204). There is no update. Whoever sees the workspace's
//     organization reads, creates and deletes its triggers.
//   - A workspace's delete deletes the triggers it is in, as their
//     workspace or as their source.
//   - The platform refuses concurrent creates in one organization with
//     "Run Trigger creation locked by another user in your organization.
//     Please try again". The emulator serves one request at a time, so it
//     plays that on demand: under Options.RunTriggerLock
//     (-platform-run-trigger-lock) a create holds its organization's lock
//     that long, and another create in the organization meanwhile is 409
//     with those words, taking and holding nothing.
//
// # Notification configurations
//
//   - A workspace's, a project's and a team's configurations are created
//     and listed at /workspaces/:id, /projects/:id and
//     /teams/:id/notification-configurations; each is read, updated and
//     deleted at /notification-configurations/:id (type
//     notification-configurations, ID "nc-..."). The document's type,
//     notification-configuration (the API's documents) or
//     notification-configurations (its clients), is not checked.
//   - destination-type (required; generic, email, slack or
//     microsoft-teams; set on create only: 422 on an update that changes
//     it) and name (required, not blank); enabled false unless given. url
//     is required by generic, slack and microsoft-teams (http or https)
//     and refused by email; token, the HMAC key of a generic destination,
//     is taken and never answered (null), on every destination type: the
//     API's documents do not refuse it on the others (the incumbent
//     provider refuses it on slack and email itself, before any request),
//     and only a generic destination's deliveries are signed with it;
//     email-addresses and the relationship users (users of the platform)
//     are email's only, and an update of an email destination that leaves
//     users out leaves it none, as the incumbent client's tests expect.
//     email-all-members is a team's configuration's only. Refusals are 422
//     at the member.
//   - triggers: a workspace's and a project's take run:created,
//     run:planning, run:needs_attention, run:applying, run:completed,
//     run:errored, assessment:drifted, assessment:check_failure,
//     assessment:failed, workspace:auto_destroy_reminder and
//     workspace:auto_destroy_run_results; a team's take
//     team:change_request (the API's documents) and change_request:created
//     (the incumbent client's), kept as sent. Another is 422.
//   - Answers carry name, destination-type, enabled, url (null for
//     email), token (null), triggers, email-addresses, created-at,
//     updated-at, delivery-responses (see verify), email-all-members on a
//     team's, and the relationships subscribable (the workspace, project
//     or team) and users. Lists are oldest first, every configuration
//     without pagination when the request has no page[] parameter (the
//     incumbent client's tests expect none), by pages when it has.
//   - Whoever sees a workspace or a project manages its configurations;
//     a team's are read by who sees the team and managed by who manages
//     teams. The delete of a workspace, a project or a team takes its
//     configurations; a deleted user leaves their users.
//   - The emulator never sends a request anywhere. POST
//     /notification-configurations/:id/actions/verify records the
//     delivery it would make: for a URL destination the URL, the JSON
//     verification payload (payload_version 1, the configuration's ID, the
//     organization's name, the workspace's ID and name for a workspace's,
//     one notification with trigger "verification"), Content-Type and,
//     with a token, X-TFE-Notification-Signature, the hex HMAC-SHA512 of
//     the body under the token; for email its addresses and users. It
//     answers the configuration (200), whose delivery-responses is then
//     that delivery's response as a destination that accepted it would
//     give (code "200", empty body, successful "true"). GET
//     /_emulator/platform/notification-deliveries
//     [?notification-configuration=nc-...] answers the recorded deliveries
//     as JSON, oldest first. A configuration's delete takes its
//     deliveries.
//   - Verify has its own rate limit, 10 a minute for each principal
//     (every verify request counts, found or not): the 11th within a
//     minute is 429 with the rate limit's body, X-RateLimit-Limit 10 and
//     X-RateLimit-Reset the seconds until the oldest of the ten is a
//     minute old. It is on while the general rate limit is off too, and
//     a reset forgets the count.
//
// # OAuth clients and their tokens
//
//   - POST /organizations/:org/oauth-clients takes service-provider
//     (required: github, github_enterprise, gitlab_hosted,
//     gitlab_community_edition, gitlab_enterprise_edition, ado_server,
//     ado_services, bitbucket_hosted, bitbucket_data_center,
//     bitbucket_server, bitbucket_server_legacy), http-url and api-url
//     (required, http or https), name (null unless given), key, secret,
//     rsa-public-key, private-key (an ado_server client's only),
//     oauth-token-string, organization-scoped (true unless given) and the
//     relationships agent-pool (a pool of the organization: otherwise 422
//     "the provided agent pool does not exist or you are not authorized to
//     use it") and projects (the organization's: a project of another
//     organization, or none, is passed over, as the incumbent client's
//     tests expect of a create; POST .../relationships/projects refuses
//     it, 422). A Bitbucket Data Center client's key, when given,
//     must not be blank (the API's words). Answers, of type oauth-clients
//     (ID "oc-..."), carry name, service-provider and its
//     service-provider-display-name, http-url, api-url, key,
//     rsa-public-key, secret (null), callback-url (on the address the
//     create came to), connect-path, created-at and organization-scoped;
//     the relationships organization, oauth-tokens, agent-pool and
//     projects. oauth-token-string, secret and private-key are kept and
//     never answered: the emulator calls no code host.
//   - PATCH /oauth-clients/:id takes name, key, secret, rsa-public-key,
//     organization-scoped, oauth-token-string, agent-pool and projects;
//     service-provider, http-url, api-url and private-key are 422 there.
//     POST and DELETE /oauth-clients/:id/relationships/projects add and
//     remove projects (a list of at least one; 204). GET
//     /organizations/:org/oauth-clients lists oldest first, paged;
//     include= knows oauth_tokens and projects, on reads too. Whoever sees
//     the organization reads its clients; the owners and teams with
//     manage-vcs-settings create, change and delete them.
//   - An oauth-token-string makes the client's OAuth token (type
//     oauth-tokens, ID "ot-...": uid and service-provider-user null, as
//     the emulator asks no code host whose the token is, created-at,
//     has-ssh-key and the relationship oauth-client), or gives the one it
//     has a new secret; a client created without one has none (the API
//     makes it when a user completes the code host's OAuth flow, which the
//     emulator does not serve). GET /oauth-clients/:id/oauth-tokens, GET
//     /organizations/:org/oauth-tokens (every client's, oldest first) and
//     GET /oauth-tokens/:id read them; PATCH /oauth-tokens/:id takes
//     ssh-key, a private key in PEM form (422 "Ssh key is invalid"
//     otherwise; null or "" removes it), answered as has-ssh-key only;
//     DELETE /oauth-tokens/:id deletes one, its client staying; it has
//     the API's own limit of 10 a minute for each principal, as verify
//     has (see Notification configurations). A workspace's
//     vcs-repo.oauth-token-id
//     must name an OAuth token of the workspace's organization (422 at
//     /data/attributes/vcs-repo/oauth-token-id otherwise).
//   - A client's delete takes its token; the organization's takes its
//     clients; a deleted project or agent pool leaves them. The workspaces
//     that name a deleted token keep its ID.
//
// # Team tokens
//
//   - A team has any number of tokens with a description (POST
//     /teams/:id/authentication-tokens; description required, not blank and
//     unique within the team: 409 at /data/attributes/description) and one
//     legacy token without (POST /teams/:id/authentication-token, which
//     replaces the one it had; a description given there is ignored).
//     expired-at is an ISO 8601 time still to come (422 otherwise); null or
//     absent, the server sets it two years after the token's creation.
//   - Answers are of type authentication-tokens, ID "at-...": created-at,
//     last-used-at (always null: the emulator does not record use),
//     description (null for the legacy token), token (the secret, in the
//     create answer only, null elsewhere) and expired-at; relationships
//     team and created-by (the user, team or organization whose token
//     created it; null for a minted token).
//   - The secret is a bearer token of the team until it expires or is
//     deleted.
//   - GET and DELETE /authentication-tokens/:id read and delete a team
//     token, described or legacy (not the organization token); GET and
//     DELETE /teams/:id/authentication-token the legacy one (404 when there
//     is none). GET /organizations/:org/team-tokens lists the tokens of the
//     teams the token sees, without secrets: q is a case-insensitive
//     substring of the team's name; sort is expired-at (the default; those
//     that never expire last), team-name, created-by or last-used-at, "-"
//     reversing; ties go by creation.
//   - Creating and deleting tokens is for those who manage teams (not a
//     team's own token, whatever allow-member-token-management says; 404);
//     reading is for whoever sees the team.
//   - The token endpoints, the organization token's too, and those of team
//     project access have no includes: an include is 400.
//
// # Organization token
//
//   - POST /organizations/:org/authentication-token makes the
//     organization's one organization token and replaces the one it had,
//     which is 401 from then on; expired-at as for team tokens. GET reads
//     it (without the secret) and DELETE deletes it, both 404 when there is
//     none. Answers are those of team tokens without the team relationship.
//   - These endpoints are the owners' (the organization token included):
//     others are answered 404. ?token=audit-trails names the
//     organization's audit-trail token instead, a singleton beside the
//     organization token with the same answers: created, read and deleted
//     alone, replaced by a new one of its kind, expired-at defaulting as
//     the others' (the API's documents say it never expires, the incumbent
//     provider 24 months). It needs a plan with audit-logging (404
//     otherwise), and as a bearer token it sees no object of the API.
//     Another ?token= is 400 naming the parameter token.
//
// # Variable sets
//
//   - A name (required, not blank) is unique within the organization in
//     any case (409). Create defaults: description "", global false,
//     priority false, no assignments and no variables.
//   - The parent relationship is the organization, named by its name in
//     any case, as paths name it (or null), or one of its projects, named by
//     its ID; the two are told apart by the ID, whatever type the client
//     sends. Another organization, or
//     a project of another organization, is 422. The parent cannot change
//     (422 at /data/relationships/parent/data; giving the same one is
//     taken). A set owned by a project cannot be global (422 at
//     /data/attributes/global) and is assigned to that project and its
//     workspaces only (422 otherwise).
//   - PUT and PATCH both update, changing the attributes they give. The
//     relationships workspaces and projects, when given, replace the set's
//     assignments (empty clears them); vars adds the variables it gives,
//     complete definitions under the variables' rules (a key and category
//     given twice, or that the set has, is 422 at the variable's key).
//   - A global set applies to every workspace and is assigned to nothing:
//     a global set given workspaces or projects is 422 at
//     /data/attributes/global, making a set global drops its assignments,
//     and assigning a global set is 422. Two global sets of an organization
//     cannot share a variable (key and category): creating a global set,
//     making a set global, or adding or changing a variable of one so that
//     they would is 422.
//   - POST .../relationships/workspaces and .../relationships/projects add
//     the workspaces or projects data[] names ({type, id}), DELETE removes
//     them; both answer 204; adding what is assigned or removing what is
//     not changes nothing; one of another organization is 422 at
//     /data/<i>/id.
//   - Answers: name, description, global, priority, created-at, updated-at
//     (the last change of the set, its assignments or its variables),
//     var-count, workspace-count, project-count; relationships
//     organization, parent, vars, workspaces, projects, and stacks (always
//     empty).
//   - Lists, by name and by pages, q a case-insensitive substring of the
//     name: GET /organizations/:org/varsets every set; GET
//     /projects/:id/varsets the global sets and those assigned to the
//     project; GET /workspaces/:id/varsets the global sets and those
//     assigned to the workspace or to its project. include= knows
//     workspaces, projects and vars, which are included, and stacks, which
//     adds nothing, on reads and lists.
//   - Whoever sees the organization manages its sets, as its projects and
//     workspaces. Delete answers 204 and takes the set's variables. A
//     deleted workspace or project leaves the sets' assignments; a deleted
//     project takes the sets it owns.
//
// # Variables
//
//   - A workspace's variables are at /workspaces/:id/vars, a set's at
//     /varsets/:id/relationships/vars; each variable has its read, update
//     and delete at .../:var_id (a variable of another parent is 404
//     there).
//   - key (required, not blank) and category (required, terraform or env);
//     value "", description "", hcl false and sensitive false unless
//     given. A key is unique within its parent and category, in its case:
//     409 "conflict" at /data/attributes/key, the contract's answer to a
//     duplicate, as the API's documents do not say.
//   - A sensitive variable's value is answered null, everywhere;
//     sensitive cannot go back to false (422 at /data/attributes/sensitive);
//     the value can still be written.
//   - description is at most 512 characters (422 "description is too long
//     (maximum is 512 characters, ...)"; go-tfe's tests send 516 and 539).
//   - version-id (64 hex digits) is new on create and on every update,
//     whatever it changes, one that changes nothing included (go-tfe's
//     "without any changes" expects a new one); reads keep it, and a
//     refused update changes nothing.
//   - PATCH changes the members it gives; data.id is neither required nor
//     checked (the path names the variable).
//   - Answers: key, value, description, category, hcl, sensitive,
//     version-id, created-at; the relationship configurable (type
//     workspaces, its related link the workspace's path by organization and
//     name) or varset (type varsets); links self, the variable's path.
//   - Lists are by key and category, by pages. The endpoints have no
//     includes (an include is 400).
//   - Whoever sees the workspace or the set manages its variables. A
//     deleted workspace or set takes its variables.
//
// # Users and the current account
//
//   - A user (type users, ID "user-...") has a username (null while an
//     invited person has not signed up: see organization memberships) and
//     an email. Minted users get username@example.com; the site
//     administrator (Options.Token) is the user "admin", admin@example.com,
//     stored once it is first used.
//   - GET /users/:id answers username, email (the API's documents say
//     others see a name and a picture only, yet memberships include their
//     users with the email, and clients match on it), avatar-url,
//     is-service-account, auth-method "tfc", v2-only false and permissions,
//     to the user itself, to whoever sees an organization it is a member of,
//     and to the administrator; others are 404, as for an unknown ID.
//   - GET /account/details answers the token's own account: the user's
//     attributes with unconfirmed-email, is-admin (and the deprecated
//     is-site-admin; true for the administrator), is-sso-login false,
//     two-factor {enabled, verified} (both false) and the relationship
//     authenticated-resource. A team token's account is its service
//     account; an organization token has none (404). PATCH /account/update
//     changes username (unique: 422) and email, which waits as
//     unconfirmed-email (the emulator sends no confirmation; giving the
//     current email back drops it).
//   - A team that has a token has a service account, the synthetic user its
//     tokens act as: is-service-account true, username "api-team_" and the
//     team ID's characters, ID "user-" and the same; it is listed among the
//     team's users and read at /users/:id, and is no member of anything.
//
// # Organization memberships
//
//   - POST /organizations/:org/organization-memberships invites a person
//     by email (required, an email address: 422): a user the platform does
//     not know by that email (in any case) gets a record without username.
//     The membership (type organization-memberships, ID "ou-...") is
//     invited; the relationship teams puts it in those teams of the
//     organization (422 for another's). The creator of an organization is
//     an active member of it from its creation, in its owners team. A
//     person invited twice to one organization is 422. The answer (201)
//     includes the user. A subscription's contract-user-limit (see Plans)
//     caps members and invitations together: one more is 400 "... has
//     reached its limit of N users" (the admin route that adds members
//     does not count).
//   - Answers carry status (invited or active), email, created-at,
//     is-org-two-factor-required (invitations only), and the relationships
//     organization (by name), user, teams and scim-identity (null).
//     include= knows user and teams, on reads and lists.
//   - GET /organizations/:org/organization-memberships lists by creation
//     and by pages: q a case-insensitive part of the username or the email,
//     filter[email] a comma-separated list of emails (in any case),
//     filter[status] invited or active (another is 400); meta.status-counts
//     {total, active, invited} counts what q and filter[email] keep. GET
//     /organization-memberships lists the token's user's own memberships
//     (none for team and organization tokens).
//   - There is no update. DELETE answers 204 and takes the user out of the
//     organization's teams; an invited person's record goes with its last
//     membership. A user removing itself from an organization it owns is
//     403. An organization's delete takes its memberships (its members'
//     users stay: people are the platform's).
//   - Whoever sees the organization reads its memberships; its owners and
//     teams with manage-membership or manage-teams invite and remove
//     members, and change its teams' members; to the others a write is 404.
//   - An invitation is accepted outside the API, by the emulator's admin
//     API (below): the membership becomes active and the user gets a
//     username. A membership changes nothing of what a user's token sees
//     (see Tokens and who sees what).
//
// # Team membership
//
//   - A team's members are the memberships that name it. POST and DELETE
//     /teams/:id/relationships/users take data[] of {type users, id: the
//     username}: each must be an active member of the team's organization,
//     else 400 "<username> is not a member of the organization" (an
//     invited person is not yet); removing a member who is not in the team
//     changes nothing. POST and DELETE
//     .../relationships/organization-memberships take membership IDs,
//     invited ones too: one of another organization, or unknown, is 400
//     "<ou-...> is not a member of the organization", and removing one that
//     is not in the team 400 "<ou-...> is not a member of team ...". A
//     request changes all it names or, refused, nothing; an empty data is
//     400. All answer 204.
//   - Teams answer their users (the active members', by username, then the
//     service account when the team has a token) and organization-memberships
//     (every member, invited ones included, by creation) as relationships;
//     users-count counts the users; include=users and
//     include=organization-memberships include them.
//   - GET /teams/:id/relationships/organization-memberships lists the
//     team's memberships by pages, for whoever sees the team:
//     filter[status] as above, filter[is_service_account] true keeps none
//     (service accounts have no membership) and false all; include= user,
//     teams. A deleted team leaves its members' memberships.
//   - The plan limits no team's members: the API's documents let a free
//     organization change its owners team's only, yet the incumbent client's
//     tests add members to other teams of organizations they create.
//
// # Code-host app installations
//
//   - An installation (type codehost-app-installations, ID "ghain-...")
//     is the platform's app installed on a code-host account: name (the
//     account's), installation-id (the code host's number), installation-type
//     (Organization or User), icon-url and installation-url. The emulator
//     talks to no code host: RegisterCodehostAppInstallation (and its admin
//     route) registers one; installation-id is unique.
//   - GET /codehost-app/installations (and GET /codehost-app-installations)
//     lists them by name and by pages: filter[name] the account's name in any
//     case, filter[installation_id] its number (not a number: 400). GET
//     /codehost-app/installation/:id (and /codehost-app-installations/:id)
//     reads one. Every user token sees every installation; team and
//     organization tokens, which authorized no app, see none (404, an
//     empty list).
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
//     /_emulator/platform/notification-deliveries does (see Notification
//     configurations).
//
// # State
//
// The state file keeps every object, users and minted tokens (secrets in
// clear: the file is the emulator's own), sorted by ID. Rate-limit buckets
// are not kept. A file that holds what no request could have stored (a bad
// ID, a token of an unknown user or team, an agent pool that is not one of
// its organization's) is refused at load.
package platform
