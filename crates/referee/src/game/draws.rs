//! Draws: offers (FIDE 9.1.2), claims (9.2, 9.3, 9.5), and the draws that
//! happen by themselves (5.2, 9.6; `classic`'s threefold, fifty moves and
//! perpetual check).

use arbiter_rules::Color;

use super::turn::SetOther;
use super::{Decided, Game, Offer, Placed, effect, reject, side_name};
use crate::ruleset::{DrawMode, DrawRule};
use crate::verdict::{Consequence, Effect, Rejection};
use crate::{DrawClaim, GameResult, Rule, Ruling, Termination, notation};

impl Game {
    /// The rule for offers in this ruleset.
    pub(super) fn offer_rule(&self) -> Rule {
        if self.setup.ruleset.is_classic() {
            Rule::classic("提议和棋")
        } else {
            Rule::fide("9.1.2.1")
        }
    }

    /// Ends a pending offer by `by` without a draw (declined or lapsed).
    pub(super) fn end_offer(&mut self, by: Color) {
        self.state.offer = None;
        if self.setup.ruleset.offers.again_only_after_opponent_offers {
            *self.state.offer_blocked.get_mut(by) = true;
        }
    }

    /// Whether `player` may offer a draw now.
    pub(super) fn may_offer(&self, player: Color) -> Result<(), Rejection> {
        let rules = &self.setup.ruleset.offers;
        if rules.both_must_have_moved {
            // Counting the move being completed with the offer.
            let mut made = self.state.moves_made;
            if player == self.state.position.turn() && self.state.hand.placed.is_some() {
                *made.get_mut(player) += 1;
            }
            if made.white == 0 || made.black == 0 {
                return Err(reject(
                    Rule::fide("5.2.3"),
                    "no draw by agreement before both players have made a move",
                    "双方各走一步之前不能协议和棋",
                ));
            }
        }
        if *self.state.offer_blocked.get(player) {
            return Err(reject(
                Rule::classic("提议和棋"),
                "your offer was declined: you may not offer again until your opponent has offered",
                "你的提和被拒绝后，须等对方也提和一次，才可以再次提和",
            ));
        }
        match self.state.offer {
            Some(Offer { by, .. }) if by == player => Err(reject(
                self.offer_rule(),
                "your offer is still pending; it cannot be repeated or withdrawn",
                "你的提和仍然有效，不可重复，也不可撤回",
            )),
            Some(_) => Err(reject(
                self.offer_rule(),
                "your opponent's offer is pending: accept or decline it",
                "对方的提和尚待答复：请同意或拒绝",
            )),
            None => Ok(()),
        }
    }

    pub(super) fn offer_draw(&mut self, player: Color) -> Decided {
        self.may_offer(player)?;
        self.state.offer_blocked.set_other(player, false);
        let having_move = player == self.state.position.turn();
        let moved = matches!(self.state.hand.placed, Some(Placed::Legal(_)));
        let answering = !having_move && moved;
        // Each player notes the offer on the scoresheet (FIDE 9.1.2.2): made
        // on the opponent's time, it follows the offerer's last move; made
        // in the offerer's own turn (or before the opponent's press), it
        // goes with the offerer's next move.
        let mut noted = false;
        if !having_move
            && !answering
            && let Some(last) = self.state.plies.iter_mut().rev().find(|p| p.side == player)
        {
            last.offered_draw = true;
            noted = true;
        }
        self.state.offer = Some(Offer { by: player, noted });
        let (rule, en, zh) = if answering {
            (
                Rule::fide("9.1.2.1"),
                "draw offered once the opponent's move was made, before his press: the offer stands until answered (the press does not decline it), but the right moment is after one's own move".to_string(),
                "对方着法已走出、尚未按钟时提和：提议有效，直至对方答复（按钟不算拒绝），但应在自己走棋后提出".to_string(),
            )
        } else if having_move && moved {
            (
                self.offer_rule(),
                "draw offered after the move, before pressing the clock".to_string(),
                "走棋后、按钟前提议和棋".to_string(),
            )
        } else if having_move {
            (
                Rule::fide("9.1.2.1"),
                "draw offered before moving: the offer stands, but the right moment is after one's move (11.5)".to_string(),
                "在走棋之前提和：提议有效，但应在走棋后提出（11.5）".to_string(),
            )
        } else {
            (
                Rule::fide("9.1.2.1"),
                "draw offered on the opponent's time: the offer stands, but do not distract the opponent (11.5)".to_string(),
                "在对方的时间内提和：提议有效，但不得干扰对方（11.5）".to_string(),
            )
        };
        Ok(vec![effect(
            Effect::DrawOffered { by: player },
            rule,
            en,
            zh,
        )])
    }

