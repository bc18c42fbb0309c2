package platform

import (
	"errors"
	"fmt"
	"net/http"
	"net/mail"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/route"
)

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

// prefixNotificationConfiguration begins the IDs of this file's objects.
const prefixNotificationConfiguration = "nc"

// Destination types of a notification configuration.
const (
	destinationGeneric        = "generic"
	destinationEmail          = "email"
	destinationSlack          = "slack"
	destinationMicrosoftTeams = "microsoft-teams"
)

var destinationTypes = []string{destinationGeneric, destinationEmail, destinationSlack, destinationMicrosoftTeams}

// Kinds of object a notification configuration subscribes to, by their
// API type.
const (
	subscribableWorkspace = "workspaces"
	subscribableProject   = "projects"
	subscribableTeam      = "teams"
)

// workspaceTriggers are the triggers of a workspace's or a project's
// configuration (a project's are about its workspaces' runs).
var workspaceTriggers = []string{
	"run:created", "run:planning", "run:needs_attention", "run:applying", "run:completed", "run:errored",
	"assessment:drifted", "assessment:check_failure", "assessment:failed",
	"workspace:auto_destroy_reminder", "workspace:auto_destroy_run_results",
}

// teamTriggers are a team's: the API's documents name the change request
// trigger team:change_request, the incumbent client change_request:created;
// both are taken and kept as sent.
var teamTriggers = []string{"team:change_request", "change_request:created"}

func triggersOf(kind string) []string {
	if kind == subscribableTeam {
		return teamTriggers
	}
	return workspaceTriggers
}

// notificationConfiguration tells a destination (a URL, or email
// recipients) of events of a workspace, a project or a team. The emulator
// has no runs, and sends nothing: its verify action records the delivery it
// would make (see notificationDelivery).
type notificationConfiguration struct {
	ID               string `json:"id"`
	Org              string `json:"organization"` // the organization's external ID
	SubscribableType string `json:"subscribable-type"`
	Subscribable     string `json:"subscribable"`
	Name             string `json:"name"`
	DestinationType  string `json:"destination-type"`
	Enabled          bool   `json:"enabled"`
	URL              string `json:"url,omitempty"`
	// Token is the HMAC key of a generic destination's deliveries: taken,
	// never answered.
	Token          string    `json:"token,omitempty"`
	Triggers       []string  `json:"triggers"`
	EmailAddresses []string  `json:"email-addresses"`
	Users          []string  `json:"users"`
	EmailAll       bool      `json:"email-all-members,omitempty"`
	CreatedAt      time.Time `json:"created-at"`
	UpdatedAt      time.Time `json:"updated-at"`
}

func (s *Server) registerNotificationConfigurations(mux route.Mux) {
	for _, kind := range []string{subscribableWorkspace, subscribableProject, subscribableTeam} {
		path := apiPrefix + "/" + kind + "/{id}/notification-configurations"
		s.handle(mux, "GET "+path, s.listNotificationConfigurations(kind))
		s.handle(mux, "POST "+path, s.createNotificationConfiguration(kind))
	}
	byID := apiPrefix + "/notification-configurations/{id}"
	s.handle(mux, "GET "+byID, s.readNotificationConfiguration)
	s.handle(mux, "PATCH "+byID, s.updateNotificationConfiguration)
	s.handle(mux, "DELETE "+byID, s.deleteNotificationConfiguration)
	s.handle(mux, "POST "+byID+"/actions/verify", s.verifyNotificationConfiguration)
}

// subscribableLocked returns the organization of the object kind and id
// name when p may see its configurations (manage them when manage is
// true), or the 404 that answers both a missing and a hidden one. Whoever
// sees a workspace or a project manages its configurations; a team's are
// seen by who sees the team and managed by who manages teams.
func (s *Server) subscribableLocked(p principal, kind, id string, manage bool) (*organization, reply, bool) {
	switch kind {
	case subscribableWorkspace:
		ws, rep, found := s.visibleWorkspaceLocked(p, id)
		if !found {
			return nil, rep, false
		}
		return organizations.in(s)[ws.Org], reply{}, true
	case subscribableProject:
		prj, rep, found := s.visibleProjectLocked(p, id)
		if !found {
			return nil, rep, false
		}
		return organizations.in(s)[prj.Org], reply{}, true
	}
	find := s.visibleTeamLocked
	if manage {
		find = s.managedTeamLocked
	}
	t, rep, found := find(p, id)
	if !found {
		return nil, rep, false
	}
	return organizations.in(s)[t.Org], reply{}, true
}

