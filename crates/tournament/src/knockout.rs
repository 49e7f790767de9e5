//! Knockout matches: a number of games at the main time control, then, while
//! the players are level, the tie-break stages the event's rules set (mini
//! matches of rapid or blitz games, a final Armageddon game).

use arbiter_referee::TimeControl;
use arbiter_rules::{Color, PlayerResult};
use serde::{Deserialize, Serialize};

use crate::player::StartNo;

/// The time control of a stage, as the event's rules name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Tempo {
    /// Games at the event's main time control.
    Standard,
    /// Rapid games.
    Rapid,
    /// Blitz games.
    Blitz,
    /// One Armageddon game: a draw counts as a win for Black.
    Armageddon,
}

/// One stage of a match: its tempo and number of games.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Stage {
    /// The time control.
    pub tempo: Tempo,
    /// How many games (an Armageddon stage has one).
    pub games: u32,
}

/// How a knockout match is played: the main games, then the tie-break stages
/// in order while the players are level.
///
/// ```
/// use arbiter_tournament::knockout::{MatchFormat, Stage, Tempo};
///
/// // The World Cup's rounds: two games, then two rapid, two faster rapid,
/// // two blitz, and an Armageddon game.
/// let format = MatchFormat::new(2)
///     .then(Stage { tempo: Tempo::Rapid, games: 2 })
///     .then(Stage { tempo: Tempo::Rapid, games: 2 })
///     .then(Stage { tempo: Tempo::Blitz, games: 2 })
///     .then(Stage { tempo: Tempo::Armageddon, games: 1 });
/// assert_eq!(format.stages.len(), 5);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct MatchFormat {
    /// The stages: the main games first.
    pub stages: Vec<Stage>,
}

impl MatchFormat {
    /// A match of `games` games at the main time control, without tie-breaks.
    pub fn new(games: u32) -> MatchFormat {
        MatchFormat {
            stages: vec![Stage {
                tempo: Tempo::Standard,
                games,
            }],
        }
    }

    /// The format with one more tie-break stage after the others.
    pub fn then(mut self, stage: Stage) -> MatchFormat {
        let games = if stage.tempo == Tempo::Armageddon {
            1
        } else {
            stage.games
        };
        self.stages.push(Stage { games, ..stage });
        self
    }
}

/// A knockout match as an event's regulations set it: the main games at
/// the event's time control, then, while the players are level, each
/// tie-break stage with its own clocks.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct MatchRules {
    /// The main games.
    pub games: u32,
    /// The tie-break stages, in the order they are played.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tiebreaks: Vec<TiebreakStage>,
}

impl Default for MatchRules {
    /// Two games, without tie-breaks.
    fn default() -> MatchRules {
        MatchRules {
            games: 2,
            tiebreaks: Vec::new(),
        }
    }
}

/// One tie-break stage of a match.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TiebreakStage {
    /// Rapid, blitz, or Armageddon (one game, a draw wins for Black).
    pub tempo: Tempo,
    /// How many games (an Armageddon stage has one whatever is written).
    #[serde(default = "one_game")]
    pub games: u32,
    /// The time control (White's, in an Armageddon game).
    pub time_control: TimeControl,
    /// Black's own time control, when it differs (an Armageddon game
    /// gives Black less time for his draw odds).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub black_time_control: Option<TimeControl>,
}

fn one_game() -> u32 {
    1
}

impl MatchRules {
    /// The match format these rules play: the main games, then each
    /// tie-break stage.
    pub fn format(&self) -> MatchFormat {
        self.tiebreaks
            .iter()
            .fold(MatchFormat::new(self.games), |f, stage| {
                f.then(Stage {
                    tempo: stage.tempo,
                    games: stage.games,
                })
            })
    }
}

/// One game of a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct MatchGame {
    /// The colour of the match's first player.
    pub first_colour: Color,
    /// The result for the match's first player.
    pub first_result: PlayerResult,
}

/// Where a match stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MatchState {
    /// Another game is due.
    NextGame {
        /// The stage (0 is the main games).
        stage: usize,
        /// The game within the stage (from 0).
        game: u32,
        /// The colour of the match's first player in that game; for an
        /// Armageddon game the rules decide it (often by lot or bidding), so
        /// the one given is only the alternation's.
        first_colour: Color,
    },
    /// The match is over.
    Won {
        /// The winner's start number.
        winner: StartNo,
        /// The stage that decided it.
        stage: usize,
    },
    /// Every stage is played and the players are still level: the rules
    /// must settle it otherwise (drawing of lots).
    Undecided,
    /// More games recorded than the format has.
    Overplayed,
}

/// A knockout match between two players: the first has White in game 1,
/// and colours alternate through the stages.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct KnockoutMatch {
    /// The first player (White in game 1).
    pub first: StartNo,
    /// The second player.
    pub second: StartNo,
    /// The games played, in order.
    pub games: Vec<MatchGame>,
}