    pub(super) fn accept_draw(&mut self, player: Color, at: u64) -> Decided {
        match self.state.offer {
            Some(Offer { by, .. }) if by != player => {
                let rule = if self.setup.ruleset.is_classic() {
                    Rule::classic("提议和棋")
                } else {
                    Rule::fide("9.1.2")
                };
                Ok(vec![self.finish(
                    GameResult::Draw,
                    Termination::Agreement,
                    Ruling::new(rule, "drawn by agreement", "双方同意和棋"),
                    at,
                )])
            }
            _ => Err(reject(
                Rule::fide("9.1.2.1"),
                "there is no draw offer from your opponent to accept",
                "对方没有提和，无从同意",
            )),
        }
    }

    pub(super) fn decline_draw(&mut self, player: Color) -> Decided {
        match self.state.offer {
            Some(Offer { by, .. }) if by != player => {
                self.end_offer(by);
                Ok(vec![effect(
                    Effect::OfferEnded { by },
                    self.offer_rule(),
                    "the draw offer is declined",
                    "拒绝和棋提议",
                )])
            }
            _ => Err(reject(
                Rule::fide("9.1.2.1"),
                "there is no draw offer from your opponent to decline",
                "对方没有提和，无从拒绝",
            )),
        }
    }

    /// A claim under 9.2 or 9.3 by the player having the move.
    pub(super) fn claim_draw(
        &mut self,
        player: Color,
        claim: DrawClaim,
        declared: Option<&str>,
        at: u64,
    ) -> Decided {
        let rule = match claim {
            DrawClaim::Threefold => self.setup.ruleset.threefold.clone(),
            DrawClaim::FiftyMoves => self.setup.ruleset.fifty_moves.clone(),
        };
        if rule.mode == DrawMode::Automatic {
            return Err(reject(
                rule.rule,
                "this draw comes by itself in these rules; the position is not one",
                "按本规则此类和棋自动判定；当前局面并不构成和棋",
            ));
        }
        // Over the board the opponent's move is made when his hand leaves
        // the piece (4.7): from then the claimant has the move (1.3) and the
        // position has just appeared (9.2.1.2), press or no press.
        let answering = match self.state.hand.placed {
            Some(Placed::Legal(m)) if player != self.state.position.turn() => Some(m),
            _ => None,
        };
        if let Some(m) = answering {
            return self.claim_on_released_move(player, m, claim, declared, rule, at);
        }
        self.require_turn(player).map_err(|_| {
            reject(
                Rule::fide("9.2.1"),
                "only the player having the move may claim",
                "只有轮到走棋的一方可以提出和棋要求",
            )
        })?;
        if self.state.hand.touched {
            return Err(reject(
                Rule::fide("9.4"),
                "a piece was touched: the right to claim on this move is lost",
                "已经摸子：本着失去提出和棋要求的权利",
            ));
        }
        let declared_move = match declared {
            Some(text) => Some(
                notation::parse_move(&self.state.position, text).map_err(|e| {
                    reject(
                        Rule::fide("9.2.1.1"),
                        format!("the declared move is not legal: {e}"),
                        format!("所声明的着法不合法：{text}"),
                    )
                })?,
            ),
            None => None,
        };
        let after = match declared_move {
            Some(m) => self.state.position.after(m),
            None => self.state.position.clone(),
        };
        let correct = self.claim_is_correct(claim, &rule, &after, declared_move.is_some());
        let (name_en, name_zh, termination) = claim_names(claim);
        if correct {
            let mut out = Vec::new();
            if let Some(m) = declared_move {
                out.extend(self.record_declared_move(player, m, at));
            }
            out.push(self.finish(
                GameResult::Draw,
                termination,
                Ruling::new(
                    rule.rule,
                    format!("draw: {name_en}, correctly claimed"),
                    format!("和棋：{name_zh}，要求正确"),
                ),
                at,
            ));
            return Ok(out);
        }
        let mut out = self.refuse_claim(player, name_en, name_zh);
        if let Some(m) = declared_move {
            out.push(effect(
                Effect::Noted,
                Rule::fide("9.5.3"),
                "the declared move must be played",
                "所声明的着法必须走出",
            ));
            // The opponent's pending offer is not declined by a claim, but
            // the declared move itself is a move: keep the claimant's offer.
            let offer = self.state.offer;
            out.extend(self.complete_move(player, m, false, true, at)?);
            if offer.is_some_and(|o| o.by == player) && self.state.outcome.is_none() {
                self.state.offer = offer;
            }
        }
        Ok(out)
    }

