//! The weight of a possible game: the Dutch criteria packed into one integer,
//! the higher-ranked criterion in the higher bits (C.04.3 article 2).
//!
//! The matching maximises the sum of the weights, so each criterion becomes
//! "count something good": a field wide enough for its largest possible sum
//! over one bracket, so that no lower field ever carries into it.

use std::collections::HashMap;

use super::entrant::{Float, PairingCard, Preference, compatible};
use super::wide::Wide;

/// Bits needed to write `value`.
pub(crate) fn bits_for(value: usize) -> u32 {
    usize::BITS - value.leading_zeros()
}

/// What every weight of one round shares: the field sizes and the players'
/// derived facts.
#[derive(Debug)]
pub(crate) struct Layout {
    /// A field counting players of one bracket.
    pub size_bits: u32,
    /// A field of one sub-field per score group (lowest score lowest), for
    /// criteria that minimise or maximise scores group by group.
    pub groups_bits: u32,
    /// Where each score's sub-field starts inside a groups field.
    pub group_shift: HashMap<u32, u32>,
    /// Whether any, and two, rounds have been played (float criteria apply).
    pub rounds_played: usize,
    /// The total width of a weight.
    pub width: u32,
}

impl Layout {
    pub fn new(sorted: &[&PairingCard], rounds_played: usize) -> Layout {
        let mut group_shift = HashMap::new();
        let mut groups_bits = 0;
        let mut largest = 0;
        let mut i = sorted.len();
        while i > 0 {
            let score = sorted[i - 1].score;
            let mut j = i;
            while j > 0 && sorted[j - 1].score == score {
                j -= 1;
            }
            group_shift.insert(score, groups_bits);
            groups_bits += bits_for(i - j);
            largest = largest.max(i - j);
            i = j;
        }
        let size_bits = bits_for(largest).max(1);
        let mut layout = Layout {
            size_bits,
            groups_bits,
            group_shift,
            rounds_played,
            width: 0,
        };
        layout.width = layout.fields().iter().sum();
        layout
    }

    /// The field widths from the top; `weight` follows the same list.
    fn fields(&self) -> Vec<u32> {
        let (s, g) = (self.size_bits, self.groups_bits);
        let mut f = vec![2, s, g, s, g, 2 * s, s, s, s, s];
        if self.rounds_played >= 1 {
            f.extend([s, s]);
        }
        if self.rounds_played >= 2 {
            f.extend([s, s]);
        }
        if self.rounds_played >= 1 {
            f.extend([g, g]);
        }
        if self.rounds_played >= 2 {
            f.extend([g, g]);
        }
        f.extend([s, s, s, 1]);
        f
    }

    /// The number of 64-bit limbs a weight needs, with room for the
    /// matching's doubled weights and dual sums.
    pub fn limbs(&self) -> usize {
        (self.width as usize + 4).div_ceil(64)
    }

    fn group_bit<const N: usize>(&self, score: u32) -> Wide<N> {
        Wide::bit(self.group_shift[&score])
    }
}

/// What one bracket's weights depend on besides the two players.
#[derive(Debug, Clone)]
pub(crate) struct BracketFacts {
    /// The score of the player who will get the bye, if the round has one.
    pub bye_score: u32,
    /// C9 applies: the bye goes to a player of this bracket's score group.
    pub bye_in_bracket: bool,
    /// For C9: the rank of each number of played games among the players who
    /// could get the bye (more played games, lower rank).
    pub unplayed_rank: HashMap<usize, u64>,
}

/// Whether the two may meet at all: C1 (no rematch, no forbidden pair) and
/// C3 (no two players with the same absolute colour preference, unless a
/// topscorer plays in the final round).
pub(crate) fn may_meet(a: &PairingCard, pa: &Preference, b: &PairingCard, pb: &Preference) -> bool {
    !a.forbidden.contains(&b.id)
        && (!pa.absolute()
            || !pb.absolute()
            || pa.colour != pb.colour
            || a.topscorer
            || b.topscorer)
}

/// Whether a player could take the bye given the bye's score (C2, C5).
pub(crate) fn bye_candidate(p: &PairingCard, bye_score: u32) -> bool {
    p.bye_eligible && p.score <= bye_score
}

/// Appends fields to a weight, from the top down.
struct Builder<const N: usize>(Wide<N>);

impl<const N: usize> Builder<N> {
    fn field(&mut self, bits: u32, value: Wide<N>) {
        self.0 = self.0.shifted_left(bits) + value;
    }
    fn count(&mut self, bits: u32, value: u64) {
        self.field(bits, Wide::from_u64(value));
    }
    /// A game counted (in `bits`) when `counts`, then (in `group_bits`) the
    /// bit of its score group, which `group` gives and is asked only then.
    fn count_with_group(
        &mut self,
        bits: u32,
        group_bits: u32,
        counts: bool,
        group: impl FnOnce() -> Wide<N>,
    ) {
        self.count(bits, counts as u64);
        self.field(group_bits, if counts { group() } else { Wide::ZERO });
    }
}

