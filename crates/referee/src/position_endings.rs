//! The endings the position brings about by itself: checkmate (FIDE
//! 5.1.1), stalemate (5.2.1), a dead position (5.2.2), and the draws a
//! ruleset makes automatic (fivefold repetition and 75 moves, 9.6; the
//! classic rules' threefold repetition, fifty moves and perpetual check).
//!
//! One place decides them, with their result, termination and ruling, for
//! a game being played ([`crate::Game`]) and for a record being checked
//! (`arbiter check`), which replays millions of moves: after a move only
//! two counts are compared here, and the dead-position analysis is the
//! caller's, at the budget it can afford (see [`crate::dead_position`]).

use arbiter_rules::{Color, Position};

use crate::ruleset::{DrawMode, DrawRule};
use crate::{DrawClaim, GameResult, Reason, Rule, Ruleset, Ruling, Termination};

/// How a game ended: the result, why, and the ruling that says so.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ending {
    /// `1-0`, `0-1`, `1/2-1/2`.
    pub result: GameResult,
    /// Why.
    pub termination: Termination,
    /// The rule and the reason.
    pub ruling: Ruling,
}

impl Ending {
    /// `true` when no move was left to make (checkmate, stalemate), rather
    /// than a draw the position brought while moves could still be made.
    pub fn no_move_left(&self) -> bool {
        matches!(
            self.termination,
            Termination::Checkmate | Termination::Stalemate
        )
    }
}

/// The endings a ruleset lets the position bring about by itself, and the
/// draws it lets the player to move claim.
///
/// ```
/// use arbiter_referee::{PositionEndings, Ruleset, Termination};
/// use arbiter_rules::Position;
/// let fide = PositionEndings::new(&Ruleset::fide_standard());
/// let start = Position::new();
/// // FIDE: the third occurrence may be claimed, the fifth ends the game.
/// assert!(fide.by_count(&start, 3, |_| None).is_none());
/// assert!(fide.threefold_claimable(3));
/// let fifth = fide.by_count(&start, 5, |_| None).unwrap();
/// assert_eq!(fifth.termination, Termination::Fivefold);
/// assert_eq!(fifth.ruling.rule.to_string(), "FIDE 9.6.1");
/// // The classic rules: the third occurrence is a draw at once.
/// let classic = PositionEndings::new(&Ruleset::classic());
/// assert_eq!(classic.by_count(&start, 3, |_| None).unwrap().termination, Termination::Threefold);
/// assert!(!classic.threefold_claimable(3));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionEndings {
    /// The automatic repetition draw that comes first, if any.
    repetition: Option<DrawRule>,
    /// The automatic move-count draw that comes first, if any.
    move_count: Option<DrawRule>,
    /// Occurrences from which a repetition draw ends the game (`usize::MAX`
    /// without one): compared after every move.
    repetition_at: usize,
    /// Halfmoves without capture or pawn move from which a draw ends the
    /// game (`u32::MAX` without one).
    move_count_at: u32,
    /// Occurrences from which the player to move may claim (`usize::MAX`
    /// where the draw is not claimed).
    threefold_claim_at: usize,
    /// Halfmoves from which the player to move may claim fifty moves.
    fifty_moves_claim_at: u32,
    /// The fewest occurrences from which a claim or a draw comes.
    repetitions_matter_at: usize,
    /// The fewest halfmoves from which a claim or a draw comes.
    halfmoves_matter_at: u32,
    /// Name a repetition in which one side checked on every move a
    /// perpetual check (`classic: 长将和`).
    name_perpetual_check: bool,
}

/// The automatic rule of `rules` with the lowest threshold: counts grow one
/// by one, so it is the one met first.
fn first_automatic<'a>(rules: impl IntoIterator<Item = &'a DrawRule>) -> Option<DrawRule> {
    rules
        .into_iter()
        .filter(|rule| rule.mode == DrawMode::Automatic)
        .min_by_key(|rule| rule.threshold)
        .cloned()
}