    /// Whether a claim of `claim` holds once `after` stands on the board
    /// (`declared`: after a declared move, not yet among the positions seen).
    fn claim_is_correct(
        &self,
        claim: DrawClaim,
        rule: &DrawRule,
        after: &arbiter_rules::Position,
        declared: bool,
    ) -> bool {
        match claim {
            DrawClaim::Threefold => {
                let seen = self.state.history.occurrences(after) + usize::from(declared);
                seen >= rule.threshold as usize
            }
            DrawClaim::FiftyMoves => after.halfmoves() >= 2 * rule.threshold,
        }
    }

    /// A wrong claim: the game goes on, the opponent gets time (9.5.3) and
    /// the claim counts as an offer (9.1.2.3).
    fn refuse_claim(&mut self, player: Color, name_en: &str, name_zh: &str) -> Vec<Consequence> {
        let mut out = vec![effect(
            Effect::ClaimRefused,
            Rule::fide("9.5.3"),
            format!("the claim of {name_en} is incorrect; the game goes on"),
            format!("{name_zh}的和棋要求不正确，对局继续"),
        )];
        if let Some(ms) = self.setup.ruleset.wrong_claim_bonus_ms {
            self.state.clock.add(!player, ms);
            out.push(effect(
                Effect::TimeAdded { side: !player, ms },
                Rule::fide("9.5.3"),
                format!("the opponent gets {} more seconds", ms / 1000),
                format!("对方加时 {} 秒", ms / 1000),
            ));
        }
        if self.setup.ruleset.offers.claim_is_offer && self.may_offer(player).is_ok() {
            self.state.offer = Some(Offer {
                by: player,
                noted: false,
            });
            self.state.offer_blocked.set_other(player, false);
            out.push(effect(
                Effect::DrawOffered { by: player },
                Rule::fide("9.1.2.3"),
                "the claim counts as a draw offer",
                "和棋要求视为提和",
            ));
        }
        out
    }

    /// A claim on the position the opponent's released move has just made,
    /// before his press (FIDE 1.3, 4.7, 9.2.1.2). A correct claim completes
    /// that move and draws; a wrong one leaves the press to the opponent.
    fn claim_on_released_move(
        &mut self,
        player: Color,
        released: arbiter_rules::Move,
        claim: DrawClaim,
        declared: Option<&str>,
        rule: DrawRule,
        at: u64,
    ) -> Decided {
        if declared.is_some() {
            return Err(reject(
                Rule::fide("9.2.1.1"),
                "the opponent's move is made but his clock not yet pressed: claim on the position it made, or declare your move once your clock runs",
                "对方着法已走出但尚未按钟：可就其形成的局面提出要求，或待自己的棋钟走动后再声明着法",
            ));
        }
        let after = self.state.position.after(released);
        let (name_en, name_zh, termination) = claim_names(claim);
        if !self.claim_is_correct(claim, &rule, &after, true) {
            return Ok(self.refuse_claim(player, name_en, name_zh));
        }
        let mut out = vec![self.make_released_move(!player, released, at)];
        out.push(self.finish(
            GameResult::Draw,
            termination,
            Ruling::new(
                rule.rule,
                format!(
                    "draw: {name_en}, correctly claimed on the position the opponent's move made"
                ),
                format!("和棋：{name_zh}，就对方所走着法形成的局面提出的要求正确"),
            ),
            at,
        ));
        Ok(out)
    }

    /// A declared move that makes a correct claim is written, not played on
    /// the board; the record keeps it as the last move.
    fn record_declared_move(
        &mut self,
        player: Color,
        m: arbiter_rules::Move,
        at: u64,
    ) -> Vec<Consequence> {
        let pos = self.state.position.clone();
        let san = notation::san(&pos, m);
        self.state.plies.push(super::PlyRecord {
            side: player,
            uci: m.to_string(),
            san: san.clone(),
            chinese: notation::chinese(&pos, m),
            at_ms: at,
            elapsed_ms: at.saturating_sub(self.state.turn_started_at),
            clock_ms: self
                .state
                .clock
                .is_timed()
                .then(|| self.state.clock.remaining_at(player, at)),
            offered_draw: false,
            check: pos.after(m).is_check(),
        });
        self.state.position.play_unchecked(m);
        self.state.history.push(&self.state.position);
        vec![effect(
            Effect::MoveMade {
                side: player,
                uci: m.to_string(),
                san: san.clone(),
            },
            Rule::fide("9.2.1.1"),
            format!("{san} is written and declared"),
            format!("写下并声明着法 {san}"),
        )]
    }

