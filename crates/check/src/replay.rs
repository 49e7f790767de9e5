//! Replays one game under the rules, as a visitor of the PGN parser, and
//! collects what is wrong with it.

use arbiter_pgn::{
    GameResult, GameTags, GameText, Nag, OpenGame, RawComment, RawTag, SanToken, Skip, SyntaxError,
    Visitor,
};
use arbiter_referee::dead_position::RecordQuestions;
use arbiter_referee::{Ending, PositionEndings, Ruleset, Termination, is_unplayed};
use arbiter_rules::san::{San, SanError, SanErrorKind};
use arbiter_rules::uci::Uci;
use arbiter_rules::{ByColor, CastlingMode, Color, History, Move, Position, Rule, Setup};

use crate::finding::{Kind, RawFinding};
use crate::mark::{self, WrongMark};
use crate::reason::{self, Reason};
use crate::tags::TagCheck;

/// What the replay of a game found.
#[derive(Debug, Default)]
pub struct GameReport {
    /// The findings, in the order met.
    pub findings: Vec<RawFinding>,
    /// Moves of the main line that were replayed.
    pub plies: u64,
    /// How the position ended the game, if it did: at the final position
    /// (checkmate, stalemate, dead position), or earlier by an automatic
    /// draw (fivefold repetition, 75 moves) with moves recorded after it.
    pub ending: Option<Termination>,
    /// The result the Laws give for that ending.
    pub proven: Option<GameResult>,
    /// The first automatic draw met while replaying, with the move that
    /// brought it (`57... Kxb3`).
    pub automatic_draw: Option<(Termination, String)>,
    /// The result the final position proves, when the record says another.
    pub correction: Option<Correction>,
}

/// A result the record gets wrong and the referee rules otherwise.
#[derive(Clone, Debug)]
pub struct Correction {
    /// The result the record gives (`*` when it gives none).
    pub recorded: GameResult,
    /// How the position ended the game, as the referee rules it.
    pub ending: Ending,
}

impl Correction {
    /// The result the referee gives.
    pub fn proven(&self) -> GameResult {
        self.ending.result
    }

    /// How the position ended the game.
    pub fn termination(&self) -> Termination {
        self.ending.termination
    }

    /// The rule that ends it so.
    pub fn rule(&self) -> &Rule {
        &self.ending.ruling.rule
    }

    /// The comment `--fix` writes after the corrected game.
    pub(crate) fn comment(&self) -> Reason {
        Reason::ResultCorrected {
            recorded: self.recorded,
            proven: self.ending.result,
            ending: Box::new(self.ending.ruling.reason.clone()),
            rule: reason::Citation(self.ending.ruling.rule.clone()),
        }
    }
}

/// A step of a line: a move, or a null move (which passes the turn).
#[derive(Copy, Clone, Debug)]
enum Step {
    Move(Move),
    Null,
}

/// A line of play being replayed: the main line or a variation.
#[derive(Clone, Debug)]
struct Line {
    /// Where the line starts.
    start: Position,
    /// The steps played from there. A variation is an alternative to the
    /// last step: it starts from the position before it, found by playing
    /// the steps again (variations are rare; copying the position before
    /// every move would cost every game).
    steps: Vec<Step>,
    /// The position now.
    pos: Position,
    /// Set after a move that could not be played: the rest is not checked.
    stopped: bool,
}

impl Line {
    /// How many moves each side made along the line (a null move passes
    /// the turn without being one).
    fn moves_by_side(&self) -> ByColor<u32> {
        let mut moves = ByColor { white: 0, black: 0 };
        let mut side = self.start.turn();
        for step in &self.steps {
            if let Step::Move(_) = step {
                *moves.get_mut(side) += 1;
            }
            side = !side;
        }
        moves
    }

    /// Whether the line's first two steps are moves, one by each side: then
    /// neither side has made no move, without counting them all.
    fn both_sides_moved(&self) -> bool {
        matches!(self.steps.as_slice(), [Step::Move(_), Step::Move(_), ..])
    }

