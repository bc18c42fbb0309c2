package provider

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"os/user"
	"path/filepath"
	"strings"

	"github.com/hashicorp/hcl"
	hclparser "github.com/hashicorp/hcl/hcl/parser"
	svchost "github.com/hashicorp/terraform-svchost"

	"github.com/stackworks/terraform-provider-stack/internal/client"
)

// Terraform's own credentials for a host, read where the incumbent platform
// provider reads them, in its order, for a service whose token is unset in
// its block and its variable (client.Service.TerraformCredentials):
//
//  1. the variable TF_TOKEN_<host>, the host with its dots as underscores
//     and its hyphens as double underscores (or as themselves), in Unicode
//     or in Punycode, as Terraform itself decodes it;
//  2. a credentials "<host>" { token = "..." } block of the CLI
//     configuration file: TF_CLI_CONFIG_FILE, else TERRAFORM_CONFIG, else
//     ~/.terraformrc (%APPDATA%/terraform.rc on Windows);
//  3. the same host in credentials.tfrc.json of the CLI configuration
//     directory, ~/.terraform.d (%APPDATA%/terraform.d on Windows), which
//     terraform login writes.
//
// The incumbent reads both files whatever TF_CLI_CONFIG_FILE says, and lets
// the configuration file win over credentials.tfrc.json; so does this. It
// runs no credentials helper (a credentials_helper block), nor does this.
//
// A missing file is no error: most machines have neither. A file that is
// there but cannot be read, or is not what Terraform writes, is an error
// that names the file and what chose it, never a byte of what it holds:
// the parsers' own messages quote the text they stumble on, which may be a
// token.

// cliEnv is what the lookup reads of the process: its environment and its
// operating system, so that tests give their own.
type cliEnv struct {
	environ []string
	goos    string
}

func (e cliEnv) get(name string) string {
	var value string
	for _, kv := range e.environ {
		if k, v, ok := strings.Cut(kv, "="); ok && k == name {
			value = v // the last one wins, as in os.Getenv
		}
	}
	return value
}

// hostToken is a token found in Terraform's credentials, and where.
type hostToken struct {
	token string
	// source names where it was found, for the messages that tell the
	// practitioner what to check: the variable, or the block and its file.
	source string
}

// hostTokenLookup is the lookup of one address's host.
type hostTokenLookup struct {
	env  cliEnv
	host svchost.Hostname
}

// newHostTokenLookup prepares the lookup of the token of address's host;
// ok is false when the address has no host that Terraform could hold
// credentials for (an IP address with a zone, say), which leaves the token
// unset.
func newHostTokenLookup(address string, env cliEnv) (hostTokenLookup, bool) {
	u, err := url.Parse(address)
	if err != nil || u.Host == "" {
		return hostTokenLookup{}, false
	}
	// Terraform's comparison form: lower case, Punycode, without :443. An
	// address may give its host in Punycode, which the comparison form
	// refuses as input: the display form first, as Terraform does for
	// TF_TOKEN_ variables.
	host, err := svchost.ForComparison(svchost.ForDisplay(u.Host))
	if err != nil {
		return hostTokenLookup{}, false
	}
	return hostTokenLookup{env: env, host: host}, true
}

// variable is the name of TF_TOKEN_<host> in the encoding Terraform's
// documentation gives: dots as underscores, hyphens as double underscores.
func (l hostTokenLookup) variable() string {
	name := strings.ReplaceAll(string(l.host), "-", "__")
	return "TF_TOKEN_" + strings.ReplaceAll(name, ".", "_")
}

// find returns the token of the host, or a zero hostToken when no source
// has one; the error is a file that could not be read.
func (l hostTokenLookup) find() (hostToken, error) {
	if t, ok := l.fromEnv(); ok {
		return t, nil
	}
	for _, f := range l.files() {
		t, err := f.token(l.host)
		if err != nil || t.token != "" {
			return t, err
		}
	}
	return hostToken{}, nil
}

