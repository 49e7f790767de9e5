//! Fixed-width unsigned integers wide enough to hold a pairing's weight.
//!
//! The Dutch criteria are ranked: a pairing better on one criterion is better
//! whatever the criteria below it say. Each criterion gets its own field of
//! bits in one integer, the higher criteria in the higher bits, so that
//! comparing two sums of weights compares the criteria in the Handbook's order.
//! With hundreds of players the fields need hundreds of bits.

use std::cmp::Ordering;
use std::ops::{Add, AddAssign, Sub, SubAssign};

/// An unsigned integer of `N` 64-bit limbs, least significant first.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Wide<const N: usize>(pub [u64; N]);

impl<const N: usize> Wide<N> {
    /// The number 0.
    pub const ZERO: Self = Wide([0; N]);

    /// The integer `value`.
    pub fn from_u64(value: u64) -> Self {
        let mut limbs = [0; N];
        limbs[0] = value;
        Wide(limbs)
    }

    /// The integer `value`.
    pub fn from_u128(value: u128) -> Self {
        let mut limbs = [0; N];
        limbs[0] = value as u64;
        if N > 1 {
            limbs[1] = (value >> 64) as u64;
        }
        Wide(limbs)
    }

    /// This plus `value`.
    pub fn add_small(self, value: u64) -> Self {
        self + Self::from_u64(value)
    }

    /// Whether this is zero.
    #[inline]
    pub fn is_zero(&self) -> bool {
        self.0.iter().all(|&l| l == 0)
    }

    /// Half of this, rounded down.
    pub fn half(self) -> Self {
        Wide(std::array::from_fn(|i| {
            let high = if i + 1 < N { self.0[i + 1] << 63 } else { 0 };
            (self.0[i] >> 1) | high
        }))
    }

    /// This, twice.
    #[inline]
    pub fn double(mut self) -> Self {
        let mut carry = 0;
        for limb in self.0.iter_mut() {
            let next = *limb >> 63;
            *limb = (*limb << 1) | carry;
            carry = next;
        }
        self
    }

    /// This shifted left by `bits`; bits past the top are lost.
    pub fn shifted_left(self, bits: u32) -> Self {
        let limbs = (bits / 64) as usize;
        let rest = bits % 64;
        let mut out = [0; N];
        for i in (limbs..N).rev() {
            let src = i - limbs;
            let mut v = self.0[src] << rest;
            if rest > 0 && src > 0 {
                v |= self.0[src - 1] >> (64 - rest);
            }
            out[i] = v;
        }
        Wide(out)
    }

    /// The integer with only bit `bit` set.
    pub fn bit(bit: u32) -> Self {
        let mut limbs = [0; N];
        limbs[(bit / 64) as usize] = 1 << (bit % 64);
        Wide(limbs)
    }
}

impl<const N: usize> Ord for Wide<N> {
    #[inline]
    fn cmp(&self, other: &Self) -> Ordering {
        for i in (0..N).rev() {
            match self.0[i].cmp(&other.0[i]) {
                Ordering::Equal => continue,
                unequal => return unequal,
            }
        }
        Ordering::Equal
    }
}

impl<const N: usize> PartialOrd for Wide<N> {
    #[inline]
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl<const N: usize> Add for Wide<N> {
    type Output = Self;
    #[inline]
    fn add(mut self, other: Self) -> Self {
        let mut carry = false;
        for (a, b) in self.0.iter_mut().zip(other.0) {
            let (s, c1) = a.overflowing_add(b);
            let (s, c2) = s.overflowing_add(carry as u64);
            carry = c1 || c2;
            *a = s;
        }
        self
    }
}

impl<const N: usize> Sub for Wide<N> {
    type Output = Self;
    #[inline]
    fn sub(mut self, other: Self) -> Self {
        let mut borrow = false;
        for (a, b) in self.0.iter_mut().zip(other.0) {
            let (s, b1) = a.overflowing_sub(b);
            let (s, b2) = s.overflowing_sub(borrow as u64);
            borrow = b1 || b2;
            *a = s;
        }
        self
    }
}

impl<const N: usize> AddAssign for Wide<N> {
    #[inline]
    fn add_assign(&mut self, other: Self) {
        *self = *self + other;
    }
}

impl<const N: usize> SubAssign for Wide<N> {
    #[inline]
    fn sub_assign(&mut self, other: Self) {
        *self = *self - other;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_carries_across_limbs() {
        let a = Wide::<2>([u64::MAX, 0]);
        let one = Wide::<2>::from_u64(1);
        assert_eq!(a + one, Wide([0, 1]));
        assert_eq!(Wide([0, 1]) - one, a);
        assert_eq!(Wide::<2>([0, 1]).half(), Wide([1 << 63, 0]));
        assert_eq!(Wide::<2>::from_u64(3).shifted_left(64), Wide([0, 3]));
        assert_eq!(Wide::<2>::from_u64(3).shifted_left(63), Wide([1 << 63, 1]));
        assert!(Wide::<2>([0, 1]) > Wide([u64::MAX, 0]));
        assert_eq!(Wide::<2>::bit(70), Wide([0, 64]));
        assert_eq!(Wide::<2>([1 << 63 | 5, 1]).double(), Wide([10, 3]));
    }
}
