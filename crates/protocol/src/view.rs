//! What clients see of a game: the board, the clocks, the record, the
//! legal destinations and the outcome, as the referee says. The server
//! sends it whole (`GET /api/games/{id}`, the WebSocket's `full`) and in
//! updates (the WebSocket's `update`, which leave out the head and carry
//! only the new moves).

use std::sync::Arc;

use arbiter_referee::{ClockReading, Game, GameSetup, Obligation, Outcome, PlyRecord};
use arbiter_rules::{Bitboard, Color, Square, uci::Uci};
use serde::de::{MapAccess, Visitor};
use serde::ser::{SerializeMap as _, SerializeSeq as _};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::WrittenVerdict;

/// Where a game stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Head {
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// The competition the game belongs to (PGN's `Event` tag).
    pub event: String,
    /// The place.
    pub site: String,
    /// The date (`YYYY.MM.DD`).
    pub date: String,
    /// The time of day.
    pub time: String,
    /// The round of the competition (PGN's `Round` tag).
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
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlyView {
    /// Who moved.
    pub side: Color,
    /// The move in UCI notation (`g1f3`).
    pub uci: String,
    /// The move in SAN (`Nf3`).
    pub san: String,
    /// The move in the Chinese form of the classic rules (`马f3`).
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
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Ruled {
    /// `white`, `black` or `arbiter`.
    pub actor: arbiter_referee::Actor,
    /// The event's kind (`move`, `offer_draw`...).
    pub kind: String,
    /// The verdict, with its consequences and their rules.
    pub verdict: WrittenVerdict,
}

/// The game as a client sees it at one moment.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct View {
    /// The game's id.
    pub id: Arc<str>,
    /// The head (made once per game and shared by its views); left out of
    /// updates, since it never changes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub head: Option<Arc<Head>>,
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
    pub dests: Dests,
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
    /// The view of `game` (whose id and head are given, made once per
    /// game) at `now_ms` on its time line, with moves from `moves_from` on.
    pub fn of(
        id: &Arc<str>,
        head: &Arc<Head>,
        game: &Game,
        now_ms: u64,
        now_unix_ms: i64,
        moves_from: usize,
    ) -> View {
        let pos = game.position();
        let status = if game.outcome().is_some() {
            Status::Over
        } else if game.is_started() {
            Status::Started
        } else {
            Status::Created
        };
        let mut dests = Dests::default();
        if status == Status::Started {
            for m in game.allowed_moves().iter() {
                if let Uci::Normal { from, to, .. } = Uci::from_move(pos, *m) {
                    dests.add(from, to);
                }
            }
        }
        let plies = game.plies();
        let last_move = plies
            .last()
            .filter(|p| p.uci.len() >= 4)
            .map(|p| [p.uci[0..2].to_string(), p.uci[2..4].to_string()]);
        View {
            id: id.clone(),
            head: Some(head.clone()),
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

/// The legal destinations by origin square, written as chessground takes
/// them (`{"e2": ["e3", "e4"], "g1": ["f3", "h3"]}`, squares in the order of
/// their names). Kept as one bit per destination: making it allocates
/// nothing, and the names are only written when it is serialised (a map of
/// strings cost a tenth of the server's time under load).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dests([u64; 64]);

impl Default for Dests {
    fn default() -> Dests {
        Dests([0; 64])
    }
}

impl Dests {
    /// Adds the destination `to` of a piece on `from`.
    pub fn add(&mut self, from: Square, to: Square) {
        self.0[from.index()] |= 1 << to.index();
    }

    /// The destinations of the piece on `from`, in the order of their names.
    pub fn from(&self, from: Square) -> impl Iterator<Item = Square> + use<> {
        by_name(self.0[from.index()])
    }

    /// `true` when nothing may move.
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&t| t == 0)
    }

    /// The squares pieces may move from, in the order of their names.
    fn origins(&self) -> impl Iterator<Item = Square> + use<> {
        let mut set = 0u64;
        for (i, &targets) in self.0.iter().enumerate() {
            set |= u64::from(targets != 0) << i;
        }
        by_name(set)
    }
}

/// The squares of `set` (bit `rank * 8 + file`) in the order of their
/// names: a1, a2 ... a8, b1 ... h8. Counting up the bits of the set
/// mirrored in the a1-h8 diagonal goes file by file (sorting the squares
/// one by one was a tenth of the cost of an update's text).
fn by_name(set: u64) -> impl Iterator<Item = Square> {
    Bitboard(set)
        .flip_diagonal()
        .into_iter()
        .map(|mirrored| Square::from_index((mirrored.index() % 8) * 8 + mirrored.index() / 8))
}

impl Serialize for Dests {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(None)?;
        for from in self.origins() {
            map.serialize_entry(&Name(from), &Targets(self, from))?;
        }
        map.end()
    }
}

