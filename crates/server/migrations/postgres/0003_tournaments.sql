-- Tournaments, as in SQLite's second migration: each is its log of
-- events, sealed by a hash chain like a game's.

CREATE TABLE tournaments (
    id TEXT PRIMARY KEY,
    team TEXT NOT NULL,
    created_unix_ms BIGINT NOT NULL
);

CREATE INDEX tournaments_by_team ON tournaments (team, created_unix_ms);

CREATE TABLE tournament_events (
    tournament_id TEXT NOT NULL REFERENCES tournaments (id),
    seq BIGINT NOT NULL,
    event TEXT NOT NULL,
    hash TEXT NOT NULL,
    PRIMARY KEY (tournament_id, seq)
);
