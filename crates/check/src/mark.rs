//! The check and mate signs written after moves (FIDE C.13: `+` for check,
//! `++` or `#` for checkmate), held against the position they lead to.
//!
//! The signs are optional, so a move without one is never reported; only a
//! sign that claims what the position denies is. The position is asked
//! only about moves that carry a sign, which keeps the test off the
//! great majority of moves.

use arbiter_pgn::CheckMark;
use arbiter_rules::Position;

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

    /// What is wrong, in English, after the move's label.
    pub fn describe(self, mark: CheckMark) -> &'static str {
        match (self, mark) {
            (WrongMark::NoCheck, CheckMark::Check) => "written as check, but it gives no check",
            (WrongMark::NoCheck, CheckMark::Mate) => "written as checkmate, but it gives no check",
            (WrongMark::CheckNotMate, _) => {
                "written as checkmate, but it only gives check: the king can escape"
            }
        }
    }

    /// The same in Chinese.
    pub fn describe_zh(self, mark: CheckMark) -> &'static str {
        match (self, mark) {
            (WrongMark::NoCheck, CheckMark::Check) => "记为将军，但并未将军",
            (WrongMark::NoCheck, CheckMark::Mate) => "记为将死，但并未将军",
            (WrongMark::CheckNotMate, _) => "记为将死，但只是将军，对方仍可应将",
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
