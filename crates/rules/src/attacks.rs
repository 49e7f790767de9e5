//! Which squares each piece attacks (FIDE 3.2–3.7), from precomputed tables.
//!
//! Knight, king and pawn attacks are plain per-square tables. Sliding pieces
//! use one table per square indexed by the occupancy of the squares that can
//! block them. Two indexings of that table exist: magic multiplication, which
//! runs everywhere, and the BMI2 `pext` instruction, which is faster where the
//! CPU has it. [`Magic`] and [`Pext`] implement [`Sliders`] for each; the move
//! generator is generic over them and the public entry points pick one at run
//! time (see `crate::dispatch`).
//!
//! All tables are computed at compile time.

use crate::magics::{BISHOP_MAGICS, ROOK_MAGICS};
use crate::{Bitboard, Color, File, Role, Square};

const ROOK_DIRS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i32, i32); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];
/// A knight's eight jumps, as (file, rank) steps: the attack tables and
/// the knight distances of the dead-position analysis walk the same ones.
pub(crate) const KNIGHT_DELTAS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const KING_DELTAS: [(i32, i32); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

const fn on_board(f: i32, r: i32) -> bool {
    0 <= f && f < 8 && 0 <= r && r < 8
}

/// The squares a slider on `sq` reaches along `dirs`, stopping at (and
/// including) the first occupied square. With `inner_only`, the last square of
/// each ray is left out: it can never block anything, so it is not part of the
/// table's relevant occupancy.
const fn ray_walk(sq: usize, occupied: u64, dirs: &[(i32, i32); 4], inner_only: bool) -> u64 {
    let (f0, r0) = ((sq % 8) as i32, (sq / 8) as i32);
    let mut out = 0u64;
    let mut d = 0;
    while d < 4 {
        let (df, dr) = dirs[d];
        let (mut f, mut r) = (f0 + df, r0 + dr);
        while on_board(f, r) {
            if inner_only && !on_board(f + df, r + dr) {
                break;
            }
            let bit = 1u64 << (r * 8 + f);
            out |= bit;
            if occupied & bit != 0 {
                break;
            }
            f += df;
            r += dr;
        }
        d += 1;
    }
    out
}

const fn step_table(deltas: &[(i32, i32); 8]) -> [Bitboard; 64] {
    let mut table = [Bitboard::EMPTY; 64];
    let mut sq = 0;
    while sq < 64 {
        let (f, r) = ((sq % 8) as i32, (sq / 8) as i32);
        let mut bits = 0u64;
        let mut i = 0;
        while i < 8 {
            let (nf, nr) = (f + deltas[i].0, r + deltas[i].1);
            if on_board(nf, nr) {
                bits |= 1 << (nr * 8 + nf);
            }
            i += 1;
        }
        table[sq] = Bitboard(bits);
        sq += 1;
    }
    table
}

const fn pawn_table() -> [[Bitboard; 64]; 2] {
    let mut table = [[Bitboard::EMPTY; 64]; 2];
    let mut sq = 0;
    while sq < 64 {
        let (f, r) = ((sq % 8) as i32, (sq / 8) as i32);
        let mut color = 0;
        while color < 2 {
            let dr = if color == 0 { 1 } else { -1 };
            let mut bits = 0u64;
            if on_board(f - 1, r + dr) {
                bits |= 1 << ((r + dr) * 8 + f - 1);
            }
            if on_board(f + 1, r + dr) {
                bits |= 1 << ((r + dr) * 8 + f + 1);
            }
            table[color][sq] = Bitboard(bits);
            color += 1;
        }
        sq += 1;
    }
    table
}

/// The squares a slider on each square reaches on an empty board.
const fn ray_table(dirs: &[(i32, i32); 4]) -> [Bitboard; 64] {
    let mut t = [Bitboard::EMPTY; 64];
    let mut sq = 0;
    while sq < 64 {
        t[sq] = Bitboard(ray_walk(sq, 0, dirs, false));
        sq += 1;
    }
    t
}

static ROOK_RAYS: [Bitboard; 64] = ray_table(&ROOK_DIRS);
static BISHOP_RAYS: [Bitboard; 64] = ray_table(&BISHOP_DIRS);
static KNIGHT_ATTACKS: [Bitboard; 64] = step_table(&KNIGHT_DELTAS);
static KING_ATTACKS: [Bitboard; 64] = step_table(&KING_DELTAS);
static PAWN_ATTACKS: [[Bitboard; 64]; 2] = pawn_table();

/// Where one slider's slice of the shared table starts, and how to index it.
#[derive(Copy, Clone)]
struct SliderSlice {
    mask: u64,
    magic: u64,
    offset: u32,
    shift: u32,
}

const ROOK_TABLE_SIZE: usize = 102_400;
const BISHOP_TABLE_SIZE: usize = 5_248;
const SLIDER_TABLE_SIZE: usize = ROOK_TABLE_SIZE + BISHOP_TABLE_SIZE;

const fn slices(dirs: &[(i32, i32); 4], magics: &[u64; 64], base: u32) -> [SliderSlice; 64] {
    let mut out = [SliderSlice {
        mask: 0,
        magic: 0,
        offset: 0,
        shift: 0,
    }; 64];
    let mut offset = base;
    let mut sq = 0;
    while sq < 64 {
        let mask = ray_walk(sq, 0, dirs, true);
        let bits = mask.count_ones();
        out[sq] = SliderSlice {
            mask,
            magic: magics[sq],
            offset,
            shift: 64 - bits,
        };
        offset += 1 << bits;
        sq += 1;
    }
    out
}

static ROOK_SLICES: [SliderSlice; 64] = slices(&ROOK_DIRS, &ROOK_MAGICS, 0);
static BISHOP_SLICES: [SliderSlice; 64] =
    slices(&BISHOP_DIRS, &BISHOP_MAGICS, ROOK_TABLE_SIZE as u32);

/// Fills the shared slider table, indexed by magic multiplication
/// (`by_magic`) or in the order of `pext` (subsets of the mask in increasing
/// order, which is the order the carry-rippler enumerates them in).
const fn slider_table(by_magic: bool) -> [u64; SLIDER_TABLE_SIZE] {
    let mut table = [0u64; SLIDER_TABLE_SIZE];
    let rooks = slices(&ROOK_DIRS, &ROOK_MAGICS, 0);
    let bishops = slices(&BISHOP_DIRS, &BISHOP_MAGICS, ROOK_TABLE_SIZE as u32);
    let mut piece = 0;
    while piece < 2 {
        let (slices, dirs) = if piece == 0 {
            (&rooks, &ROOK_DIRS)
        } else {
            (&bishops, &BISHOP_DIRS)
        };
        let mut sq = 0;
        while sq < 64 {
            let s = slices[sq];
            let mut subset = 0u64;
            let mut ordinal = 0u64;
            loop {
                let index = if by_magic {
                    subset.wrapping_mul(s.magic) >> s.shift
                } else {
                    ordinal
                };
                table[s.offset as usize + index as usize] = ray_walk(sq, subset, dirs, false);
                subset = subset.wrapping_sub(s.mask) & s.mask;
                ordinal += 1;
                if subset == 0 {
                    break;
                }
            }
            sq += 1;
        }
        piece += 1;
    }
    table
}

static MAGIC_TABLE: [u64; SLIDER_TABLE_SIZE] = slider_table(true);
#[cfg(target_arch = "x86_64")]
static PEXT_TABLE: [u64; SLIDER_TABLE_SIZE] = slider_table(false);

/// How rook and bishop attacks are looked up. The move generator is generic
/// over this so that each CPU gets the fastest lookup it supports.
pub trait Sliders: Copy {
    /// Squares a rook on `sq` attacks given the `occupied` squares.
    fn rook(sq: Square, occupied: Bitboard) -> Bitboard;
    /// Squares a bishop on `sq` attacks given the `occupied` squares.
    fn bishop(sq: Square, occupied: Bitboard) -> Bitboard;
    /// Squares a queen on `sq` attacks given the `occupied` squares.
    #[inline(always)]
    fn queen(sq: Square, occupied: Bitboard) -> Bitboard {
        Self::rook(sq, occupied) | Self::bishop(sq, occupied)
    }
}

/// Portable lookups by magic multiplication.
#[derive(Copy, Clone, Debug)]
pub struct Magic;

impl Sliders for Magic {
    #[inline(always)]
    fn rook(sq: Square, occupied: Bitboard) -> Bitboard {
        magic_lookup(&ROOK_SLICES[sq.index()], occupied)
    }
    #[inline(always)]
    fn bishop(sq: Square, occupied: Bitboard) -> Bitboard {
        magic_lookup(&BISHOP_SLICES[sq.index()], occupied)
    }
}

#[inline(always)]
fn magic_lookup(s: &SliderSlice, occupied: Bitboard) -> Bitboard {
    let index = (occupied.0 & s.mask).wrapping_mul(s.magic) >> s.shift;
    let at = s.offset as usize + index as usize;
    debug_assert!(at < SLIDER_TABLE_SIZE);
    // SAFETY: the index has `64 - shift` bits, the number of squares in
    // the mask, and each square's slice reserves `1 << bits` entries from
    // `offset` (`slices`), all within the table.
    Bitboard(unsafe { *MAGIC_TABLE.get_unchecked(at) })
}

/// Lookups by the BMI2 `pext` instruction. Only used after the CPU has been
/// checked for BMI2, from code compiled with that feature enabled.
#[cfg(target_arch = "x86_64")]
#[derive(Copy, Clone, Debug)]
pub struct Pext;

#[cfg(target_arch = "x86_64")]
impl Sliders for Pext {
    #[inline(always)]
    fn rook(sq: Square, occupied: Bitboard) -> Bitboard {
        pext_lookup(&ROOK_SLICES[sq.index()], occupied)
    }
    #[inline(always)]
    fn bishop(sq: Square, occupied: Bitboard) -> Bitboard {
        pext_lookup(&BISHOP_SLICES[sq.index()], occupied)
    }
}

#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn pext_lookup(s: &SliderSlice, occupied: Bitboard) -> Bitboard {
    // SAFETY: `Pext` is only instantiated by `crate::dispatch` after
    // `is_x86_feature_detected!("bmi2")` returned true.
    let index = unsafe { core::arch::x86_64::_pext_u64(occupied.0, s.mask) };
    let at = s.offset as usize + index as usize;
    debug_assert!(at < SLIDER_TABLE_SIZE);
    // SAFETY: `pext` packs at most as many bits as the mask has squares,
    // and each square's slice reserves that many index bits from `offset`
    // (`slices`), all within the table.
    Bitboard(unsafe { *PEXT_TABLE.get_unchecked(at) })
}

