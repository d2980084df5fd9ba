package battle

// DropAll makes every load without a cache let each document's tree go
// once it is resolved, whatever its size (dropAbove); the function it
// returns undoes it.
func DropAll() func() {
	n := dropAbove
	dropAbove = 0
	return func() { dropAbove = n }
}
