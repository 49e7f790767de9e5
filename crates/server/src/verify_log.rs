//! `arbiter verify`'s check of the signed log: that every record in the
//! database is the one its leaf holds, that every leaf's record is still
//! there, and that the tree is the one each checkpoint signed, the
//! server's own and one saved by anyone (`--checkpoint FILE`: a checkpoint,
//! or a game's proof, whose record is checked too).
//!
//! A record cut, deleted or rewritten, even with every later chain link
//! recomputed, no longer matches its leaf, and the leaf names its game.
//! Leaves rewritten as well no longer give the root a checkpoint signed;
//! the checkpoints kept (one a second at most) bound where, and the games
//! of those leaves are named.

use std::collections::{HashMap, HashSet};

use arbiter_tlog::record::{GameRecord, Leaf};
use arbiter_tlog::{Checkpoint, Hash, MemoryTree, Note, TlogProof, Verifier, VerifierKey};
use serde::Serialize;

use crate::store::{Damage, Finding, Store, StoreError, chain};

/// What the log's check found.
#[derive(Clone, Debug, Default, Serialize)]
pub struct LogReport {
    /// Leaves checked.
    pub leaves: u64,
    /// Checkpoints the tree was checked against.
    pub checkpoints: usize,
    /// Everything wrong, each naming its game.
    pub findings: Vec<Finding>,
}

/// A checkpoint to check the tree against: the server's own, or one
/// saved by someone (with the game's record, if it came in a proof).
#[derive(Clone, Debug)]
pub struct SavedCheckpoint {
    /// The signed note.
    pub note: String,
    /// The game's record and its leaf index, for a proof.
    pub game: Option<(GameRecord, u64)>,
}

impl SavedCheckpoint {
    /// Reads a file's text: a signed checkpoint, or a game's proof.
    pub fn parse(text: &str) -> Result<SavedCheckpoint, String> {
        if !text.starts_with("c2sp.org/tlog-proof@") {
            return Ok(SavedCheckpoint {
                note: text.to_string(),
                game: None,
            });
        }
        let proof = TlogProof::parse(text).map_err(|e| e.to_string())?;
        let record = proof
            .extra
            .as_deref()
            .and_then(|e| std::str::from_utf8(e).ok())
            .ok_or("the proof carries no game record")?;
        let record = GameRecord::parse(record).map_err(|e| e.to_string())?;
        Ok(SavedCheckpoint {
            note: proof.checkpoint,
            game: Some((record, proof.index)),
        })
    }
}

/// A stored leaf, parsed.
struct StoredLeaf {
    data: String,
    leaf: Option<Leaf>,
}

/// Reads a leaf's data back into what it records.
fn parse_leaf(data: &str) -> Option<Leaf> {
    let (head, body) = data.strip_suffix('\n')?.split_once('\n')?;
    let mut words = body.split(' ');
    if let Some(game) = head.strip_prefix("arbiter game ") {
        return match (words.next()?, words.next()?, words.next()) {
            ("setup", genesis, None) => Some(Leaf::GameCreated {
                game: game.to_string(),
                genesis: genesis.to_string(),
            }),
            ("event", seq, Some(link)) => Some(Leaf::GameEvent {
                game: game.to_string(),
                seq: seq.parse().ok()?,
                link: link.to_string(),
            }),
            _ => None,
        };
    }
    let tournament = head.strip_prefix("arbiter tournament ")?;
    match (words.next()?, words.next()?, words.next()) {
        ("event", seq, Some(link)) => Some(Leaf::TournamentEvent {
            tournament: tournament.to_string(),
            seq: seq.parse().ok()?,
            link: link.to_string(),
        }),
        _ => None,
    }
}

fn game_of(leaf: &Option<Leaf>) -> (String, Option<i64>) {
    match leaf {
        Some(Leaf::GameCreated { game, .. }) => (game.clone(), None),
        Some(Leaf::GameEvent { game, seq, .. }) => (game.clone(), Some(*seq)),
        Some(Leaf::TournamentEvent {
            tournament, seq, ..
        }) => (tournament.clone(), Some(*seq)),
        None => (String::new(), None),
    }
}

