//! Flags (FIDE 6.8, 6.9, Guidelines III.3), resignation (5.1.2), the
//! arbiter's decisions, a player who can go on no more, and the
//! irregularities of Article 7.

use arbiter_rules::Color;

use super::{Decided, Game, effect, reject};
use crate::ruleset::ColoursReversed;
use crate::verdict::{Consequence, Effect};
use crate::{
    Actor, FlagCall, ForfeitCause, GameResult, Reason, Rule, Ruling, Termination, dead_position,
};

/// Guidelines III.4: the increment a player short of time may ask for.
const REQUESTED_INCREMENT_MS: u64 = 5_000;
/// Guidelines III.4: the request is open under two minutes.
const REQUEST_BELOW_MS: i64 = 120_000;
/// Guidelines III.4: what the opponent gets when the request is granted.
const REQUEST_COMPENSATION_MS: u64 = 120_000;

impl Game {
    /// `side`'s flag falls at `at` (called at the exact moment).
    pub(super) fn flag_falls(&mut self, at: u64) -> Vec<Consequence> {
        let Some(side) = self.state.clock.running() else {
            return Vec::new();
        };
        self.state.clock.set(side, 0, at);
        vec![self.flag_verdict(side, at)]
    }

    /// The result of `side`'s flag: a loss, unless the opponent cannot mate
    /// (6.9); the arbiter checks the moves owed in the period (6.3.1).
    fn flag_verdict(&mut self, side: Color, at: u64) -> Consequence {
        let owed = self.state.clock.moves_owed(side).filter(|&n| n > 0);
        let board = self.board_position();
        let rule = if self.setup.ruleset.is_classic() {
            Rule::classic("超时判负")
        } else {
            Rule::fide("6.9")
        };
        if self.setup.ruleset.saved_by_no_mate.flag && !dead_position::can_mate(&board, !side) {
            self.finish(
                GameResult::Draw,
                Termination::FlagFallOpponentCannotMate,
                Ruling::new(
                    Rule::fide("6.9"),
                    match owed {
                        Some(moves) => Reason::FlagFellMovesOwedCannotMate { side, moves },
                        None => Reason::FlagFellCannotMate { side },
                    },
                ),
                at,
            )
        } else {
            self.finish(
                GameResult::win_for(!side),
                Termination::FlagFall,
                Ruling::new(
                    rule,
                    match owed {
                        Some(moves) => Reason::FlagFellMovesOwed { side, moves },
                        None => Reason::FlagFell { side },
                    },
                ),
                at,
            )
        }
    }

    /// A flag called by a player or the arbiter, where flags are claimed.
    pub(super) fn claim_flag(&mut self, actor: Actor, at: u64) -> Decided {
        if self.setup.ruleset.flag_call == FlagCall::Referee {
            return Err(reject(Rule::fide("6.8"), Reason::FlagsCalledByReferee));
        }
        self.require_started()?;
        let down = |c: Color| self.state.clock.remaining_at(c, at) <= 0;
        let white = down(Color::White);
        let black = down(Color::Black);
        match (white, black) {
            (true, true) => {
                let last = self.state.clock.in_last_period(Color::White)
                    && self.state.clock.in_last_period(Color::Black);
                if last {
                    Ok(vec![self.finish(
                        GameResult::Draw,
                        Termination::BothFlags,
                        Ruling::new(Rule::fide("III.3.1.2"), Reason::BothFlagsLastPeriod),
                        at,
                    )])
                } else {
                    Ok(vec![effect(
                        Effect::Noted,
                        Rule::fide("III.3.1.1"),
                        Reason::BothFlagsBeforeLastPeriod,
                    )])
                }
            }
            (false, false) => Err(reject(Rule::fide("6.8"), Reason::NoFlagFallen)),
            (w, _) => {
                let side = if w { Color::White } else { Color::Black };
                if actor.color() == Some(side) {
                    return Err(reject(Rule::fide("6.8"), Reason::OwnFlag));
                }
                self.state.clock.set(side, 0, at);
                Ok(vec![self.flag_verdict(side, at)])
            }
        }
    }

    pub(super) fn resign(&mut self, player: Color, at: u64) -> Decided {
        self.require_started()?;
        let board = self.board_position();
        if self.setup.ruleset.saved_by_no_mate.resignation
            && !dead_position::can_mate(&board, !player)
        {
            return Ok(vec![self.finish(
                GameResult::Draw,
                Termination::ResignationOpponentCannotMate,
                Ruling::new(
                    Rule::fide("5.1.2"),
                    Reason::ResignsCannotMate { side: player },
                ),
                at,
            )]);
        }
        let rule = if self.setup.ruleset.is_classic() {
            Rule::classic("认输")
        } else {
            Rule::fide("5.1.2")
        };
        Ok(vec![self.finish(
            GameResult::win_for(!player),
            Termination::Resignation,
            Ruling::new(rule, Reason::Resigns { side: player }),
            at,
        )])
    }

    pub(super) fn declare_result(
        &mut self,
        result: GameResult,
        rule: Rule,
        reason: &str,
        at: u64,
    ) -> Decided {
        Ok(vec![self.finish(
            result,
            Termination::ArbiterDecision,
            Ruling::new(
                rule,
                Reason::ArbiterDeclares {
                    result,
                    reason: reason.to_string(),
                },
            ),
            at,
        )])
    }

