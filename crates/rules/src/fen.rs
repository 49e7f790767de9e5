//! Forsyth–Edwards Notation and Extended Position Description.
//!
//! Reading is lenient where real files need it and strict where a mistake
//! would change the position:
//!
//! - 4 to 6 fields; missing counters read as `0 1`;
//! - a fullmove number of `0` (written by some tools) reads as 1;
//! - castling rights as `KQkq`, as X-FEN (`K` is the outermost rook on the
//!   king's side; a file letter names an inner rook) or as Shredder-FEN (file
//!   letters only), in any order;
//! - `-` for no castling and no en passant square.
//!
//! Errors name the field and the column (1-based, in characters) where the
//! problem starts.

use core::fmt;
use core::num::NonZeroU32;
use core::str::FromStr;

use crate::{Bitboard, Board, Color, File, Piece, Rank, Role, Setup, Square};

/// The six fields of a FEN.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FenField {
    /// Piece placement, rank 8 first.
    Placement,
    /// The side to move.
    Turn,
    /// The castling rights.
    Castling,
    /// The en passant target square.
    EnPassant,
    /// The halfmove clock.
    Halfmoves,
    /// The fullmove number.
    Fullmoves,
}

impl fmt::Display for FenField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FenField::Placement => "piece placement",
            FenField::Turn => "side to move",
            FenField::Castling => "castling rights",
            FenField::EnPassant => "en passant square",
            FenField::Halfmoves => "halfmove clock",
            FenField::Fullmoves => "fullmove number",
        })
    }
}

/// What is wrong with a FEN's text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FenErrorKind {
    /// The text is empty.
    #[error("empty FEN")]
    Empty,
    /// Too few or too many space-separated fields.
    #[error(
        "{found} fields, expected 4 to 6 (placement, side to move, castling, en passant, halfmoves, fullmoves)"
    )]
    FieldCount {
        /// How many fields the text has.
        found: usize,
    },
    /// A character that is no piece letter, digit or `/`.
    #[error("'{0}' is not a piece letter (expected one of PNBRQK pnbrqk, a digit 1-8 or '/')")]
    PieceLetter(char),
    /// A rank that does not describe exactly eight squares.
    #[error("rank {rank} describes {squares} squares, expected 8")]
    RankLength {
        /// The rank (1–8).
        rank: u8,
        /// How many squares it described.
        squares: usize,
    },
    /// The placement does not have exactly eight ranks.
    #[error("{found} ranks, expected 8")]
    RankCount {
        /// How many ranks there were.
        found: usize,
    },
    /// Neither `w` nor `b`.
    #[error("'{0}' is not a side to move (expected w or b)")]
    Turn(String),
    /// A castling letter that is not `KQkq`, a file letter or `-`.
    #[error("'{0}' is not a castling right (expected K, Q, k, q, a file letter A-H/a-h, or -)")]
    CastlingLetter(char),
    /// `K`, `Q`, `k` or `q` with no rook of that colour on that side of the king.
    #[error(
        "castling right '{0}' names no rook: there is no {1} rook on that side of the king on its back rank"
    )]
    CastlingRook(char, Color),
    /// Not a square name or `-`.
    #[error("'{0}' is not an en passant square (expected a square like e3 or -)")]
    EnPassant(String),
    /// Not a non-negative number.
    #[error("'{0}' is not a halfmove count")]
    Halfmoves(String),
    /// Not a non-negative number.
    #[error("'{0}' is not a move number")]
    Fullmoves(String),
}

/// A FEN that could not be read: what is wrong, in which field, at which column.
///
/// ```
/// use arbiter_rules::{FenErrorKind, FenField, Setup};
/// let err = "rnbqkbnr/ppppXppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".parse::<Setup>().unwrap_err();
/// assert_eq!(err.kind, FenErrorKind::PieceLetter('X'));
/// assert_eq!(err.field, FenField::Placement);
/// assert_eq!(err.column, 14);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{kind} (in the {field}, column {column})")]
pub struct FenError {
    /// What is wrong.
    pub kind: FenErrorKind,
    /// The field it is in.
    pub field: FenField,
    /// Where it starts, counted in characters from 1.
    pub column: usize,
}

/// The fields of a text, with the column (1-based, in characters) each starts at.
fn fields(s: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut column = 0;
    let mut start: Option<(usize, usize)> = None;
    for (byte, c) in s.char_indices() {
        column += 1;
        if c.is_whitespace() {
            if let Some((b, col)) = start.take() {
                out.push((col, &s[b..byte]));
            }
        } else if start.is_none() {
            start = Some((byte, column));
        }
    }
    if let Some((b, col)) = start {
        out.push((col, &s[b..]));
    }
    out
}

