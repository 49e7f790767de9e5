//! Arbiter's records as the log holds them: the hash chain that seals each
//! game's (and each tournament's) events, the leaf each stored event is in
//! the tree, and a game's record as a proof carries it.
//!
//! - The chain: a game's first link seals its id and setup; each event's
//!   link is the digest of the link before it and the event's stored
//!   JSON, so the last link seals the whole record.
//! - The leaves, one per stored record in commit order:
//!   `arbiter game ID\nsetup LINK\n` when a game is created,
//!   `arbiter game ID\nevent SEQ LINK\n` for each of its events, and
//!   `arbiter tournament ID\nevent SEQ LINK\n` for a tournament's. Each
//!   names its record, so that a checker can say which game differs.
//! - A game's record in a proof (the tlog-proof's extra data):
//!   `arbiter game ID\n`, the setup's JSON, then one event's JSON a line.

use sha2::{Digest as _, Sha256};

use crate::problem::Problem;

/// One link of a chain: a SHA-256 digest in lowercase hexadecimal.
pub type Link = String;

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// The link before a game's first event: it seals the id and the setup.
pub fn game_genesis(game_id: &str, setup_json: &str) -> Link {
    let mut h = Sha256::new();
    h.update(b"arbiter game\n");
    h.update(game_id.as_bytes());
    h.update(b"\n");
    h.update(setup_json.as_bytes());
    hex(&h.finalize())
}

/// The link before a tournament's first event (its creation, which holds
/// the settings): it seals the id.
pub fn tournament_genesis(tournament_id: &str) -> Link {
    let mut h = Sha256::new();
    h.update(b"arbiter tournament\n");
    h.update(tournament_id.as_bytes());
    hex(&h.finalize())
}

/// The link of an event stored as `event_json` after `previous`.
pub fn next_link(previous: &str, event_json: &str) -> Link {
    let mut h = Sha256::new();
    h.update(previous.as_bytes());
    h.update(b"\n");
    h.update(event_json.as_bytes());
    hex(&h.finalize())
}

/// What a leaf records.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Leaf {
    /// A game was created with the setup its genesis link seals.
    GameCreated {
        /// The game.
        game: String,
        /// Its genesis link.
        genesis: Link,
    },
    /// A game's event was stored.
    GameEvent {
        /// The game.
        game: String,
        /// The event's place in the game, from 0.
        seq: i64,
        /// The event's link.
        link: Link,
    },
    /// A tournament's event was stored.
    TournamentEvent {
        /// The tournament.
        tournament: String,
        /// The event's place, from 0.
        seq: i64,
        /// The event's link.
        link: Link,
    },
}

impl Leaf {
    /// The leaf's data, as it is hashed into the tree.
    pub fn data(&self) -> String {
        match self {
            Leaf::GameCreated { game, genesis } => {
                format!("arbiter game {game}\nsetup {genesis}\n")
            }
            Leaf::GameEvent { game, seq, link } => {
                format!("arbiter game {game}\nevent {seq} {link}\n")
            }
            Leaf::TournamentEvent {
                tournament,
                seq,
                link,
            } => format!("arbiter tournament {tournament}\nevent {seq} {link}\n"),
        }
    }

    /// The id of the game or tournament whose record it is.
    pub fn record(&self) -> &str {
        match self {
            Leaf::GameCreated { game, .. } | Leaf::GameEvent { game, .. } => game,
            Leaf::TournamentEvent { tournament, .. } => tournament,
        }
    }

    /// The leaf's hash in the tree.
    pub fn hash(&self) -> crate::Hash {
        crate::Hash::of_leaf(self.data().as_bytes())
    }
}

/// A game's record: what a proof carries so that anyone can rebuild its
/// chain and its last leaf.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// The game's id.
    pub game: String,
    /// The setup, as stored (JSON on one line).
    pub setup_json: String,
    /// The events, as stored (JSON, one line each).
    pub events: Vec<String>,
}

impl GameRecord {
    /// The record as a proof's extra data. `None` if a stored JSON holds a
    /// line break (JSON written by serde never does).
    pub fn to_text(&self) -> Option<String> {
        let mut out = format!("arbiter game {}\n{}\n", self.game, self.setup_json);
        for event in &self.events {
            out.push_str(event);
            out.push('\n');
        }
        let lines = 2 + self.events.len();
        (out.matches('\n').count() == lines && !self.game.contains(' ')).then_some(out)
    }

    /// Reads a record from a proof's extra data.
    pub fn parse(text: &str) -> Result<GameRecord, Problem> {
        let body = text.strip_suffix('\n').ok_or(Problem::NoteUnterminated)?;
        let mut lines = body.split('\n');
        let game = lines
            .next()
            .and_then(|l| l.strip_prefix("arbiter game "))
            .filter(|id| !id.is_empty() && !id.contains(' '))
            .ok_or(Problem::RecordHeader)?;
        let setup_json = lines.next().ok_or(Problem::RecordNoSetup)?;
        Ok(GameRecord {
            game: game.to_string(),
            setup_json: setup_json.to_string(),
            events: lines.map(str::to_string).collect(),
        })
    }

