// Package scheduler holds the provider's resources and data sources of the
// scheduler service: ACL auth methods (OIDC and JWT single sign-on).
package scheduler
