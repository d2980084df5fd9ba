package savedgame

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/muster-wargames/muster/internal/zipbudget"
)

// Module is what a VASSAL module says of its pieces: the definition of
// each PieceSlot by gpid and of each prototype by name, as AddPiece
// commands with the id null; and its metadata.
type Module struct {
	Name, Version string
	ModuleData    []byte
	Slots         map[string]Piece // by gpid
	SlotNames     map[string]string
	Prototypes    map[string][]Trait // each prototype's traits, its BasicPiece left out
}

// ReadModule reads a module's build file and metadata.
func ReadModule(data []byte) (*Module, error) {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, fmt.Errorf("not a VASSAL module (a zip archive): %v", err)
	}
	budget := zipbudget.New(memberMax, totalMax)
	m := &Module{Slots: map[string]Piece{}, SlotNames: map[string]string{}, Prototypes: map[string][]Trait{}}
	var build []byte
	for _, f := range zr.File {
		switch f.Name {
		case "buildFile.xml", "buildFile":
			if build != nil && f.Name == "buildFile" {
				continue
			}
			if build, err = budget.Read(f); err != nil {
				return nil, err
			}
		case "moduledata":
			if m.ModuleData, err = budget.Read(f); err != nil {
				return nil, err
			}
		}
	}
	if build == nil {
		return nil, errors.New("not a VASSAL module: it has no buildFile.xml")
	}
	if err := m.readBuild(build); err != nil {
		return nil, err
	}
	return m, nil
}

func (m *Module) readBuild(build []byte) error {
	d := xml.NewDecoder(bytes.NewReader(build))
	type open struct {
		kind, key, name string
		text            strings.Builder
	}
	var stack []*open
	for {
		tok, err := d.Token()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return fmt.Errorf("the module's buildFile.xml: %v", err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			o := &open{}
			attr := func(k string) string {
				for _, a := range t.Attr {
					if a.Name.Local == k {
						return a.Value
					}
				}
				return ""
			}
			switch {
			case strings.HasSuffix(t.Name.Local, ".PieceSlot"):
				o.kind, o.key, o.name = "slot", attr("gpid"), attr("entryName")
			case strings.HasSuffix(t.Name.Local, ".PrototypeDefinition"):
				o.kind, o.key = "proto", attr("name")
			case t.Name.Local == "VASSAL.build.GameModule":
				m.Name, m.Version = attr("name"), attr("version")
			}
			stack = append(stack, o)
		case xml.CharData:
			if len(stack) > 0 && stack[len(stack)-1].kind != "" {
				stack[len(stack)-1].text.Write(t)
			}
		case xml.EndElement:
			if len(stack) == 0 {
				continue
			}
			o := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			p, ok := ParsePiece(o.text.String())
			switch {
			case !ok:
			case o.kind == "slot" && o.key != "":
				m.Slots[o.key] = p
				m.SlotNames[o.key] = o.name
			case o.kind == "proto":
				m.Prototypes[o.key] = p.Traits[:len(p.Traits)-1]
			}
		}
	}
}

// Expand is traits with every prototype trait replaced by the traits of
// its definition, as VASSAL's PieceCloner does when a piece is made from
// a slot: a saved game's pieces carry their prototypes expanded. A
// prototype the module does not define is left out, as VASSAL leaves it
// (an empty one); missing names it.
func (m *Module) Expand(traits []Trait) (out []Trait, missing []string) {
	var walk func(ts []Trait, depth int)
	walk = func(ts []Trait, depth int) {
		for _, t := range ts {
			if t.ID() != "prototype" {
				out = append(out, t)
				continue
			}
			name, _, _ := strings.Cut(strings.TrimPrefix(t.Type, "prototype;"), ";")
			def, ok := m.Prototypes[name]
			if !ok || depth > 50 {
				missing = append(missing, name)
				continue
			}
			walk(def, depth+1)
		}
	}
	walk(traits, 0)
	return out, missing
}
