//! The turn of the player having the move: touching, adjusting, releasing,
//! pressing (FIDE 4, 6.2), and completing a move.

use arbiter_rules::{Bitboard, Color, Move, Position, Role, Square};

use super::touch_move::{self, TouchedPiece, can_fulfil, satisfies};
use super::{
    Decided, Game, Hand, IllegalPlacement, Offer, Placed, PlyRecord, effect, move_made, reject,
};
use crate::verdict::{Consequence, Effect, Obligation, Rejection};
use crate::{Mode, Reason, Rule, notation};

/// The legal move a hand made by leaving the piece from `from` on `to`.
fn legal_release(
    pos: &Position,
    from: Square,
    to: Square,
    promotion: Option<Role>,
) -> Option<Move> {
    pos.legal_moves_between(Bitboard::from(from), Bitboard::FULL)
        .into_iter()
        .find(|m| {
            let lands = if m.is_castle() {
                m.king_destination() == to || m.to() == to && pos.castling_mode().is_chess960()
            } else {
                m.to() == to
            };
            lands && m.promotion_role() == promotion
        })
}

impl Game {
    /// The player having the move: after a completed illegal move that
    /// may still be claimed (A.5.2), the opponent of its author.
    pub(super) fn having_move(&self) -> Color {
        match &self.state.claimable {
            Some(c) => !c.by,
            None => self.state.position.turn(),
        }
    }

    pub(super) fn require_turn(&self, player: Color) -> Result<(), Rejection> {
        if player != self.having_move() {
            return Err(reject(
                Rule::fide("1.2"),
                Reason::NotYourMove {
                    side: self.having_move(),
                },
            ));
        }
        Ok(())
    }

    pub(super) fn touch(&mut self, player: Color, square: Square, at: u64) -> Decided {
        // Touching a piece to play on gives up the claim (A.5.2).
        let mut out = if player == self.having_move() {
            self.take_up_standing_illegal(player)?
        } else {
            Vec::new()
        };
        let pos = &self.state.position;
        let Some(piece) = pos.piece_at(square) else {
            return Err(reject(Rule::fide("4.3"), Reason::NoPieceOn { square }));
        };
        if player != pos.turn() {
            return Ok(vec![effect(
                Effect::Touched {
                    square,
                    obligation: None,
                },
                Rule::fide("4.3"),
                Reason::TouchOutOfTurn,
            )]);
        }
        if self.state.hand.placed.is_some() {
            out.push(effect(
                Effect::Touched {
                    square,
                    obligation: None,
                },
                Rule::fide("4.7"),
                Reason::MoveMadePressClock,
            ));
            return Ok(out);
        }
        out.extend(self.lapse_offer_by_touch(player));
        self.state.hand.touched = true;
        let before = (self.state.hand.obligation, self.state.hand.bound_by.clone());
        self.state.hand.touches.push(TouchedPiece {
            square,
            own: piece.color == player,
            at_ms: at,
        });
        let binding = touch_move::binding(
            &self.state.position,
            &self.state.hand.touches,
            &self.setup.ruleset.touch,
        );
        self.state.hand.obligation = binding.obligation;
        self.state.hand.bound_by = Some(binding.ruling.rule.clone());
        let unchanged = before.0.is_some()
            && binding.obligation == before.0
            && before.1.as_ref().is_none_or(|r| *r == binding.ruling.rule);
        if unchanged {
            out.push(effect(
                Effect::Touched {
                    square,
                    obligation: before.0,
                },
                Rule::fide("4.3"),
                Reason::EarlierTouchBinds,
            ));
        } else {
            out.push(Consequence::new(
                Effect::Touched {
                    square,
                    obligation: binding.obligation,
                },
                binding.ruling,
            ));
        }
        Ok(out)
    }

    /// The opponent of an offer touching a piece to move it rejects the
    /// offer (FIDE 9.1.2.1).
    fn lapse_offer_by_touch(&mut self, player: Color) -> Vec<Consequence> {
        match self.state.offer {
            Some(Offer { by, .. }) if by != player => {
                self.end_offer(by);
                vec![effect(
                    Effect::OfferEnded { by },
                    self.offer_rule(),
                    Reason::OfferDeclinedByTouch,
                )]
            }
            _ => Vec::new(),
        }
    }

