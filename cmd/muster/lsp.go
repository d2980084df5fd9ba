package main

import (
	"errors"
	"io"

	"github.com/muster-wargames/muster/lsp"
	"github.com/spf13/cobra"
)

func lspCmd(stdout, stderr io.Writer) *cobra.Command {
	return &cobra.Command{
		Use:   "lsp",
		Short: "Run the language server (LSP 3.17 over stdin and stdout) for editors",
		Long: "lsp speaks the Language Server Protocol on stdin and stdout: an editor starts it and sends the\n" +
			"battle files it has open. Every muster check runs on the open files' unsaved text as you type;\n" +
			"completion, hover, go to definition and quick fixes work on names and hexes. See docs/editors.md.",
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			err := lsp.Serve(cmd.InOrStdin(), stdout, lsp.Options{Version: Version, Log: stderr})
			if errors.Is(err, lsp.ErrNoShutdown) {
				return exitError{1}
			}
			return err
		},
	}
}
