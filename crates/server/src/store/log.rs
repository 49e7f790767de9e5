//! The signed log (issue 34, arbiter-tlog): every record the store keeps
//! (a game's creation, each of its events) is a leaf of one Merkle tree,
//! in commit order. The writer grows the tree in each batch's own
//! transaction, from the right edge it keeps in memory ([`LogTree`]): a
//! leaf costs a hash or two and one row, never a read or a round trip.
//!
//! Each leaf's row holds the subtrees it completes (see the migration
//! `0004_log.sql`), so that any root and any proof is a handful of rows.

use std::collections::HashMap;

use arbiter_tlog::record::{self, Leaf};
use arbiter_tlog::{Frontier, Hash, Node};

use super::Op;

/// The leaf an op adds to the log, if it stores a record.
pub(super) fn leaf_of(op: &Op) -> Option<Leaf> {
    match op {
        Op::NewGame { id, setup_json, .. } => Some(Leaf::GameCreated {
            game: id.clone(),
            genesis: record::game_genesis(id, setup_json),
        }),
        Op::Event(row) => Some(Leaf::GameEvent {
            game: row.game_id.clone(),
            seq: row.seq,
            link: row.hash.clone(),
        }),
        Op::Finish { .. } | Op::Heartbeat(_) => None,
    }
}

/// The tree's size and root after a commit: what the signer signs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TreeHead {
    /// How many leaves.
    pub size: u64,
    /// The root.
    pub root: Hash,
}

impl Default for TreeHead {
    fn default() -> TreeHead {
        TreeHead {
            size: 0,
            root: Hash::empty(),
        }
    }
}

/// Where a node's hash is kept: the leaf whose row holds it, and the
/// offset in that row's `nodes`.
pub(super) fn place_of(node: Node) -> (u64, usize) {
    (node.end() - 1, 32 * node.level as usize)
}

/// A leaf's row: its index, its data, the subtrees it completes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct LeafRow {
    pub idx: i64,
    pub data: String,
    pub nodes: Vec<u8>,
}

/// The writer's view of the tree: its right edge.
#[derive(Clone, Debug, Default)]
pub(super) struct LogTree {
    frontier: Frontier,
}

impl LogTree {
    /// The tree whose right edge is `frontier` (read back at start).
    pub fn new(frontier: Frontier) -> LogTree {
        LogTree { frontier }
    }

    /// How many leaves it has.
    pub fn size(&self) -> u64 {
        self.frontier.size()
    }

    /// Its root.
    pub fn root(&self) -> Hash {
        self.frontier.root()
    }

    /// Its size and root.
    pub fn head(&self) -> TreeHead {
        TreeHead {
            size: self.size(),
            root: self.root(),
        }
    }

    /// Appends `leaf`: the row to store with it.
    pub fn append(&mut self, leaf: &Leaf) -> LeafRow {
        let idx = self.frontier.size() as i64;
        let mut nodes = Vec::with_capacity(64);
        self.frontier
            .append(leaf.hash(), |_, hash| nodes.extend_from_slice(&hash.0));
        LeafRow {
            idx,
            data: leaf.data(),
            nodes,
        }
    }
}

/// The hashes of `wanted` nodes from the rows that hold them (`rows`:
/// leaf index and `nodes`); `None` if one is missing or cut short.
pub(super) fn nodes_from_rows(
    wanted: &[Node],
    rows: &HashMap<i64, Vec<u8>>,
) -> Option<HashMap<Node, Hash>> {
    wanted
        .iter()
        .map(|node| {
            let (leaf, offset) = place_of(*node);
            let bytes = rows.get(&(leaf as i64))?.get(offset..offset + 32)?;
            Some((*node, Hash(bytes.try_into().ok()?)))
        })
        .collect()
}

/// The leaves whose rows hold `nodes`.
pub(super) fn rows_holding(nodes: &[Node]) -> Vec<i64> {
    let mut rows: Vec<i64> = nodes.iter().map(|n| place_of(*n).0 as i64).collect();
    rows.sort_unstable();
    rows.dedup();
    rows
}

/// The signing key kept in `path`, made there if missing: a file its
/// owner alone may read, holding `PRIVATE+KEY+NAME+ID+SEED`. A new key is
/// named `name`, or `arbiter.log/` and eight random hexadecimal digits.
pub fn load_or_make_key(
    path: &std::path::Path,
    name: Option<&str>,
    kind: arbiter_tlog::KeyKind,
) -> Result<arbiter_tlog::SigningKey, super::StoreError> {
    use std::io::Write;
    use std::os::unix::fs::OpenOptionsExt;
    let failed = |what: &str, e: &dyn std::fmt::Display| {
        super::StoreError::LogKey(format!("{}: {what}: {e}", path.display()))
    };
    if path.exists() {
        let text = std::fs::read_to_string(path).map_err(|e| failed("cannot read", &e))?;
        let key = arbiter_tlog::SigningKey::parse(&text).map_err(|e| failed("not a key", &e))?;
        if key.kind() != kind {
            return Err(failed("not a key of this kind", &"type"));
        }
        return Ok(key);
    }
    // The seed, then four bytes for a new name (never the seed's own).
    let mut random = [0u8; 36];
    rand::TryRngCore::try_fill_bytes(&mut rand::rngs::OsRng, &mut random)
        .map_err(|e| failed("no randomness", &e))?;
    let name = match name {
        Some(name) => name.to_string(),
        None => format!("arbiter.log/{}", crate::token::hex(&random[32..])),
    };
    let mut material = [0u8; 32];
    material.copy_from_slice(&random[..32]);
    let key = arbiter_tlog::SigningKey::from_seed(&name, kind, material)
        .map_err(|e| failed("bad name", &e))?;
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(path)
        .map_err(|e| failed("cannot create", &e))?;
    writeln!(file, "{}", key.to_secret_text()).map_err(|e| failed("cannot write", &e))?;
    file.sync_all().map_err(|e| failed("cannot sync", &e))?;
    Ok(key)
}

#[cfg(test)]
mod tests {
    use super::*;
    use arbiter_tlog::MemoryTree;

    #[test]
    fn the_rows_hold_every_node_of_the_tree_where_place_of_says() {
        let mut log = LogTree::default();
        let mut memory = MemoryTree::new();
        let mut rows = HashMap::new();
        for i in 0..37 {
            let leaf = Leaf::GameEvent {
                game: "g".into(),
                seq: i,
                link: format!("{i:064x}"),
            };
            let row = log.append(&leaf);
            assert_eq!(row.idx, i);
            memory.append(leaf.hash());
            rows.insert(row.idx, row.nodes);
        }
        assert_eq!(log.root(), memory.root_at(37).unwrap());
        for size in 1..=37 {
            let nodes = Frontier::nodes(size);
            assert!(rows_holding(&nodes).iter().all(|r| *r < size as i64));
            let hashes = nodes_from_rows(&nodes, &rows).unwrap();
            let frontier =
                Frontier::from_nodes(size, &nodes.iter().map(|n| hashes[n]).collect::<Vec<_>>())
                    .unwrap();
            assert_eq!(frontier.root(), memory.root_at(size).unwrap());
        }
    }
}
