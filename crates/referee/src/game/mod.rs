//! The game: a fold over events.

mod absence;
mod arrival;
mod draws;
mod endings;
mod illegal;
mod takeback;
mod touch_move;
mod turn;

use arbiter_rules::{ByColor, Color, History, Move, MoveList, Position, Square};

use crate::clock::{Clock, ClockReading};
use crate::dead_position::DeadPositionWatch;
use crate::verdict::{Consequence, Effect, Obligation, Rejection, Verdict};
use crate::{
    DrawClaim, Ending, Event, EventKind, GameResult, GameSetup, Outcome, PositionEndings, Reason,
    Rule, Ruleset, Ruling, SetupError, Termination,
};

/// One move of the record.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct PlyRecord {
    /// Who moved.
    pub side: Color,
    /// The move in UCI.
    pub uci: String,
    /// The move in SAN (for an illegal move left standing, its squares).
    pub san: String,
    /// The classic rules' Chinese short form (`马f3`).
    pub chinese: String,
    /// When the clock was pressed.
    pub at_ms: u64,
    /// Time spent on the move.
    pub elapsed_ms: u64,
    /// Time left after the move, bonus included (`None` untimed).
    pub clock_ms: Option<i64>,
    /// A draw offer went with the move (noted `(=)`, FIDE 9.1.2.2).
    pub offered_draw: bool,
    /// The move gave check.
    pub check: bool,
}

/// A draw offer and who made it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Offer {
    by: Color,
    /// Already on the record, with one of the offerer's moves (FIDE 9.1.2.2).
    noted: bool,
}

/// What the hand of the player having the move has done this turn.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
struct Hand {
    /// What the touches bind (FIDE 4.3, 4.4), or the piece that must
    /// replace an illegal move (7.5.1).
    obligation: Option<Obligation>,
    /// The pieces deliberately touched, in order (the piece of an illegal
    /// move counts as touched first, 7.5.1).
    touches: Vec<touch_move::TouchedPiece>,
    /// The article behind `obligation`, when a touch made it (`None`: the
    /// plain 4.3.1 or 4.3.2, or an illegal move's correction).
    bound_by: Option<Rule>,
    /// Whether a piece was touched (the right to claim is lost, 9.4).
    touched: bool,
    /// What has been left on the board, not yet completed by the press.
    placed: Option<Placed>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Placed {
    Legal(Move),
    Illegal(IllegalPlacement),
}

/// A piece left where the rules do not allow it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct IllegalPlacement {
    from: Square,
    to: Square,
    promotion: Option<arbiter_rules::Role>,
}

/// A completed illegal move waiting for a claim (FIDE A.5.2).
#[derive(Clone, Debug, PartialEq, Eq)]
struct ClaimableIllegal {
    by: Color,
    placement: IllegalPlacement,
    /// Position and clock just before the press.
    before: Position,
    clock_before: Clock,
    pressed_at: u64,
    /// The position the illegal move left, if one can be played from.
    standing: Option<Position>,
    king_exposure: bool,
}

/// Everything that changes as events are accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
struct State {
    position: Position,
    plies: Vec<PlyRecord>,
    /// The positions: the start, then after each ply.
    history: History,
    clock: Clock,
    started_at: Option<u64>,
    last_at_ms: u64,
    turn_started_at: u64,
    hand: Hand,
    offer: Option<Offer>,
    /// `classic`: may not offer until the opponent has offered.
    offer_blocked: ByColor<bool>,
    increment_requested_by: Option<Color>,
    illegal_counts: ByColor<u32>,
    claimable: Option<ClaimableIllegal>,
    moves_made: ByColor<u32>,
    outcome: Option<Outcome>,
    /// The player whose released move ended the game (FIDE 4.7, 5.1.1,
    /// 5.2): his clock press, still due by habit, changes nothing.
    ended_by_release: Option<Color>,
    /// For a player the record has gone from the game (online), the moment
    /// from which his opponent may claim the win (FIDE 11.2.3).
    left: ByColor<Option<u64>>,
}

