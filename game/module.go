package game

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"image"
	_ "image/gif"  // board images
	_ "image/jpeg" // board images
	_ "image/png"  // board images
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/muster-wargames/muster/internal/zipbudget"
)

// Limits on the module a game is read against (docs/ci.md, "Limits").
var (
	maxBuildFile  int64 = 32 << 20 // bytes buildFile.xml inflates to
	maxImageHead  int64 = 64 << 20 // bytes a board image may inflate to (only its header is read)
	maxModuleData int64 = 1 << 20  // bytes the moduledata member inflates to
)

// Module is what reading a game needs of the module it was played with:
// its maps and boards with their hex grids, where a point is, and its
// piece slots by gpid; and what bringing a game to it needs (Update): its
// prototypes and its metadata.
type Module struct {
	Name, Version, Description string
	// Muster is whether muster wrote the module (its description ends
	// ", compiled by muster").
	Muster bool
	Maps   map[string]*Map
	// Slots are the palette's pieces by gpid.
	Slots map[string]*Slot
	// Prototypes are each prototype's traits by its name, its BasicPiece
	// left out.
	Prototypes map[string][]Trait
	// ModuleData is the module's moduledata member, nil if none.
	ModuleData []byte
}

// Map is a module map.
type Map struct {
	Name         string
	EdgeW, EdgeH int
	Boards       map[string]*Board
}

// Board is a board a map can show: its size and its hex grid (nil: a box
// with no grid, as the reinforcement and eliminated boxes are).
type Board struct {
	Name string
	W, H int
	Grid *HexGrid
}

// HexGrid is a board's HexGrid and its HexGridNumbering.
type HexGrid struct {
	DX, DY                 float64
	X0, Y0                 int
	Sideways               bool
	First                  byte
	HOff, VOff             int
	HLeading, VLeading     int
	HDescend, VDescend     bool
	Sep, Prefix, Suffix    string
	boardW, boardH         int
	stagger, alphaH, alphV bool
}

// Slot is a palette piece: its entry name, and the piece its text defines.
type Slot struct {
	GPID, Name string
	Piece      *Piece
}

