-- The signed log (arbiter-tlog): one leaf per stored record, in commit
-- order, and every checkpoint signed.
--
-- `data` names the record (`arbiter game ID`, then `setup LINK` or
-- `event SEQ LINK`); `nodes` holds the hashes of the Merkle subtrees the
-- leaf completes, 32 bytes each: its own hash, then one per level up for
-- as long as it closes a subtree. Node (level, i) is thus at offset
-- 32 * level in the row of leaf (i + 1) * 2^level - 1.

CREATE TABLE IF NOT EXISTS log_leaves (
    idx INTEGER PRIMARY KEY,
    data TEXT NOT NULL,
    nodes BLOB NOT NULL
);

CREATE TABLE IF NOT EXISTS log_checkpoints (
    size INTEGER PRIMARY KEY,
    note TEXT NOT NULL,
    signed_unix_ms INTEGER NOT NULL
);
