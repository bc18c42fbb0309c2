package provider

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// home is a home directory of a test, with the files Terraform keeps
// there: ~/.terraformrc and ~/.terraform.d/credentials.tfrc.json, each
// written when not empty.
func home(t *testing.T, terraformrc, credentialsJSON string) string {
	t.Helper()
	dir := t.TempDir()
	if terraformrc != "" {
		write(t, filepath.Join(dir, ".terraformrc"), terraformrc)
	}
	if credentialsJSON != "" {
		write(t, filepath.Join(dir, ".terraform.d", "credentials.tfrc.json"), credentialsJSON)
	}
	return dir
}

func write(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
}

func loginJSON(host, token string) string {
	return `{
  "credentials": {
    "` + host + `": {
      "token": "` + token + `"
    }
  }
}`
}

func rcBlock(host, token string) string {
	return "credentials \"" + host + "\" {\n  token = \"" + token + "\"\n}\n"
}

const testSetting = "platform.token (or STACK_PLATFORM_TOKEN)"

// lookup runs the lookup of address's token with the environment vars,
// on Linux.
func lookup(address string, vars ...string) (token, source, missing string) {
	return terraformToken(testSetting, address, cliEnv{environ: vars, goos: "linux"})
}

// Each source alone gives the token, and says where it came from.
func TestTerraformToken_eachSource(t *testing.T) {
	rcHome := home(t, rcBlock("platform.example.com", "from-rc"), "")
	loginHome := home(t, "", loginJSON("platform.example.com", "from-login"))
	other := filepath.Join(t.TempDir(), "cli.tfrc")
	write(t, other, `provider_installation {
  direct {}
}
`+rcBlock("platform.example.com", "from-cli-config-file"))
	empty := t.TempDir()
	for name, tc := range map[string]struct {
		vars                []string
		wantToken, wantFrom string
	}{
		"TF_TOKEN_<host>": {
			[]string{"HOME=" + empty, "TF_TOKEN_platform_example_com=from-env"},
			"from-env", "TF_TOKEN_platform_example_com",
		},
		"~/.terraformrc": {
			[]string{"HOME=" + rcHome},
			"from-rc", "the credentials block for platform.example.com in " + filepath.Join(rcHome, ".terraformrc"),
		},
		"credentials.tfrc.json": {
			[]string{"HOME=" + loginHome},
			"from-login", "the credentials block for platform.example.com in " + filepath.Join(loginHome, ".terraform.d", "credentials.tfrc.json"),
		},
		"TF_CLI_CONFIG_FILE": {
			[]string{"HOME=" + empty, "TF_CLI_CONFIG_FILE=" + other},
			"from-cli-config-file", "the credentials block for platform.example.com in " + other,
		},
		"TERRAFORM_CONFIG": {
			[]string{"HOME=" + empty, "TERRAFORM_CONFIG=" + other},
			"from-cli-config-file", "the credentials block for platform.example.com in " + other,
		},
	} {
		t.Run(name, func(t *testing.T) {
			token, source, missing := lookup("https://platform.example.com", tc.vars...)
			if token != tc.wantToken || source != tc.wantFrom || missing != "" {
				t.Errorf("got token %q from %q (missing %q), want %q from %q", token, source, missing, tc.wantToken, tc.wantFrom)
			}
		})
	}
}

