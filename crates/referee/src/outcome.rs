//! How a game ended: the result, the reason, and the rule.

use serde::{Deserialize, Serialize};

use arbiter_rules::{ByColor, GameResult};

use crate::Ruling;

/// Why a game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Termination {
    /// Checkmate (FIDE 5.1.1).
    Checkmate,
    /// Resignation (FIDE 5.1.2).
    Resignation,
    /// Resignation when the opponent could not mate: a draw (FIDE 5.1.2).
    ResignationOpponentCannotMate,
    /// A flag fell (FIDE 6.9).
    FlagFall,
    /// A flag fell, but the opponent could not mate: a draw (FIDE 6.9).
    FlagFallOpponentCannotMate,
    /// Both flags down in the last period (Guidelines III.3.1).
    BothFlags,
    /// Lost by illegal moves (FIDE 7.5.5, `classic: 送王`).
    IllegalMoves,
    /// The illegal-move loss became a draw: the opponent could not mate.
    IllegalMovesOpponentCannotMate,
    /// Stalemate (FIDE 5.2.1).
    Stalemate,
    /// Dead position: no sequence of legal moves mates (FIDE 5.2.2).
    DeadPosition,
    /// Neither side has mating material (the easy dead position).
    InsufficientMaterial,
    /// Draw by agreement (FIDE 5.2.3, 9.1).
    Agreement,
    /// Threefold repetition claimed (FIDE 9.2).
    ThreefoldClaimed,
    /// Threefold repetition, automatic (`classic`).
    Threefold,
    /// Fivefold repetition (FIDE 9.6.1).
    Fivefold,
    /// Fifty moves claimed (FIDE 9.3).
    FiftyMovesClaimed,
    /// Fifty moves, automatic (`classic`).
    FiftyMoves,
    /// Seventy-five moves (FIDE 9.6.2).
    SeventyFiveMoves,
    /// Perpetual check (`classic: 长将和`).
    PerpetualCheck,
    /// Colours reversed early: a new game must be played (FIDE 7.3).
    ColoursReversedRestart,
    /// The arbiter's decision.
    ArbiterDecision,
    /// Unplayed: one player made no move, and the game was decided all
    /// the same: by the default time online (FIDE 6.7.1), by his flag, his
    /// leaving, his resignation or the arbiter's decision before his first
    /// move ([`Termination::given_moves`]). The result stands for the game; for the event it is a
    /// forfeit (TRF `+`/`-`: no colour, no meeting), and no rating counts
    /// it (the FIDE Rating Regulations count a game only once both
    /// players have moved). The ruling names what decided it.
    Unplayed,
    /// Called off by a player before both had moved (online): no result.
    Aborted,
}

impl Termination {
    /// Every way a game ends, in the order they are declared.
    pub const ALL: [Termination; 23] = [
        Termination::Checkmate,
        Termination::Resignation,
        Termination::ResignationOpponentCannotMate,
        Termination::FlagFall,
        Termination::FlagFallOpponentCannotMate,
        Termination::BothFlags,
        Termination::IllegalMoves,
        Termination::IllegalMovesOpponentCannotMate,
        Termination::Stalemate,
        Termination::DeadPosition,
        Termination::InsufficientMaterial,
        Termination::Agreement,
        Termination::ThreefoldClaimed,
        Termination::Threefold,
        Termination::Fivefold,
        Termination::FiftyMovesClaimed,
        Termination::FiftyMoves,
        Termination::SeventyFiveMoves,
        Termination::PerpetualCheck,
        Termination::ColoursReversedRestart,
        Termination::ArbiterDecision,
        Termination::Unplayed,
        Termination::Aborted,
    ];