/// Squares a knight on `sq` attacks.
#[inline(always)]
pub fn knight_attacks(sq: Square) -> Bitboard {
    KNIGHT_ATTACKS[sq.index()]
}

/// Squares a king on `sq` attacks.
#[inline(always)]
pub fn king_attacks(sq: Square) -> Bitboard {
    KING_ATTACKS[sq.index()]
}

/// Squares a king on any of `squares` attacks: their neighbours, found for
/// the whole set at once by shifting it a square each way.
///
/// ```
/// use arbiter_rules::{Bitboard, Square};
/// use arbiter_rules::attacks::{king_attacks, king_attacks_of_set};
///
/// let set = Bitboard::from(Square::A1).with(Square::B2).with(Square::H8);
/// assert_eq!(
///     king_attacks_of_set(set),
///     king_attacks(Square::A1) | king_attacks(Square::B2) | king_attacks(Square::H8)
/// );
/// ```
#[inline]
pub fn king_attacks_of_set(squares: Bitboard) -> Bitboard {
    const NOT_A_FILE: u64 = !Bitboard::file(File::A).0;
    const NOT_H_FILE: u64 = !Bitboard::file(File::H).0;
    let b = squares.0;
    // A step east never lands on the a-file, nor one west on the h-file.
    let sideways = ((b << 1) & NOT_A_FILE) | ((b >> 1) & NOT_H_FILE);
    let row = b | sideways;
    Bitboard(sideways | (row << 8) | (row >> 8))
}

