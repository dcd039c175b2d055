package main

import (
	"context"
	"database/sql"
	"fmt"
	"log"
	"path/filepath"
	"strings"
	"time"

	_ "modernc.org/sqlite" // the SQLite driver FerretDB itself uses
)

// keepIDIndexes gives every collection table an index on the exact expression FerretDB v1.24 queries
// `_id` with (`_ferretdb_sjson->'$._id'`). FerretDB creates its unique _id index on `->"_id"`, which
// SQLite cannot match to that expression, so a findOne/updateOne by _id read the whole table
// (160 ms over 60,000 documents; 1 ms with this index). Runs until ctx ends, checking for new
// databases and collections every second.
func keepIDIndexes(ctx context.Context, sqliteURL string) {
	dir := strings.TrimSuffix(strings.TrimPrefix(strings.SplitN(sqliteURL, "?", 2)[0], "file:"), "/")
	for {
		files, _ := filepath.Glob(filepath.Join(dir, "*.sqlite"))
		for _, file := range files {
			// Opened anew each round: a dropped database's file is deleted and made again under the same name.
			// mode=rw: a file deleted since the glob is not made again (an empty file stops FerretDB starting).
			db, err := sql.Open("sqlite", "file:"+file+"?mode=rw&_pragma=busy_timeout(10000)")
			if err != nil {
				log.Printf("id index: %s: %v", file, err)
				continue
			}
			indexTables(ctx, db, file)
			db.Close()
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Second):
		}
	}
}

// indexTables indexes the tables that lack the index (a dropped and re-created collection reuses its table name).
func indexTables(ctx context.Context, db *sql.DB, file string) {
	rows, err := db.QueryContext(ctx, `SELECT c.table_name FROM _ferretdb_collections c
		WHERE NOT EXISTS (SELECT 1 FROM sqlite_master m WHERE m.type = 'index' AND m.name = c.table_name || '__id_path')`)
	if err != nil {
		return // a database FerretDB has not finished creating
	}
	var tables []string
	for rows.Next() {
		var t string
		if rows.Scan(&t) == nil {
			tables = append(tables, t)
		}
	}
	rows.Close()
	for _, t := range tables {
		q := fmt.Sprintf(`CREATE INDEX IF NOT EXISTS %q ON %q (_ferretdb_sjson->'$._id')`, t+"__id_path", t)
		if _, err := db.ExecContext(ctx, q); err != nil {
			if !strings.Contains(err.Error(), "no such table") {
				log.Printf("id index: %s %s: %v", file, t, err)
			}
		}
	}
}
