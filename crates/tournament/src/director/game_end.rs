//! A game that ends gives its board a result: one rule, the director's,
//! however the end arrives (as the game ends, or caught up after a
//! restart).

use arbiter_referee::{GameResult, Outcome, Termination};

use super::{BoardResult, Director, EventKind};

/// Who records the result a game's referee decided (the `by` of its
/// [`EventKind::ResultRecorded`]).
pub const REFEREE: &str = "referee";

impl BoardResult {
    /// The board's result a game's end gives: the game's result, or a
    /// forfeit when the referee found the game unplayed (one side never
    /// moved, [`Termination::Unplayed`]): TRF `+`/`-`, no colour and no
    /// meeting for the pairings (C.04.1), not rated. `None` for a game
    /// that ended without a result (called off, to be replayed): the
    /// arbiter enters the board's.
    ///
    /// ```
    /// use arbiter_referee::{GameResult, Outcome, Reason, Rule, Ruling, Termination};
    /// use arbiter_rules::Color;
    /// use arbiter_tournament::director::BoardResult;
    /// let flag = Ruling::new(Rule::fide("6.9"), Reason::FlagFell { side: Color::Black });
    /// let end = |termination| Outcome { result: GameResult::WhiteWins, termination, ruling: flag.clone(), at_ms: 60_000 };
    /// assert_eq!(BoardResult::of_game(&end(Termination::FlagFall)), Some(BoardResult::WhiteWins));
    /// assert_eq!(BoardResult::of_game(&end(Termination::Unplayed)), Some(BoardResult::WhiteWinsByForfeit));
    /// ```
    pub fn of_game(outcome: &Outcome) -> Option<BoardResult> {
        let unplayed = outcome.termination == Termination::Unplayed;
        Some(match (outcome.result, unplayed) {
            (GameResult::WhiteWins, false) => BoardResult::WhiteWins,
            (GameResult::BlackWins, false) => BoardResult::BlackWins,
            (GameResult::WhiteWins, true) => BoardResult::WhiteWinsByForfeit,
            (GameResult::BlackWins, true) => BoardResult::BlackWinsByForfeit,
            (GameResult::Draw, _) => BoardResult::Draw,
            (GameResult::Unknown, _) => return None,
        })
    }
}

impl Director {
    /// What the end of `game` records, by [`REFEREE`]: its board's result
    /// ([`BoardResult::of_game`]). `None` when the game is none of the
    /// event's, when its board has its result already (the arbiter's,
    /// entered first, stands), or when the game ended without one.
    pub fn game_ended(&self, game: &str, outcome: &Outcome) -> Option<EventKind> {
        let result = BoardResult::of_game(outcome)?;
        let (round, board) = self.board_of_game(game)?;
        let open = self
            .round(round)
            .and_then(|r| r.boards.get(board as usize - 1))
            .is_some_and(|b| b.result.is_none());
        open.then(|| EventKind::ResultRecorded {
            round,
            board,
            result,
            game: Some(game.to_string()),
        })
    }
}