/// Squares a pawn of `color` on `sq` attacks (its diagonal captures).
#[inline(always)]
pub fn pawn_attacks(color: Color, sq: Square) -> Bitboard {
    PAWN_ATTACKS[color.index()][sq.index()]
}

/// The ranks and files through `sq`, `sq` left out: where a rook on `sq`
/// would go on an empty board. A table of 64 entries, kept in cache, that
/// tells which sliders stand on a line with a square at all.
///
/// ```
/// use arbiter_rules::{attacks, Square};
/// assert_eq!(attacks::rook_rays(Square::A1).count(), 14);
/// assert!(!attacks::rook_rays(Square::A1).contains(Square::B2));
/// ```
#[inline(always)]
pub fn rook_rays(sq: Square) -> Bitboard {
    ROOK_RAYS[sq.index()]
}

/// The diagonals through `sq`, `sq` left out: where a bishop on `sq` would
/// go on an empty board (see [`rook_rays`]).
///
/// ```
/// use arbiter_rules::{attacks, Square};
/// assert_eq!(attacks::bishop_rays(Square::A1).count(), 7);
/// assert_eq!(attacks::bishop_rays(Square::D4).count(), 13);
/// ```
#[inline(always)]
pub fn bishop_rays(sq: Square) -> Bitboard {
    BISHOP_RAYS[sq.index()]
}

