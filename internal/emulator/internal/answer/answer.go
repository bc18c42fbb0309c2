// Package answer holds what the emulator's APIs share about answering a
// request: the answer is built under the store's lock and sent once the
// lock is released, and a request body is read whole under a size limit.
// Each API keeps its own error form and its own answer type.
package answer

import (
	"errors"
	"io"
	"net/http"
	"sync"
)

// Reply is an answer ready to send: its status, its headers and its body,
// nil for none.
type Reply struct {
	Status int
	Header http.Header
	Body   []byte
}

// Send writes the answer.
func (rep Reply) Send(w http.ResponseWriter) {
	for k, v := range rep.Header {
		w.Header()[k] = v
	}
	w.WriteHeader(rep.Status)
	if rep.Body != nil {
		_, _ = w.Write(rep.Body)
	}
}

// Sender is an API's answer type.
type Sender interface{ Send(w http.ResponseWriter) }

// Locked runs f under mu and sends its answer once mu is released: f
// builds the answer from the store, so that nothing of the store is read
// after the lock is gone, and a client that reads its answer slowly holds
// up only itself. The unlock is deferred: a panic in f, which net/http
// recovers, must not leave the store locked for every later request.
func Locked[R Sender](mu *sync.Mutex, w http.ResponseWriter, f func() R) {
	rep := func() R {
		mu.Lock()
		defer mu.Unlock()
		return f()
	}()
	rep.Send(w)
}

// ReadBody reads r's body whole, chunked or not, at most limit bytes. When
// it cannot, it returns the status to answer, 413 for a body larger than
// limit and 400 otherwise, and the error.
func ReadBody(w http.ResponseWriter, r *http.Request, limit int64) ([]byte, int, error) {
	data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, limit))
	if err == nil {
		return data, 0, nil
	}
	if _, ok := errors.AsType[*http.MaxBytesError](err); ok {
		return nil, http.StatusRequestEntityTooLarge, err
	}
	return nil, http.StatusBadRequest, err
}