fn parse_placement(text: &str, column: usize) -> Result<Board, FenError> {
    let err = |kind, offset: usize| FenError {
        kind,
        field: FenField::Placement,
        column: column + offset,
    };
    let mut board = Board::empty();
    let ranks: Vec<&str> = text.split('/').collect();
    // Some writers append a ninth "rank" for crazyhouse pockets; we never accept it.
    if ranks.len() != 8 {
        return Err(err(FenErrorKind::RankCount { found: ranks.len() }, 0));
    }
    let mut offset = 0;
    for (i, rank_text) in ranks.iter().enumerate() {
        let rank = Rank::from_index(7 - i);
        let mut file = 0usize;
        for (j, c) in rank_text.chars().enumerate() {
            if let Some(d) = c.to_digit(10).filter(|d| (1..=8).contains(d)) {
                file += d as usize;
            } else if let Some(piece) = Piece::from_char(c).filter(|_| c.is_ascii_alphabetic()) {
                if file < 8 {
                    board.set_piece_at(Square::from_coords(File::from_index(file), rank), piece);
                }
                file += 1;
            } else {
                return Err(err(FenErrorKind::PieceLetter(c), offset + j));
            }
        }
        if file != 8 {
            return Err(err(
                FenErrorKind::RankLength {
                    rank: rank as u8 + 1,
                    squares: file,
                },
                offset,
            ));
        }
        offset += rank_text.chars().count() + 1;
    }
    Ok(board)
}

fn parse_castling(text: &str, column: usize, board: &Board) -> Result<Bitboard, FenError> {
    let mut rights = Bitboard::EMPTY;
    if text == "-" {
        return Ok(rights);
    }
    for (i, c) in text.chars().enumerate() {
        let err = |kind| FenError {
            kind,
            field: FenField::Castling,
            column: column + i,
        };
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let back_rank = Bitboard::rank(Rank::First.relative_to(color));
        let rooks = board.by_piece(Piece {
            color,
            role: Role::Rook,
        }) & back_rank;
        let king = (board.by_piece(Piece {
            color,
            role: Role::King,
        }) & back_rank)
            .first();
        let lower = c.to_ascii_lowercase();
        let rook = match lower {
            'k' | 'q' => {
                let king = king.ok_or_else(|| err(FenErrorKind::CastlingRook(c, color)))?;
                let candidates = rooks.into_iter();
                let found = if lower == 'k' {
                    candidates.rev().find(|r| r.file() > king.file())
                } else {
                    candidates.into_iter().find(|r| r.file() < king.file())
                };
                found.ok_or_else(|| err(FenErrorKind::CastlingRook(c, color)))?
            }
            'a'..='h' => Square::from_coords(
                File::from_char(lower).expect("a-h is a file"),
                Rank::First.relative_to(color),
            ),
            _ => return Err(err(FenErrorKind::CastlingLetter(c))),
        };
        rights.add(rook);
    }
    Ok(rights)
}

impl Setup {
    /// Reads a FEN. See the [module documentation](crate::fen) for what is accepted.
    pub fn from_fen(fen: &str) -> Result<Setup, FenError> {
        let fields = fields(fen);
        Setup::from_fields(&fields)
    }

