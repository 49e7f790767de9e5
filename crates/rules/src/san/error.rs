//! Why a SAN could not be read, or names no legal move.

use core::fmt;

use crate::{CastlingSide, File, Rank, Role, Rule, Square};

/// Text that is not a move in algebraic notation.
///
/// ```
/// use arbiter_rules::san::{ParseSanErrorKind, San};
/// let err = San::parse("Nf9").unwrap_err();
/// assert_eq!(err.column, 3);
/// assert_eq!(err.kind, ParseSanErrorKind::Unexpected('9'));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("cannot read {text:?} as a move: {kind} (column {column})")]
pub struct ParseSanError {
    /// The text given (lossily decoded when it was not UTF-8).
    pub text: String,
    /// Where the problem is, counted in characters from 1 (one past the end
    /// when the text stops too early).
    pub column: usize,
    /// What is wrong.
    pub kind: ParseSanErrorKind,
}

/// What is wrong with a move's text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseSanErrorKind {
    /// Nothing but spaces or marks.
    #[error("there is no move")]
    Empty,
    /// A character that does not belong there.
    #[error("{0:?} does not belong in a move here")]
    Unexpected(char),
    /// The text stops before a destination square.
    #[error("the move needs a destination square, like e4")]
    NoDestination,
    /// Castling marks that are neither `O-O` nor `O-O-O`.
    #[error("castling is written O-O (king side) or O-O-O (queen side)")]
    Castling,
    /// A promotion mark with no piece after it.
    #[error("a promotion names the new piece: Q, R, B or N")]
    Promotion,
}

impl ParseSanError {
    pub(crate) fn new(text: &str, column: usize, kind: ParseSanErrorKind) -> ParseSanError {
        ParseSanError {
            text: text.to_string(),
            column,
            kind,
        }
    }
}

/// A SAN that names no legal move of the position, and why.
///
/// Every error carries the move's text and cites the rule that forbids it,
/// with a message in English ([`fmt::Display`]) and in Chinese
/// ([`SanError::message_zh`]).
///
/// ```
/// use arbiter_rules::Position;
/// let pos = Position::from_fen("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1")?;
/// let err = pos.parse_san("Nd2").unwrap_err();
/// assert_eq!(err.to_string(), "Nd2 is ambiguous: Nbd2, Nfd2");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SanError {
    /// The move as written.
    pub san: String,
    /// What is wrong with it.
    pub kind: SanErrorKind,
}

/// Why a SAN names no legal move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SanErrorKind {
    /// The text is not a move at all.
    Syntax(ParseSanError),
    /// More than one legal move fits; the candidates in canonical SAN.
    Ambiguous {
        /// Every legal move the text could mean.
        candidates: Vec<String>,
    },
    /// No piece of that kind (on the file or rank written) can reach the square.
    NoPiece {
        /// The kind of piece written.
        role: Role,
        /// The file written, if any.
        file: Option<File>,
        /// The rank written, if any.
        rank: Option<Rank>,
        /// The destination.
        to: Square,
    },
    /// The destination holds a piece of the side to move.
    OwnPiece {
        /// The destination.
        to: Square,
    },
    /// The piece can reach the square, but the move would leave (or put)
    /// its own king in check.
    IntoCheck {
        /// The kind of piece moved.
        role: Role,
    },
    /// Castling is not allowed, for the reason given.
    Castling(CastlingRefusal),
    /// A pawn reaches the last rank but the text does not say what it becomes.
    MissingPromotion,
    /// A promotion to a king or a pawn.
    PromotionRole(Role),
    /// A promotion written for a move that does not promote.
    UnexpectedPromotion,
    /// `--`: passing is not a move.
    NullMove,
}

