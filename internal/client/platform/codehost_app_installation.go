package platform

import (
	"context"
	"net/url"
	"strconv"
)

// CodehostAppInstallation is an installation of the platform's app on a
// code-host account, type codehost-app-installations (ghain-…): a
// workspace's vcs-repo names it by ID (codehost-app-installation-id).
// InstallationID is the code host's own number for it.
type CodehostAppInstallation struct {
	ID               string `jsonapi:"primary,codehost-app-installations"`
	Name             string `jsonapi:"attr,name"`
	InstallationID   int    `jsonapi:"attr,installation-id"`
	InstallationType string `jsonapi:"attr,installation-type"`
	IconURL          string `jsonapi:"attr,icon-url"`
	InstallationURL  string `jsonapi:"attr,installation-url"`
}

// CodehostAppInstallationListOptions narrow the list: Name is the
// code-host account's name (filter[name]), InstallationID its number
// (filter[installation_id]; 0 is any).
type CodehostAppInstallationListOptions struct {
	Name           string
	InstallationID int
}

// CodehostAppInstallationList is a list of installations.
type CodehostAppInstallationList = List[CodehostAppInstallation]

// CodehostAppInstallations are the calls of code-host app installations:
// the token's user's, read only.
type CodehostAppInstallations struct{ c *Client }

// List lists the installations the token's user sees.
func (s *CodehostAppInstallations) List(ctx context.Context, opts CodehostAppInstallationListOptions) (*CodehostAppInstallationList, error) {
	q := url.Values{}
	if opts.Name != "" {
		q.Set("filter[name]", opts.Name)
	}
	if opts.InstallationID != 0 {
		q.Set("filter[installation_id]", strconv.Itoa(opts.InstallationID))
	}
	return list[CodehostAppInstallation](ctx, s.c, ref{path: "/codehost-app/installations"}, q)
}

// codehostAppInstallations is where one installation is read: in the
// singular, beside the list's plural.
var codehostAppInstallations = collection{path: "/codehost-app/installation", id: "code-host app installation ID"}

// Read reads an installation by its ID (ghain-…).
func (s *CodehostAppInstallations) Read(ctx context.Context, id string) (*CodehostAppInstallation, error) {
	return get[CodehostAppInstallation](ctx, s.c, codehostAppInstallations.at(id))
}