// The incumbent's order: the variable, then the CLI configuration file,
// then credentials.tfrc.json; TF_CLI_CONFIG_FILE before TERRAFORM_CONFIG
// before ~/.terraformrc; credentials of other hosts are no one's.
func TestTerraformToken_precedence(t *testing.T) {
	both := home(t, rcBlock("platform.example.com", "from-rc"), loginJSON("platform.example.com", "from-login"))
	loginOnly := home(t, rcBlock("other.example.com", "other-rc"), loginJSON("platform.example.com", "from-login"))
	named := filepath.Join(t.TempDir(), "named.tfrc")
	write(t, named, rcBlock("platform.example.com", "from-named"))
	legacy := filepath.Join(t.TempDir(), "legacy.tfrc")
	write(t, legacy, rcBlock("platform.example.com", "from-legacy"))
	for name, tc := range map[string]struct {
		vars []string
		want string
	}{
		"the variable before both files":                                       {[]string{"HOME=" + both, "TF_TOKEN_platform_example_com=from-env"}, "from-env"},
		"the configuration file before credentials.tfrc.json":                  {[]string{"HOME=" + both}, "from-rc"},
		"credentials.tfrc.json when the configuration file has another host's": {[]string{"HOME=" + loginOnly}, "from-login"},
		"TF_CLI_CONFIG_FILE before ~/.terraformrc":                             {[]string{"HOME=" + both, "TF_CLI_CONFIG_FILE=" + named}, "from-named"},
		"TF_CLI_CONFIG_FILE before TERRAFORM_CONFIG":                           {[]string{"HOME=" + both, "TERRAFORM_CONFIG=" + legacy, "TF_CLI_CONFIG_FILE=" + named}, "from-named"},
		"credentials.tfrc.json still read beside TF_CLI_CONFIG_FILE":           {[]string{"HOME=" + loginOnly, "TF_CLI_CONFIG_FILE=" + filepath.Join(loginOnly, ".terraformrc")}, "from-login"},
		"another host's variable is not the host's":                            {[]string{"HOME=" + loginOnly, "TF_TOKEN_other_example_com=other-env"}, "from-login"},
		"an empty variable is unset":                                           {[]string{"HOME=" + loginOnly, "TF_TOKEN_platform_example_com="}, "from-login"},
		"the last of two spellings of the variable":                            {[]string{"TF_TOKEN_platform_example_com=first", "TF_TOKEN_platform.example.com=second"}, "second"},
	} {
		t.Run(name, func(t *testing.T) {
			if token, _, _ := lookup("https://platform.example.com", tc.vars...); token != tc.want {
				t.Errorf("got %q, want %q", token, tc.want)
			}
		})
	}
}

// The variable's name spells the host as Terraform does: dots as
// underscores, hyphens as double underscores or as themselves, a
// non-ASCII name in Punycode or as it is, any case; the address's host is
// compared in Terraform's form, without :443 and in lower case.
func TestTerraformToken_hostEncoding(t *testing.T) {
	for _, tc := range []struct{ address, variable string }{
		{"https://platform.example.com", "TF_TOKEN_platform_example_com"},
		{"https://platform.example.com/api/v2", "TF_TOKEN_platform_example_com"},
		{"https://Platform.Example.COM:443", "TF_TOKEN_platform_example_com"},
		{"https://platform.example.com", "TF_TOKEN_PLATFORM_EXAMPLE_COM"},
		{"https://my-platform.example.com", "TF_TOKEN_my__platform_example_com"},
		{"https://my-platform.example.com", "TF_TOKEN_my-platform_example_com"},
		{"https://my-platform.example.com", "TF_TOKEN_my-platform.example.com"},
		{"https://café.example", "TF_TOKEN_xn____caf__dma_example"},
		{"https://café.example", "TF_TOKEN_xn--caf-dma_example"},
		{"https://café.example", "TF_TOKEN_café_example"},
		{"https://xn--caf-dma.example", "TF_TOKEN_xn____caf__dma_example"},
		{"http://localhost:8080", "TF_TOKEN_localhost:8080"},
	} {
		t.Run(tc.address+" "+tc.variable, func(t *testing.T) {
			token, source, _ := lookup(tc.address, "HOME="+t.TempDir(), tc.variable+"=tok")
			if token != "tok" || source != tc.variable {
				t.Errorf("got %q from %q, want the token of %s", token, source, tc.variable)
			}
		})
	}
	// The host's own port is part of it: another port is another host.
	if token, _, _ := lookup("http://localhost:8081", "HOME="+t.TempDir(), "TF_TOKEN_localhost:8080=tok"); token != "" {
		t.Errorf("localhost:8081 took the token of localhost:8080")
	}
	// The name that messages give is the documented spelling.
	for address, want := range map[string]string{
		"https://platform.example.com":    "TF_TOKEN_platform_example_com",
		"https://my-platform.example.com": "TF_TOKEN_my__platform_example_com",
		"https://café.example":            "TF_TOKEN_xn____caf__dma_example",
	} {
		l, ok := newHostTokenLookup(address, cliEnv{})
		if got := l.variable(); !ok || got != want {
			t.Errorf("%s: variable %q, want %q", address, got, want)
		}
	}
	// A credentials block may name the host in Unicode.
	h := home(t, rcBlock("café.example", "from-rc"), "")
	if token, _, _ := lookup("https://xn--caf-dma.example", "HOME="+h); token != "from-rc" {
		t.Errorf("the block of café.example gave %q to xn--caf-dma.example", token)
	}
}

