-- The first schema, as the server made it before migrations were versioned:
-- every statement is `IF NOT EXISTS`, so a database made then is taken up
-- as it is.

CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    setup TEXT NOT NULL,
    created_unix_ms INTEGER NOT NULL,
    epoch_unix_ms INTEGER NOT NULL,
    white_token TEXT NOT NULL,
    black_token TEXT NOT NULL,
    arbiter_token TEXT NOT NULL,
    white_account TEXT,
    black_account TEXT,
    result TEXT NOT NULL DEFAULT '*'
);

CREATE INDEX IF NOT EXISTS games_by_result ON games (result, created_unix_ms);

-- Each game's events, sealed by their hash chain.
CREATE TABLE IF NOT EXISTS events (
    game_id TEXT NOT NULL REFERENCES games (id),
    seq INTEGER NOT NULL,
    event TEXT NOT NULL,
    hash TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

-- Events in commit order, on their way to `events` (see the store's
-- `sqlite::filing`). The writer numbers the rows itself, counting on from
-- the last id it gave, so its `DELETE ... WHERE id <= ?` cannot reach rows
-- journaled after another connection emptied the journal (AUTOINCREMENT
-- would do the same at the cost of a page of `sqlite_sequence` a commit).
CREATE TABLE IF NOT EXISTS journal (
    id INTEGER PRIMARY KEY,
    game_id TEXT NOT NULL,
    seq INTEGER NOT NULL,
    event TEXT NOT NULL,
    hash TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS accounts (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    token TEXT NOT NULL UNIQUE,
    bot INTEGER NOT NULL,
    created_unix_ms INTEGER NOT NULL
);

-- The last moment the server was known to run (its clocks resume from it).
CREATE TABLE IF NOT EXISTS heartbeat (
    id INTEGER PRIMARY KEY CHECK (id = 0),
    unix_ms INTEGER NOT NULL
);