    /// The catalogue key of its name (`termination-checkmate`: "checkmate",
    /// "将死"), which a message takes it by.
    pub const fn key(self) -> &'static str {
        match self {
            Termination::Checkmate => "termination-checkmate",
            Termination::Resignation => "termination-resignation",
            Termination::ResignationOpponentCannotMate => {
                "termination-resignation-opponent-cannot-mate"
            }
            Termination::FlagFall => "termination-flag-fall",
            Termination::FlagFallOpponentCannotMate => "termination-flag-fall-opponent-cannot-mate",
            Termination::BothFlags => "termination-both-flags",
            Termination::IllegalMoves => "termination-illegal-moves",
            Termination::IllegalMovesOpponentCannotMate => {
                "termination-illegal-moves-opponent-cannot-mate"
            }
            Termination::Stalemate => "termination-stalemate",
            Termination::DeadPosition => "termination-dead-position",
            Termination::InsufficientMaterial => "termination-insufficient-material",
            Termination::Agreement => "termination-agreement",
            Termination::ThreefoldClaimed => "termination-threefold-claimed",
            Termination::Threefold => "termination-threefold",
            Termination::Fivefold => "termination-fivefold",
            Termination::FiftyMovesClaimed => "termination-fifty-moves-claimed",
            Termination::FiftyMoves => "termination-fifty-moves",
            Termination::SeventyFiveMoves => "termination-seventy-five-moves",
            Termination::PerpetualCheck => "termination-perpetual-check",
            Termination::ColoursReversedRestart => "termination-colours-reversed-restart",
            Termination::ArbiterDecision => "termination-arbiter-decision",
            Termination::Unplayed => "termination-unplayed",
            Termination::Aborted => "termination-aborted",
        }
    }

    /// The PGN `Termination` tag value (PGN standard 9.8.1).
    pub const fn pgn_tag(self) -> &'static str {
        match self {
            Termination::FlagFall
            | Termination::FlagFallOpponentCannotMate
            | Termination::BothFlags => "time forfeit",
            Termination::IllegalMoves
            | Termination::IllegalMovesOpponentCannotMate
            | Termination::ArbiterDecision => "rules infraction",
            Termination::ColoursReversedRestart | Termination::Unplayed | Termination::Aborted => {
                "abandoned"
            }
            _ => "normal",
        }
    }
}

impl Termination {
    /// How a game that ended this way is named once the moves each side
    /// made are known: [`Termination::Unplayed`] when it has a winner and
    /// one side made no move, however it was decided away from the board
    /// (a flag, the default time, a player's leaving or resignation, the
    /// arbiter). What the board decided keeps its name: a checkmate (from
    /// a set-up position it can come before the mated side's first move)
    /// and a loss by illegal moves, which a player makes at the board.
    ///
    /// ```
    /// use arbiter_referee::{GameResult, Termination};
    /// use arbiter_rules::ByColor;
    /// let white_only = ByColor { white: 1, black: 0 };
    /// let flag = Termination::FlagFall.given_moves(GameResult::WhiteWins, white_only);
    /// assert_eq!(flag, Termination::Unplayed);
    /// let both = ByColor { white: 1, black: 1 };
    /// assert_eq!(Termination::FlagFall.given_moves(GameResult::WhiteWins, both), Termination::FlagFall);
    /// ```
    pub fn given_moves(self, result: GameResult, moves: ByColor<u32>) -> Termination {
        let on_the_board = matches!(
            self,
            Termination::Checkmate
                | Termination::IllegalMoves
                | Termination::IllegalMovesOpponentCannotMate
        );
        if !on_the_board && is_unplayed(result, moves) {
            Termination::Unplayed
        } else {
            self
        }
    }
}

/// Whether a game with `result`, in which each side made `moves` moves, is
/// unplayed: it has a winner, and one side never moved. This is what a
/// record shows of it (`check` reads a PGN game by it); the referee names
/// such an ending [`Termination::Unplayed`].
///
/// ```
/// use arbiter_referee::{GameResult, is_unplayed};
/// use arbiter_rules::ByColor;
/// assert!(is_unplayed(GameResult::BlackWins, ByColor { white: 0, black: 0 }));
/// assert!(!is_unplayed(GameResult::Draw, ByColor { white: 1, black: 0 }));
/// assert!(!is_unplayed(GameResult::WhiteWins, ByColor { white: 2, black: 1 }));
/// ```
pub fn is_unplayed(result: GameResult, moves: ByColor<u32>) -> bool {
    matches!(result, GameResult::WhiteWins | GameResult::BlackWins)
        && (moves.white == 0 || moves.black == 0)
}

/// In a message, a way a game ends is its name in the reader's language.
impl arbiter_messages::ToArg for Termination {
    fn to_arg(&self) -> arbiter_messages::Arg<'_> {
        arbiter_messages::Arg::Key(self.key())
    }
}

/// The end of a game: result, reason, and the ruling that decided it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// `1-0`, `0-1`, `1/2-1/2` (or `*` for a restart).
    pub result: GameResult,
    /// Why.
    pub termination: Termination,
    /// The rule and its message.
    pub ruling: Ruling,
    /// When it ended, on the game's time line.
    pub at_ms: u64,
}
