// Differential probe: Go net/url QueryEscape / PathEscape / QueryUnescape / PathUnescape.
// Reads "FUNC\tHEX" lines, writes "OK HEX" or "ERR HEX-of-EscapeError" per line.
package main

import (
	"bufio"
	"encoding/hex"
	"fmt"
	"net/url"
	"os"
	"strings"
)

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<24)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	for in.Scan() {
		parts := strings.SplitN(in.Text(), "\t", 2)
		b, _ := hex.DecodeString(parts[1])
		s := string(b)
		var r string
		var err error
		switch parts[0] {
		case "QueryEscape":
			r = url.QueryEscape(s)
		case "PathEscape":
			r = url.PathEscape(s)
		case "QueryUnescape":
			r, err = url.QueryUnescape(s)
		case "PathUnescape":
			r, err = url.PathUnescape(s)
		}
		if e, ok := err.(url.EscapeError); ok {
			fmt.Fprintf(out, "ERR %s\n", hex.EncodeToString([]byte(string(e))))
		} else if err != nil {
			fmt.Fprintf(out, "ERR other\n")
		} else {
			fmt.Fprintf(out, "OK %s\n", hex.EncodeToString([]byte(r)))
		}
	}
}