// No source at all (files with other hosts' credentials only): the error
// names every place the token may come from, today's settings first.
func TestTerraformToken_noSource(t *testing.T) {
	h := home(t, rcBlock("other.example.com", "other-rc"), loginJSON("other.example.com", "other-login"))
	token, source, missing := lookup("https://my-platform.example.com", "HOME="+h)
	want := "platform.token (or STACK_PLATFORM_TOKEN), or TF_TOKEN_my__platform_example_com, or a credentials block for my-platform.example.com in " +
		filepath.Join(h, ".terraformrc") + " or in " + filepath.Join(h, ".terraform.d", "credentials.tfrc.json")
	if token != "" || source != "" || missing != want {
		t.Errorf("got token %q from %q, missing:\n%s\nwant missing:\n%s", token, source, missing, want)
	}
	// With TF_CLI_CONFIG_FILE, it names that file.
	named := filepath.Join(h, "named.tfrc")
	_, _, missing = lookup("https://my-platform.example.com", "HOME="+h, "TF_CLI_CONFIG_FILE="+named)
	if !strings.Contains(missing, " in "+named+" or in ") {
		t.Errorf("missing %q does not name %s", missing, named)
	}
}

// Windows keeps the files under %APPDATA%, as the incumbent finds them.
// (This machine runs Linux: the paths are computed as on Windows, the
// files are read by the same code.)
func TestTerraformToken_windowsPaths(t *testing.T) {
	appData := t.TempDir()
	l, _ := newHostTokenLookup("https://platform.example.com", cliEnv{environ: []string{"APPDATA=" + appData, "HOME=/ignored"}, goos: "windows"})
	files := l.files()
	want := []string{filepath.Join(appData, "terraform.rc"), filepath.Join(appData, "terraform.d", "credentials.tfrc.json")}
	if len(files) != 2 || files[0].path != want[0] || files[1].path != want[1] {
		t.Fatalf("files %+v, want %q", files, want)
	}
	write(t, want[1], loginJSON("platform.example.com", "from-login"))
	if got, err := l.find(); err != nil || got.token != "from-login" {
		t.Errorf("got %+v, %v", got, err)
	}
	// Without APPDATA, only a file that a variable names.
	l.env.environ = []string{"TF_CLI_CONFIG_FILE=" + want[0]}
	if files := l.files(); len(files) != 1 || files[0].path != want[0] {
		t.Errorf("without APPDATA: files %+v", files)
	}
}