// ReadModule reads the parts of a module a game needs.
func ReadModule(name string, data []byte) (*Module, error) {
	files, bf, err := zipbudget.Module(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	budget := zipbudget.New(maxBuildFile, maxBuildFile)
	b, err := budget.Read(bf)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	m := &Module{Maps: map[string]*Map{}, Slots: map[string]*Slot{}, Prototypes: map[string][]Trait{}}
	if f := files["moduledata"]; f != nil {
		if m.ModuleData, err = zipbudget.New(maxModuleData, maxModuleData).Read(f); err != nil {
			return nil, fmt.Errorf("%s: %v", name, err)
		}
	}
	imgBudget := zipbudget.New(maxImageHead, 4*maxImageHead)
	size := func(img string) (int, int) {
		f := files["images/"+img]
		if f == nil {
			return 0, 0
		}
		rc, err := imgBudget.Open(f)
		if err != nil {
			return 0, 0
		}
		defer rc.Close()
		c, _, err := image.DecodeConfig(rc)
		if err != nil {
			return 0, 0
		}
		return c.Width, c.Height
	}
	if err := m.parse(bytes.NewReader(b), size); err != nil {
		return nil, fmt.Errorf("%s: buildFile.xml: %v", name, err)
	}
	m.Muster = strings.HasSuffix(m.Description, ", compiled by muster")
	return m, nil
}

const vassal = "VASSAL.build."

func (m *Module) parse(r io.Reader, size func(string) (int, int)) error {
	d := xml.NewDecoder(r)
	var curMap *Map
	var curBoard *Board
	var slot *Slot
	proto, inProto := "", false
	var text strings.Builder
	slots := &Game{Boards: map[string][]BoardAt{}} // the slots' pieces share one decoding limit
	attrs := func(e xml.StartElement) map[string]string {
		out := map[string]string{}
		for _, a := range e.Attr {
			out[a.Name.Local] = a.Value
		}
		return out
	}
	depth, mapDepth := 0, -1
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			depth++
			a := attrs(t)
			switch strings.TrimPrefix(t.Name.Local, vassal) {
			case "GameModule":
				m.Name, m.Version, m.Description = a["name"], a["version"], a["description"]
			case "module.Map", "module.PrivateMap", "module.PlayerHand":
				curMap = &Map{Name: a["mapName"], EdgeW: atoi(a["edgeWidth"]), EdgeH: atoi(a["edgeHeight"]), Boards: map[string]*Board{}}
				m.Maps[curMap.Name] = curMap
				mapDepth = depth
			case "module.map.boardPicker.Board":
				curBoard = &Board{Name: a["name"], W: atoi(a["width"]), H: atoi(a["height"])}
				if img := a["image"]; img != "" {
					if w, h := size(img); w > 0 {
						curBoard.W, curBoard.H = w, h
					}
				}
				if curMap != nil {
					curMap.Boards[curBoard.Name] = curBoard
				}
			case "module.map.boardPicker.board.HexGrid":
				if curBoard != nil && curBoard.Grid == nil {
					curBoard.Grid = &HexGrid{DX: atof(a["dx"], 55.42562584220407), DY: atof(a["dy"], 64), X0: atoi(a["x0"]), Y0: atoi(a["y0"]),
						Sideways: a["sideways"] == "true", First: 'H', HLeading: 1, VLeading: 1, HOff: 1, VOff: 1, Prefix: "", stagger: true}
				}
			case "module.map.boardPicker.board.mapgrid.HexGridNumbering":
				if curBoard != nil && curBoard.Grid != nil {
					g := curBoard.Grid
					if f := a["first"]; f != "" {
						g.First = f[0]
					}
					g.HOff, g.VOff = atoiOr(a["hOff"], 1), atoiOr(a["vOff"], 1)
					g.HLeading, g.VLeading = clamp(atoiOr(a["hLeading"], 1), 0, maxLeading), clamp(atoiOr(a["vLeading"], 1), 0, maxLeading)
					g.HDescend, g.VDescend = a["hDescend"] == "true", a["vDescend"] == "true"
					g.stagger = a["stagger"] != "false"
					g.alphaH, g.alphV = a["hType"] == "A", a["vType"] == "A"
					g.Sep = a["sep"]
					f := a["locationFormat"]
					if f == "" {
						f = "$gridLocation$"
					}
					g.Prefix, g.Suffix, _ = strings.Cut(f, "$gridLocation$")
				}
			case "widget.PieceSlot":
				slot = &Slot{GPID: a["gpid"], Name: a["entryName"]}
				text.Reset()
			case "module.PrototypeDefinition":
				proto, inProto = a["name"], true
				text.Reset()
			}
		case xml.CharData:
			if slot != nil || inProto {
				text.Write(t)
			}
		case xml.EndElement:
			switch strings.TrimPrefix(t.Name.Local, vassal) {
			case "module.map.boardPicker.Board":
				if curBoard != nil && curBoard.Grid != nil {
					curBoard.Grid.boardW, curBoard.Grid.boardH = curBoard.W, curBoard.H
				}
				curBoard = nil
			case "widget.PieceSlot":
				if slot != nil && slot.GPID != "" {
					if p := slotPiece(slots, text.String()); p != nil {
						slot.Piece = p
					}
					m.Slots[slot.GPID] = slot
				}
				slot = nil
			case "module.PrototypeDefinition":
				if p := slotPiece(slots, text.String()); p != nil {
					m.Prototypes[proto] = p.traits[:len(p.traits)-1]
				}
				inProto = false
			}
			if depth == mapDepth {
				curMap, mapDepth = nil, -1
			}
			depth--
		}
	}
}

