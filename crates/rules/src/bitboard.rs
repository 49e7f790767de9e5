//! Sets of squares as 64-bit masks.

use core::fmt;
use core::ops::{
    BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub, SubAssign,
};

use crate::{File, Rank, Square};

/// A set of squares, one bit per square (bit 0 is a1, bit 63 is h8).
///
/// ```
/// use arbiter_rules::{Bitboard, Square};
/// let bb = Bitboard::from(Square::E4) | Square::D5;
/// assert_eq!(bb.count(), 2);
/// assert!(bb.contains(Square::D5));
/// assert_eq!(bb.into_iter().collect::<Vec<_>>(), vec![Square::E4, Square::D5]);
/// ```
#[derive(Copy, Clone, Default, PartialEq, Eq, Hash)]
pub struct Bitboard(pub u64);

impl Bitboard {
    /// No square.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// Every square.
    pub const FULL: Bitboard = Bitboard(!0);
    /// The light squares (h1 is light).
    pub const LIGHT_SQUARES: Bitboard = Bitboard(0x55aa_55aa_55aa_55aa);
    /// The dark squares (a1 is dark).
    pub const DARK_SQUARES: Bitboard = Bitboard(0xaa55_aa55_aa55_aa55);
    /// The four corners.
    pub const CORNERS: Bitboard = Bitboard(0x8100_0000_0000_0081);
    /// The first and eighth ranks, where pawns can never stand.
    pub const BACKRANKS: Bitboard = Bitboard(0xff00_0000_0000_00ff);

    /// The set holding just `sq`.
    #[inline]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(1 << sq as u32)
    }

    /// Every square of `file`.
    #[inline]
    pub const fn file(file: File) -> Bitboard {
        Bitboard(0x0101_0101_0101_0101 << file as u32)
    }

    /// Every square of `rank`.
    #[inline]
    pub const fn rank(rank: Rank) -> Bitboard {
        Bitboard(0xff << (8 * rank as u32))
    }

    /// `true` if the set holds no square.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// `true` if the set holds at least one square.
    #[inline]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    /// `true` if the set holds two squares or more.
    #[inline]
    pub const fn more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// `true` if `sq` is in the set.
    #[inline]
    pub const fn contains(self, sq: Square) -> bool {
        self.0 & (1 << sq as u32) != 0
    }

    /// How many squares the set holds.
    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// The lowest square of the set (a1 first), if any.
    #[inline]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_low_bits(self.0.trailing_zeros()))
        }
    }

    /// The highest square of the set (h8 last), if any.
    #[inline]
    pub const fn last(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_low_bits(63 - self.0.leading_zeros()))
        }
    }

    /// The only square of the set, if it holds exactly one.
    #[inline]
    pub const fn single_square(self) -> Option<Square> {
        if self.0 != 0 && !self.more_than_one() {
            self.first()
        } else {
            None
        }
    }

    /// Adds `sq` to the set.
    #[inline]
    pub fn add(&mut self, sq: Square) {
        self.0 |= 1 << sq as u32;
    }

    /// Removes `sq` from the set.
    #[inline]
    pub fn discard(&mut self, sq: Square) {
        self.0 &= !(1 << sq as u32);
    }

    /// Adds `sq` if absent, removes it if present.
    #[inline]
    pub fn toggle(&mut self, sq: Square) {
        self.0 ^= 1 << sq as u32;
    }

    /// The set with `sq` added.
    #[inline]
    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | 1 << sq as u32)
    }

    /// The set with `sq` removed.
    #[inline]
    pub const fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !(1 << sq as u32))
    }

    /// Squares of the set that are also in `other`.
    #[inline]
    pub const fn intersect(self, other: Bitboard) -> Bitboard {
        Bitboard(self.0 & other.0)
    }

    /// `true` if the two sets share a square.
    #[inline]
    pub const fn intersects(self, other: Bitboard) -> bool {
        self.0 & other.0 != 0
    }

    /// `true` if every square of `self` is in `other`.
    #[inline]
    pub const fn is_subset(self, other: Bitboard) -> bool {
        self.0 & !other.0 == 0
    }

    /// Removes and returns the lowest square.
    #[inline]
    pub fn pop_first(&mut self) -> Option<Square> {
        if self.0 == 0 {
            return None;
        }
        let sq = Square::from_low_bits(self.0.trailing_zeros());
        self.0 &= self.0 - 1;
        Some(sq)
    }

    /// The set mirrored top to bottom (rank 1 ↔ rank 8).
    #[inline]
    pub const fn flip_vertical(self) -> Bitboard {
        Bitboard(self.0.swap_bytes())
    }

    /// The set mirrored in the a1-h8 diagonal (a2 ↔ b1, h1 ↔ a8): its
    /// squares, counted up, then come file by file, in the order of their
    /// names. Three swaps of bit blocks rather than a loop over squares.
    ///
    /// ```
    /// use arbiter_rules::{Bitboard, Square};
    /// let set = Bitboard::from_square(Square::H1) | Bitboard::from_square(Square::A2);
    /// let mirrored = set.flip_diagonal();
    /// assert!(mirrored.contains(Square::A8) && mirrored.contains(Square::B1));
    /// assert_eq!(mirrored.flip_diagonal(), set);
    /// ```
    #[inline]
    pub const fn flip_diagonal(self) -> Bitboard {
        const K1: u64 = 0x5500_5500_5500_5500;
        const K2: u64 = 0x3333_0000_3333_0000;
        const K4: u64 = 0x0f0f_0f0f_0000_0000;
        let mut x = self.0;
        let mut t = K4 & (x ^ (x << 28));
        x ^= t ^ (t >> 28);
        t = K2 & (x ^ (x << 14));
        x ^= t ^ (t >> 14);
        t = K1 & (x ^ (x << 7));
        x ^= t ^ (t >> 7);
        Bitboard(x)
    }

    /// Each square moved one rank towards Black (squares on rank 8 fall off).
    #[inline]
    pub const fn shift_up(self) -> Bitboard {
        Bitboard(self.0 << 8)
    }

    /// Each square moved one rank towards White.
    #[inline]
    pub const fn shift_down(self) -> Bitboard {
        Bitboard(self.0 >> 8)
    }
}

