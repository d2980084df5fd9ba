package render

import (
	"bufio"
	"encoding/xml"
	"fmt"
	"github.com/muster-wargames/muster/maps"
	"io"
	"strings"
)

// MapSVG writes a picture of m, with ov over it, as SVG. The same map
// and overlay give the same bytes.
func MapSVG(w io.Writer, m *maps.Map, ov *Overlay, opt MapOptions) error {
	if w, h := gridSize(m.Grid, opt.size()); w*h > MaxPixels {
		return CheckSize("the map picture", int(w), int(h)) // as for a PNG: its shapes alone would take gigabytes
	}
	sc := build(m, ov, opt)
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"%s\" height=\"%s\" viewBox=\"0 0 %s %s\" font-family=\"Helvetica, Arial, sans-serif\">\n",
		num(sc.W), num(sc.H), num(sc.W), num(sc.H))
	ge := geometry{g: m.Grid, s: sc.hex}
	fmt.Fprintf(bw, "<defs><polygon id=\"hx\" points=\"%s\"/></defs>\n", points(ge.corners(pt{}, sc.hex)))
	for _, l := range sc.layers {
		writeLayer(bw, l)
	}
	fmt.Fprintln(bw, "</svg>")
	return bw.Flush()
}

// writeLayer writes one layer as a group. Attributes every shape of the
// layer shares are written once on the group, and runs of plain line
// segments of one style become one path, which keeps big maps small.
func writeLayer(w *bufio.Writer, l layer) {
	common := l.shapes[0]
	same := map[string]bool{"fill": true, "stroke": true, "width": true, "dash": true, "size": true, "anchor": true, "opacity": true, "kind": true}
	for _, s := range l.shapes[1:] {
		same["fill"] = same["fill"] && s.fill == common.fill
		same["stroke"] = same["stroke"] && s.stroke == common.stroke
		same["width"] = same["width"] && s.width == common.width
		same["dash"] = same["dash"] && s.dash == common.dash
		same["size"] = same["size"] && s.size == common.size && s.bold == common.bold
		same["anchor"] = same["anchor"] && s.anchor == common.anchor
		same["opacity"] = same["opacity"] && s.opacity == common.opacity
		same["kind"] = same["kind"] && s.kind == common.kind
	}
	if len(l.shapes) < 4 || !same["kind"] || common.kind == kGroup {
		fmt.Fprintf(w, "<g id=\"%s\">\n", l.name)
		for _, s := range l.shapes {
			writeShape(w, s)
		}
		fmt.Fprintln(w, "</g>")
		return
	}
	var g strings.Builder
	fmt.Fprintf(&g, "<g id=\"%s\"", l.name)
	if same["fill"] {
		if common.fill != "" {
			fmt.Fprintf(&g, " fill=\"%s\"", common.fill)
		} else if common.kind != kText {
			g.WriteString(" fill=\"none\"")
		}
	}
	if same["opacity"] && common.opacity > 0 && common.opacity < 1 {
		fmt.Fprintf(&g, " opacity=\"%s\"", trimFloat(common.opacity))
	}
	if same["stroke"] && same["width"] && common.stroke != "" {
		fmt.Fprintf(&g, " stroke=\"%s\" stroke-width=\"%s\"", common.stroke, trimFloat(common.width))
		if common.kind == kLine {
			g.WriteString(" stroke-linecap=\"round\" stroke-linejoin=\"round\"")
		}
	}
	if same["dash"] && common.dash != "" {
		fmt.Fprintf(&g, " stroke-dasharray=\"%s\"", common.dash)
	}
	if same["size"] && common.kind == kText {
		fmt.Fprintf(&g, " font-size=\"%s\"", num(common.size))
		if common.bold {
			g.WriteString(" font-weight=\"bold\"")
		}
	}
	if same["anchor"] && common.kind == kText && common.anchor != "" && common.anchor != "start" {
		fmt.Fprintf(&g, " text-anchor=\"%s\"", common.anchor)
	}
	g.WriteString(">\n")
	w.WriteString(g.String())
	strip := func(s shape) shape {
		if same["fill"] {
			s.fill = ""
			s.inherit = true
		}
		if same["opacity"] {
			s.opacity = 0
		}
		if same["stroke"] && same["width"] {
			s.stroke, s.width = "", 0
		}
		if same["dash"] {
			s.dash = ""
		}
		if same["size"] {
			s.size, s.bold = 0, false
		}
		if same["anchor"] {
			s.anchor = ""
		}
		return s
	}
	if common.kind == kLine && same["stroke"] && same["width"] && same["dash"] {
		// one path of every untitled line
		var d strings.Builder
		for _, s := range l.shapes {
			if s.title != "" {
				continue
			}
			for i, p := range s.pts {
				if i == 0 {
					d.WriteString("M")
				} else {
					d.WriteString("L")
				}
				d.WriteString(num(p.X))
				d.WriteByte(',')
				d.WriteString(num(p.Y))
			}
		}
		if d.Len() > 0 {
			fmt.Fprintf(w, "<path d=\"%s\"/>\n", d.String())
		}
		for _, s := range l.shapes {
			if s.title != "" {
				writeShape(w, strip(s))
			}
		}
	} else {
		for _, s := range l.shapes {
			writeShape(w, strip(s))
		}
	}
	fmt.Fprintln(w, "</g>")
}

