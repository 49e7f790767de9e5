-- Tournaments: each is its log of events (registrations, pairings,
-- publications, results, corrections), sealed by a hash chain like a
-- game's. `team` is the lichess team a Swiss was created under.

CREATE TABLE IF NOT EXISTS tournaments (
    id TEXT PRIMARY KEY,
    team TEXT NOT NULL,
    created_unix_ms INTEGER NOT NULL
);

CREATE INDEX IF NOT EXISTS tournaments_by_team ON tournaments (team, created_unix_ms);

CREATE TABLE IF NOT EXISTS tournament_events (
    tournament_id TEXT NOT NULL REFERENCES tournaments (id),
    seq INTEGER NOT NULL,
    event TEXT NOT NULL,
    hash TEXT NOT NULL,
    PRIMARY KEY (tournament_id, seq)
) WITHOUT ROWID;