    fn new(start: Position) -> Line {
        Line {
            pos: start.clone(),
            start,
            steps: Vec::new(),
            stopped: false,
        }
    }

    #[inline(always)]
    fn play(&mut self, m: Move) {
        self.steps.push(Step::Move(m));
        self.pos.play_unchecked(m);
    }

    /// Plays the move `token` names when the quick SAN path reads it (see
    /// [`San::play_ascii`]), nearly every move of a game; `None` leaves
    /// the line as it was.
    #[inline(always)]
    fn play_quick(&mut self, token: &[u8]) -> Option<Move> {
        let m = San::play_ascii(token, &mut self.pos)?;
        self.steps.push(Step::Move(m));
        Some(m)
    }

    fn pass(&mut self, next: Position) {
        self.steps.push(Step::Null);
        self.pos = next;
    }

    /// The position before the last step.
    fn before_last_step(&self) -> Position {
        let mut pos = self.start.clone();
        let n = self.steps.len().saturating_sub(1);
        for step in &self.steps[..n] {
            match *step {
                Step::Move(m) => pos.play_unchecked(m),
                Step::Null => {
                    if let Some(next) = pos.null_move() {
                        pos = next;
                    }
                }
            }
        }
        pos
    }
}

/// When the main line's positions are asked whether they are dead.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum DeadChecks {
    /// Only noted as they come, and answered by the referee at the end of
    /// the game ([`RecordQuestions`]).
    Deferred,
    /// Answered already: the game is replayed again, knowing which of the
    /// positions noted (counted from 0) is the first dead one.
    Answered { first_dead: usize },
}

/// The replaying visitor: a record replayed through the referee, which
/// decides how the position ended the game under the ruleset, spending on
/// dead positions what records are given ([`RecordQuestions`]). One per
/// worker thread, reused game after game.
#[derive(Debug)]
pub struct Replay {
    /// The endings the ruleset lets the position bring about.
    endings: PositionEndings,
    /// The starting position, made once.
    initial: Position,
    tags: TagCheck,
    result_tag: Option<(GameResult, usize)>,
    fen: Option<(String, usize)>,
    variant: Option<(String, usize)>,
    /// Moves are not replayed (unknown variant, unreadable FEN).
    skip_moves: bool,
    line: Line,
    /// The lines the open variations interrupted.
    outer: Vec<Line>,
    plies: u64,
    /// The main line's positions, for the repetitions.
    history: History,
    threefold_seen: bool,
    fifty_seen: bool,
    /// How the position ended the game, if it did while moves went on,
    /// with the move that ended it.
    ended: Option<(Ending, String)>,
    dead_checks: DeadChecks,
    /// The dead-position questions of the main line, answered by the
    /// referee at the end of the game.
    questions: RecordQuestions,
    /// A null move was played in the main line: the final position is then
    /// not reached from the earlier ones by legal moves.
    passed: bool,
    /// A deferred check found a dead position, the first of the game with
    /// this index among those noted: the game is replayed, to end there.
    first_dead: Option<usize>,
    after_end_reported: bool,
    marker: Option<(GameResult, usize)>,
    findings: Vec<RawFinding>,
    game_len: usize,
}

impl Default for Replay {
    /// A replay under the FIDE Laws for standard games.
    fn default() -> Replay {
        Replay::new(&Ruleset::fide_standard())
    }
}

impl Replay {
    /// A replay under `ruleset`.
    pub fn new(ruleset: &Ruleset) -> Replay {
        let start = Position::new();
        Replay {
            endings: PositionEndings::new(ruleset),
            initial: start.clone(),
            tags: TagCheck::default(),
            result_tag: None,
            fen: None,
            variant: None,
            skip_moves: false,
            line: Line::new(start),
            outer: Vec::new(),
            plies: 0,
            history: History::default(),
            threefold_seen: false,
            fifty_seen: false,
            ended: None,
            dead_checks: DeadChecks::Deferred,
            questions: RecordQuestions::default(),
            passed: false,
            first_dead: None,
            after_end_reported: false,
            marker: None,
            findings: Vec::new(),
            game_len: 0,
        }
    }
}

