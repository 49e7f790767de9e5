//! One game between two engines, refereed move by move.
//!
//! The referee keeps the clock on a virtual timeline: each engine move is
//! an online-mode move event timestamped with the time the engine took
//! (measured from writing `go` to reading `bestmove`, less the engine's
//! margin), so Arbiter's own work between moves is charged to nobody. Every
//! ending is the referee's: the match only tells it what happened.
//!
//! - An engine that stops answering, or crashes, in a timed game makes no
//!   more moves: its clock runs until the flag falls (FIDE 6.9).
//! - An illegal move (including `bestmove (none)` or `0000` with legal
//!   moves on the board, or text that is not a move) is final, since an
//!   engine cannot take it back; a crash, a hang in an untimed game, or an
//!   engine that cannot start ends its part in the game. The match sends
//!   the referee a [`EventKind::Forfeit`] with the cause, and the referee
//!   rules (a loss, or a draw if the opponent cannot mate).
//!
//! The referee claims for the player to move the draws its ruleset lets
//! him claim when the match says so (engines cannot claim over UCI).
//! Engine-score adjudication is applied on top as a draw agreement or a
//! resignation, and labelled as adjudication.

use std::time::{Duration, Instant};

use arbiter_referee::{
    Actor, Event, EventKind, ForfeitCause, Game, GameSetup, Mode, Player, Reason, Ruleset,
    Termination, TimeControl,
};
use arbiter_rules::{ByColor, Color, Position};

use super::adjudication::{Adjudication, Adjudicator, DrawAdjudication, ResignAdjudication};
use super::limits::{SideClock, go_command};
use super::openings::Opening;
use super::options::EngineSpec;
use super::record::{Failure, FailureKind, GameRecord};
use super::schedule::Pairing;
use crate::engine::{Engine, EngineError, Search};
use crate::protocol::{BestMove, PositionCommand, Score};

/// How long a search without a clock or a move time may take before the
/// engine is considered hung.
const UNTIMED_SEARCH_LIMIT: Duration = Duration::from_secs(120);
/// Extra wait past a fixed move time before an engine is considered hung.
const MOVETIME_GRACE: Duration = Duration::from_secs(1);

/// What a game needs besides its two engines.
#[derive(Clone, Debug)]
pub struct GameContext<'a> {
    /// Its place in the schedule.
    pub pairing: Pairing,
    /// Both engines' settings.
    pub specs: ByColor<&'a EngineSpec>,
    /// Both engines' names.
    pub names: ByColor<String>,
    /// The opening the game starts from.
    pub opening: &'a Opening,
    /// The ruleset (`None`: from the time control's pace).
    pub ruleset: Option<Ruleset>,
    /// Whether the referee claims draws for the engines.
    pub claims: bool,
    /// Draw adjudication.
    pub draw: Option<DrawAdjudication>,
    /// Resign adjudication.
    pub resign: Option<ResignAdjudication>,
    /// Move limit.
    pub maxmoves: Option<u32>,
    /// The `Event` tag.
    pub event: String,
    /// The `Site` tag.
    pub site: String,
    /// The `Date` tag (`YYYY.MM.DD`).
    pub date: String,
}

/// What an engine said about one of its moves.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveNote {
    /// Its score, from its own side.
    pub score: Option<Score>,
    /// Its depth.
    pub depth: Option<u32>,
    /// The time it took, as measured.
    pub elapsed: Duration,
}

/// A finished game.
#[derive(Debug)]
pub struct PlayedGame {
    /// The referee's game: moves, clock, outcome.
    pub game: Game,
    /// The opening it started from (book moves are before the referee's
    /// first move).
    pub opening: Opening,
    /// One note per move the engines made, in order.
    pub notes: Vec<MoveNote>,
    /// What the match keeps.
    pub record: GameRecord,
    /// Arbiter's own time per move.
    pub overhead: Overhead,
    /// Warnings about the engines' setup (options they do not declare),
    /// written at the head of the game's PGN.
    pub warnings: Vec<String>,
}

/// Arbiter's own time per move, in microseconds, one sample per move
/// after the first.
#[derive(Clone, Debug, Default)]
pub struct Overhead {
    /// From reading `bestmove` to handing the next `position` and `go` to
    /// the system (the time nobody's clock runs).
    pub total_us: Vec<u32>,
    /// The part of it spent refereeing: from reading `bestmove` to having
    /// decided the move, adjudication and claims (before the commands are
    /// written out).
    pub compute_us: Vec<u32>,
}

