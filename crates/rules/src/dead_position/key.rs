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
        let ep = pos.ep_square().map_or(64, |sq| sq.index() as u64);
        let rest = (ep << 1) ^ u64::from(pos.turn().is_white());
        // Five independent multiplications rather than a chain of nine
        // finalisers: each pair of words is folded through a full 128-bit
        // product, so the work overlaps instead of waiting on the last step.
        let folded = fold(
            board.by_role(Role::Pawn).0,
            board.by_role(Role::Knight).0,
            0,
        )
        .wrapping_add(fold(
            board.by_role(Role::Bishop).0,
            board.by_role(Role::Rook).0,
            1,
        ))
        .wrapping_add(fold(
            board.by_role(Role::Queen).0,
            board.by_role(Role::King).0,
            2,
        ))
        .wrapping_add(fold(
            board.by_color(Color::White).0,
            pos.castling_rights().rooks().0,
            3,
        ))
        .wrapping_add(fold(rest, 0, 4));
        PositionKey {
            polyglot: pos.zobrist_hash(),
            check: mix(folded),
        }
    }
}

/// The seeds of [`fold`], two per pair of words. Each has at least 36 bits
/// set, so no word of a position (a bitboard of at most 32 men, castling
/// rooks, or the en passant square and turn) can equal one: a factor
/// `a ^ seed` is never zero, which would make the product forget the other
/// word.
const SEEDS: [[u64; 2]; 5] = [
    [0x961f_acc7_6d5f_e21c, 0xe321_1e37_bdbe_b6dc],
    [0xd6ff_920b_0a9f_aa6d, 0x73ea_9b9b_c7cd_18d7],
    [0x71b6_3e30_7eeb_b517, 0x16f8_956d_7b76_d269],
    [0xb46a_749c_ad9d_f6b7, 0x778d_ebb2_1b67_fc3d],
    [0xe3d9_f8b3_3d92_678c, 0x5e77_2e6b_32de_d778],
];

/// Folds two words through a 128-bit product (the multiply-and-fold of
/// wyhash), salted by the seeds of pair `pair`.
#[inline(always)]
fn fold(a: u64, b: u64, pair: usize) -> u64 {
    let [sa, sb] = SEEDS[pair];
    let product = u128::from(a ^ sa) * u128::from(b ^ sb);
    (product as u64) ^ ((product >> 64) as u64)
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeds_never_equal_a_word_of_a_position() {
        for seed in SEEDS.iter().flatten() {
            assert!(seed.count_ones() > 32, "{seed:#x}");
        }
    }

    #[test]
    fn keys_tell_apart_what_the_moves_depend_on() {
        let key = |fen: &str| PositionKey::of(&fen.parse::<Position>().unwrap());
        let base = key("r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 0 2");
        for other in [
            "r3k2r/8/8/3pP3/8/8/8/R3K2R b KQkq - 0 2",
            "r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq - 0 2",
            "r3k2r/8/8/3pP3/8/8/8/R3K2R w Kkq d6 0 2",
            "r3k2r/8/8/3pP3/8/8/8/R3K1R1 w Qkq d6 0 2",
            "r3k2r/8/8/3pB3/8/8/8/R3K2R w KQkq - 0 2",
            "r3k2r/8/8/4P3/3p4/8/8/R3K2R w KQkq - 0 2",
        ] {
            let k = key(other);
            assert_ne!(k.polyglot, base.polyglot, "{other}");
            assert_ne!(k.check, base.check, "{other}");
        }
        // The move counters do not count.
        assert_eq!(key("r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 7 40"), base);
    }
}
