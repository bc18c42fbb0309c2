package platform

import "context"

// PrefixSSHKey begins the IDs of SSH keys.
const PrefixSSHKey = "sshkey"

// SSHKey is a private SSH key of an organization, type ssh-keys
// (sshkey-…), which its workspaces use to fetch modules from private
// repositories. The platform answers its name alone: never its value,
// nor its organization.
type SSHKey struct {
	ID   string `jsonapi:"primary,ssh-keys"`
	Name string `jsonapi:"attr,name"`
}

// SSHKeyOptions is the body of a create or an update of an SSH key. A
// create needs both; Value, the private key's text, only a create sends:
// the platform sets it once, and Update leaves it out.
type SSHKeyOptions struct {
	Type  string  `jsonapi:"primary,ssh-keys"`
	Name  *string `jsonapi:"attr,name,omitempty"`
	Value *string `jsonapi:"attr,value,omitempty"`
}

// SSHKeyList is a list of SSH keys.
type SSHKeyList = List[SSHKey]

// SSHKeys are the calls of SSH keys. Organization tokens may not make
// them.
type SSHKeys struct{ c *Client }

var sshKeys = collection{path: "/ssh-keys", id: "SSH key ID"}

// List lists an organization's SSH keys.
func (s *SSHKeys) List(ctx context.Context, org string) (*SSHKeyList, error) {
	return list[SSHKey](ctx, s.c, sshKeys.under(organizations.at(org)), nil)
}

// Create creates an SSH key in an organization.
func (s *SSHKeys) Create(ctx context.Context, org string, opts SSHKeyOptions) (*SSHKey, error) {
	return post[SSHKey](ctx, s.c, sshKeys.under(organizations.at(org)), &opts)
}

// Read reads an SSH key by ID.
func (s *SSHKeys) Read(ctx context.Context, id string) (*SSHKey, error) {
	return get[SSHKey](ctx, s.c, sshKeys.at(id))
}

// Update renames an SSH key; its value cannot change, and is not sent.
func (s *SSHKeys) Update(ctx context.Context, id string, opts SSHKeyOptions) (*SSHKey, error) {
	opts.Value = nil
	return patch[SSHKey](ctx, s.c, sshKeys.at(id), &opts)
}

// Delete deletes an SSH key; the workspaces that used it are left without
// one.
func (s *SSHKeys) Delete(ctx context.Context, id string) error {
	return del(ctx, s.c, sshKeys.at(id))
}