/// The number and text of a move about to be played: `23... Nxe5`.
fn move_label(pos: &Position, san: &str) -> String {
    let n = pos.fullmoves();
    match pos.turn() {
        Color::White => format!("{n}. {san}"),
        Color::Black => format!("{n}... {san}"),
    }
}

/// The number and text of the move just played, from the position after
/// it: `23... Nxe5`.
fn played_label(pos: &Position, san: &SanToken<'_>) -> String {
    if pos.turn() == Color::White {
        format!("{}... {}", pos.fullmoves().get() - 1, san.decode())
    } else {
        format!("{}. {}", pos.fullmoves(), san.decode())
    }
}

/// The variants whose moves are the Laws' moves.
fn castling_mode_of_variant(variant: &str) -> Option<CastlingMode> {
    let v: String = variant
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .map(|c| c.to_ascii_lowercase())
        .collect();
    match v.as_str() {
        "" | "standard" | "normal" | "chess" | "fromposition" | "classical" => {
            Some(CastlingMode::Standard)
        }
        "chess960"
        | "960"
        | "fischerandom"
        | "fischerrandom"
        | "freestyle"
        | "frc"
        | "dfrc"
        | "doublechess960"
        | "doublefischerrandom" => Some(CastlingMode::Chess960),
        _ => None,
    }
}

/// Finds the move a SAN names: the quick path that nearly every move of a
/// game takes, else [`resolve_in_full`].
#[inline]
fn resolve(pos: &Position, san: &SanToken<'_>) -> Result<Move, SanError> {
    match San::resolve_ascii(san.as_bytes(), pos) {
        Some(m) => Ok(m),
        None => resolve_in_full(pos, san),
    }
}

/// Finds the move a SAN names: the fast ASCII reader first; then UCI
/// (`g1f3`), which some programs write into PGN, before the lenient reader
/// could take `b8d7` for a bishop move; then the lenient reader (figurines,
/// Chinese names, long forms, a `b` meant as a bishop).
///
/// Only moves the quick path leaves reach here, so it is kept out of line.
#[cold]
#[inline(never)]
fn resolve_in_full(pos: &Position, san: &SanToken<'_>) -> Result<Move, SanError> {
    if let Ok(s) = San::from_ascii(san.as_bytes())
        && let Ok(m) = s.to_move(pos)
    {
        return Ok(m);
    }
    if let Some(m) = Uci::from_ascii(san.as_bytes())
        .ok()
        .and_then(|uci| uci.to_move(pos).ok())
    {
        return Ok(m);
    }
    pos.parse_san(&san.decode())
}

impl Replay {
    /// Replays one game.
    pub fn check_game(&mut self, text: &GameText<'_>) -> GameReport {
        self.game_len = text.bytes().len();
        self.dead_checks = DeadChecks::Deferred;
        let report = text.visit(self);
        let Some(first_dead) = self.first_dead else {
            return report;
        };
        self.dead_checks = DeadChecks::Answered { first_dead };
        let report = text.visit(self);
        self.dead_checks = DeadChecks::Deferred;
        report
    }

