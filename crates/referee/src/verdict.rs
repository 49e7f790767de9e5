//! Verdicts: each event is accepted, with what it caused, or rejected, with
//! the reason. Every consequence and every rejection names its rule.

use arbiter_rules::{Color, Square};
use serde::{Deserialize, Serialize};

use crate::{GameResult, Rule, Ruling, Termination};

/// What a touch obliges the player to do (FIDE 4.3).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "must", rename_all = "snake_case")]
pub enum Obligation {
    /// Move the piece on this square (FIDE 4.3.1).
    Move {
        /// The piece's square.
        square: Square,
    },
    /// Capture the opponent's piece on this square (FIDE 4.3.2).
    Capture {
        /// The piece's square.
        square: Square,
    },
    /// Capture the opponent's piece on `square` with the piece on `piece`
    /// (FIDE 4.3.3: pieces of both colours touched).
    CaptureWith {
        /// The player's own piece touched first.
        piece: Square,
        /// The opponent's piece touched first.
        square: Square,
    },
    /// Castle with the rook on `rook` (FIDE 4.4.1: king, then rook,
    /// touched).
    Castle {
        /// The king's square.
        king: Square,
        /// The rook's square.
        rook: Square,
    },
}

/// One thing an accepted event caused.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "effect", rename_all = "snake_case")]
pub enum Effect {
    /// The clock started for `side`.
    ClockStarted {
        /// Whose clock runs.
        side: Color,
    },
    /// A touch, and what it binds (nothing when the piece cannot move or be
    /// captured, or when an earlier touch already binds).
    Touched {
        /// The square touched.
        square: Square,
        /// The obligation, if any.
        obligation: Option<Obligation>,
    },
    /// A piece adjusted, with no obligation.
    Adjusted {
        /// The square of the piece adjusted (FIDE 4.2).
        square: Square,
    },
    /// A legal move made on the board.
    MoveMade {
        /// Who moved.
        side: Color,
        /// The move in UCI notation (`g1f3`).
        uci: String,
        /// The move in SAN (`Nf3`).
        san: String,
    },
    /// An illegal move left on the board, not yet completed (no clock
    /// press yet).
    IllegalMovePlaced {
        /// Who.
        side: Color,
        /// The square the piece was lifted from.
        from: Square,
        /// The square the piece was put on.
        to: Square,
    },
    /// The clock was pressed: `side`'s clock stopped with `remaining_ms`,
    /// the opponent's started.
    ClockPressed {
        /// Who pressed.
        side: Color,
        /// Time left on the presser's clock, bonus included.
        remaining_ms: i64,
    },
    /// Time added to a clock (a penalty, a granted request, a period).
    TimeAdded {
        /// Whose clock.
        side: Color,
        /// How much.
        ms: u64,
    },
    /// A completed illegal move, and how many counted ones the player has.
    IllegalMoveCompleted {
        /// Who.
        side: Color,
        /// Counted illegal moves so far (those the ruleset counts).
        count: u32,
    },
    /// The position before the irregularity is back on the board.
    PositionRestored {
        /// The position, FEN.
        fen: String,
    },
    /// A draw offer is pending.
    DrawOffered {
        /// Who offered.
        by: Color,
    },
    /// A pending offer ended without a draw (declined, lapsed).
    OfferEnded {
        /// Who had offered.
        by: Color,
    },
    /// A wrong draw claim.
    ClaimRefused,
    /// A takeback asked for and refused: the move stands (FIDE 4.7).
    TakebackRefused,
    /// Online, a player has left the game; unless he comes back, his
    /// opponent may claim the win from `claim_from_ms` on (FIDE 11.2.3).
    PlayerLeft {
        /// Who left.
        side: Color,
        /// From when the opponent may claim, on the game's time line.
        claim_from_ms: u64,
    },
    /// A player who had left is back: no claim against him.
    PlayerReturned {
        /// Who came back.
        side: Color,
    },
    /// A 5-second increment for both, from now on.
    IncrementGranted {
        /// The increment, ms.
        ms: u64,
    },
    /// An illegal move nobody claimed in time stays.
    IllegalMoveStands,
    /// Something for the record, without further effect.
    Noted,
    /// The game is over.
    GameOver {
        /// The result the game ended with (`*` when it ended without one).
        result: GameResult,
        /// Why.
        termination: Termination,
    },
}

