//! What clients see of a game: the board, the clocks, the record, the
//! legal destinations and the outcome, as the referee says.

use std::collections::BTreeMap;

use arbiter_referee::{
    ClockReading, Decision, Game, GameSetup, Obligation, Outcome, PlyRecord, Verdict,
};
use arbiter_rules::{Color, uci::Uci};
use serde::Serialize;

/// Where a game stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Waiting for the arbiter's start (games start at once online).
    Created,
    /// Being played.
    Started,
    /// Finished.
    Over,
}

/// The head of the game: who, where, when, under which rules.
#[derive(Clone, Debug, Serialize)]
pub struct Head {
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// The event.
    pub event: String,
    /// The place.
    pub site: String,
    /// The date (`YYYY.MM.DD`).
    pub date: String,
    /// The time of day.
    pub time: String,
    /// The round.
    pub round: String,
    /// The time control, as written (`300+3`).
    pub time_control: String,
    /// The ruleset's name.
    pub ruleset: String,
    /// `online` or `over_the_board`.
    pub mode: arbiter_referee::Mode,
    /// Who calls flags: `referee` (the server, on time) or `claim` (players).
    pub flag_call: arbiter_referee::FlagCall,
    /// The starting position, when not the usual one.
    pub fen: Option<String>,
}

impl Head {
    /// The head of `setup`.
    pub fn of(setup: &GameSetup) -> Head {
        Head {
            white: setup.white.name.clone(),
            black: setup.black.name.clone(),
            event: setup.event.clone(),
            site: setup.site.clone(),
            date: setup.date.clone(),
            time: setup.time.clone(),
            round: setup.round.clone(),
            time_control: setup.time_control.to_string(),
            ruleset: setup.ruleset.name.clone(),
            mode: setup.mode,
            flag_call: setup.ruleset.flag_call,
            fen: setup.fen.clone(),
        }
    }
}

/// One move of the record, as shown.
#[derive(Clone, Debug, Serialize)]
pub struct PlyView {
    /// Who moved.
    pub side: Color,
    /// UCI.
    pub uci: String,
    /// SAN.
    pub san: String,
    /// The seeds' Chinese form.
    pub chinese: String,
    /// Time left after the move.
    pub clock_ms: Option<i64>,
    /// A draw offer went with it.
    pub offered_draw: bool,
}

impl From<&PlyRecord> for PlyView {
    fn from(p: &PlyRecord) -> PlyView {
        PlyView {
            side: p.side,
            uci: p.uci.clone(),
            san: p.san.clone(),
            chinese: p.chinese.clone(),
            clock_ms: p.clock_ms,
            offered_draw: p.offered_draw,
        }
    }
}

/// An accepted event as the room hears of it: who did what, and what the
/// referee decided.
#[derive(Clone, Debug, Serialize)]
pub struct Ruled {
    /// `white`, `black` or `arbiter`.
    pub actor: arbiter_referee::Actor,
    /// The event's kind (`move`, `offer_draw`...).
    pub kind: String,
    /// The verdict, with its consequences and their rules.
    pub verdict: Verdict,
}

/// The game as a client sees it at one moment.
#[derive(Clone, Debug, Serialize)]
pub struct View {
    /// The game's id.
    pub id: String,
    /// The head.
    pub head: Head,
    /// Created, started, over.
    pub status: Status,
    /// Events stored so far.
    pub seq: i64,
    /// The position (FEN).
    pub fen: String,
    /// Side to move.
    pub turn: Color,
    /// The side to move is in check.
    pub check: bool,
    /// The last move's squares, for highlighting.
    pub last_move: Option<[String; 2]>,
    /// Index of the first entry of `moves` in the whole record (a full
    /// view starts at 0; an update carries only the new moves).
    pub moves_from: usize,
    /// The record (all of it, or the moves since the previous update).
    pub moves: Vec<PlyView>,
    /// The clocks at `at_ms`.
    pub clock: ClockReading,
    /// The game's time line when this view was taken.
    pub at_ms: u64,
    /// Wall-clock time of the same moment (ms since 1970), so that a page
    /// can run the clock on between updates.
    pub server_unix_ms: i64,
    /// The legal destinations of the side to move, by origin square, as
    /// the referee allows them (touch-move included).
    pub dests: BTreeMap<String, Vec<String>>,
    /// A pending draw offer.
    pub pending_offer: Option<Color>,
    /// What a touch obliges the player to move, if anything.
    pub obligation: Option<Obligation>,
    /// How often the current position has occurred.
    pub repetitions: usize,
    /// Half-moves since the last capture or pawn move.
    pub halfmoves: u32,
    /// The result (`*` while playing).
    pub result: String,
    /// How the game ended.
    pub outcome: Option<Outcome>,
    /// The accepted event that led to this view, with its verdict.
    pub ruled: Option<Ruled>,
}

impl View {
    /// The view of `game` at `now_ms` on its time line, with moves from
    /// `moves_from` on.
    pub fn of(id: &str, game: &Game, now_ms: u64, now_unix_ms: i64, moves_from: usize) -> View {
        let pos = game.position();
        let status = if game.outcome().is_some() {
            Status::Over
        } else if game.is_started() {
            Status::Started
        } else {
            Status::Created
        };
        let mut dests: BTreeMap<String, Vec<String>> = BTreeMap::new();
        if status == Status::Started {
            for m in game.allowed_moves().iter() {
                let uci = Uci::from_move(pos, *m).to_string();
                dests
                    .entry(uci[0..2].to_string())
                    .or_default()
                    .push(uci[2..4].to_string());
            }
            for list in dests.values_mut() {
                list.dedup();
            }
        }
        let plies = game.plies();
        let last_move = plies
            .last()
            .filter(|p| p.uci.len() >= 4)
            .map(|p| [p.uci[0..2].to_string(), p.uci[2..4].to_string()]);
        View {
            id: id.to_string(),
            head: Head::of(game.setup()),
            status,
            seq: game.events().len() as i64,
            fen: pos.fen(),
            turn: pos.turn(),
            check: pos.is_check(),
            last_move,
            moves_from: moves_from.min(plies.len()),
            moves: plies[moves_from.min(plies.len())..]
                .iter()
                .map(PlyView::from)
                .collect(),
            clock: game.clock_at(now_ms),
            at_ms: now_ms,
            server_unix_ms: now_unix_ms,
            dests,
            pending_offer: game.pending_offer(),
            obligation: game.obligation(),
            repetitions: game.repetitions(),
            halfmoves: pos.halfmoves(),
            result: game.result().to_string(),
            outcome: game.outcome().cloned(),
            ruled: None,
        }
    }
}

/// `true` when the verdict changed anything (an accepted event, or a flag
/// that fell before a refused one).
pub fn changed_anything(verdict: &Verdict) -> bool {
    !verdict.due.is_empty() || matches!(verdict.decision, Decision::Accepted { .. })
}
