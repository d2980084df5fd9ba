//go:build !unix

package battle_test

import "errors"

func mkfifo(string) error { return errors.New("named pipes are a Unix thing") }
