package platform

import (
	"errors"
	"fmt"
	"time"
)

// prefixToken begins the IDs of this file's objects.
const prefixToken = "at"

// token is an API token and what it acts for.
type token struct {
	ID     string `json:"id"`
	Secret string `json:"secret"`
	// Kind is kindUser, kindTeam or kindOrganization, and Subject the ID
	// of the user or the team, or the organization's external ID.
	Kind    string `json:"kind"`
	Subject string `json:"subject"`
	// Organization is the external ID of a team's or an organization
	// token's organization.
	Organization string `json:"organization,omitempty"`
	// Description is a team token's; Described tells one of the team's
	// described tokens, whose description may be empty, from its legacy
	// token, which has none.
	Description string     `json:"description,omitempty"`
	Described   bool       `json:"described,omitempty"`
	CreatedAt   time.Time  `json:"created-at"`
	ExpiredAt   *time.Time `json:"expired-at,omitempty"`
	// CreatedByKind and CreatedBy are the principal that created the
	// token through the API (empty for a minted one): its kind and ID.
	CreatedByKind string `json:"created-by-kind,omitempty"`
	CreatedBy     string `json:"created-by,omitempty"`
}

func (t *token) principal() principal {
	if t.Kind == kindAuditTrail {
		// It sees no organization: its organization's audit trail is
		// not emulated.
		return principal{kind: t.Kind, id: t.Subject}
	}
	return principal{kind: t.Kind, id: t.Subject, org: t.Organization}
}

// newSecret returns a token secret in the API's shape: 14 characters,
// ".atlasv1.", 67 characters.
func newSecret() string {
	return randomBase58(14) + ".atlasv1." + randomBase58(67)
}

// issueTokenLocked stores a new token acting for kind and subject.
func (s *Server) issueTokenLocked(kind, subject, org string) *token {
	t := &token{
		ID: newID(prefixToken), Secret: newSecret(),
		Kind: kind, Subject: subject, Organization: org,
		CreatedAt: s.now().UTC(),
	}
	tokens.in(s)[t.Secret] = t
	return t
}

// MintOrganizationToken returns a new organization token of the
// organization named org. An organization has one: the new token replaces
// the one it had, which stops working.
func (s *Server) MintOrganizationToken(org string) (string, error) {
	var secret string
	err := s.change(func() error {
		o := s.orgByNameLocked(org)
		if o == nil {
			return fmt.Errorf("organization %q: no such organization", org)
		}
		secret = s.issueOrganizationTokenLocked(o).Secret
		return nil
	})
	return secret, err
}

// issueOrganizationTokenLocked replaces org's organization token by a new
// one.
func (s *Server) issueOrganizationTokenLocked(org *organization) *token {
	tokens.removeWhere(s, func(t *token) bool {
		return t.Kind == kindOrganization && t.Subject == org.ExternalID
	})
	tok := s.issueTokenLocked(kindOrganization, org.ExternalID, org.ExternalID)
	tok.ExpiredAt = expiryOrDefault(nil, tok.CreatedAt)
	return tok
}

// MintTeamToken returns a new token of the team teamID ("team-" and 16
// base58 characters) of the organization named org, a team created
// before. The team acts with its own rate limit, sees everything in its
// organization and manages its projects and workspaces, but has none of
// the owners' rights. The token is the team's legacy token (the one
// without description), which replaces the one it had, as POST
// /teams/:id/authentication-token does.
func (s *Server) MintTeamToken(org, teamID string) (string, error) {
	if !isID(prefixTeam, teamID) {
		return "", fmt.Errorf("team ID %q: must be team- and 16 base58 characters", teamID)
	}
	var secret string
	err := s.change(func() error {
		o := s.orgByNameLocked(org)
		if o == nil {
			return fmt.Errorf("organization %q: no such organization", org)
		}
		t := teams.in(s)[teamID]
		if t == nil || t.Org != o.ExternalID {
			return fmt.Errorf("team %q: no such team in organization %q", teamID, org)
		}
		secret = s.issueTeamTokenLocked(t, nil, nil, principal{}).Secret
		return nil
	})
	return secret, err
}

func (st *store) checkToken(t *token) error {
	if t == nil || !isID(prefixToken, t.ID) || t.Secret == "" {
		return errors.New("no valid ID and secret")
	}
	switch t.Kind {
	case kindUser:
		if users.in(st)[t.Subject] == nil {
			return fmt.Errorf("user %q is not in the file", t.Subject)
		}
		return nil
	case kindTeam:
		if team := teams.in(st)[t.Subject]; team == nil || team.Org != t.Organization {
			return fmt.Errorf("team %q is not a team of organization %q in the file", t.Subject, t.Organization)
		}
		// A file written before Described was kept told the two kinds of
		// team token apart by the description alone.
		t.Described = t.Described || t.Description != ""
	case kindOrganization, kindAuditTrail:
		if t.Subject != t.Organization {
			return fmt.Errorf("%s token of %q for organization %q", t.Kind, t.Subject, t.Organization)
		}
	default:
		return fmt.Errorf("kind %q: must be %s, %s, %s or %s", t.Kind, kindUser, kindTeam, kindOrganization, kindAuditTrail)
	}
	if organizations.in(st)[t.Organization] == nil {
		return fmt.Errorf("organization %q is not in the file", t.Organization)
	}
	return nil
}

// tokens are the API's tokens, by secret.
var tokens = &table[token]{key: "tokens", noun: "token", id: func(t *token) string { return t.Secret }}

func init() {
	tokens.check = (*store).checkToken
	tokens.needs = []anyTable{users, organizations, teams}
	// An organization's delete deletes its team, organization and audit
	// trail tokens; a team's its tokens.
	tokens.onDelete = func(st *store, gone anyTable, id string) {
		switch gone {
		case organizations:
			tokens.removeWhere(st, func(t *token) bool { return t.Kind != kindUser && t.Organization == id })
		case teams:
			tokens.removeWhere(st, func(t *token) bool { return t.Kind == kindTeam && t.Subject == id })
		}
	}
	register(tokens)
}
