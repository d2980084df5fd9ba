//go:build !race

// Package race says whether the race detector is on (`go test -race`), for
// the tests that count what the code allocates.
package race

// Enabled says the race detector is on: it allocates beside the code it
// watches, so a test that counts allocations cannot judge them.
const Enabled = false
