//! The pairing engine's view of a player: what the Dutch rules look at.

use arbiter_rules::Color;

/// How a player floated in a past round (C.04.3 1.4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Float {
    /// Met a player with a lower score, or scored more than a loss without
    /// playing.
    Down,
    /// Met a player with a higher score.
    Up,
    /// Neither.
    #[default]
    None,
}

/// One player to pair in the coming round: the pairing card of C.04.3.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PairingCard {
    /// The player's identity in the output (its starting rank less one).
    pub id: usize,
    /// Pairing order among the players of the event (0 is the highest
    /// ranked); its parity also settles colours in the first round.
    pub rank: usize,
    /// The score that brackets are made of, in tenths of a point (with any
    /// acceleration's virtual points).
    pub score: u32,
    /// The real score in tenths of a point, which orders the printed pairs.
    pub real_score: u32,
    /// The colours of the games actually played, oldest first.
    pub colours: Vec<Color>,
    /// The player's float in the last round (`floats[0]`) and the round
    /// before (`floats[1]`).
    pub floats: [Float; 2],
    /// Whether the player may still get the pairing-allocated bye (C2: not
    /// after a bye or an unplayed win).
    pub bye_eligible: bool,
    /// Whether the player is a topscorer in the final round, who may meet a
    /// player of the same absolute colour preference (C3).
    pub topscorer: bool,
    /// The ids of the players this one may not meet (C1: met before, or
    /// kept apart by the organiser).
    pub forbidden: Vec<usize>,
}

/// A player's colour preference, as C.04.3 1.7 derives it from the games
/// played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Preference {
    /// The colour wanted, if any.
    pub colour: Option<Color>,
    /// |white games − black games|.
    pub imbalance: u32,
    /// The colour of the last two games when they were the same.
    pub repeated: Option<Color>,
    /// Strong: an imbalance of one without an absolute preference.
    pub strong: bool,
}

impl Preference {
    pub fn of(colours: &[Color]) -> Preference {
        let white = colours.iter().filter(|&&c| c == Color::White).count() as u32;
        let black = colours.len() as u32 - white;
        let last = colours.last().copied();
        let run = last.map_or(0, |c| colours.iter().rev().take_while(|&&x| x == c).count());
        let fewer = if white > black {
            Color::Black
        } else {
            Color::White
        };
        let imbalance = white.abs_diff(black);
        let colour = if imbalance > 1 {
            Some(fewer)
        } else if run > 1 {
            last.map(|c| !c)
        } else if imbalance > 0 {
            Some(fewer)
        } else {
            last.map(|c| !c)
        };
        let repeated = if run > 1 { last } else { None };
        let absolute = imbalance > 1 || repeated.is_some();
        Preference {
            colour,
            imbalance,
            repeated,
            strong: !absolute && imbalance > 0,
        }
    }

    /// An absolute preference: an imbalance over one, or the same colour
    /// twice running.
    pub fn absolute(&self) -> bool {
        self.absolute_imbalance() || self.repeated.is_some()
    }

    /// An imbalance over one.
    pub fn absolute_imbalance(&self) -> bool {
        self.imbalance > 1
    }
}

/// Whether two preferences can both be met by one game.
pub(crate) fn compatible(a: Option<Color>, b: Option<Color>) -> bool {
    a != b || a.is_none()
}
