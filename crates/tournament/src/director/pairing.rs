//! The next round's pairing by the event's system: Arbiter's Dutch engine
//! on the state as TRF sees it, the Berger tables, or a knockout's
//! bracket.

use crate::Pairing;
use crate::berger::round_pairing;
use crate::dutch::{self, Acceleration as Baku};

use super::{Acceleration, Board, Director, PlayerId, Refusal, System};

impl Director {
    /// The boards and bye of the next round by the event's pairing system,
    /// when it may be paired: every earlier round published and complete.
    /// The caller records them as [`super::EventKind::RoundPaired`].
    pub fn next_pairing(&self) -> Result<(Vec<Board>, Option<PlayerId>), Refusal> {
        self.may_pair_next()?;
        let settings = self.settings().ok_or(Refusal::NotCreated)?;
        let round = self.rounds_paired() + 1;
        let order = self.start_order();
        let id_of = |start_no: u32| order[start_no as usize - 1];
        match settings.system {
            System::Dutch => {
                let t = self.tournament_through(round - 1, Some(round));
                let baku = Baku {
                    baku: settings.acceleration == Acceleration::Baku,
                };
                let view = dutch::round_to_pair(&t, round, baku);
                let boards = dutch::pair(&view).map_err(|_| Refusal::NoPairing { round })?;
                let mut out = Vec::new();
                let mut bye = None;
                for b in boards {
                    let white = id_of(b.white as u32 + 1);
                    match b.black {
                        Some(black) => out.push(Board {
                            white,
                            black: id_of(black as u32 + 1),
                        }),
                        None => bye = Some(white),
                    }
                }
                Ok((out, bye))
            }
            System::RoundRobin { cycles } => {
                let n = self.players().len() as u32;
                let pairings =
                    round_pairing(n, round, cycles).ok_or(Refusal::NoPairing { round })?;
                let mut out = Vec::new();
                let mut bye = None;
                for p in pairings {
                    match p {
                        Pairing::Game { white, black } => out.push(Board {
                            white: id_of(white),
                            black: id_of(black),
                        }),
                        Pairing::Bye(rest) => bye = Some(id_of(rest)),
                    }
                }
                Ok((out, bye))
            }
            System::Knockout => Ok((self.knockout_boards(self.rounds().len())?, None)),
        }
    }

    /// Whether the next round may be paired by the event's system now:
    /// every check of [`Director::next_pairing`] but the pairing itself,
    /// which for thousands of players takes seconds. Only a Swiss or a
    /// round robin with no pairing passes this and is then refused by
    /// `next_pairing`.
    pub fn may_pair_next(&self) -> Result<(), Refusal> {
        let settings = self.settings().ok_or(Refusal::NotCreated)?;
        if self.is_terminated() {
            return Err(Refusal::Terminated);
        }
        let round = self.rounds_paired() + 1;
        self.check_can_pair(settings, round)?;
        match settings.system {
            System::Dutch if self.available(round).len() < 2 => Err(Refusal::TooFewPlayers),
            System::RoundRobin { .. } if self.players().len() < 2 => Err(Refusal::TooFewPlayers),
            // A bracket's next round is read off the last, at no cost.
            System::Knockout => self.knockout_boards(self.rounds().len()).map(|_| ()),
            _ => Ok(()),
        }
    }
}