    /// What the position decides by itself after a move.
    pub(super) fn automatic_endings(&mut self, at: u64) -> Vec<Consequence> {
        let pos = self.state.position.clone();
        let mover = !pos.turn();
        if pos.is_checkmate() {
            let (en, zh) = side_name(mover);
            return vec![self.finish(
                GameResult::win_for(mover),
                Termination::Checkmate,
                Ruling::new(
                    Rule::fide("5.1.1"),
                    format!("checkmate: {en} wins"),
                    format!("将死，{zh}胜"),
                ),
                at,
            )];
        }
        if pos.is_stalemate() {
            return vec![self.finish(
                GameResult::Draw,
                Termination::Stalemate,
                Ruling::new(Rule::fide("5.2.1"), "stalemate: draw", "逼和"),
                at,
            )];
        }
        if self.dead_watch.is_dead(&pos) {
            let termination = if pos.is_insufficient_material() {
                Termination::InsufficientMaterial
            } else {
                Termination::DeadPosition
            };
            return vec![self.finish(
                GameResult::Draw,
                termination,
                Ruling::new(
                    Rule::fide("5.2.2"),
                    "dead position: neither side can mate by any legal sequence of moves",
                    "死局：双方都无法将死对方",
                ),
                at,
            )];
        }
        // Only the rule that applies is copied (the whole ruleset, cloned
        // after every move, was a hundredth of the server's time).
        let ruleset = &self.setup.ruleset;
        let repetitions = self.repetitions();
        let repetition_rule = [ruleset.fivefold.as_ref(), Some(&ruleset.threefold)]
            .into_iter()
            .flatten()
            .find(|rule| rule.mode == DrawMode::Automatic && repetitions >= rule.threshold as usize)
            .cloned();
        if let Some(rule) = repetition_rule {
            return vec![self.repetition_draw(&rule, repetitions, at)];
        }
        let count_rule = [
            ruleset.seventy_five_moves.as_ref(),
            Some(&ruleset.fifty_moves),
        ]
        .into_iter()
        .flatten()
        .find(|rule| rule.mode == DrawMode::Automatic && pos.halfmoves() >= 2 * rule.threshold)
        .cloned();
        if let Some(rule) = count_rule {
            let termination = if rule.threshold >= 75 {
                Termination::SeventyFiveMoves
            } else {
                Termination::FiftyMoves
            };
            let n = rule.threshold;
            return vec![self.finish(
                GameResult::Draw,
                termination,
                Ruling::new(
                    rule.rule,
                    format!("draw: {n} moves by each side without a capture or a pawn move"),
                    format!("和棋：双方连续 {n} 回合未吃子、未动兵"),
                ),
                at,
            )];
        }
        Vec::new()
    }

    fn repetition_draw(&mut self, rule: &DrawRule, times: usize, at: u64) -> Consequence {
        if self.setup.ruleset.name_perpetual_check
            && let Some(checker) = self.perpetual_checker(rule.threshold as usize)
        {
            let (en, zh) = side_name(checker);
            return self.finish(
                GameResult::Draw,
                Termination::PerpetualCheck,
                Ruling::new(
                    Rule::classic("长将和"),
                    format!("perpetual check: {en} checked on every move of the repetition"),
                    format!("长将和：{zh}连续不断地将军"),
                ),
                at,
            );
        }
        let termination = if rule.threshold >= 5 {
            Termination::Fivefold
        } else {
            Termination::Threefold
        };
        self.finish(
            GameResult::Draw,
            termination,
            Ruling::new(
                rule.rule.clone(),
                format!("draw: the same position has occurred {times} times"),
                format!("和棋：同一局面出现 {times} 次"),
            ),
            at,
        )
    }

    /// The side that gave check with every one of its moves since the first
    /// of the `times` occurrences of the current position.
    fn perpetual_checker(&self, times: usize) -> Option<Color> {
        let occurrences: Vec<usize> = self.state.history.positions_of_last().collect();
        let first = *occurrences.get(occurrences.len().checked_sub(times)?)?;
        // Position i is the one after ply i (0 the start).
        let span = &self.state.plies[first..];
        Color::ALL.into_iter().find(|&side| {
            let mut moves = span.iter().filter(|p| p.side == side).peekable();
            moves.peek().is_some() && moves.all(|p| p.check)
        })
    }
}

/// A claim's name in both languages, and the termination it gives.
fn claim_names(claim: DrawClaim) -> (&'static str, &'static str, Termination) {
    match claim {
        DrawClaim::Threefold => (
            "threefold repetition",
            "三次重复",
            Termination::ThreefoldClaimed,
        ),
        DrawClaim::FiftyMoves => ("fifty moves", "50回合", Termination::FiftyMovesClaimed),
    }
}