impl From<Square> for Bitboard {
    #[inline]
    fn from(sq: Square) -> Bitboard {
        Bitboard::from_square(sq)
    }
}

impl From<File> for Bitboard {
    fn from(file: File) -> Bitboard {
        Bitboard::file(file)
    }
}

impl From<Rank> for Bitboard {
    fn from(rank: Rank) -> Bitboard {
        Bitboard::rank(rank)
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        let mut bb = Bitboard::EMPTY;
        for sq in iter {
            bb.add(sq);
        }
        bb
    }
}

/// The squares of a set, lowest first.
#[derive(Clone, Debug)]
pub struct Squares(Bitboard);

impl Iterator for Squares {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        self.0.pop_first()
    }
    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Squares {}
impl core::iter::FusedIterator for Squares {}

impl DoubleEndedIterator for Squares {
    #[inline]
    fn next_back(&mut self) -> Option<Square> {
        let sq = self.0.last()?;
        self.0.discard(sq);
        Some(sq)
    }
}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = Squares;
    #[inline]
    fn into_iter(self) -> Squares {
        Squares(self)
    }
}

macro_rules! bit_op {
    ($trait:ident, $fn:ident, $assign_trait:ident, $assign_fn:ident, $op:tt) => {
        impl<T: Into<Bitboard>> $trait<T> for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $fn(self, rhs: T) -> Bitboard {
                Bitboard(self.0 $op rhs.into().0)
            }
        }
        impl<T: Into<Bitboard>> $assign_trait<T> for Bitboard {
            #[inline]
            fn $assign_fn(&mut self, rhs: T) {
                self.0 = self.0 $op rhs.into().0;
            }
        }
    };
}

bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl<T: Into<Bitboard>> Sub<T> for Bitboard {
    type Output = Bitboard;
    /// The squares of `self` that are not in `rhs`.
    #[inline]
    fn sub(self, rhs: T) -> Bitboard {
        Bitboard(self.0 & !rhs.into().0)
    }
}

impl<T: Into<Bitboard>> SubAssign<T> for Bitboard {
    #[inline]
    fn sub_assign(&mut self, rhs: T) {
        self.0 &= !rhs.into().0;
    }
}

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

impl fmt::Debug for Bitboard {
    /// Draws the board, rank 8 on top, `1` for squares in the set.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !f.alternate() {
            return write!(f, "Bitboard({:#018x})", self.0);
        }
        for rank in Rank::ALL.iter().rev() {
            for file in File::ALL {
                let c = if self.contains(Square::from_coords(file, *rank)) {
                    '1'
                } else {
                    '.'
                };
                write!(f, "{c}")?;
                if file != File::H {
                    write!(f, " ")?;
                }
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_colours_cover_the_board() {
        assert_eq!(
            Bitboard::LIGHT_SQUARES | Bitboard::DARK_SQUARES,
            Bitboard::FULL
        );
        for sq in Square::ALL {
            assert_eq!(Bitboard::LIGHT_SQUARES.contains(sq), sq.is_light(), "{sq}");
        }
    }

    #[test]
    fn iteration_both_ways() {
        let bb = Bitboard::from(Square::A1) | Square::H8 | Square::E4;
        assert_eq!(
            bb.into_iter().rev().collect::<Vec<_>>(),
            vec![Square::H8, Square::E4, Square::A1]
        );
        assert_eq!(bb.single_square(), None);
        assert_eq!(Bitboard::from(Square::C3).single_square(), Some(Square::C3));
    }
}
