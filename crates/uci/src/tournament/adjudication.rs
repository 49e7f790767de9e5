//! Engine-score adjudication: ending a game early on what the engines
//! themselves report. This is not part of the Laws; games ended this way
//! are labelled as adjudicated.

use arbiter_rules::Color;

use crate::protocol::Score;

/// `-draw movenumber= movecount= score=`: a draw when, from move
/// `movenumber` on, both engines' scores stay within `score` centipawns of
/// zero for `movecount` consecutive moves each.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct DrawAdjudication {
    /// The first move at which the rule may apply.
    pub movenumber: u32,
    /// Consecutive moves per side.
    pub movecount: u32,
    /// The largest absolute score, in centipawns.
    pub score: i32,
}

impl Default for DrawAdjudication {
    fn default() -> Self {
        DrawAdjudication {
            movenumber: 40,
            movecount: 8,
            score: 10,
        }
    }
}

/// `-resign movecount= score= twosided=`: a loss for an engine whose score
/// is at or below `-score` for `movecount` consecutive moves of its own
/// (with `twosided`, only if its opponent's score agrees, at or above
/// `score`, over the same moves).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ResignAdjudication {
    /// Consecutive moves.
    pub movecount: u32,
    /// The score, in centipawns.
    pub score: i32,
    /// Both engines must agree.
    pub twosided: bool,
}

impl Default for ResignAdjudication {
    fn default() -> Self {
        ResignAdjudication {
            movecount: 3,
            score: 600,
            twosided: false,
        }
    }
}

/// What the adjudicator decides.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Adjudication {
    /// Both engines see a draw.
    Draw {
        /// Why, for the record.
        reason: String,
    },
    /// `loser` is lost by its own reckoning.
    Resign {
        /// The side that resigns.
        loser: Color,
        /// Why, for the record.
        reason: String,
    },
    /// The move limit is reached.
    MaxMoves {
        /// Why, for the record.
        reason: String,
    },
}

/// Watches the engines' scores move by move.
#[derive(Clone, Debug, Default)]
pub struct Adjudicator {
    draw: Option<DrawAdjudication>,
    resign: Option<ResignAdjudication>,
    maxmoves: Option<u32>,
    draw_streak: u32,
    /// Per side: its own consecutive losing scores, and the opponent's
    /// agreeing scores over the same moves.
    losing_streak: [u32; 2],
    winning_streak: [u32; 2],
}

impl Adjudicator {
    /// An adjudicator with the given rules (none may be set).
    pub fn new(
        draw: Option<DrawAdjudication>,
        resign: Option<ResignAdjudication>,
        maxmoves: Option<u32>,
    ) -> Adjudicator {
        Adjudicator {
            draw,
            resign,
            maxmoves,
            ..Adjudicator::default()
        }
    }

