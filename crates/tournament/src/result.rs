//! What happened to one player in one round: a game, a forfeit, a bye, or
//! an absence.

use arbiter_rules::{Color, PlayerResult};

use crate::player::StartNo;
use crate::points::{PointSystem, Points};

/// A result code of a TRF round cell (column 99 of the first round), kept
/// exactly so that a file writes back as it was read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ResultCode {
    /// `1`: won a played game.
    Win,
    /// `=`: drew a played game.
    Draw,
    /// `0`: lost a played game.
    Loss,
    /// `W`: won a game played but not rated (e.g. fewer than two moves each).
    UnratedWin,
    /// `D`: drew a game played but not rated.
    UnratedDraw,
    /// `L`: lost a game played but not rated.
    UnratedLoss,
    /// `+`: won by forfeit; with no opponent, the pairing-allocated bye (as
    /// bbpPairings and many TRF-16 writers use it).
    ForfeitWin,
    /// `-`: lost by forfeit; with no opponent, absent (zero points).
    ForfeitLoss,
    /// `U`: the pairing-allocated bye.
    PairingAllocatedBye,
    /// `H`: a half-point bye.
    HalfPointBye,
    /// `F`: a full-point bye.
    FullPointBye,
    /// `Z`: a zero-point bye.
    ZeroPointBye,
    /// blank: not paired, no result.
    NotPaired,
}

impl ResultCode {
    /// The code from its TRF character.
    pub fn from_char(c: char) -> Option<ResultCode> {
        Some(match c {
            '1' => ResultCode::Win,
            '=' => ResultCode::Draw,
            '0' => ResultCode::Loss,
            'W' | 'w' => ResultCode::UnratedWin,
            'D' | 'd' => ResultCode::UnratedDraw,
            'L' | 'l' => ResultCode::UnratedLoss,
            '+' => ResultCode::ForfeitWin,
            '-' => ResultCode::ForfeitLoss,
            'U' | 'u' => ResultCode::PairingAllocatedBye,
            'H' | 'h' => ResultCode::HalfPointBye,
            'F' | 'f' => ResultCode::FullPointBye,
            'Z' | 'z' => ResultCode::ZeroPointBye,
            ' ' => ResultCode::NotPaired,
            _ => return None,
        })
    }

    /// The TRF character of the code.
    pub fn to_char(self) -> char {
        match self {
            ResultCode::Win => '1',
            ResultCode::Draw => '=',
            ResultCode::Loss => '0',
            ResultCode::UnratedWin => 'W',
            ResultCode::UnratedDraw => 'D',
            ResultCode::UnratedLoss => 'L',
            ResultCode::ForfeitWin => '+',
            ResultCode::ForfeitLoss => '-',
            ResultCode::PairingAllocatedBye => 'U',
            ResultCode::HalfPointBye => 'H',
            ResultCode::FullPointBye => 'F',
            ResultCode::ZeroPointBye => 'Z',
            ResultCode::NotPaired => ' ',
        }
    }

    /// Whether the code says a game was played over the board.
    pub fn is_played(self) -> bool {
        matches!(
            self,
            ResultCode::Win
                | ResultCode::Draw
                | ResultCode::Loss
                | ResultCode::UnratedWin
                | ResultCode::UnratedDraw
                | ResultCode::UnratedLoss
        )
    }
}

/// What a round was for one player, in the terms of C.07 and C.04.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// A game played over the board (rated or not).
    Played {
        /// The opponent's start number.
        opponent: StartNo,
        /// The player's colour.
        colour: Color,
        /// The result from the player's side.
        result: PlayerResult,
    },
    /// A game paired but not played: one side (or both) did not come.
    Forfeit {
        /// The opponent's start number.
        opponent: StartNo,
        /// The colour the pairing gave the player, when the file says it.
        colour: Option<Color>,
        /// Whether the player won the forfeit (the opponent did not come).
        won: bool,
    },
    /// The pairing-allocated bye (C.04.1.c): the one player left over.
    PairingAllocatedBye,
    /// A full-point bye requested in advance.
    FullPointBye,
    /// A half-point bye requested in advance.
    HalfPointBye,
    /// A zero-point bye requested in advance, or not paired at all (absent,
    /// withdrawn, not yet entered).
    ZeroPointBye,
    /// The round has no entry for the player: not paired yet, or absent.
    NotPaired,
}

