// Package layering holds no code: its test checks the import graph, so that
// the stages which load and check a battle never link the drawing and
// printing libraries.
package layering
