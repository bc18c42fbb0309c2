package platform

import (
	"cmp"
	"fmt"
	"maps"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/route"
)

// # Explorer
//
//   - GET /organizations/:org/explorer?type=<view> queries an
//     organization's data across its workspaces. The emulator serves the
//     workspaces view; tf_versions, providers and modules, the API's other
//     views, are 400 "... serves the workspaces view only", and any other
//     type (or none) 400 naming the four.
//   - Its rows are of type visibility-workspace, one a workspace, ID the
//     workspace's, with the view's fields as attributes, hyphenated:
//     workspace-name, external-id (the workspace's ID), organization-name,
//     project-name, project-external-id, workspace-created-at,
//     workspace-updated-at, workspace-terraform-version, vcs-repo-identifier
//     (null without a repository), tags (the flat tags, comma-separated),
//     current-rum-count (the resources under management: the workspace's
//     resource-count, which its current state sets, see state_version.go),
//     state-version-terraform-version, providers and provider-count, modules
//     and module-count (from the current state: provider sources and
//     module addresses, comma-separated; null and 0 without a state). What
//     runs and health assessments would give (current-run-status,
//     current-run-external-id, current-run-applied-at, drifted,
//     resources-drifted, resources-undrifted, all-checks-succeeded,
//     checks-passed, checks-failed, checks-errored, checks-unknown) is null:
//     the emulator runs nothing.
//   - sort= is a field in snake case ("-" before it descending; 400 for
//     another), workspace_name by default, ties by workspace name; nulls
//     come last.
//     fields= (comma-separated, snake case) keeps those fields only (400
//     for one the view has not).
//     filter[i][field][operator][j]=value filters: the filters (by i) all
//     hold, each when one of its values (by j) does. Operators: is, is_not,
//     contains, does_not_contain (in any case), is_empty, is_not_empty (no
//     value needed), gt, lt, gteq, lteq (numbers), is_before, is_after
//     (times, RFC 3339); another field or operator is 400.
//   - Paged; page[size] from 1 to 100 and page[number] from 1, else 422
//     "page[size] must be between 1 and 100", as the platform answers.
//   - Only the organization's owners, its owners team, its organization
//     token and teams that may read every workspace or project
//     (read-workspaces, read-projects, or a flag that brings them) query;
//     others get 404, as for what they may not see.

// explorerWorkspaceFields are the workspaces view's fields, in the order
// the API's documents list them.
var explorerWorkspaceFields = []string{
	"all_checks_succeeded", "current_rum_count", "checks_errored", "checks_failed", "checks_passed", "checks_unknown",
	"current_run_applied_at", "current_run_external_id", "current_run_status", "drifted", "external_id",
	"module_count", "modules", "organization_name", "project_external_id", "project_name", "provider_count",
	"providers", "resources_drifted", "resources_undrifted", "state_version_terraform_version", "tags",
	"vcs_repo_identifier", "workspace_created_at", "workspace_name", "workspace_terraform_version", "workspace_updated_at",
}

// explorerViews are the API's views; the emulator serves the first.
var explorerViews = []string{"workspaces", "tf_versions", "providers", "modules"}

var explorerOperators = []string{
	"is", "is_not", "contains", "does_not_contain", "is_empty", "is_not_empty",
	"gt", "lt", "gteq", "lteq", "is_before", "is_after",
}

var explorerFilterParam = regexp.MustCompile(`^filter\[(\d+)\]\[([^\]]+)\]\[([^\]]+)\]\[(\d+)\]$`)

// explorerRow is a row of the workspaces view: its ID and its fields by
// snake-case name.
type explorerRow struct {
	id     string
	fields map[string]any
}

func (s *Server) registerExplorer(mux route.Mux) {
	s.handle(mux, "GET "+apiPrefix+"/organizations/{org}/explorer", s.queryExplorer)
}

// explorerFilter is one filter[i]: a field, an operator and its values.
type explorerFilter struct {
	field, operator string
	values          []string
}

