//! Whole matches: Stockfish against itself, and engines that misbehave,
//! each game refereed, scored as the rules say, and the match going on.

mod common;

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use arbiter_referee::GameResult;
use arbiter_rules::{Color, Position};
use arbiter_uci::tournament::{
    FailureKind, GameRecord, MatchReport, Observer, Silent, Standings, StopReason,
    parse_match_args, run_match,
};

/// `-engine` settings for a test script under `tests/engines/`.
fn script(stem: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("tests/engines/{stem}.py"));
    format!("cmd=python3 arg={} name={stem}", path.display())
}

fn stockfish(name: &str) -> String {
    format!(
        "cmd={} name={name} option.Hash=16",
        common::stockfish().display()
    )
}

fn args(line: &str, dir: &Path) -> Vec<String> {
    line.replace("{dir}", &dir.display().to_string())
        .split_whitespace()
        .map(str::to_string)
        .collect()
}

async fn run_with(line: &str, dir: &Path, observer: &mut dyn Observer) -> MatchReport {
    let a = args(line, dir);
    let opts = parse_match_args(&a).unwrap_or_else(|e| panic!("{e}: {line}"));
    run_match(opts, a, observer, Arc::new(AtomicBool::new(false)))
        .await
        .expect("the match runs")
}

async fn run(line: &str, dir: &Path) -> MatchReport {
    run_with(line, dir, &mut Silent).await
}

/// Replays a PGN game from the match's output with the rules crate and
/// checks that the final position bears out the termination.
fn check_game_against_position(pgn: &arbiter_pgn::Game) {
    let mut pos = match pgn.tags.get("FEN") {
        Some(fen) => Position::from_fen(fen).unwrap(),
        None => Position::new(),
    };
    let mut keys = vec![pos.repetition_key()];
    for san in pgn.mainline_sans() {
        let m = pos.parse_san(san).unwrap_or_else(|e| panic!("{san}: {e}"));
        pos.play_unchecked(m);
        keys.push(pos.repetition_key());
    }
    let result = pgn.tags.get("Result").unwrap();
    let comment = pgn
        .moves
        .last()
        .and_then(|m| m.comments.last())
        .map(|c| c.text.clone())
        .unwrap_or_default();
    if pos.is_checkmate() {
        let expected = if pos.turn() == Color::White {
            "0-1"
        } else {
            "1-0"
        };
        assert_eq!(result, expected, "checkmate scored wrongly: {comment}");
    } else if pos.is_stalemate() || pos.is_insufficient_material() {
        assert_eq!(result, "1/2-1/2", "{comment}");
    } else if comment.contains("threefold") {
        let reps = keys.iter().filter(|&&k| k == pos.repetition_key()).count();
        assert!(
            reps >= 3,
            "a threefold claim on a position seen {reps} times"
        );
        assert_eq!(result, "1/2-1/2");
    } else if comment.contains("fifty") {
        assert!(pos.halfmoves() >= 100);
        assert_eq!(result, "1/2-1/2");
    } else {
        // The rest are flag falls, failures and adjudications, each named.
        assert!(
            comment.contains("FIDE") || comment.contains("adjudication"),
            "an ending without a rule: {comment}"
        );
    }
}

fn read_pgn(path: &Path) -> Vec<arbiter_pgn::Game> {
    arbiter_pgn::Reader::open(path)
        .unwrap()
        .games()
        .map(|g| g.unwrap())
        .collect()
}

fn failures(report: &MatchReport, kind: FailureKind) -> Vec<&GameRecord> {
    report
        .records
        .iter()
        .filter(|r| r.failure.as_ref().is_some_and(|f| f.kind == kind))
        .collect()
}

/// The faulty engine's name is `stem`; its games against Stockfish.
fn faulty_lost(report: &MatchReport, record: &GameRecord) -> bool {
    let f = record.failure.as_ref().unwrap();
    let p = record.pairing;
    let faulty = f.side.fold(p.white, p.black);
    assert_eq!(
        report.names[faulty], report.names[0],
        "the faulty engine is the first"
    );
    record.result == GameResult::win_for(!f.side)
}