/// Checks the log of `store` against its records and against every
/// checkpoint it kept, and `saved` ones.
pub async fn verify_log(store: &Store, saved: &[SavedCheckpoint]) -> Result<LogReport, StoreError> {
    let mut report = LogReport::default();
    let key = store.log_key()?.verifier();
    let mut leaves: Vec<StoredLeaf> = Vec::new();
    loop {
        let page = store.log_leaves(leaves.len() as u64, 10_000).await?;
        if page.is_empty() {
            break;
        }
        for (idx, data, hash) in page {
            let leaf = parse_leaf(&data);
            let (game, seq) = game_of(&leaf);
            if idx != leaves.len() as u64 {
                let missing = Damage::LogLeafMissing {
                    index: leaves.len() as i64,
                };
                report.findings.push(Finding {
                    game,
                    seq,
                    problem: missing,
                });
                return Ok(report);
            }
            if hash != Hash::of_leaf(data.as_bytes()).0 || leaf.is_none() {
                let altered = Damage::LogLeafAltered { index: idx as i64 };
                report.findings.push(Finding {
                    game,
                    seq,
                    problem: altered,
                });
            }
            leaves.push(StoredLeaf { data, leaf });
        }
    }
    report.leaves = leaves.len() as u64;
    check_records(store, &leaves, &mut report).await?;

    let mut tree = MemoryTree::new();
    for leaf in &leaves {
        tree.append(Hash::of_leaf(leaf.data.as_bytes()));
    }
    let mut checkpoints: Vec<(SavedCheckpoint, bool)> = store
        .checkpoints()
        .await?
        .into_iter()
        .map(|(_, note)| (SavedCheckpoint { note, game: None }, false))
        .collect();
    checkpoints.extend(saved.iter().map(|s| (s.clone(), true)));
    // Sizes whose root a checkpoint confirmed, to bound where a rewrite is.
    let mut confirmed = vec![0u64];
    let mut failed: Vec<(u64, bool)> = Vec::new();
    for (checkpoint, is_saved) in &checkpoints {
        report.checkpoints += 1;
        let stated = match open(&checkpoint.note, &key) {
            Ok(c) => c,
            Err(problem) => {
                let invalid = Damage::LogCheckpointInvalid { problem };
                report.findings.push(Finding {
                    game: String::new(),
                    seq: None,
                    problem: invalid,
                });
                continue;
            }
        };
        if let Some((record, index)) = &checkpoint.game {
            check_saved_game(store, record, *index, &leaves, &mut report).await?;
        }
        match tree.root_at(stated.size) {
            Some(root) if root == stated.root => confirmed.push(stated.size),
            Some(_) => failed.push((stated.size, *is_saved)),
            None => {
                let cut = Damage::LogCut {
                    size: stated.size as i64,
                    leaves: tree.size() as i64,
                };
                report.findings.push(Finding {
                    game: String::new(),
                    seq: None,
                    problem: cut,
                });
            }
        }
    }
    for (size, _) in failed {
        let from = confirmed
            .iter()
            .copied()
            .filter(|c| *c < size)
            .max()
            .unwrap_or(0);
        let mut named = HashSet::new();
        for leaf in &leaves[from as usize..size as usize] {
            let (game, _) = game_of(&leaf.leaf);
            if named.insert(game.clone()) {
                let rewritten = Damage::LogRewritten {
                    size: size as i64,
                    from: from as i64,
                };
                report.findings.push(Finding {
                    game,
                    seq: None,
                    problem: rewritten,
                });
            }
        }
    }
    Ok(report)
}

/// A checkpoint's statement, if the log's key signed it.
fn open(note: &str, key: &VerifierKey) -> Result<Checkpoint, String> {
    let note = Note::parse(note.as_bytes()).map_err(|e| e.to_string())?;
    let keys: [&dyn Verifier; 1] = [key];
    note.verified_by(&keys).map_err(|e| e.to_string())?;
    let checkpoint = Checkpoint::parse(note.text()).map_err(|e| e.to_string())?;
    if checkpoint.origin != key.name() {
        return Err(format!(
            "a checkpoint of {}, not of {}",
            checkpoint.origin,
            key.name()
        ));
    }
    Ok(checkpoint)
}

