// Package scheduler emulates the scheduler's ACL auth method API in memory,
// with the status codes and plain-text error bodies of the contract table in
// the repository's DESIGN.md.
//
// "The spec" below is the API's published description, which leaves some
// behavior unsaid; this emulator decides it as follows, and the provider is
// written against these choices:
//
//   - Errors: 400 for validation and malformed JSON, 403 "Permission denied"
//     for a missing, unknown or non-management token, 404 `auth method "x"
//     not found`, 409 `auth method "x" already exists`. Messages name the
//     field by its JSON name and the rule it broke.
//   - Order of checks: token, body (JSON, and on update a Name that matches
//     the path), then for update and delete the existence of the method
//     (404), then the fields (400), then on create a duplicate name (409)
//     and the one-default rule (400).
//   - MaxTokenTTL is required on create and must parse (a zero one counts as
//     missing), but it is never stored, so no response (create included)
//     carries it, but in the ReturnMaxTokenTTL variant.
//   - Update replaces the whole object: omitted fields take their defaults.
//     Config is the exception to the spec's "default nil on update": a null
//     Config would break the rules the method must keep (non-empty
//     AllowedRedirectURIs, unchanged create-only fields), so an update
//     without one is refused (400). In Config, AllowedRedirectURIs must be
//     non-empty and OIDCDiscoveryURL is required; OIDCClientID and
//     OIDCClientSecret may be empty ("default empty on update"). Create-only
//     fields: an empty or zero value keeps the stored one, a different value
//     is refused.
//   - Durations are accepted as Go duration strings ("0" and "" included)
//     or as numbers of nanoseconds, must not be negative, and are returned
//     as time.Duration.String() ("5m0s", "0s" when unset; "" in the
//     EmptyZeroDurations variant).
//   - Empty lists and maps are stored as unset and returned as null, so
//     SigningAlgs and DiscoveryCaPem are null unless given; the RS256 default
//     of SigningAlgs is applied at use, never stored.
//   - The index starts at 1 before any write; every write (create, update,
//     delete, reset) takes the next one, which a create's, an update's and
//     a delete's answer carry in X-Scheduler-Index. Reads and lists answer
//     X-Scheduler-Index, the highest index the replica has applied, also on
//     a 404. A blocking query (?index=N&wait=D) returns once that index
//     exceeds N, after D (default 5m, at most 10m), or when the client goes.
//     The consistency modes (?consistent, ?stale) are accepted and change
//     nothing: every read comes from the local region's replica, and the
//     lag is the replication from the authoritative region, which no mode
//     of a local read skips.
//   - Reset empties the methods and the minted tokens but keeps the index
//     growing, so that a client holding an index never sees it go backwards
//     and a blocked query wakes up to see the empty store.
//   - In the redact variant, a non-empty OIDCClientSecret is answered as
//     "redacted"; an empty one stays empty. In the omit variant, no answer
//     has the OIDCClientSecret field. In the upsert variant, a create of an
//     existing name keeps its CreateIndex and CreateTime, and one that
//     changes no setting writes nothing: it answers the method as it was,
//     at its own ModifyIndex, as the real server does.
//   - In the EmptyZeroDurations variant (-scheduler-empty-zero-durations),
//     every zero duration an answer carries is "" rather than "0s".
//   - In the ReturnMaxTokenTTL variant (-scheduler-return-max-token-ttl),
//     MaxTokenTTL is kept and every answer with a method carries it, the
//     create's and the update's included; an update without it sets it to
//     zero, as an update does every field it leaves out.
//   - In the UpdateJWT variant (-scheduler-update-jwt), the update endpoint
//     takes JWT methods too, under the rules of an OIDC update but for
//     OIDCDiscoveryURL, which a JWT method needs only as its key source
//     (one of OIDCDiscoveryURL, JWKSURL, JWTValidationPubKeys). Create-only
//     fields are kept or refused as for OIDC, and the Type of a method
//     never changes (400).
package scheduler
