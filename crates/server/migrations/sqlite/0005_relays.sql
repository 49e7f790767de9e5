-- Broadcasts pushed through lichess's broadcast API (`POST /broadcast/new`,
-- `POST /broadcast/{tour}/new`, `POST /api/broadcast/round/{round}/push`):
-- kept, so that a restart forgets none. A round keeps its games as they
-- were last pushed, as PGN with `[%clk]` (the form it is read back in).
CREATE TABLE relay_tours (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    description TEXT NOT NULL,
    owner TEXT NOT NULL,
    created_unix_ms INTEGER NOT NULL
);

CREATE TABLE relay_rounds (
    id TEXT PRIMARY KEY,
    tour TEXT NOT NULL REFERENCES relay_tours (id),
    -- Its place among its tour's rounds, from 0.
    position INTEGER NOT NULL,
    name TEXT NOT NULL,
    created_unix_ms INTEGER NOT NULL,
    pgn TEXT NOT NULL DEFAULT ''
);

CREATE INDEX relay_rounds_by_tour ON relay_rounds (tour, position);
