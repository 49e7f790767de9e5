-- The signed log (arbiter-tlog), as in SQLite's fourth migration, but one
-- tree for every node sharing the database.
--
-- The database orders the leaves: each writer's batch takes the next
-- indices from `log_head`, whose row stays locked until the batch
-- commits, so the indices are given in commit order, without gaps, and
-- what a reader sees of `log_leaves` is always a whole prefix.
-- `data` names the record, as on SQLite; `nodes` (the hashes of the
-- subtrees the leaf completes, 32 bytes each, node (level, i) at offset
-- 32 * level in the row of leaf (i + 1) * 2^level - 1) is filled by the
-- signer, which alone grows the tree's hashes.
CREATE TABLE log_head (
    id INTEGER PRIMARY KEY CHECK (id = 0),
    size BIGINT NOT NULL
);
INSERT INTO log_head (id, size) VALUES (0, 0);

CREATE TABLE log_leaves (
    idx BIGINT PRIMARY KEY,
    data TEXT NOT NULL,
    nodes BYTEA
);

CREATE TABLE log_checkpoints (
    size BIGINT PRIMARY KEY,
    note TEXT NOT NULL,
    signed_unix_ms BIGINT NOT NULL,
    -- The node that signed it (`` for a single server).
    signer TEXT NOT NULL
);

-- The signing lease: only the node named here, at this epoch (the
-- fencing token, one up at each takeover), hashes the new leaves and
-- signs; it renews `renewed_ms` (the database's clock), and once it has
-- not for `lease_ms`, another node takes the lease over. `hashed` is how
-- many leaves have their `nodes`. `key` is the verifier key of the log:
-- every signer must sign with it.
CREATE TABLE log_signer (
    id INTEGER PRIMARY KEY CHECK (id = 0),
    node TEXT NOT NULL,
    epoch BIGINT NOT NULL,
    renewed_ms BIGINT NOT NULL,
    lease_ms BIGINT NOT NULL,
    hashed BIGINT NOT NULL,
    key TEXT NOT NULL
);
