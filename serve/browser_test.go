package serve_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

const chromium = "/usr/bin/chromium"

// TestBrowser loads the page in Debian's chromium, headless, saves a
// broken set-up and waits for the page to list the new diagnostic by
// itself, then clicks it. With SERVE_SCREENSHOT=file.png it also writes a
// picture of the page (docs/img/serve.png is one).
func TestBrowser(t *testing.T) {
	t.Chdir(battleDir(t)) // the diagnostics name intro.yaml, not a temporary folder
	dir := "."
	ts := newServer(t, dir)

	ctx, problems := browser(t)

	if err := chromedp.Do(ctx,
		chromedp.Navigate(ts.URL+"/"),
		chromedp.WaitVisible(`#diags li.clean`),
		chromedp.WaitVisible(`#map svg`),
	); err != nil {
		t.Fatal(err)
	}
	before, err := chromedp.Run(ctx, chromedp.Text(`#diags`))
	if err != nil {
		t.Fatal(err)
	}
	title, err := chromedp.Run(ctx, chromedp.Text(`#title`))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(before, "No diagnostics") || !strings.Contains(title, "Dead of Winter") {
		t.Fatalf("before the edit: title %q, diagnostics %q", title, before)
	}
	breakSetup(t, dir)
	if err := chromedp.Do(ctx, chromedp.WaitVisible(`#diags li[data-code]`)); err != nil {
		t.Fatal(err)
	}
	after, err := chromedp.Run(ctx, chromedp.Text(`#diags`))
	if err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Click(`#diags li[data-code]`), chromedp.WaitVisible(`#map svg circle.focus`)); err != nil {
		t.Fatal(err)
	}
	counts, err := chromedp.Run(ctx, chromedp.Evaluate[[]int](`[document.querySelectorAll("#map svg").length, document.querySelectorAll("#map svg circle.focus").length]`))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(after, "Daviss") || !strings.Contains(after, "C3108") {
		t.Errorf("after the edit the list is %q", after)
	}
	if len(counts) != 2 || counts[0] != 1 || counts[1] != 1 {
		t.Errorf("maps and hexes in focus: %v; want 1, 1", counts)
	}
	if out := os.Getenv("SERVE_SCREENSHOT"); out != "" {
		if err := chromedp.Do(ctx, chromedp.Sleep(800*time.Millisecond)); err != nil {
			t.Fatal(err)
		}
		png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(out, png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	problems()
}

// browser starts Debian's chromium headless for a test (skipping it where
// chromium is missing or with -short); problems fails the test for each
// script error or Content-Security-Policy violation the console showed.
func browser(t *testing.T) (ctx context.Context, problems func()) {
	t.Helper()
	if testing.Short() {
		t.Skip("browser test skipped with -short")
	}
	if _, err := os.Stat(chromium); err != nil {
		t.Skip("browser test skipped: " + chromium + " not installed; apt-get install chromium")
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chromium),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.Flag("headless", true),
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.WindowSize(1400, 1000),
	}
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(cancel)
	ctx, cancel = chromedp.NewContext(actx)
	t.Cleanup(cancel)
	ctx, cancel = context.WithTimeout(ctx, 300*time.Second) // Dead of Winter under a loaded machine
	t.Cleanup(cancel)
	var mu sync.Mutex
	var seen []string
	messages := chromedp.Console(ctx)
	go func() {
		for m, err := range messages {
			if err != nil {
				return
			}
			if m.Type == chromedp.ConsoleError || m.Type == chromedp.ConsoleException {
				mu.Lock()
				seen = append(seen, m.Text+" "+m.URL)
				mu.Unlock()
			}
		}
	}()
	return ctx, func() {
		mu.Lock()
		defer mu.Unlock()
		for _, p := range seen {
			t.Errorf("console: %s", p)
		}
	}
}

