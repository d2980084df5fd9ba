package main

import (
	"os"
	"path/filepath"
	"testing"
)

// TestStageBattleFolder: a build into a battle's own folder publishes by
// the journal, not the swap, which would leave an editor or muster watch
// holding it in the old folder; any other folder may be swapped.
func TestStageBattleFolder(t *testing.T) {
	for _, battle := range []bool{true, false} {
		dir := t.TempDir()
		if battle {
			os.WriteFile(filepath.Join(dir, "battle.yaml"), []byte("kind: battle\n"), 0o644)
		}
		st, err := openStage(guard{}, dir)
		if err != nil {
			t.Fatal(err)
		}
		if st.NoSwap != battle {
			t.Errorf("battle folder %v: NoSwap %v", battle, st.NoSwap)
		}
		st.close()
	}
}
