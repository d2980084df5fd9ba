package oob

// Picture is an image file a battle names, as read when it was loaded.
type Picture struct {
	Image  string // relative to the battle folder
	Data   []byte
	Format string // "png" or "jpeg"
	W, H   int
	// Cut, when set, is the counter's rectangle on the picture, a counter
	// sheet: the counter is that part of it alone.
	Cut *Cut
}

// Cut is a rectangle of pixels: its top-left corner and its size.
type Cut struct{ X, Y, W, H int }

// CounterArt is a counter's picture: its front, its back (nil when not
// given), and whether muster draws the live values over it ("over") or
// leaves them to the picture ("art").
type CounterArt struct {
	Front, Back *Picture
	Values      string
}

// ValuesOver reports whether muster draws the counter values over the art.
func (a *CounterArt) ValuesOver() bool { return a.Values != "art" }

// ArtOf is the art of unit u: its own, else its nearest formation's, else
// its side's for its type; nil when none names any.
func (s *Side) ArtOf(u *Unit) *CounterArt {
	if u.Art != nil {
		return u.Art
	}
	for f := u.Formation; f != nil; f = f.Parent {
		if f.Art != nil {
			return f.Art
		}
	}
	return s.TypeArt[u.Type]
}