// fromEnv finds the host's TF_TOKEN_ variable, decoding every variable's
// name as Terraform does, so that each spelling it takes is taken: the
// last of the environment wins, as in Terraform. An empty one is unset,
// as every other setting of the provider.
func (l hostTokenLookup) fromEnv() (hostToken, bool) {
	const prefix = "TF_TOKEN_"
	var found hostToken
	for _, kv := range l.env.environ {
		name, value, ok := strings.Cut(kv, "=")
		if !ok || !strings.HasPrefix(name, prefix) || value == "" {
			continue
		}
		// Double underscores first: a hyphen never starts or ends a label,
		// so an odd run of underscores cannot come from one.
		raw := strings.ReplaceAll(strings.ReplaceAll(name[len(prefix):], "__", "-"), "_", ".")
		host, err := svchost.ForComparison(svchost.ForDisplay(raw))
		if err != nil || host != l.host {
			continue
		}
		found = hostToken{token: value, source: name}
	}
	return found, found.token != ""
}

// cliFile is one of the CLI configuration's files, and why it is the one.
type cliFile struct {
	path string
	// chosenBy says what placed the file, for the error that asks the
	// practitioner to check it: "TF_CLI_CONFIG_FILE, which names it".
	chosenBy string
	json     bool
}

// files are the files to read, the one that wins first. Without a home
// directory (or, on Windows, APPDATA) only a file that a variable names is
// read, as the incumbent reads what it can locate and skips the rest.
func (l hostTokenLookup) files() []cliFile {
	var files []cliFile
	configDir, placedBy, dirKnown := l.configDir()
	switch {
	case l.env.get("TF_CLI_CONFIG_FILE") != "":
		files = append(files, cliFile{path: l.env.get("TF_CLI_CONFIG_FILE"), chosenBy: "TF_CLI_CONFIG_FILE, which names it"})
	case l.env.get("TERRAFORM_CONFIG") != "":
		files = append(files, cliFile{path: l.env.get("TERRAFORM_CONFIG"), chosenBy: "TERRAFORM_CONFIG, which names it"})
	case !dirKnown:
	case l.env.goos == "windows":
		files = append(files, cliFile{path: filepath.Join(filepath.Dir(configDir), "terraform.rc"), chosenBy: placedBy})
	default:
		files = append(files, cliFile{path: filepath.Join(filepath.Dir(configDir), ".terraformrc"), chosenBy: placedBy})
	}
	if dirKnown {
		files = append(files, cliFile{path: filepath.Join(configDir, "credentials.tfrc.json"), chosenBy: placedBy, json: true})
	}
	return files
}

// configDir is Terraform's CLI configuration directory, and the variable
// that places it: %APPDATA%\terraform.d on Windows, else ~/.terraform.d,
// where ~ is HOME or, without it, the user's home directory.
func (l hostTokenLookup) configDir() (dir, placedBy string, ok bool) {
	if l.env.goos == "windows" {
		appData := l.env.get("APPDATA")
		return filepath.Join(appData, "terraform.d"), "APPDATA, under which Terraform keeps it", appData != ""
	}
	if home := l.env.get("HOME"); home != "" {
		return filepath.Join(home, ".terraform.d"), "HOME, under which Terraform keeps it", true
	}
	u, err := user.Current()
	if err != nil || u.HomeDir == "" {
		return "", "", false
	}
	return filepath.Join(u.HomeDir, ".terraform.d"), "the home directory, where Terraform keeps it", true
}

// token reads the file's credentials for host: none when the file does
// not exist or has no block for the host.
func (f cliFile) token(host svchost.Hostname) (hostToken, error) {
	content, err := os.ReadFile(f.path)
	if errors.Is(err, fs.ErrNotExist) {
		return hostToken{}, nil
	}
	if err != nil {
		// The path error says what failed (a directory, a permission), and
		// holds nothing of the file.
		return hostToken{}, f.fail(err.Error())
	}
	creds, err := f.credentials(content)
	if err != nil {
		return hostToken{}, err
	}
	// The last block for the host wins, as when Terraform merges them.
	var found map[string]any
	for name, block := range creds {
		if h, err := svchost.ForComparison(name); err == nil && h == host {
			found = block
		}
	}
	if found == nil {
		return hostToken{}, nil
	}
	token, ok := found["token"].(string)
	if !ok || token == "" {
		return hostToken{}, f.fail(fmt.Sprintf("its credentials for %s have no token, a string", host))
	}
	return hostToken{token: token, source: fmt.Sprintf("the credentials block for %s in %s", host, f.path)}, nil
}