#[tokio::test]
async fn stockfish_plays_a_short_match_refereed_to_the_end() {
    let dir = tempfile::tempdir().unwrap();
    let line = format!(
        "-engine {} -engine {} -each tc=0.5+0.01 -games 2 -repeat -rounds 2 -concurrency 2 \
         -pgnout {{dir}}/games.pgn -state {{dir}}/state.json",
        stockfish("SF-A"),
        stockfish("SF-B")
    );
    let report = run(&line, dir.path()).await;
    assert_eq!(report.records.len(), 4);
    assert!(report.stopped.is_none());
    for r in &report.records {
        assert_ne!(r.result, GameResult::Unknown);
        assert!(r.failure.is_none(), "{r:?}");
        assert!(r.rule.starts_with("FIDE"), "{r:?}");
    }
    let games = read_pgn(&dir.path().join("games.pgn"));
    assert_eq!(games.len(), 4);
    for g in &games {
        assert_eq!(g.tags.get("TimeControl"), Some("0.5+0.01"));
        assert!(g.tags.get("Termination").is_some());
        // Every engine move carries its score, depth and time.
        let first = &g.moves[0].comments[0].text;
        assert!(first.ends_with('s') && first.contains('/'), "{first}");
        check_game_against_position(g);
    }
    // Two pairs on one opening each: the pentanomial counts two pairs.
    assert_eq!(report.standings.head_to_head().pairs.pairs(), 2);
    assert_eq!(report.standings.games, 4);
    assert!(!report.overhead.total_us.is_empty());
    assert_eq!(
        report.overhead.total_us.len(),
        report.overhead.compute_us.len()
    );
}

#[tokio::test]
async fn crashing_engine_loses_each_time_and_the_match_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let line = format!(
        "-engine {} -engine {} nodes=2000 -each tc=2+0.02 -games 2 -repeat -recover -logdir {{dir}}/logs",
        script("crash"),
        stockfish("SF")
    );
    let report = run(&line, dir.path()).await;
    assert_eq!(report.records.len(), 2, "the match goes on after a crash");
    let crashes = failures(&report, FailureKind::Crash);
    assert_eq!(
        crashes.len(),
        2,
        "restarted, it crashes again at its third move"
    );
    for r in crashes {
        assert!(faulty_lost(&report, r));
        // Its clock runs out: the referee's flag (FIDE 6.9).
        assert_eq!(r.termination, "flag_fall");
        assert_eq!(r.rule, "FIDE 6.9");
        assert!(
            r.failure
                .as_ref()
                .unwrap()
                .detail
                .contains("exit status: 3"),
            "{r:?}"
        );
    }
    assert_eq!(report.standings.engines[0].failures.get("crash"), Some(&2));
    assert_eq!(
        report.standings.time_forfeits(),
        0,
        "a crash is not counted as a time forfeit"
    );
}

#[tokio::test]
async fn hanging_engine_loses_on_time_and_is_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let line = format!(
        "-engine {} -engine {} nodes=2000 -each tc=1+0.01 -games 2 -recover",
        script("hang"),
        stockfish("SF")
    );
    let report = run(&line, dir.path()).await;
    assert_eq!(report.records.len(), 2);
    let hangs = failures(&report, FailureKind::Hang);
    assert_eq!(hangs.len(), 2);
    for r in hangs {
        assert!(faulty_lost(&report, r));
        assert_eq!(r.rule, "FIDE 6.9");
    }
}

