package platform

// What the people's objects share: an organization membership, a team's
// member and the data sources of members name one another by the
// membership's ID (emails are checked by names.go's emailRe).

// membershipIDRule states, in descriptions, the form of an organization
// membership's ID.
const membershipIDRule = "`ou-` and 16 characters of the base58 alphabet"
