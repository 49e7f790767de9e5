//! Color allocation for a pair (C.04.3 article 5).

use arbiter_rules::Color;

use super::entrant::{PairingCard, Preference, compatible};

/// The colour `player` gets against `opponent`, when the rules settle it
/// without looking at who is ranked higher (5.2.1 to 5.2.4).
fn by_preferences(
    player: &PairingCard,
    pp: &Preference,
    opponent: &PairingCard,
    op: &Preference,
) -> Option<Color> {
    if compatible(pp.colour, op.colour) {
        return pp.colour.or(op.colour.map(|c| !c));
    }
    if pp.absolute() && (pp.imbalance > op.imbalance || !op.absolute()) {
        return pp.colour;
    }
    if op.absolute() && (op.imbalance > pp.imbalance || !pp.absolute()) {
        return op.colour.map(|c| !c);
    }
    if pp.strong && !op.strong {
        return pp.colour;
    }
    if op.strong && !pp.strong {
        return op.colour.map(|c| !c);
    }
    // Alternate from the latest round in which the two had different colours.
    let mut mine = player.colours.iter().rev();
    let mut theirs = opponent.colours.iter().rev();
    loop {
        match (mine.next(), theirs.next()) {
            (Some(a), Some(b)) if a == b => continue,
            (Some(_), Some(b)) => return Some(*b),
            _ => return None,
        }
    }
}

/// Whether `a` comes before `b` in the pairing order (score, then rank).
pub(crate) fn ranks_above(a: &PairingCard, b: &PairingCard) -> bool {
    (a.score, std::cmp::Reverse(a.rank)) > (b.score, std::cmp::Reverse(b.rank))
}

/// The colour `player` gets against `opponent`.
pub(crate) fn colour_of(player: &PairingCard, opponent: &PairingCard, initial: Color) -> Color {
    let pp = Preference::of(&player.colours);
    let op = Preference::of(&opponent.colours);
    if let Some(c) = by_preferences(player, &pp, opponent, &op) {
        return c;
    }
    let higher_is_player = ranks_above(player, opponent);
    match pp.colour {
        // 5.2.5: the higher ranked player's preference wins.
        Some(c) if higher_is_player => c,
        Some(_) => op.colour.map_or(initial, |c| !c),
        // No preference on either side: the initial colour alternates down
        // the ranking (odd pairing numbers get it).
        None => {
            let (higher_rank, higher_gets) = if higher_is_player {
                (player.rank, true)
            } else {
                (opponent.rank, false)
            };
            let higher_colour = if higher_rank % 2 == 1 {
                !initial
            } else {
                initial
            };
            if higher_gets {
                higher_colour
            } else {
                !higher_colour
            }
        }
    }
}
