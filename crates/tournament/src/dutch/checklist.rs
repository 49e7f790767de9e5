//! The check-list of a round: each player's pairing card as the engine saw
//! it, and the opponent it gave him, so that an arbiter can follow the
//! pairing by hand. The endorsed engines print one beside their pairing
//! (`-l`); this is Arbiter's, one table a round.

use std::fmt::Write as _;

use arbiter_rules::Color;

use crate::Tournament;

use super::entrant::Preference;
use super::{Acceleration, Board, Float, NoPairing, PairingCard, Round, pair, round_to_pair};

/// The check-list of round `round` of `t`: the round paired from the rounds
/// before it, as [`super::check`] pairs it.
///
/// One line a player, in the order the brackets are made (score, then
/// pairing number): `ID` his start number; `Pts` his score for pairing
/// (with any acceleration); `Colours` the colours of his games played;
/// `Pref` his colour preference (C.04.3 1.7: `W`/`B` absolute, `(W)`/`(B)`
/// strong, `w`/`b` mild, `-` none); `C2` whether he may get the
/// pairing-allocated bye; `F1`, `F2` his floats one and two rounds back
/// (`U`p, `D`own); `Now` his opponent and colour this round, or `bye`.
pub fn checklist(
    t: &Tournament,
    round: u32,
    acceleration: Acceleration,
) -> Result<String, NoPairing> {
    let view = round_to_pair(t, round, acceleration);
    let boards = pair(&view)?;
    Ok(table(round, &view, &boards))
}

/// The table of a round already paired into `boards`.
fn table(round: u32, view: &Round, boards: &[Board]) -> String {
    let mut cards: Vec<&PairingCard> = view.entrants.iter().collect();
    cards.sort_by(|a, b| b.score.cmp(&a.score).then(a.rank.cmp(&b.rank)));
    let mut out = String::new();
    let _ = writeln!(out, "Round {round}");
    let _ = writeln!(
        out,
        "{:>5} {:>5} {:<15} {:<4} {:<2} {:<2} {:<2} Now",
        "ID", "Pts", "Colours", "Pref", "C2", "F1", "F2"
    );
    for card in cards {
        let colours: String = card.colours.iter().map(|&c| letter(c)).collect();
        let _ = writeln!(
            out,
            "{:>5} {:>5} {:<15} {:<4} {:<2} {:<2} {:<2} {}",
            card.id + 1,
            points(card.score),
            colours,
            preference(&card.colours),
            if card.bye_eligible { "Y" } else { "N" },
            float(card.floats[0]),
            float(card.floats[1]),
            now(card.id, boards),
        );
    }
    out
}

fn letter(colour: Color) -> char {
    match colour {
        Color::White => 'W',
        Color::Black => 'B',
    }
}

/// Tenths of a point as the TRF writes points: `3.5`.
fn points(tenths: u32) -> String {
    format!("{}.{}", tenths / 10, tenths % 10)
}

fn preference(colours: &[Color]) -> String {
    let p = Preference::of(colours);
    let Some(colour) = p.colour else {
        return "-".into();
    };
    let c = letter(colour);
    if p.absolute() {
        c.to_string()
    } else if p.strong {
        format!("({c})")
    } else {
        c.to_ascii_lowercase().to_string()
    }
}

fn float(f: Float) -> &'static str {
    match f {
        Float::Up => "U",
        Float::Down => "D",
        Float::None => "",
    }
}

/// The player's board this round: `12W` (opponent 12, White), or `bye`.
fn now(id: usize, boards: &[Board]) -> String {
    for b in boards {
        match b.black {
            None if b.white == id => return "bye".into(),
            Some(black) if b.white == id => return format!("{}W", black + 1),
            Some(black) if black == id => return format!("{}B", b.white + 1),
            _ => {}
        }
    }
    String::new()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn preferences_are_written_by_strength() {
        use Color::{Black as B, White as W};
        assert_eq!(preference(&[]), "-");
        assert_eq!(preference(&[W, W]), "B");
        assert_eq!(preference(&[W, B, W]), "(B)");
        assert_eq!(preference(&[W, B]), "w");
    }

    #[test]
    fn the_board_names_the_opponent_and_colour() {
        let boards = [
            Board {
                white: 0,
                black: Some(3),
            },
            Board {
                white: 2,
                black: None,
            },
        ];
        assert_eq!(now(0, &boards), "4W");
        assert_eq!(now(3, &boards), "1B");
        assert_eq!(now(2, &boards), "bye");
        assert_eq!(now(1, &boards), "");
    }
}