/// Squares a rook on `sq` attacks, with the portable lookup.
///
/// ```
/// use arbiter_rules::{attacks, Bitboard, Square};
/// let blockers = Bitboard::from(Square::A4);
/// assert!(attacks::rook_attacks(Square::A1, blockers).contains(Square::A4));
/// assert!(!attacks::rook_attacks(Square::A1, blockers).contains(Square::A5));
/// ```
#[inline]
pub fn rook_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    Magic::rook(sq, occupied)
}

/// Squares a bishop on `sq` attacks, with the portable lookup.
#[inline]
pub fn bishop_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    Magic::bishop(sq, occupied)
}

/// Squares a queen on `sq` attacks, with the portable lookup.
#[inline]
pub fn queen_attacks(sq: Square, occupied: Bitboard) -> Bitboard {
    Magic::queen(sq, occupied)
}

/// Squares a piece attacks from `sq`, with the portable lookup.
pub fn attacks(color: Color, role: Role, sq: Square, occupied: Bitboard) -> Bitboard {
    match role {
        Role::Pawn => pawn_attacks(color, sq),
        Role::Knight => knight_attacks(sq),
        Role::Bishop => bishop_attacks(sq, occupied),
        Role::Rook => rook_attacks(sq, occupied),
        Role::Queen => queen_attacks(sq, occupied),
        Role::King => king_attacks(sq),
    }
}

const fn line_tables() -> ([[Bitboard; 64]; 64], [[Bitboard; 64]; 64]) {
    let mut between = [[Bitboard::EMPTY; 64]; 64];
    let mut line = [[Bitboard::EMPTY; 64]; 64];
    let all_dirs = [
        (1, 0),
        (-1, 0),
        (0, 1),
        (0, -1),
        (1, 1),
        (-1, 1),
        (1, -1),
        (-1, -1),
    ];
    let mut a = 0;
    while a < 64 {
        let (fa, ra) = ((a % 8) as i32, (a / 8) as i32);
        let mut d = 0;
        while d < 8 {
            let (df, dr) = all_dirs[d];
            // The whole line through `a` in this direction and its opposite.
            let mut full = 1u64 << a;
            let (mut f, mut r) = (fa + df, ra + dr);
            while on_board(f, r) {
                full |= 1 << (r * 8 + f);
                f += df;
                r += dr;
            }
            let (mut f, mut r) = (fa - df, ra - dr);
            while on_board(f, r) {
                full |= 1 << (r * 8 + f);
                f -= df;
                r -= dr;
            }
            let mut gap = 0u64;
            let (mut f, mut r) = (fa + df, ra + dr);
            while on_board(f, r) {
                let b = (r * 8 + f) as usize;
                line[a][b] = Bitboard(full);
                between[a][b] = Bitboard(gap);
                gap |= 1 << b;
                f += df;
                r += dr;
            }
            d += 1;
        }
        a += 1;
    }
    (between, line)
}

static LINES: ([[Bitboard; 64]; 64], [[Bitboard; 64]; 64]) = line_tables();