    /// The leaf that seals the whole record: its last event's, or its
    /// creation's if it has none.
    pub fn last_leaf(&self) -> Leaf {
        let genesis = game_genesis(&self.game, &self.setup_json);
        if self.events.is_empty() {
            return Leaf::GameCreated {
                game: self.game.clone(),
                genesis,
            };
        }
        let link = self
            .events
            .iter()
            .fold(genesis, |link, event| next_link(&link, event));
        Leaf::GameEvent {
            game: self.game.clone(),
            seq: self.events.len() as i64 - 1,
            link,
        }
    }
}

/// Where a game's record stands in a log, as a printed or exported game
/// carries it (the scoresheet's `log`, PGN tags), so that it can be checked
/// later: the log's origin, the leaf of the record's last event (or of its
/// creation), and where the server serves the game's proof.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordReference {
    /// The log's origin (the name of its key, the checkpoints' first line).
    pub origin: String,
    /// The game.
    pub game: String,
    /// The index of the leaf that seals the record as exported.
    pub index: u64,
}

impl RecordReference {
    /// The PGN tags that carry a reference, in the order they are written:
    /// the origin, the leaf, the proof's path on the server.
    pub const PGN_TAGS: [&'static str; 3] = ["LogOrigin", "LogIndex", "LogProof"];

    /// The path of the game's proof on the server that keeps the log.
    pub fn proof_path(&self) -> String {
        format!("/api/games/{}/proof", self.game)
    }

    /// The reference's PGN tags: name and value, as [`Self::PGN_TAGS`]
    /// orders them.
    pub fn pgn_tags(&self) -> [(&'static str, String); 3] {
        let [origin, index, proof] = Self::PGN_TAGS;
        [
            (origin, self.origin.clone()),
            (index, self.index.to_string()),
            (proof, self.proof_path()),
        ]
    }

    /// The reference a game's PGN tags carry (`tag` gives a tag's value);
    /// `None` if they carry none, or one that does not read.
    pub fn from_pgn_tags<'a>(tag: impl Fn(&str) -> Option<&'a str>) -> Option<RecordReference> {
        let [origin, index, proof] = Self::PGN_TAGS;
        let game = tag(proof)?
            .strip_prefix("/api/games/")?
            .strip_suffix("/proof")?;
        Some(RecordReference {
            origin: tag(origin)?.to_string(),
            game: game.to_string(),
            index: tag(index)?.parse().ok()?,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reference_reads_back_from_its_pgn_tags() {
        let reference = RecordReference {
            origin: "arbiter.log/0a1b2c3d".into(),
            game: "Gx7Kq2".into(),
            index: 41,
        };
        let tags = reference.pgn_tags();
        assert_eq!(tags[2].1, "/api/games/Gx7Kq2/proof");
        let tag = |name: &str| tags.iter().find(|t| t.0 == name).map(|t| t.1.as_str());
        assert_eq!(RecordReference::from_pgn_tags(tag), Some(reference));
        let bad_index = |name: &str| {
            if name == "LogIndex" {
                Some("x")
            } else {
                tag(name)
            }
        };
        assert_eq!(RecordReference::from_pgn_tags(bad_index), None);
        assert_eq!(RecordReference::from_pgn_tags(|_| None), None);
    }

    fn record() -> GameRecord {
        GameRecord {
            game: "Gx7Kq2".into(),
            setup_json: r#"{"ruleset":"fide-standard"}"#.into(),
            events: vec![
                r#"{"kind":"move","move":"e4"}"#.into(),
                r#"{"kind":"move","move":"e5"}"#.into(),
            ],
        }
    }

    #[test]
    fn a_record_reads_back_and_its_last_leaf_seals_every_event() {
        let record = record();
        let text = record.to_text().unwrap();
        assert_eq!(GameRecord::parse(&text).unwrap(), record);
        let leaf = record.last_leaf();
        assert!(
            leaf.data().starts_with("arbiter game Gx7Kq2\nevent 1 "),
            "{leaf:?}"
        );
        let mut changed = record.clone();
        changed.events[0] = r#"{"kind":"move","move":"d4"}"#.into();
        assert_ne!(changed.last_leaf(), leaf);
        let mut cut = record.clone();
        cut.events.pop();
        assert_ne!(cut.last_leaf().hash(), leaf.hash());
        cut.events.clear();
        assert_eq!(
            cut.last_leaf(),
            Leaf::GameCreated {
                game: "Gx7Kq2".into(),
                genesis: game_genesis("Gx7Kq2", &record.setup_json)
            }
        );
    }

    #[test]
    fn a_record_that_cannot_be_written_on_lines_or_read_back_is_refused() {
        let mut record = record();
        record.events[1] = "{\n}".into();
        assert_eq!(record.to_text(), None);
        assert_eq!(
            GameRecord::parse("arbiter tournament x\n{}\n"),
            Err(Problem::RecordHeader)
        );
        assert_eq!(
            GameRecord::parse("arbiter game x\n"),
            Err(Problem::RecordNoSetup)
        );
    }

    #[test]
    fn the_chain_is_the_one_the_store_has_always_written() {
        // The links of a game stored before the log existed must not
        // change: the digests of the formula the store used.
        assert_eq!(
            game_genesis("abc", "{}"),
            hex(&Sha256::digest(b"arbiter game\nabc\n{}"))
        );
        assert_eq!(
            tournament_genesis("t1"),
            hex(&Sha256::digest(b"arbiter tournament\nt1"))
        );
        assert_eq!(next_link("ab", "{}"), hex(&Sha256::digest(b"ab\n{}")));
    }
}
