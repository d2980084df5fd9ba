package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/spf13/cobra"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/muster-wargames/muster/internal/golden"
)

// TestMain runs the scripts' muster as main does: supervised (a child
// process does the work), with a hidden command crash-for-test that crashes
// the way no recover catches. The scripts run it with MUSTER_SUPERVISE=0
// (TestScripts' Setup), one process a command instead of two, but for
// crash.txtar, which tests the supervisor and turns it back on.
func TestMain(m *testing.M) {
	commands = append(commands, crashCmd)
	testscript.Main(m, map[string]func(){
		"muster": func() { os.Exit(supervise(func() int { return run(os.Args[1:], os.Stdout, os.Stderr) })) },
	})
}

// crashCmd crashes muster: "panic" as a bug in a command would (run
// recovers it), and as a recover cannot: "goroutine" (a panic in another
// goroutine), "fatal" (a fatal error of the runtime) and "oom" (an
// allocation the system refuses: the runtime's "fatal error: out of
// memory"); "hold DIR" stages a build in DIR, writes DIR/held and waits
// for a signal.
func crashCmd(_, _ io.Writer) *cobra.Command {
	return &cobra.Command{Use: "crash-for-test KIND [DIR]", Hidden: true, Args: cobra.RangeArgs(1, 2), Run: func(_ *cobra.Command, args []string) {
		switch args[0] {
		case "panic":
			panic("crash-for-test")
		case "goroutine":
			go func() { panic("crash-for-test in a goroutine") }()
			time.Sleep(time.Minute) // the panic ends the process first
		case "fatal":
			var mu sync.Mutex
			mu.Unlock()
		case "hold": // a build that has staged its output and waits to be interrupted
			st, err := openStage(guard{}, args[1])
			if err != nil {
				panic(err)
			}
			defer st.close()
			os.WriteFile(filepath.Join(args[1], "held"), nil, 0o644)
			time.Sleep(time.Minute)
		case "oom":
			n := uint64(1) << 47 // 128 TiB: more than amd64 and arm64 give a process
			b := make([]byte, int(n))
			b[len(b)-1] = 1
			fmt.Println(len(b))
		}
	}}
}

// The CLI tests are scripts in testdata/script: each runs muster and checks
// its output and exit status. UPDATE=1 go test ./cmd/muster rewrites the
// expected output sections.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:           "testdata/script",
		UpdateScripts: golden.Update(),
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			// exits N PROG ARGS...: run PROG and check its exit status is N;
			// its output is kept for stdout, stderr and cmp as after exec.
			"exits": func(ts *testscript.TestScript, neg bool, args []string) {
				if len(args) < 2 {
					ts.Fatalf("usage: exits N PROG [ARGS...]")
				}
				want, _ := strconv.Atoi(args[0])
				err := ts.Exec(args[1], args[2:]...)
				got := 0
				var ee *exec.ExitError
				if errors.As(err, &ee) {
					got = ee.ExitCode()
				} else if err != nil {
					ts.Fatalf("%v", err)
				}
				if got != want {
					ts.Fatalf("%s exited %d, want %d", args[1], got, want)
				}
			},
		},
		Setup: func(env *testscript.Env) error {
			env.Setenv("NO_COLOR", "")
			// Half the process starts: only crash.txtar needs the
			// supervisor (it sets MUSTER_SUPERVISE=1).
			env.Setenv("MUSTER_SUPERVISE", "0")
			return nil
		},
	})
}