#[tokio::test]
async fn illegal_and_empty_moves_are_final() {
    let dir = tempfile::tempdir().unwrap();
    for stem in ["illegal", "no_move"] {
        let line = format!(
            "-engine {} -engine {} nodes=2000 -each tc=2+0.02 -games 2 -recover",
            script(stem),
            stockfish("SF")
        );
        let report = run(&line, dir.path()).await;
        assert_eq!(report.records.len(), 2);
        let illegal = failures(&report, FailureKind::IllegalMove);
        // The process lives on: only its third search in its life fails.
        assert_eq!(illegal.len(), 1, "{stem}: {:?}", report.records);
        let r = illegal[0];
        assert!(faulty_lost(&report, r));
        // The referee rules it an illegal-move loss under its ruleset's
        // rule: at 2+0.02, FIDE's blitz rules (an illegal move loses at
        // the first claim).
        assert_eq!(r.rule, "FIDE A.5.2");
        assert_eq!(r.termination, "illegal_moves");
        let side = r.failure.as_ref().unwrap().side.fold("White", "Black");
        assert_eq!(
            r.reason,
            format!(
                "{side} made an illegal move, which a program cannot take back: {side} loses the game"
            )
        );
        let other = report.records.iter().find(|g| g.failure.is_none()).unwrap();
        assert_ne!(
            other.result,
            GameResult::Unknown,
            "the next game is played normally"
        );
    }
}

#[tokio::test]
async fn slow_uciok_is_waited_for_or_forfeits() {
    let dir = tempfile::tempdir().unwrap();
    // The script takes 4 s: too slow for a 2.5 s handshake.
    let line = format!(
        "-engine {} -engine {} nodes=2000 -each tc=1+0.01 -games 2 -recover -handshake-timeout 2.5",
        script("slow_uciok"),
        stockfish("SF")
    );
    let report = run(&line, dir.path()).await;
    assert_eq!(report.records.len(), 2);
    for r in &report.records {
        assert_eq!(r.failure.as_ref().unwrap().kind, FailureKind::Start);
        assert_eq!(r.rule, "FIDE 12.9");
        assert!(faulty_lost(&report, r));
    }
    let line = format!(
        "-engine {} -engine {} nodes=2000 -each tc=1+0.01 -games 1 -handshake-timeout 10",
        script("slow_uciok"),
        stockfish("SF")
    );
    let report = run(&line, dir.path()).await;
    assert!(
        report.records[0].failure.is_none(),
        "{:?}",
        report.records[0]
    );
}

#[tokio::test]
async fn flooding_engine_plays_normally() {
    let dir = tempfile::tempdir().unwrap();
    let line = format!(
        "-engine {} -engine {} -each tc=20+0.2 -maxmoves 6 -games 1",
        script("flood"),
        script("random_mover")
    );
    let report = run(&line, dir.path()).await;
    let r = &report.records[0];
    assert!(r.failure.is_none() && r.time_forfeit.is_none(), "{r:?}");
    assert_eq!(
        r.adjudication.as_deref().map(|a| a.contains("-maxmoves")),
        Some(true)
    );
    assert_eq!(r.result, GameResult::Draw);
    assert_eq!(r.plies, 12);
}

#[tokio::test]
async fn without_recover_the_match_stops_at_the_first_failure() {
    let dir = tempfile::tempdir().unwrap();
    let line = format!(
        "-engine {} -engine {} nodes=2000 -each tc=2+0.02 -games 2 -rounds 3",
        script("crash"),
        stockfish("SF")
    );
    let report = run(&line, dir.path()).await;
    assert_eq!(report.records.len(), 1);
    assert!(matches!(report.stopped, Some(StopReason::EngineFailure(_))));
}

#[tokio::test]
async fn without_recover_an_illegal_move_loses_its_game_and_the_match_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let line = format!(
        "-engine {} -engine {} nodes=2000 -each tc=2+0.02 -games 2 -rounds 2",
        script("illegal"),
        stockfish("SF")
    );
    let report = run(&line, dir.path()).await;
    assert_eq!(report.records.len(), 4, "{:?}", report.stopped);
    assert!(report.stopped.is_none(), "{:?}", report.stopped);
    let illegal = failures(&report, FailureKind::IllegalMove);
    assert!(!illegal.is_empty());
    assert!(illegal.iter().all(|r| faulty_lost(&report, r)));
}

