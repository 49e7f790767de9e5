//! What a finding says, before it is put into words: one variant per
//! message, with its typed arguments. The words, in every language, are in
//! the catalogues (`arbiter-messages`, keys `check-…`); how a game ended is
//! said in the referee's words (`referee-…`), since the referee decides it.

use arbiter_messages::{Arg, ToArg};
use arbiter_rules::san::SanError;
use arbiter_rules::{Color, GameResult, Rule};

arbiter_messages::messages! {
    /// Why a game record is reported.
    #[derive(Clone, Debug, PartialEq, Eq)]
    pub enum Reason {
        /// Text the PGN reader could not read as written.
        Syntax {
            /// The reader's own account of it.
            error: String,
        } = "check-syntax",
        /// A tag value with quotes not escaped.
        SyntaxUnescapedQuote {
            /// The reader's own account of it.
            error: String,
        } = "check-syntax-unescaped-quote",
        /// A game without its termination marker.
        SyntaxMissingResult {
            /// The reader's own account of it.
            error: String,
        } = "check-syntax-missing-result",
        /// A tag pair that cannot be read.
        SyntaxMalformedTag {
            /// The reader's own account of it.
            error: String,
        } = "check-syntax-malformed-tag",
        /// A game too large to read.
        SyntaxGameTooLarge {
            /// The reader's own account of it.
            error: String,
        } = "check-syntax-game-too-large",
        /// Seven Tag Roster tags missing.
        MissingTags {
            /// The tags' names.
            tags: Vec<&'static str>,
        } = "check-missing-tag",
        /// A `Date` not in the PGN form.
        BadDate {
            /// The value, quoted.
            value: String,
        } = "check-bad-date",
        /// A `Result` tag that is no result.
        BadResultTag {
            /// The value, quoted.
            value: String,
        } = "check-bad-result-tag",
        /// A `FEN` tag that cannot start a game.
        InvalidFen {
            /// The tag's value, quoted.
            fen: String,
            /// What the FEN reader found.
            why: String,
        } = "check-invalid-fen",
        /// A variant whose moves are not the Laws'.
        UnsupportedVariant {
            /// The variant's name, quoted.
            variant: String,
        } = "check-unsupported-variant",
        /// A move that names no legal move.
        BadMove {
            /// The move with its number (`23... Nxe5`).
            mv: String,
            /// Why it is no legal move.
            error: SanError,
        } = "check-bad-move",
        /// A move after the game had ended.
        GameOver {
            /// The move with its number.
            mv: String,
            /// How it ended.
            ending: Box<arbiter_referee::Reason>,
        } = "check-game-over",
        /// A move after an automatic draw, brought by an earlier move.
        GameOverAfter {
            /// The move with its number.
            mv: String,
            /// The move that ended the game.
            after: String,
            /// How it ended.
            ending: Box<arbiter_referee::Reason>,
        } = "check-game-over-after",
        /// `+` or `#` after a move that gives no check.
        CheckMarkNoCheck {
            /// The move with its number and sign.
            mv: String,
        } = "check-mark-no-check",
        /// `#` after a move that gives no check.
        MateMarkNoCheck {
            /// The move with its number and sign.
            mv: String,
        } = "check-mark-mate-no-check",
        /// `#` after a move that gives check but not mate.
        MateMarkOnlyCheck {
            /// The move with its number and sign.
            mv: String,
        } = "check-mark-check-not-mate",
        /// A threefold repetition that could have been claimed.
        ThreefoldAvailable {
            /// The move after which it stood.
            mv: String,
        } = "check-threefold-available",
        /// Fifty moves that could have been claimed.
        FiftyMovesAvailable {
            /// The move after which they were made.
            mv: String,
        } = "check-fifty-moves-available",
        /// A null move in the main line.
        NullMove {
            /// The move with its number.
            mv: String,
        } = "check-null-move",
        /// The `Result` tag and the termination marker differ.
        ResultMismatch {
            /// The tag's result.
            tag: GameResult,
            /// The marker's result.
            marker: GameResult,
        } = "check-result-mismatch",
        /// A game decided before one side made a move.
        Unplayed {
            /// The result recorded.
            recorded: GameResult,
            /// The side that never moved.
            absent: Color,
        } = "check-unplayed",
        /// A win for a side that cannot mate.
        WinnerCannotMate {
            /// The result recorded.
            recorded: GameResult,
            /// The side it gives the game to.
            winner: Color,
        } = "check-winner-cannot-mate",
        /// An ending the record does not give a result for.
        ResultNotRecorded {
            /// How the game ended.
            ending: Box<arbiter_referee::Reason>,
            /// What the record gives.
            recorded: GameResult,
            /// The result the position proves.
            proven: GameResult,
        } = "check-result-not-recorded",
        /// A result the final position contradicts.
        ResultContradictsPosition {
            /// What the record gives.
            recorded: GameResult,
            /// How the game ended.
            ending: Box<arbiter_referee::Reason>,
            /// The result the position proves.
            proven: GameResult,
        } = "check-result-contradicts-position",
        /// The comment `--fix` writes after a corrected game.
        ResultCorrected {
            /// What the record gave.
            recorded: GameResult,
            /// The result written instead.
            proven: GameResult,
            /// How the game ended.
            ending: Box<arbiter_referee::Reason>,
            /// The article.
            rule: Citation,
        } = "check-result-corrected",
    }
}

/// A rule cited inside a message: written as citations are written, the
/// same in every language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Citation(pub Rule);

impl ToArg for Citation {
    fn to_arg(&self) -> Arg<'_> {
        Arg::Text(self.0.to_string().into())
    }
}

/// The message of a text finding: the reader's account in English and, in
/// each catalogue, the words for its kind.
pub(crate) fn syntax(kind: arbiter_pgn::SyntaxErrorKind) -> Reason {
    use arbiter_pgn::SyntaxErrorKind as S;
    let error = kind.to_string();
    match kind {
        S::UnescapedQuote => Reason::SyntaxUnescapedQuote { error },
        S::MissingResult => Reason::SyntaxMissingResult { error },
        S::MalformedTag => Reason::SyntaxMalformedTag { error },
        S::GameTooLarge(_) => Reason::SyntaxGameTooLarge { error },
        _ => Reason::Syntax { error },
    }
}
