package report

import (
	"fmt"

	"github.com/muster-wargames/muster/diag"
)

// Exit statuses of muster's commands.
const (
	ExitClean    = 0 // no errors (warnings and info allowed, unless the policy says otherwise)
	ExitFindings = 1 // errors found, or more warnings than the policy allows
	ExitBadInput = 2 // bad usage, or input that cannot be read
	ExitInternal = 3 // muster itself failed (a panic)
)

// Policy says how warnings count towards the exit status: the flags
// --werror and --max-warnings.
type Policy struct {
	Werror      bool // any warning fails the run
	MaxWarnings int  // more warnings than this fail the run; negative: no limit
}

// Lenient is the policy of commands without --werror and --max-warnings:
// warnings never fail the run.
var Lenient = Policy{MaxWarnings: -1}

// Unreadable reports whether d says that input cannot be read, which exits
// ExitBadInput rather than ExitFindings: a property of its code
// (diag.Code.Unreadable, set where the code is declared: the folder is no
// battle, B001; it has no variant of the name asked for, B012; a file it
// names cannot be read, Y008), not a list kept here.
func Unreadable(d diag.Diagnostic) bool { return d.Unreadable() }

// Unsuppressed are the diagnostics of ds that no suppression or baseline
// accepts: those that count towards the exit status.
func Unsuppressed(ds []diag.Diagnostic) []diag.Diagnostic {
	var out []diag.Diagnostic
	for _, d := range ds {
		if d.Suppression == nil {
			out = append(out, d)
		}
	}
	return out
}

// Exit is the exit policy (docs/ci.md, "Exit status"): ExitBadInput when
// input cannot be read (Unreadable), ExitFindings when there are errors or
// more warnings than p allows, else ExitClean. Suppressed findings do not
// count. When the warnings alone fail the run, note says so ("2 warnings,
// more than allowed"); otherwise it is "".
func Exit(ds []diag.Diagnostic, p Policy) (status int, note string) {
	ds = Unsuppressed(ds)
	for _, d := range ds {
		if Unreadable(d) {
			return ExitBadInput, ""
		}
	}
	if diag.Count(ds, diag.Error) > 0 {
		return ExitFindings, ""
	}
	w := diag.Count(ds, diag.Warning)
	if (p.Werror && w > 0) || (p.MaxWarnings >= 0 && w > p.MaxWarnings) {
		return ExitFindings, fmt.Sprintf("%d %s, more than allowed", w, diag.Plural(w, "warning"))
	}
	return ExitClean, ""
}
