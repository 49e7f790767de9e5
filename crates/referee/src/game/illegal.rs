//! Completed illegal moves and their penalties (FIDE 7.5, A.5.2; `classic:
//! 送王`).

use arbiter_rules::{Bitboard, Color, Move, Position, Role, Setup};

use super::{ClaimableIllegal, Decided, Game, Hand, IllegalPlacement, effect, reject, side_name};
use crate::ruleset::{EmptyPress, IllegalMovePenalty, IllegalMovesCounted};
use crate::verdict::{Consequence, Effect, Obligation, Rejection};
use crate::{GameResult, Rule, Ruling, Termination, dead_position};

/// The king moved onto a square the opponent attacks (`classic: 送王`).
fn is_king_exposure(pos: &Position, p: IllegalPlacement) -> bool {
    let board = pos.board();
    let Some(piece) = board.piece_at(p.from) else {
        return false;
    };
    if piece.role != Role::King {
        return false;
    }
    let occupied = board.occupied() & !Bitboard::from(p.from);
    board.attackers_to(p.to, !piece.color, occupied).any()
}

/// The board after the piece is left on its square, if a game can go on
/// from it (A.5.2: an unclaimed illegal move stands).
fn standing_position(pos: &Position, p: IllegalPlacement) -> Option<Position> {
    let mut setup: Setup = pos.to_setup();
    let piece = setup.board.remove_piece_at(p.from)?;
    let placed = match p.promotion {
        Some(role) => arbiter_rules::Piece {
            color: piece.color,
            role,
        },
        None => piece,
    };
    setup.board.discard_piece_at(p.to);
    setup.board.set_piece_at(p.to, placed);
    setup.turn = !setup.turn;
    setup.ep_square = None;
    setup.halfmoves = 0;
    let mode = pos.castling_mode();
    // Castling rights the move broke are gone; keep the rest.
    let lenient = arbiter_rules::Validation {
        allow_impossible_check: true,
        allow_impossible_material: false,
        drop_invalid_castling: true,
        drop_invalid_en_passant: true,
    };
    Position::from_setup_with(&setup, mode, lenient).ok()
}

impl Game {
    /// Whether the ruleset counts this illegal move (always, or only king
    /// exposures).
    fn counts(&self, king_exposure: bool, empty_press: bool) -> bool {
        match self.setup.ruleset.illegal_moves.counted {
            IllegalMovesCounted::All => true,
            IllegalMovesCounted::KingExposures => king_exposure && !empty_press,
        }
    }

    /// A pawn left on the last rank without a new piece: illegal, and it
    /// becomes a queen (FIDE 7.5.2).
    fn unchosen_promotion(&self, p: IllegalPlacement) -> Option<Move> {
        if p.promotion.is_some() {
            return None;
        }
        let m = Move::promotion(p.from, p.to, Role::Queen);
        let pos = &self.state.position;
        let pawn = pos.piece_at(p.from).is_some_and(|pc| pc.role == Role::Pawn);
        (pawn && pos.is_legal(m)).then_some(m)
    }

    /// The player presses the clock after an illegal move (or with no move
    /// at all, `placement` `None`).
    pub(super) fn complete_illegal(
        &mut self,
        player: Color,
        placement: Option<IllegalPlacement>,
        at: u64,
    ) -> Decided {
        let pos = self.state.position.clone();
        if let Some(p) = placement
            && let Some(queen) = self.unchosen_promotion(p)
        {
            let mut out = self.penalise(player, true, false, false, at);
            if self.state.outcome.is_none() {
                out.push(effect(
                    Effect::Noted,
                    Rule::fide("7.5.2"),
                    "the pawn was not replaced by a new piece: it becomes a queen",
                    "兵升变时未换上新棋子：视为升变为后",
                ));
                self.state.hand = Hand::default();
                out.extend(self.complete_move(player, queen, false, false, at)?);
            }
            return Ok(out);
        }
        let king_exposure = placement.is_some_and(|p| is_king_exposure(&pos, p));
        if self.setup.ruleset.illegal_moves.needs_claim
            && let Some(p) = placement
        {
            let clock_before = self.state.clock.clone();
            let press = self.state.clock.press(player, at);
            self.state.claimable = Some(ClaimableIllegal {
                by: player,
                placement: p,
                before: pos.clone(),
                clock_before,
                pressed_at: at,
                standing: standing_position(&pos, p),
                king_exposure,
            });
            self.state.hand = Hand::default();
            let (en, zh) = side_name(!player);
            return Ok(vec![
                effect(
                    Effect::ClockPressed {
                        side: player,
                        remaining_ms: press.remaining_ms,
                    },
                    Rule::fide("7.5.1"),
                    "an illegal move is completed",
                    "违例着法已完成（已按钟）",
                ),
                effect(
                    Effect::Noted,
                    Rule::fide("A.5.2"),
                    format!(
                        "{en} may claim the illegal move until making a move; unclaimed, it stands"
                    ),
                    format!("{zh}可在自己走棋之前提出违例申诉；不申诉则该着成立"),
                ),
            ]);
        }
        let mut out = self.penalise(
            player,
            self.counts(king_exposure, placement.is_none()),
            king_exposure,
            placement.is_none(),
            at,
        );
        if self.state.outcome.is_none() {
            out.extend(self.correct(player, placement, &pos));
        }
        Ok(out)
    }

