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

/// The leaves an op adds to the log, pushed onto `leaves`: one per record
/// it stores.
pub(super) fn leaves_of(op: &Op, leaves: &mut Vec<Leaf>) {
    match op {
        Op::NewGame(game) => leaves.push(Leaf::GameCreated {
            game: game.id.clone(),
            genesis: record::game_genesis(&game.id, &game.setup_json),
        }),
        Op::Event(row) => leaves.push(Leaf::GameEvent {
            game: row.game_id.clone(),
            seq: row.seq,
            link: row.hash.clone(),
        }),
        Op::TournamentEvents { tournament, rows } => {
            leaves.extend(rows.iter().map(|row| Leaf::TournamentEvent {
                tournament: tournament.clone(),
                seq: row.seq,
                link: row.hash.clone(),
            }))
        }
        Op::Finish { .. } | Op::Heartbeat(_) => {}
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
        self.append_data(leaf.data())
    }

    /// Appends the leaf whose data is `data` (as stored): the row to store
    /// with it.
    pub fn append_data(&mut self, data: String) -> LeafRow {
        let idx = self.frontier.size() as i64;
        let mut nodes = Vec::with_capacity(64);
        self.frontier
            .append(Hash::of_leaf(data.as_bytes()), |_, hash| {
                nodes.extend_from_slice(&hash.0)
            });
        LeafRow { idx, data, nodes }
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
/// Processes making it at once (a server starting, `arbiter key`) all
/// end with the one that reached the file first.
pub fn load_or_make_key(
    path: &std::path::Path,
    name: Option<&str>,
    kind: arbiter_tlog::KeyKind,
) -> Result<arbiter_tlog::SigningKey, super::StoreError> {
    if let Some(key) = read_key(path, kind)? {
        return Ok(key);
    }
    let failed = |what: &str, e: &dyn std::fmt::Display| key_error(path, what, e);
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
    match publish(path, &key.to_secret_text(), &random[32..]) {
        Ok(()) => Ok(key),
        // Another process made it first: its key is the one.
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
            read_key(path, kind)?.ok_or_else(|| failed("cannot read", &"made, then gone"))
        }
        Err(e) => Err(failed("cannot create", &e)),
    }
}

/// The key in `path`, if the file is there.
fn read_key(
    path: &std::path::Path,
    kind: arbiter_tlog::KeyKind,
) -> Result<Option<arbiter_tlog::SigningKey>, super::StoreError> {
    let text = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(key_error(path, "cannot read", &e)),
    };
    let key =
        arbiter_tlog::SigningKey::parse(&text).map_err(|e| key_error(path, "not a key", &e))?;
    if key.kind() != kind {
        return Err(key_error(path, "not a key of this kind", &"type"));
    }
    Ok(Some(key))
}

/// Writes `secret` to `path`, which must not exist, whole or not at all:
/// into a file of its own (named with `salt`), synced, then linked at
/// `path` (which fails if another process linked its own first), so that
/// nobody ever reads a key half written.
fn publish(path: &std::path::Path, secret: &str, salt: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    use std::os::unix::fs::OpenOptionsExt;
    let mut draft = path.as_os_str().to_owned();
    draft.push(format!(".new-{}", crate::token::hex(salt)));
    let draft = std::path::PathBuf::from(draft);
    let written = (|| {
        let mut file = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .mode(0o600)
            .open(&draft)?;
        writeln!(file, "{secret}")?;
        file.sync_all()?;
        std::fs::hard_link(&draft, path)
    })();
    let _ = std::fs::remove_file(&draft);
    written
}

/// The key file's error: its path, what failed, why.
fn key_error(path: &std::path::Path, what: &str, e: &dyn std::fmt::Display) -> super::StoreError {
    super::StoreError::LogKey(format!("{}: {what}: {e}", path.display()))
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

    /// Processes making the key at once all end with the same one, the
    /// one in the file (a race, run a few times over).
    #[test]
    fn keys_made_at_once_are_one_key() {
        const ROUNDS: usize = 20;
        const MAKERS: usize = 8;
        let dir = tempfile::tempdir().unwrap();
        for round in 0..ROUNDS {
            let path = dir.path().join(format!("{round}.log-key"));
            let start = std::sync::Barrier::new(MAKERS);
            let made: Vec<String> = std::thread::scope(|scope| {
                let makers: Vec<_> = (0..MAKERS)
                    .map(|_| {
                        scope.spawn(|| {
                            start.wait();
                            let key = load_or_make_key(&path, None, arbiter_tlog::KeyKind::Ed25519);
                            key.unwrap().verifier().to_string()
                        })
                    })
                    .collect();
                makers.into_iter().map(|m| m.join().unwrap()).collect()
            });
            let kept = load_or_make_key(&path, None, arbiter_tlog::KeyKind::Ed25519).unwrap();
            assert!(
                made.iter().all(|k| *k == kept.verifier().to_string()),
                "{made:?}"
            );
        }
        // Only the keys are left in the folder.
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), ROUNDS);
    }
}
