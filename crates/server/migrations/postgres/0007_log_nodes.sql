-- The tree's hashes apart from the leaves. The signer used to store each
-- new leaf's subtree hashes by updating the leaf's row, which writes a
-- whole new version of the row (its data again): with signing on,
-- PostgreSQL spent 60 % more CPU and wrote 67 % more WAL a move
-- (bench/runs/2026-12-05-vm-tlog). Now it inserts one narrow row a leaf
-- here, once; a leaf's row is written once, by the writer.
CREATE TABLE log_nodes (
    idx BIGINT PRIMARY KEY,
    nodes BYTEA NOT NULL
);
INSERT INTO log_nodes (idx, nodes) SELECT idx, nodes FROM log_leaves WHERE nodes IS NOT NULL;
ALTER TABLE log_leaves DROP COLUMN nodes;