#[tokio::test]
async fn adjudication_is_applied_on_top_and_labelled() {
    let dir = tempfile::tempdir().unwrap();
    let line = format!(
        "-engine {} depth=8 -engine {} -each tc=10+0.1 -resign movecount=2 score=400 -games 2 \
         -pgnout {{dir}}/adj.pgn",
        stockfish("SF"),
        script("pessimist")
    );
    let report = run(&line, dir.path()).await;
    for r in &report.records {
        if r.termination == "adjudication" {
            assert_eq!(r.rule, "FIDE 5.1.2", "a resignation under the Laws");
            assert!(
                r.adjudication
                    .as_ref()
                    .unwrap()
                    .contains("pessimist resigns"),
                "{r:?}"
            );
            assert_eq!(
                r.plies,
                if r.pairing.white == 0 { 4 } else { 3 },
                "after its second move"
            );
        }
    }
    assert!(
        report
            .records
            .iter()
            .all(|r| r.termination == "adjudication")
    );
    let games = read_pgn(&dir.path().join("adj.pgn"));
    let adjudicated: Vec<_> = games
        .iter()
        .filter(|g| g.tags.get("Termination") == Some("adjudication"))
        .collect();
    assert!(!adjudicated.is_empty());
    // The pessimist resigns, so Stockfish wins.
    for g in adjudicated {
        let sf_white = g.tags.get("White") == Some("SF");
        assert_eq!(
            g.tags.get("Result"),
            Some(if sf_white { "1-0" } else { "0-1" })
        );
    }
    let line = format!(
        "-engine {} -engine {} -each nodes=500 tc=10+0.1 -draw movenumber=1 movecount=2 score=10000 -games 1",
        stockfish("SF-A"),
        stockfish("SF-B")
    );
    let report = run(&line, dir.path()).await;
    let r = &report.records[0];
    assert_eq!(
        (r.result, r.termination.as_str()),
        (GameResult::Draw, "adjudication")
    );
    assert_eq!(r.rule, "FIDE 9.1.2", "a draw agreement under the Laws");
    assert_eq!(r.plies, 4, "both engines' scores for two moves each");
}

#[tokio::test]
async fn tournaments_and_openings() {
    let dir = tempfile::tempdir().unwrap();
    let book = dir.path().join("book.pgn");
    std::fs::write(
        &book,
        "[Event \"a\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n[Event \"b\"]\n\n1. d4 d5 2. c4 *\n",
    )
    .unwrap();
    let line = format!(
        "-engine {} -engine {} -engine {} -each nodes=300 tc=10+0.1 -maxmoves 5 \
         -openings file={{dir}}/book.pgn plies=3 -pgnout {{dir}}/rr.pgn",
        stockfish("A"),
        stockfish("B"),
        script("random_mover")
    );
    let report = run(&line, dir.path()).await;
    assert_eq!(report.records.len(), 3, "three engines, each pair once");
    let games = read_pgn(&dir.path().join("rr.pgn"));
    let books: Vec<Vec<&str>> = games
        .iter()
        .map(|g| g.mainline_sans().take(3).collect())
        .collect();
    assert_eq!(books[0], ["e4", "e5", "Nf3"]);
    assert_eq!(books[1], ["d4", "d5", "c4"]);
    assert_eq!(books[2], ["e4", "e5", "Nf3"], "the book wraps around");
    assert_eq!(games[0].moves[2].comments[0].text, "book");
    // A gauntlet: the seed against both others, nobody else.
    let line = format!(
        "-engine {} -engine {} -engine {} -each nodes=300 tc=10+0.1 -maxmoves 3 \
         -tournament gauntlet -openings file={} order=random",
        stockfish("Seed"),
        stockfish("B"),
        script("random_mover"),
        arbiter_testdata::path("positions/python-chess/bratko-kopec.epd").display()
    );
    let report = run(&line, dir.path()).await;
    assert_eq!(report.records.len(), 2);
    assert!(
        report
            .records
            .iter()
            .all(|r| r.pairing.white == 0 || r.pairing.black == 0)
    );
    let table = arbiter_uci::tournament::report::table(&report.standings);
    assert!(
        table.contains("Seed") && table.contains("random"),
        "{table}"
    );
}

/// Stops the match after the first game, as an interruption would.
struct StopAfterOne(Arc<AtomicBool>);
impl Observer for StopAfterOne {
    fn game_finished(&mut self, _: &GameRecord, _: &Standings) {
        self.0.store(true, Ordering::SeqCst);
    }
}