/// The squares strictly between `a` and `b` if they share a rank, file or
/// diagonal; otherwise none.
///
/// ```
/// use arbiter_rules::{attacks, Square};
/// assert_eq!(attacks::between(Square::A1, Square::D4).count(), 2);
/// assert!(attacks::between(Square::A1, Square::B3).is_empty());
/// ```
#[inline(always)]
pub fn between(a: Square, b: Square) -> Bitboard {
    LINES.0[a.index()][b.index()]
}

/// The whole line (edge to edge) through `a` and `b` if they share a rank,
/// file or diagonal; otherwise none.
#[inline(always)]
pub fn line(a: Square, b: Square) -> Bitboard {
    LINES.1[a.index()][b.index()]
}

/// `true` if `a`, `b` and `c` lie on one rank, file or diagonal.
#[inline]
pub fn aligned(a: Square, b: Square, c: Square) -> bool {
    line(a, b).contains(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reference(sq: Square, occupied: Bitboard, dirs: &[(i32, i32); 4]) -> Bitboard {
        Bitboard(ray_walk(sq.index(), occupied.0, dirs, false))
    }

    /// Occupancies drawn from a fixed xorshift sequence: sparse, dense and full.
    fn occupancies() -> Vec<Bitboard> {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut out = vec![Bitboard::EMPTY, Bitboard::FULL];
        for _ in 0..2000 {
            out.push(Bitboard(next() & next()));
            out.push(Bitboard(next() | next()));
            out.push(Bitboard(next() & next() & next()));
        }
        out
    }

    #[test]
    fn magic_tables_match_ray_walks() {
        // Every relevant subset of every square, so every table entry is checked.
        for sq in Square::ALL {
            for (slices, dirs) in [(&ROOK_SLICES, &ROOK_DIRS), (&BISHOP_SLICES, &BISHOP_DIRS)] {
                let mask = slices[sq.index()].mask;
                let mut subset = 0u64;
                loop {
                    let got = magic_lookup(&slices[sq.index()], Bitboard(subset));
                    assert_eq!(
                        got,
                        reference(sq, Bitboard(subset), dirs),
                        "{sq} {subset:#x}"
                    );
                    subset = subset.wrapping_sub(mask) & mask;
                    if subset == 0 {
                        break;
                    }
                }
            }
        }
        for occ in occupancies() {
            for sq in Square::ALL {
                assert_eq!(Magic::rook(sq, occ), reference(sq, occ, &ROOK_DIRS));
                assert_eq!(Magic::bishop(sq, occ), reference(sq, occ, &BISHOP_DIRS));
            }
        }
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn pext_tables_match_ray_walks() {
        if !std::is_x86_feature_detected!("bmi2") {
            return;
        }
        for occ in occupancies() {
            for sq in Square::ALL {
                assert_eq!(Pext::rook(sq, occ), reference(sq, occ, &ROOK_DIRS));
                assert_eq!(Pext::bishop(sq, occ), reference(sq, occ, &BISHOP_DIRS));
            }
        }
    }

    #[test]
    fn step_attacks() {
        assert_eq!(
            knight_attacks(Square::A1),
            Bitboard::from(Square::B3) | Square::C2
        );
        assert_eq!(king_attacks(Square::E1).count(), 5);
        assert_eq!(
            pawn_attacks(Color::White, Square::E4),
            Bitboard::from(Square::D5) | Square::F5
        );
        assert_eq!(
            pawn_attacks(Color::Black, Square::A7),
            Bitboard::from(Square::B6)
        );
    }

    #[test]
    fn king_attacks_of_a_set_are_those_of_its_squares() {
        for set in occupancies() {
            let one_by_one = set
                .into_iter()
                .fold(Bitboard::EMPTY, |all, sq| all | king_attacks(sq));
            assert_eq!(king_attacks_of_set(set), one_by_one, "{set:?}");
        }
        for sq in Square::ALL {
            assert_eq!(king_attacks_of_set(Bitboard::from(sq)), king_attacks(sq));
        }
    }

    #[test]
    fn lines_and_gaps() {
        assert_eq!(line(Square::A1, Square::C3).count(), 8);
        assert!(line(Square::A1, Square::B3).is_empty());
        assert_eq!(between(Square::E1, Square::E8).count(), 6);
        assert_eq!(between(Square::E1, Square::E2), Bitboard::EMPTY);
        assert!(aligned(Square::A1, Square::H8, Square::D4));
    }
}
