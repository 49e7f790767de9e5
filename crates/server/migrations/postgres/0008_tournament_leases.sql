-- Tournaments on several nodes: which node holds each tournament, as
-- `leases` says which runs each game. `epoch` is the fencing token: a
-- takeover adds one, and a node appends to a tournament's log only while
-- the row still holds its name and the epoch it took the tournament with
-- (checked in the transaction that appends), so a node paused past its
-- lease cannot append once another node holds the tournament.
CREATE TABLE tournament_leases (
    tournament_id TEXT PRIMARY KEY REFERENCES tournaments (id),
    node TEXT NOT NULL,
    epoch BIGINT NOT NULL
);

CREATE INDEX tournament_leases_by_node ON tournament_leases (node);