/// The count from which `rule` may be claimed (`MAX` when it is automatic).
fn claim_threshold(rule: &DrawRule, scale: u32) -> u32 {
    match rule.mode {
        DrawMode::Claim => rule.threshold.saturating_mul(scale),
        DrawMode::Automatic => u32::MAX,
    }
}

impl PositionEndings {
    /// The endings of `ruleset`.
    pub fn new(ruleset: &Ruleset) -> PositionEndings {
        let repetition = first_automatic(ruleset.fivefold.iter().chain([&ruleset.threefold]));
        let move_count = first_automatic(
            ruleset
                .seventy_five_moves
                .iter()
                .chain([&ruleset.fifty_moves]),
        );
        let repetition_at = repetition
            .as_ref()
            .map_or(usize::MAX, |rule| rule.threshold as usize);
        // Moves by each side: twice as many halfmoves.
        let move_count_at = move_count
            .as_ref()
            .map_or(u32::MAX, |rule| rule.threshold.saturating_mul(2));
        let threefold_claim_at = claim_threshold(&ruleset.threefold, 1) as usize;
        let fifty_moves_claim_at = claim_threshold(&ruleset.fifty_moves, 2);
        PositionEndings {
            repetition_at,
            move_count_at,
            threefold_claim_at,
            fifty_moves_claim_at,
            repetitions_matter_at: repetition_at.min(threefold_claim_at),
            halfmoves_matter_at: move_count_at.min(fifty_moves_claim_at),
            repetition,
            move_count,
            name_perpetual_check: ruleset.name_perpetual_check,
        }
    }

    /// `winner` has checkmated the other side (FIDE 5.1.1).
    pub fn checkmate(winner: Color) -> Ending {
        Ending {
            result: GameResult::win_for(winner),
            termination: Termination::Checkmate,
            ruling: Ruling::new(Rule::fide("5.1.1"), Reason::Checkmate { side: winner }),
        }
    }

    /// The side to move has no legal move and is not in check (FIDE 5.2.1).
    pub fn stalemate() -> Ending {
        Ending {
            result: GameResult::Draw,
            termination: Termination::Stalemate,
            ruling: Ruling::new(Rule::fide("5.2.1"), Reason::Stalemate),
        }
    }

    /// The ending of `pos`, where the side to move has no legal move:
    /// checkmate or stalemate.
    pub fn without_moves(pos: &Position) -> Ending {
        if pos.is_check() {
            PositionEndings::checkmate(!pos.turn())
        } else {
            PositionEndings::stalemate()
        }
    }

    /// The ending of `pos` if the side to move has no legal move.
    pub fn no_move_left(pos: &Position) -> Option<Ending> {
        (!pos.has_legal_moves()).then(|| PositionEndings::without_moves(pos))
    }

    /// `pos`, found dead: neither side can mate (FIDE 5.2.2); named
    /// insufficient material when that is why.
    pub fn dead_position(pos: &Position) -> Ending {
        let termination = if pos.is_insufficient_material() {
            Termination::InsufficientMaterial
        } else {
            Termination::DeadPosition
        };
        Ending {
            result: GameResult::Draw,
            termination,
            ruling: Ruling::new(Rule::fide("5.2.2"), Reason::DeadPosition),
        }
    }

    /// The draw the counts bring by themselves after a move that led to
    /// `pos`, standing for the `times`-th time: a repetition, or the moves
    /// without capture or pawn move, where the ruleset makes them
    /// automatic. A mate or stalemate on the move that completes the count
    /// takes precedence (FIDE 9.6.2). `perpetual_checker` is asked, only
    /// where the ruleset names perpetual checks and a repetition draw is
    /// due, for the side that gave check with every one of its moves since
    /// the first of that many occurrences.
    #[inline]
    pub fn by_count(
        &self,
        pos: &Position,
        times: usize,
        perpetual_checker: impl FnOnce(usize) -> Option<Color>,
    ) -> Option<Ending> {
        if times < self.repetition_at && pos.halfmoves() < self.move_count_at {
            return None;
        }
        self.count_reached(pos, times, perpetual_checker)
    }