    /// Restores the position before the illegal move; the piece moved must
    /// be the one moved again if it can (FIDE 7.5.1 with 4.3; the classic rules: a
    /// wrong answer to check is replaced by a move of the same piece if it
    /// can answer the check).
    fn correct(
        &mut self,
        player: Color,
        placement: Option<IllegalPlacement>,
        before: &Position,
    ) -> Vec<Consequence> {
        let mut out = vec![effect(
            Effect::PositionRestored { fen: before.fen() },
            Rule::fide("7.5.1"),
            "the position before the illegal move is restored",
            "恢复违例着法之前的局面",
        )];
        let mut hand = Hand {
            touched: true,
            ..Hand::default()
        };
        if let Some(p) = placement {
            let ob = Obligation::Move { square: p.from };
            let can = before.legal_moves().iter().any(|m| m.from() == p.from);
            if can {
                hand.obligation = Some(ob);
                hand.touches.push(super::touch_move::TouchedPiece {
                    square: p.from,
                    own: true,
                    at_ms: 0,
                });
                let (rule, en, zh) = if before.is_check() && self.setup.ruleset.is_classic() {
                    (
                        Rule::classic("纠正错误"),
                        format!(
                            "the check must be answered with the piece from {} since it can",
                            p.from
                        ),
                        format!(
                            "被将军时误走：重走时误走的棋子（{}）可以应将，就必须用它来应将",
                            p.from
                        ),
                    )
                } else {
                    (
                        Rule::fide("7.5.1"),
                        format!(
                            "the replacement move must be made with the piece from {} (touch-move)",
                            p.from
                        ),
                        format!("须用 {} 的棋子另走一着合法着法（摸子走子）", p.from),
                    )
                };
                out.push(effect(
                    Effect::Touched {
                        square: p.from,
                        obligation: Some(ob),
                    },
                    rule,
                    en,
                    zh,
                ));
            }
        }
        self.state.hand = hand;
        let _ = player;
        out
    }

    /// Counts the illegal move and applies its penalty.
    fn penalise(
        &mut self,
        player: Color,
        counted: bool,
        king_exposure: bool,
        empty_press: bool,
        at: u64,
    ) -> Vec<Consequence> {
        let rule = if empty_press {
            Rule::fide("7.5.3")
        } else {
            self.setup.ruleset.illegal_moves.rule.clone()
        };
        if !counted {
            return vec![effect(
                Effect::IllegalMoveCompleted {
                    side: player,
                    count: *self.state.illegal_counts.get(player),
                },
                Rule::classic("纠正错误"),
                "an illegal move is corrected; it is not a king exposure and carries no penalty",
                "违例着法须纠正；非送王，不计犯规",
            )];
        }
        let count = {
            let c = self.state.illegal_counts.get_mut(player);
            *c += 1;
            *c
        };
        let (what_en, what_zh) = if king_exposure && self.setup.ruleset.is_classic() {
            ("king moved into check (送王)", "送王")
        } else if empty_press {
            ("clock pressed without a move", "未走棋而按钟")
        } else {
            ("illegal move", "违例着法")
        };
        let mut out = vec![effect(
            Effect::IllegalMoveCompleted {
                side: player,
                count,
            },
            rule.clone(),
            format!("{what_en} number {count}"),
            format!("第 {count} 次{what_zh}"),
        )];
        match self.setup.ruleset.illegal_move_penalty(count) {
            IllegalMovePenalty::Correction => {}
            IllegalMovePenalty::OpponentTime(ms) => {
                self.state.clock.add(!player, ms);
                out.push(effect(
                    Effect::TimeAdded { side: !player, ms },
                    rule,
                    format!("the opponent gets {} more seconds", ms / 1000),
                    format!("对方加时 {} 秒", ms / 1000),
                ));
            }
            IllegalMovePenalty::Loss => {
                let board = self.board_position();
                let (result, termination, en, zh) = if self
                    .setup
                    .ruleset
                    .saved_by_no_mate
                    .illegal_move
                    && !dead_position::can_mate(&board, !player)
                {
                    (
                        GameResult::Draw,
                        Termination::IllegalMovesOpponentCannotMate,
                        format!(
                            "{what_en} number {count} would lose, but the opponent cannot mate: draw"
                        ),
                        format!("第 {count} 次{what_zh}本应判负，但对方无法将死：和棋"),
                    )
                } else {
                    (
                        GameResult::win_for(!player),
                        Termination::IllegalMoves,
                        format!("{what_en} number {count}: the game is lost"),
                        format!("第 {count} 次{what_zh}：判负"),
                    )
                };
                out.push(self.finish(result, termination, Ruling::new(rule, en, zh), at));
            }
        }
        out
    }

