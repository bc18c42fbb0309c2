package platform

import (
	"context"
	"net/http"
)

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

func sshKeyPath(id string) (string, error) {
	p, err := segment("SSH key ID", id)
	if err != nil {
		return "", err
	}
	return "/ssh-keys/" + p, nil
}

// List lists an organization's SSH keys.
func (s *SSHKeys) List(ctx context.Context, org string) (*SSHKeyList, error) {
	path, err := organizationPath(org)
	if err != nil {
		return nil, err
	}
	return list[SSHKey](ctx, s.c, path+"/ssh-keys", nil)
}

// Create creates an SSH key in an organization.
func (s *SSHKeys) Create(ctx context.Context, org string, opts SSHKeyOptions) (*SSHKey, error) {
	path, err := organizationPath(org)
	if err != nil {
		return nil, err
	}
	return one[SSHKey](ctx, s.c, request{method: http.MethodPost, path: path + "/ssh-keys", body: &opts})
}

// Read reads an SSH key by ID.
func (s *SSHKeys) Read(ctx context.Context, id string) (*SSHKey, error) {
	path, err := sshKeyPath(id)
	if err != nil {
		return nil, err
	}
	return one[SSHKey](ctx, s.c, request{method: http.MethodGet, path: path})
}

// Update renames an SSH key; its value cannot change, and is not sent.
func (s *SSHKeys) Update(ctx context.Context, id string, opts SSHKeyOptions) (*SSHKey, error) {
	path, err := sshKeyPath(id)
	if err != nil {
		return nil, err
	}
	opts.Value = nil
	return one[SSHKey](ctx, s.c, request{method: http.MethodPatch, path: path, body: &opts})
}

// Delete deletes an SSH key; the workspaces that used it are left without
// one.
func (s *SSHKeys) Delete(ctx context.Context, id string) error {
	path, err := sshKeyPath(id)
	if err != nil {
		return err
	}
	return s.c.exec(ctx, request{method: http.MethodDelete, path: path})
}