/// One side of a possible game, with its derived facts.
pub(crate) struct Side<'a> {
    pub entrant: &'a PairingCard,
    pub preference: &'a Preference,
}

/// The weight of the game between `higher` and `lower` while pairing a
/// bracket; `lower_in_bracket` says whether `lower` belongs to the bracket
/// (a game inside it) and `lower_in_next` whether it is in the next score
/// group (a game that only keeps the next bracket pairable).
#[allow(clippy::too_many_arguments)]
pub(crate) fn weight<const N: usize>(
    layout: &Layout,
    higher: &Side,
    lower: &Side,
    lower_in_bracket: bool,
    lower_in_next: bool,
    bracket: &BracketFacts,
) -> Wide<N> {
    let (h, l) = (higher.entrant, lower.entrant);
    let (hp, lp) = (higher.preference, lower.preference);
    if !may_meet(h, hp, l, lp) {
        return Wide::ZERO;
    }
    let (s, g) = (layout.size_bits, layout.groups_bits);
    let here = lower_in_bracket;
    let mut w = Builder::<N>(Wide::ZERO);
    // C4: the round must be completed; and C5, the bye goes to one who may
    // take it: games of players who may not take it weigh more.
    w.count(
        2,
        1 + !bye_candidate(h, bracket.bye_score) as u64
            + !bye_candidate(l, bracket.bye_score) as u64,
    );
    // C6: as many games as possible in the bracket ... C7: ... with the
    // highest scores (the smallest score differences).
    let group = || layout.group_bit(h.score);
    w.count_with_group(s, g, here, group);
    // C8: the next bracket stays as pairable as it can be, by pairs and by
    // scores.
    w.count_with_group(s, g, lower_in_next, group);
    // C9: the bye goes to the player with the fewest unplayed games.
    let mut unplayed = 0;
    if bracket.bye_in_bracket {
        for p in [h, l] {
            if p.score == bracket.bye_score {
                unplayed += bracket.unplayed_rank[&p.colours.len()];
            }
        }
    }
    w.count(2 * s, unplayed);
    let same = hp.colour == lp.colour;
    // C10: no topscorer, nor its opponent, gets a colour difference over 2.
    w.count(
        s,
        (here && !(hp.absolute_imbalance() && lp.absolute_imbalance() && same)) as u64,
    );
    // C11: no topscorer, nor its opponent, gets the same colour three times.
    let third_same_colour = hp.absolute()
        && lp.absolute()
        && same
        && if hp.imbalance == lp.imbalance {
            hp.repeated.is_some() && hp.repeated == lp.repeated
        } else {
            let weaker = if hp.imbalance > lp.imbalance { lp } else { hp };
            weaker.repeated == hp.colour.map(|c| !c)
        };
    w.count(s, (here && !third_same_colour) as u64);
    // C12: colour preferences met.
    w.count(s, (here && compatible(hp.colour, lp.colour)) as u64);
    // C13: strong colour preferences met.
    let strong_clash = (lp.strong || lp.absolute())
        && (hp.strong || hp.absolute())
        && !(lp.absolute() && hp.absolute())
        && same;
    w.count(s, (here && !strong_clash) as u64);
    let floats = |p: &PairingCard, back: usize| p.floats[back];
    let h_above = h.score > l.score;
    // C14-C17: no repeated downfloats or upfloats from the last two rounds.
    for back in 0..layout.rounds_played.min(2) {
        let repeated_down = (floats(l, back) == Float::Down) as u64
            + (!h_above && floats(h, back) == Float::Down) as u64;
        w.count(s, if here { repeated_down } else { 0 });
        let repeated_up = h_above && floats(l, back) == Float::Up;
        w.count(s, (here && !repeated_up) as u64);
    }
    // C18-C21: the scores of repeated floaters as low as can be.
    for back in 0..layout.rounds_played.min(2) {
        let mut down = Wide::ZERO;
        if here {
            if floats(l, back) == Float::Down {
                down += layout.group_bit(l.score);
            }
            if floats(h, back) == Float::Down {
                down += layout.group_bit(h.score);
            }
        }
        w.field(g, down);
        let repeated_up = h_above && floats(l, back) == Float::Up;
        w.field(
            g,
            if here && !repeated_up {
                layout.group_bit(h.score)
            } else {
                Wide::ZERO
            },
        );
    }
    // Room for choosing among equally good pairings in the order of
    // article 4 (exchanges, then transpositions).
    w.count(s, 0);
    w.count(s, 0);
    w.count(s, 0);
    w.count(1, 0);
    w.0
}