/// One player's cell for one round, as a TRF writes it: opponent, colour,
/// result code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RoundEntry {
    /// The opponent, when there was one.
    pub opponent: Option<StartNo>,
    /// The colour, when the player had one.
    pub colour: Option<Color>,
    /// The result code as written.
    pub code: ResultCode,
}

impl RoundEntry {
    /// An empty cell: not paired.
    pub const NOT_PAIRED: RoundEntry = RoundEntry {
        opponent: None,
        colour: None,
        code: ResultCode::NotPaired,
    };

    /// A game played against `opponent` with `colour`, won, drawn or lost.
    pub fn game(opponent: StartNo, colour: Color, result: PlayerResult) -> RoundEntry {
        let code = match result {
            PlayerResult::Win => ResultCode::Win,
            PlayerResult::Draw => ResultCode::Draw,
            PlayerResult::Loss => ResultCode::Loss,
        };
        RoundEntry::paired(opponent, colour, code)
    }

    /// A cell paired against `opponent` with `colour`, whatever its code (a
    /// game's result or a forfeit).
    pub fn paired(opponent: StartNo, colour: Color, code: ResultCode) -> RoundEntry {
        RoundEntry {
            opponent: Some(opponent),
            colour: Some(colour),
            code,
        }
    }

    /// A bye or absence with no opponent.
    pub fn unpaired(code: ResultCode) -> RoundEntry {
        RoundEntry {
            opponent: None,
            colour: None,
            code,
        }
    }

    /// What the cell means.
    pub fn outcome(&self) -> Outcome {
        use ResultCode as C;
        match (self.opponent, self.code) {
            (Some(opponent), code) if code.is_played() => {
                let result = match code {
                    C::Win | C::UnratedWin => PlayerResult::Win,
                    C::Draw | C::UnratedDraw => PlayerResult::Draw,
                    _ => PlayerResult::Loss,
                };
                match self.colour {
                    Some(colour) => Outcome::Played {
                        opponent,
                        colour,
                        result,
                    },
                    // A game without a colour cannot have been played over
                    // the board; the reader refuses it, so treat it as
                    // the forfeit it must have been.
                    None => Outcome::Forfeit {
                        opponent,
                        colour: None,
                        won: result == PlayerResult::Win,
                    },
                }
            }
            (Some(opponent), C::ForfeitWin | C::FullPointBye | C::PairingAllocatedBye) => {
                Outcome::Forfeit {
                    opponent,
                    colour: self.colour,
                    won: true,
                }
            }
            (Some(opponent), _) => Outcome::Forfeit {
                opponent,
                colour: self.colour,
                won: false,
            },
            (None, C::PairingAllocatedBye | C::ForfeitWin) => Outcome::PairingAllocatedBye,
            (None, C::FullPointBye | C::UnratedWin | C::Win) => Outcome::FullPointBye,
            (None, C::HalfPointBye | C::Draw | C::UnratedDraw) => Outcome::HalfPointBye,
            (None, C::NotPaired) => Outcome::NotPaired,
            (None, _) => Outcome::ZeroPointBye,
        }
    }

    /// The points the cell scores under a point system.
    pub fn points(&self, system: &PointSystem) -> Points {
        match self.outcome() {
            Outcome::Played { result, .. } => match result {
                PlayerResult::Win => system.win,
                PlayerResult::Draw => system.draw,
                PlayerResult::Loss => system.loss,
            },
            Outcome::Forfeit { won: true, .. } => system.forfeit_win,
            Outcome::Forfeit { won: false, .. } => system.forfeit_loss,
            Outcome::PairingAllocatedBye => system.pairing_allocated_bye,
            Outcome::FullPointBye => system.full_point_bye,
            Outcome::HalfPointBye => system.half_point_bye,
            Outcome::ZeroPointBye | Outcome::NotPaired => system.zero_point_bye,
        }
    }

    /// Whether a game was played over the board.
    pub fn is_played(&self) -> bool {
        matches!(self.outcome(), Outcome::Played { .. })
    }
}
