package main

import (
	"errors"
	"io"

	"github.com/muster-wargames/muster/lsp"
	"github.com/spf13/cobra"
)

func lspCmd(stdout, stderr io.Writer) *cobra.Command {
	var stdio bool
	c := &cobra.Command{
		Use:   "lsp",
		Short: "Run the language server (LSP 3.17 over stdin and stdout) for editors",
		Long: "lsp speaks the Language Server Protocol on stdin and stdout: an editor starts it and sends the\n" +
			"battle files it has open. Every muster check runs on the open files' unsaved text as you type;\n" +
			"completion, hover, go to definition and quick fixes work on names and hexes. See docs/editors.md.\n" +
			"--stdio is accepted and changes nothing (editors' client presets add it; stdio is the only transport).",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			err := lsp.Serve(cmd.InOrStdin(), stdout, lsp.Options{Version: version(), Log: stderr})
			if errors.Is(err, lsp.ErrNoShutdown) {
				return exitError{1}
			}
			return err
		},
	}
	c.Flags().BoolVar(&stdio, "stdio", true, "speak LSP on stdin and stdout (the default and only transport)")
	return c
}
