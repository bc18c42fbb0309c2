package platform

import (
	"crypto/hmac"
	"crypto/sha512"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"time"
)

// prefixNotificationDelivery begins the IDs of this file's objects, which
// the API does not have: they are the emulator's record.
const prefixNotificationDelivery = "ndlv"

// notificationDelivery is what the emulator would have delivered for a
// notification configuration: it never sends a request anywhere, so it
// records the delivery instead, for tests and demos to read through the
// admin API (GET /_emulator/platform/notification-deliveries). The
// configuration's verify action is what makes one: the emulator has no
// runs, so no other trigger fires.
type notificationDelivery struct {
	ID              string `json:"id"`
	Configuration   string `json:"notification-configuration"`
	Org             string `json:"organization"` // the organization's external ID
	DestinationType string `json:"destination-type"`
	Trigger         string `json:"trigger"`
	// URL is where a URL destination's request would go; EmailAddresses
	// and Users whom an email destination's message would reach.
	URL            string            `json:"url,omitempty"`
	EmailAddresses []string          `json:"email-addresses,omitempty"`
	Users          []string          `json:"users,omitempty"`
	Headers        map[string]string `json:"headers,omitempty"`
	Body           string            `json:"body,omitempty"`
	// By is who asked for it, as the rate limit keys principals: the
	// verify action's own limit counts a principal's deliveries.
	By     string    `json:"by"`
	SentAt time.Time `json:"sent-at"`
}

// verificationPayload is the body a generic destination would receive
// for a verification: the API's payload with no run.
type verificationPayload struct {
	PayloadVersion              int                   `json:"payload_version"`
	NotificationConfigurationID string                `json:"notification_configuration_id"`
	RunURL                      *string               `json:"run_url"`
	RunID                       *string               `json:"run_id"`
	RunMessage                  *string               `json:"run_message"`
	RunCreatedAt                *string               `json:"run_created_at"`
	RunCreatedBy                *string               `json:"run_created_by"`
	WorkspaceID                 *string               `json:"workspace_id"`
	WorkspaceName               *string               `json:"workspace_name"`
	OrganizationName            string                `json:"organization_name"`
	Notifications               []verificationMessage `json:"notifications"`
}

type verificationMessage struct {
	Message      string  `json:"message"`
	Trigger      string  `json:"trigger"`
	RunStatus    *string `json:"run_status"`
	RunUpdatedAt *string `json:"run_updated_at"`
	RunUpdatedBy *string `json:"run_updated_by"`
}

// recordDeliveryLocked records the verification delivery of nc, asked by
// p at now. A URL destination gets the verification payload as JSON, and
// a generic one with a token its HMAC-SHA512 signature in
// X-TFE-Notification-Signature; an email destination its recipients.
func (s *Server) recordDeliveryLocked(nc *notificationConfiguration, p principal, now time.Time) *notificationDelivery {
	d := &notificationDelivery{
		ID: newID(prefixNotificationDelivery), Configuration: nc.ID, Org: nc.Org,
		DestinationType: nc.DestinationType, Trigger: "verification", By: p.rateKey(), SentAt: now,
	}
	if nc.DestinationType == destinationEmail {
		d.EmailAddresses, d.Users = slices.Clone(nc.EmailAddresses), slices.Clone(nc.Users)
	} else {
		payload := verificationPayload{
			PayloadVersion: 1, NotificationConfigurationID: nc.ID,
			OrganizationName: organizations.in(s)[nc.Org].Name,
			Notifications:    []verificationMessage{{Message: "Verification of " + nc.Name, Trigger: "verification"}},
		}
		if ws := workspaces.in(s)[nc.Subscribable]; nc.SubscribableType == subscribableWorkspace && ws != nil {
			payload.WorkspaceID, payload.WorkspaceName = &ws.ID, &ws.Name
		}
		body, err := json.Marshal(payload)
		if err != nil {
			panic(err) // not reached: the payload is strings and numbers
		}
		d.URL, d.Body = nc.URL, string(body)
		d.Headers = map[string]string{"Content-Type": "application/json", "User-Agent": "Stack-Emulator-Notifications"}
		if nc.Token != "" && nc.DestinationType == destinationGeneric {
			mac := hmac.New(sha512.New, []byte(nc.Token))
			mac.Write(body)
			d.Headers["X-TFE-Notification-Signature"] = hex.EncodeToString(mac.Sum(nil))
		}
	}
	notificationDeliveries.in(s)[d.ID] = d
	return d
}

// latestDeliveryLocked returns the configuration's latest delivery, nil
// when it has none.
func (s *Server) latestDeliveryLocked(configuration string) *notificationDelivery {
	var latest *notificationDelivery
	for _, d := range notificationDeliveries.in(s) {
		if d.Configuration == configuration && (latest == nil || d.SentAt.After(latest.SentAt) ||
			d.SentAt.Equal(latest.SentAt) && d.ID > latest.ID) {
			latest = d
		}
	}
	return latest
}

// response is the delivery's entry in its configuration's
// delivery-responses. Nothing was sent: the emulator answers as the
// destination accepting it would, code 200, with an empty body.
func (d *notificationDelivery) response() map[string]any {
	return map[string]any{
		"url": d.URL, "body": "", "code": "200", "headers": map[string][]string{},
		"sent-at": formatTime(d.SentAt), "successful": "true",
	}
}

// NotificationDeliveries returns what the emulator would have delivered,
// oldest first: every delivery, or those of one configuration when
// configuration is not empty.
func (s *Server) NotificationDeliveries(configuration string) []byte {
	return recordsJSON(s, notificationDeliveries, func(d *notificationDelivery) bool {
		return configuration == "" || d.Configuration == configuration
	}, func(d *notificationDelivery) time.Time { return d.SentAt })
}

// listDeliveriesOverHTTP is GET /_emulator/platform/notification-deliveries
// [?notification-configuration=nc-...].
func (s *Server) listDeliveriesOverHTTP(w http.ResponseWriter, r *http.Request) {
	serveRecords(w, s.NotificationDeliveries(r.URL.Query().Get("notification-configuration")))
}

// checkNotificationDelivery refuses a delivery of the state file that no
// request could have recorded.
func (st *store) checkNotificationDelivery(d *notificationDelivery) error {
	if d == nil || !isID(prefixNotificationDelivery, d.ID) {
		return errors.New("no valid ID")
	}
	if nc := notificationConfigurations.in(st)[d.Configuration]; nc == nil || nc.Org != d.Org {
		return fmt.Errorf("notification configuration %q is not in the file", d.Configuration)
	}
	return nil
}

var notificationDeliveries = &table[notificationDelivery]{
	key: "notification-deliveries", noun: "notification delivery",
	id: func(d *notificationDelivery) string { return d.ID },
}

func init() {
	notificationDeliveries.needs = []anyTable{notificationConfigurations}
	notificationDeliveries.check = (*store).checkNotificationDelivery
	// A configuration's delete takes its deliveries.
	notificationDeliveries.belongsTo(notificationConfigurations, func(d *notificationDelivery) string { return d.Configuration })
	notificationDeliveries.org = func(st *store, d *notificationDelivery) *organization { return organizations.in(st)[d.Org] }
	register(notificationDeliveries)
}