func (s *Server) visibleNotificationConfigurationLocked(p principal, id string) (*notificationConfiguration, reply, bool) {
	return notificationConfigurations.find(s, p, id, func(nc *notificationConfiguration) bool {
		_, _, found := s.subscribableLocked(p, nc.SubscribableType, nc.Subscribable, false)
		return found
	})
}

func (s *Server) managedNotificationConfigurationLocked(p principal, id string) (*notificationConfiguration, reply, bool) {
	return notificationConfigurations.find(s, p, id, func(nc *notificationConfiguration) bool {
		_, _, found := s.subscribableLocked(p, nc.SubscribableType, nc.Subscribable, true)
		return found
	})
}

// notificationConfigurationResource renders nc: never its token (null).
// delivery-responses are those of its latest verification, answered as
// the emulator records them (see notificationDelivery).
func (s *Server) notificationConfigurationResource(nc *notificationConfiguration) resource {
	responses := []any{}
	if d := s.latestDeliveryLocked(nc.ID); d != nil {
		responses = append(responses, d.response())
	}
	var url any
	if nc.DestinationType != destinationEmail {
		url = nc.URL
	}
	attrs := map[string]any{
		"name":               nc.Name,
		"destination-type":   nc.DestinationType,
		"enabled":            nc.Enabled,
		"url":                url,
		"token":              nil,
		"triggers":           orEmpty(nc.Triggers),
		"email-addresses":    orEmpty(nc.EmailAddresses),
		"created-at":         formatTime(nc.CreatedAt),
		"updated-at":         formatTime(nc.UpdatedAt),
		"delivery-responses": responses,
	}
	if nc.SubscribableType == subscribableTeam {
		attrs["email-all-members"] = nc.EmailAll
	}
	return resource{
		Type: "notification-configurations", ID: nc.ID,
		Attributes: attrs,
		Relationships: map[string]any{
			"subscribable": toOne(nc.SubscribableType, nc.Subscribable),
			"users":        toMany(refsOf("users", nc.Users)),
		},
		Links: map[string]string{"self": apiPrefix + "/notification-configurations/" + nc.ID},
	}
}

// listNotificationConfigurations lists the configurations of the object
// the path names, oldest first: every one when the request sends no
// page[] parameter (the incumbent client's tests expect no pagination
// then), by pages when it does.
func (s *Server) listNotificationConfigurations(kind string) handler {
	return func(w http.ResponseWriter, r *http.Request, p principal) {
		listing[*notificationConfiguration]{
			includes: noIncludes,
			pages:    whenAsked,
			render:   plain(s.notificationConfigurationResource),
		}.serve(s, w, r, func(*listQuery) ([]*notificationConfiguration, reply) {
			id := r.PathValue("id")
			if _, rep, found := s.subscribableLocked(p, kind, id, false); !found {
				return nil, rep
			}
			list := notificationConfigurations.where(s, func(nc *notificationConfiguration) bool {
				return nc.SubscribableType == kind && nc.Subscribable == id
			})
			return notificationConfigurations.order(list, false, byTime(func(nc *notificationConfiguration) time.Time { return nc.CreatedAt })), reply{}
		})
	}
}

func (s *Server) readNotificationConfiguration(w http.ResponseWriter, r *http.Request, p principal) {
	onPath(s, w, r, p, s.visibleNotificationConfigurationLocked, func(nc *notificationConfiguration) reply {
		return ok(document{Data: s.notificationConfigurationResource(nc)})
	})
}

// createNotificationConfiguration takes destination-type and name
// (required), enabled (false unless given) and the rest as
// applyNotificationConfiguration reads them. The document's type,
// notification-configuration or notification-configurations, is not
// checked.
func (s *Server) createNotificationConfiguration(kind string) handler {
	return func(w http.ResponseWriter, r *http.Request, p principal) {
		s.write(w, r, func(in *input) reply {
			o, rep, found := s.subscribableLocked(p, kind, r.PathValue("id"), true)
			if !found {
				return rep
			}
			f, probs := in.attrs, in.probs
			nc := &notificationConfiguration{Org: o.ExternalID, SubscribableType: kind, Subscribable: r.PathValue("id")}
			dest, given := f.str("destination-type")
			switch {
			case !given || dest == "":
				probs.add(f.at("destination-type"), "destination-type is required: generic, email, slack or microsoft-teams")
			case !slices.Contains(destinationTypes, dest):
				probs.add(f.at("destination-type"), "invalid destination-type %q: must be generic, email, slack or microsoft-teams", dest)
			default:
				nc.DestinationType = dest
			}
			in.require("name", "Name can't be blank")
			s.applyNotificationConfiguration(nc, f, in.rels)
			if len(*probs) > 0 {
				return probs.reply()
			}
			nc.ID = newID(prefixNotificationConfiguration)
			nc.CreatedAt = s.now().UTC()
			nc.UpdatedAt = nc.CreatedAt
			notificationConfigurations.in(s)[nc.ID] = nc
			return created(document{Data: s.notificationConfigurationResource(nc)})
		})
	}
}

