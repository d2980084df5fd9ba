package render

import "image/color"

// Every colour muster draws in is named here, and nowhere else: the map
// pictures (SVG and PNG), the VASSAL module's counters, boards and boxes,
// and the order-of-battle sheets (sheets, PDF and HTML) read these names,
// so a colour two of them share is one name and cannot disagree.
// TestColoursInOnePlace fails on a colour written as a literal anywhere
// else in render or sheets (a "#rrggbb" or "#rgb" string, a color.RGBA
// value, a PDF colour as numbers). What the battle's ruleset and sides
// give (terrain, hexsides, roads, side colours) is data, read through
// Palette and SideColors; a colour is written as CSS writes it, "#rrggbb"
// or "#rgb", and RGB reads both.

// Side colours: what a side without its own colour is drawn in.
const (
	DefaultSideColor = "#c8c8c8"
	DefaultSideText  = "#000000"
)

// The colours of diagnostics on a map (sheets.DiagnosticOverlay, serve):
// a ring for each hex a finding concerns, by its worst severity, and the
// legend's keys for them.
const (
	RingError   = "#d0021b" // also a ring given no colour
	RingWarning = "#e67e00"
	RingInfo    = "#1f6fd1"
)

// The colours of a scenario's overlay keys (sheets.Overlay) that stand for
// what the map draws.
const (
	// VictoryHex fills a victory hex's star; the legend's key for it.
	VictoryHex = "#f2c12e"
	// NotInPlayKey is the legend's key for the hexes out of play, the
	// colour mapOutOfPlay laid at its opacity over the hexes looks.
	NotInPlayKey = "#a6a69f"
)

// The map pictures' own colours (SVG and PNG).
const (
	mapBackground = "#ffffff"
	mapInk        = "#222222" // title, legend text, notes, sheet letters and edges
	mapInkSoft    = "#555555" // subtitle, legend swatches' edges
	mapNoTerrain  = "#f4f1e4" // a hex whose terrain the map does not give
	mapHexEdge    = "#9a9a8a"
	mapContour    = "#8c6d46"
	mapLabel      = "#55554a"
	mapSeam       = "#444444" // where two sheets meet
	mapOutOfPlay  = "#60605a" // laid over the hexes out of play, at 0.45
	mapPlayEdge   = "#c0392b"
	victoryInk    = "#7a5a00" // a victory star's edge and points
	markerShadow  = "#000000"
	markerEdge    = "#111111"
	ringInk       = "#ffffff" // a ring's badge: edge and number
	textDefault   = "#000000" // text given no colour
)

// BandInk is the ink of the text on a leader's name band, which the VASSAL
// module writes over the band (LeaderCounter.TextOver).
const BandInk = counterHighlight

// The VASSAL pictures' colours (paletted PNGs).
const (
	boardBackground  = "#ebebe4"
	boardOutline     = "#5a5a50"
	boardLabel       = "#3c3c3c"
	counterHighlight = "#ffffff"
	counterMark      = "#a00000" // a counter's state band and marks
	markerBack       = "#dec896"
	markerInk        = "#3c2814"
	boxBackground    = "#ece8dc"
	boxOutline       = "#5a5a5a"
	boxInk           = "#000000"
	keyBackground    = "#ffffff"
	keyInk           = "#222222"
	keyInkSoft       = "#555555"
	keyUnknown       = "#888888" // a key's swatch whose colour does not read
	cardFace         = "#faf6ea" // a card's face (VASSAL's draw piles of cards)
	cardEdge         = "#3c2814" // its edge and title band
	cardInk          = "#1a1a1a" // its text
	cardBandInk      = "#faf6ea" // the title on the band
)

// transparent is the see-through index of a paletted overlay.
var transparent = color.RGBA{}

// stampPalette is a scratch mask's: nothing, and the shape.
var stampPalette = color.Palette{color.Transparent, color.Black}

// The order-of-battle sheets' colours: HTML (CSS) and PDF. The two agree
// where they share a name; where each has its own, they differ today.
const (
	SheetInkHTML       = "#111"
	SheetInkPDF        = "#000000"
	SheetNoteHTML      = "#555"
	SheetNotePDF       = "#505050" // the note and the page footer
	SheetLevelHTML     = "#666"    // a formation's level and a leader's role
	SheetLevelPDF      = "#646464"
	SheetHeaderRule    = "#787878" // PDF: the rule under each page's header
	SheetTableRule     = "#aaa"
	SheetTableHeadHTML = "#eee"
	SheetTableHeadPDF  = "#e8e8e8"
	SheetWithdraws     = "#fbe9e7" // the row of a unit the scenario withdraws
)

// The printed paper game's colours (muster print): the marks a printer
// and a player cut and align by, and the bleed of a marker.
const (
	PrintRegistration = "#000000" // registration and cut marks, a tile's edge and trim line
	PrintAlign        = "#c80000" // a map tile's alignment marks; the page index's tiles
	PrintMarkerBleed  = markerBack
)

// RGB reads a colour written "#rrggbb" or "#rgb" as its red, green and
// blue; anything else is mid grey.
func RGB(c string) (r, g, b int) {
	r8, g8, b8 := rgb(c)
	return int(r8), int(g8), int(b8)
}
