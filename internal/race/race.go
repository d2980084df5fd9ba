//go:build race

package race

// Enabled says the race detector is on: it allocates beside the code it
// watches, so a test that counts allocations cannot judge them.
const Enabled = true
