//! The check and mate signs written after moves (FIDE C.13: `+` for check,
//! `++` or `#` for checkmate), held against the position they lead to.
//!
//! The signs are optional, so a move without one is never reported; only a
//! sign that claims what the position denies is. The position is asked
//! only about moves that carry a sign, which keeps the test off the
//! great majority of moves.

use arbiter_pgn::CheckMark;
use arbiter_rules::Position;

use crate::reason::Reason;

/// How a written sign is wrong.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum WrongMark {
    /// `+` or `#` after a move that gives no check.
    NoCheck,
    /// `#` after a move that gives check but not mate.
    CheckNotMate,
}

impl WrongMark {
    /// How the sign written after a move is wrong, given the position after
    /// the move; `None` when it is right.
    pub fn of(mark: CheckMark, after: &Position) -> Option<WrongMark> {
        if !after.is_check() {
            return Some(WrongMark::NoCheck);
        }
        match mark {
            CheckMark::Check => None,
            CheckMark::Mate if after.has_legal_moves() => Some(WrongMark::CheckNotMate),
            CheckMark::Mate => None,
        }
    }

    /// What is wrong, about the move `mv` (with its number and sign).
    pub fn reason(self, mark: CheckMark, mv: String) -> Reason {
        match (self, mark) {
            (WrongMark::NoCheck, CheckMark::Check) => Reason::CheckMarkNoCheck { mv },
            (WrongMark::NoCheck, CheckMark::Mate) => Reason::MateMarkNoCheck { mv },
            (WrongMark::CheckNotMate, _) => Reason::MateMarkOnlyCheck { mv },
        }
    }
}

/// The sign as it is usually written.
pub fn sign(mark: CheckMark) -> &'static str {
    match mark {
        CheckMark::Check => "+",
        CheckMark::Mate => "#",
    }
}