// credentials decodes the file's credentials blocks, by host as written.
func (f cliFile) credentials(content []byte) (map[string]map[string]any, error) {
	if f.json {
		var doc struct {
			Credentials map[string]map[string]any `json:"credentials"`
		}
		if err := json.Unmarshal(content, &doc); err != nil {
			return nil, f.fail("it is not the JSON that terraform login writes (" + jsonProblem(content, err) + ")")
		}
		return doc.Credentials, nil
	}
	obj, err := hcl.Parse(string(content))
	if err != nil {
		var pe *hclparser.PosError
		if errors.As(err, &pe) {
			return nil, f.fail(fmt.Sprintf("it is not valid HCL (at line %d, column %d)", pe.Pos.Line, pe.Pos.Column))
		}
		return nil, f.fail("it is not valid HCL")
	}
	var doc struct {
		Credentials map[string]map[string]any `hcl:"credentials"`
	}
	if err := hcl.DecodeObject(&doc, obj); err != nil {
		return nil, f.fail(`its credentials blocks are not of the form credentials "<host>" { token = "..." }`)
	}
	return doc.Credentials, nil
}

// jsonProblem says where the JSON is wrong, without quoting it.
func jsonProblem(content []byte, err error) string {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		before := content[:min(int(se.Offset), len(content))]
		line := bytes.Count(before, []byte("\n")) + 1
		column := len(before) - bytes.LastIndexByte(before, '\n')
		return fmt.Sprintf("a syntax error at line %d, column %d", line, column)
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		if te.Field == "" {
			return "a JSON " + te.Value + " where an object belongs"
		}
		// Field stops at a map: credentials, whichever host's entry it is.
		return fmt.Sprintf("%s holds a JSON %s where an object belongs", te.Field, te.Value)
	}
	return "not JSON"
}

func (f cliFile) fail(problem string) error {
	return fmt.Errorf("%s cannot be read for Terraform's credentials: %s. Fix the file, or check %s", f.path, problem, f.chosenBy)
}

// terraformToken is the token of address's host in Terraform's
// credentials, for a service whose block and variable leave the token
// unset: the token and its source when one is found, else what to set, in
// the words of the error that a resource of the service then shows (after
// "Set "), naming every place the token may come from, or the file that
// could not be read.
func terraformToken(tokenSetting, address string, env cliEnv) (token, source, missing string) {
	l, ok := newHostTokenLookup(address, env)
	if !ok {
		return "", "", tokenSetting
	}
	found, err := l.find()
	switch {
	case err != nil:
		return "", "", tokenSetting + ", or mend Terraform's credentials of " + string(l.host) + ": " + err.Error()
	case found.token != "":
		return found.token, found.source, ""
	}
	missing = tokenSetting + ", or " + l.variable()
	var paths []string
	for _, f := range l.files() {
		paths = append(paths, f.path)
	}
	if len(paths) > 0 {
		missing += fmt.Sprintf(", or a credentials block for %s in %s", l.host, strings.Join(paths, " or in "))
	}
	return "", "", missing
}

// onAgentWarning is the warning of a token taken from Terraform's
// credentials in a run on the platform's own agents, which the incumbent
// tells by TFC_AGENT_VERSION: there the agent puts a token of the run in
// them (the reason the incumbent stopped reading TF_TOKEN_<host>), which
// may read but not change what the provider manages. "" elsewhere.
func onAgentWarning(svc *client.Service, source string, env cliEnv) string {
	if env.get("TFC_AGENT_VERSION") == "" {
		return ""
	}
	return fmt.Sprintf("This run is on one of the %s's agents (TFC_AGENT_VERSION is set), and the token comes from %s, "+
		"where the agent may have put a token of the run itself: plans and reads may work while creates, updates and deletes are refused. "+
		"Set %s to the token the provider should use.", svc.Name, source, svc.TokenSetting())
}
