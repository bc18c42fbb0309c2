package emulator

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
)

// The state file is a JSON object with one member per API, each holding what
// that API's MarshalState wrote. A member that is missing leaves its API
// empty, so a file written before an API existed still loads.

func (e *Emulator) loadState() error {
	data, err := os.ReadFile(e.opts.StatePath)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("state file %s: cannot read it: %w", e.opts.StatePath, err)
	}
	var parts map[string]json.RawMessage
	if err := json.Unmarshal(data, &parts); err != nil {
		return fmt.Errorf("state file %s: %w", e.opts.StatePath, err)
	}
	for _, a := range e.apis {
		if raw, ok := parts[a.name]; ok {
			if err := a.api.UnmarshalState(raw); err != nil {
				return fmt.Errorf("state file %s: %w", e.opts.StatePath, err)
			}
		}
	}
	return nil
}

// saveState writes the state file of every API's data as it is now.
func (e *Emulator) saveState() error {
	e.saveMu.Lock()
	defer e.saveMu.Unlock()
	if err := e.writeState(); err != nil {
		return fmt.Errorf("state file %s: cannot write it: %w", e.opts.StatePath, err)
	}
	return nil
}

// writeState writes through a temporary file, synced, and a rename, so that
// a crash leaves the previous state file or the new one, never half of one.
func (e *Emulator) writeState() error {
	parts := map[string]json.RawMessage{}
	for _, a := range e.apis {
		raw, err := a.api.MarshalState()
		if err != nil {
			return fmt.Errorf("%s state: %w", a.name, err)
		}
		parts[a.name] = raw
	}
	data, err := json.MarshalIndent(parts, "", "  ")
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(e.opts.StatePath), filepath.Base(e.opts.StatePath)+".*")
	if err != nil {
		return err
	}
	_, werr := tmp.Write(append(data, '\n'))
	serr := tmp.Sync()
	cerr := tmp.Close()
	if err := errors.Join(werr, serr, cerr); err != nil {
		_ = os.Remove(tmp.Name())
		return err
	}
	if err := os.Rename(tmp.Name(), e.opts.StatePath); err != nil {
		_ = os.Remove(tmp.Name())
		return err
	}
	return nil
}

// saveChange saves the state file after a change that no answer waits for.
// A failure is left to the next save to mend, or to Close to report.
func (e *Emulator) saveChange() {
	if e.opts.StatePath != "" {
		_ = e.saveState()
	}
}

// writes reports whether a request with this method may change an API's
// data: every method but the reading ones (LIST is the secrets API's).
func writes(method string) bool {
	switch method {
	case http.MethodGet, http.MethodHead, http.MethodOptions, "LIST":
		return false
	}
	return true
}

// serveAndSave serves a request that may change data, and holds its answer
// until the state file has the change: a client told that its write
// succeeded never loses it to a crash. A success whose change cannot be
// saved is answered 500 instead, in the API's error form.
func (e *Emulator) serveAndSave(w http.ResponseWriter, r *http.Request, a api, h http.Handler) {
	held := &heldAnswer{ResponseWriter: w}
	h.ServeHTTP(held, r)
	status := cmp.Or(held.status, http.StatusOK)
	if status >= 200 && status < 300 {
		if err := e.saveState(); err != nil {
			clear(w.Header())
			a.WriteError(w, http.StatusInternalServerError, "the change was made but not saved: "+err.Error())
			return
		}
	}
	w.WriteHeader(status)
	_, _ = w.Write(held.body.Bytes())
}

// heldAnswer keeps an answer's status and body; its headers go to the
// ResponseWriter it wraps, which sends nothing until told.
type heldAnswer struct {
	http.ResponseWriter
	status int
	body   bytes.Buffer
}

func (h *heldAnswer) WriteHeader(status int) {
	if h.status == 0 {
		h.status = status
	}
}

func (h *heldAnswer) Write(p []byte) (int, error) {
	if h.status == 0 {
		h.status = http.StatusOK
	}
	return h.body.Write(p)
}
