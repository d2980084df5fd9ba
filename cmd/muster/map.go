package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/maps"
	"github.com/muster-wargames/muster/render"
	"github.com/muster-wargames/muster/report"
	"github.com/muster-wargames/muster/sheets"
	"github.com/spf13/cobra"
)

var (
	mapFormats = []string{"svg", "png"}
	mapExts    = map[string]string{"svg": "svg", "png": "png"}
)

func mapCmd(stdout, stderr io.Writer) *cobra.Command {
	var variant, scenario, format, out string
	var allowErrors bool
	var size float64
	c := &cobra.Command{
		Use:   "map [DIR]",
		Short: "Draw a battle's map as SVG or PNG, with a scenario's set-up",
		Long: "map draws the sheets with their terrain, elevation shading and contours, hexside features,\n" +
			"roads, hex labels, sheet edges and seams. With --scenario it adds a marker per set-up stack in\n" +
			"the side's colours (hover over it in the SVG for its units), the entry and exit hexes and areas,\n" +
			"the victory hexes, and dims the hexes out of play. With no DIR it draws the battle around\n" +
			"the working folder (the folder holding battle.yaml, or the nearest above it), the embedded example\n" +
			"outside any battle.\n" +
			"A battle with errors prints them and writes nothing (exit 1), unless --allow-errors asks to\n" +
			"draw what resolved, for proof-reading.",
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			format, err := outFormat(format, out, "-o", "; or give --format", mapFormats, mapExts, "svg")
			if err != nil {
				return err
			}
			if !(size >= 4 && size <= 200) { // NaN too
				return fmt.Errorf("--hex-size must be between 4 and 200 pixels, not %v", size)
			}
			dir, err := battleDir(stderr, args, true)
			if err != nil {
				return err
			}
			b, sc, err := loadForSheets(dir, variant, scenario, stderr, allowErrors)
			if err != nil {
				return err
			}
			if b.Map == nil {
				fmt.Fprintf(stderr, "muster: battle %s has no map\n", diag.Printable(b.ID))
				return exitError{report.ExitBadInput}
			}
			g, err := checkOutput(stderr, b, dir, out)
			if err != nil {
				return err
			}
			data, err := renderMap(b.Map, sheets.Overlay(b, sc), render.NewPalette(b.Rules), format, size)
			if err != nil {
				return mapSizeHint(err)
			}
			return writeOutput(g, stdout, stderr, out, data)
		},
	}
	addVariantFlag(c, &variant)
	c.Flags().StringVar(&scenario, "scenario", "", "scenario id: draw its set-up, entry areas, victory hexes and hexes in play")
	c.Flags().BoolVar(&allowErrors, "allow-errors", false, "draw the map even when the battle has errors (for proof-reading); what does not resolve is left out")
	c.Flags().StringVar(&format, "format", "", "svg or png (default from the -o extension, else svg)")
	c.Flags().StringVarP(&out, "output", "o", "", "file to write; - or none for standard output")
	c.Flags().Float64Var(&size, "hex-size", 20, "hex radius in pixels")
	c.RegisterFlagCompletionFunc("format", cobra.FixedCompletions(mapFormats, cobra.ShellCompDirectiveNoFileComp))
	c.ValidArgsFunction = func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return nil, cobra.ShellCompDirectiveFilterDirs
	}
	return c
}

// mapSizeHint adds to a picture too big to draw what muster map can do
// about it.
func mapSizeHint(err error) error {
	if se := (*render.SizeError)(nil); errors.As(err, &se) {
		return fmt.Errorf("%w: draw fewer hexes (a scenario's sheets) or smaller ones (--hex-size)", err)
	}
	return err
}

func renderMap(m *maps.Map, ov *render.Overlay, pal *render.Palette, format string, size float64) ([]byte, error) {
	var buf bytes.Buffer
	opt := render.MapOptions{HexSize: size, Palette: pal}
	var err error
	if format == "png" {
		err = render.MapPNG(&buf, m, ov, opt)
	} else {
		err = render.MapSVG(&buf, m, ov, opt)
	}
	return buf.Bytes(), err
}

// writeDiagnosticMap draws b's map with every hex a diagnostic of ds is
// about ringed and numbered by its place in ds (1 for the first), the list
// printed under the map, and writes it to path (see writeFile): PNG when
// path ends in .png, else SVG. It is what `muster validate --map FILE` calls;
// it will not write over a file of the battle in dir.
func writeDiagnosticMap(path, dir string, b *battle.Battle, ds []diag.Diagnostic) error {
	if b == nil || b.Map == nil {
		return fmt.Errorf("--map: the battle has no map to draw")
	}
	if strings.TrimSpace(path) == "" || path == "-" {
		return fmt.Errorf("--map needs a file name (standard output has the report)")
	}
	g := newGuard(b, dir)
	if err := checkOutFile(g, path); err != nil {
		return err
	}
	format, err := outFormat("", path, "--map", "", mapFormats, mapExts, "svg")
	if err != nil {
		return err
	}
	data, err := renderMap(b.Map, sheets.DiagnosticOverlay(b, ds), render.NewPalette(b.Rules), format, 20)
	if se := (*render.SizeError)(nil); errors.As(err, &se) {
		return fmt.Errorf("--map: %w (muster map draws smaller hexes with --hex-size)", err)
	}
	if err != nil {
		return err
	}
	return g.write(nil, path, data)
}