// readExplorerFilters reads the filter parameters, by index.
func readExplorerFilters(lq *listQuery) ([]explorerFilter, reply, bool) {
	byIndex := map[int]*explorerFilter{}
	for k, v := range lq.Values {
		m := explorerFilterParam.FindStringSubmatch(k)
		if m == nil {
			continue
		}
		if !slices.Contains(explorerWorkspaceFields, m[2]) {
			return nil, badParameter(k, "Invalid filter field %q: the workspaces view's fields are %s", m[2], strings.Join(explorerWorkspaceFields, ", ")), false
		}
		if !slices.Contains(explorerOperators, m[3]) {
			return nil, badParameter(k, "Invalid filter operator %q: the operators are %s", m[3], strings.Join(explorerOperators, ", ")), false
		}
		i, _ := strconv.Atoi(m[1])
		f := byIndex[i]
		if f == nil {
			f = &explorerFilter{field: m[2], operator: m[3]}
			byIndex[i] = f
		}
		f.values = append(f.values, v...)
	}
	var out []explorerFilter
	for _, i := range slices.Sorted(maps.Keys(byIndex)) {
		out = append(out, *byIndex[i])
	}
	return out, reply{}, true
}

// holds reports whether row passes f: one of its values matching, or,
// for the operators that take none, the field being (not) empty.
func (f explorerFilter) holds(row explorerRow) bool {
	v := row.fields[f.field]
	text := ""
	if v != nil {
		text = fmt.Sprint(v)
	}
	switch f.operator {
	case "is_empty":
		return text == ""
	case "is_not_empty":
		return text != ""
	case "is_not":
		return !slices.Contains(f.values, text)
	case "does_not_contain":
		return !slices.ContainsFunc(f.values, func(want string) bool { return containsFold(text, want) })
	}
	return slices.ContainsFunc(f.values, func(want string) bool {
		switch f.operator {
		case "is":
			return text == want
		case "contains":
			return containsFold(text, want)
		case "gt", "lt", "gteq", "lteq":
			n, ok := v.(int)
			w, err := strconv.ParseFloat(want, 64)
			if !ok || err != nil {
				return false
			}
			return map[string]bool{"gt": float64(n) > w, "lt": float64(n) < w, "gteq": float64(n) >= w, "lteq": float64(n) <= w}[f.operator]
		}
		at, err1 := time.Parse(time.RFC3339, text)
		w, err2 := time.Parse(time.RFC3339, want)
		if err1 != nil || err2 != nil {
			return false
		}
		if f.operator == "is_before" {
			return at.Before(w)
		}
		return at.After(w)
	})
}

// exploresLocked reports whether p may query o's explorer: its owners,
// its owners team and organization token, and a team that may read every
// workspace or project.
func (s *Server) exploresLocked(p principal, o *organization) bool {
	if p.owns(o) {
		return true
	}
	t := s.teamOfLocked(p)
	return t != nil && t.Org == o.ExternalID && (t.Access["read-workspaces"] || t.Access["read-projects"])
}

// explorerRowsLocked are the workspaces view's rows of o.
func (s *Server) explorerRowsLocked(o *organization) []explorerRow {
	var rows []explorerRow
	for _, ws := range workspaces.where(s, func(ws *workspace) bool { return ws.Org == o.ExternalID }) {
		prj := projects.in(s)[ws.Project]
		fields := map[string]any{}
		for _, f := range explorerWorkspaceFields {
			fields[f] = nil
		}
		maps.Copy(fields, map[string]any{
			"current_rum_count": ws.ResourceCount, "external_id": ws.ID, "organization_name": o.Name,
			"project_external_id": prj.ID, "project_name": prj.Name, "workspace_name": ws.Name,
			"workspace_created_at": formatTime(ws.CreatedAt), "workspace_updated_at": formatTime(ws.UpdatedAt),
			"workspace_terraform_version": ws.TerraformVersion, "tags": stringOrNull(strings.Join(s.tagNamesLocked(ws.Tags), ", ")),
			"provider_count": 0, "module_count": 0,
		})
		if ws.VCSRepo != nil {
			fields["vcs_repo_identifier"] = ws.VCSRepo.Identifier
		}
		if sv := s.currentStateVersionLocked(ws.ID); sv != nil {
			var providers, modules []string
			for _, res := range sv.Resources {
				if !slices.Contains(providers, res.Provider) {
					providers = append(providers, res.Provider)
				}
				if res.Module != "" && !slices.Contains(modules, res.Module) {
					modules = append(modules, res.Module)
				}
			}
			slices.Sort(providers)
			slices.Sort(modules)
			fields["state_version_terraform_version"] = stringOrNull(sv.TerraformVersion)
			fields["providers"], fields["provider_count"] = stringOrNull(strings.Join(providers, ", ")), len(providers)
			fields["modules"], fields["module_count"] = stringOrNull(strings.Join(modules, ", ")), len(modules)
		}
		rows = append(rows, explorerRow{id: ws.ID, fields: fields})
	}
	return rows
}

