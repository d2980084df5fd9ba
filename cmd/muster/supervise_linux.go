package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"runtime/debug"
	"syscall"
	"time"

	"github.com/muster-wargames/muster/report"
)

// supervisedEnv marks the muster process that does the work, started by
// supervise; its value is the file descriptor of the crash pipe.
const supervisedEnv = "MUSTER_SUPERVISED"

// supervise runs muster in a child process of itself and exits as it did,
// so that a crash the program cannot catch still exits ExitInternal (3)
// rather than the Go runtime's 2, which means bad usage (docs/ci.md, "Exit
// status"). A recovered panic is already 3 (run); what run cannot recover
// is a fatal error of the runtime (out of memory, chiefly) or a panic in
// another goroutine. The child writes such a crash to standard error as
// always and, through debug.SetCrashOutput, to a pipe that the parent
// reads: anything on it makes the parent exit 3.
//
// The child inherits standard input, output and error, so it sees the
// terminal as muster would. Signals sent to the parent are passed on (a
// terminal's SIGINT reaches both, and the child's handler runs once); a
// child killed by a signal has the parent kill itself with the same one;
// and the child dies with the parent (Pdeathsig). When the child cannot be
// started, or MUSTER_SUPERVISE=0 (to measure or debug one process), muster
// runs in this process.
func supervise(work func() int) int {
	if os.Getenv("MUSTER_SUPERVISE") == "0" {
		return work()
	}
	if os.Getenv(supervisedEnv) == "3" {
		os.Unsetenv(supervisedEnv)
		f := os.NewFile(3, "crash")
		if st, err := f.Stat(); err == nil && st.Mode()&os.ModeNamedPipe != 0 {
			debug.SetCrashOutput(f, debug.CrashOptions{}) // it holds its own copy
		}
		f.Close()
		return work()
	}
	exe, err := os.Executable()
	if err != nil {
		return work()
	}
	r, w, err := os.Pipe()
	if err != nil {
		return work()
	}
	cmd := exec.Command(exe, os.Args[1:]...)
	cmd.Args[0] = os.Args[0]
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	cmd.ExtraFiles = []*os.File{w}
	cmd.Env = append(os.Environ(), supervisedEnv+"=3")
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	sigs := make(chan os.Signal, 4)
	signal.Notify(sigs, syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT)
	if err := cmd.Start(); err != nil {
		signal.Stop(sigs)
		r.Close()
		w.Close()
		return work()
	}
	w.Close()
	go func() {
		for s := range sigs {
			cmd.Process.Signal(s)
		}
	}()
	crash, _ := io.ReadAll(r) // until the child exits: every copy of w is closed
	r.Close()
	err = cmd.Wait()
	signal.Stop(sigs)
	if len(crash) > 0 {
		fmt.Fprintln(os.Stderr, "muster: internal error: muster crashed (above); please report it")
		return report.ExitInternal
	}
	var ee *exec.ExitError
	if !errors.As(err, &ee) {
		if err != nil {
			fmt.Fprintf(os.Stderr, "muster: %s\n", printable(err))
			return report.ExitInternal
		}
		return report.ExitClean
	}
	if ws, ok := ee.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		signal.Reset(ws.Signal())
		syscall.Kill(os.Getpid(), ws.Signal())
		time.Sleep(time.Second) // the signal ends this process; if not:
		return 128 + int(ws.Signal())
	}
	return ee.ExitCode()
}