/// A game under the Competition Rules: set up once, then fed events.
///
/// ```
/// use arbiter_referee::{Actor, Event, EventKind, Game, GameSetup, GameResult, Termination};
/// let mut game = Game::new(GameSetup { time_control: "300+2".parse()?, ..GameSetup::default() })?;
/// let mv = |actor, at_ms, m: &str| Event::new(actor, at_ms, EventKind::Move { mv: m.into(), offer_draw: false });
/// assert!(game.apply(Event::new(Actor::Arbiter, 0, EventKind::Start)).is_accepted());
/// for (i, m) in ["f3", "e5", "g4", "Qh4#"].iter().enumerate() {
///     let actor = if i % 2 == 0 { Actor::White } else { Actor::Black };
///     assert!(game.apply(mv(actor, 1000 * (i as u64 + 1), m)).is_accepted());
/// }
/// let outcome = game.outcome().unwrap();
/// assert_eq!(outcome.result, GameResult::BlackWins);
/// assert_eq!(outcome.termination, Termination::Checkmate);
/// assert_eq!(outcome.ruling.rule.to_string(), "FIDE 5.1.1");
/// // A refused event changes nothing.
/// assert!(!game.apply(mv(Actor::White, 9000, "e4")).is_accepted());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    setup: GameSetup,
    start: Position,
    state: State,
    events: Vec<Event>,
    /// The endings the ruleset lets the position bring about by itself.
    endings: PositionEndings,
    /// The mating lines that proved the last position alive, carried to
    /// the next move's dead-position question (a cache: it never changes
    /// a verdict, and rolling back an event needs no care of it).
    dead_watch: DeadPositionWatch,
}

type Decided = Result<Vec<Consequence>, Rejection>;

/// The state before an event, to roll back a rejection.
struct Snapshot {
    state: State,
    plies: usize,
    positions: arbiter_rules::Checkpoint,
}

/// A rejection under `rule`.
pub(crate) fn reject(rule: Rule, reason: Reason) -> Rejection {
    Rejection {
        ruling: Ruling::new(rule, reason),
    }
}

/// A consequence under `rule`.
pub(crate) fn effect(effect: Effect, rule: Rule, reason: Reason) -> Consequence {
    Consequence::new(effect, Ruling::new(rule, reason))
}

/// `player`'s move `m` (written `san`) made, by `rule`, for `reason`.
pub(crate) fn move_made(
    player: Color,
    m: Move,
    san: String,
    rule: Rule,
    reason: Reason,
) -> Consequence {
    let made = Effect::MoveMade {
        side: player,
        uci: m.to_string(),
        san,
    };
    effect(made, rule, reason)
}

impl Game {
    /// A game before its first event: the clock not started.
    pub fn new(setup: GameSetup) -> Result<Game, SetupError> {
        let start = setup.start_position()?;
        let clock = Clock::new(setup.time_controls());
        let state = State {
            history: History::new(&start),
            position: start.clone(),
            plies: Vec::new(),
            clock,
            started_at: None,
            last_at_ms: 0,
            turn_started_at: 0,
            hand: Hand::default(),
            offer: None,
            offer_blocked: ByColor::default(),
            increment_requested_by: None,
            illegal_counts: ByColor::default(),
            claimable: None,
            moves_made: ByColor::default(),
            outcome: None,
            ended_by_release: None,
            left: ByColor::default(),
        };
        Ok(Game {
            endings: PositionEndings::new(&setup.ruleset),
            setup,
            start,
            state,
            events: Vec::new(),
            dead_watch: DeadPositionWatch::default(),
        })
    }

    /// Folds `events` into a new game, returning it with the verdict on each.
    pub fn replay(
        setup: GameSetup,
        events: impl IntoIterator<Item = Event>,
    ) -> Result<(Game, Vec<Verdict>), SetupError> {
        let mut game = Game::new(setup)?;
        let verdicts = events.into_iter().map(|e| game.apply(e)).collect();
        Ok((game, verdicts))
    }

    /// Decides one event. Whatever was due by the event's time (a flag)
    /// happens first and is reported in [`Verdict::due`]; a rejected event
    /// changes nothing else.
    pub fn apply(&mut self, event: Event) -> Verdict {
        if event.at_ms < self.state.last_at_ms {
            return Verdict::rejected(
                Vec::new(),
                reject(
                    Rule::fide("6.1"),
                    Reason::EventsOutOfOrder {
                        at_ms: event.at_ms,
                        last_ms: self.state.last_at_ms,
                    },
                ),
            );
        }
        let due = self.let_time_pass(event.at_ms);
        let saved = self.snapshot();
        match self.decide_and_note_presence(&event) {
            Ok(consequences) => {
                self.state.last_at_ms = event.at_ms;
                self.events.push(event);
                Verdict::accepted(due, consequences)
            }
            Err(rejection) => {
                self.restore(saved);
                Verdict::rejected(due, rejection)
            }
        }
    }