// slotPiece reads a PieceSlot's or a PrototypeDefinition's text, an
// AddPiece command "+/null/type/state".
func slotPiece(g *Game, text string) *Piece {
	var p *Piece
	pos := &Position{Pieces: map[string]*Piece{}, Stacks: map[string]*Stack{}}
	if err := g.apply(pos, nil, strings.TrimSpace(text)); err != nil {
		return nil
	}
	for _, x := range pos.Pieces {
		p = x
	}
	return p
}

// maxLeading bounds a numbering's leading zeros (import vmod's limit).
const maxLeading = 8

func clamp(n, lo, hi int) int { return min(max(n, lo), hi) }

func atoiOr(s string, def int) int {
	if strings.TrimSpace(s) == "" {
		return def
	}
	return atoi(s)
}

func atof(s string, def float64) float64 {
	f, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		return def
	}
	return f
}

// Place is where a point of a map is: the board it is on, and the grid
// location there ("" on a board with no grid, or off every board).
type Place struct {
	Map, Board, Location string
}

// Locate finds the board of map mapName that point x, y is on, as the game
// lays the boards out (their picker slots: a board's origin is after the
// boards left of it in its row and above it in its column, past the map's
// edge), and the grid location VASSAL names there
// (HexGridNumbering.locationName).
func (m *Module) Locate(g *Game, mapName string, x, y int) Place {
	pl := Place{Map: mapName}
	mp := m.Maps[mapName]
	if mp == nil {
		return pl
	}
	at := map[[2]int]*Board{}
	for _, b := range g.Boards[mapName] {
		if bd := mp.Boards[b.Name]; bd != nil {
			at[[2]int{b.Col, b.Row}] = bd
		}
	}
	for _, b := range g.Boards[mapName] {
		bd := mp.Boards[b.Name]
		if bd == nil {
			continue
		}
		ox, oy := mp.EdgeW, mp.EdgeH
		for c := 0; c < b.Col; c++ {
			if l := at[[2]int{c, b.Row}]; l != nil {
				ox += l.W
			}
		}
		for r := 0; r < b.Row; r++ {
			if u := at[[2]int{b.Col, r}]; u != nil {
				oy += u.H
			}
		}
		if x < ox || y < oy || (bd.W > 0 && x >= ox+bd.W) || (bd.H > 0 && y >= oy+bd.H) {
			continue
		}
		pl.Board = bd.Name
		if bd.Grid != nil {
			pl.Location = bd.Grid.LocationName(x-ox, y-oy)
		}
		return pl
	}
	return pl
}

// LocationName is HexGridNumbering's name of a board point, for the grids
// muster writes (not sideways, numeric labels); "" for another grid.
func (g *HexGrid) LocationName(x, y int) string {
	if g.Sideways || g.stagger || g.alphaH || g.alphV || g.DX <= 0 || g.DY <= 0 {
		return ""
	}
	fx := (float64(x) - float64(g.X0)) / g.DX
	c := int(math.Floor(fx + 0.5))
	var r int
	if c%2 == 0 {
		r = int(math.Floor((float64(y)-float64(g.Y0))/g.DY + 0.5))
	} else {
		r = int(math.Floor((float64(y)-float64(g.Y0)-g.DY/2)/g.DY + 0.5))
	}
	if g.HDescend {
		c = int(math.Floor(float64(g.boardW)/g.DY+0.5)) - c
	}
	if g.VDescend {
		r = int(math.Floor(float64(g.boardH)/g.DX+0.5)) - r
	}
	cn, rn := leading(c+g.HOff, g.HLeading), leading(r+g.VOff, g.VLeading)
	if g.First == 'V' {
		return g.Prefix + rn + g.Sep + cn + g.Suffix
	}
	return g.Prefix + cn + g.Sep + rn + g.Suffix
}

// leading writes n with VASSAL's leading zeros (RegularGridNumbering.getName).
func leading(n, lead int) string {
	s := strconv.Itoa(n)
	neg := n < 0
	if neg {
		s = s[1:]
	}
	for len(s) < lead+1 {
		s = "0" + s
	}
	if neg {
		return "-" + s
	}
	return s
}