// compareExplorer orders two values of a field: numbers by value, the
// rest as text; nulls last.
func compareExplorer(a, b any) int {
	switch {
	case a == nil && b == nil:
		return 0
	case a == nil:
		return 1
	case b == nil:
		return -1
	}
	if x, ok := a.(int); ok {
		if y, ok := b.(int); ok {
			return cmp.Compare(x, y)
		}
	}
	return strings.Compare(fmt.Sprint(a), fmt.Sprint(b))
}

// queryExplorer answers a query of the workspaces view.
func (s *Server) queryExplorer(w http.ResponseWriter, r *http.Request, p principal) {
	var shown []string
	listing[explorerRow]{
		includes: noIncludes,
		render: plain(func(row explorerRow) resource {
			attrs := map[string]any{}
			for _, f := range explorerWorkspaceFields {
				if shown == nil || slices.Contains(shown, f) {
					attrs[strings.ReplaceAll(f, "_", "-")] = row.fields[f]
				}
			}
			return resource{Type: "visibility-workspace", ID: row.id, Attributes: attrs}
		}),
	}.serveInOrg(s, w, r, p, func(o *organization, lq *listQuery) ([]explorerRow, reply) {
		switch view := lq.Get("type"); {
		case view == "workspaces":
		case slices.Contains(explorerViews, view):
			return nil, badParameter("type", "Invalid type %q: the emulator serves the workspaces view only", view)
		default:
			return nil, badParameter("type", "Invalid type %q: type is required, one of %s", view, strings.Join(explorerViews, ", "))
		}
		for _, name := range []string{"page[size]", "page[number]"} {
			if v := lq.Get(name); v != "" {
				n, err := strconv.Atoi(v)
				if err != nil || n < 1 || name == "page[size]" && n > MaxPageSize {
					return nil, errorReply(http.StatusUnprocessableEntity, "page[size] must be between 1 and 100, and page[number] at least 1")
				}
			}
		}
		sortField, desc := "workspace_name", false
		if v := strings.TrimSpace(lq.Get("sort")); v != "" {
			sortField, desc = strings.CutPrefix(v, "-")
			if !slices.Contains(explorerWorkspaceFields, sortField) {
				return nil, badParameter("sort", "Invalid sort %q: sort by a field of the workspaces view, in snake case, - before it to reverse", v)
			}
		}
		shown = commaList(lq.Get("fields"))
		for _, f := range shown {
			if !slices.Contains(explorerWorkspaceFields, f) {
				return nil, badParameter("fields", "Invalid field %q: the workspaces view's fields are %s", f, strings.Join(explorerWorkspaceFields, ", "))
			}
		}
		filters, rep, ok := readExplorerFilters(lq)
		if !ok {
			return nil, rep
		}
		if !s.exploresLocked(p, o) {
			return nil, notFound("explorer of organization " + quote(o.Name))
		}
		rows := slices.DeleteFunc(s.explorerRowsLocked(o), func(row explorerRow) bool {
			return slices.ContainsFunc(filters, func(f explorerFilter) bool { return !f.holds(row) })
		})
		slices.SortFunc(rows, func(a, b explorerRow) int {
			c := compareExplorer(a.fields[sortField], b.fields[sortField])
			if desc && a.fields[sortField] != nil && b.fields[sortField] != nil {
				c = -c
			}
			return cmp.Or(c, compareExplorer(a.fields["workspace_name"], b.fields["workspace_name"]), strings.Compare(a.id, b.id))
		})
		return rows, reply{}
	})
}

func init() {
	addRoutes((*Server).registerExplorer)
}