    /// What a rejected event must be rolled back to. The record (plies and
    /// repetition keys) only grows, so its length and the history's
    /// checkpoint are enough; the rest is small and copied.
    fn snapshot(&mut self) -> Snapshot {
        let plies = std::mem::take(&mut self.state.plies);
        let history = std::mem::take(&mut self.state.history);
        let snapshot = Snapshot {
            state: self.state.clone(),
            plies: plies.len(),
            positions: history.checkpoint(),
        };
        self.state.plies = plies;
        self.state.history = history;
        snapshot
    }

    fn restore(&mut self, saved: Snapshot) {
        let mut plies = std::mem::take(&mut self.state.plies);
        let mut history = std::mem::take(&mut self.state.history);
        plies.truncate(saved.plies);
        history.rewind(saved.positions);
        self.state = saved.state;
        self.state.plies = plies;
        self.state.history = history;
    }

    /// Lets time pass to `now`: the same as a [`EventKind::Tick`] event.
    pub fn tick(&mut self, now_ms: u64) -> Verdict {
        self.apply(Event::new(crate::Actor::Arbiter, now_ms, EventKind::Tick))
    }

    /// Decides `event`; a player the record had gone from the game who
    /// acts is there again, and the record says so first (FIDE 11.2.3).
    fn decide_and_note_presence(&mut self, event: &Event) -> Decided {
        let mut consequences = self.decide(event)?;
        if let Some(player) = event.actor.color()
            && !matches!(event.kind, EventKind::Tick)
            && let Some(back) = self.came_back(player)
        {
            consequences.insert(0, back);
        }
        Ok(consequences)
    }

    fn decide(&mut self, event: &Event) -> Decided {
        let at = event.at_ms;
        if let Some(outcome) = &self.state.outcome
            && matches!(event.kind, EventKind::PressClock)
            && event.actor.color().is_some()
            && event.actor.color() == self.state.ended_by_release
        {
            let ruling = Ruling::new(
                outcome.ruling.rule.clone(),
                Reason::EndedByRelease {
                    outcome: Box::new(outcome.ruling.reason.clone()),
                },
            );
            self.state.ended_by_release = None;
            return Ok(vec![Consequence::new(Effect::Noted, ruling)]);
        }
        if let Some(outcome) = &self.state.outcome
            && !matches!(event.kind, EventKind::Tick)
        {
            return Err(reject(
                outcome.ruling.rule.clone(),
                Reason::GameIsOver {
                    result: outcome.result,
                    outcome: Box::new(outcome.ruling.reason.clone()),
                },
            ));
        }
        match (&event.kind, event.actor.color()) {
            (EventKind::Start, _) => self.start(event.actor, at),
            (EventKind::Tick, _) => Ok(Vec::new()),
            (
                EventKind::DeclareResult {
                    result,
                    rule,
                    reason,
                },
                None,
            ) => self.declare_result(*result, rule.clone(), reason, at),
            (EventKind::ColoursReversed, None) => self.colours_reversed(at),
            (EventKind::BoardTurned, None) => Ok(vec![self.board_turned()]),
            (EventKind::GrantIncrement, None) => self.grant_increment(),
            (EventKind::ClaimIllegalMove, _) => self.claim_illegal_move(event.actor, at),
            (EventKind::ClaimFlag, _) => self.claim_flag(event.actor, at),
            (EventKind::PiecesDisplaced, Some(p)) => Ok(vec![self.pieces_displaced(p)]),
            (EventKind::Resign, Some(p)) => self.resign(p, at),
            (EventKind::Abort, Some(p)) => self.abort(p, at),
            (
                EventKind::PlayerLeft {
                    side,
                    claim_after_ms,
                },
                None,
            ) => self.player_left(*side, *claim_after_ms, at),
            (EventKind::PlayerReturned { side }, None) => self.player_returned(*side),
            (EventKind::Forfeit { side, cause }, None) => self.forfeit(*side, *cause, at),
            (_, None) => Err(reject(Rule::fide("12.1"), Reason::ArbiterDoesNotPlay)),
            (kind, Some(player)) => {
                self.require_started()?;
                match kind {
                    EventKind::Move { mv, offer_draw } => {
                        self.move_and_press(player, mv, *offer_draw, at)
                    }
                    EventKind::Touch { square } => self.touch(player, *square, at),
                    EventKind::Adjust { square } => self.adjust(player, *square),
                    EventKind::Release {
                        from,
                        to,
                        promotion,
                    } => self.release(player, *from, *to, *promotion, at),
                    EventKind::PressClock => self.press_clock(player, at),
                    EventKind::OfferDraw => self.offer_draw(player),
                    EventKind::AcceptDraw => self.accept_draw(player, at),
                    EventKind::DeclineDraw => self.decline_draw(player),
                    EventKind::ClaimDraw { claim, mv } => {
                        self.claim_draw(player, *claim, mv.as_deref(), at)
                    }
                    EventKind::RequestIncrement => self.request_increment(player, at),
                    EventKind::RequestTakeback => self.request_takeback(),
                    EventKind::ClaimVictory => self.claim_victory(player, at),
                    _ => unreachable_kind(),
                }
            }
        }
    }

