//! Exact identities of positions for the searches' tables.
//!
//! A proof of unwinnability rests on "every position reachable from here has
//! been looked at". A table that mistook one position for another could cut
//! a branch that holds the only mate, so the key carries two independent
//! 64-bit hashes: the Polyglot key and a second mix of the raw bitboards.
//! Mistaking two positions would need both to collide at once.

use core::hash::{BuildHasher, Hasher};

use crate::{Color, Position, Role};

/// A position's identity for the searches: pieces, side to move, castling
/// rights and en passant square (the move counters do not matter for mates).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct PositionKey {
    polyglot: u64,
    check: u64,
}

impl PositionKey {
    /// The key of `pos`.
    #[inline]
    pub(super) fn of(pos: &Position) -> PositionKey {
        let board = pos.board();
        let mut check = 0x9e37_79b9_7f4a_7c15u64;
        for role in Role::ALL {
            check = mix(check ^ board.by_role(role).0);
        }
        check = mix(check ^ board.by_color(Color::White).0);
        check = mix(check ^ pos.castling_rights().rooks().0);
        let ep = pos.ep_square().map_or(64, |sq| sq.index() as u64);
        check = mix(check ^ (ep << 1) ^ u64::from(pos.turn().is_white()));
        PositionKey {
            polyglot: pos.zobrist_hash(),
            check,
        }
    }
}

impl core::hash::Hash for PositionKey {
    #[inline]
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.polyglot);
    }
}

/// A strong 64-bit finaliser (the one of SplitMix64).
#[inline]
fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

/// Hash maps keyed by [`PositionKey`] use the Polyglot key as it is: it is
/// already uniformly spread, so hashing it again would only cost time.
#[derive(Copy, Clone, Debug, Default)]
pub(super) struct PassThrough;

impl BuildHasher for PassThrough {
    type Hasher = PassThroughHasher;
    #[inline]
    fn build_hasher(&self) -> PassThroughHasher {
        PassThroughHasher(0)
    }
}

/// The hasher of [`PassThrough`].
#[derive(Copy, Clone, Debug, Default)]
pub(super) struct PassThroughHasher(u64);

impl Hasher for PassThroughHasher {
    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 << 8 | u64::from(b)).rotate_left(5);
        }
    }
    #[inline]
    fn write_u64(&mut self, n: u64) {
        self.0 ^= n;
    }
}

/// A hash map from positions.
pub(super) type PositionMap<V> = std::collections::HashMap<PositionKey, V, PassThrough>;
/// A set of positions.
pub(super) type PositionSet = std::collections::HashSet<PositionKey, PassThrough>;