    pub(super) fn empty_press(&mut self, player: Color, at: u64) -> Decided {
        match self.setup.ruleset.illegal_moves.empty_press {
            EmptyPress::Refused => Err(reject(
                Rule::classic("用好棋钟"),
                "make your move before pressing the clock",
                "走出该走的一着棋之后，方能按钟",
            )),
            EmptyPress::IllegalMove => {
                let before = self.state.position.clone();
                let mut out = self.penalise(player, self.counts(false, true), false, true, at);
                if self.state.outcome.is_none() {
                    out.extend(self.correct(player, None, &before));
                }
                Ok(out)
            }
        }
    }

    /// The opponent (or the arbiter) claims the completed illegal move
    /// (FIDE A.5.2).
    pub(super) fn claim_illegal_move(&mut self, actor: crate::Actor, at: u64) -> Decided {
        let Some(c) = self.state.claimable.clone() else {
            return Err(reject(
                Rule::fide("A.5.2"),
                "there is no illegal move to claim (or the claimant has already moved)",
                "没有可申诉的违例着法（或申诉方已经走棋）",
            ));
        };
        if actor.color() == Some(c.by) {
            return Err(reject(
                Rule::fide("A.5.2"),
                "only the opponent or the arbiter claims an illegal move",
                "只有对方或裁判员可以就违例着法提出申诉",
            ));
        }
        self.state.claimable = None;
        // The offender's clock goes back to where it stood at the press,
        // without the bonus the illegal move earned.
        let opponent_left = self.state.clock.remaining_at(!c.by, at);
        let mut clock = c.clock_before.clone();
        clock.stop(c.pressed_at);
        clock.set(!c.by, opponent_left, at);
        clock.start(c.by, at);
        self.state.clock = clock;
        self.state.position = c.before.clone();
        self.state.turn_started_at = at;
        let counted = self.counts(c.king_exposure, false);
        let mut out = self.penalise(c.by, counted, c.king_exposure, false, at);
        if self.state.outcome.is_none() {
            out.extend(self.correct(c.by, Some(c.placement), &c.before));
        }
        Ok(out)
    }

    /// Rejects moves over an unclaimed illegal move that left no playable
    /// position (the king left in check): it must be claimed.
    pub(super) fn refuse_over_standing_illegal(&self) -> Result<(), Rejection> {
        match &self.state.claimable {
            Some(c) if c.standing.is_none() => Err(reject(
                Rule::fide("A.5.2"),
                "the last move was illegal and left the king capturable: claim it",
                "上一着是违例着法，对方王仍处于被将状态：请提出申诉",
            )),
            _ => Ok(()),
        }
    }

    /// The claimant moves instead of claiming: the illegal move stands
    /// (FIDE A.5.2).
    pub(super) fn take_up_standing_illegal(
        &mut self,
        player: Color,
    ) -> Result<Vec<Consequence>, Rejection> {
        self.refuse_over_standing_illegal()?;
        let Some(c) = self.state.claimable.take() else {
            return Ok(Vec::new());
        };
        let standing = c.standing.clone().expect("checked above");
        let p = c.placement;
        let uci = format!("{}{}", p.from, p.to);
        self.state.plies.push(super::PlyRecord {
            side: c.by,
            uci: uci.clone(),
            san: format!("{}-{}", p.from, p.to),
            chinese: format!("{}—{}", p.from, p.to),
            at_ms: c.pressed_at,
            elapsed_ms: 0,
            clock_ms: Some(self.state.clock.remaining_at(c.by, c.pressed_at)),
            offered_draw: false,
            check: standing.is_check(),
        });
        self.state.position = standing;
        self.state.history.push(&self.state.position);
        *self.state.moves_made.get_mut(c.by) += 1;
        let _ = player;
        Ok(vec![effect(
            Effect::IllegalMoveStands,
            Rule::fide("A.5.2"),
            format!("the illegal move {uci} was not claimed before the reply: it stands"),
            format!("违例着法 {uci} 未在应着前被申诉：该着成立"),
        )])
    }

    /// The position on the board: a legal move left but not yet pressed
    /// counts (FIDE 4.7).
    /// An unclaimed illegal move (A.5.2) stands on the board too.
    pub(super) fn board_position(&self) -> Position {
        if let Some(standing) = self
            .state
            .claimable
            .as_ref()
            .and_then(|c| c.standing.clone())
        {
            return standing;
        }
        match self.state.hand.placed {
            Some(super::Placed::Legal(m)) => self.state.position.after(m),
            _ => self.state.position.clone(),
        }
    }
}
