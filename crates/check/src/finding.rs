//! What `arbiter check` reports: a finding has a kind (a stable
//! identifier), a severity, the rule it rests on and a place.

use arbiter_rules::Rule;
use serde::Serialize;

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
    /// See [`arbiter_pgn::SyntaxErrorKind`]; one kind per variant.
    Syntax(SyntaxKind),
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
    // Claims the record shows were available.
    /// A threefold repetition could have been claimed.
    ThreefoldAvailable,
    /// The fifty-move rule could have been claimed.
    FiftyMovesAvailable,
}

/// The syntax error kinds of the PGN reader, as finding kinds.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum SyntaxKind {
    /// A `{` comment is never closed.
    UnterminatedComment,
    /// A `(` variation is never closed.
    UnterminatedVariation,
    /// A `)` closes no variation.
    UnmatchedParenthesis,
    /// A tag pair without a quoted value or closing bracket.
    MalformedTag,
    /// A tag value holds quotes not escaped as `\"`.
    UnescapedQuote,
    /// A tag pair among the moves.
    TagInMovetext,
    /// `$` not followed by a number from 0 to 255, or an unknown suffix.
    InvalidNag,
    /// A character that starts no token.
    UnexpectedCharacter,
    /// A result marker inside a variation.
    ResultInVariation,
    /// The game has no termination marker.
    MissingResult,
    /// A game too large to read, skipped.
    GameTooLarge,
}

impl SyntaxKind {
    /// The finding kind of a reader's syntax error.
    pub fn of(kind: &arbiter_pgn::SyntaxErrorKind) -> SyntaxKind {
        use arbiter_pgn::SyntaxErrorKind as S;
        match kind {
            S::UnterminatedComment => SyntaxKind::UnterminatedComment,
            S::UnterminatedVariation => SyntaxKind::UnterminatedVariation,
            S::UnmatchedParenthesis => SyntaxKind::UnmatchedParenthesis,
            S::MalformedTag => SyntaxKind::MalformedTag,
            S::UnescapedQuote => SyntaxKind::UnescapedQuote,
            S::TagInMovetext => SyntaxKind::TagInMovetext,
            S::InvalidNag => SyntaxKind::InvalidNag,
            S::UnexpectedCharacter(_) => SyntaxKind::UnexpectedCharacter,
            S::ResultInVariation => SyntaxKind::ResultInVariation,
            S::MissingResult => SyntaxKind::MissingResult,
            S::GameTooLarge(_) => SyntaxKind::GameTooLarge,
        }
    }
}

impl Kind {
    /// Every kind, in the order `docs/check.md` lists them.
    pub const ALL: [Kind; 30] = [
        Kind::Syntax(SyntaxKind::UnterminatedComment),
        Kind::Syntax(SyntaxKind::UnterminatedVariation),
        Kind::Syntax(SyntaxKind::UnmatchedParenthesis),
        Kind::Syntax(SyntaxKind::MalformedTag),
        Kind::Syntax(SyntaxKind::UnescapedQuote),
        Kind::Syntax(SyntaxKind::TagInMovetext),
        Kind::Syntax(SyntaxKind::InvalidNag),
        Kind::Syntax(SyntaxKind::UnexpectedCharacter),
        Kind::Syntax(SyntaxKind::ResultInVariation),
        Kind::Syntax(SyntaxKind::MissingResult),
        Kind::Syntax(SyntaxKind::GameTooLarge),
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
        Kind::ThreefoldAvailable,
        Kind::FiftyMovesAvailable,
    ];