    /// Records the score `mover` reported for the move it just made
    /// (`None` if it reported none) in full move `fullmove`, and says
    /// whether the game is to be adjudicated. `moves_made` is the number of
    /// moves each side has made in the game.
    pub fn after_move(
        &mut self,
        mover: Color,
        score: Option<Score>,
        fullmove: u32,
        moves_made: u32,
    ) -> Option<Adjudication> {
        let cp = score.map(Score::centipawns_or_mate);
        if let Some(rule) = self.draw {
            match cp {
                Some(cp) if fullmove >= rule.movenumber && cp.abs() <= rule.score => {
                    self.draw_streak += 1
                }
                _ => self.draw_streak = 0,
            }
            if rule.movecount > 0 && self.draw_streak >= 2 * rule.movecount {
                return Some(Adjudication::Draw {
                    reason: format!(
                        "both engines scored within {} cp for {} moves each from move {} (-draw)",
                        rule.score, rule.movecount, rule.movenumber
                    ),
                });
            }
        }
        if let Some(rule) = self.resign {
            let me = mover.fold(0, 1);
            match cp {
                Some(cp) if cp <= -rule.score => self.losing_streak[me] += 1,
                _ => self.losing_streak[me] = 0,
            }
            match cp {
                Some(cp) if cp >= rule.score => self.winning_streak[me] += 1,
                _ => self.winning_streak[me] = 0,
            }
            let agreed =
                |loser: usize| !rule.twosided || self.winning_streak[1 - loser] >= rule.movecount;
            if rule.movecount > 0 && self.losing_streak[me] >= rule.movecount && agreed(me) {
                return Some(Adjudication::Resign {
                    loser: mover,
                    reason: format!(
                        "its score was {} cp or worse for {} moves{} (-resign)",
                        -rule.score,
                        rule.movecount,
                        if rule.twosided {
                            ", and the opponent agreed"
                        } else {
                            ""
                        }
                    ),
                });
            }
        }
        if let Some(max) = self.maxmoves
            && mover == Color::Black
            && moves_made >= max
        {
            return Some(Adjudication::MaxMoves {
                reason: format!("{max} moves were played (-maxmoves)"),
            });
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draw_needs_both_sides_for_the_whole_streak() {
        let rule = DrawAdjudication {
            movenumber: 10,
            movecount: 2,
            score: 10,
        };
        let mut a = Adjudicator::new(Some(rule), None, None);
        // Before move 10 nothing counts.
        for _ in 0..6 {
            assert_eq!(a.after_move(Color::White, Some(Score::Cp(0)), 5, 5), None);
        }
        assert_eq!(a.after_move(Color::White, Some(Score::Cp(5)), 10, 10), None);
        assert_eq!(
            a.after_move(Color::Black, Some(Score::Cp(-5)), 10, 10),
            None
        );
        // A score outside the window restarts the count.
        assert_eq!(
            a.after_move(Color::White, Some(Score::Cp(50)), 11, 11),
            None
        );
        assert_eq!(a.after_move(Color::Black, Some(Score::Cp(0)), 11, 11), None);
        assert_eq!(a.after_move(Color::White, Some(Score::Cp(0)), 12, 12), None);
        assert_eq!(a.after_move(Color::Black, Some(Score::Cp(0)), 12, 12), None);
        assert!(matches!(
            a.after_move(Color::White, Some(Score::Cp(0)), 13, 13),
            Some(Adjudication::Draw { .. })
        ));
    }

    #[test]
    fn resignation_one_and_two_sided() {
        let rule = ResignAdjudication {
            movecount: 2,
            score: 500,
            twosided: false,
        };
        let mut a = Adjudicator::new(None, Some(rule), None);
        assert_eq!(
            a.after_move(Color::Black, Some(Score::Cp(-600)), 20, 19),
            None
        );
        assert_eq!(a.after_move(Color::White, Some(Score::Cp(0)), 21, 20), None);
        assert_eq!(
            a.after_move(Color::Black, Some(Score::Mate(-3)), 21, 20),
            Some(Adjudication::Resign {
                loser: Color::Black,
                reason: "its score was -500 cp or worse for 2 moves (-resign)".into()
            })
        );
        let mut a = Adjudicator::new(
            None,
            Some(ResignAdjudication {
                twosided: true,
                ..rule
            }),
            None,
        );
        assert_eq!(
            a.after_move(Color::Black, Some(Score::Cp(-600)), 20, 19),
            None
        );
        assert_eq!(a.after_move(Color::White, Some(Score::Cp(0)), 21, 20), None);
        assert_eq!(
            a.after_move(Color::Black, Some(Score::Cp(-600)), 21, 20),
            None,
            "the opponent does not agree"
        );
        assert_eq!(
            a.after_move(Color::White, Some(Score::Cp(550)), 22, 21),
            None
        );
        assert_eq!(
            a.after_move(Color::Black, Some(Score::Cp(-600)), 22, 21),
            None
        );
        assert_eq!(
            a.after_move(Color::White, Some(Score::Cp(550)), 23, 22),
            None
        );
        assert!(matches!(
            a.after_move(Color::Black, Some(Score::Cp(-600)), 23, 22),
            Some(Adjudication::Resign {
                loser: Color::Black,
                ..
            })
        ));
    }

    #[test]
    fn max_moves() {
        let mut a = Adjudicator::new(None, None, Some(3));
        assert_eq!(a.after_move(Color::White, None, 3, 3), None);
        assert!(matches!(
            a.after_move(Color::Black, None, 3, 3),
            Some(Adjudication::MaxMoves { .. })
        ));
    }
}