    /// Replays the game whose movetext `open` found in `bytes`, the parser
    /// finding where it ends: its text and report, or `None` when the
    /// splitter must cut it first (see [`OpenGame::visit_to_end`]).
    /// `place` is the game's number, first line and byte offset in the
    /// input.
    pub fn check_open_game<'a>(
        &mut self,
        bytes: &'a [u8],
        open: &OpenGame,
        tags: &'a GameTags,
        max_len: usize,
        place: (u64, usize, u64),
    ) -> Option<(GameText<'a>, GameReport)> {
        self.dead_checks = DeadChecks::Deferred;
        let end = open.visit_to_end(bytes, tags, max_len, self)?;
        let (number, line, offset) = place;
        let text = GameText::new(&bytes[open.start()..end], number, line, offset).with_tags(tags);
        self.game_len = text.bytes().len();
        let report = self.end_game();
        let Some(first_dead) = self.first_dead else {
            return Some((text, report));
        };
        self.dead_checks = DeadChecks::Answered { first_dead };
        let report = text.visit(self);
        self.dead_checks = DeadChecks::Deferred;
        Some((text, report))
    }

    /// Whether the position after a main-line move is dead, or (with the
    /// checks deferred) `false` after the referee noted the question.
    /// `irreversible` tells a capture, a pawn move or castling rights lost.
    fn dead_after_move(&mut self, irreversible: bool) -> bool {
        if !self.questions.note(&self.line.pos, irreversible) {
            return false;
        }
        match self.dead_checks {
            DeadChecks::Deferred => false,
            DeadChecks::Answered { first_dead } => self.questions.noted() == first_dead + 1,
        }
    }

    fn find(&mut self, f: RawFinding) {
        self.findings.push(f);
    }

    fn start_position(&mut self) -> Position {
        let mode = match &self.variant {
            None => Some(CastlingMode::Standard),
            Some((v, at)) => match castling_mode_of_variant(v) {
                Some(mode) => Some(mode),
                None => {
                    let f = RawFinding::new(
                        Kind::UnsupportedVariant,
                        *at,
                        Reason::UnsupportedVariant {
                            variant: format!("{v:?}"),
                        },
                    );
                    self.find(f);
                    None
                }
            },
        };
        let Some(mode) = mode else {
            self.skip_moves = true;
            return self.initial.clone();
        };
        let Some((fen, at)) = self.fen.clone() else {
            return self.initial.clone();
        };
        self.set_up(mode, &fen, at)
    }

    /// The starting position a `FEN` tag sets up, with castling as `mode`
    /// (or as the FEN shows for a standard game). Out of line: most games
    /// start from the initial position.
    #[cold]
    #[inline(never)]
    fn set_up(&mut self, mode: CastlingMode, fen: &str, at: usize) -> Position {
        let setup = match Setup::from_fen(fen.trim()) {
            Ok(s) => s,
            Err(e) => {
                self.invalid_fen(fen, at, &e.to_string());
                return Position::new();
            }
        };
        let mode = match mode {
            CastlingMode::Standard => CastlingMode::detect(&setup),
            m => m,
        };
        match Position::from_setup(&setup, mode) {
            Ok(p) => p,
            Err(e) => {
                self.invalid_fen(fen, at, &e.to_string());
                Position::new()
            }
        }
    }

    fn invalid_fen(&mut self, fen: &str, at: usize, why: &str) {
        self.skip_moves = true;
        let f = RawFinding::new(
            Kind::InvalidFen,
            at,
            Reason::InvalidFen {
                fen: format!("{fen:?}"),
                why: why.to_string(),
            },
        );
        self.find(f);
    }

    fn bad_move(&mut self, san: &SanToken<'_>, err: SanError, in_variation: bool) {
        let pos = &self.line.pos;
        let label = move_label(pos, &san.decode());
        let kind = match (&err.kind, in_variation) {
            (_, true) => Kind::IllegalMoveInVariation,
            (SanErrorKind::Syntax(_), false) => Kind::UnreadableMove,
            (SanErrorKind::Ambiguous { .. }, false) => Kind::AmbiguousMove,
            _ => Kind::IllegalMove,
        };
        let rule = err.rule();
        let mut f = RawFinding::new(
            kind,
            san.offset(),
            Reason::BadMove {
                mv: label.clone(),
                error: err,
            },
        );
        f.rule = Some(rule);
        f.mv = Some(label);
        f.fen = Some(pos.fen());
        if !in_variation {
            let legal = pos.legal_moves();
            f.legal = Some(legal.iter().map(|&m| pos.san(m)).collect());
        }
        self.find(f);
    }

    /// A move of the main line that follows the end of the game, which
    /// came `after` an earlier move or in the position the move is
    /// written in.
    fn after_end(&mut self, san: &SanToken<'_>, ended: Ending, after: Option<String>) {
        self.after_end_reported = true;
        let label = move_label(&self.line.pos, &san.decode());
        let kind = if ended.no_move_left() {
            Kind::MovesAfterGameEnd
        } else {
            Kind::MovesAfterDraw
        };
        let mv = label.clone();
        let ending = Box::new(ended.ruling.reason);
        let reason = match after {
            Some(after) => Reason::GameOverAfter { mv, after, ending },
            None => Reason::GameOver { mv, ending },
        };
        let mut f = RawFinding::new(kind, san.offset(), reason);
        f.rule = Some(ended.ruling.rule);
        f.mv = Some(label);
        f.fen = Some(self.line.pos.fen());
        self.find(f);
    }

    fn main_line_move(&mut self, san: SanToken<'_>) {
        if !self.after_end_reported
            && let Some((ended, after)) = self.ended.clone()
        {
            self.after_end(&san, ended, Some(after));
        }
        let rights_before = self.line.pos.castling_rights();
        // A null move is never read by the quick path, so only the moves
        // it leaves are asked whether they are one.
        match self.line.play_quick(san.as_bytes()) {
            Some(_) => {}
            None if san.is_null() => return self.null_move(&san),
            None => match resolve_in_full(&self.line.pos, &san) {
                Ok(m) => self.line.play(m),
                Err(err) => return self.unplayable(&san, err),
            },
        }
        self.plies += 1;
        if let Some(mark) = san.check_mark() {
            self.check_mark(&san, mark);
        }
        let pos = &self.line.pos;
        let irreversible = pos.halfmoves() == 0 || pos.castling_rights() != rights_before;
        self.after_main_line_move(&san, irreversible);
    }

    /// A main-line move that cannot be played: the rest of the line is not
    /// checked, and the move is reported as coming after the end of the
    /// game if no move was left, else as refused.
    #[cold]
    fn unplayable(&mut self, san: &SanToken<'_>, err: SanError) {
        self.line.stopped = true;
        let pos = &self.line.pos;
        if !pos.has_legal_moves() && !self.after_end_reported {
            let ended = PositionEndings::without_moves(pos);
            self.after_end(san, ended, None);
        } else if !self.after_end_reported || pos.has_legal_moves() {
            self.bad_move(san, err, false);
        }
    }

    /// The check or mate sign written after the move just played, held
    /// against the position it led to.
    fn check_mark(&mut self, san: &SanToken<'_>, mark: arbiter_pgn::CheckMark) {
        if let Some(wrong) = WrongMark::of(mark, &self.line.pos) {
            self.wrong_mark(san, mark, wrong);
        }
    }

    /// The finding of a wrong check or mate sign. Rare, and kept out of
    /// line with the other rare paths of a move: the code every move runs
    /// stays small enough to stay in the instruction cache.
    #[cold]
    #[inline(never)]
    fn wrong_mark(&mut self, san: &SanToken<'_>, mark: arbiter_pgn::CheckMark, wrong: WrongMark) {
        let pos = &self.line.pos;
        let label = format!("{}{}", played_label(pos, san), mark::sign(mark));
        let mut f = RawFinding::new(
            Kind::WrongCheckMark,
            san.offset(),
            wrong.reason(mark, label.clone()),
        );
        f.mv = Some(label);
        // The position before the move, as for every finding about a move;
        // found by replaying the line, which only a wrong sign pays for.
        f.fen = Some(self.line.before_last_step().fen());
        self.find(f);
    }

    /// Repetitions, the move counters and dead positions after a move.
    fn after_main_line_move(&mut self, san: &SanToken<'_>, irreversible: bool) {
        let pos = &self.line.pos;
        self.history.push(pos);
        let count = self.history.repetitions();
        // Nearly every move: no count near a claim or a draw, and nothing
        // but the dead-position question to ask.
        if self.endings.counts_matter(count, pos.halfmoves()) {
            self.counts_reached(san, count);
        }
        if self.ended.is_none() && self.dead_after_move(irreversible) {
            let pos = &self.line.pos;
            let ending = PositionEndings::dead_position(pos);
            self.ended = Some((ending, played_label(pos, san)));
        }
    }

    /// The claims the counts allow after a move, noted once each, and the
    /// draw they bring where the ruleset makes it automatic.
    #[cold]
    #[inline(never)]
    fn counts_reached(&mut self, san: &SanToken<'_>, count: usize) {
        let pos = &self.line.pos;
        let label = || played_label(pos, san);
        if !self.threefold_seen && self.endings.threefold_claimable(count) {
            self.threefold_seen = true;
            let mut f = RawFinding::new(
                Kind::ThreefoldAvailable,
                san.offset(),
                Reason::ThreefoldAvailable { mv: label() },
            );
            f.mv = Some(label());
            self.findings.push(f);
        }
        if !self.fifty_seen && self.endings.fifty_moves_claimable(pos.halfmoves()) {
            self.fifty_seen = true;
            let mut f = RawFinding::new(
                Kind::FiftyMovesAvailable,
                san.offset(),
                Reason::FiftyMovesAvailable { mv: label() },
            );
            f.mv = Some(label());
            self.findings.push(f);
        }
        if self.ended.is_some() {
            return;
        }
        let (history, line) = (&self.history, &self.line);
        let by_count = self
            .endings
            .by_count(pos, count, |times| perpetual_checker(history, line, times));
        match by_count {
            // A mate or stalemate: the final position tells it.
            Some(ending) if ending.no_move_left() => {}
            Some(ending) => self.ended = Some((ending, label())),
            None => {}
        }
    }

    /// A tag whose value is checked (`Date`, `Result`) or read (`FEN`,
    /// `Variant`).
    #[inline(never)]
    fn checked_tag(&mut self, name: &[u8], value: RawTag<'_>) {
        let text = value.decode();
        match name {
            b"Date" => {
                if let Some(f) = TagCheck::date(&text, value.offset()) {
                    self.find(f);
                }
            }
            b"Result" => match GameResult::from_ascii(text.trim().as_bytes()) {
                Some(r) => self.result_tag = Some((r, value.offset())),
                None => self.find(RawFinding::new(
                    Kind::BadResultTag,
                    value.offset(),
                    Reason::BadResultTag {
                        value: format!("{text:?}"),
                    },
                )),
            },
            b"FEN" => self.fen = Some((text.into_owned(), value.offset())),
            b"Variant" => self.variant = Some((text.into_owned(), value.offset())),
            _ => {}
        }
    }

    #[cold]
    #[inline(never)]
    fn null_move(&mut self, san: &SanToken<'_>) {
        let pos = &self.line.pos;
        let label = move_label(pos, &san.decode());
        match pos.null_move() {
            Some(next) => {
                let mut f = RawFinding::new(
                    Kind::NullMove,
                    san.offset(),
                    Reason::NullMove { mv: label.clone() },
                );
                f.mv = Some(label);
                self.find(f);
                self.line.pass(next);
                self.history.clear();
                self.passed = true;
            }
            None => {
                let err = SanError {
                    san: san.decode().into_owned(),
                    kind: SanErrorKind::NullMove,
                };
                self.line.stopped = true;
                self.bad_move(san, err, false);
            }
        }
    }

    #[inline(never)]
    fn variation_move(&mut self, san: SanToken<'_>) {
        let result = if san.is_null() {
            match self.line.pos.null_move() {
                Some(next) => {
                    self.line.pass(next);
                    return;
                }
                None => Err(SanError {
                    san: san.decode().into_owned(),
                    kind: SanErrorKind::NullMove,
                }),
            }
        } else {
            resolve(&self.line.pos, &san)
        };
        match result {
            Ok(m) => self.line.play(m),
            Err(err) => {
                self.line.stopped = true;
                self.bad_move(&san, err, true);
            }
        }
    }

    /// The checks of the result at the end of the game: how the referee
    /// rules the game ended, and the correction its record needs where the
    /// record says otherwise.
    fn check_result(&mut self) -> (Option<Ending>, Option<Correction>) {
        let at = self
            .marker
            .map(|(_, at)| at)
            .or(self.result_tag.map(|(_, at)| at))
            .unwrap_or(self.game_len);
        if let (Some((tag, _)), Some((marker, marker_at))) = (self.result_tag, self.marker)
            && marker != GameResult::Unknown
            && tag != marker
        {
            self.find(RawFinding::new(
                Kind::ResultMismatch,
                marker_at,
                Reason::ResultMismatch { tag, marker },
            ));
        }
        if self.skip_moves || self.line.stopped || !self.outer.is_empty() {
            return (None, None);
        }
        let recorded = match (self.result_tag, self.marker) {
            (Some((tag, _)), _) if tag != GameResult::Unknown => tag,
            (_, Some((marker, _))) => marker,
            _ => GameResult::Unknown,
        };
        let pos = &self.line.pos;
        let ended = if let Some(no_move) = PositionEndings::no_move_left(pos) {
            Some(no_move)
        } else if let Some((e, _)) = &self.ended {
            Some(e.clone())
        } else if self.questions.end_is_dead(pos) {
            Some(PositionEndings::dead_position(pos))
        } else {
            None
        };
        let Some(ended) = ended else {
            // Counting each side's moves walks the line: only a decisive
            // result where one side may not have moved asks for it.
            let moves = (recorded.winner().is_some() && !self.line.both_sides_moved())
                .then(|| self.line.moves_by_side());
            if let Some(moves) = moves
                && is_unplayed(recorded, moves)
            {
                // Decided away from the board before one side's first
                // move: a forfeit for the event, which no rating counts.
                let absent = if moves.white == 0 {
                    Color::White
                } else {
                    Color::Black
                };
                self.find(RawFinding::new(
                    Kind::Unplayed,
                    at,
                    Reason::Unplayed { recorded, absent },
                ));
            } else if let Some(winner) = recorded.winner()
                && !self.questions.can_mate_at_end(pos, winner)
            {
                let mut f = RawFinding::new(
                    Kind::WinnerCannotMate,
                    at,
                    Reason::WinnerCannotMate { recorded, winner },
                );
                f.fen = Some(pos.fen());
                self.find(f);
            }
            return (None, None);
        };
        let proven = ended.result;
        let tag_wrong = self.result_tag.is_some_and(|(t, _)| t != proven);
        let marker_wrong = self.marker.is_some_and(|(m, _)| m != proven);
        if recorded == proven && !tag_wrong && !marker_wrong {
            return (Some(ended), None);
        }
        let fen = pos.fen();
        let ending = Box::new(ended.ruling.reason.clone());
        let mut f = if recorded == GameResult::Unknown || recorded == proven {
            let reason = Reason::ResultNotRecorded {
                ending,
                // A tag or marker disagrees with the right result the other
                // gives: the record gives no one result.
                recorded: GameResult::Unknown,
                proven,
            };
            RawFinding::new(Kind::ResultNotRecorded, at, reason)
        } else {
            let reason = Reason::ResultContradictsPosition {
                recorded,
                ending,
                proven,
            };
            RawFinding::new(Kind::ResultContradictsPosition, at, reason)
        };
        f.rule = Some(ended.ruling.rule.clone());
        f.fen = Some(fen);
        self.find(f);
        let correction = Correction {
            recorded,
            ending: ended.clone(),
        };
        (Some(ended), Some(correction))
    }
}