/// The default ruleset for a time control: FIDE's, at its pace.
pub fn ruleset_for(clock: &TimeControl) -> Ruleset {
    use arbiter_referee::Pace;
    if !clock.is_timed() {
        return Ruleset::fide_standard();
    }
    match clock.pace() {
        Pace::Standard => Ruleset::fide_standard(),
        Pace::Rapid => Ruleset::fide_rapid(),
        Pace::Blitz => Ruleset::fide_blitz(),
    }
}

struct Referee {
    game: Game,
    now_us: u64,
    adjudication: Option<String>,
    failure: Option<Failure>,
}

impl Referee {
    fn now_ms(&self) -> u64 {
        self.now_us / 1000
    }

    fn apply(&mut self, actor: Actor, kind: EventKind) -> bool {
        let at = self.now_ms();
        self.game.apply(Event::new(actor, at, kind)).is_accepted()
    }

    fn is_over(&self) -> bool {
        self.game.outcome().is_some()
    }

    /// Lets the clock of a side that will not move run to its flag, if it
    /// has one; true if the game ended.
    fn run_to_flag(&mut self) -> bool {
        if let Some(deadline) = self.game.next_deadline_ms() {
            self.now_us = self.now_us.max(deadline * 1000);
            self.game.tick(deadline.max(self.now_ms()));
        }
        self.is_over()
    }

    /// `side`'s engine can take no further part in the game: the referee
    /// rules on it.
    fn forfeit(&mut self, side: Color, cause: ForfeitCause) {
        if !self.is_over() {
            self.apply(Actor::Arbiter, EventKind::Forfeit { side, cause });
        }
    }
}

/// The referee's game for this context, started.
fn start_referee(ctx: &GameContext<'_>) -> Referee {
    let start = ctx.opening.end_position();
    let clock_of = |c: Color| ctx.specs.get(c).limits.clock.clone();
    let (white_tc, black_tc) = (clock_of(Color::White), clock_of(Color::Black));
    let ruleset = ctx
        .ruleset
        .clone()
        .unwrap_or_else(|| ruleset_for(&white_tc));
    let setup = GameSetup {
        ruleset,
        black_time_control: (black_tc != white_tc).then_some(black_tc),
        time_control: white_tc,
        mode: Mode::Online,
        white: Player::named(ctx.names.white.clone()),
        black: Player::named(ctx.names.black.clone()),
        event: ctx.event.clone(),
        site: ctx.site.clone(),
        date: ctx.date.clone(),
        round: ctx.pairing.round.to_string(),
        fen: (start != Position::new()).then(|| start.fen()),
        ..GameSetup::default()
    };
    let game = Game::new(setup).expect("openings are validated when loaded");
    let mut referee = Referee {
        game,
        now_us: 0,
        adjudication: None,
        failure: None,
    };
    referee.apply(Actor::Arbiter, EventKind::Start);
    referee
}

/// A game `side`'s engine could not play at all (it could not be
/// started): the referee rules on it.
pub fn forfeited(ctx: &GameContext<'_>, side: Color, error: &EngineError) -> PlayedGame {
    let mut referee = start_referee(ctx);
    referee.failure = Some(Failure {
        side,
        kind: FailureKind::Start,
        detail: error.to_string(),
    });
    referee.forfeit(side, ForfeitCause::NotStarted);
    let record = make_record(ctx, &referee, 0);
    PlayedGame {
        game: referee.game,
        opening: ctx.opening.clone(),
        notes: Vec::new(),
        record,
        overhead: Overhead::default(),
        warnings: Vec::new(),
    }
}