/// Why castling is refused (FIDE 3.8.2).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CastlingRefusal {
    /// The king, or the rook on that side, has moved (FIDE 3.8.2.1).
    NoRight(CastlingSide),
    /// The king is in check (FIDE 3.8.2.2 a).
    InCheck,
    /// A piece stands between the king and the rook, or on a destination
    /// square (FIDE 3.8.2.2 b).
    Blocked(Square),
    /// The king would cross an attacked square (FIDE 3.8.2.2 a).
    PassesAttacked(Square),
    /// The king would land on an attacked square (FIDE 3.8.2.2 a).
    LandsAttacked(Square),
}

impl CastlingRefusal {
    /// The article that refuses it.
    pub fn rule(self) -> Rule {
        match self {
            CastlingRefusal::NoRight(_) => Rule::fide("3.8.2.1"),
            _ => Rule::fide("3.8.2.2"),
        }
    }

    fn side_en(side: CastlingSide) -> &'static str {
        match side {
            CastlingSide::KingSide => "king side",
            CastlingSide::QueenSide => "queen side",
        }
    }

    fn side_zh(side: CastlingSide) -> &'static str {
        match side {
            CastlingSide::KingSide => "王翼（短易位）",
            CastlingSide::QueenSide => "后翼（长易位）",
        }
    }

    /// The reason in Chinese.
    pub fn message_zh(self) -> String {
        match self {
            CastlingRefusal::NoRight(side) => {
                format!("{}已无易位权：王或该侧的车已经移动过", Self::side_zh(side))
            }
            CastlingRefusal::InCheck => "王正被将军".to_string(),
            CastlingRefusal::Blocked(sq) => format!("{sq}上有棋子阻隔"),
            CastlingRefusal::PassesAttacked(sq) => format!("王经过的{sq}受到对方攻击"),
            CastlingRefusal::LandsAttacked(sq) => format!("王到达的{sq}受到对方攻击"),
        }
    }
}

impl fmt::Display for CastlingRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            CastlingRefusal::NoRight(side) => write!(
                f,
                "the right to castle {} is lost (the king or that rook has moved)",
                Self::side_en(side)
            ),
            CastlingRefusal::InCheck => f.write_str("the king is in check"),
            CastlingRefusal::Blocked(sq) => write!(f, "{sq} is occupied"),
            CastlingRefusal::PassesAttacked(sq) => {
                write!(f, "the king would pass through {sq}, which is attacked")
            }
            CastlingRefusal::LandsAttacked(sq) => {
                write!(f, "the king would land on {sq}, which is attacked")
            }
        }
    }
}

/// Where a piece was said to come from, for messages: "on the b-file".
fn origin_en(file: Option<File>, rank: Option<Rank>) -> String {
    match (file, rank) {
        (None, None) => String::new(),
        (Some(f), None) => format!(" on the {f}-file"),
        (None, Some(r)) => format!(" on rank {}", r.char()),
        (Some(f), Some(r)) => format!(" on {f}{}", r.char()),
    }
}

fn origin_zh(file: Option<File>, rank: Option<Rank>) -> String {
    match (file, rank) {
        (None, None) => String::new(),
        (Some(f), None) => format!("{f}线上"),
        (None, Some(r)) => format!("第{}横线上", r.char()),
        (Some(f), Some(r)) => format!("{f}{}上", r.char()),
    }
}

/// The article a piece's moves are defined in.
const fn movement_article(role: Role) -> &'static str {
    match role {
        Role::Bishop => "3.2",
        Role::Rook => "3.3",
        Role::Queen => "3.4",
        Role::Knight => "3.6",
        Role::Pawn => "3.7",
        Role::King => "3.8",
    }
}