func points(ps []pt) string {
	var b strings.Builder
	for i, p := range ps {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(num(p.X))
		b.WriteByte(',')
		b.WriteString(num(p.Y))
	}
	return b.String()
}

func esc(s string) string {
	var b strings.Builder
	xml.EscapeText(&b, []byte(s))
	return b.String()
}

func paint(s shape) string {
	var b strings.Builder
	if s.fill != "" {
		fmt.Fprintf(&b, " fill=\"%s\"", s.fill)
	} else if s.kind != kText && !s.inherit {
		b.WriteString(" fill=\"none\"")
	}
	if s.opacity > 0 && s.opacity < 1 {
		fmt.Fprintf(&b, " opacity=\"%s\"", trimFloat(s.opacity))
	}
	if s.stroke != "" {
		fmt.Fprintf(&b, " stroke=\"%s\" stroke-width=\"%s\"", s.stroke, trimFloat(s.width))
		if s.kind == kLine {
			b.WriteString(" stroke-linecap=\"round\" stroke-linejoin=\"round\"")
		}
		if s.dash != "" {
			fmt.Fprintf(&b, " stroke-dasharray=\"%s\"", s.dash)
		}
	}
	return b.String()
}

func trimFloat(v float64) string {
	s := fmt.Sprintf("%.2f", v)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	return s
}

func writeShape(w *bufio.Writer, s shape) {
	switch s.kind {
	case kImage:
		writeImage(w, s)
	case kHex:
		fmt.Fprintf(w, "<use href=\"#hx\" x=\"%s\" y=\"%s\"%s/>\n", num(s.pts[0].X), num(s.pts[0].Y), paint(s))
	case kPoly:
		fmt.Fprintf(w, "<polygon points=\"%s\"%s/>\n", points(s.pts), paint(s))
	case kLine:
		if s.title != "" {
			fmt.Fprintf(w, "<polyline points=\"%s\"%s><title>%s</title></polyline>\n", points(s.pts), paint(s), esc(s.title))
		} else {
			fmt.Fprintf(w, "<polyline points=\"%s\"%s/>\n", points(s.pts), paint(s))
		}
	case kCircle:
		fmt.Fprintf(w, "<circle cx=\"%s\" cy=\"%s\" r=\"%s\"%s/>\n", num(s.pts[0].X), num(s.pts[0].Y), num(s.r), paint(s))
	case kText:
		extra := ""
		if s.size > 0 {
			extra += fmt.Sprintf(" font-size=\"%s\"", num(s.size))
		}
		if s.anchor != "" && s.anchor != "start" {
			extra += fmt.Sprintf(" text-anchor=\"%s\"", s.anchor)
		}
		if s.bold {
			extra += " font-weight=\"bold\""
		}
		fmt.Fprintf(w, "<text x=\"%s\" y=\"%s\"%s%s>%s</text>\n", num(s.pts[0].X), num(s.pts[0].Y), extra, paint(s), esc(s.text))
	case kGroup:
		w.WriteString("<g>")
		if s.title != "" {
			fmt.Fprintf(w, "<title>%s</title>", esc(s.title))
		}
		w.WriteString("\n")
		for _, k := range s.kids {
			writeShape(w, k)
		}
		w.WriteString("</g>\n")
	}
}