    pub(super) fn adjust(&mut self, player: Color, square: Square) -> Decided {
        if player != self.state.position.turn() {
            return Err(reject(Rule::fide("4.2.1"), Reason::OnlyMoverAdjusts));
        }
        if self.state.position.piece_at(square).is_none() {
            return Err(reject(Rule::fide("4.2.1"), Reason::NoPieceOn { square }));
        }
        Ok(vec![effect(
            Effect::Adjusted { square },
            Rule::fide("4.2.1"),
            Reason::Adjusted { square },
        )])
    }

    /// Checks the touch-move obligation against a move leaving `from` for
    /// `to`.
    fn check_obligation(&self, from: Square, to: Square, m: Option<Move>) -> Result<(), Rejection> {
        let pos = &self.state.position;
        if let Some(rook) = touch_move::barred_castling_rook(pos, &self.state.hand.touches)
            && m.is_some_and(|m| m.is_castle() && m.to() == rook)
        {
            return Err(reject(
                Rule::fide("4.4.2"),
                Reason::RookTouchedFirst { rook },
            ));
        }
        let Some(ob) = self.state.hand.obligation else {
            return Ok(());
        };
        let fulfilled = match m {
            Some(m) => satisfies(pos, ob, m),
            // An illegal placement: it at least uses the bound piece.
            None => match ob {
                Obligation::Move { square } => from == square,
                Obligation::Capture { square } => to == square,
                Obligation::CaptureWith { piece, square } => from == piece && to == square,
                Obligation::Castle { king, .. } => from == king,
            },
        };
        if fulfilled || !can_fulfil(pos, ob) {
            return Ok(());
        }
        let bound_by = |default: &'static str| {
            self.state
                .hand
                .bound_by
                .clone()
                .unwrap_or_else(|| Rule::fide(default))
        };
        Err(match ob {
            Obligation::Move { square }
                if m.is_some_and(|m| m.is_castle())
                    && pos.piece_at(square).is_some_and(|p| p.role == Role::Rook) =>
            {
                reject(
                    Rule::fide("4.4.2"),
                    Reason::RookTouchedFirst { rook: square },
                )
            }
            Obligation::Move { square } => reject(bound_by("4.3.1"), Reason::MustMove { square }),
            Obligation::Capture { square } => {
                reject(bound_by("4.3.2"), Reason::MustCapture { square })
            }
            Obligation::CaptureWith { piece, square } => reject(
                Rule::fide("4.3.3"),
                Reason::MustCaptureWith { piece, square },
            ),
            Obligation::Castle { rook, .. } => {
                reject(Rule::fide("4.4.1"), Reason::MustCastle { rook })
            }
        })
    }

    pub(super) fn release(
        &mut self,
        player: Color,
        from: Square,
        to: Square,
        promotion: Option<Role>,
        at: u64,
    ) -> Decided {
        if self.setup.mode == Mode::Online {
            return Err(reject(Rule::fide("4.7"), Reason::OnlineMoveIsOneEvent));
        }
        self.require_turn(player)?;
        let standing = self.take_up_standing_illegal(player)?;
        if let Some(Placed::Legal(made)) = self.state.hand.placed {
            if made.promotion_role().is_some() && made.from() == from {
                return Err(reject(Rule::fide("4.4.4"), Reason::PromotionFinal));
            }
            return Err(reject(Rule::fide("4.7"), Reason::MoveCannotChange));
        }
        let pos = &self.state.position;
        match pos.piece_at(from) {
            Some(p) if p.color == player => {}
            _ => {
                return Err(reject(
                    Rule::fide("4.3"),
                    Reason::NoPieceOfYoursOn { square: from },
                ));
            }
        }
        if let Some(Placed::Illegal(prev)) = self.state.hand.placed
            && prev.from != from
        {
            return Err(reject(
                Rule::fide("4.3.1"),
                Reason::MovedPieceMustMove { square: prev.from },
            ));
        }
        let legal = legal_release(pos, from, to, promotion);
        self.check_obligation(from, to, legal)?;
        let mut out = standing;
        if self.state.hand.obligation.is_none() {
            self.state.hand.obligation = Some(Obligation::Move { square: from });
        }
        if !self.state.hand.touches.iter().any(|t| t.square == from) {
            self.state.hand.touches.push(TouchedPiece {
                square: from,
                own: true,
                at_ms: at,
            });
        }
        self.state.hand.touched = true;
        out.extend(self.lapse_offer_by_touch(player));
        match legal {
            Some(m) => {
                if let Some(ending) = self.end_with_release(player, m, at) {
                    out.extend(ending);
                    return Ok(out);
                }
                let san = notation::san(&self.state.position, m);
                self.state.hand.placed = Some(Placed::Legal(m));
                out.push(move_made(
                    player,
                    m,
                    san.clone(),
                    Rule::fide("4.7"),
                    Reason::MadePressToComplete {
                        san,
                        chinese: notation::chinese(&self.state.position, m),
                    },
                ));
            }
            None => {
                self.state.hand.placed = Some(Placed::Illegal(IllegalPlacement {
                    from,
                    to,
                    promotion,
                }));
                out.push(effect(
                    Effect::IllegalMovePlaced {
                        side: player,
                        from,
                        to,
                    },
                    Rule::fide("3.10.1"),
                    Reason::IllegalPlaced { from, to },
                ));
            }
        }
        Ok(out)
    }

    /// A released move that ends the game by itself (checkmate 5.1.1,
    /// stalemate 5.2.1, dead position 5.2.2, and the automatic draws of
    /// 9.6 or of `classic`) ends it at once: the move is made when the hand
    /// leaves the piece (4.7), and no later flag, press or resignation can
    /// change that (6.9). `None`, with nothing changed, when the game goes
    /// on and the press is still due.
    fn end_with_release(&mut self, player: Color, m: Move, at: u64) -> Option<Vec<Consequence>> {
        let saved = self.snapshot();
        let made = self.make_released_move(player, m, at);
        let endings = self.automatic_endings(at);
        if self.state.outcome.is_none() {
            self.restore(saved);
            return None;
        }
        self.state.ended_by_release = Some(player);
        let mut out = vec![made];
        out.extend(endings);
        Some(out)
    }

    /// Records a released move whose press will never come because the
    /// game ends on it: made at `at`, its time what the clock shows then
    /// (no press, so no bonus).
    pub(super) fn make_released_move(&mut self, player: Color, m: Move, at: u64) -> Consequence {
        let pos_before = self.state.position.clone();
        let san = notation::san(&pos_before, m);
        let chinese = notation::chinese(&pos_before, m);
        let clock_ms = self
            .state
            .clock
            .is_timed()
            .then(|| self.state.clock.remaining_at(player, at));
        self.state.position.play_unchecked(m);
        let check = self.state.position.is_check();
        self.state.history.push(&self.state.position);
        *self.state.moves_made.get_mut(player) += 1;
        self.state.plies.push(PlyRecord {
            side: player,
            uci: m.to_string(),
            san: san.clone(),
            chinese: chinese.clone(),
            at_ms: at,
            elapsed_ms: at.saturating_sub(self.state.turn_started_at),
            clock_ms,
            offered_draw: false,
            check,
        });
        self.state.turn_started_at = at;
        self.state.hand = Hand::default();
        move_made(
            player,
            m,
            san.clone(),
            Rule::fide("4.7"),
            Reason::HandLeftPiece { san, chinese },
        )
    }

    pub(super) fn press_clock(&mut self, player: Color, at: u64) -> Decided {
        if player != self.having_move() || self.state.claimable.is_some() {
            return Err(reject(Rule::fide("6.2.1"), Reason::ClockNotRunning));
        }
        match self.state.hand.placed.clone() {
            Some(Placed::Legal(m)) => self.complete_move(player, m, false, false, at),
            Some(Placed::Illegal(p)) => self.complete_illegal(player, Some(p), at),
            None => self.empty_press(player, at),
        }
    }

    /// Online: make and press at once. Over the board: release and press.
    pub(super) fn move_and_press(
        &mut self,
        player: Color,
        text: &str,
        offer: bool,
        at: u64,
    ) -> Decided {
        self.require_turn(player)?;
        let mut out = self.take_up_standing_illegal(player)?;
        if self.state.hand.placed.is_some() {
            return Err(reject(Rule::fide("4.7"), Reason::MoveOnBoardPressClock));
        }
        let pos = &self.state.position;
        match notation::parse_move(pos, text) {
            Ok(m) => {
                self.check_obligation(m.from(), m.to(), Some(m))?;
                out.extend(self.complete_move(player, m, offer, true, at)?);
                Ok(out)
            }
            Err(unknown) => {
                let placement = parse_squares(text);
                match (self.setup.mode, placement) {
                    (Mode::OverTheBoard, Some(p))
                        if pos.piece_at(p.from).is_some_and(|pc| pc.color == player) =>
                    {
                        self.check_obligation(p.from, p.to, None)?;
                        out.extend(self.complete_illegal(player, Some(p), at)?);
                        Ok(out)
                    }
                    _ => Err(Rejection {
                        ruling: unknown.ruling,
                    }),
                }
            }
        }
    }

    /// Completes a legal move: the press, the record, and what follows.
    /// `declines_offer` when the move is made with the press (the hand's
    /// touch declines the opponent's offer, 9.1.2.2); a press after the
    /// release declines nothing: an offer still pending was made once the
    /// move was made.
    pub(super) fn complete_move(
        &mut self,
        player: Color,
        m: Move,
        offer: bool,
        declines_offer: bool,
        at: u64,
    ) -> Decided {
        let mut out = Vec::new();
        let pos_before = self.state.position.clone();
        let san = notation::san(&pos_before, m);
        let chinese = notation::chinese(&pos_before, m);
        let elapsed = at.saturating_sub(self.state.turn_started_at);
        let timed = self.state.clock.is_timed();
        let mut clock_ms = None;
        if timed {
            let press = self.state.clock.press(player, at);
            clock_ms = Some(press.remaining_ms);
            out.push(effect(
                Effect::ClockPressed {
                    side: player,
                    remaining_ms: press.remaining_ms,
                },
                Rule::fide("6.2.1"),
                Reason::ClockPressed {
                    san: san.clone(),
                    chinese: chinese.clone(),
                },
            ));
            if let Some(ms) = press.period_added_ms {
                out.push(effect(
                    Effect::TimeAdded { side: player, ms },
                    Rule::fide("6.3.1"),
                    Reason::PeriodComplete,
                ));
            }
        } else {
            out.push(move_made(
                player,
                m,
                san.clone(),
                Rule::fide("4.7"),
                Reason::MovePlayed {
                    san: san.clone(),
                    chinese: chinese.clone(),
                },
            ));
        }
        self.state.position.play_unchecked(m);
        let check = self.state.position.is_check();
        self.state.history.push(&self.state.position);
        *self.state.moves_made.get_mut(player) += 1;
        self.state.turn_started_at = at;
        self.state.hand = Hand::default();
        // Moving instead of answering declines the opponent's offer.
        if let Some(Offer { by, .. }) = self.state.offer
            && by != player
            && declines_offer
        {
            self.end_offer(by);
            out.push(effect(
                Effect::OfferEnded { by },
                self.offer_rule(),
                Reason::OfferDeclinedByMove,
            ));
        }
        // An offer with the move is judged once the move is made (both
        // players may now have moved, 5.2.3).
        let offer_check = offer.then(|| self.may_offer(player));
        // An offer the player made earlier and not yet on the record goes
        // on it with this move (FIDE 9.1.2.2).
        let mut offered = false;
        if let Some(pending) = &mut self.state.offer
            && pending.by == player
            && !pending.noted
        {
            pending.noted = true;
            offered = true;
        }
        match offer_check {
            Some(Ok(())) => {
                self.state.offer = Some(Offer {
                    by: player,
                    noted: true,
                });
                self.state.offer_blocked.set_other(player, false);
                offered = true;
                out.push(effect(
                    Effect::DrawOffered { by: player },
                    Rule::fide("9.1.2.1"),
                    Reason::OfferWithMove,
                ));
            }
            Some(Err(rejection)) => out.push(Consequence::new(Effect::Noted, rejection.ruling)),
            None => {}
        }
        self.state.plies.push(PlyRecord {
            side: player,
            uci: m.to_string(),
            san,
            chinese,
            at_ms: at,
            elapsed_ms: elapsed,
            clock_ms,
            offered_draw: offered,
            check,
        });
        out.extend(self.automatic_endings(at));
        Ok(out)
    }
}

/// Reads `e2e4`-like text as a placement even when the move is illegal.
fn parse_squares(text: &str) -> Option<IllegalPlacement> {
    let t = text.trim();
    if !(4..=5).contains(&t.len()) || !t.is_ascii() {
        return None;
    }
    let from: Square = t[0..2].parse().ok()?;
    let to: Square = t[2..4].parse().ok()?;
    let promotion = match t.get(4..5) {
        Some(c) => Some(Role::from_char(c.chars().next()?)?),
        None => None,
    };
    Some(IllegalPlacement {
        from,
        to,
        promotion,
    })
}

/// Small helpers on per-colour flags.
pub(super) trait SetOther {
    fn set_other(&mut self, color: Color, value: bool);
}

impl SetOther for arbiter_rules::ByColor<bool> {
    fn set_other(&mut self, color: Color, value: bool) {
        *self.get_mut(!color) = value;
    }
}
