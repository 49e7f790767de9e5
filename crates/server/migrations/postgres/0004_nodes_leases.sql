-- Several nodes on one database (`arbiter serve --node NAME`). Numbered
-- after issue 21 rather than next in line, so that migrations other
-- branches add meanwhile keep their numbers.

-- Each node, where the others reach it, and when it last said it was alive
-- (the database's clock, ms since 1970). A node whose last word is older
-- than its lease is dead: its games are taken over. `losses` counts the
-- takeovers of its games, so that a node that was paused learns it lost
-- some.
CREATE TABLE nodes (
    name TEXT PRIMARY KEY,
    url TEXT NOT NULL,
    lease_ms BIGINT NOT NULL,
    renewed_ms BIGINT NOT NULL,
    losses BIGINT NOT NULL DEFAULT 0
);

-- Which node runs each game. `epoch` is the fencing token: a takeover adds
-- one, and a node writes a game's events only while the row still holds
-- its name and the epoch it took the game with.
CREATE TABLE leases (
    game_id TEXT PRIMARY KEY REFERENCES games (id),
    node TEXT NOT NULL,
    epoch BIGINT NOT NULL
);

CREATE INDEX leases_by_node ON leases (node);

-- The nodes' shared secret: a request one node forwards to another carries
-- it, so that the receiver knows it comes from a node (and does not count
-- it against the client's rate, already counted where it came in).
CREATE TABLE cluster (
    id INTEGER PRIMARY KEY CHECK (id = 0),
    secret TEXT NOT NULL
);
