// Package examples embeds the example battles. muster builds dow-intro
// when it is given no folder, so a new user sees it work at once.
package examples

import "embed"

// FS holds every example battle, one folder each.
//
//go:embed dow-intro
var FS embed.FS

// Default is the folder of the battle muster builds with no argument.
const Default = "dow-intro"