/// Plays one game. Engines must be started; they are told `ucinewgame`.
pub async fn play_game(
    ctx: &GameContext<'_>,
    white: &mut Engine,
    black: &mut Engine,
) -> PlayedGame {
    let opening = ctx.opening.clone();
    let mut referee = start_referee(ctx);
    let mut notes = Vec::new();
    let mut overhead = Overhead::default();
    let mut adjudicator = Adjudicator::new(ctx.draw, ctx.resign, ctx.maxmoves);
    let mut moves = opening.moves.clone();
    let mut moves_made = ByColor {
        white: 0u32,
        black: 0u32,
    };
    let chess960 = opening.start_position().castling_mode().is_chess960();
    for side in [Color::White, Color::Black] {
        let engine = if side == Color::White {
            &mut *white
        } else {
            &mut *black
        };
        let ready = match engine.set_chess960(chess960).await {
            Ok(_) => engine.new_game().await,
            Err(e) => Err(e),
        };
        if let Err(e) = ready {
            let kind = kind_of(&e);
            referee.failure = Some(Failure {
                side,
                kind,
                detail: e.to_string(),
            });
            referee.forfeit(side, kind.cause());
        }
    }

    let mut last_bestmove: Option<Instant> = None;
    while !referee.is_over() {
        let side = referee.game.turn();
        let engine = if side == Color::White {
            &mut *white
        } else {
            &mut *black
        };
        let spec = ctx.specs.get(side);
        let reading = referee.game.clock_at(referee.now_ms());
        let clock_of = |color: Color| SideClock {
            limits: &ctx.specs.get(color).limits,
            remaining_ms: reading.remaining(color),
            increment_ms: referee.game.increment_ms(color),
            moves_to_go: referee.game.moves_to_go(color),
        };
        let go = go_command(side, clock_of(Color::White), clock_of(Color::Black));
        let budget = if spec.limits.clock.is_timed() {
            // Past this the flag has fallen whatever the engine says.
            Duration::from_millis(reading.remaining(side).max(0) as u64 + spec.margin_ms + 1)
        } else if let Some(ms) = spec.limits.movetime_ms {
            Duration::from_millis(ms + spec.margin_ms) + MOVETIME_GRACE
        } else {
            UNTIMED_SEARCH_LIMIT
        };
        let position = PositionCommand {
            fen: opening.fen.clone(),
            moves: moves.clone(),
        };
        let prepared_at = Instant::now();
        let search = engine.search(&position, &go, Some(budget)).await;
        let go_sent_at = match &search {
            Ok(s) => s.go_sent_at,
            Err(f) => f.go_sent_at,
        };
        if let Some(read) = last_bestmove {
            overhead
                .total_us
                .push(micros(go_sent_at.saturating_duration_since(read)));
            overhead
                .compute_us
                .push(micros(prepared_at.saturating_duration_since(read)));
        }
        match search {
            Ok(search) => {
                last_bestmove = Some(search.bestmove_read_at);
                charge(&mut referee, search.elapsed, spec.margin_ms);
                let Some(note) = play_move(
                    &mut referee,
                    ctx,
                    side,
                    &search,
                    &mut adjudicator,
                    moves_made,
                ) else {
                    continue;
                };
                moves.push(note.0);
                notes.push(note.1);
                *moves_made.get_mut(side) += 1;
            }
            Err(failure) => {
                charge(&mut referee, failure.elapsed, spec.margin_ms);
                let kind = kind_of(&failure.error);
                let timed = spec.limits.clock.is_timed();
                if !matches!(failure.error, EngineError::Overtime { .. }) || !timed {
                    referee.failure = Some(Failure {
                        side,
                        kind,
                        detail: failure.error.to_string(),
                    });
                }
                // The engine makes no move in time: the referee's clock decides.
                if timed && referee.run_to_flag() {
                    break;
                }
                referee.forfeit(side, kind.cause());
            }
        }
    }
    let record = make_record(ctx, &referee, notes.len() as u32);
    PlayedGame {
        game: referee.game,
        opening,
        notes,
        record,
        overhead,
        warnings: Vec::new(),
    }
}

fn micros(d: Duration) -> u32 {
    d.as_micros().min(u128::from(u32::MAX)) as u32
}

/// Moves the virtual clock on by the time the engine took, less its margin.
fn charge(referee: &mut Referee, elapsed: Duration, margin_ms: u64) {
    let spent = elapsed.as_micros() as u64;
    referee.now_us += spent.saturating_sub(margin_ms * 1000);
}