/// The side that gave check with every one of its moves since the first of
/// the last `times` occurrences of the position the main line `line` has
/// reached, whose positions since the last null move are `history`'s.
/// Asked only when the ruleset names a repetition draw a perpetual check:
/// the line is replayed from its start to see which moves gave check, so
/// that no move of any other game pays for it.
fn perpetual_checker(history: &History, line: &Line, times: usize) -> Option<Color> {
    let occurrences: Vec<usize> = history.positions_of_last().collect();
    let first = *occurrences.get(occurrences.len().checked_sub(times)?)?;
    // The history's last position is the one after the last step; its
    // position `first` the one after step `from - 1`.
    let from = line.steps.len().checked_sub(history.len() - 1 - first)?;
    let mut pos = line.start.clone();
    let mut moves = Vec::with_capacity(line.steps.len() - from);
    for (i, step) in line.steps.iter().enumerate() {
        let side = pos.turn();
        match *step {
            Step::Move(m) => pos.play_unchecked(m),
            Step::Null => pos = pos.null_move()?,
        }
        if i >= from {
            moves.push((side, pos.is_check()));
        }
    }
    PositionEndings::perpetual_checker(moves.into_iter())
}

impl Visitor for Replay {
    type Output = GameReport;

    fn begin_game(&mut self) {
        self.tags = TagCheck::default();
        self.result_tag = None;
        self.fen = None;
        self.variant = None;
        self.skip_moves = false;
        self.outer.clear();
        self.plies = 0;
        self.history.clear();
        self.threefold_seen = false;
        self.fifty_seen = false;
        self.ended = None;
        self.questions.clear();
        self.passed = false;
        self.first_dead = None;
        self.after_end_reported = false;
        self.marker = None;
        self.findings = Vec::new();
    }

