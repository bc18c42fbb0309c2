package scheduler

import (
	"encoding/json"
	"net/http"
	"strconv"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/answer"
)

// reply is an answer ready to send.
type reply = answer.Reply

// errorReply is the API's error form: plain text, without the trailing
// newline http.Error adds, so that clients can show it as it is.
func errorReply(status int, msg string) reply {
	return reply{Status: status, Header: http.Header{
		"Content-Type":           {"text/plain; charset=utf-8"},
		"X-Content-Type-Options": {"nosniff"},
	}, Body: []byte(msg)}
}

// jsonReply is 200 with v as JSON, ending in a newline as json.Encoder
// writes it.
func jsonReply(v any) reply {
	data, err := json.Marshal(v)
	if err != nil {
		// Not reached: answers are built of structs, slices and strings.
		return errorReply(http.StatusInternalServerError, err.Error())
	}
	return reply{Status: http.StatusOK, Header: http.Header{"Content-Type": {"application/json"}}, Body: append(data, '\n')}
}

// indexed adds the X-Scheduler-Index header to rep.
func indexed(rep reply, index uint64) reply {
	if rep.Header == nil {
		rep.Header = http.Header{}
	}
	rep.Header.Set(IndexHeader, strconv.FormatUint(index, 10))
	return rep
}

// locked runs f under the store's lock and sends its reply once the lock is
// released (see answer.Locked).
func (s *Server) locked(w http.ResponseWriter, f func() reply) {
	answer.Locked(&s.mu, w, f)
}