    /// The stable identifier.
    pub fn id(self) -> &'static str {
        match self {
            Kind::Syntax(s) => match s {
                SyntaxKind::UnterminatedComment => "unterminated_comment",
                SyntaxKind::UnterminatedVariation => "unterminated_variation",
                SyntaxKind::UnmatchedParenthesis => "unmatched_parenthesis",
                SyntaxKind::MalformedTag => "malformed_tag",
                SyntaxKind::UnescapedQuote => "unescaped_quote",
                SyntaxKind::TagInMovetext => "tag_in_movetext",
                SyntaxKind::InvalidNag => "invalid_nag",
                SyntaxKind::UnexpectedCharacter => "unexpected_character",
                SyntaxKind::ResultInVariation => "result_in_variation",
                SyntaxKind::MissingResult => "missing_result",
                SyntaxKind::GameTooLarge => "game_too_large",
            },
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
            Kind::ThreefoldAvailable => "threefold_available",
            Kind::FiftyMovesAvailable => "fifty_moves_available",
        }
    }

    /// How much it matters.
    pub fn severity(self) -> Severity {
        match self {
            Kind::Syntax(SyntaxKind::UnescapedQuote | SyntaxKind::MissingResult)
            | Kind::MissingTag
            | Kind::BadDate
            | Kind::NullMove
            | Kind::IllegalMoveInVariation
            | Kind::WrongCheckMark
            | Kind::MovesAfterDraw
            | Kind::ResultNotRecorded
            | Kind::WinnerCannotMate => Severity::Warning,
            Kind::UnsupportedVariant | Kind::ThreefoldAvailable | Kind::FiftyMovesAvailable => {
                Severity::Info
            }
            _ => Severity::Error,
        }
    }

    /// The rule the finding rests on: a FIDE article, or the section of the
    /// PGN standard for what is about the file format.
    pub fn rule(self) -> Rule {
        match self {
            Kind::Syntax(SyntaxKind::MissingResult) => Rule::pgn("8.2.6"),
            Kind::Syntax(SyntaxKind::MalformedTag | SyntaxKind::UnescapedQuote) => Rule::pgn("8.1"),
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
            Kind::ThreefoldAvailable => Rule::fide("9.2"),
            Kind::FiftyMovesAvailable => Rule::fide("9.3"),
        }
    }

    /// A short description in Chinese, for the `message_zh` field.
    pub fn title_zh(self) -> &'static str {
        match self {
            Kind::Syntax(SyntaxKind::UnescapedQuote) => "标签值中的引号未转义",
            Kind::Syntax(SyntaxKind::MissingResult) => "棋谱末尾缺少结果标记",
            Kind::Syntax(SyntaxKind::MalformedTag) => "标签格式错误",
            Kind::Syntax(SyntaxKind::GameTooLarge) => "棋局过大，已跳过",
            Kind::Syntax(_) => "棋谱文本语法错误",
            Kind::MissingTag => "缺少七项基本标签之一",
            Kind::BadDate => "日期格式应为 YYYY.MM.DD",
            Kind::BadResultTag => "结果标签无效",
            Kind::InvalidFen => "FEN 局面无效",
            Kind::UnsupportedVariant => "不支持的变体，着法未检查",
            Kind::UnreadableMove => "无法识别的着法记录",
            Kind::IllegalMove => "违例着法",
            Kind::AmbiguousMove => "着法记录有歧义",
            Kind::NullMove => "空着（仅用于分析）",
            Kind::IllegalMoveInVariation => "变着中有违例着法",
            Kind::WrongCheckMark => "将军或将死标记有误",
            Kind::MovesAfterGameEnd => "将死或逼和后仍有着法",
            Kind::MovesAfterDraw => "棋局已自动和棋，其后仍有着法",
            Kind::ResultMismatch => "结果标签与棋谱末尾结果不一致",
            Kind::ResultContradictsPosition => "记录的结果与最终局面矛盾",
            Kind::ResultNotRecorded => "局面已决定结果，但未记录",
            Kind::WinnerCannotMate => "胜方无法将死对方，应判和",
            Kind::ThreefoldAvailable => "可要求三次重复局面和棋",
            Kind::FiftyMovesAvailable => "可要求五十回合和棋",
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
    /// What is wrong, in English.
    pub message: String,
    /// The same, in Chinese.
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
    /// What is wrong, in English.
    pub message: String,
    /// The same in Chinese; without it, the kind's title ([`Kind::title_zh`]).
    pub message_zh: Option<String>,
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
    /// A finding of `kind` at `offset` with its English message and none of
    /// the optional details.
    pub fn new(kind: Kind, offset: usize, message: impl Into<String>) -> RawFinding {
        RawFinding {
            offset,
            kind,
            message: message.into(),
            message_zh: None,
            rule: None,
            mv: None,
            fen: None,
            legal: None,
        }
    }

    /// Places the finding in its file.
    pub fn locate(self, text: &arbiter_pgn::GameText<'_>) -> Finding {
        let loc = text.location(self.offset);
        Finding {
            game: text.number(),
            line: loc.line,
            column: loc.column,
            kind: self.kind,
            severity: self.kind.severity(),
            message_zh: self
                .message_zh
                .unwrap_or_else(|| self.kind.title_zh().to_string()),
            rule: self.rule.unwrap_or_else(|| self.kind.rule()),
            message: self.message,
            mv: self.mv,
            fen: self.fen,
            legal: self.legal,
            snippet: text.snippet(self.offset, 100),
        }
    }
}