    #[inline]
    fn tag(&mut self, name: &[u8], value: RawTag<'_>) {
        self.tags.note(name);
        // Only the tags that are checked are decoded, out of line: most
        // tags of a game are not.
        if matches!(name, b"Date" | b"Result" | b"FEN" | b"Variant") {
            self.checked_tag(name, value);
        }
    }

    fn begin_movetext(&mut self) {
        let missing = self.tags.missing(0);
        self.findings.extend(missing);
        let start = self.start_position();
        self.history.push(&start);
        // The main line's steps keep their allocation from game to game.
        self.line.steps.clear();
        self.line.pos.clone_from(&start);
        self.line.start = start;
        self.line.stopped = false;
    }

    fn san(&mut self, san: SanToken<'_>) {
        if self.skip_moves || self.line.stopped {
            return;
        }
        if self.outer.is_empty() {
            self.main_line_move(san);
        } else {
            self.variation_move(san);
        }
    }

    fn nag(&mut self, _nag: Nag, _offset: usize) {}

    fn comment(&mut self, _comment: RawComment<'_>) {}

    fn begin_variation(&mut self) -> Skip {
        if self.skip_moves {
            return Skip(true);
        }
        let mut variation = Line::new(self.line.before_last_step());
        variation.stopped = self.line.stopped;
        let outer = std::mem::replace(&mut self.line, variation);
        self.outer.push(outer);
        Skip(false)
    }

    fn end_variation(&mut self) {
        if let Some(line) = self.outer.pop() {
            self.line = line;
        }
    }

    fn result(&mut self, result: GameResult, offset: usize) {
        self.marker = Some((result, offset));
    }

    fn syntax_error(&mut self, error: SyntaxError) {
        let kind = Kind::Syntax(error.kind);
        let reason = reason::syntax(error.kind);
        self.find(RawFinding::new(kind, error.offset, reason));
    }

    fn end_game(&mut self) -> GameReport {
        while let Some(line) = self.outer.pop() {
            self.line = line;
        }
        if self.dead_checks == DeadChecks::Deferred {
            self.first_dead = self.questions.first_dead(&self.line.pos, !self.passed);
            if self.first_dead.is_some() {
                return GameReport::default();
            }
        }
        let (ended, correction) = self.check_result();
        GameReport {
            findings: std::mem::take(&mut self.findings),
            plies: self.plies,
            ending: ended.as_ref().map(|e| e.termination),
            proven: ended.map(|e| e.result),
            automatic_draw: self.ended.take().map(|(e, after)| (e.termination, after)),
            correction,
        }
    }
}