#[tokio::test]
async fn an_interrupted_match_resumes_where_it_stopped() {
    let dir = tempfile::tempdir().unwrap();
    let line = format!(
        "-engine {} -engine {} -each tc=10+0.1 -maxmoves 4 -games 2 -repeat -rounds 2 \
         -state {{dir}}/state.json -pgnout {{dir}}/games.pgn",
        script("random_mover"),
        stockfish("SF")
    );
    let a = args(&line, dir.path());
    let stop = Arc::new(AtomicBool::new(false));
    let opts = parse_match_args(&a).unwrap();
    let first = run_match(opts, a.clone(), &mut StopAfterOne(stop.clone()), stop)
        .await
        .unwrap();
    assert_eq!(first.records.len(), 1);
    assert_eq!(first.stopped, Some(StopReason::Interrupted));
    let second = run(&line, dir.path()).await;
    assert_eq!(second.games_this_run, 3);
    let mut numbers: Vec<u64> = second.records.iter().map(|r| r.pairing.number).collect();
    numbers.sort_unstable();
    assert_eq!(numbers, [1, 2, 3, 4]);
    assert_eq!(second.standings.games, 4);
    assert_eq!(read_pgn(&dir.path().join("games.pgn")).len(), 4);
    // Another match may not reuse the state.
    let other = args(&line.replace("-rounds 2", "-rounds 3"), dir.path());
    let err = run_match(
        parse_match_args(&other).unwrap(),
        other,
        &mut Silent,
        Arc::new(AtomicBool::new(false)),
    )
    .await
    .unwrap_err();
    assert!(err.to_string().contains("another match"), "{err}");
}

/// Notes told to the observer, kept.
#[derive(Default)]
struct Notes(Vec<String>);

impl Observer for Notes {
    fn note(&mut self, message: &str) {
        self.0.push(message.to_string());
    }
}

#[tokio::test]
async fn an_engine_without_the_options_given_plays_with_a_warning() {
    let dir = tempfile::tempdir().unwrap();
    let line = format!(
        "-engine {} -engine {} -each tc=20+0.2 option.Hash=16 option.Threads=1 -maxmoves 4 \
         -games 2 -pgnout {{dir}}/games.pgn",
        script("no_options"),
        script("random_mover")
    );
    let mut notes = Notes::default();
    let report = run_with(&line, dir.path(), &mut notes).await;
    assert_eq!(report.records.len(), 2);
    for r in &report.records {
        assert!(r.failure.is_none(), "{r:?}");
        assert_eq!(r.plies, 8, "{r:?}");
    }
    // Told once per missing option, not once per game.
    let warnings: Vec<&String> = notes.0.iter().filter(|n| n.contains("warning")).collect();
    assert_eq!(warnings.len(), 2, "{:?}", notes.0);
    assert!(
        warnings.iter().any(|w| w.contains("\"Hash\"")),
        "{warnings:?}"
    );
    assert!(
        warnings.iter().any(|w| w.contains("\"Threads\"")),
        "{warnings:?}"
    );
    // Every game's PGN says it, before the first move.
    for game in read_pgn(&dir.path().join("games.pgn")) {
        let head: Vec<&str> = game.comments.iter().map(|c| c.text.as_str()).collect();
        assert!(
            head.iter()
                .any(|c| c.contains("no_options") && c.contains("Hash")),
            "{head:?}"
        );
    }
}

#[tokio::test]
async fn strict_options_refuse_an_engine_without_them() {
    let dir = tempfile::tempdir().unwrap();
    let line = format!(
        "-engine {} -engine {} -each tc=20+0.2 option.Hash=16 -maxmoves 4 -games 1 -strict-options",
        script("no_options"),
        script("random_mover")
    );
    let report = run(&line, dir.path()).await;
    let r = &report.records[0];
    assert_eq!(r.failure.as_ref().unwrap().kind, FailureKind::Start);
    assert_eq!(r.rule, "FIDE 12.9");
    assert!(faulty_lost(&report, r));
}