    fn require_started(&self) -> Result<(), Rejection> {
        if self.state.started_at.is_none() {
            return Err(reject(Rule::fide("6.5"), Reason::NotStarted));
        }
        Ok(())
    }

    fn start(&mut self, actor: crate::Actor, at: u64) -> Decided {
        if actor != crate::Actor::Arbiter {
            return Err(reject(Rule::fide("6.5"), Reason::OnlyArbiterStarts));
        }
        if self.state.started_at.is_some() {
            return Err(reject(Rule::fide("6.5"), Reason::AlreadyStarted));
        }
        let side = self.state.position.turn();
        self.state.started_at = Some(at);
        self.state.turn_started_at = at;
        let mut out = Vec::new();
        if self.state.clock.is_timed() {
            self.state.clock.start(side, at);
        }
        out.push(effect(
            Effect::ClockStarted { side },
            Rule::fide("6.5"),
            Reason::GameStarts { side },
        ));
        out.extend(self.automatic_endings(at));
        Ok(out)
    }

    /// Ends the game. A game one side never moved in is named unplayed,
    /// whatever decided it ([`Termination::given_moves`]).
    fn finish(
        &mut self,
        result: GameResult,
        termination: Termination,
        ruling: Ruling,
        at: u64,
    ) -> Consequence {
        let termination = termination.given_moves(result, self.state.moves_made);
        self.state.clock.stop(at);
        self.state.offer = None;
        self.state.outcome = Some(Outcome {
            result,
            termination,
            ruling: ruling.clone(),
            at_ms: at,
        });
        Consequence::new(
            Effect::GameOver {
                result,
                termination,
            },
            ruling,
        )
    }

    /// Ends the game as `ending` says.
    fn conclude(&mut self, ending: Ending, at: u64) -> Consequence {
        self.finish(ending.result, ending.termination, ending.ruling, at)
    }

    /// Applies whatever happens on its own up to `now`: a flag fall, or a
    /// loss by default (whichever came first).
    fn let_time_pass(&mut self, now: u64) -> Vec<Consequence> {
        let flag = self.flag_deadline().filter(|&d| d <= now);
        let default = self.default_deadline().filter(|&d| d <= now);
        match (flag, default) {
            (Some(f), Some(d)) if d < f => self.absent_player_loses(d),
            (Some(f), _) => self.flag_falls(f),
            (None, Some(d)) => self.absent_player_loses(d),
            (None, None) => Vec::new(),
        }
    }

    // ----- queries -----

    /// The setup the game was created with.
    pub fn setup(&self) -> &GameSetup {
        &self.setup
    }

    /// The rules this game is played under.
    pub fn ruleset(&self) -> &Ruleset {
        &self.setup.ruleset
    }

    /// The starting position.
    pub fn start_position(&self) -> &Position {
        &self.start
    }

    /// The position after the last completed move. Over the board, a move
    /// left on the board but not yet completed by the press is
    /// [`Game::pending_move`].
    pub fn position(&self) -> &Position {
        &self.state.position
    }

    /// A legal move made on the board whose clock press is still due.
    pub fn pending_move(&self) -> Option<Move> {
        match self.state.hand.placed {
            Some(Placed::Legal(m)) => Some(m),
            _ => None,
        }
    }

    /// Whose turn it is (whose clock runs once the game is started). After
    /// a completed illegal move that may still be claimed (rapid and blitz,
    /// FIDE A.5.2) it is the claimant's, though [`Game::position`] is still
    /// the one before the illegal move.
    pub fn turn(&self) -> Color {
        self.having_move()
    }

    /// Every legal move in the position.
    pub fn legal_moves(&self) -> MoveList {
        self.state.position.legal_moves()
    }