impl<'de> Deserialize<'de> for Dests {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Dests, D::Error> {
        struct Names;
        impl<'de> Visitor<'de> for Names {
            type Value = Dests;

            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("destinations by square name")
            }

            fn visit_map<M: MapAccess<'de>>(self, mut map: M) -> Result<Dests, M::Error> {
                let square = |name: &str| {
                    name.parse::<Square>()
                        .map_err(|_| serde::de::Error::custom(format!("not a square: {name:?}")))
                };
                let mut dests = Dests::default();
                while let Some((from, targets)) = map.next_entry::<String, Vec<String>>()? {
                    let from = square(&from)?;
                    for to in &targets {
                        dests.add(from, square(to)?);
                    }
                }
                Ok(dests)
            }
        }
        deserializer.deserialize_map(Names)
    }
}

/// A square written by its name, without making a string.
struct Name(Square);

impl Serialize for Name {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let name = [self.0.file().char() as u8, self.0.rank().char() as u8];
        serializer.serialize_str(std::str::from_utf8(&name).expect("square names are ASCII"))
    }
}

/// The destinations of one piece.
struct Targets<'a>(&'a Dests, Square);

impl Serialize for Targets<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(None)?;
        for to in self.0.from(self.1) {
            seq.serialize_element(&Name(to))?;
        }
        seq.end()
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use arbiter_referee::{Actor, Event, EventKind};

    use super::*;

    /// The destinations as a map of names, made the slow way from the
    /// referee's moves.
    fn by_names(game: &Game) -> BTreeMap<String, Vec<String>> {
        let mut map: BTreeMap<String, Vec<String>> = BTreeMap::new();
        for m in game.allowed_moves().iter() {
            let uci = Uci::from_move(game.position(), *m).to_string();
            let list = map.entry(uci[0..2].to_string()).or_default();
            if !list.contains(&uci[2..4].to_string()) {
                list.push(uci[2..4].to_string());
            }
        }
        for list in map.values_mut() {
            list.sort();
        }
        map
    }

    fn started(fen: Option<&str>) -> Game {
        let setup = GameSetup {
            fen: fen.map(str::to_string),
            ..GameSetup::default()
        };
        let mut game = Game::new(setup).expect("a valid setup");
        assert!(
            game.apply(Event::new(Actor::Arbiter, 0, EventKind::Start))
                .is_accepted()
        );
        game
    }

    #[test]
    fn squares_come_in_the_order_of_their_names() {
        let names = |set: u64| by_name(set).map(|s| s.to_string()).collect::<Vec<_>>();
        for i in 0..64 {
            let square = Square::from_index(i);
            assert_eq!(names(1 << i), [square.to_string()]);
        }
        assert_eq!(names(u64::MAX).len(), 64);
        assert_eq!(names(u64::MAX)[..3], ["a1", "a2", "a3"]);
        assert_eq!(names((1 << 7) | (1 << 8) | 1), ["a1", "a2", "h1"]);
    }

    #[test]
    fn destinations_serialise_as_a_map_of_square_names() {
        // The start, castling both ways, and promotions (four moves, one
        // destination each).
        for fen in [
            None,
            Some("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"),
            Some("1r2k3/2P5/8/8/8/8/8/4K3 w - - 0 1"),
        ] {
            let game = started(fen);
            let id: Arc<str> = Arc::from("g");
            let head = Arc::new(Head::of(game.setup()));
            let view = View::of(&id, &head, &game, 0, 0, 0);
            let json = serde_json::to_string(&view.dests).expect("serialises");
            let expected = serde_json::to_string(&by_names(&game)).expect("serialises");
            assert_eq!(json, expected, "{fen:?}");
            assert!(!view.dests.is_empty());
        }
        let mut game = started(None);
        let id: Arc<str> = Arc::from("g");
        let head = Arc::new(Head::of(game.setup()));
        assert!(
            game.apply(Event::new(
                Actor::Arbiter,
                1,
                EventKind::DeclareResult {
                    result: arbiter_referee::GameResult::Draw,
                    rule: arbiter_referee::Rule::fide("12.2"),
                    reason: "test".into(),
                },
            ))
            .is_accepted()
        );
        let over = View::of(&id, &head, &game, 1, 1, 0);
        assert!(over.dests.is_empty());
        assert_eq!(serde_json::to_string(&over.dests).unwrap(), "{}");
    }
}
