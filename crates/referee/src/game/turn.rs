//! The turn of the player having the move: touching, adjusting, releasing,
//! pressing (FIDE 4, 6.2), and completing a move.

use arbiter_rules::{Bitboard, Color, Move, Position, Role, Square};

use super::{
    Decided, Game, Hand, IllegalPlacement, Offer, Placed, PlyRecord, effect, reject, side_name,
};
use crate::verdict::{Consequence, Effect, Obligation, Rejection};
use crate::{Mode, Rule, notation};

/// `true` if `m` fulfils the obligation.
pub(super) fn satisfies(pos: &Position, ob: Obligation, m: Move) -> bool {
    match ob {
        Obligation::Move { square } => m.from() == square,
        Obligation::Capture { square } => {
            m.to() == square && !m.is_castle() && pos.is_capture(m)
                || m.is_en_passant() && en_passant_victim(m) == square
        }
    }
}

fn en_passant_victim(m: Move) -> Square {
    Square::from_coords(m.to().file(), m.from().rank())
}

/// `true` if the obligation can be fulfilled at all (FIDE 4.5: otherwise the
/// player is free).
fn can_fulfil(pos: &Position, ob: Obligation) -> bool {
    pos.legal_moves().iter().any(|&m| satisfies(pos, ob, m))
}

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
            let (en, zh) = side_name(self.having_move());
            return Err(reject(
                Rule::fide("1.2"),
                format!("it is {en}'s move"),
                format!("轮到{zh}走棋"),
            ));
        }
        Ok(())
    }

    pub(super) fn touch(&mut self, player: Color, square: Square) -> Decided {
        // Touching a piece to play on gives up the claim (A.5.2).
        let mut out = if player == self.having_move() {
            self.take_up_standing_illegal(player)?
        } else {
            Vec::new()
        };
        let pos = &self.state.position;
        let Some(piece) = pos.piece_at(square) else {
            return Err(reject(
                Rule::fide("4.3"),
                format!("there is no piece on {square}"),
                format!("{square} 格上没有棋子"),
            ));
        };
        if player != pos.turn() {
            return Ok(vec![effect(
                Effect::Touched {
                    square,
                    obligation: None,
                },
                Rule::fide("4.3"),
                "touching a piece when not having the move binds nothing",
                "非行棋方摸子不受摸子走子约束",
            )]);
        }
        out.extend(self.lapse_offer_by_touch(player));
        self.state.hand.touched = true;
        if self.state.hand.placed.is_some() {
            out.push(effect(
                Effect::Touched {
                    square,
                    obligation: None,
                },
                Rule::fide("4.7"),
                "the move is already made; press the clock",
                "着法已走出，请按钟",
            ));
            return Ok(out);
        }
        if let Some(existing) = self.state.hand.obligation {
            out.push(effect(
                Effect::Touched {
                    square,
                    obligation: Some(existing),
                },
                Rule::fide("4.3"),
                "an earlier touch already binds the move",
                "先前的摸子已有约束",
            ));
            return Ok(out);
        }
        let (ob, rule, en, zh) = if piece.color == player {
            (
                Obligation::Move { square },
                Rule::fide("4.3.1"),
                format!("touched: the piece on {square} must be moved"),
                format!("摸子走子：必须走动 {square} 的棋子"),
            )
        } else {
            (
                Obligation::Capture { square },
                Rule::fide("4.3.2"),
                format!("touched: the piece on {square} must be captured"),
                format!("摸对方子：必须吃掉 {square} 的棋子"),
            )
        };
        if can_fulfil(&self.state.position, ob) {
            self.state.hand.obligation = Some(ob);
            out.push(effect(
                Effect::Touched {
                    square,
                    obligation: Some(ob),
                },
                rule,
                en,
                zh,
            ));
        } else {
            out.push(effect(
                Effect::Touched {
                    square,
                    obligation: None,
                },
                Rule::fide("4.5"),
                format!(
                    "the piece on {square} cannot be moved or captured: any legal move may be made"
                ),
                format!("{square} 的棋子无法走动或被吃，可以另走别的着法"),
            ));
        }
        Ok(out)
    }

    /// The opponent of an offer touching a piece to move it rejects the
    /// offer (FIDE 9.1.2.1).
    fn lapse_offer_by_touch(&mut self, player: Color) -> Vec<Consequence> {
        match self.state.offer {
            Some(Offer { by }) if by != player => {
                self.end_offer(by);
                vec![effect(
                    Effect::OfferEnded { by },
                    self.offer_rule(),
                    "the draw offer is declined by touching a piece",
                    "摸子即表示拒绝和棋提议",
                )]
            }
            _ => Vec::new(),
        }
    }

    pub(super) fn adjust(&mut self, player: Color, square: Square) -> Decided {
        if player != self.state.position.turn() {
            return Err(reject(
                Rule::fide("4.2.1"),
                "only the player having the move may adjust pieces",
                "只有轮到走棋的一方可以摆正棋子",
            ));
        }
        if self.state.position.piece_at(square).is_none() {
            return Err(reject(
                Rule::fide("4.2.1"),
                format!("there is no piece on {square}"),
                format!("{square} 格上没有棋子"),
            ));
        }
        Ok(vec![effect(
            Effect::Adjusted { square },
            Rule::fide("4.2.1"),
            format!("the piece on {square} is adjusted after announcing it; no obligation"),
            format!("已声明“我摆正棋子”，摆正 {square} 的棋子不受摸子走子约束"),
        )])
    }

    /// Checks the touch-move obligation against a move leaving `from` for
    /// `to`.
    fn check_obligation(&self, from: Square, to: Square, m: Option<Move>) -> Result<(), Rejection> {
        let Some(ob) = self.state.hand.obligation else {
            return Ok(());
        };
        let pos = &self.state.position;
        let fulfilled = match m {
            Some(m) => satisfies(pos, ob, m),
            // An illegal placement: it at least uses the bound piece.
            None => match ob {
                Obligation::Move { square } => from == square,
                Obligation::Capture { square } => to == square,
            },
        };
        if fulfilled || !can_fulfil(pos, ob) {
            return Ok(());
        }
        Err(match ob {
            Obligation::Move { square } => {
                let rook_first = m.is_some_and(|m| m.is_castle())
                    && pos.piece_at(square).is_some_and(|p| p.role == Role::Rook);
                if rook_first {
                    reject(
                        Rule::fide("4.4.2"),
                        format!(
                            "the rook on {square} was touched first: that is a rook move, no castling on that side"
                        ),
                        format!("先摸了 {square} 的车：须走车，不能向该侧易位（先动王，再动车）"),
                    )
                } else {
                    reject(
                        Rule::fide("4.3.1"),
                        format!("touch-move: the piece on {square} must be moved"),
                        format!("摸子走子：必须走动 {square} 的棋子"),
                    )
                }
            }
            Obligation::Capture { square } => reject(
                Rule::fide("4.3.2"),
                format!("touch-move: the piece on {square} must be captured"),
                format!("摸子走子：必须吃掉 {square} 的棋子"),
            ),
        })
    }

    pub(super) fn release(
        &mut self,
        player: Color,
        from: Square,
        to: Square,
        promotion: Option<Role>,
    ) -> Decided {
        if self.setup.mode == Mode::Online {
            return Err(reject(
                Rule::fide("4.7"),
                "online, a move and the clock press come as one `move` event",
                "网上对局中着法与按钟合为一个 move 事件",
            ));
        }
        self.require_turn(player)?;
        let standing = self.take_up_standing_illegal(player)?;
        if let Some(Placed::Legal(_)) = self.state.hand.placed {
            return Err(reject(
                Rule::fide("4.7"),
                "the move was made when the hand left the piece; it cannot be changed",
                "手已离开棋子，着法已成立，不能悔改",
            ));
        }
        let pos = &self.state.position;
        match pos.piece_at(from) {
            Some(p) if p.color == player => {}
            _ => {
                return Err(reject(
                    Rule::fide("4.3"),
                    format!("there is no piece of yours on {from}"),
                    format!("{from} 格上没有你的棋子"),
                ));
            }
        }
        if let Some(Placed::Illegal(prev)) = self.state.hand.placed
            && prev.from != from
        {
            return Err(reject(
                Rule::fide("4.3.1"),
                format!(
                    "the piece from {} was moved and must be the one moved",
                    prev.from
                ),
                format!("已走动 {} 的棋子，必须用它走棋", prev.from),
            ));
        }
        let legal = legal_release(pos, from, to, promotion);
        self.check_obligation(from, to, legal)?;
        let mut out = standing;
        if self.state.hand.obligation.is_none() {
            self.state.hand.obligation = Some(Obligation::Move { square: from });
        }
        self.state.hand.touched = true;
        out.extend(self.lapse_offer_by_touch(player));
        match legal {
            Some(m) => {
                let san = notation::san(&self.state.position, m);
                self.state.hand.placed = Some(Placed::Legal(m));
                out.push(effect(
                    Effect::MoveMade {
                        side: player,
                        uci: m.to_string(),
                        san: san.clone(),
                    },
                    Rule::fide("4.7"),
                    format!("{san} is made; press the clock to complete it"),
                    format!(
                        "{} 已走出，按钟后完成",
                        notation::chinese(&self.state.position, m)
                    ),
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
                    format!("{from}-{to} is not a legal move; pressing the clock completes it as an illegal move"),
                    format!("{from}-{to} 不是合法着法；若按钟即成为完成的违例着法"),
                ));
            }
        }
        Ok(out)
    }

    pub(super) fn press_clock(&mut self, player: Color, at: u64) -> Decided {
        if player != self.having_move() || self.state.claimable.is_some() {
            return Err(reject(
                Rule::fide("6.2.1"),
                "your clock is not running",
                "你的棋钟没有在走",
            ));
        }
        match self.state.hand.placed.clone() {
            Some(Placed::Legal(m)) => self.complete_move(player, m, false, at),
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
            return Err(reject(
                Rule::fide("4.7"),
                "a move is already on the board; press the clock",
                "棋盘上已走出一着，请按钟",
            ));
        }
        let pos = &self.state.position;
        match notation::parse_move(pos, text) {
            Ok(m) => {
                self.check_obligation(m.from(), m.to(), Some(m))?;
                out.extend(self.complete_move(player, m, offer, at)?);
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
    pub(super) fn complete_move(
        &mut self,
        player: Color,
        m: Move,
        offer: bool,
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
                format!("{san}; clock pressed"),
                format!("{chinese}；已按钟"),
            ));
            if let Some(ms) = press.period_added_ms {
                out.push(effect(
                    Effect::TimeAdded { side: player, ms },
                    Rule::fide("6.3.1"),
                    "the moves of the period are complete: the next period's time is added",
                    "已走满本时限规定的着数，加入下一时限的时间",
                ));
            }
        } else {
            out.push(effect(
                Effect::MoveMade {
                    side: player,
                    uci: m.to_string(),
                    san: san.clone(),
                },
                Rule::fide("4.7"),
                format!("{san} is played"),
                format!("走出 {chinese}"),
            ));
        }
        self.state.position.play_unchecked(m);
        let check = self.state.position.is_check();
        self.state.keys.push(self.state.position.repetition_key());
        *self.state.moves_made.get_mut(player) += 1;
        self.state.turn_started_at = at;
        self.state.hand = Hand::default();
        // Moving instead of answering declines the opponent's offer.
        if let Some(Offer { by }) = self.state.offer
            && by != player
        {
            self.end_offer(by);
            out.push(effect(
                Effect::OfferEnded { by },
                self.offer_rule(),
                "the draw offer is declined by moving",
                "直接走棋即表示拒绝和棋提议",
            ));
        }
        // An offer with the move is judged once the move is made (both
        // players may now have moved, 5.2.3).
        let offer_check = offer.then(|| self.may_offer(player));
        // An offer the player made earlier in this turn, before the move
        // or before the press, goes on the record with this move (FIDE
        // 9.1.2.2): it is still pending, since only the opponent's move or
        // answer ends it.
        let mut offered = self.state.offer == Some(Offer { by: player });
        match offer_check {
            Some(Ok(())) => {
                self.state.offer = Some(Offer { by: player });
                self.state.offer_blocked.set_other(player, false);
                offered = true;
                out.push(effect(
                    Effect::DrawOffered { by: player },
                    Rule::fide("9.1.2.1"),
                    "draw offered with the move",
                    "走棋后提议和棋",
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