    /// [`PositionEndings::by_count`] once a count is reached: rare, so kept
    /// out of the line of every move.
    #[cold]
    fn count_reached(
        &self,
        pos: &Position,
        times: usize,
        perpetual_checker: impl FnOnce(usize) -> Option<Color>,
    ) -> Option<Ending> {
        if let Some(no_move) = PositionEndings::no_move_left(pos) {
            return Some(no_move);
        }
        if let Some(rule) = self
            .repetition
            .as_ref()
            .filter(|_| times >= self.repetition_at)
        {
            return Some(self.repetition_draw(rule, times, perpetual_checker));
        }
        let rule = self.move_count.as_ref()?;
        let termination = if rule.threshold >= 75 {
            Termination::SeventyFiveMoves
        } else {
            Termination::FiftyMoves
        };
        Some(Ending {
            result: GameResult::Draw,
            termination,
            ruling: Ruling::new(
                rule.rule.clone(),
                Reason::NoCaptureNoPawnMove {
                    moves: rule.threshold,
                },
            ),
        })
    }

    fn repetition_draw(
        &self,
        rule: &DrawRule,
        times: usize,
        perpetual_checker: impl FnOnce(usize) -> Option<Color>,
    ) -> Ending {
        if self.name_perpetual_check
            && let Some(checker) = perpetual_checker(rule.threshold as usize)
        {
            return Ending {
                result: GameResult::Draw,
                termination: Termination::PerpetualCheck,
                ruling: Ruling::new(
                    Rule::classic("长将和"),
                    Reason::PerpetualCheck { side: checker },
                ),
            };
        }
        let termination = if rule.threshold >= 5 {
            Termination::Fivefold
        } else {
            Termination::Threefold
        };
        Ending {
            result: GameResult::Draw,
            termination,
            ruling: Ruling::new(rule.rule.clone(), Reason::Repetition { times }),
        }
    }

    /// Whether the counts after a move, the position standing for the
    /// `times`-th time after `halfmoves` without capture or pawn move,
    /// allow a claim or bring a draw: when they do not, neither
    /// [`PositionEndings::by_count`] nor the claims need be asked. One test
    /// for the moves of millions of records, where they almost never do.
    #[inline(always)]
    pub fn counts_matter(&self, times: usize, halfmoves: u32) -> bool {
        times >= self.repetitions_matter_at || halfmoves >= self.halfmoves_matter_at
    }

    /// Whether the player to move may claim a draw by repetition, the
    /// position standing for the `times`-th time (FIDE 9.2).
    #[inline]
    pub fn threefold_claimable(&self, times: usize) -> bool {
        times >= self.threefold_claim_at
    }

    /// Whether the player to move may claim a draw by the fifty-move rule,
    /// after `halfmoves` without capture or pawn move (FIDE 9.3).
    #[inline]
    pub fn fifty_moves_claimable(&self, halfmoves: u32) -> bool {
        halfmoves >= self.fifty_moves_claim_at
    }

    /// The draw the player to move may claim in `pos`, standing for the
    /// `times`-th time, if any: repetition first.
    pub fn claimable(&self, pos: &Position, times: usize) -> Option<DrawClaim> {
        if self.threefold_claimable(times) {
            Some(DrawClaim::Threefold)
        } else if self.fifty_moves_claimable(pos.halfmoves()) {
            Some(DrawClaim::FiftyMoves)
        } else {
            None
        }
    }

