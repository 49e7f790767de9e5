//! What `arbiter check` reports: a finding has a kind (a stable
//! identifier), a severity, the rule it rests on and a place.

use arbiter_messages::Message;
use arbiter_pgn::SyntaxErrorKind;
use arbiter_rules::Rule;
use serde::Serialize;

use crate::reason::Reason;

/// How much a finding matters.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Worth knowing; nothing is wrong (a draw that could have been claimed).
    Info,
    /// Suspicious or non-standard, but the game still reads.
    Warning,
    /// The record is wrong: an illegal move, a result the position
    /// contradicts, text that cannot be read.
    Error,
}

impl Severity {
    /// `error`, `warning` or `info`.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Info => "info",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

/// Every kind of finding. The identifiers ([`Kind::id`]) are stable: tools
/// match on them. `docs/check.md` lists them all.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    // Text.
    /// Text the PGN reader cannot read as written: one kind per
    /// [`SyntaxErrorKind`] variant, whatever its details (the character,
    /// the size limit).
    Syntax(SyntaxErrorKind),
    // Tags.
    /// A tag of the Seven Tag Roster is missing.
    MissingTag,
    /// `Date` is not `YYYY.MM.DD` (with `??` for unknown parts).
    BadDate,
    /// `Result` is none of `1-0`, `0-1`, `1/2-1/2`, `*`.
    BadResultTag,
    /// The `FEN` tag cannot be read or is no legal position.
    InvalidFen,
    /// A `Variant` other than standard chess or Chess960.
    UnsupportedVariant,
    // Moves.
    /// Movetext that is no move in any notation.
    UnreadableMove,
    /// A move of the main line that is not legal.
    IllegalMove,
    /// A move more than one piece could make.
    AmbiguousMove,
    /// `--` in the main line: passing is no move (FIDE 1.2).
    NullMove,
    /// An illegal move in a variation (commentary).
    IllegalMoveInVariation,
    /// A move written with `+` that gives no check, or with `#` that does
    /// not checkmate.
    WrongCheckMark,
    /// Moves after checkmate or stalemate ended the game.
    MovesAfterGameEnd,
    /// Moves after a dead position, the fifth repetition or the 75-move rule drew the game.
    MovesAfterDraw,
    // Results.
    /// The `Result` tag and the termination marker differ.
    ResultMismatch,
    /// The result is not the one the final position proves.
    ResultContradictsPosition,
    /// The position ended the game but the record gives `*`.
    ResultNotRecorded,
    /// A decisive result, not by mate, for a side that cannot checkmate.
    WinnerCannotMate,
    /// A decisive result in a game one side never moved in: unplayed, a
    /// forfeit for the event, not rated.
    Unplayed,
    // Claims the record shows were available.
    /// A threefold repetition could have been claimed.
    ThreefoldAvailable,
    /// The fifty-move rule could have been claimed.
    FiftyMovesAvailable,
}

impl Kind {
    /// Every kind, in the order `docs/check.md` lists them. The two text
    /// kinds with details hold an example (the replacement character, the
    /// reader's size limit): a kind is named by its [`Kind::id`].
    pub const ALL: [Kind; 31] = [
        Kind::Syntax(SyntaxErrorKind::UnterminatedComment),
        Kind::Syntax(SyntaxErrorKind::UnterminatedVariation),
        Kind::Syntax(SyntaxErrorKind::UnmatchedParenthesis),
        Kind::Syntax(SyntaxErrorKind::MalformedTag),
        Kind::Syntax(SyntaxErrorKind::UnescapedQuote),
        Kind::Syntax(SyntaxErrorKind::TagInMovetext),
        Kind::Syntax(SyntaxErrorKind::InvalidNag),
        Kind::Syntax(SyntaxErrorKind::UnexpectedCharacter(
            char::REPLACEMENT_CHARACTER,
        )),
        Kind::Syntax(SyntaxErrorKind::ResultInVariation),
        Kind::Syntax(SyntaxErrorKind::MissingResult),
        Kind::Syntax(SyntaxErrorKind::GameTooLarge(arbiter_pgn::MAX_GAME_BYTES)),
        Kind::MissingTag,
        Kind::BadDate,
        Kind::BadResultTag,
        Kind::InvalidFen,
        Kind::UnsupportedVariant,
        Kind::UnreadableMove,
        Kind::IllegalMove,
        Kind::AmbiguousMove,
        Kind::NullMove,
        Kind::IllegalMoveInVariation,
        Kind::WrongCheckMark,
        Kind::MovesAfterGameEnd,
        Kind::MovesAfterDraw,
        Kind::ResultMismatch,
        Kind::ResultContradictsPosition,
        Kind::ResultNotRecorded,
        Kind::WinnerCannotMate,
        Kind::Unplayed,
        Kind::ThreefoldAvailable,
        Kind::FiftyMovesAvailable,
    ];

