//! Why a SAN could not be read, or names no legal move.

use core::fmt;

use arbiter_messages::{Arg, Localized, ToArg, english};

use crate::{CastlingSide, File, Rank, Role, Rule, Square};

/// Text that is not a move in algebraic notation.
///
/// ```
/// use arbiter_rules::san::{ParseSanErrorKind, San};
/// let err = San::parse("Nf9").unwrap_err();
/// assert_eq!(err.column, 3);
/// assert_eq!(err.kind, ParseSanErrorKind::Unexpected('9'));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
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
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseSanErrorKind {
    /// Nothing but spaces or marks.
    Empty,
    /// A character that does not belong there.
    Unexpected(char),
    /// The text stops before a destination square.
    NoDestination,
    /// Castling marks that are neither `O-O` nor `O-O-O`.
    Castling,
    /// A promotion mark with no piece after it.
    Promotion,
}

impl Localized for ParseSanErrorKind {
    fn key(&self) -> &str {
        match self {
            ParseSanErrorKind::Empty => "san-text-empty",
            ParseSanErrorKind::Unexpected(_) => "san-text-unexpected",
            ParseSanErrorKind::NoDestination => "san-text-no-destination",
            ParseSanErrorKind::Castling => "san-text-castling",
            ParseSanErrorKind::Promotion => "san-text-promotion",
        }
    }

    fn args(&self) -> Vec<(&'static str, Arg<'_>)> {
        match self {
            ParseSanErrorKind::Unexpected(c) => vec![("char", quoted(c))],
            _ => Vec::new(),
        }
    }
}

impl ParseSanErrorKind {
    /// The arguments of each key, by the names the templates use.
    pub const ARGUMENTS: &'static [(&'static str, &'static [&'static str])] = &[
        ("san-text-empty", &[]),
        ("san-text-unexpected", &["char"]),
        ("san-text-no-destination", &[]),
        ("san-text-castling", &[]),
        ("san-text-promotion", &[]),
    ];
}

/// A value as Rust's `{:?}` writes it (`'9'`, `"Nf9"`): quoted, the same
/// in every language.
fn quoted(value: &impl fmt::Debug) -> Arg<'static> {
    Arg::Text(format!("{value:?}").into())
}

impl Localized for ParseSanError {
    fn key(&self) -> &str {
        "san-text"
    }

    fn args(&self) -> Vec<(&'static str, Arg<'_>)> {
        vec![
            ("text", quoted(&self.text)),
            ("problem", Arg::Nested(&self.kind)),
            ("column", self.column.to_arg()),
        ]
    }
}

impl ParseSanError {
    /// The arguments of its key, by the names the template uses.
    pub const ARGUMENTS: &'static [(&'static str, &'static [&'static str])] =
        &[("san-text", &["text", "problem", "column"])];
}

/// In English, as the catalogue words it.
impl fmt::Display for ParseSanErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&english().render(self))
    }
}

/// In English, as the catalogue words it.
impl fmt::Display for ParseSanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&english().render(self))
    }
}

impl std::error::Error for ParseSanErrorKind {}

impl std::error::Error for ParseSanError {}

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
/// Every error carries the move's text and cites the rule that forbids it.
/// It is a message ([`Localized`]) worded by the catalogues; its
/// [`fmt::Display`] is the English one.
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
}

impl Localized for CastlingRefusal {
    fn key(&self) -> &str {
        match self {
            CastlingRefusal::NoRight(_) => "castling-no-right",
            CastlingRefusal::InCheck => "castling-in-check",
            CastlingRefusal::Blocked(_) => "castling-blocked",
            CastlingRefusal::PassesAttacked(_) => "castling-passes-attacked",
            CastlingRefusal::LandsAttacked(_) => "castling-lands-attacked",
        }
    }

    fn args(&self) -> Vec<(&'static str, Arg<'_>)> {
        match self {
            CastlingRefusal::NoRight(side) => vec![("side", side.to_arg())],
            CastlingRefusal::InCheck => Vec::new(),
            CastlingRefusal::Blocked(square)
            | CastlingRefusal::PassesAttacked(square)
            | CastlingRefusal::LandsAttacked(square) => vec![("square", square.to_arg())],
        }
    }
}

impl CastlingRefusal {
    /// The arguments of each key, by the names the templates use.
    pub const ARGUMENTS: &'static [(&'static str, &'static [&'static str])] = &[
        ("castling-no-right", &["side"]),
        ("castling-in-check", &[]),
        ("castling-blocked", &["square"]),
        ("castling-passes-attacked", &["square"]),
        ("castling-lands-attacked", &["square"]),
    ];
}