// applyNotificationConfiguration sets nc's writable attributes and its
// users from a request, recording what it refuses: url is required by,
// and only taken for, the destinations that are URLs; a token only by a
// generic one (its HMAC key); email-addresses and users only by email,
// users of the platform; triggers those of the subscribable's kind, each
// once. A destination whose type is unknown (refused before) is not
// checked further.
func (s *Server) applyNotificationConfiguration(nc *notificationConfiguration, f fields, rl relationships) {
	if name, given := f.text("name", "Name can't be blank"); given {
		nc.Name = name
	}
	if enabled, given := f.boolean("enabled"); given {
		nc.Enabled = enabled
	}
	if v, given := f.str("url"); given {
		nc.URL = v
	}
	if v, given := f.str("token"); given {
		nc.Token = v
	}
	if triggers, given := f.strings("triggers"); given {
		nc.Triggers = nil
		for _, t := range triggers {
			if !slices.Contains(triggersOf(nc.SubscribableType), t) {
				f.probs.add(f.at("triggers"), "invalid trigger %q: a %s's configuration takes %s", t,
					strings.TrimSuffix(nc.SubscribableType, "s"), strings.Join(triggersOf(nc.SubscribableType), ", "))
				continue
			}
			if !slices.Contains(nc.Triggers, t) {
				nc.Triggers = append(nc.Triggers, t)
			}
		}
	}
	if addresses, given := f.strings("email-addresses"); given {
		nc.EmailAddresses = nil
		for _, a := range addresses {
			if addr, err := mail.ParseAddress(a); err != nil || addr.Address != a {
				f.probs.add(f.at("email-addresses"), "invalid email address %q", a)
				continue
			}
			nc.EmailAddresses = append(nc.EmailAddresses, a)
		}
	}
	if v, given := f.boolean("email-all-members"); given {
		if nc.SubscribableType != subscribableTeam {
			f.probs.add(f.at("email-all-members"), "email-all-members is a team's configuration's only")
		}
		nc.EmailAll = v
	}
	if objs, given := rl.many("users"); given {
		nc.Users = nil
		for _, obj := range objs {
			if users.in(s)[obj.ID] == nil {
				f.probs.add(rl.at("users"), "user %q: no such user", obj.ID)
				continue
			}
			if !slices.Contains(nc.Users, obj.ID) {
				nc.Users = append(nc.Users, obj.ID)
			}
		}
	}
	switch nc.DestinationType {
	case destinationEmail:
		if nc.URL != "" {
			f.probs.add(f.at("url"), "url cannot be set for an email destination: it names no URL")
		}
	case destinationGeneric, destinationSlack, destinationMicrosoftTeams:
		if u, err := url.Parse(nc.URL); nc.URL == "" || err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			f.probs.add(f.at("url"), "url is required for a %s destination: an http or https URL, not %q", nc.DestinationType, nc.URL)
		}
		if len(nc.EmailAddresses) > 0 || len(nc.Users) > 0 {
			f.probs.add(f.at("email-addresses"), "email-addresses and users are an email destination's only")
		}
	}
}