// TestBrowserBigBattle opens Dead of Winter (eleven scenarios) and Terrible
// Swift Sword in the real browser: the first view is the scenario's
// set-up, the list opens with its errors and holds only its scenario's
// findings, three-digit numbers are not clipped, zoom changes the view,
// and the order of battle prints totals and leader ratings. With
// SERVE_SCREENSHOT_DOW=file.png it writes a picture of Dead of Winter's
// page (docs/img/serve-dow.png is one).
func TestBrowserBigBattle(t *testing.T) {
	for _, tc := range []struct{ dir, scenario string }{{"dead-of-winter", "intro"}, {"terrible-swift-sword", ""}} {
		t.Run(tc.dir, func(t *testing.T) {
			ts := newServer(t, filepath.Join("..", "examples", tc.dir)) // closed after the browser (cleanups run last first)
			ctx, problems := browser(t)
			if err := chromedp.Do(ctx, chromedp.Navigate(ts.URL+"/"), chromedp.WaitVisible(`#map svg`), chromedp.WaitVisible(`#diags li`)); err != nil {
				t.Fatal(err)
			}
			if tc.scenario != "" {
				if err := chromedp.Do(ctx, chromedp.SetValue(`#scenario`, tc.scenario)); err != nil {
					t.Fatal(err)
				}
				if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.getElementById("scenario").dispatchEvent(new Event("change"))`)); err != nil {
					t.Fatal(err)
				}
				if err := chromedp.Do(ctx, chromedp.Sleep(1500*time.Millisecond)); err != nil {
					t.Fatal(err)
				}
			}
			type state struct {
				ViewBox, Whole, FirstSeverity, Hidden, OOB string
				Items, Clipped                             int
			}
			read := func() state {
				st, err := chromedp.Run(ctx, chromedp.Evaluate[state](`(() => {
					const svg = document.querySelector("#map svg"), lis = [...document.querySelectorAll("#diags li[data-code]")];
					const first = lis.length ? lis[0].querySelector("span:not(.new)").className : "";
					// a number is clipped when the list's padding cannot hold it: measure "999." in the list's font
					const probe = document.createElement("span"); probe.textContent = (lis.length || 1) + ". ";
					probe.style.font = getComputedStyle(document.getElementById("diags")).font;
					document.body.append(probe);
					const need = probe.getBoundingClientRect().width; probe.remove();
					const pad = parseFloat(getComputedStyle(document.getElementById("diags")).paddingLeft);
					return {ViewBox: svg.getAttribute("viewBox"), Whole: "0 0 " + svg.getAttribute("width") + " " + svg.getAttribute("height"),
						FirstSeverity: first, Hidden: document.getElementById("hidden").textContent, OOB: document.getElementById("oob").textContent,
						Items: lis.length, Clipped: need > pad ? 1 : 0};
				})()`))
				if err != nil {
					t.Fatal(err)
				}
				return st
			}
			st := read()
			if st.ViewBox == "" || st.ViewBox == st.Whole {
				t.Errorf("the first view is the whole map (%s), not the set-up", st.ViewBox)
			}
			if st.Items == 0 || st.FirstSeverity != "error" && strings.Contains(st.Hidden+st.OOB, "error") {
				t.Errorf("the list opens with %q (%d items)", st.FirstSeverity, st.Items)
			}
			if st.Clipped != 0 {
				t.Errorf("the list's numbers (up to %d) are clipped", st.Items)
			}
			if !strings.Contains(st.OOB, "totals:") || !strings.Contains(st.OOB, "commander:") {
				t.Errorf("the order of battle lacks totals or leaders: %.300s", st.OOB)
			}
			if err := chromedp.Do(ctx, chromedp.Click(`#zoomin`)); err != nil {
				t.Fatal(err)
			}
			if after := read(); after.ViewBox == st.ViewBox {
				t.Errorf("zoom in left the view at %s", after.ViewBox)
			}
			if out := os.Getenv("SERVE_SCREENSHOT_DOW"); out != "" && tc.dir == "dead-of-winter" {
				if err := chromedp.Do(ctx, chromedp.Click(`#fit`), chromedp.Sleep(500*time.Millisecond)); err != nil {
					t.Fatal(err)
				}
				png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
				if err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(out, png, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			problems()
		})
	}
}
