package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"time"

	"github.com/muster-wargames/muster/battle"
	"github.com/muster-wargames/muster/diag"
	"github.com/muster-wargames/muster/serve"
	"github.com/spf13/cobra"
)

// serveCmd serves a page of the battle on this machine that reloads when
// a file is saved (package serve).
func serveCmd(stdout, stderr io.Writer) *cobra.Command {
	var variant, addr string
	var every time.Duration
	c := &cobra.Command{
		Use:   "serve [DIR]",
		Short: "Show the battle live in a browser: map, set-up, diagnostics, order of battle, turn by turn",
		Long: "serve starts a web server for the battle folder (if none is given, the folder holding battle.yaml\n" +
			"at or nearest above the working folder) and prints\n" +
			"its address. The page shows the map with a scenario's set-up and every diagnostic ringed (click\n" +
			"one in the list to go to its hex), the order of battle with where each counter starts, and a\n" +
			"turn slider with each turn's arrivals and withdrawals. It checks the battle again when a YAML\n" +
			"file is saved and the page reloads by itself. Everything is served from muster itself: nothing\n" +
			"is fetched from the internet, and only loopback is listened on unless --addr says otherwise.\n" +
			"Stop it with Ctrl-C.",
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			dir, err := battleDir(stderr, args, false)
			if err != nil {
				return err
			}
			host, _, err := net.SplitHostPort(addr)
			if err != nil {
				return fmt.Errorf("--addr %q: %v (want host:port, e.g. 127.0.0.1:8080)", addr, err)
			}
			ln, err := net.Listen("tcp", addr)
			if err != nil {
				return err
			}
			ip := net.ParseIP(host)
			loopback := host == "localhost" || (ip != nil && ip.IsLoopback())
			if !loopback {
				fmt.Fprintf(stderr, "muster: warning: serving on %s, not loopback: anyone who can reach it sees the battle\n", ln.Addr())
			}
			srv := serve.New(serve.Options{
				Check:       func() (*battle.Battle, []diag.Diagnostic) { return check(dir, variant) },
				Fingerprint: func() string { return fingerprint(dir) },
				Every:       every,
				AnyHost:     !loopback,
			})
			ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt)
			defer stop()
			// requests end with ctx: an open page's event stream does not hold up Ctrl-C
			hs := &http.Server{Handler: srv.Handler(), ReadHeaderTimeout: 10 * time.Second,
				BaseContext: func(net.Listener) context.Context { return ctx }}
			go func() {
				<-ctx.Done()
				sctx, cancel := context.WithTimeout(context.Background(), time.Second)
				defer cancel()
				hs.Shutdown(sctx)
			}()
			fmt.Fprintf(stdout, "muster: serving %s at http://%s/ (Ctrl-C to stop)\n", diag.Printable(dir), ln.Addr())
			if err := hs.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
				return err
			}
			return nil
		},
	}
	addVariantFlag(c, &variant)
	c.Flags().StringVar(&addr, "addr", "127.0.0.1:8080", "address to listen on (host:port); a non-loopback host lets other machines see the battle")
	c.Flags().DurationVar(&every, "every", 300*time.Millisecond, "how often an open page has the files read for a change")
	c.ValidArgsFunction = func(*cobra.Command, []string, string) ([]string, cobra.ShellCompDirective) {
		return nil, cobra.ShellCompDirectiveFilterDirs
	}
	return c
}