/// In English, as the catalogue words it.
impl fmt::Display for CastlingRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&english().render(self))
    }
}

/// In a message, a side of the board is its name in the reader's language
/// (`king side`, `王翼（短易位）`).
impl ToArg for CastlingSide {
    fn to_arg(&self) -> Arg<'_> {
        Arg::Key(match self {
            CastlingSide::KingSide => "castling-side-king",
            CastlingSide::QueenSide => "castling-side-queen",
        })
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
}

impl Localized for SanError {
    fn key(&self) -> &str {
        match &self.kind {
            SanErrorKind::Syntax(_) => "san-unreadable",
            SanErrorKind::Ambiguous { .. } => "san-ambiguous",
            SanErrorKind::NoPiece {
                file: None,
                rank: None,
                ..
            } => "san-no-piece",
            SanErrorKind::NoPiece {
                file: Some(_),
                rank: None,
                ..
            } => "san-no-piece-on-file",
            SanErrorKind::NoPiece {
                file: None,
                rank: Some(_),
                ..
            } => "san-no-piece-on-rank",
            SanErrorKind::NoPiece {
                file: Some(_),
                rank: Some(_),
                ..
            } => "san-no-piece-on-square",
            SanErrorKind::OwnPiece { .. } => "san-own-piece",
            SanErrorKind::IntoCheck { role: Role::King } => "san-king-into-check",
            SanErrorKind::IntoCheck { .. } => "san-leaves-king-in-check",
            SanErrorKind::Castling(_) => "san-castling",
            SanErrorKind::MissingPromotion => "san-missing-promotion",
            SanErrorKind::PromotionRole(_) => "san-promotion-role",
            SanErrorKind::UnexpectedPromotion => "san-unexpected-promotion",
            SanErrorKind::NullMove => "san-null-move",
        }
    }

    fn args(&self) -> Vec<(&'static str, Arg<'_>)> {
        let mut args = vec![("san", self.san.to_arg())];
        match &self.kind {
            SanErrorKind::Syntax(e) => {
                args.push(("error", Arg::Nested(e)));
                args.push(("column", e.column.to_arg()));
            }
            SanErrorKind::Ambiguous { candidates } => {
                args.push(("candidates", candidates.to_arg()));
            }
            SanErrorKind::NoPiece {
                role,
                file,
                rank,
                to,
            } => {
                args.push(("role", role.to_arg()));
                args.push(("to", to.to_arg()));
                if let Some(file) = file {
                    args.push(("file", Arg::Text(file.to_string().into())));
                }
                if let Some(rank) = rank {
                    args.push(("rank", Arg::Text(rank.char().to_string().into())));
                }
            }
            SanErrorKind::OwnPiece { to } => args.push(("to", to.to_arg())),
            SanErrorKind::Castling(refusal) => args.push(("refusal", Arg::Nested(refusal))),
            SanErrorKind::PromotionRole(role) => args.push(("role", role.to_arg())),
            SanErrorKind::IntoCheck { .. }
            | SanErrorKind::MissingPromotion
            | SanErrorKind::UnexpectedPromotion
            | SanErrorKind::NullMove => {}
        }
        args
    }
}

impl SanError {
    /// The arguments of each key, by the names the templates use.
    pub const ARGUMENTS: &'static [(&'static str, &'static [&'static str])] = &[
        ("san-unreadable", &["san", "error", "column"]),
        ("san-ambiguous", &["san", "candidates"]),
        ("san-no-piece", &["san", "role", "to"]),
        ("san-no-piece-on-file", &["san", "role", "to", "file"]),
        ("san-no-piece-on-rank", &["san", "role", "to", "rank"]),
        (
            "san-no-piece-on-square",
            &["san", "role", "to", "file", "rank"],
        ),
        ("san-own-piece", &["san", "to"]),
        ("san-king-into-check", &["san"]),
        ("san-leaves-king-in-check", &["san"]),
        ("san-castling", &["san", "refusal"]),
        ("san-missing-promotion", &["san"]),
        ("san-promotion-role", &["san", "role"]),
        ("san-unexpected-promotion", &["san"]),
        ("san-null-move", &["san"]),
    ];
}

/// In English, as the catalogue words it.
impl fmt::Display for SanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&english().render(self))
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

/// In a message, a SAN error is its own message, in the reader's language.
impl ToArg for SanError {
    fn to_arg(&self) -> Arg<'_> {
        Arg::Nested(self)
    }
}
