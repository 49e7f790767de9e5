//! Move notations other than SAN and UCI: long algebraic (LAN), figurine,
//! and the Chinese long and short forms of the classic rules.
//!
//! | notation | example moves |
//! | --- | --- |
//! | [`Notation::San`] | `Nf3`, `Rxa7`, `exd5`, `e8=Q+`, `O-O` |
//! | [`Notation::Lan`] | `Ng1-f3`, `Ra1xa7`, `e4xd5`, `e7xd8=Q+`, `O-O` |
//! | [`Notation::Figurine`] | `♘f3`, `♖xa7`, `exd5`, `e8=♕+`, `O-O` |
//! | [`Notation::ChineseLong`] | `马g1—f3`, `车a1×a7`, `e4×d5`, `e7—e8=后+`, `0-0` |
//! | [`Notation::ChineseShort`] | `马f3`, `车×a7`, `e×d5`, `e8=后+`, `0-0` |
//! | [`Notation::Uci`] | `g1f3`, `a1a7`, `e4d5`, `e7e8q`, `e1g1` |
//!
//! The short forms disambiguate as SAN does (`Nbd7`, `马bd7`). Figurines take
//! the colour of the side moving (`♘f3` for White, `♞f6` for Black). The
//! Chinese forms follow the classic rules (see the README's glossary): the piece's
//! Chinese name (none for a pawn), the from-square and the destination joined
//! by an em dash `—` or, for a capture, by `×`; castling `0-0` and `0-0-0`.
//! Promotion (`=后`) and check marks (`+`, `#`) follow FIDE Appendix C, as
//! the classic rules name none of their own.
//!
//! Every form here is read back by [`crate::san::San::parse`].
//!
//! ```
//! use arbiter_rules::{Move, Position, Square, notation::Notation};
//! let pos = Position::new();
//! let m = Move::normal(Square::G1, Square::F3);
//! assert_eq!(Notation::ChineseLong.write(&pos, m), "马g1—f3");
//! assert_eq!(Notation::ChineseShort.write(&pos, m), "马f3");
//! assert_eq!(Notation::Lan.write(&pos, m), "Ng1-f3");
//! assert_eq!(Notation::Figurine.write(&pos, m), "♘f3");
//! ```

mod lan;
mod style;
mod written;

pub use lan::{Lan, LanPlus};
pub use style::Style;
pub(crate) use style::write_short;
pub use written::{Notation, ParseNotationError, Written};