    /// The legal moves the player having the move may still make, once
    /// touch-move (FIDE 4.3) and illegal-move corrections (7.5.1) bind him.
    pub fn allowed_moves(&self) -> MoveList {
        let mut moves = self.legal_moves();
        if let Some(ob) = self.state.hand.obligation {
            let bound: MoveList = moves
                .iter()
                .copied()
                .filter(|&m| touch_move::satisfies(&self.state.position, ob, m))
                .collect();
            if !bound.is_empty() {
                moves = bound;
            }
        }
        if let Some(rook) =
            touch_move::barred_castling_rook(&self.state.position, &self.state.hand.touches)
        {
            moves.retain(|m| !(m.is_castle() && m.to() == rook));
        }
        moves
    }

    /// What a touch (or an illegal move's correction) obliges the player
    /// having the move to do.
    pub fn obligation(&self) -> Option<Obligation> {
        self.state.hand.obligation
    }

    /// The clocks at `now_ms` (frozen once the game is over).
    pub fn clock_at(&self, now_ms: u64) -> ClockReading {
        self.state.clock.reading(now_ms)
    }

    /// The moves `color` still owes in its clock's current period (a UCI
    /// engine's `movestogo`): `None` in sudden death or without a clock.
    pub fn moves_to_go(&self, color: Color) -> Option<u32> {
        self.state.clock.moves_owed(color)
    }

    /// The increment `color`'s next move earns, in milliseconds: its
    /// period's (Fischer's), and the one granted under Guidelines III.4.
    pub fn increment_ms(&self, color: Color) -> u64 {
        self.state.clock.increment_ms(color)
    }

    /// The next moment something happens on its own (a flag falls, or a
    /// player who has not made his first move loses by default, FIDE
    /// 6.7.1), so a server can wake up then and send a [`EventKind::Tick`].
    pub fn next_deadline_ms(&self) -> Option<u64> {
        match (self.flag_deadline(), self.default_deadline()) {
            (Some(flag), Some(default)) => Some(flag.min(default)),
            (flag, default) => flag.or(default),
        }
    }

    /// When the running clock's flag falls, where the referee calls flags.
    fn flag_deadline(&self) -> Option<u64> {
        if self.state.outcome.is_some()
            || self.state.started_at.is_none()
            || self.setup.ruleset.flag_call != crate::FlagCall::Referee
        {
            return None;
        }
        self.state.clock.flag_deadline()
    }

    /// The side whose draw offer is pending.
    pub fn pending_offer(&self) -> Option<Color> {
        self.state.offer.map(|o| o.by)
    }

    /// How the game ended, if it has.
    pub fn outcome(&self) -> Option<&Outcome> {
        self.state.outcome.as_ref()
    }

    /// The result: `*` while the game goes on.
    pub fn result(&self) -> GameResult {
        self.state
            .outcome
            .as_ref()
            .map_or(GameResult::Unknown, |o| o.result)
    }

    /// The moves made, with their clock times.
    pub fn plies(&self) -> &[PlyRecord] {
        &self.state.plies
    }

    /// The accepted events, in order.
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// Completed illegal moves counted against `color`.
    pub fn illegal_moves(&self, color: Color) -> u32 {
        *self.state.illegal_counts.get(color)
    }

    /// `true` once the arbiter has started the clock.
    pub fn is_started(&self) -> bool {
        self.state.started_at.is_some()
    }

    /// Whether `color` must keep the scoresheet at `now_ms` (FIDE 8.1, 8.4;
    /// A.2: not in rapid and blitz; the classic rules: not under five minutes).
    pub fn must_record(&self, color: Color, now_ms: u64) -> bool {
        let rule = &self.setup.ruleset.recording;
        if !rule.required {
            return false;
        }
        if !self.state.clock.control(color).is_timed() {
            return true;
        }
        let left = self.state.clock.remaining_at(color, now_ms);
        if left >= rule.exempt_below_ms as i64 {
            return true;
        }
        match rule.unless_increment_at_least_ms {
            Some(min) => self.state.clock.increment_ms(color) >= min,
            None => false,
        }
    }

    /// How many times the current position has occurred (FIDE 9.2.3).
    pub fn repetitions(&self) -> usize {
        self.state.history.occurrences(&self.state.position)
    }

    /// The draw the player to move may claim on the position on the board
    /// under the ruleset, if any (FIDE 9.2, 9.3): repetition first. `None`
    /// where the ruleset makes those draws automatic, or once the game is
    /// over.
    pub fn claimable_draw(&self) -> Option<DrawClaim> {
        if self.state.outcome.is_some() {
            return None;
        }
        self.endings
            .claimable(&self.state.position, self.repetitions())
    }
}

fn unreachable_kind() -> Decided {
    Err(reject(Rule::fide("12.1"), Reason::NotAPlayersEvent))
}
