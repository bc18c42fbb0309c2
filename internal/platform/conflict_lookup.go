package platform

import (
	"context"
	"errors"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// errNoneOfThatName is what lookupByName returns when no object has the
// name: what conflicts with the create is something else.
var errNoneOfThatName = errors.New("no object of that name")

// lookupByName is the Conflict.Lookup of an object whose names are unique
// in its organization in any case: after a create refused with a 409, it
// finds the object named name, in any case, among those that search
// returns for that name, and sets id to its ID, which the error that
// prints the import command needs. Not found, or the search failed, the
// create fails with the platform's refusal as it is.
func lookupByName[T any](ctx context.Context, name string, id *types.String,
	search func(ctx context.Context, name string) (*platformclient.List[T], error),
	nameAndID func(*T) (string, string),
) error {
	found, err := search(ctx, name)
	if err != nil {
		return err
	}
	for _, o := range found.Items {
		if n, oid := nameAndID(o); strings.EqualFold(n, name) {
			*id = types.StringValue(oid)
			return nil
		}
	}
	return errNoneOfThatName
}