    /// The kind's place in [`Kind::ALL`], the same for every finding of
    /// the kind whatever its details (the character a text finding is
    /// about): what a tally of findings by kind counts by.
    pub fn position(self) -> usize {
        Kind::ALL
            .iter()
            .position(|k| k.id() == self.id())
            .unwrap_or(Kind::ALL.len())
    }

    /// The stable identifier.
    pub fn id(self) -> &'static str {
        match self {
            Kind::Syntax(s) => s.id(),
            Kind::MissingTag => "missing_tag",
            Kind::BadDate => "bad_date",
            Kind::BadResultTag => "bad_result_tag",
            Kind::InvalidFen => "invalid_fen",
            Kind::UnsupportedVariant => "unsupported_variant",
            Kind::UnreadableMove => "unreadable_move",
            Kind::IllegalMove => "illegal_move",
            Kind::AmbiguousMove => "ambiguous_move",
            Kind::NullMove => "null_move",
            Kind::IllegalMoveInVariation => "illegal_move_in_variation",
            Kind::WrongCheckMark => "wrong_check_mark",
            Kind::MovesAfterGameEnd => "moves_after_game_end",
            Kind::MovesAfterDraw => "moves_after_draw",
            Kind::ResultMismatch => "result_mismatch",
            Kind::ResultContradictsPosition => "result_contradicts_position",
            Kind::ResultNotRecorded => "result_not_recorded",
            Kind::WinnerCannotMate => "winner_cannot_mate",
            Kind::Unplayed => "unplayed",
            Kind::ThreefoldAvailable => "threefold_available",
            Kind::FiftyMovesAvailable => "fifty_moves_available",
        }
    }

    /// How much it matters.
    pub fn severity(self) -> Severity {
        match self {
            Kind::Syntax(s) if s.is_recoverable() => Severity::Warning,
            Kind::MissingTag
            | Kind::BadDate
            | Kind::NullMove
            | Kind::IllegalMoveInVariation
            | Kind::WrongCheckMark
            | Kind::MovesAfterDraw
            | Kind::ResultNotRecorded
            | Kind::WinnerCannotMate => Severity::Warning,
            Kind::UnsupportedVariant
            | Kind::Unplayed
            | Kind::ThreefoldAvailable
            | Kind::FiftyMovesAvailable => Severity::Info,
            _ => Severity::Error,
        }
    }

    /// The rule the finding rests on: a FIDE article, or the section of the
    /// PGN standard for what is about the file format.
    pub fn rule(self) -> Rule {
        match self {
            Kind::Syntax(SyntaxErrorKind::MissingResult) => Rule::pgn("8.2.6"),
            Kind::Syntax(SyntaxErrorKind::MalformedTag | SyntaxErrorKind::UnescapedQuote) => {
                Rule::pgn("8.1")
            }
            Kind::Syntax(_) => Rule::pgn("8.2"),
            Kind::MissingTag => Rule::pgn("8.1.1"),
            Kind::BadDate => Rule::pgn("8.1.1.3"),
            Kind::BadResultTag => Rule::pgn("8.1.1.7"),
            Kind::InvalidFen => Rule::pgn("9.7.2"),
            Kind::UnsupportedVariant => Rule::fide("Laws (standard chess and Chess960 only)"),
            Kind::UnreadableMove | Kind::AmbiguousMove => Rule::fide("Appendix C"),
            Kind::IllegalMove | Kind::IllegalMoveInVariation => Rule::fide("3"),
            Kind::NullMove => Rule::fide("1.2"),
            Kind::WrongCheckMark => Rule::fide("C.13"),
            Kind::MovesAfterGameEnd => Rule::fide("5.1.1 / 5.2.1"),
            Kind::MovesAfterDraw => Rule::fide("5.2.2 / 9.6"),
            Kind::ResultMismatch => Rule::pgn("8.2.6"),
            Kind::ResultContradictsPosition | Kind::ResultNotRecorded => Rule::fide("5"),
            Kind::WinnerCannotMate => Rule::fide("6.9 / 5.1.2 / 7.5.5"),
            // The Rating Regulations (Handbook B.02) count a game only
            // once both players have moved; the Laws leave the result.
            Kind::Unplayed => Rule::fide("B.02 5.1"),
            Kind::ThreefoldAvailable => Rule::fide("9.2"),
            Kind::FiftyMovesAvailable => Rule::fide("9.3"),
        }
    }
}

