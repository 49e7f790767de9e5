//! What the pieces touched so far oblige the player having the move to do
//! (FIDE 4.3, 4.4, 4.5; the classic rules' 摸子走子): a pure function of the
//! position, the touches in order, and the ruleset's [`TouchRule`].

use arbiter_rules::{Move, Position, Role, Square};

use crate::ruleset::TouchRule;
use crate::verdict::Obligation;
use crate::{Reason, Rule, Ruling};

/// A piece deliberately touched by the player having the move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct TouchedPiece {
    /// Where it stands.
    pub square: Square,
    /// One of the player's own pieces (else an opponent's).
    pub own: bool,
    /// When: touches at the same moment are in an unclear order.
    pub at_ms: u64,
}

/// What the touches bind, and the rule that says so.
pub(super) struct Binding {
    /// `None`: the player may make any legal move (4.5, 4.4.3).
    pub obligation: Option<Obligation>,
    /// The article and its message.
    pub ruling: Ruling,
}

/// `true` if `m` fulfils the obligation.
pub(super) fn satisfies(pos: &Position, ob: Obligation, m: Move) -> bool {
    match ob {
        Obligation::Move { square } => m.from() == square,
        Obligation::Capture { square } => captures(pos, m, square),
        Obligation::CaptureWith { piece, square } => m.from() == piece && captures(pos, m, square),
        Obligation::Castle { king, rook } => m.is_castle() && m.from() == king && m.to() == rook,
    }
}

fn captures(pos: &Position, m: Move, square: Square) -> bool {
    m.to() == square && !m.is_castle() && pos.is_capture(m)
        || m.is_en_passant() && en_passant_victim(m) == square
}

fn en_passant_victim(m: Move) -> Square {
    Square::from_coords(m.to().file(), m.from().rank())
}

/// `true` if the obligation can be fulfilled at all (FIDE 4.5: otherwise the
/// touch binds nothing).
pub(super) fn can_fulfil(pos: &Position, ob: Obligation) -> bool {
    pos.legal_moves().iter().any(|&m| satisfies(pos, ob, m))
}

/// The touches in the order the Laws read them: by time, and at the same
/// moment the player's own piece first (4.3.3: when it is unclear which was
/// touched first, his own piece counts as touched first).
fn in_order(touches: &[TouchedPiece]) -> Vec<TouchedPiece> {
    let mut ordered = touches.to_vec();
    ordered.sort_by_key(|t| (t.at_ms, !t.own));
    ordered
}

fn role_at(pos: &Position, square: Square) -> Option<Role> {
    pos.piece_at(square).map(|p| p.role)
}

/// The rook whose castling a rook-then-king touch forbids on this move
/// (FIDE 4.4.2; the classic rules: "king first, else a rook move").
pub(super) fn barred_castling_rook(pos: &Position, touches: &[TouchedPiece]) -> Option<Square> {
    let own: Vec<TouchedPiece> = in_order(touches).into_iter().filter(|t| t.own).collect();
    let king = own
        .iter()
        .position(|t| role_at(pos, t.square) == Some(Role::King))?;
    own[..king]
        .iter()
        .find(|t| role_at(pos, t.square) == Some(Role::Rook))
        .map(|t| t.square)
}

/// What `touches` bind in `pos` under `rules`.
pub(super) fn binding(pos: &Position, touches: &[TouchedPiece], rules: &TouchRule) -> Binding {
    let ordered = in_order(touches);
    if rules.king_and_rook_castle
        && let Some(b) = king_then_rook(pos, &ordered)
    {
        return b;
    }
    let first_own = ordered.iter().find(|t| t.own);
    let first_opponent = ordered.iter().find(|t| !t.own);
    if rules.both_colours_capture
        && let (Some(own), Some(opponent)) = (first_own, first_opponent)
    {
        return both_colours(pos, &ordered, own.square, opponent.square);
    }
    first_that_binds(pos, &ordered)
}

/// FIDE 4.4.1 and 4.4.3: the king touched first, then a rook.
fn king_then_rook(pos: &Position, ordered: &[TouchedPiece]) -> Option<Binding> {
    let [king, rook, ..] = ordered else {
        return None;
    };
    let is_own = |t: &TouchedPiece, role| t.own && role_at(pos, t.square) == Some(role);
    if !is_own(king, Role::King) || !is_own(rook, Role::Rook) {
        return None;
    }
    let (king, rook) = (king.square, rook.square);
    let castle = Obligation::Castle { king, rook };
    if can_fulfil(pos, castle) {
        return Some(Binding {
            obligation: Some(castle),
            ruling: Ruling::new(Rule::fide("4.4.1"), Reason::TouchedMustCastle { rook }),
        });
    }
    let king_move = Obligation::Move { square: king };
    if can_fulfil(pos, king_move) {
        return Some(Binding {
            obligation: Some(king_move),
            ruling: Ruling::new(
                Rule::fide("4.4.3"),
                Reason::CastlingIllegalKingMoves { rook },
            ),
        });
    }
    Some(Binding {
        obligation: None,
        ruling: Ruling::new(Rule::fide("4.4.3"), Reason::CastlingIllegalAnyMove),
    })
}

/// FIDE 4.3.3: own and opponent's pieces touched.
fn both_colours(
    pos: &Position,
    ordered: &[TouchedPiece],
    own: Square,
    opponent: Square,
) -> Binding {
    let capture = Obligation::CaptureWith {
        piece: own,
        square: opponent,
    };
    if can_fulfil(pos, capture) {
        return Binding {
            obligation: Some(capture),
            ruling: Ruling::new(
                Rule::fide("4.3.3"),
                Reason::BothColoursCapture { own, opponent },
            ),
        };
    }
    for t in ordered {
        let (ob, first) = obligation_of(t);
        if can_fulfil(pos, ob) {
            return Binding {
                obligation: Some(ob),
                ruling: Ruling::new(
                    Rule::fide("4.3.3"),
                    Reason::BothColoursFirstThatCan {
                        own,
                        opponent,
                        first: Box::new(first),
                    },
                ),
            };
        }
    }
    nothing_binds(ordered)
}

/// FIDE 4.3.1, 4.3.2 (and the classic rules): the first piece touched that can be
/// moved or captured.
fn first_that_binds(pos: &Position, ordered: &[TouchedPiece]) -> Binding {
    for t in ordered {
        let (ob, _) = obligation_of(t);
        if can_fulfil(pos, ob) {
            let square = t.square;
            let ruling = if t.own {
                Ruling::new(Rule::fide("4.3.1"), Reason::TouchedMove { square })
            } else {
                Ruling::new(Rule::fide("4.3.2"), Reason::TouchedCapture { square })
            };
            return Binding {
                obligation: Some(ob),
                ruling,
            };
        }
    }
    nothing_binds(ordered)
}

/// What touching `t` alone obliges, and its reason.
fn obligation_of(t: &TouchedPiece) -> (Obligation, Reason) {
    let square = t.square;
    if t.own {
        (Obligation::Move { square }, Reason::ToBeMoved { square })
    } else {
        (
            Obligation::Capture { square },
            Reason::ToBeCaptured { square },
        )
    }
}

/// FIDE 4.5: none of the touched pieces can be moved or captured.
fn nothing_binds(ordered: &[TouchedPiece]) -> Binding {
    let squares: Vec<Square> = ordered.iter().map(|t| t.square).collect();
    let reason = match squares.as_slice() {
        [square] => Reason::TouchedCannotMove { square: *square },
        _ => Reason::NoneTouchedCanMove { squares },
    };
    Binding {
        obligation: None,
        ruling: Ruling::new(Rule::fide("4.5"), reason),
    }
}