    /// The side that gave check with every one of its moves in `moves`
    /// (each the side that made it and whether it gave check), the moves
    /// since the first occurrence of a repeated position: a perpetual check.
    pub fn perpetual_checker(moves: impl Iterator<Item = (Color, bool)> + Clone) -> Option<Color> {
        Color::ALL.into_iter().find(|&side| {
            let mut own = moves.clone().filter(|&(by, _)| by == side).peekable();
            own.peek().is_some() && own.all(|(_, check)| check)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).unwrap()
    }

    #[test]
    fn fide_ends_at_the_fifth_occurrence_and_after_75_moves() {
        let fide = PositionEndings::new(&Ruleset::fide_standard());
        let quiet = pos("4k3/8/8/8/8/8/8/R3K3 b - - 149 120");
        assert_eq!(fide.by_count(&quiet, 4, |_| None), None);
        // Nothing to claim or draw before the third occurrence or the
        // hundredth halfmove.
        assert!(!fide.counts_matter(2, 99));
        assert!(fide.counts_matter(3, 0) && fide.counts_matter(1, 100));
        assert!(fide.threefold_claimable(3) && !fide.threefold_claimable(2));
        assert!(fide.fifty_moves_claimable(100) && !fide.fifty_moves_claimable(99));
        let seventy_five = pos("4k3/8/8/8/8/8/8/R3K3 b - - 150 120");
        let ending = fide.by_count(&seventy_five, 1, |_| None).unwrap();
        assert_eq!(ending.termination, Termination::SeventyFiveMoves);
        assert_eq!(ending.ruling.rule.to_string(), "FIDE 9.6.2");
        assert_eq!(
            ending.ruling.reason,
            Reason::NoCaptureNoPawnMove { moves: 75 }
        );
        let fifth = fide.by_count(&quiet, 5, |_| None).unwrap();
        assert_eq!(fifth.termination, Termination::Fivefold);
        assert_eq!(fifth.ruling.reason, Reason::Repetition { times: 5 });
    }

    #[test]
    fn a_mate_on_the_move_that_completes_the_count_comes_first() {
        let fide = PositionEndings::new(&Ruleset::fide_standard());
        // Black is mated on the 150th halfmove without capture or pawn move.
        let mated = pos("R3k3/8/4K3/8/8/8/8/8 b - - 150 120");
        let ending = fide.by_count(&mated, 1, |_| None).unwrap();
        assert_eq!(ending.termination, Termination::Checkmate);
        assert_eq!(ending.result, GameResult::WhiteWins);
        assert!(ending.no_move_left());
    }

    #[test]
    fn classic_draws_at_the_third_occurrence_and_names_a_perpetual_check() {
        let classic = PositionEndings::new(&Ruleset::classic());
        let start = Position::new();
        assert!(!classic.threefold_claimable(3));
        assert!(!classic.fifty_moves_claimable(200));
        let checked = classic
            .by_count(&start, 3, |times| {
                assert_eq!(times, 3);
                Some(Color::White)
            })
            .unwrap();
        assert_eq!(checked.termination, Termination::PerpetualCheck);
        assert_eq!(checked.ruling.rule.to_string(), "classic: 长将和");
        let fifty = pos("4k3/8/8/8/8/8/8/R3K3 b - - 100 80");
        let ending = classic.by_count(&fifty, 1, |_| None).unwrap();
        assert_eq!(ending.termination, Termination::FiftyMoves);
        assert_eq!(
            ending.ruling.reason,
            Reason::NoCaptureNoPawnMove { moves: 50 }
        );
    }

    #[test]
    fn a_perpetual_checker_checked_with_every_one_of_his_moves() {
        use Color::{Black, White};
        let moves = [(White, true), (Black, false), (White, true), (Black, false)];
        assert_eq!(
            PositionEndings::perpetual_checker(moves.into_iter()),
            Some(White)
        );
        let broken = [
            (White, true),
            (Black, false),
            (White, false),
            (Black, false),
        ];
        assert_eq!(PositionEndings::perpetual_checker(broken.into_iter()), None);
        assert_eq!(PositionEndings::perpetual_checker([].into_iter()), None);
    }

    #[test]
    fn a_dead_position_is_named_by_its_material_when_that_is_why() {
        let bare = PositionEndings::dead_position(&pos("8/8/4k3/8/8/8/8/4K3 w - - 0 1"));
        assert_eq!(bare.termination, Termination::InsufficientMaterial);
        let wall =
            PositionEndings::dead_position(&pos("8/8/4k3/1p1p1p1p/1P1P1P1P/2B1K3/8/8 w - - 0 1"));
        assert_eq!(wall.termination, Termination::DeadPosition);
        assert_eq!(wall.ruling.rule.to_string(), "FIDE 5.2.2");
    }
}
