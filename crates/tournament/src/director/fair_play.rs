//! Fair-play screens in the log: the report of a screen of the event's
//! games (`arbiter fairplay`, run by the service for the arbiter), kept as
//! an event ([`super::EventKind::FairPlayReported`]) so that it is
//! hash-chained with the rest of the event and nobody can change it
//! afterwards. Only the event's arbiter may record one.
//!
//! The screen itself is not here (it runs an engine): this is the record
//! of what it found, in whole units so that a replay of the log gives
//! the same figures to the digit. It says "no signal" or "review" for
//! each player (a statistical screen, never a verdict), with everything
//! needed to reproduce it: the engine and its nodes, the exclusions, the
//! baseline's hash, the threshold and the false-positive rate it implies.

use serde::{Deserialize, Serialize};

use super::{Director, Event, Refusal};

/// What a fair-play screen of the event found.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FairPlayReport {
    /// The engine, as it names itself (`Stockfish 17`).
    pub engine: String,
    /// Nodes searched per position.
    pub nodes: u64,
    /// Lines searched per position (MultiPV).
    pub multipv: u32,
    /// Moves of each side left out at the start of a game (book); 0 when
    /// an opening book says instead.
    pub book_moves: u32,
    /// The opening book's SHA-256, when one said what is book. (Absent
    /// from the reports recorded before books could be given.)
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub book: Option<String>,
    /// A position beyond this, either way, is decided and left out
    /// (centipawns).
    pub decided_cp: i32,
    /// A move losing this much or more does not count as a choice
    /// (centipawns): a position with one other move is forced.
    pub losing_cp: i32,
    /// The baseline file's SHA-256 (`None`: screened without one, so
    /// nobody has a z-score).
    pub baseline: Option<String>,
    /// The event's finished games screened.
    pub games: u32,
    /// The chance, over the whole screen, that an honest player is marked
    /// for review, in parts per million.
    pub false_positive_ppm: u32,
    /// The combined z-score from which a player is marked, in hundredths.
    pub threshold_z_hundredths: i32,
    /// One line per player screened, by name.
    pub players: Vec<FairPlayLine>,
    /// The baseline's rating bands, for the plot of match rate against
    /// rating.
    pub bands: Vec<FairPlayBand>,
}

/// One player's figures and signal.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FairPlayLine {
    /// His name, as the games give it.
    pub player: String,
    /// His rating, as the games give it.
    pub rating: Option<u32>,
    /// His games screened.
    pub games: u32,
    /// His moves scored (book, decided, forced and repeated moves left
    /// out).
    pub moves: u64,
    /// Scored moves that were the engine's first choice.
    pub top1_moves: u64,
    /// Scored moves among the engine's first three.
    pub top3_moves: u64,
    /// His average centipawn loss, in tenths of a centipawn.
    pub acpl_tenths: u32,
    /// His mean accuracy (lichess's formula, 0-100), in tenths.
    pub accuracy_tenths: u32,
    /// His combined z-score against his band, in hundredths (`None`: no
    /// baseline, no band for his rating, or too few moves).
    pub z_hundredths: Option<i32>,
    /// His z-score reaches the threshold: the arbiter should look closer.
    pub review: bool,
}

/// One rating band of the baseline, for the plot.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct FairPlayBand {
    /// The lowest rating in the band.
    pub from: u32,
    /// The first rating above it.
    pub to: u32,
    /// Its players' top-1 match rate, in thousandths.
    pub top1_permille: u32,
    /// The range, in thousandths, within which an honest player of the
    /// band's top-1 rate falls 95 times in 100 over `spread_moves` moves.
    pub spread_permille: (u32, u32),
    /// The moves the spread is drawn for: the median of the players'
    /// scored moves.
    pub spread_moves: u64,
}

/// A report as the log holds it: when and by whom.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RecordedFairPlay {
    /// When it was recorded, ms since 1970.
    pub at_ms: i64,
    /// Who recorded it (the arbiter).
    pub by: String,
    /// The report.
    #[serde(flatten)]
    pub report: FairPlayReport,
}

impl Director {
    /// The fair-play reports recorded, the first first.
    pub fn fair_play_reports(&self) -> &[RecordedFairPlay] {
        &self.fair_play
    }

    /// Records a fair-play report: the event's arbiter alone may. A
    /// report may come after the event has ended or was terminated: it
    /// screens games already played.
    pub(super) fn record_fair_play(
        &mut self,
        event: &Event,
        report: &FairPlayReport,
    ) -> Result<(), Refusal> {
        if event.by != self.created_by() {
            return Err(Refusal::FairPlayNotArbiter {
                by: event.by.clone(),
            });
        }
        self.fair_play.push(RecordedFairPlay {
            at_ms: event.at_ms,
            by: event.by.clone(),
            report: report.clone(),
        });
        Ok(())
    }
}
