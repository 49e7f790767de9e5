-- The tree's hashes under the name PostgreSQL keeps them in
-- (postgres/0007_log_nodes.sql), so that the reads both backends share
-- name one table. SQLite's writer stores them with each leaf, in the
-- same transaction, so here they are a view of the leaves.
CREATE VIEW log_nodes AS SELECT idx, nodes FROM log_leaves WHERE nodes IS NOT NULL;