/// A finding in one game, before the file is known.
#[derive(Clone, Debug, Serialize)]
pub struct Finding {
    /// The game's number in its file, from 1.
    pub game: u64,
    /// Line, from 1.
    pub line: usize,
    /// Column, from 1, in characters.
    pub column: usize,
    /// What kind of problem.
    #[serde(serialize_with = "kind_id")]
    pub kind: Kind,
    /// `error`, `warning` or `info`.
    pub severity: Severity,
    /// What is wrong, in English (the catalogue's words for its reason).
    pub message: String,
    /// The same, in Chinese. The JSON output names the two languages'
    /// fields; the words come from the catalogues like every other.
    pub message_zh: String,
    /// The rule it rests on.
    pub rule: Rule,
    /// The move it is about, with its number (`23... Nxe5`).
    #[serde(rename = "move", skip_serializing_if = "Option::is_none")]
    pub mv: Option<String>,
    /// The position before the move, as FEN.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fen: Option<String>,
    /// The legal moves in that position, in SAN.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub legal: Option<Vec<String>>,
    /// The source line around the place, and the place's character index in it.
    #[serde(skip)]
    pub snippet: (String, usize),
}

fn kind_id<S: serde::Serializer>(kind: &Kind, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(kind.id())
}

/// A finding as the replay makes it: a byte offset in the game's text
/// rather than a line and column.
#[derive(Clone, Debug)]
pub struct RawFinding {
    /// Where, as a byte offset in the game's text.
    pub offset: usize,
    /// What kind of problem.
    pub kind: Kind,
    /// What is wrong, before it is put into words.
    pub reason: Reason,
    /// The rule, when it is not the kind's own ([`Kind::rule`]).
    pub rule: Option<Rule>,
    /// The move concerned, with its number (`23... Nxe5`).
    pub mv: Option<String>,
    /// The position before that move, or the final position.
    pub fen: Option<String>,
    /// The legal moves in that position, in SAN.
    pub legal: Option<Vec<String>>,
}

impl RawFinding {
    /// A finding of `kind` at `offset`, saying `reason`, with none of the
    /// optional details.
    pub fn new(kind: Kind, offset: usize, reason: Reason) -> RawFinding {
        RawFinding {
            offset,
            kind,
            reason,
            rule: None,
            mv: None,
            fen: None,
            legal: None,
        }
    }

    /// Places the finding in its file, and puts it into words.
    pub fn locate(self, text: &arbiter_pgn::GameText<'_>) -> Finding {
        let loc = text.location(self.offset);
        let message = Message::of(&self.reason);
        Finding {
            game: text.number(),
            line: loc.line,
            column: loc.column,
            kind: self.kind,
            severity: self.kind.severity(),
            message: message.text("en").to_string(),
            message_zh: message.text("zh").to_string(),
            rule: self.rule.unwrap_or_else(|| self.kind.rule()),
            mv: self.mv,
            fen: self.fen,
            legal: self.legal,
            snippet: text.snippet(self.offset, 100),
        }
    }
}
