-- The same tables as SQLite's first migration, less the journal: a
-- PostgreSQL commit writes its WAL records, not pages, so events go
-- straight to their home.

CREATE TABLE games (
    id TEXT PRIMARY KEY,
    setup TEXT NOT NULL,
    created_unix_ms BIGINT NOT NULL,
    epoch_unix_ms BIGINT NOT NULL,
    white_token TEXT NOT NULL,
    black_token TEXT NOT NULL,
    arbiter_token TEXT NOT NULL,
    white_account TEXT,
    black_account TEXT,
    result TEXT NOT NULL DEFAULT '*'
);

CREATE INDEX games_by_result ON games (result, created_unix_ms);

-- Each game's events, sealed by their hash chain.
CREATE TABLE events (
    game_id TEXT NOT NULL REFERENCES games (id),
    seq BIGINT NOT NULL,
    event TEXT NOT NULL,
    hash TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
);

CREATE TABLE accounts (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    token TEXT NOT NULL UNIQUE,
    bot BOOLEAN NOT NULL,
    created_unix_ms BIGINT NOT NULL
);

-- The last moment the server was known to run (its clocks resume from it).
CREATE TABLE heartbeat (
    id INTEGER PRIMARY KEY CHECK (id = 0),
    unix_ms BIGINT NOT NULL
);
