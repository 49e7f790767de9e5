//! Files, ranks and squares (FIDE 2.4).

use core::fmt;
use core::str::FromStr;

use crate::Color;

/// Declares an enum whose variants stand for the indices `0..$count` in
/// order, with the conversions from and to an index: the variants are
/// listed once, and the order of `ALL` cannot drift from the enum's.
macro_rules! indexed_enum {
    ($(#[$meta:meta])* pub enum $name:ident[$count:expr] { $($variant:ident),+ $(,)? }) => {
        $(#[$meta])*
        #[repr(u8)]
        #[allow(missing_docs)]
        pub enum $name {
            $($variant),+
        }

        impl $name {
            /// Every value, in order.
            pub const ALL: [$name; $count] = [$($name::$variant),+];

            /// The value with this index, if the index is in range.
            #[inline]
            pub const fn new(index: u32) -> Option<$name> {
                if index < $count { Some(Self::ALL[index as usize]) } else { None }
            }

            /// The value with this index, which must be in range.
            ///
            /// # Panics
            ///
            /// Panics (in every build) if `index` is out of range.
            #[inline]
            pub const fn from_index(index: usize) -> $name {
                Self::ALL[index]
            }

            /// The value's index.
            #[inline]
            pub const fn index(self) -> usize {
                self as usize
            }
        }
    };
}

/// The eight files, or the eight ranks: named by eight consecutive
/// characters from `$first`, and stepped along within the board.
macro_rules! named_by_char {
    ($name:ident, $first:literal, $char_doc:literal, $from_doc:literal, $offset_doc:literal) => {
        impl $name {
            #[doc = $char_doc]
            pub const fn char(self) -> char {
                // `$first` is ASCII (`'a'` or `'1'`): its code fits a byte.
                (($first as u32) as u8 + self as u8) as char
            }

            #[doc = $from_doc]
            pub const fn from_char(c: char) -> Option<$name> {
                if c >= $first && (c as u32) < $first as u32 + 8 {
                    $name::new(c as u32 - $first as u32)
                } else {
                    None
                }
            }

            #[doc = $offset_doc]
            pub const fn offset(self, delta: i32) -> Option<$name> {
                let i = self as i32 + delta;
                if 0 <= i && i < 8 {
                    $name::new(i as u32)
                } else {
                    None
                }
            }
        }
    };
}

indexed_enum! {
    /// A file, the column named by a letter from `a` (White's left) to `h`.
    #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
    pub enum File[8] { A, B, C, D, E, F, G, H }
}

named_by_char!(
    File,
    'a',
    "The file's letter, `a` to `h`.",
    "Reads a file letter (lower case, as in algebraic notation).",
    "The file `delta` files to the right, if it is on the board."
);

impl File {
    /// The file seen from the other side of the board (a ↔ h).
    pub const fn flip(self) -> File {
        File::from_index(7 - self as usize)
    }
}

impl fmt::Display for File {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

indexed_enum! {
    /// A rank, the row numbered from `1` (White's side) to `8`.
    #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
    pub enum Rank[8] { First, Second, Third, Fourth, Fifth, Sixth, Seventh, Eighth }
}

named_by_char!(
    Rank,
    '1',
    "The rank's digit, `1` to `8`.",
    "Reads a rank digit.",
    "The rank `delta` ranks up (towards Black), if it is on the board."
);

impl Rank {
    /// The rank as seen from `color`'s side: White's first rank is Black's eighth.
    #[inline]
    pub const fn relative_to(self, color: Color) -> Rank {
        match color {
            Color::White => self,
            Color::Black => Rank::from_index(7 - self as usize),
        }
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

indexed_enum! {
    /// A square of the board, `a1` to `h8`. Always on the board.
    ///
    /// ```
    /// use arbiter_rules::{File, Rank, Square};
    /// let e4: Square = "e4".parse()?;
    /// assert_eq!(e4, Square::E4);
    /// assert_eq!((e4.file(), e4.rank()), (File::E, Rank::Fourth));
    /// assert!(Square::H1.is_light());
    /// # Ok::<(), arbiter_rules::ParseSquareError>(())
    /// ```
    #[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
    pub enum Square[64] {
        A1, B1, C1, D1, E1, F1, G1, H1,
        A2, B2, C2, D2, E2, F2, G2, H2,
        A3, B3, C3, D3, E3, F3, G3, H3,
        A4, B4, C4, D4, E4, F4, G4, H4,
        A5, B5, C5, D5, E5, F5, G5, H5,
        A6, B6, C6, D6, E6, F6, G6, H6,
        A7, B7, C7, D7, E7, F7, G7, H7,
        A8, B8, C8, D8, E8, F8, G8, H8,
    }
}

impl Square {
    /// The square with index `bits & 63`: never out of range, so cheap in
    /// the move generator's inner loops.
    #[inline(always)]
    pub(crate) const fn from_low_bits(bits: u32) -> Square {
        // SAFETY: `Square` is `repr(u8)` with the 64 variants 0..=63, and
        // the mask keeps the value in that range.
        unsafe { core::mem::transmute::<u8, Square>((bits & 63) as u8) }
    }

    /// The square on `file` and `rank`.
    #[inline]
    pub const fn from_coords(file: File, rank: Rank) -> Square {
        Square::from_low_bits(rank as u32 * 8 + file as u32)
    }

    /// The square's file.
    #[inline]
    pub const fn file(self) -> File {
        // SAFETY: `File` is `repr(u8)` with the variants 0..=7.
        unsafe { core::mem::transmute::<u8, File>(self as u8 & 7) }
    }

    /// The square's rank.
    #[inline]
    pub const fn rank(self) -> Rank {
        // SAFETY: `Rank` is `repr(u8)` with the variants 0..=7, and a
        // square's index shifted right by three is at most 7.
        unsafe { core::mem::transmute::<u8, Rank>(self as u8 >> 3) }
    }

    /// The square `delta` steps further in index order (`+8` is one rank up), if
    /// it is on the board. Does not check for wrapping around the board's edge.
    #[inline]
    pub const fn offset(self, delta: i32) -> Option<Square> {
        let i = self as i32 + delta;
        if 0 <= i && i < 64 {
            Square::new(i as u32)
        } else {
            None
        }
    }

    /// The same square seen from the other side (a1 ↔ a8).
    #[inline]
    pub const fn flip_vertical(self) -> Square {
        Square::from_low_bits(self as u32 ^ 56)
    }

    /// The square as seen from `color`'s side of the board.
    #[inline]
    pub const fn relative_to(self, color: Color) -> Square {
        match color {
            Color::White => self,
            Color::Black => self.flip_vertical(),
        }
    }

    /// `true` for the light squares; h1 is light (FIDE 2.1).
    #[inline]
    pub const fn is_light(self) -> bool {
        (self.file() as u8 + self.rank() as u8) % 2 == 1
    }

    /// `true` for the dark squares; a1 is dark.
    #[inline]
    pub const fn is_dark(self) -> bool {
        !self.is_light()
    }

    /// The larger of the file and rank distances: how many king steps apart.
    pub const fn distance(self, other: Square) -> u32 {
        let df = (self.file() as i32 - other.file() as i32).unsigned_abs();
        let dr = (self.rank() as i32 - other.rank() as i32).unsigned_abs();
        if df > dr { df } else { dr }
    }

    /// Reads a square from ASCII like `b"e4"`.
    pub const fn from_ascii(s: &[u8]) -> Result<Square, ParseSquareError> {
        if s.len() != 2 {
            return Err(ParseSquareError);
        }
        match (File::from_char(s[0] as char), Rank::from_char(s[1] as char)) {
            (Some(f), Some(r)) => Ok(Square::from_coords(f, r)),
            _ => Err(ParseSquareError),
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file().char(), self.rank().char())
    }
}

/// In a message, a square is its name, the same in every language.
impl arbiter_messages::ToArg for Square {
    fn to_arg(&self) -> arbiter_messages::Arg<'_> {
        arbiter_messages::Arg::Text(self.to_string().into())
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A square name that is not `a1` to `h8`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a square name (expected a file a-h and a rank 1-8, like e4)")]
pub struct ParseSquareError;

impl FromStr for Square {
    type Err = ParseSquareError;
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        Square::from_ascii(s.as_bytes())
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Square {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Square {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Square, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn coordinates_round_trip() {
        for sq in Square::ALL {
            assert_eq!(Square::from_coords(sq.file(), sq.rank()), sq);
            assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
        }
    }

    #[test]
    fn colours_of_corners() {
        assert!(Square::A1.is_dark());
        assert!(Square::H1.is_light());
        assert!(Square::A8.is_light());
        assert!(
            Square::D1.is_light(),
            "the white queen stands on her own colour"
        );
        assert!(Square::D8.is_dark());
    }

    #[test]
    fn bad_names_are_rejected() {
        for bad in ["", "e", "e9", "i1", "E4", "e44"] {
            assert!(bad.parse::<Square>().is_err(), "{bad}");
        }
    }
}