/// Each leaf's record against the database, and each record of a game
/// the log knows against its leaves.
async fn check_records(
    store: &Store,
    leaves: &[StoredLeaf],
    report: &mut LogReport,
) -> Result<(), StoreError> {
    let games: HashMap<String, crate::store::GameRow> = store
        .games(false)
        .await?
        .into_iter()
        .map(|g| (g.id.clone(), g))
        .collect();
    // Each logged game's links, by seq, from the database.
    let mut links: HashMap<String, Vec<String>> = HashMap::new();
    let mut logged: HashMap<String, HashSet<i64>> = HashMap::new();
    for leaf in leaves {
        let (game, seq) = game_of(&leaf.leaf);
        let problem = match &leaf.leaf {
            Some(Leaf::GameCreated { genesis, .. }) => match games.get(&game) {
                None => Some(Damage::LogRecordMissing),
                Some(row) if chain::genesis(&row.id, &row.setup_json) != *genesis => {
                    Some(Damage::LogRecordDiffers)
                }
                Some(_) => None,
            },
            Some(Leaf::GameEvent { link, seq, .. }) => {
                if !links.contains_key(&game) {
                    let rows = match games.get(&game) {
                        Some(_) => store.events(&game).await?,
                        None => Vec::new(),
                    };
                    links.insert(game.clone(), rows.into_iter().map(|r| r.hash).collect());
                }
                logged.entry(game.clone()).or_default().insert(*seq);
                match links[&game].get(*seq as usize) {
                    None => Some(Damage::LogRecordMissing),
                    Some(stored) if stored != link => Some(Damage::LogRecordDiffers),
                    Some(_) => None,
                }
            }
            // Tournaments' events are not in the log yet.
            Some(Leaf::TournamentEvent { .. }) | None => None,
        };
        if let Some(problem) = problem {
            report.findings.push(Finding { game, seq, problem });
        }
    }
    // An event stored after the game's first logged one, with no leaf:
    // a record slipped in behind the log's back.
    for (game, seqs) in &logged {
        let first = seqs.iter().min().copied().unwrap_or(0);
        for seq in first..links[game].len() as i64 {
            if !seqs.contains(&seq) {
                report.findings.push(Finding {
                    game: game.clone(),
                    seq: Some(seq),
                    problem: Damage::LogNotLogged,
                });
            }
        }
    }
    Ok(())
}

/// A game's proof saved by a player, against the database: the record in
/// the proof is the game's, and its leaf is where the proof says.
async fn check_saved_game(
    store: &Store,
    record: &GameRecord,
    index: u64,
    leaves: &[StoredLeaf],
    report: &mut LogReport,
) -> Result<(), StoreError> {
    let game = record.game.clone();
    let stored = store.events(&game).await.unwrap_or_default();
    let links: Vec<String> = stored.iter().map(|r| r.hash.clone()).collect();
    let proved = record.last_leaf();
    let matches = |leaf: &Leaf| match leaf {
        Leaf::GameEvent { seq, link, .. } => links.get(*seq as usize) == Some(link),
        _ => true,
    };
    if !matches(&proved) || (links.len() as i64) < record.events.len() as i64 {
        let cut = Damage::LogProofDiffers {
            proved: record.events.len() as i64,
            stored: links.len() as i64,
        };
        report.findings.push(Finding {
            game,
            seq: None,
            problem: cut,
        });
        return Ok(());
    }
    if leaves.get(index as usize).map(|l| l.data.as_str()) != Some(proved.data().as_str()) {
        let moved = Damage::LogLeafMissing {
            index: index as i64,
        };
        report.findings.push(Finding {
            game,
            seq: None,
            problem: moved,
        });
    }
    Ok(())
}
