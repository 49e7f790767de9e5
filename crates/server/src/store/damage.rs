//! What can be wrong with a stored record (a game's or a tournament's),
//! before it is put into words: the findings of `arbiter verify` and why a
//! stored log cannot be loaded.
//! The words are in the catalogues (`arbiter-messages`, keys `record-…`).

use arbiter_messages::english;
use arbiter_referee::Reason;
use arbiter_tournament::director::Refusal;
use serde::{Serialize, Serializer};

arbiter_messages::messages! {
    /// Why a stored record does not hold together.
    #[derive(Clone, Debug, PartialEq, Eq)]
    pub enum Damage {
        /// A gap in the sequence of events.
        EventMissing {
            /// The event that should stand here.
            event: i64,
            /// The event that stands in its place.
            found: i64,
        } = "record-event-missing",
        /// A tournament event whose link does not follow from the ones
        /// before it.
        ChainBroken = "record-chain-broken",
        /// A game's event whose link does not follow from the setup and
        /// the events before it.
        GameChainBroken = "record-game-chain-broken",
        /// An event that is not one the tournament knows.
        Unreadable {
            /// Why, as the JSON reader says it.
            error: String,
        } = "record-unreadable-event",
        /// An event the tournament's own rules refuse.
        Refused {
            /// The tournament's reason.
            refusal: Box<Refusal>,
        } = "record-event-refused",
        /// A game's event the referee refuses.
        RefereeRefused {
            /// The referee's reason.
            reason: Box<Reason>,
            /// The rule it cites.
            rule: String,
        } = "record-referee-refused",
        /// A game whose stored result is not the one its events give.
        ResultDiffers {
            /// The result in the game's row.
            stored: String,
            /// The result the referee gives the events.
            replayed: String,
        } = "record-result-differs",
        /// A leaf of the signed log missing, or not where a proof put it.
        LogLeafMissing {
            /// The leaf's index.
            index: i64,
        } = "record-log-leaf-missing",
        /// A leaf whose stored hash or data was altered.
        LogLeafAltered {
            /// The leaf's index.
            index: i64,
        } = "record-log-leaf-altered",
        /// A record the log holds that the database no longer has.
        LogRecordMissing = "record-log-record-missing",
        /// A record that is not the one its leaf holds.
        LogRecordDiffers = "record-log-record-differs",
        /// A game's event stored without its leaf.
        LogNotLogged = "record-log-not-logged",
        /// A checkpoint that does not verify with the log's key.
        LogCheckpointInvalid {
            /// Why.
            problem: String,
        } = "record-log-checkpoint-invalid",
        /// A checkpoint of more leaves than the log holds.
        LogCut {
            /// The checkpoint's size.
            size: i64,
            /// The leaves the log holds.
            leaves: i64,
        } = "record-log-cut",
        /// A tree that is not the one its checkpoint signed.
        LogRewritten {
            /// The checkpoint's size.
            size: i64,
            /// The size the last good checkpoint before it confirmed.
            from: i64,
        } = "record-log-rewritten",
        /// A game whose saved proof holds another record.
        LogProofDiffers {
            /// Events in the proof.
            proved: i64,
            /// Events in the database.
            stored: i64,
        } = "record-log-proof-differs",
        /// A game whose events cannot be read back or replayed.
        Unreplayable {
            /// Why, as the store or the referee says it.
            error: String,
        } = "record-unreplayable",
    }
}

/// What was found wrong with one game.
#[derive(Clone, Debug, Serialize)]
pub struct Finding {
    /// The id of the game whose record is wrong.
    pub game: String,
    /// The event where it goes wrong (`None`: the game's row).
    pub seq: Option<i64>,
    /// What is wrong (in `--json`, its English words).
    pub problem: Damage,
}

impl std::fmt::Display for Damage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&english().render(self))
    }
}

/// In English, as `arbiter verify --json` has always written it.
impl Serialize for Damage {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(test)]
mod tests {
    use arbiter_messages::{catalogue, english};
    use arbiter_referee::Reason;
    use arbiter_tournament::director::Refusal;

    use super::Damage;

    #[test]
    fn a_damage_reads_in_english_and_in_chinese() {
        let missing = Damage::EventMissing { event: 3, found: 4 };
        assert_eq!(
            missing.to_string(),
            "event 3 is missing (found 4 in its place)"
        );
        assert_eq!(
            serde_json::to_string(&missing).unwrap(),
            "\"event 3 is missing (found 4 in its place)\""
        );
        let refused = Damage::Refused {
            refusal: Box::new(Refusal::NotCreated),
        };
        let zh = catalogue("zh").expect("a Chinese catalogue");
        assert!(
            refused
                .to_string()
                .ends_with(&english().render(&Refusal::NotCreated)),
            "{refused}"
        );
        assert!(
            zh.render(&refused)
                .ends_with(&zh.render(&Refusal::NotCreated)),
            "{}",
            zh.render(&refused)
        );
        assert_ne!(
            zh.render(&Damage::ChainBroken),
            Damage::ChainBroken.to_string()
        );
    }

    #[test]
    fn a_game_finding_reads_as_arbiter_verify_has_always_written_it() {
        let refused = Damage::RefereeRefused {
            reason: Box::new(Reason::NotStarted),
            rule: "FIDE 6.5".into(),
        };
        assert_eq!(
            refused.to_string(),
            format!(
                "the referee refuses this stored event: {} (FIDE 6.5)",
                english().render(&Reason::NotStarted)
            )
        );
        let unreplayable = Damage::Unreplayable {
            error: "why".into(),
        };
        assert_eq!(unreplayable.to_string(), "why");
    }
}
