package platform

import (
	"context"
	"time"
)

// AgentToken is a token of an agent pool, type authentication-tokens
// (at-…), which the pool's agents authenticate with. Token, the secret, is
// answered by the create only. It has no expiry and no update.
type AgentToken struct {
	ID          string     `jsonapi:"primary,authentication-tokens"`
	Token       string     `jsonapi:"attr,token"`
	Description string     `jsonapi:"attr,description"`
	CreatedAt   *time.Time `jsonapi:"attr,created-at,rfc3339"`
	LastUsedAt  *time.Time `jsonapi:"attr,last-used-at,rfc3339"`

	// AgentPool is the token's pool, where an answer names it: the API's
	// documents do not say that it does.
	AgentPool *AgentPool `jsonapi:"relation,agent-pool,omitempty"`
}

// AgentTokenCreateOptions is the body of a create. Description is
// required. The API's documents give the type authentication-tokens,
// which the platform takes as it takes agent-tokens.
type AgentTokenCreateOptions struct {
	Type        string  `jsonapi:"primary,authentication-tokens"`
	Description *string `jsonapi:"attr,description,omitempty"`
}

// AgentTokenList is a list of agent tokens.
type AgentTokenList = List[AgentToken]

// AgentTokens are the calls of agent tokens.
type AgentTokens struct{ c *Client }

// Create creates a token of an agent pool; the answer carries its secret,
// which no later read does.
func (s *AgentTokens) Create(ctx context.Context, poolID string, opts AgentTokenCreateOptions) (*AgentToken, error) {
	return post[AgentToken](ctx, s.c, tokens.under(agentPools.at(poolID)), &opts)
}

// Read reads an agent token by ID; its secret is not answered.
func (s *AgentTokens) Read(ctx context.Context, id string) (*AgentToken, error) {
	return get[AgentToken](ctx, s.c, tokens.at(id))
}

// List lists the tokens of an agent pool, oldest first.
func (s *AgentTokens) List(ctx context.Context, poolID string) (*AgentTokenList, error) {
	return list[AgentToken](ctx, s.c, tokens.under(agentPools.at(poolID)), nil)
}

// Delete deletes an agent token by ID.
func (s *AgentTokens) Delete(ctx context.Context, id string) error {
	return del(ctx, s.c, tokens.at(id))
}
