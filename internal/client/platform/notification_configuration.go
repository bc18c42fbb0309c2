package platform

import (
	"context"
	"fmt"
	"net/url"
	"time"
)

// Destination types of a notification configuration.
const (
	NotificationDestinationGeneric        = "generic"
	NotificationDestinationEmail          = "email"
	NotificationDestinationSlack          = "slack"
	NotificationDestinationMicrosoftTeams = "microsoft-teams"
)

// Kinds of object a notification configuration subscribes to, as their
// API types and the first segment of their configurations' paths.
const (
	NotificationSubscribableWorkspace = "workspaces"
	NotificationSubscribableProject   = "projects"
	NotificationSubscribableTeam      = "teams"
)

// PrefixNotification begins the IDs of notification configurations.
const PrefixNotification = "nc"

// NotificationConfiguration tells a destination of events of a workspace,
// a project or a team, type notification-configurations (nc-…). Token, the
// HMAC key of a generic destination, is never answered.
type NotificationConfiguration struct {
	ID                string                 `jsonapi:"primary,notification-configurations"`
	Name              string                 `jsonapi:"attr,name"`
	DestinationType   string                 `jsonapi:"attr,destination-type"`
	Enabled           bool                   `jsonapi:"attr,enabled"`
	URL               string                 `jsonapi:"attr,url"`
	Triggers          []string               `jsonapi:"attr,triggers"`
	EmailAddresses    []string               `jsonapi:"attr,email-addresses"`
	EmailAllMembers   bool                   `jsonapi:"attr,email-all-members"`
	DeliveryResponses []NotificationDelivery `jsonapi:"attr,delivery-responses"`
	CreatedAt         *time.Time             `jsonapi:"attr,created-at,rfc3339"`
	UpdatedAt         *time.Time             `jsonapi:"attr,updated-at,rfc3339"`

	Subscribable *NotificationSubscribable `jsonapi:"polyrelation,subscribable"`
	Users        []*UserRef                `jsonapi:"relation,users"`
}

// NotificationSubscribable is what a configuration subscribes to: one of
// its fields is set.
type NotificationSubscribable struct {
	Workspace *Workspace
	Project   *Project
	Team      *Team
}

// NotificationDelivery is one response of a configuration's latest
// verification.
type NotificationDelivery struct {
	URL        string         `jsonapi:"attr,url"`
	Body       string         `jsonapi:"attr,body"`
	Code       string         `jsonapi:"attr,code"`
	Headers    map[string]any `jsonapi:"attr,headers"`
	SentAt     *time.Time     `jsonapi:"attr,sent-at,rfc3339"`
	Successful string         `jsonapi:"attr,successful"`
}

// UserRef names a user of the platform by ID, as relationships do.
type UserRef struct {
	ID string `jsonapi:"primary,users"`
}

// NotificationConfigurationOptions is the body of a create or an update.
// A nil field is left out: a create gives it the platform's default, an
// update leaves it as it is. DestinationType is set on create only; Name
// and DestinationType are required there, URL for every destination but
// email. Users, an email destination's, must be sent with every update:
// the platform takes an update without them for none. Token is written,
// never read back.
type NotificationConfigurationOptions struct {
	Type            string     `jsonapi:"primary,notification-configurations"`
	DestinationType *string    `jsonapi:"attr,destination-type,omitempty"`
	Name            *string    `jsonapi:"attr,name,omitempty"`
	Enabled         *bool      `jsonapi:"attr,enabled,omitempty"`
	URL             *string    `jsonapi:"attr,url,omitempty"`
	Token           *string    `jsonapi:"attr,token,omitempty"`
	Triggers        []string   `jsonapi:"attr,triggers,omitempty"`
	EmailAddresses  []string   `jsonapi:"attr,email-addresses,omitempty"`
	EmailAllMembers *bool      `jsonapi:"attr,email-all-members,omitempty"`
	Users           []*UserRef `jsonapi:"relation,users,omitempty"`
}

// NotificationConfigurationList is a list of notification configurations.
type NotificationConfigurationList = List[NotificationConfiguration]

// NotificationConfigurations are the calls of notification
// configurations.
type NotificationConfigurations struct{ c *Client }

var notificationConfigurations = collection{path: "/notification-configurations", id: "notification configuration ID"}

// subscribable is the object of the kind (NotificationSubscribableWorkspace...)
// and id that configurations subscribe to.
func subscribable(kind, id string) ref {
	switch kind {
	case NotificationSubscribableWorkspace, NotificationSubscribableProject, NotificationSubscribableTeam:
	default:
		return ref{err: fmt.Errorf("notification configurations of %q: must be workspaces, projects or teams", kind)}
	}
	return collection{path: "/" + kind, id: kind + " ID"}.at(id)
}

// Create creates a configuration of the object kind and id name.
func (s *NotificationConfigurations) Create(ctx context.Context, kind, id string, opts NotificationConfigurationOptions) (*NotificationConfiguration, error) {
	return post[NotificationConfiguration](ctx, s.c, notificationConfigurations.under(subscribable(kind, id)), &opts)
}

// List lists the configurations of the object kind and id name.
func (s *NotificationConfigurations) List(ctx context.Context, kind, id string) (*NotificationConfigurationList, error) {
	return list[NotificationConfiguration](ctx, s.c, notificationConfigurations.under(subscribable(kind, id)), url.Values{})
}

// Read reads a configuration by ID.
func (s *NotificationConfigurations) Read(ctx context.Context, id string) (*NotificationConfiguration, error) {
	return get[NotificationConfiguration](ctx, s.c, notificationConfigurations.at(id))
}

// Update changes a configuration; its destination type stays.
func (s *NotificationConfigurations) Update(ctx context.Context, id string, opts NotificationConfigurationOptions) (*NotificationConfiguration, error) {
	opts.DestinationType = nil
	return patch[NotificationConfiguration](ctx, s.c, notificationConfigurations.at(id), &opts)
}

// Verify asks the platform to deliver a test notification; the answer
// carries its delivery-responses. The platform limits it to 10 a minute.
func (s *NotificationConfigurations) Verify(ctx context.Context, id string) (*NotificationConfiguration, error) {
	return post[NotificationConfiguration](ctx, s.c, notificationConfigurations.at(id).sub("actions/verify"), nil)
}

// Delete deletes a configuration.
func (s *NotificationConfigurations) Delete(ctx context.Context, id string) error {
	return del(ctx, s.c, notificationConfigurations.at(id))
}