impl KnockoutMatch {
    /// A match not yet started.
    pub fn new(first: StartNo, second: StartNo) -> KnockoutMatch {
        KnockoutMatch {
            first,
            second,
            games: Vec::new(),
        }
    }

    /// Where the match stands under a format.
    ///
    /// A stage ends as soon as one player leads by more than the games left
    /// in it can make up; a later stage is played only while the players are
    /// level.
    pub fn state(&self, format: &MatchFormat) -> MatchState {
        let mut played = self.games.iter();
        let mut count = 0u32;
        for (index, stage) in format.stages.iter().enumerate() {
            // Points in half points: first player minus second player.
            let mut lead: i32 = 0;
            for game in 0..stage.games {
                let left = (stage.games - game) as i32;
                if lead.abs() > 2 * left {
                    break;
                }
                let Some(g) = played.next() else {
                    let first_colour = if count.is_multiple_of(2) {
                        Color::White
                    } else {
                        Color::Black
                    };
                    return MatchState::NextGame {
                        stage: index,
                        game,
                        first_colour,
                    };
                };
                count += 1;
                lead += match (stage.tempo, g.first_result, g.first_colour) {
                    (Tempo::Armageddon, PlayerResult::Draw, Color::Black) => 2,
                    (Tempo::Armageddon, PlayerResult::Draw, Color::White) => -2,
                    (_, PlayerResult::Win, _) => 2,
                    (_, PlayerResult::Draw, _) => 0,
                    (_, PlayerResult::Loss, _) => -2,
                };
            }
            if lead != 0 {
                if played.next().is_some() {
                    return MatchState::Overplayed;
                }
                let winner = if lead > 0 { self.first } else { self.second };
                return MatchState::Won {
                    winner,
                    stage: index,
                };
            }
        }
        if played.next().is_some() {
            MatchState::Overplayed
        } else {
            MatchState::Undecided
        }
    }

    /// Records the next game's result for the first player, with the colour
    /// the first player had.
    pub fn record(&mut self, first_colour: Color, first_result: PlayerResult) {
        self.games.push(MatchGame {
            first_colour,
            first_result,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn won(winner: StartNo, stage: usize) -> MatchState {
        MatchState::Won { winner, stage }
    }

    fn world_cup() -> MatchFormat {
        MatchFormat::new(2)
            .then(Stage {
                tempo: Tempo::Rapid,
                games: 2,
            })
            .then(Stage {
                tempo: Tempo::Blitz,
                games: 2,
            })
            .then(Stage {
                tempo: Tempo::Armageddon,
                games: 3,
            })
    }

    #[test]
    fn a_win_and_a_draw_decide_the_main_games() {
        let mut m = KnockoutMatch::new(1, 64);
        m.record(Color::White, PlayerResult::Win);
        assert!(matches!(
            m.state(&world_cup()),
            MatchState::NextGame {
                stage: 0,
                game: 1,
                first_colour: Color::Black
            }
        ));
        m.record(Color::Black, PlayerResult::Draw);
        assert_eq!(m.state(&world_cup()), won(1, 0));
    }

    #[test]
    fn a_level_match_goes_to_rapid_then_blitz_then_armageddon() {
        let mut m = KnockoutMatch::new(5, 60);
        for colour in [Color::White, Color::Black, Color::White, Color::Black] {
            m.record(colour, PlayerResult::Draw);
        }
        assert!(matches!(
            m.state(&world_cup()),
            MatchState::NextGame {
                stage: 2,
                game: 0,
                ..
            }
        ));
        m.record(Color::White, PlayerResult::Win);
        m.record(Color::Black, PlayerResult::Loss);
        let MatchState::NextGame {
            stage: 3, game: 0, ..
        } = m.state(&world_cup())
        else {
            panic!("Armageddon expected, got {:?}", m.state(&world_cup()));
        };
        // Armageddon: a draw wins for Black.
        m.record(Color::Black, PlayerResult::Draw);
        assert_eq!(m.state(&world_cup()), won(5, 3));
        m.games.pop();
        m.record(Color::White, PlayerResult::Draw);
        assert_eq!(m.state(&world_cup()), won(60, 3));
        m.record(Color::White, PlayerResult::Draw);
        assert_eq!(m.state(&world_cup()), MatchState::Overplayed);
    }

    #[test]
    fn a_long_match_ends_once_the_lead_cannot_be_caught() {
        let six = MatchFormat::new(6);
        let mut m = KnockoutMatch::new(2, 3);
        for _ in 0..3 {
            m.record(Color::White, PlayerResult::Loss);
        }
        assert!(matches!(
            m.state(&six),
            MatchState::NextGame { game: 3, .. }
        ));
        m.record(Color::White, PlayerResult::Loss);
        assert_eq!(m.state(&six), won(3, 0));
    }

    #[test]
    fn level_after_every_stage_is_undecided() {
        let mut m = KnockoutMatch::new(1, 2);
        m.record(Color::White, PlayerResult::Draw);
        m.record(Color::Black, PlayerResult::Draw);
        assert_eq!(m.state(&MatchFormat::new(2)), MatchState::Undecided);
    }
}
