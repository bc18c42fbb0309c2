package emulator

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
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
		return fmt.Errorf("reading state: %w", err)
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

// saveState writes through a temporary file and a rename, so that a crash
// never leaves half a state file behind.
func (e *Emulator) saveState() error {
	parts := map[string]json.RawMessage{}
	for _, a := range e.apis {
		raw, err := a.api.MarshalState()
		if err != nil {
			return fmt.Errorf("saving %s state: %w", a.name, err)
		}
		parts[a.name] = raw
	}
	data, err := json.MarshalIndent(parts, "", "  ")
	if err != nil {
		return fmt.Errorf("saving state: %w", err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(e.opts.StatePath), filepath.Base(e.opts.StatePath)+".*")
	if err != nil {
		return fmt.Errorf("saving state: %w", err)
	}
	_, werr := tmp.Write(append(data, '\n'))
	cerr := tmp.Close()
	if err := errors.Join(werr, cerr); err != nil {
		_ = os.Remove(tmp.Name())
		return fmt.Errorf("saving state: %w", err)
	}
	if err := os.Rename(tmp.Name(), e.opts.StatePath); err != nil {
		_ = os.Remove(tmp.Name())
		return fmt.Errorf("saving state: %w", err)
	}
	return nil
}