/// Plays the engine's answer; returns the move (UCI) and its note when a
/// move was made.
fn play_move(
    referee: &mut Referee,
    ctx: &GameContext<'_>,
    side: Color,
    search: &Search,
    adjudicator: &mut Adjudicator,
    moves_made: ByColor<u32>,
) -> Option<(String, MoveNote)> {
    let info = search.info.as_ref();
    let note = MoveNote {
        score: info.and_then(|i| i.score),
        depth: info.and_then(|i| i.depth),
        elapsed: search.elapsed,
    };
    let illegal = |referee: &mut Referee, detail: String| {
        referee.failure = Some(Failure {
            side,
            kind: FailureKind::IllegalMove,
            detail,
        });
        referee.forfeit(side, ForfeitCause::IllegalMove);
    };
    let uci = match &search.bestmove {
        BestMove::Move { uci, .. } => *uci,
        BestMove::NoMove { text } => {
            referee.game.tick(referee.now_ms());
            if !referee.is_over() {
                illegal(
                    referee,
                    format!("answered bestmove {text} with legal moves on the board"),
                );
            }
            return None;
        }
        BestMove::Malformed { text } => {
            referee.game.tick(referee.now_ms());
            if !referee.is_over() {
                illegal(
                    referee,
                    format!(
                        "answered {:?}, which is not a move",
                        format!("bestmove {text}")
                    ),
                );
            }
            return None;
        }
    };
    let position = referee.game.position().clone();
    let fullmove = position.fullmoves().get();
    let mover_moves = moves_made.get(side) + 1;
    let adjudication = adjudicator.after_move(side, note.score, fullmove, mover_moves);
    let offers_draw = matches!(
        adjudication,
        Some(Adjudication::Draw { .. } | Adjudication::MaxMoves { .. })
    );
    let play = |referee: &mut Referee, offer_draw| {
        referee.apply(
            Actor::from(side),
            EventKind::Move {
                mv: uci.to_string(),
                offer_draw,
            },
        )
    };
    let mut accepted = play(referee, offers_draw);
    let mut adjudication = adjudication;
    if !accepted && offers_draw && !referee.is_over() {
        // The ruleset refused the offer (not the move): play it without.
        accepted = play(referee, false);
        adjudication = None;
    }
    if referee.is_over() {
        // Mate, a dead position, an automatic draw, or the flag.
        return accepted.then(|| (uci.to_string(), note));
    }
    if !accepted {
        illegal(
            referee,
            format!("played {uci}, which is illegal in {}", position.fen()),
        );
        return None;
    }
    let adjudicated = match adjudication {
        Some(Adjudication::Draw { reason } | Adjudication::MaxMoves { reason }) => Some((
            Actor::from(!side),
            EventKind::AcceptDraw,
            format!("draw: {reason}"),
        )),
        Some(Adjudication::Resign { loser, reason }) => Some((
            Actor::from(loser),
            EventKind::Resign,
            format!("{} resigns: {reason}", ctx.names.get(loser)),
        )),
        None => None,
    };
    if let Some((actor, kind, label)) = adjudicated
        && referee.apply(actor, kind)
    {
        referee.adjudication = Some(label);
    }
    if ctx.claims && !referee.is_over() {
        claim_draws(referee);
    }
    Some((uci.to_string(), note))
}

/// Claims for the player to move the draw the ruleset lets him claim on
/// the position, if any.
fn claim_draws(referee: &mut Referee) {
    let to_move = Actor::from(referee.game.turn());
    if let Some(claim) = referee.game.claimable_draw() {
        referee.apply(to_move, EventKind::ClaimDraw { claim, mv: None });
    }
}

fn kind_of(e: &EngineError) -> FailureKind {
    match e {
        EngineError::Crashed { .. } | EngineError::Dead { .. } => FailureKind::Crash,
        EngineError::Hang { .. } | EngineError::Overtime { .. } => FailureKind::Hang,
        EngineError::Spawn { .. } | EngineError::Option(_) => FailureKind::Start,
    }
}

fn make_record(ctx: &GameContext<'_>, referee: &Referee, plies: u32) -> GameRecord {
    let outcome = referee.game.outcome();
    let termination = match (&referee.adjudication, outcome) {
        (Some(_), _) => "adjudication".to_string(),
        (None, Some(o)) => serde_json::to_value(o.termination)
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_default(),
        (None, None) => "unfinished".to_string(),
    };
    // A flag before the engine's first move ends a game the referee
    // calls unplayed; its ruling still names the flag.
    let flag = outcome.is_some_and(|o| match o.termination {
        Termination::FlagFall | Termination::FlagFallOpponentCannotMate => true,
        Termination::Unplayed => matches!(
            o.ruling.reason,
            Reason::FlagFell { .. } | Reason::FlagFellMovesOwed { .. }
        ),
        _ => false,
    });
    // The side whose flag fell is the one that was to move.
    let time_forfeit = (flag && referee.failure.is_none()).then(|| referee.game.turn());
    GameRecord {
        pairing: ctx.pairing,
        result: referee.game.result(),
        termination,
        rule: outcome
            .map(|o| o.ruling.rule.to_string())
            .unwrap_or_default(),
        reason: outcome
            .map(|o| o.ruling.message().text("en").to_string())
            .unwrap_or_default(),
        adjudication: referee.adjudication.clone(),
        failure: referee.failure.clone(),
        time_forfeit,
        plies,
    }
}