    fn from_fields(fields: &[(usize, &str)]) -> Result<Setup, FenError> {
        let Some(&(col, placement)) = fields.first() else {
            return Err(FenError {
                kind: FenErrorKind::Empty,
                field: FenField::Placement,
                column: 1,
            });
        };
        if !(4..=6).contains(&fields.len()) {
            return Err(FenError {
                kind: FenErrorKind::FieldCount {
                    found: fields.len(),
                },
                field: FenField::Placement,
                column: col,
            });
        }
        let board = parse_placement(placement, col)?;
        let (col, turn_text) = fields[1];
        let turn = match turn_text {
            "w" | "W" => Color::White,
            "b" | "B" => Color::Black,
            other => {
                return Err(FenError {
                    kind: FenErrorKind::Turn(other.to_string()),
                    field: FenField::Turn,
                    column: col,
                });
            }
        };
        let (col, castling_text) = fields[2];
        let castling_rights = parse_castling(castling_text, col, &board)?;
        let (col, ep_text) = fields[3];
        let ep_square = match ep_text {
            "-" => None,
            s => Some(s.parse::<Square>().map_err(|_| FenError {
                kind: FenErrorKind::EnPassant(s.to_string()),
                field: FenField::EnPassant,
                column: col,
            })?),
        };
        let halfmoves = match fields.get(4) {
            None => 0,
            Some(&(col, s)) => s.parse::<u32>().map_err(|_| FenError {
                kind: FenErrorKind::Halfmoves(s.to_string()),
                field: FenField::Halfmoves,
                column: col,
            })?,
        };
        let fullmoves = match fields.get(5) {
            None => NonZeroU32::MIN,
            Some(&(col, s)) => {
                let n = s.parse::<u32>().map_err(|_| FenError {
                    kind: FenErrorKind::Fullmoves(s.to_string()),
                    field: FenField::Fullmoves,
                    column: col,
                })?;
                // Real files carry move number 0; it can only mean the first move.
                NonZeroU32::new(n).unwrap_or(NonZeroU32::MIN)
            }
        };
        Ok(Setup {
            board,
            turn,
            castling_rights,
            ep_square,
            halfmoves,
            fullmoves,
        })
    }
}

impl FromStr for Setup {
    type Err = FenError;
    fn from_str(s: &str) -> Result<Setup, FenError> {
        Setup::from_fen(s)
    }
}

/// How castling rights are written in a FEN.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub enum CastlingNotation {
    /// `KQkq` where unambiguous, a file letter for an inner rook (X-FEN).
    /// For standard chess this is plain `KQkq`.
    #[default]
    XFen,
    /// File letters only (`HAha`), as Shredder writes Chess960 positions.
    Shredder,
}

/// Writes the castling field for `rights` on `board`.
pub(crate) fn castling_field(
    board: &Board,
    rights: Bitboard,
    notation: CastlingNotation,
) -> String {
    let mut out = String::new();
    for color in Color::ALL {
        let back_rank = Bitboard::rank(Rank::First.relative_to(color));
        let Some(king) = board.king_of(color) else {
            continue;
        };
        let all_rooks = board.by_piece(Piece {
            color,
            role: Role::Rook,
        }) & back_rank;
        // King side first, then queen side, as KQkq orders them.
        let mine: Vec<Square> = (rights & back_rank).into_iter().rev().collect();
        for rook in mine {
            let king_side = rook.file() > king.file();
            let outermost = if king_side {
                all_rooks.into_iter().rev().find(|r| r.file() > king.file())
            } else {
                all_rooks.into_iter().find(|r| r.file() < king.file())
            };
            let c = match notation {
                CastlingNotation::XFen if outermost == Some(rook) => {
                    if king_side {
                        'k'
                    } else {
                        'q'
                    }
                }
                _ => rook.file().char(),
            };
            out.push(if color.is_white() {
                c.to_ascii_uppercase()
            } else {
                c
            });
        }
    }
    if out.is_empty() {
        out.push('-');
    }
    out
}

/// An EPD line: a position (the first four FEN fields) and its operations.
///
/// Operations are `opcode operand…;`. The perft suites' `;D1 20 ;D2 400`
/// style is read too. Halfmove and fullmove counters may be given as the
/// `hmvc` and `fmvn` operations, or (as many files do) as two plain numbers
/// after the four fields.
///
/// ```
/// use arbiter_rules::fen::Epd;
/// let epd: Epd = "4k3/8/8/8/8/8/8/4K2R w K - ;D1 15 ;D2 66".parse()?;
/// assert_eq!(epd.operation("D2"), Some("66"));
/// # Ok::<(), arbiter_rules::FenError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Epd {
    /// The position.
    pub setup: Setup,
    /// The operations in order, each an opcode and its operands as written.
    pub operations: Vec<(String, String)>,
}

impl Epd {
    /// The operands of the first operation named `opcode`.
    pub fn operation(&self, opcode: &str) -> Option<&str> {
        self.operations
            .iter()
            .find(|(op, _)| op == opcode)
            .map(|(_, v)| v.as_str())
    }

