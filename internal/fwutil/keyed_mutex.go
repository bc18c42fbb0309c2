package fwutil

import "sync"

// KeyedMutex holds one lock for each key in use: Lock waits until no
// other holder has key, and returns the unlock. A key's entry lives while
// it is held or waited for. The zero value is ready to use.
type KeyedMutex struct {
	mu    sync.Mutex
	locks map[string]*keyedLock
}

type keyedLock struct {
	sync.Mutex
	users int
}

func (k *KeyedMutex) Lock(key string) (unlock func()) {
	k.mu.Lock()
	if k.locks == nil {
		k.locks = map[string]*keyedLock{}
	}
	l := k.locks[key]
	if l == nil {
		l = &keyedLock{}
		k.locks[key] = l
	}
	l.users++
	k.mu.Unlock()
	l.Lock()
	return func() {
		l.Unlock()
		k.mu.Lock()
		if l.users--; l.users == 0 {
			delete(k.locks, key)
		}
		k.mu.Unlock()
	}
}

// creating serializes the creates of one name of the resources that look
// their object up before creating it (Conflict.Find).
var creating KeyedMutex
