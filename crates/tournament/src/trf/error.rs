//! What can be wrong in a TRF file, and where.

use thiserror::Error;

/// A malformed TRF line: where it is and what is wrong with it.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("line {line}, column {column}: {kind}")]
pub struct TrfError {
    /// The line, from 1.
    pub line: usize,
    /// The column (in characters), from 1.
    pub column: usize,
    /// What is wrong.
    pub kind: TrfErrorKind,
}

/// What is wrong with a TRF line.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TrfErrorKind {
    /// A line too short to hold its record code.
    #[error("a line must start with a three-character record code, found {0:?}")]
    NoRecordCode(String),
    /// A player line too short to hold a start number.
    #[error("a player line (001) needs a start number in columns 5-8")]
    PlayerLineTooShort,
    /// A start number that is not a positive number.
    #[error("the start number {0:?} is not a positive number")]
    BadStartNumber(String),
    /// The same start number on two player lines.
    #[error("start number {number} is already used on line {first_line}")]
    DuplicateStartNumber {
        /// The start number.
        number: u32,
        /// The line that had it first.
        first_line: usize,
    },
    /// A rating that is not a number.
    #[error("the rating {0:?} is not a number")]
    BadRating(String),
    /// A FIDE id that is not a number.
    #[error("the FIDE id {0:?} is not a number")]
    BadFideId(String),
    /// Points that are not a number with at most one decimal.
    #[error("the points {0:?} are not a number with at most one decimal")]
    BadPoints(String),
    /// A rank that is not a number.
    #[error("the rank {0:?} is not a number")]
    BadRank(String),
    /// Something other than spaces between the fields of a round.
    #[error("round {round}: expected a space here, found {found:?} (misaligned columns?)")]
    Misaligned {
        /// The round, from 1.
        round: u32,
        /// What was found.
        found: char,
    },
    /// A round's opponent that is not a start number.
    #[error("round {round}: the opponent {text:?} is not a start number")]
    BadOpponent {
        /// The round, from 1.
        round: u32,
        /// The field as written.
        text: String,
    },
    /// A round's colour other than `w`, `b`, `-` or blank.
    #[error("round {round}: the colour {found:?} is not w, b, - or blank")]
    BadColour {
        /// The round, from 1.
        round: u32,
        /// What was found.
        found: char,
    },
    /// A round's result code TRF does not define.
    #[error("round {round}: the result {found:?} is not one of 1 = 0 W D L + - U H F Z or blank")]
    BadResult {
        /// The round, from 1.
        round: u32,
        /// What was found.
        found: char,
    },
    /// A game result with an opponent but no colour.
    #[error("round {round}: a game played against {opponent} needs a colour (w or b)")]
    PlayedWithoutColour {
        /// The round, from 1.
        round: u32,
        /// The opponent's start number.
        opponent: u32,
    },
    /// A bye with an opponent.
    #[error("round {round}: a bye ({code:?}) cannot have an opponent ({opponent})")]
    ByeWithOpponent {
        /// The round, from 1.
        round: u32,
        /// The bye's code.
        code: char,
        /// The opponent's start number.
        opponent: u32,
    },
    /// A player paired against themselves.
    #[error("round {round}: a player cannot be paired against themselves")]
    PairedWithSelf {
        /// The round, from 1.
        round: u32,
    },
    /// An opponent who has no player line.
    #[error("round {round}: the opponent {opponent} has no player line")]
    UnknownOpponent {
        /// The round, from 1.
        round: u32,
        /// The opponent's start number.
        opponent: u32,
    },
    /// An opponent whose own line does not name this player in that round.
    #[error("round {round}: the opponent {opponent} has {their:?} in this round, not this player")]
    PairingNotMutual {
        /// The round, from 1.
        round: u32,
        /// The opponent's start number.
        opponent: u32,
        /// Whom the opponent's line names in that round, if anyone.
        their: Option<u32>,
    },
    /// Both players of a game with the same colour.
    #[error("round {round}: this player and {opponent} both have the same colour")]
    SameColour {
        /// The round, from 1.
        round: u32,
        /// The opponent's start number.
        opponent: u32,
    },
    /// A record holding one number that holds something else.
    #[error("{record}: expected a positive number, found {found:?}")]
    BadNumber {
        /// The record code.
        record: String,
        /// What was found.
        found: String,
    },
    /// A start number in a list record (`XXZ`, `260`, `240`, `XXA`) that is
    /// not a number.
    #[error("{record}: {found:?} is not a start number")]
    BadListedPlayer {
        /// The record code.
        record: String,
        /// What was found.
        found: String,
    },
    /// A start number in a list record with no player line.
    #[error("{record}: player {number} has no player line")]
    UnknownListedPlayer {
        /// The record code.
        record: String,
        /// The start number.
        number: u32,
    },
    /// An initial colour other than W or B.
    #[error("{record}: the initial colour must be W or B (white1 or black1), found {found:?}")]
    BadInitialColour {
        /// The record code.
        record: String,
        /// What was found.
        found: String,
    },
    /// A point-system record that does not read.
    #[error("162: expected pairs of a result letter (W D L Z P A) and points, found {0:?}")]
    BadPointSystem(String),
    /// A bye record with an unknown type.
    #[error("240: the bye type must be F, H, Z or blank, found {0:?}")]
    BadByeType(char),
    /// An acceleration record (`250`) that does not read.
    #[error("250: {0}")]
    BadAccelerationRange(&'static str),
}