func (s *Server) updateNotificationConfiguration(w http.ResponseWriter, r *http.Request, p principal) {
	writeOnPath(s, w, r, p, s.managedNotificationConfigurationLocked, func(cur *notificationConfiguration, in *input) reply {
		nc := *cur
		nc.Triggers, nc.EmailAddresses, nc.Users = slices.Clone(cur.Triggers), slices.Clone(cur.EmailAddresses), slices.Clone(cur.Users)
		f, probs := in.attrs, in.probs
		if dest, given := f.str("destination-type"); given && dest != cur.DestinationType {
			probs.add(f.at("destination-type"), "destination-type cannot be changed: it is set on create; create another configuration instead")
		}
		// The users an update leaves out are none: the incumbent client
		// sends them with every update of an email destination.
		if _, given := in.rels.raw["users"]; !given && nc.DestinationType == destinationEmail {
			nc.Users = nil
		}
		s.applyNotificationConfiguration(&nc, f, in.rels)
		if len(*probs) > 0 {
			return probs.reply()
		}
		nc.UpdatedAt = s.now().UTC()
		*cur = nc
		return ok(document{Data: s.notificationConfigurationResource(cur)})
	})
}

func (s *Server) deleteNotificationConfiguration(w http.ResponseWriter, r *http.Request, p principal) {
	removeOnPath(s, w, r, p, notificationConfigurations, s.managedNotificationConfigurationLocked)
}

// verifyNotificationConfiguration records the delivery that a
// verification would make (see notificationDelivery) and answers the
// configuration with its delivery-responses. The action has its own limit,
// 10 a minute for each principal (see actionLimit).
func (s *Server) verifyNotificationConfiguration(w http.ResponseWriter, r *http.Request, p principal) {
	if !s.admitAction(w, verifyLimit.on(s), p) {
		return
	}
	onPath(s, w, r, p, s.managedNotificationConfigurationLocked, func(nc *notificationConfiguration) reply {
		s.recordDeliveryLocked(nc, p, s.now().UTC())
		return ok(document{Data: s.notificationConfigurationResource(nc)})
	})
}

// checkNotificationConfiguration refuses a configuration of the state file
// that no request could have stored.
func (st *store) checkNotificationConfiguration(nc *notificationConfiguration) error {
	if nc == nil || !isID(prefixNotificationConfiguration, nc.ID) || strings.TrimSpace(nc.Name) == "" {
		return errors.New("no valid ID and name")
	}
	if !slices.Contains(destinationTypes, nc.DestinationType) {
		return fmt.Errorf("destination-type %q: must be one of %s", nc.DestinationType, strings.Join(destinationTypes, ", "))
	}
	var org string
	switch nc.SubscribableType {
	case subscribableWorkspace:
		if ws := workspaces.in(st)[nc.Subscribable]; ws != nil {
			org = ws.Org
		}
	case subscribableProject:
		if prj := projects.in(st)[nc.Subscribable]; prj != nil {
			org = prj.Org
		}
	case subscribableTeam:
		if t := teams.in(st)[nc.Subscribable]; t != nil {
			org = t.Org
		}
	}
	if org == "" || org != nc.Org {
		return fmt.Errorf("%s %q is not one of organization %q in the file", nc.SubscribableType, nc.Subscribable, nc.Org)
	}
	for _, t := range nc.Triggers {
		if !slices.Contains(triggersOf(nc.SubscribableType), t) {
			return fmt.Errorf("trigger %q is not one of a %s's", t, nc.SubscribableType)
		}
	}
	for _, id := range nc.Users {
		if users.in(st)[id] == nil {
			return fmt.Errorf("user %q is not in the file", id)
		}
	}
	return nil
}

// verifyLimit is the verify action's own limit: 10 a minute for each
// principal.
var verifyLimit = actionLimitState(10, time.Minute)

var notificationConfigurations = &table[notificationConfiguration]{
	key: "notification-configurations", noun: "notification configuration",
	id: func(nc *notificationConfiguration) string { return nc.ID },
}

func init() {
	notificationConfigurations.needs = []anyTable{organizations, workspaces, projects, teams, users}
	notificationConfigurations.check = (*store).checkNotificationConfiguration
	// The delete of what a configuration subscribes to deletes it; a
	// deleted user leaves its users.
	notificationConfigurations.belongsTo(organizations, func(nc *notificationConfiguration) string { return nc.Org })
	for _, subscribable := range []anyTable{workspaces, projects, teams} {
		notificationConfigurations.belongsTo(subscribable, func(nc *notificationConfiguration) string { return nc.Subscribable })
	}
	notificationConfigurations.refersTo(users, func(nc *notificationConfiguration) *[]string { return &nc.Users })
	notificationConfigurations.org = func(st *store, nc *notificationConfiguration) *organization {
		return organizations.in(st)[nc.Org]
	}
	register(notificationConfigurations)
	registerSide(verifyLimit)
	addRoutes((*Server).registerNotificationConfigurations)
}
