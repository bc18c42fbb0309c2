package provider

// WriteFile writes a file of a test, and the directories it is in: the
// acceptance tests of Terraform's credentials lay out their files with it.
var WriteFile = write
