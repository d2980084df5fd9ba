package serve_test

import (
	"context"
	"os"
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
	if testing.Short() {
		t.Skip("browser test skipped with -short")
	}
	if _, err := os.Stat(chromium); err != nil {
		t.Skip("browser test skipped: " + chromium + " not installed; apt-get install chromium")
	}
	t.Chdir(battleDir(t)) // the diagnostics name intro.yaml, not a temporary folder
	dir := "."
	ts := newServer(t, dir)

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
	defer cancel()
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	ctx, cancel = context.WithTimeout(ctx, 20*time.Second)
	defer cancel()

	// the console: a Content-Security-Policy violation or a script error fails the test
	var mu sync.Mutex
	var problems []string
	messages := chromedp.Console(ctx)
	go func() {
		for m, err := range messages {
			if err != nil {
				return
			}
			if m.Type == chromedp.ConsoleError || m.Type == chromedp.ConsoleException {
				mu.Lock()
				problems = append(problems, m.Text+" "+m.URL)
				mu.Unlock()
			}
		}
	}()

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
	mu.Lock()
	defer mu.Unlock()
	for _, p := range problems {
		t.Errorf("console: %s", p)
	}
}