impl SanError {
    /// The rule the move breaks: a FIDE article, or `FIDE Appendix C` for
    /// notation that does not name one move.
    pub fn rule(&self) -> Rule {
        match &self.kind {
            SanErrorKind::Syntax(_) | SanErrorKind::Ambiguous { .. } => Rule::fide("Appendix C"),
            SanErrorKind::NoPiece { role, .. } => Rule::fide(movement_article(*role)),
            SanErrorKind::OwnPiece { .. } => Rule::fide("3.1"),
            SanErrorKind::IntoCheck { .. } => Rule::fide("3.9.2"),
            SanErrorKind::Castling(refusal) => refusal.rule(),
            SanErrorKind::MissingPromotion
            | SanErrorKind::PromotionRole(_)
            | SanErrorKind::UnexpectedPromotion => Rule::fide("3.7.3.3"),
            SanErrorKind::NullMove => Rule::fide("1.1"),
        }
    }

    /// The message in Chinese.
    pub fn message_zh(&self) -> String {
        let san = &self.san;
        match &self.kind {
            SanErrorKind::Syntax(e) => format!("{san}：无法识别的着法（第{}个字符）", e.column),
            SanErrorKind::Ambiguous { candidates } => {
                format!("{san}有歧义：可能是{}", candidates.join("、"))
            }
            SanErrorKind::NoPiece {
                role,
                file,
                rank,
                to,
            } => format!(
                "{san}：{}没有{}能走到{to}",
                origin_zh(*file, *rank),
                role.chinese()
            ),
            SanErrorKind::OwnPiece { to } => format!("{san}：{to}上是本方的棋子"),
            SanErrorKind::IntoCheck { role: Role::King } => {
                format!("{san}：王不能走到受对方攻击的格子")
            }
            SanErrorKind::IntoCheck { .. } => format!("{san}：走后本方的王将被将军"),
            SanErrorKind::Castling(refusal) => {
                format!("{san}：不能王车易位，{}", refusal.message_zh())
            }
            SanErrorKind::MissingPromotion => {
                format!("{san}：兵到达底线必须升变，请注明升变为后、车、象还是马")
            }
            SanErrorKind::PromotionRole(_) => format!("{san}：兵只能升变为后、车、象或马"),
            SanErrorKind::UnexpectedPromotion => format!("{san}：只有到达底线的兵才能升变"),
            SanErrorKind::NullMove => format!("{san}：空着不是合法的着法"),
        }
    }
}

impl fmt::Display for SanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let san = &self.san;
        match &self.kind {
            SanErrorKind::Syntax(e) => write!(f, "{e}"),
            SanErrorKind::Ambiguous { candidates } => {
                write!(f, "{san} is ambiguous: {}", candidates.join(", "))
            }
            SanErrorKind::NoPiece {
                role,
                file,
                rank,
                to,
            } => write!(
                f,
                "{san} is illegal: no {role}{} can move to {to}",
                origin_en(*file, *rank)
            ),
            SanErrorKind::OwnPiece { to } => {
                write!(
                    f,
                    "{san} is illegal: {to} holds a piece of the side to move"
                )
            }
            SanErrorKind::IntoCheck { role: Role::King } => {
                write!(f, "{san} is illegal: it would move the king into check")
            }
            SanErrorKind::IntoCheck { .. } => {
                write!(f, "{san} would leave the king in check")
            }
            SanErrorKind::Castling(refusal) => {
                write!(f, "{san}: castling is not allowed: {refusal}")
            }
            SanErrorKind::MissingPromotion => write!(
                f,
                "{san} is incomplete: a pawn reaching the last rank must be promoted; \
                 say to which piece (=Q, =R, =B or =N)"
            ),
            SanErrorKind::PromotionRole(role) => write!(
                f,
                "{san} is illegal: a pawn cannot be promoted to a {role}, only to a queen, \
                 rook, bishop or knight"
            ),
            SanErrorKind::UnexpectedPromotion => write!(
                f,
                "{san} is illegal: only a pawn reaching the last rank is promoted"
            ),
            SanErrorKind::NullMove => write!(f, "{san} is a null move, never a legal move"),
        }
    }
}

impl std::error::Error for SanError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            SanErrorKind::Syntax(e) => Some(e),
            _ => None,
        }
    }
}