    /// `side` can take no further part in the game: it loses, or draws if
    /// its opponent cannot mate where the ruleset saves that case. An
    /// illegal move is ruled as the illegal-move loss it is (the ruleset's
    /// rule, FIDE 7.5.5); a program that crashed, stopped answering or
    /// could not start is the arbiter's decision (FIDE 12.9), saved as a
    /// flag is (6.9), for such a program's clock would run to its flag.
    pub(super) fn forfeit(&mut self, side: Color, cause: ForfeitCause, at: u64) -> Decided {
        self.require_started()?;
        let saved = &self.setup.ruleset.saved_by_no_mate;
        let (rule, saved, lost, drawn) = match cause {
            ForfeitCause::IllegalMove => (
                self.setup.ruleset.illegal_moves.rule.clone(),
                saved.illegal_move,
                Termination::IllegalMoves,
                Termination::IllegalMovesOpponentCannotMate,
            ),
            ForfeitCause::Crashed | ForfeitCause::StoppedAnswering | ForfeitCause::NotStarted => (
                Rule::fide("12.9"),
                saved.flag,
                Termination::ArbiterDecision,
                Termination::ArbiterDecision,
            ),
        };
        let board = self.board_position();
        let (result, termination, reason) = if saved && !dead_position::can_mate(&board, !side) {
            (
                GameResult::Draw,
                drawn,
                Reason::ForfeitsCannotMate { side, cause },
            )
        } else {
            (
                GameResult::win_for(!side),
                lost,
                Reason::Forfeits { side, cause },
            )
        };
        Ok(vec![self.finish(
            result,
            termination,
            Ruling::new(rule, reason),
            at,
        )])
    }

    pub(super) fn colours_reversed(&mut self, at: u64) -> Decided {
        let restart = match self.setup.ruleset.colours_reversed {
            ColoursReversed::RestartBeforeMoves(n) => {
                let made = self.state.moves_made;
                made.white.min(made.black) < n
            }
            ColoursReversed::RestartBeforeQuarterOfFirstPeriod => {
                let first = self.state.clock.control(Color::White).initial_ms();
                let played = at.saturating_sub(self.state.started_at.unwrap_or(at));
                first == 0 || played < first / 4
            }
        };
        let (rule, restart_reason, go_on_reason) = match self.setup.ruleset.colours_reversed {
            ColoursReversed::RestartBeforeMoves(moves) => (
                Rule::fide("7.3"),
                Reason::ColoursReversedRestart { moves },
                Reason::ColoursReversedGoOn { moves },
            ),
            ColoursReversed::RestartBeforeQuarterOfFirstPeriod => (
                Rule::classic("纠正错误"),
                Reason::ColoursReversedExchange,
                Reason::ColoursReversedLate,
            ),
        };
        if restart {
            Ok(vec![self.finish(
                GameResult::Unknown,
                Termination::ColoursReversedRestart,
                Ruling::new(rule, restart_reason),
                at,
            )])
        } else {
            Ok(vec![effect(Effect::Noted, rule, go_on_reason)])
        }
    }

    pub(super) fn board_turned(&mut self) -> Consequence {
        let rule = if self.setup.ruleset.is_classic() {
            Rule::classic("纠正错误")
        } else {
            Rule::fide("7.2.2")
        };
        effect(Effect::Noted, rule, Reason::BoardTurned)
    }

    pub(super) fn pieces_displaced(&mut self, player: Color) -> Consequence {
        let rule = if self.setup.ruleset.is_classic() {
            Rule::classic("摆乱棋局")
        } else {
            Rule::fide("7.4")
        };
        effect(
            Effect::Noted,
            rule,
            Reason::PiecesDisplaced { side: player },
        )
    }

    pub(super) fn request_increment(&mut self, player: Color, at: u64) -> Decided {
        if !self.setup.ruleset.guidelines_iii {
            return Err(reject(
                Rule::fide("III.2.2"),
                Reason::GuidelinesIiiNotApplied,
            ));
        }
        self.require_turn(player)?;
        if self.state.clock.increment_ms(player) > 0 {
            return Err(reject(Rule::fide("III.2.1"), Reason::AlreadyIncrement));
        }
        if self.state.clock.remaining_at(player, at) >= REQUEST_BELOW_MS {
            return Err(reject(
                Rule::fide("III.4.1"),
                Reason::IncrementRequestTooEarly,
            ));
        }
        self.state.increment_requested_by = Some(player);
        let mut out = vec![effect(
            Effect::Noted,
            Rule::fide("III.4.1"),
            Reason::IncrementRequested {
                seconds: REQUESTED_INCREMENT_MS / 1000,
            },
        )];
        if self.may_offer(player).is_ok() {
            self.state.offer = Some(super::Offer {
                by: player,
                noted: false,
            });
            out.push(effect(
                Effect::DrawOffered { by: player },
                Rule::fide("III.4.1"),
                Reason::RequestIsOffer,
            ));
        }
        Ok(out)
    }

    pub(super) fn grant_increment(&mut self) -> Decided {
        let Some(requester) = self.state.increment_requested_by.take() else {
            return Err(reject(Rule::fide("III.4.1"), Reason::NoIncrementRequest));
        };
        if self.state.offer.is_some_and(|o| o.by == requester) {
            self.state.offer = None;
        }
        self.state.clock.grant_increment(REQUESTED_INCREMENT_MS);
        self.state.clock.add(!requester, REQUEST_COMPENSATION_MS);
        Ok(vec![
            effect(
                Effect::IncrementGranted {
                    ms: REQUESTED_INCREMENT_MS,
                },
                Rule::fide("III.4.1"),
                Reason::IncrementGranted {
                    seconds: REQUESTED_INCREMENT_MS / 1000,
                },
            ),
            effect(
                Effect::TimeAdded {
                    side: !requester,
                    ms: REQUEST_COMPENSATION_MS,
                },
                Rule::fide("III.4.1"),
                Reason::TwoMinutesAdded,
            ),
        ])
    }
}