/// An effect with its ruling.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Consequence {
    /// What happened.
    #[serde(flatten)]
    pub effect: Effect,
    /// The rule and its message.
    pub ruling: Ruling,
}

impl Consequence {
    /// A consequence.
    pub fn new(effect: Effect, ruling: Ruling) -> Consequence {
        Consequence { effect, ruling }
    }
}

/// Why an event was refused.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rejection {
    /// The rule and its message.
    #[serde(flatten)]
    pub ruling: Ruling,
}

/// The decision on one event.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "verdict", rename_all = "snake_case")]
pub enum Decision {
    /// Accepted, with what it caused.
    Accepted {
        /// The consequences, in order.
        consequences: Vec<Consequence>,
    },
    /// Refused: the event changed nothing.
    Rejected {
        /// Why.
        #[serde(flatten)]
        rejection: Rejection,
    },
}

/// The verdict on an event: what time did on its own up to the event's
/// moment (`due`: a flag that fell before it), then the decision on the
/// event itself.
///
/// Only the referee makes verdicts: their constructors are the crate's
/// own, so no server or tool can rule in its place. Everybody else reads
/// them (or reads one back from its JSON).
///
/// ```
/// use arbiter_referee::{Actor, Event, EventKind, Game, GameSetup};
/// let mut game = Game::new(GameSetup::default())?;
/// let e4 = EventKind::Move { mv: "e4".into(), offer_draw: false };
/// let verdict = game.apply(Event::new(Actor::White, 0, e4));
/// // Nothing is accepted before the arbiter starts the clock (FIDE 6.5).
/// assert!(!verdict.is_accepted());
/// assert!(verdict.due().is_empty());
/// assert_eq!(verdict.rules()[0].to_string(), "FIDE 6.5");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Verdict {
    /// What happened on its own before the event (a flag fall, at its exact
    /// time), exactly as a [`crate::EventKind::Tick`] at the event's time
    /// would have made it happen.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    due: Vec<Consequence>,
    /// The decision.
    #[serde(flatten)]
    decision: Decision,
}

impl Verdict {
    /// The event accepted, with what it caused, after what was `due`.
    pub(crate) fn accepted(due: Vec<Consequence>, consequences: Vec<Consequence>) -> Verdict {
        Verdict {
            due,
            decision: Decision::Accepted { consequences },
        }
    }

    /// The event refused, after what was `due`.
    pub(crate) fn rejected(due: Vec<Consequence>, rejection: Rejection) -> Verdict {
        Verdict {
            due,
            decision: Decision::Rejected { rejection },
        }
    }

    /// What happened on its own before the event (a flag fall, at its
    /// exact time).
    pub fn due(&self) -> &[Consequence] {
        &self.due
    }

    /// The decision on the event itself.
    pub fn decision(&self) -> &Decision {
        &self.decision
    }

    /// `true` when the event was accepted.
    pub fn is_accepted(&self) -> bool {
        matches!(self.decision, Decision::Accepted { .. })
    }

    /// `true` when the verdict changed the game: an accepted event, or a
    /// flag that fell before a refused one.
    pub fn changed_anything(&self) -> bool {
        !self.due.is_empty() || self.is_accepted()
    }
    /// The consequences of an accepted event (empty when rejected).
    pub fn consequences(&self) -> &[Consequence] {
        match &self.decision {
            Decision::Accepted { consequences } => consequences,
            Decision::Rejected { .. } => &[],
        }
    }

    /// The rejection, if the event was refused.
    pub fn rejection(&self) -> Option<&Rejection> {
        match &self.decision {
            Decision::Accepted { .. } => None,
            Decision::Rejected { rejection } => Some(rejection),
        }
    }

    /// Every rule cited: the due consequences, then the decision's.
    pub fn rules(&self) -> Vec<&Rule> {
        let mut rules: Vec<&Rule> = self.due.iter().map(|c| &c.ruling.rule).collect();
        match &self.decision {
            Decision::Accepted { consequences } => {
                rules.extend(consequences.iter().map(|c| &c.ruling.rule))
            }
            Decision::Rejected { rejection } => rules.push(&rejection.ruling.rule),
        }
        rules
    }
}
