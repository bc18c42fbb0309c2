package platform

import (
	"context"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// nameTaken words a create that the platform refused with a 409, err,
// for an object whose names are unique in its organization in any case:
// it looks up the object named name, in any case, among those that
// search returns for that name, and, when it finds it, sets id to its ID
// and returns a fwutil.Exists, whose error gives the command that imports
// it. When there is none, or the search fails, it returns the refusal as
// the platform worded it. object names the object: "project".
func nameTaken[T any](ctx context.Context, err error, object, name string, id *types.String,
	search func(ctx context.Context, name string) ([]T, error),
	nameAndID func(T) (string, string),
) error {
	if found, ferr := search(ctx, name); ferr == nil {
		for _, o := range found {
			if n, oid := nameAndID(o); strings.EqualFold(n, name) {
				*id = types.StringValue(oid)
				return &fwutil.Exists{ServerSaid: err, Name: name}
			}
		}
	}
	return &fwutil.Failure{Summary: "Cannot create the " + object, Detail: fwutil.APIErrorDetail(err)}
}
