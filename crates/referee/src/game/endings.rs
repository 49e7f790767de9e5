//! Flags (FIDE 6.8, 6.9, Guidelines III.3), resignation (5.1.2), the
//! arbiter's decisions and the irregularities of Article 7.

use arbiter_rules::Color;

use super::{Decided, Game, effect, reject, side_name};
use crate::ruleset::ColoursReversed;
use crate::verdict::{Consequence, Effect};
use crate::{Actor, FlagCall, GameResult, Rule, Ruling, Termination, dead_position};

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
        let (en, zh) = side_name(side);
        let owed = self.state.clock.moves_owed(side).filter(|&n| n > 0);
        let (count_en, count_zh) = match owed {
            Some(n) => (
                format!("; {n} moves of the period were still to be made"),
                format!("；本时限仍差 {n} 着未走满"),
            ),
            None => (String::new(), String::new()),
        };
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
                    format!("{en}'s flag fell{count_en}, but the opponent cannot mate by any legal sequence: draw"),
                    format!("{zh}超时{count_zh}，但对方无论如何都无法将死：和棋"),
                ),
                at,
            )
        } else {
            self.finish(
                GameResult::win_for(!side),
                Termination::FlagFall,
                Ruling::new(
                    rule,
                    format!("{en}'s flag fell{count_en}: {en} loses on time"),
                    format!("{zh}超时{count_zh}：超时判负"),
                ),
                at,
            )
        }
    }

    /// A flag called by a player or the arbiter, where flags are claimed.
    pub(super) fn claim_flag(&mut self, actor: Actor, at: u64) -> Decided {
        if self.setup.ruleset.flag_call == FlagCall::Referee {
            return Err(reject(
                Rule::fide("6.8"),
                "no flag has fallen (flags are called by the referee the moment they fall)",
                "没有超时（棋钟到时即由裁判判定）",
            ));
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
                        Ruling::new(
                            Rule::fide("III.3.1.2"),
                            "both flags are down in the last period and which fell first cannot be established: draw",
                            "最后时限内双方都已超时且无法确定先后：和棋",
                        ),
                        at,
                    )])
                } else {
                    Ok(vec![effect(
                        Effect::Noted,
                        Rule::fide("III.3.1.1"),
                        "both flags are down before the last period: the game goes on",
                        "非最后时限内双方都已超时：对局继续",
                    )])
                }
            }
            (false, false) => Err(reject(
                Rule::fide("6.8"),
                "no flag has fallen",
                "双方都没有超时",
            )),
            (w, _) => {
                let side = if w { Color::White } else { Color::Black };
                if actor.color() == Some(side) {
                    return Err(reject(
                        Rule::fide("6.8"),
                        "a player cannot call his own flag",
                        "棋手不能就自己的超时提出要求",
                    ));
                }
                self.state.clock.set(side, 0, at);
                Ok(vec![self.flag_verdict(side, at)])
            }
        }
    }

    pub(super) fn resign(&mut self, player: Color, at: u64) -> Decided {
        self.require_started()?;
        let (en, zh) = side_name(player);
        let board = self.board_position();
        if self.setup.ruleset.saved_by_no_mate.resignation
            && !dead_position::can_mate(&board, !player)
        {
            return Ok(vec![self.finish(
                GameResult::Draw,
                Termination::ResignationOpponentCannotMate,
                Ruling::new(
                    Rule::fide("5.1.2"),
                    format!(
                        "{en} resigns, but the opponent cannot mate by any legal sequence: draw"
                    ),
                    format!("{zh}认输，但对方无论如何都无法将死：和棋"),
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
            Ruling::new(rule, format!("{en} resigns"), format!("{zh}认输")),
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
                format!("the arbiter declares {result}: {reason}"),
                format!("裁判员判定 {result}：{reason}"),
            ),
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
        let (rule, restart_en, restart_zh, go_on_en, go_on_zh) = match self
            .setup
            .ruleset
            .colours_reversed
        {
            ColoursReversed::RestartBeforeMoves(n) => (
                Rule::fide("7.3"),
                format!(
                    "colours reversed with fewer than {n} moves by each player: a new game with the correct colours"
                ),
                format!("双方棋子颜色摆反且未满 {n} 着：交换棋子，重新开始对局"),
                format!("colours reversed after {n} moves or more: the game goes on"),
                format!("双方棋子颜色摆反但已走满 {n} 着：对局继续"),
            ),
            ColoursReversed::RestartBeforeQuarterOfFirstPeriod => (
                Rule::classic("纠正错误"),
                "colours reversed: exchange the pieces and start again".to_string(),
                "双方所用棋子颜色反了：应交换棋子，重新开始对局".to_string(),
                "colours reversed, but a quarter of the first period has passed: the game goes on"
                    .to_string(),
                "棋子颜色反了，但比赛时间已过第一时限的四分之一：对局继续进行".to_string(),
            ),
        };
        if restart {
            Ok(vec![self.finish(
                GameResult::Unknown,
                Termination::ColoursReversedRestart,
                Ruling::new(rule, restart_en, restart_zh),
                at,
            )])
        } else {
            Ok(vec![effect(Effect::Noted, rule, go_on_en, go_on_zh)])
        }
    }

    pub(super) fn board_turned(&mut self) -> Consequence {
        let rule = if self.setup.ruleset.is_classic() {
            Rule::classic("纠正错误")
        } else {
            Rule::fide("7.2.2")
        };
        effect(
            Effect::Noted,
            rule,
            "the board was placed wrongly: the position is transferred to a correctly placed board and the game goes on",
            "棋盘方向摆错：把已走成的局面移置到摆放正确的棋盘上，继续对局",
        )
    }

    pub(super) fn pieces_displaced(&mut self, player: Color) -> Consequence {
        let (en, zh) = side_name(player);
        let rule = if self.setup.ruleset.is_classic() {
            Rule::classic("摆乱棋局")
        } else {
            Rule::fide("7.4")
        };
        effect(
            Effect::Noted,
            rule,
            format!(
                "{en} displaced pieces and restores them on his own time; the referee's position is the record"
            ),
            format!("{zh}碰乱了棋子，须用自己的时间复原；以裁判记录的局面为准"),
        )
    }

    pub(super) fn request_increment(&mut self, player: Color, at: u64) -> Decided {
        if !self.setup.ruleset.guidelines_iii {
            return Err(reject(
                Rule::fide("III.2.2"),
                "the Guidelines for games without increment do not apply here",
                "本规则不适用无加秒对局的指导原则",
            ));
        }
        self.require_turn(player)?;
        if self.state.clock.increment_ms(player) > 0 {
            return Err(reject(
                Rule::fide("III.2.1"),
                "the game already has an increment",
                "本局已有加秒",
            ));
        }
        if self.state.clock.remaining_at(player, at) >= REQUEST_BELOW_MS {
            return Err(reject(
                Rule::fide("III.4.1"),
                "the request is open only with less than two minutes left",
                "只有剩余时间不足两分钟时才可提出此要求",
            ));
        }
        self.state.increment_requested_by = Some(player);
        let mut out = vec![effect(
            Effect::Noted,
            Rule::fide("III.4.1"),
            "a 5-second increment for both is requested; the arbiter decides",
            "请求为双方每着加 5 秒，由裁判员决定",
        )];
        if self.may_offer(player).is_ok() {
            self.state.offer = Some(super::Offer {
                by: player,
                noted: false,
            });
            out.push(effect(
                Effect::DrawOffered { by: player },
                Rule::fide("III.4.1"),
                "the request counts as a draw offer",
                "此请求视为提和",
            ));
        }
        Ok(out)
    }

    pub(super) fn grant_increment(&mut self) -> Decided {
        let Some(requester) = self.state.increment_requested_by.take() else {
            return Err(reject(
                Rule::fide("III.4.1"),
                "no player has asked for the increment",
                "没有棋手提出加秒请求",
            ));
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
                "5 seconds a move for both players from now on",
                "此后双方每着加 5 秒",
            ),
            effect(
                Effect::TimeAdded {
                    side: !requester,
                    ms: REQUEST_COMPENSATION_MS,
                },
                Rule::fide("III.4.1"),
                "the opponent gets two extra minutes",
                "对方加时两分钟",
            ),
        ])
    }
}