// A missing file is no error; a file that is there but cannot be read, or
// is not what Terraform writes, fails the lookup with the file's path and
// what placed it, and without a byte of what it holds.
func TestTerraformToken_unreadableFiles(t *testing.T) {
	const secret = "s3cr3t-t0ken-value"
	missingFile := filepath.Join(t.TempDir(), "nowhere.tfrc")
	if token, _, missing := lookup("https://platform.example.com", "HOME="+t.TempDir(), "TF_CLI_CONFIG_FILE="+missingFile); token != "" || !strings.HasPrefix(missing, testSetting+", or TF_TOKEN_") {
		t.Errorf("missing files: token %q, missing %q", token, missing)
	}
	dirHome := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dirHome, ".terraformrc"), 0o700); err != nil {
		t.Fatal(err)
	}
	for name, tc := range map[string]struct {
		home      string
		vars      []string
		path      string
		problem   string
		placement string
	}{
		"JSON cut short": {
			home: home(t, "", `{"credentials": {"platform.example.com": {"token": "`+secret+`"`),
			path: ".terraform.d/credentials.tfrc.json", problem: "it is not the JSON that terraform login writes (a syntax error at line 1, column ",
			placement: "HOME, under which Terraform keeps it",
		},
		"JSON with a stray word": {
			home: home(t, "", "{\n  \"credentials\": {\n    \"platform.example.com\": {\"token\": "+secret+"}\n  }\n}"),
			path: ".terraform.d/credentials.tfrc.json", problem: "a syntax error at line 3, column 40)",
			placement: "HOME, under which Terraform keeps it",
		},
		"JSON credentials of the wrong shape": {
			home: home(t, "", `{"credentials": {"platform.example.com": "`+secret+`"}}`),
			path: ".terraform.d/credentials.tfrc.json", problem: "credentials holds a JSON string where an object belongs",
			placement: "HOME, under which Terraform keeps it",
		},
		"HCL with an unquoted token": {
			home: home(t, "credentials \"platform.example.com\" {\n  token = "+secret+"\n}\n", ""),
			path: ".terraformrc", problem: "it is not valid HCL (at line 2, column 11)",
			placement: "HOME, under which Terraform keeps it",
		},
		"HCL with an unterminated string": {
			home: home(t, "credentials \"platform.example.com\" {\n  token = \""+secret+"\n}\n", ""),
			path: ".terraformrc", problem: "it is not valid HCL (at line 2, column ",
			placement: "HOME, under which Terraform keeps it",
		},
		"a block without a token": {
			home: home(t, "credentials \"platform.example.com\" {\n  tokne = \""+secret+"\"\n}\n", ""),
			path: ".terraformrc", problem: "its credentials for platform.example.com have no token, a string",
			placement: "HOME, under which Terraform keeps it",
		},
		"a directory where the file should be": {
			home: dirHome,
			path: ".terraformrc", problem: "is a directory",
			placement: "HOME, under which Terraform keeps it",
		},
		"a file that TF_CLI_CONFIG_FILE names": {
			home: t.TempDir(),
			vars: []string{"TF_CLI_CONFIG_FILE=" + filepath.Join(dirHome, ".terraformrc")},
			path: filepath.Join(dirHome, ".terraformrc"), problem: "is a directory",
			placement: "TF_CLI_CONFIG_FILE, which names it",
		},
	} {
		t.Run(name, func(t *testing.T) {
			path := tc.path
			if !filepath.IsAbs(path) {
				path = filepath.Join(tc.home, path)
			}
			token, _, missing := lookup("https://platform.example.com", append([]string{"HOME=" + tc.home}, tc.vars...)...)
			if token != "" {
				t.Errorf("got a token, %q", token)
			}
			for _, want := range []string{testSetting + ", or mend Terraform's credentials of platform.example.com: ", path + " cannot be read for Terraform's credentials: ", tc.problem, "Fix the file, or check " + tc.placement} {
				if !strings.Contains(missing, want) {
					t.Errorf("the error does not say %q:\n%s", want, missing)
				}
			}
			if strings.Contains(missing, secret) {
				t.Errorf("the error shows the file's contents:\n%s", missing)
			}
		})
	}
	// A broken file after the one that has the token is not read.
	h := home(t, rcBlock("platform.example.com", "from-rc"), "{not json")
	if token, _, missing := lookup("https://platform.example.com", "HOME="+h); token != "from-rc" || missing != "" {
		t.Errorf("got %q, missing %q", token, missing)
	}
}

// On the platform's agents, a token from Terraform's credentials may be
// the run's own: the provider warns, as the incumbent does, and says what
// to set; elsewhere it does not.
func TestTerraformToken_warnsOnAgents(t *testing.T) {
	source := "TF_TOKEN_platform_example_com"
	if w := onAgentWarning(platformclient.Service, source, cliEnv{environ: []string{"HOME=/h"}}); w != "" {
		t.Errorf("a warning off the agents: %s", w)
	}
	w := onAgentWarning(platformclient.Service, source, cliEnv{environ: []string{"TFC_AGENT_VERSION=1.15.0"}})
	for _, want := range []string{"TFC_AGENT_VERSION is set", "the token comes from " + source, "Set platform.token (or STACK_PLATFORM_TOKEN) to the token"} {
		if !strings.Contains(w, want) {
			t.Errorf("the warning does not say %q:\n%s", want, w)
		}
	}
}
