package provider_test

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/resource"

	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
	"github.com/stackworks/terraform-provider-stack/internal/provider"
)

// The migration guide's table of twins, and its script's, name exactly the
// incumbents' resources that this provider's resources accept moved blocks
// from, each beside its twin here.
func TestProvider_migratingGuideListsEveryTwin(t *testing.T) {
	guide, err := os.ReadFile(filepath.Join("..", "..", "templates", "guides", "migrating.md.tmpl"))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	declared := map[string]string{}
	for _, newResource := range provider.New("test")().Resources(ctx) {
		r := newResource()
		var md resource.MetadataResponse
		r.Metadata(ctx, resource.MetadataRequest{ProviderTypeName: "stack"}, &md)
		for _, twin := range fwutil.TwinsOf(r) {
			declared[twin.Type] = md.TypeName
		}
	}
	if len(declared) == 0 {
		t.Fatal("no resource declares a twin")
	}
	rows := map[string]string{}
	for _, m := range regexp.MustCompile("(?m)^\\| `([a-z0-9_]+)` \\| `(stack_[a-z0-9_]+)` \\|").FindAllStringSubmatch(string(guide), -1) {
		rows[m[1]] = m[2]
	}
	script := map[string]string{}
	for _, m := range regexp.MustCompile(`twin\["([a-z0-9_]+)"\] = "(stack_[a-z0-9_]+)"`).FindAllStringSubmatch(string(guide), -1) {
		script[m[1]] = m[2]
	}
	for what, got := range map[string]map[string]string{"table of twins": rows, "script": script} {
		for from, to := range declared {
			if got[from] != to {
				t.Errorf("the guide's %s: want %s beside %s, got %q", what, from, to, got[from])
			}
		}
		for from := range got {
			if _, ok := declared[from]; !ok {
				t.Errorf("the guide's %s names %s, which no resource declares a twin", what, strings.TrimSpace(from))
			}
		}
	}
}
