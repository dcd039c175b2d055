// Command ferretdb runs FerretDB v1 (SQLite backend) through its official embeddable package.
// `go install .../cmd/ferretdb@v1.24.2` cannot be used here: the module proxy refuses the
// module's version list, and a source build of cmd/ferretdb panics without its generated
// version.txt. The embeddable package serves the same wire protocol from the same release.
package main

import (
	"context"
	"flag"
	"log"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/FerretDB/FerretDB/ferretdb"
)

func main() {
	listen := flag.String("listen-addr", "127.0.0.1:27017", "TCP address to listen on")
	sqliteURL := flag.String("sqlite-url", "file:data/", "SQLite directory URI, with a trailing slash")
	flag.Parse()

	f, err := ferretdb.New(&ferretdb.Config{
		Listener:  ferretdb.ListenerConfig{TCP: *listen},
		Handler:   "sqlite",
		SQLiteURL: withUnsyncedCommits(*sqliteURL),
	})
	if err != nil {
		log.Fatal(err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go keepIDIndexes(ctx, *sqliteURL)
	log.Printf("ferretdb listening on %s", f.MongoDBURI())
	if err := f.Run(ctx); err != nil && ctx.Err() == nil {
		log.Fatal(err)
	}
}

// withUnsyncedCommits sets SQLite's synchronous=NORMAL (FerretDB runs it in WAL mode): a commit no longer waits
// for an fsync of the log, which cost ~40% of FerretDB's CPU per order (an order's insert, its five stock
// updates by _id and its outbox messages are up to ten commits). The same durability as MongoDB's default write concern, which acknowledges a write before its
// journal is flushed (every 100 ms): a crash of FerretDB loses nothing, a power loss may lose the last commits.
// A URL that sets synchronous itself keeps it.
func withUnsyncedCommits(sqliteURL string) string {
	if strings.Contains(sqliteURL, "synchronous") {
		return sqliteURL
	}
	sep := "?"
	if strings.Contains(sqliteURL, "?") {
		sep = "&"
	}
	return sqliteURL + sep + "_pragma=synchronous(normal)"
}
