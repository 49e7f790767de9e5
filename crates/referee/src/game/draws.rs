//! Draws: offers (FIDE 9.1.2), claims (9.2, 9.3, 9.5), and the draws that
//! happen by themselves (5.2, 9.6; `classic`'s threefold, fifty moves and
//! perpetual check).

use arbiter_rules::Color;

use super::turn::SetOther;
use super::{Decided, Game, Offer, Placed, effect, move_made, reject};
use crate::PositionEndings;
use crate::ruleset::{DrawMode, DrawRule};
use crate::verdict::{Consequence, Effect, Rejection};
use crate::{DrawClaim, GameResult, Reason, Rule, Ruling, Termination, notation};

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
                return Err(reject(Rule::fide("5.2.3"), Reason::AgreementTooEarly));
            }
        }
        if *self.state.offer_blocked.get(player) {
            return Err(reject(Rule::classic("提议和棋"), Reason::OfferBlocked));
        }
        match self.state.offer {
            Some(Offer { by, .. }) if by == player => {
                Err(reject(self.offer_rule(), Reason::OwnOfferPending))
            }
            Some(_) => Err(reject(self.offer_rule(), Reason::OpponentOfferPending)),
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
        let (rule, reason) = if answering {
            (Rule::fide("9.1.2.1"), Reason::OfferBeforePress)
        } else if having_move && moved {
            (self.offer_rule(), Reason::OfferAfterMove)
        } else if having_move {
            (Rule::fide("9.1.2.1"), Reason::OfferBeforeMoving)
        } else {
            (Rule::fide("9.1.2.1"), Reason::OfferOnOpponentsTime)
        };
        Ok(vec![effect(
            Effect::DrawOffered { by: player },
            rule,
            reason,
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
                    Ruling::new(rule, Reason::DrawAgreed),
                    at,
                )])
            }
            _ => Err(reject(Rule::fide("9.1.2.1"), Reason::NoOfferToAccept)),
        }
    }

    pub(super) fn decline_draw(&mut self, player: Color) -> Decided {
        match self.state.offer {
            Some(Offer { by, .. }) if by != player => {
                self.end_offer(by);
                Ok(vec![effect(
                    Effect::OfferEnded { by },
                    self.offer_rule(),
                    Reason::OfferDeclined,
                )])
            }
            _ => Err(reject(Rule::fide("9.1.2.1"), Reason::NoOfferToDecline)),
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
            return Err(reject(rule.rule, Reason::DrawIsAutomatic));
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
        self.require_turn(player)
            .map_err(|_| reject(Rule::fide("9.2.1"), Reason::OnlyMoverClaims))?;
        if self.state.hand.touched {
            return Err(reject(Rule::fide("9.4"), Reason::ClaimRightLost));
        }
        let declared_move = match declared {
            Some(text) => Some(
                notation::parse_move(&self.state.position, text).map_err(|e| {
                    reject(
                        Rule::fide("9.2.1.1"),
                        Reason::DeclaredMoveIllegal {
                            text: text.to_string(),
                            error: Box::new(e.ruling.reason),
                        },
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
        let termination = claim_termination(claim);
        if correct {
            let mut out = Vec::new();
            if let Some(m) = declared_move {
                out.extend(self.record_declared_move(player, m, at));
            }
            out.push(self.finish(
                GameResult::Draw,
                termination,
                Ruling::new(rule.rule, Reason::ClaimCorrect { claim }),
                at,
            ));
            return Ok(out);
        }
        let mut out = self.refuse_claim(player, claim);
        if let Some(m) = declared_move {
            out.push(effect(
                Effect::Noted,
                Rule::fide("9.5.3"),
                Reason::DeclaredMoveMustBePlayed,
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
    fn refuse_claim(&mut self, player: Color, claim: DrawClaim) -> Vec<Consequence> {
        let mut out = vec![effect(
            Effect::ClaimRefused,
            Rule::fide("9.5.3"),
            Reason::ClaimIncorrect { claim },
        )];
        if let Some(ms) = self.setup.ruleset.wrong_claim_bonus_ms {
            self.state.clock.add(!player, ms);
            out.push(effect(
                Effect::TimeAdded { side: !player, ms },
                Rule::fide("9.5.3"),
                Reason::OpponentGetsSeconds { seconds: ms / 1000 },
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
                Reason::ClaimIsOffer,
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
            return Err(reject(Rule::fide("9.2.1.1"), Reason::DeclareAfterPress));
        }
        let after = self.state.position.after(released);
        let termination = claim_termination(claim);
        if !self.claim_is_correct(claim, &rule, &after, true) {
            return Ok(self.refuse_claim(player, claim));
        }
        let mut out = vec![self.make_released_move(!player, released, at)];
        out.push(self.finish(
            GameResult::Draw,
            termination,
            Ruling::new(rule.rule, Reason::ClaimCorrectOnReleasedMove { claim }),
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
        vec![move_made(
            player,
            m,
            san.clone(),
            Rule::fide("9.2.1.1"),
            Reason::MoveDeclared { san },
        )]
    }

    /// What the position decides by itself after a move: checkmate,
    /// stalemate, a dead position, and the draws the counts bring.
    pub(super) fn automatic_endings(&mut self, at: u64) -> Vec<Consequence> {
        let pos = &self.state.position;
        let ending = if let Some(no_move) = PositionEndings::no_move_left(pos) {
            Some(no_move)
        } else if self.dead_watch.is_dead(pos) {
            Some(PositionEndings::dead_position(pos))
        } else {
            self.endings.by_count(pos, self.repetitions(), |times| {
                self.perpetual_checker(times)
            })
        };
        ending.map_or_else(Vec::new, |ending| vec![self.conclude(ending, at)])
    }

    /// The side that gave check with every one of its moves since the first
    /// of the `times` occurrences of the current position.
    fn perpetual_checker(&self, times: usize) -> Option<Color> {
        let occurrences: Vec<usize> = self.state.history.positions_of_last().collect();
        let first = *occurrences.get(occurrences.len().checked_sub(times)?)?;
        // Position i is the one after ply i (0 the start).
        let span = self.state.plies.get(first..)?;
        PositionEndings::perpetual_checker(span.iter().map(|p| (p.side, p.check)))
    }
}

/// The termination a correct claim gives.
fn claim_termination(claim: DrawClaim) -> Termination {
    match claim {
        DrawClaim::Threefold => Termination::ThreefoldClaimed,
        DrawClaim::FiftyMoves => Termination::FiftyMovesClaimed,
    }
}
