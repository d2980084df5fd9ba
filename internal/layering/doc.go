// Package layering holds no code: its tests check the import graph, so that
// the stages which load and check a battle never link the drawing and
// printing libraries, and that no package runs code at initialisation (no
// init function outside tests).
package layering