    /// Reads an EPD line.
    pub fn from_line(line: &str) -> Result<Epd, FenError> {
        let all = fields(line);
        let take = all.len().min(4);
        let mut position_fields: Vec<(usize, &str)> = all[..take].to_vec();
        // Fields may run into the first ';' ("... w - c3; D4 23").
        let mut rest_start = None;
        for (i, (col, f)) in position_fields.iter_mut().enumerate() {
            if let Some(p) = f.find(';') {
                *f = &f[..p];
                rest_start = Some((i, *col + f.chars().count()));
                break;
            }
        }
        let byte_of = |col: usize| {
            line.char_indices()
                .nth(col - 1)
                .map_or(line.len(), |(b, _)| b)
        };
        let mut rest = match rest_start {
            Some((i, col)) => {
                position_fields.truncate(i + 1);
                &line[byte_of(col)..]
            }
            None => match all.get(4) {
                Some(&(col, _)) => &line[byte_of(col)..],
                None => "",
            },
        };
        // Counters written as two bare numbers after the four fields.
        let mut counters = Vec::new();
        let numbers: Vec<(usize, &str)> = all
            .iter()
            .skip(4)
            .take(2)
            .copied()
            .take_while(|(_, f)| f.bytes().all(|b| b.is_ascii_digit()))
            .collect();
        if rest_start.is_none() && !numbers.is_empty() {
            let (col, last) = *numbers.last().expect("non-empty");
            counters = numbers.clone();
            rest = &line[byte_of(col) + last.len()..];
        }
        position_fields.extend(counters);
        let mut setup = Setup::from_fields(&position_fields)?;
        let mut operations = Vec::new();
        for op in rest.split(';') {
            let op = op.trim_matches(|c: char| c.is_whitespace() || c == '\0');
            if op.is_empty() {
                continue;
            }
            let (code, operands) = op.split_once(char::is_whitespace).unwrap_or((op, ""));
            operations.push((code.to_string(), operands.trim().to_string()));
        }
        if let Some(n) = operations
            .iter()
            .find(|(op, _)| op == "hmvc")
            .and_then(|(_, v)| v.parse().ok())
        {
            setup.halfmoves = n;
        }
        if let Some(n) = operations
            .iter()
            .find(|(op, _)| op == "fmvn")
            .and_then(|(_, v)| v.parse::<u32>().ok())
        {
            setup.fullmoves = NonZeroU32::new(n).unwrap_or(NonZeroU32::MIN);
        }
        Ok(Epd { setup, operations })
    }
}

impl FromStr for Epd {
    type Err = FenError;
    fn from_str(s: &str) -> Result<Epd, FenError> {
        Epd::from_line(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn field_count_is_checked() {
        let e = Setup::from_fen("8/8/8/8/8/8/8/8 w").unwrap_err();
        assert_eq!(e.kind, FenErrorKind::FieldCount { found: 2 });
        let e = Setup::from_fen("8/8/8/8/8/8/8/8 w - - 0 1 extra").unwrap_err();
        assert_eq!(e.kind, FenErrorKind::FieldCount { found: 7 });
        assert_eq!(Setup::from_fen("").unwrap_err().kind, FenErrorKind::Empty);
    }

    #[test]
    fn rank_length_names_the_rank() {
        let e = Setup::from_fen("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
        assert_eq!(e.unwrap_err().kind, FenErrorKind::PieceLetter('9'));
        let e =
            Setup::from_fen("rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap_err();
        assert_eq!(
            e.kind,
            FenErrorKind::RankLength {
                rank: 7,
                squares: 7
            }
        );
        assert_eq!(e.column, 10);
    }

    #[test]
    fn fullmove_zero_reads_as_one() {
        let s = Setup::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 0").unwrap();
        assert_eq!(s.fullmoves.get(), 1);
    }

    #[test]
    fn shredder_and_xfen_castling() {
        let s =
            Setup::from_fen("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9")
                .unwrap();
        assert_eq!(
            s.castling_rights,
            Bitboard::from(Square::H1) | Square::F1 | Square::H8 | Square::F8
        );
        let x =
            Setup::from_fen("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KFkf - 2 9")
                .unwrap();
        assert_eq!(x.castling_rights, s.castling_rights);
    }

    #[test]
    fn epd_with_nul_and_double_spaces() {
        let e = Epd::from_line("8/5kpp/8/8/1p3P2/6PP/r3KP2/1R1q4 w - -  0 1; D4 23441").unwrap();
        assert_eq!(e.operation("D4"), Some("23441"));
        let e = Epd::from_line("3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1; D6 1134888 \0").unwrap();
        assert_eq!(e.operation("D6"), Some("1134888"));
        assert_eq!(e.setup.turn, Color::Black);
        let e = Epd::from_line("2r5/8/8/8/8/8/8/K1k5 b - c3  0 1; D4 23").unwrap();
        assert_eq!(e.setup.ep_square, Some(Square::C3));
    }
}
