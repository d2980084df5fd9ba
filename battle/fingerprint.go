package battle

import (
	"errors"
	"fmt"
	"hash/crc32"
	"io/fs"
	"os"
	"path"
	"sort"
	"strings"

	"github.com/muster-wargames/muster/schema"
)

// Fingerprint names every YAML file under the battle folder dir (hidden
// folders aside) with its size and checksum, or with why it cannot be
// read: it changes when a file is saved, added or removed, or becomes
// unreadable. `muster watch` and `muster serve` check the battle again
// when it changes. It reads each file as the loader does (readRegular,
// through an os.Root on the folder): a named pipe, a device or a socket
// is named and never opened, a link that leads out of the folder is not
// followed, a file over lim.MaxBytes is not read, and once the files read
// hold lim.RunBytes (the budget of one run) the rest are named with their
// sizes and the times they were saved.
func Fingerprint(dir string, lim schema.Limits) string {
	if lim.MaxBytes == 0 {
		lim = schema.DefaultLimits
	}
	budget := lim.RunBytes
	if budget == 0 {
		budget = lim.MaxBytes
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return "! " + errText(err)
	}
	defer root.Close()
	fsys := root.FS()
	var lines []string
	fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			lines = append(lines, fmt.Sprintf("%s ! %s", p, errText(err)))
			return nil
		}
		if d.IsDir() {
			if p != "." && strings.HasPrefix(d.Name(), ".") {
				return fs.SkipDir
			}
			return nil
		}
		if ext := path.Ext(p); ext != ".yaml" && ext != ".yml" {
			return nil
		}
		// the content, not only the time: a save within the file
		// system's time step that keeps the size is still seen
		data, err := readRegular(fsys, p, min(lim.MaxBytes, budget))
		if err != nil {
			// A file not read for its size (past the file's limit, or
			// the run's budget spent on the files before it) is told by
			// its time too: a save that kept its size changed nothing.
			var big *tooLargeError
			if errors.As(err, &big) {
				if st, serr := fs.Stat(fsys, p); serr == nil {
					lines = append(lines, fmt.Sprintf("%s ! %s, saved %d", p, errText(err), st.ModTime().UnixNano()))
					return nil
				}
			}
			lines = append(lines, fmt.Sprintf("%s ! %s", p, errText(err)))
			return nil
		}
		budget -= int64(len(data))
		lines = append(lines, fmt.Sprintf("%s %d %08x", p, len(data), crc32.ChecksumIEEE(data)))
		return nil
	})
	sort.Strings(lines)
	return strings.Join(lines, "\n")
}
