//! Tests of `arbiter check` against what other tools and the data's origins
//! expect: pgn-extract's test outputs, every shared PGN file, the real game
//! collections, and corrupted games.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use arbiter_pgn::{Game, GameResult, Reader};
use arbiter_rules::Rule;

use crate::finding::{Finding, Kind, Severity};
use crate::fix::fixed_game;
use crate::pipeline::{self, GameOutcome, Options};
use crate::replay::{GameReport, Replay};
use arbiter_referee::{Ruleset, Termination};

/// Each game of `bytes`: its report and its findings placed in the file.
fn check_bytes(bytes: &[u8]) -> Vec<(GameReport, Vec<Finding>)> {
    check_bytes_under(bytes, &Ruleset::fide_standard())
}

/// [`check_bytes`] under `ruleset`.
fn check_bytes_under(bytes: &[u8], ruleset: &Ruleset) -> Vec<(GameReport, Vec<Finding>)> {
    let mut reader = Reader::new(bytes);
    let mut replay = Replay::new(ruleset);
    let mut out = Vec::new();
    while let Some(text) = reader.next_game_text().expect("reading from memory") {
        let mut report = replay.check_game(&text);
        let findings = std::mem::take(&mut report.findings)
            .into_iter()
            .map(|f| f.locate(&text))
            .collect();
        out.push((report, findings));
    }
    out
}

fn check_file(relative: &str) -> Vec<(GameReport, Vec<Finding>)> {
    check_bytes(&arbiter_testdata::read(relative))
}

/// The games of a file as the PGN reader builds them.
fn games(relative: &str) -> Vec<Game> {
    Reader::new(&arbiter_testdata::read(relative)[..])
        .games()
        .map(|g| g.expect("a readable game"))
        .collect()
}

/// A move as written, without check marks.
fn bare(san: &str) -> String {
    san.trim_end_matches(['+', '#']).to_string()
}

fn moves(game: &Game) -> Vec<String> {
    game.mainline_sans().map(bare).collect()
}

/// The label of the first main-line move followed by a comment saying
/// `marker` (as pgn-extract marks them), e.g. `113. Ng5`.
fn first_marked(game: &Game, marker: &str) -> Option<String> {
    game.moves.iter().enumerate().find_map(|(i, m)| {
        m.comments.iter().any(|c| c.text == marker).then(|| {
            let n = i / 2 + 1;
            if i % 2 == 0 {
                format!("{n}. {}", bare(&m.san))
            } else {
                format!("{n}... {}", bare(&m.san))
            }
        })
    })
}

fn errors(findings: &[Finding]) -> Vec<&Finding> {
    findings
        .iter()
        .filter(|f| f.severity == Severity::Error)
        .collect()
}

const PGN_EXTRACT: &str = "pgn/pgn-extract-tests";

/// pgn-extract's games of `input` kept in `expected` are those where the
/// position ends the game the same way.
fn same_games_end_by(input: &str, expected: &str, ended: impl Fn(Option<Termination>) -> bool) {
    let ours: BTreeSet<Vec<String>> = check_file(&format!("{PGN_EXTRACT}/in/{input}"))
        .into_iter()
        .zip(games(&format!("{PGN_EXTRACT}/in/{input}")))
        .filter(|((report, _), _)| ended(report.ending))
        .map(|(_, game)| moves(&game))
        .collect();
    let theirs: BTreeSet<Vec<String>> = games(&format!("{PGN_EXTRACT}/expected/{expected}"))
        .iter()
        .map(moves)
        .collect();
    assert!(!theirs.is_empty());
    assert_eq!(ours, theirs);
}

#[test]
fn pgn_extract_checkmates() {
    same_games_end_by("test-checkmate.pgn", "test-checkmate-out.pgn", |e| {
        e == Some(Termination::Checkmate)
    });
}

#[test]
fn pgn_extract_stalemates() {
    same_games_end_by("test-stalemate.pgn", "test-stalemate-out.pgn", |e| {
        e == Some(Termination::Stalemate)
    });
}

/// Each game pgn-extract marks with `marker` is marked by us at the same
/// move, and the games it leaves out we do not mark at all.
fn same_marks(
    input: &str,
    expected: &str,
    marker: &str,
    ours: impl Fn(&GameReport, &[Finding]) -> Option<String>,
) {
    let expected_games = games(&format!("{PGN_EXTRACT}/expected/{expected}"));
    let marked: Vec<(Vec<String>, String)> = expected_games
        .iter()
        .filter_map(|g| first_marked(g, marker).map(|at| (moves(g), at)))
        .collect();
    assert!(!marked.is_empty(), "{expected} marks no game with {marker}");
    let input_games = games(&format!("{PGN_EXTRACT}/in/{input}"));
    let reports = check_file(&format!("{PGN_EXTRACT}/in/{input}"));
    assert_eq!(input_games.len(), reports.len());
    for (game, (report, findings)) in input_games.iter().zip(&reports) {
        let expected_mark = marked
            .iter()
            .find(|(m, _)| *m == moves(game))
            .map(|(_, at)| at.clone());
        assert_eq!(
            ours(report, findings),
            expected_mark,
            "{input}: game {:?}",
            game.tags.get("White")
        );
    }
}

fn first_finding(findings: &[Finding], kind: Kind) -> Option<String> {
    findings
        .iter()
        .find(|f| f.kind == kind)
        .and_then(|f| f.mv.clone())
}

#[test]
fn pgn_extract_repetitions() {
    same_marks(
        "test-repetition.pgn",
        "test-repetition-out.pgn",
        "REPEAT",
        |_, f| first_finding(f, Kind::ThreefoldAvailable),
    );
}

#[test]
fn pgn_extract_fifty_moves() {
    same_marks("test-fifty.pgn", "test-fifty-out.pgn", "FIFTY", |_, f| {
        first_finding(f, Kind::FiftyMovesAvailable)
    });
}

#[test]
fn pgn_extract_seventy_five_moves() {
    same_marks(
        "test-seventyfive.pgn",
        "test-seventyfive-out.pgn",
        "SEVENTYFIVE",
        |report, _| match &report.automatic_draw {
            Some((Termination::SeventyFiveMoves, at)) => Some(at.clone()),
            _ => None,
        },
    );
}

#[test]
fn pgn_extract_result_fixes() {
    let input = arbiter_testdata::read(&format!("{PGN_EXTRACT}/in/test-fixresulttags-in.pgn"));
    let mut reader = Reader::new(&input[..]);
    let mut replay = Replay::default();
    let mut fixed = Vec::new();
    while let Some(text) = reader.next_game_text().unwrap() {
        let report = replay.check_game(&text);
        fixed.extend(fixed_game(&text, report.correction.as_ref()));
    }
    let ours: Vec<Game> = Reader::new(&fixed[..])
        .games()
        .map(Result::unwrap)
        .collect();
    let theirs = games(&format!(
        "{PGN_EXTRACT}/expected/test-fixresulttags-out.pgn"
    ));
    assert_eq!(ours.len(), theirs.len());
    for (o, t) in ours.iter().zip(&theirs) {
        assert_eq!(moves(o), moves(t));
        assert_eq!(o.tags.get("Result"), t.tags.get("Result"));
        assert_eq!(o.result, t.result);
        // Every change carries a comment that names the rule.
        if o.tags.get("Result")
            != games(&format!("{PGN_EXTRACT}/in/test-fixresulttags-in.pgn"))
                [ours.iter().position(|g| std::ptr::eq(g, o)).unwrap()]
            .tags
            .get("Result")
        {
            let note = &o.moves.last().unwrap().comments.last().unwrap().text;
            assert!(note.starts_with("arbiter: result"), "{note}");
            assert!(note.contains("FIDE 5."), "{note}");
        }
    }
}

#[test]
fn pgn_extract_inconsistent_results() {
    // pgn-extract's log names the games on lines 4 to 9: a marker that is
    // not `*` and differs from the tag, or a tag `*` with a decisive marker.
    let reports = check_file(&format!("{PGN_EXTRACT}/in/test-nobadresults.pgn"));
    let lines: Vec<usize> = reports
        .iter()
        .flat_map(|(_, f)| {
            f.iter()
                .filter(|f| f.kind == Kind::ResultMismatch)
                .map(|f| f.line)
        })
        .collect();
    assert_eq!(lines, [4, 5, 6, 7, 8, 9]);
}

/// The data files whose origin says they hold errors, with the error kinds
/// we find in them. Every other PGN file under `shared/data/pgn` must give
/// no error at all.
const FILES_WITH_ERRORS: &[(&str, &[&str])] = &[
    // "game starting with black (1...)" without a FEN: 1... is Black's
    // move but White is to move.
    ("chess-library/black2move.pgn", &["illegal_move"]),
    // "corrupted game".
    ("chess-library/corrupted.pgn", &["unreadable_move"]),
    // Result "?" in the tag.
    ("chess-library/empty_body.pgn", &["bad_result_tag"]),
    // Result tag 0-1, marker 1/2-1/2.
    (
        "chess-library/no_moves_but_game_termination_2.pgn",
        &["result_mismatch"],
    ),
    // Result tag "*" but the movetext ends 1/2-1/2 (cutechess output).
    ("chess-library/skip.pgn", &["result_mismatch"]),
    (
        "chess-library/square_bracket_in_header.pgn",
        &["result_mismatch"],
    ),
    // chess.js tests use "<br />" as a line break.
    ("chess.js/0.pgn", &["unreadable_move"]),
    // Games without tags or results run together: the second one's moves
    // continue the first.
    ("chessops/leading-whitespace.pgn", &["illegal_move"]),
    // "input the parser must reject": Sf3 is German.
    (
        "mliebelt-pgn-parser/sampleGameThrow.pgn",
        &["unreadable_move"],
    ),
    // pgn-extract reads these only with --nestedcomments.
    (
        "pgn-extract-tests/expected/test-nestedcomments-out.pgn",
        &["unexpected_character", "unreadable_move"],
    ),
    (
        "pgn-extract-tests/in/nested-comment.pgn",
        &["unexpected_character", "unreadable_move"],
    ),
    // Results wrong on purpose, for pgn-extract's result checks.
    (
        "pgn-extract-tests/in/test-fixresulttags-in.pgn",
        &["result_contradicts_position"],
    ),
    (
        "pgn-extract-tests/in/test-nobadresults.pgn",
        &["result_mismatch"],
    ),
    // pgn-read's defective games (python-chess flags them too).
    (
        "pgn-read-roger-marsh/Little_01.pgn",
        &["unexpected_character", "unreadable_move"],
    ),
    (
        "pgn-read-roger-marsh/Little_02.pgn",
        &["unexpected_character", "unreadable_move"],
    ),
    (
        "pgn-read-roger-marsh/Little_03.pgn",
        &["bad_result_tag", "unreadable_move"],
    ),
    (
        "pgn-read-roger-marsh/Little_04.pgn",
        &["bad_result_tag", "unreadable_move"],
    ),
    (
        "pgn-read-roger-marsh/Little_05.pgn",
        &["bad_result_tag", "unreadable_move"],
    ),
    (
        "pgn-read-roger-marsh/Little_06.pgn",
        &["bad_result_tag", "unreadable_move"],
    ),
    (
        "pgn-read-roger-marsh/Little_07.pgn",
        &["bad_result_tag", "unreadable_move"],
    ),
    (
        "pgn-read-roger-marsh/Little_08.pgn",
        &["bad_result_tag", "unreadable_move"],
    ),
    (
        "pgn-read-roger-marsh/Little_09.pgn",
        &["bad_result_tag", "unreadable_move"],
    ),
    (
        "pgn-read-roger-marsh/Little_10.pgn",
        &["bad_result_tag", "unreadable_move"],
    ),
    (
        "pgn-read-roger-marsh/Little_11.pgn",
        &["bad_result_tag", "unreadable_move"],
    ),
    (
        "pgn-read-roger-marsh/Little_12.pgn",
        &["bad_result_tag", "unreadable_move"],
    ),
    (
        "pgn-read-roger-marsh/Little_13.pgn",
        &["bad_result_tag", "unreadable_move"],
    ),
    (
        "pgn-read-roger-marsh/Little_14.pgn",
        &["bad_result_tag", "unreadable_move"],
    ),
    (
        "pgn-read-roger-marsh/Little_15.pgn",
        &["bad_result_tag", "unreadable_move"],
    ),
    (
        "pgn-read-roger-marsh/Little_16.pgn",
        &["bad_result_tag", "unreadable_move"],
    ),
    (
        "pgn-read-roger-marsh/Little_17.pgn",
        &["bad_result_tag", "unreadable_move"],
    ),
    ("pgn-read-roger-marsh/crafty06_01.pgn", &["unreadable_move"]),
    (
        "pgn-read-roger-marsh/crafty06_02.pgn",
        &["malformed_tag", "unexpected_character", "unreadable_move"],
    ),
    (
        "pgn-read-roger-marsh/crafty06_03.pgn",
        &["malformed_tag", "unexpected_character", "unreadable_move"],
    ),
    (
        "pgn-read-roger-marsh/twic9nn_error.pgn",
        &["bad_result_tag", "illegal_move", "unreadable_move"],
    ),
    // "one game with an illegal SAN (b4 after 1.d4)": game 38, as python-chess says.
    ("rust-pgn-reader-examples/illegal.pgn", &["illegal_move"]),
];

fn pgn_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a data folder") {
        let path = entry.expect("a folder entry").path();
        if path.is_dir() {
            pgn_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "pgn") {
            out.push(path);
        }
    }
}

#[test]
fn every_shared_pgn_file_reads_or_gives_the_errors_its_origin_expects() {
    let root = arbiter_testdata::path("pgn");
    let mut files = Vec::new();
    pgn_files(&root, &mut files);
    files.sort();
    assert!(files.len() > 100, "only {} PGN files found", files.len());
    for path in files {
        let name = path
            .strip_prefix(&root)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        let reports = check_bytes(&std::fs::read(&path).unwrap());
        let found: BTreeSet<&str> = reports
            .iter()
            .flat_map(|(_, f)| errors(f))
            .map(|f| f.kind.id())
            .collect();
        let expected: BTreeSet<&str> = FILES_WITH_ERRORS
            .iter()
            .find(|(f, _)| *f == name)
            .map(|(_, k)| k.iter().copied().collect())
            .unwrap_or_default();
        assert_eq!(found, expected, "{name}");
    }
}

#[test]
fn the_real_game_collections_have_no_errors() {
    for relative in [
        "corpus/pgn-reader-benches/lichess_db_1000k.pgn",
        "corpus/pgn-reader-benches/twic1599_1000k.pgn",
        "tournaments/lichess-broadcast/xvii-memorial-pedro-lezcano-montalvo-2025.pgn",
        "tournaments/scalachess/FWWRC.pgn",
        "tournaments/scalachess/uzchesscup.pgn",
    ] {
        let reports = check_file(relative);
        assert!(reports.len() > 40, "{relative}: {} games", reports.len());
        let errs: Vec<String> = reports
            .iter()
            .flat_map(|(_, f)| errors(f))
            .map(|f| format!("game {} line {}: {}", f.game, f.line, f.message))
            .collect();
        assert!(errs.is_empty(), "{relative}: {errs:#?}");
    }
}

#[test]
fn tcec_terminations_are_recognised() {
    let count = |file: &str, ended: &dyn Fn(&GameReport) -> bool| {
        let reports = check_file(&format!("pgn/tcec-terminations/{file}"));
        (
            reports.iter().filter(|(r, _)| ended(r)).count(),
            reports.len(),
        )
    };
    let mate = |r: &GameReport| r.ending == Some(Termination::Checkmate);
    let (n, all) = count("white-mates.pgn", &mate);
    assert_eq!(n, all);
    let (n, all) = count("black-mates.pgn", &mate);
    assert_eq!(n, all);
    let (n, all) = count("stalemate.pgn", &|r| {
        r.ending == Some(Termination::Stalemate)
    });
    assert_eq!(n, all);
    // The referee names the dead position by its cause.
    let (n, all) = count("insufficient-material.pgn", &|r| {
        r.ending == Some(Termination::InsufficientMaterial)
    });
    assert_eq!(n, all);
    let claimable =
        |kind: Kind| move |r: &(GameReport, Vec<Finding>)| r.1.iter().any(|f| f.kind == kind);
    let reports = check_file("pgn/tcec-terminations/threefold-repetition.pgn");
    assert!(reports.iter().all(claimable(Kind::ThreefoldAvailable)));
    let reports = check_file("pgn/tcec-terminations/fifty-moves-rule.pgn");
    assert!(reports.iter().all(claimable(Kind::FiftyMovesAvailable)));
}

#[test]
fn the_longest_possible_game_ends_by_the_seventy_five_move_rule() {
    let reports = check_file("pgn/pgn-read-roger-marsh/FIDE_longest_possible_game.pgn");
    assert_eq!(reports.len(), 1);
    let (report, findings) = &reports[0];
    assert!(report.plies > 11_000, "{} plies", report.plies);
    assert!(errors(findings).is_empty(), "{findings:#?}");
}

/// Where and what each finding of `bytes` is, read game by game with the
/// [`Reader`]: what the pipeline must reproduce.
fn sequential_findings(bytes: &[u8]) -> Vec<(u64, usize, usize, &'static str)> {
    check_bytes(bytes)
        .iter()
        .flat_map(|(_, f)| f.iter().map(|f| (f.game, f.line, f.column, f.kind.id())))
        .collect()
}

/// The games and the findings of `bytes` through the pipeline.
fn pipeline_findings(
    bytes: impl std::io::Read + Send,
    workers: usize,
    sizes: pipeline::Sizes,
) -> (u64, Vec<(u64, usize, usize, &'static str)>) {
    let mut found = Vec::new();
    let mut games = 0;
    pipeline::check_input_sized(
        bytes,
        Options {
            workers,
            ..Options::default()
        },
        sizes,
        &|| {},
        &mut |o: GameOutcome| {
            games += 1;
            found.extend(
                o.findings
                    .iter()
                    .map(|f| (f.game, f.line, f.column, f.kind.id())),
            );
        },
    )
    .unwrap();
    (games, found)
}

#[test]
fn parallel_checking_keeps_file_order() {
    let bytes = arbiter_testdata::read("corpus/pgn-reader-benches/twic1599_1000k.pgn");
    let sequential = sequential_findings(&bytes);
    for workers in [1, 2, 3] {
        for part in [4 << 10, 64 << 10, 1 << 20] {
            let sizes = pipeline::Sizes {
                part,
                ..Default::default()
            };
            let (games, parallel) = pipeline_findings(&bytes[..], workers, sizes);
            assert_eq!(games, 1110);
            assert_eq!(parallel, sequential, "{workers} workers, parts of {part}");
        }
    }
}

/// A reader that hands out at most a few bytes at a time and is
/// interrupted now and then, as a pipe or a slow disk may be.
struct Trickle<'a> {
    bytes: &'a [u8],
    reads: usize,
}

impl std::io::Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        self.reads += 1;
        if self.reads.is_multiple_of(7) {
            return Err(std::io::ErrorKind::Interrupted.into());
        }
        let n = buf.len().min(self.reads % 5 * 97 + 1).min(self.bytes.len());
        buf[..n].copy_from_slice(&self.bytes[..n]);
        self.bytes = &self.bytes[n..];
        Ok(n)
    }
}

#[test]
fn short_and_interrupted_reads_give_the_findings_of_a_whole_reading() {
    let bytes = arbiter_testdata::read("corpus/pgn-reader-benches/twic1599_1000k.pgn");
    let sequential = sequential_findings(&bytes);
    for part in [4 << 10, 64 << 10] {
        let sizes = pipeline::Sizes {
            part,
            ..Default::default()
        };
        let trickle = Trickle {
            bytes: &bytes,
            reads: 0,
        };
        let (games, parallel) = pipeline_findings(trickle, 2, sizes);
        assert_eq!(games, 1110, "parts of {part}");
        assert_eq!(parallel, sequential, "parts of {part}");
    }
}

/// A reader that fails for good after handing out `left` bytes.
struct Failing<'a> {
    bytes: &'a [u8],
    left: usize,
}

impl std::io::Read for Failing<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.left == 0 {
            return Err(std::io::Error::other("the disk went away"));
        }
        let n = buf.len().min(self.left).min(self.bytes.len());
        buf[..n].copy_from_slice(&self.bytes[..n]);
        self.bytes = &self.bytes[n..];
        self.left -= n;
        Ok(n)
    }
}

/// The workers read the input themselves: the first error stops them all
/// and is returned, after the games read before it, in file order.
#[test]
fn a_read_error_stops_every_worker_and_is_returned() {
    let bytes = arbiter_testdata::read("corpus/pgn-reader-benches/twic1599_1000k.pgn");
    for workers in [1, 2, 3] {
        let sizes = pipeline::Sizes {
            part: 16 << 10,
            ..Default::default()
        };
        let failing = Failing {
            bytes: &bytes,
            left: 200 << 10,
        };
        let mut numbers = Vec::new();
        let result = pipeline::check_input_sized(
            failing,
            Options {
                workers,
                ..Options::default()
            },
            sizes,
            &|| {},
            &mut |o: GameOutcome| numbers.extend(o.findings.iter().map(|f| f.game)),
        );
        let err = result.expect_err("the read error is returned");
        assert_eq!(err.to_string(), "the disk went away");
        assert!(
            numbers.windows(2).all(|w| w[0] <= w[1]),
            "{workers} workers"
        );
    }
}

/// Parts cut at any byte, in the middle of comments, tags, variations or
/// line ends, give what reading the whole file gives: the games that run
/// over a cut are found and checked again.
#[test]
fn parts_cut_anywhere_give_the_findings_of_a_whole_reading() {
    let root = arbiter_testdata::path("pgn");
    let mut files = Vec::new();
    pgn_files(&root, &mut files);
    files.sort();
    for path in files {
        let bytes = std::fs::read(&path).unwrap();
        if bytes.len() > 200 << 10 {
            continue;
        }
        let sequential = sequential_findings(&bytes);
        let games = Reader::new(&bytes[..]).games().count() as u64;
        for part in [13, 500, 4096] {
            let sizes = pipeline::Sizes {
                part,
                ..Default::default()
            };
            let (n, parallel) = pipeline_findings(&bytes[..], 2, sizes);
            assert_eq!(n, games, "{}: parts of {part}", path.display());
            assert_eq!(parallel, sequential, "{}: parts of {part}", path.display());
        }
    }
}

#[test]
fn a_game_too_large_is_reported_and_the_next_one_checked() {
    let big_comment = "x".repeat(5000);
    let text = format!(
        "[Event \"a\"]\n\n1. e4 e5 1-0\n\n[Event \"b\"]\n\n1. e4 {{{big_comment}}} e5 *\n\n\
         [Event \"c\"]\n\n1. e4 {{{big_comment}\n\n[Event \"d\"]\n\n1. d4 d5 2. Kd2 *\n"
    );
    let mut reader = Reader::new(text.as_bytes()).with_max_game_bytes(2048);
    let mut replay = Replay::default();
    let mut sequential = Vec::new();
    while let Some(t) = reader.next_game_text().unwrap() {
        let report = replay.check_game(&t);
        sequential.extend(report.findings.into_iter().map(|f| {
            let f = f.locate(&t);
            (f.game, f.line, f.column, f.kind.id())
        }));
    }
    assert!(
        sequential.contains(&(2, 5, 1, "game_too_large")),
        "{sequential:?}"
    );
    assert!(
        sequential.contains(&(3, 9, 1, "game_too_large")),
        "{sequential:?}"
    );
    assert!(sequential.iter().any(|f| f.0 == 4), "{sequential:?}");
    // Like the reader, the pipeline skips a game that outgrows the limit
    // before its end is read; parts smaller than the input make it so.
    for part in [100, 1000, 3000] {
        let sizes = pipeline::Sizes {
            part,
            max_game: 2048,
        };
        let (games, parallel) = pipeline_findings(text.as_bytes(), 2, sizes);
        assert_eq!(games, 4, "parts of {part}");
        assert_eq!(parallel, sequential, "parts of {part}");
    }
}

/// The wrong check and mate signs of `pgn`: (game, line, column, move).
fn wrong_marks(pgn: &str) -> Vec<(u64, usize, usize, String)> {
    check_bytes(pgn.as_bytes())
        .into_iter()
        .flat_map(|(_, findings)| findings)
        .filter(|f| f.kind == Kind::WrongCheckMark)
        .map(|f| {
            assert_eq!(f.severity, Severity::Warning);
            assert_eq!(f.rule, Rule::fide("C.13"));
            (f.game, f.line, f.column, f.mv.unwrap_or_default())
        })
        .collect()
}

#[test]
fn wrong_check_and_mate_signs_are_reported_and_right_ones_are_not() {
    let pgn = "\
[Event \"?\"]
[Result \"1-0\"]

1. e4+ e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0

[Event \"?\"]
[Result \"*\"]

1. e4 f5 2. Qh5# g6 3. Nc3+ Nf6
4. Qxg6+ hxg6 5. d3# *
";
    assert_eq!(
        wrong_marks(pgn),
        vec![
            (1, 4, 4, "1. e4+".to_string()),
            (2, 9, 13, "2. Qh5#".to_string()),
            (2, 9, 24, "3. Nc3+".to_string()),
            (2, 10, 18, "5. d3#".to_string()),
        ]
    );
    let findings = check_bytes(pgn.as_bytes());
    let qh5 = findings[1]
        .1
        .iter()
        .find(|f| f.kind == Kind::WrongCheckMark)
        .expect("2. Qh5#");
    assert!(qh5.message.contains("only gives check"), "{}", qh5.message);
    assert_eq!(
        qh5.fen.as_deref(),
        Some("rnbqkbnr/ppppp1pp/8/5p2/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2")
    );
    assert!(qh5.message_zh.contains("将死"));
}

#[test]
fn a_missing_sign_is_not_reported() {
    let pgn = "1. e4 f5 2. Qh5 g6 3. Qxg6 hxg6 *\n";
    assert_eq!(wrong_marks(pgn), vec![]);
}

#[test]
fn games_without_tags_are_checked_one_by_one_and_each_lacks_the_roster() {
    let pgn = "1. e4 e5 2. Nf3 1-0\n\n1. d4 d5 0-1 1. c4 e5 2. Nc3 Nf6 3. g3 1/2-1/2\n";
    let games = check_bytes(pgn.as_bytes());
    let plies: Vec<u64> = games.iter().map(|(r, _)| r.plies).collect();
    assert_eq!(plies, [3, 2, 5]);
    for (n, (_, findings)) in games.iter().enumerate() {
        let kinds: Vec<Kind> = findings.iter().map(|f| f.kind).collect();
        assert_eq!(kinds, [Kind::MissingTag], "game {}", n + 1);
        assert_eq!(findings[0].game, n as u64 + 1);
    }
}

#[test]
fn every_kind_is_documented() {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/check.md"))
        .expect("docs/check.md");
    for kind in Kind::ALL {
        assert!(
            doc.contains(&format!("`{}`", kind.id())),
            "{} is not in docs/check.md",
            kind.id()
        );
    }
}

mod corruption {
    //! Real games corrupted one at a time: exactly the corrupted game is
    //! reported, and every other game still reads cleanly.
    use proptest::prelude::*;

    use super::*;

    /// The first games of a clean lichess file, each as its own text.
    fn clean_games() -> Vec<String> {
        let bytes = arbiter_testdata::read("pgn/rust-pgn-reader-examples/legal.pgn");
        let mut reader = Reader::new(&bytes[..]);
        let mut out = Vec::new();
        while let Some(text) = reader.next_game_text().unwrap() {
            out.push(String::from_utf8(text.bytes().to_vec()).unwrap());
            if out.len() == 12 {
                break;
            }
        }
        out
    }

    /// The games reported with a warning or an error (1-based numbers);
    /// lichess leaves out the Round tag, which is not what is tested here.
    fn reported(file: &str) -> BTreeSet<u64> {
        check_bytes(file.as_bytes())
            .iter()
            .flat_map(|(_, f)| f.iter())
            .filter(|f| f.severity >= Severity::Warning && f.kind != Kind::MissingTag)
            .map(|f| f.game)
            .collect()
    }

    /// Byte ranges of the main-line moves of a game's text.
    fn move_spans(game: &str) -> Vec<std::ops::Range<usize>> {
        struct Spans(Vec<std::ops::Range<usize>>, usize);
        impl arbiter_pgn::Visitor for Spans {
            type Output = Vec<std::ops::Range<usize>>;
            fn san(&mut self, san: arbiter_pgn::SanToken<'_>) {
                if self.1 == 0 {
                    let end = san.offset() + san.as_bytes().len();
                    self.0.push(san.offset()..end);
                }
            }
            fn begin_variation(&mut self) -> arbiter_pgn::Skip {
                arbiter_pgn::Skip(true)
            }
            fn end_game(&mut self) -> Self::Output {
                std::mem::take(&mut self.0)
            }
        }
        arbiter_pgn::GameText::new(game.as_bytes(), 1, 1, 0).visit(&mut Spans(Vec::new(), 0))
    }

    fn join(games: &[String]) -> String {
        games.iter().map(|g| format!("{g}\n\n")).collect()
    }

    #[test]
    fn the_clean_games_are_clean() {
        assert_eq!(reported(&join(&clean_games())), BTreeSet::new());
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        #[test]
        fn a_deleted_move_is_reported_in_its_game(game in 0usize..12, pick in any::<prop::sample::Index>()) {
            let mut games = clean_games();
            let spans = move_spans(&games[game]);
            prop_assume!(spans.len() >= 20);
            // A move of the first half: the colours of every later move swap.
            let span = spans[pick.index(spans.len() / 2)].clone();
            games[game].replace_range(span, "");
            prop_assert_eq!(reported(&join(&games)), BTreeSet::from([game as u64 + 1]));
        }

        #[test]
        fn a_changed_result_marker_is_reported_in_its_game(game in 0usize..12, other in 0usize..2) {
            let mut games = clean_games();
            let text = &games[game];
            let tag = Reader::new(text.as_bytes()).read_game().unwrap().unwrap().recorded_result();
            let candidates: Vec<GameResult> = [GameResult::WhiteWins, GameResult::BlackWins, GameResult::Draw]
                .into_iter()
                .filter(|r| *r != tag)
                .collect();
            let marker_at = text.rfind(tag.as_str()).unwrap();
            games[game].replace_range(marker_at.., candidates[other].as_str());
            prop_assert_eq!(reported(&join(&games)), BTreeSet::from([game as u64 + 1]));
        }

        #[test]
        fn a_truncated_file_reports_its_last_game(keep in 1usize..12, cut in any::<prop::sample::Index>()) {
            let games = clean_games();
            let mut file = join(&games[..keep]);
            let last = &games[keep - 1];
            // Cut somewhere inside the last game, before its result marker.
            let marker = last.trim_end().rfind(' ').unwrap();
            let start = file.len() - 2 - last.len();
            let cut_at = start + 1 + cut.index(marker - 1);
            prop_assume!(file.is_char_boundary(cut_at));
            file.truncate(cut_at);
            prop_assert_eq!(reported(&file), BTreeSet::from([keep as u64]));
        }

        #[test]
        fn random_bytes_among_the_moves_are_reported_in_their_game(
            game in 0usize..12,
            pick in any::<prop::sample::Index>(),
            junk in "[A-Za-z0-9=+#/-]{1,6}",
        ) {
            let mut games = clean_games();
            let spans = move_spans(&games[game]);
            let at = spans[pick.index(spans.len())].start;
            // `@` can start no move, so the junk is always a token of its own
            // that cannot be read as one.
            games[game].insert_str(at, &format!("@{junk} "));
            prop_assert_eq!(reported(&join(&games)), BTreeSet::from([game as u64 + 1]));
        }
    }
}

#[test]
fn a_game_is_never_lost_by_fix() {
    let input = arbiter_testdata::read("pgn/pgn-read-roger-marsh/crafty06_02.pgn");
    let mut reader = Reader::new(&input[..]);
    let mut replay = Replay::default();
    let mut fixed = Vec::new();
    let mut count = 0;
    while let Some(text) = reader.next_game_text().unwrap() {
        let report = replay.check_game(&text);
        fixed.extend(fixed_game(&text, report.correction.as_ref()));
        count += 1;
    }
    let mut again = Reader::new(&fixed[..]);
    let mut n = 0;
    while again.next_game_text().unwrap().is_some() {
        n += 1;
    }
    assert_eq!(n, count);
}

/// A game from `fen` with `movetext` (moves and result).
fn check_from(fen: &str, result: &str, movetext: &str) -> (GameReport, Vec<Finding>) {
    let pgn = format!(
        "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n\
         [Black \"?\"]\n[Result \"{result}\"]\n[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n{movetext} {result}\n"
    );
    let mut reports = check_bytes(pgn.as_bytes());
    assert_eq!(reports.len(), 1);
    reports.remove(0)
}

#[test]
fn a_game_that_goes_on_behind_a_locked_pawn_wall_is_reported() {
    // After Bxe1 the pawns are locked, the bishop runs on the other colour
    // than Black's pawns and neither king can cross: dead (FIDE 5.2.2),
    // although both sides have material.
    let (report, findings) = check_from(
        "8/8/4k3/1p1p1p1p/1P1P1P1P/2B3K1/8/4r3 w - - 0 1",
        "1/2-1/2",
        "1. Bxe1 Kd6 2. Kf3",
    );
    assert_eq!(report.ending, Some(Termination::DeadPosition));
    assert_eq!(report.proven, Some(arbiter_rules::GameResult::Draw));
    assert_eq!(
        first_finding(&findings, Kind::MovesAfterDraw).as_deref(),
        Some("1... Kd6")
    );
}

#[test]
fn a_win_for_a_side_that_can_never_mate_is_reported() {
    // Black has pawns and a bishop, but they are locked away: only White
    // could ever mate (D3-Chess test vector). 0-1 on time or by resignation
    // is a draw under FIDE 6.9 / 5.1.2.
    let fen = "kB4b1/7p/4p1pP/1p1pP1P1/1P1P4/6K1/8/8 w - - 0 1";
    let (_, findings) = check_from(fen, "0-1", "1. Kf2 Bf7 2. Ke1");
    let cannot = findings
        .iter()
        .find(|f| f.kind == Kind::WinnerCannotMate)
        .expect("reported");
    assert_eq!(cannot.rule.to_string(), "FIDE 6.9 / 5.1.2 / 7.5.5");
    // The side is named as the referee names it.
    assert!(
        cannot
            .message
            .starts_with("0-1 gives the game to Black, who cannot checkmate"),
        "{}",
        cannot.message
    );
    // The same record won by White, who can mate, is not.
    let (_, findings) = check_from(fen, "1-0", "1. Kf2 Bf7 2. Ke1");
    assert!(findings.iter().all(|f| f.kind != Kind::WinnerCannotMate));
}

/// The kinds found in a game from the starting position.
fn kinds_from_start(result: &str, movetext: &str) -> Vec<Kind> {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let (_, findings) = check_from(start, result, movetext);
    findings.iter().map(|f| f.kind).collect()
}

#[test]
fn a_game_decided_before_one_side_moved_is_reported_unplayed() {
    // Black never came (the default time, or his flag): 1-0 after 1.e4.
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let (_, findings) = check_from(start, "1-0", "1. e4");
    let unplayed = findings
        .iter()
        .find(|f| f.kind == Kind::Unplayed)
        .expect("reported");
    assert_eq!(unplayed.severity, Severity::Info);
    assert_eq!(unplayed.rule.to_string(), "FIDE B.02 5.1");
    assert!(
        unplayed.message.starts_with("1-0 though Black never moved"),
        "{}",
        unplayed.message
    );
    // White who never moved, with no move at all, and from a set-up
    // position with Black to move, after Black's move only.
    assert_eq!(kinds_from_start("0-1", ""), [Kind::Unplayed]);
    let black_to_move = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    let (_, findings) = check_from(black_to_move, "0-1", "1... e5");
    assert_eq!(
        findings.iter().map(|f| f.kind).collect::<Vec<_>>(),
        [Kind::Unplayed]
    );
    // Once both have moved it is a game, and a draw never is a forfeit.
    assert!(kinds_from_start("1-0", "1. e4 e5").is_empty());
    assert!(kinds_from_start("1/2-1/2", "1. e4").is_empty());
}

#[test]
fn a_checkmate_before_the_mated_side_moved_is_a_game_not_unplayed() {
    // From a set-up position White mates at once: the board decided it.
    let fen = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1";
    let (report, findings) = check_from(fen, "1-0", "1. Ra8#");
    assert_eq!(report.ending, Some(Termination::Checkmate));
    assert!(findings.iter().all(|f| f.kind != Kind::Unplayed));
}

#[test]
fn a_mate_at_the_end_proves_the_minor_piece_ending_alive() {
    // Every move of this ending might have left a dead position, and none
    // did: the mate it ends in proves it without analysing each one.
    let (report, findings) = check_from(
        "7k/8/6KB/8/4N3/8/8/8 w - - 0 1",
        "1-0",
        "1. Bg7+ Kg8 2. Nf6#",
    );
    assert_eq!(report.ending, Some(Termination::Checkmate));
    assert_eq!(report.proven, Some(arbiter_rules::GameResult::WhiteWins));
    assert_eq!(first_finding(&findings, Kind::MovesAfterDraw), None);
    // The same ending drawn by agreement before the mate: its final
    // position is analysed, and still no position is dead.
    let (report, findings) = check_from("7k/8/6KB/8/4N3/8/8/8 w - - 0 1", "1/2-1/2", "1. Bg7+ Kg8");
    assert_eq!(report.ending, None);
    assert_eq!(first_finding(&findings, Kind::MovesAfterDraw), None);
}

/// The record of a perpetual check from `6k1/6p1/8/8/8/8/8/K3Q3 w`: White's
/// queen checks from e8 and h5 until the position after 1. Qe8+ stands for
/// the third time after 5. Qe8+; one move follows.
const PERPETUAL: &str = "1. Qe8+ Kh7 2. Qh5+ Kg8 3. Qe8+ Kh7 4. Qh5+ Kg8 5. Qe8+ Kh7";

/// [`check_from`] under `ruleset`.
fn check_from_under(
    ruleset: &Ruleset,
    fen: &str,
    result: &str,
    movetext: &str,
) -> (GameReport, Vec<Finding>) {
    let pgn =
        format!("[Result \"{result}\"]\n[SetUp \"1\"]\n[FEN \"{fen}\"]\n\n{movetext} {result}\n");
    let mut reports = check_bytes_under(pgn.as_bytes(), ruleset);
    assert_eq!(reports.len(), 1);
    reports.remove(0)
}

#[test]
fn the_ruleset_decides_whether_a_threefold_repetition_ends_the_game() {
    let fen = "6k1/6p1/8/8/8/8/8/K3Q3 w - - 0 1";
    // FIDE: the third occurrence may be claimed; the game goes on.
    let (report, findings) = check_from_under(&Ruleset::fide_standard(), fen, "1/2-1/2", PERPETUAL);
    assert_eq!(report.ending, None);
    assert_eq!(
        first_finding(&findings, Kind::ThreefoldAvailable).as_deref(),
        Some("5. Qe8")
    );
    assert_eq!(first_finding(&findings, Kind::MovesAfterDraw), None);
    // The classic rules: a draw at once, named perpetual check since White
    // checked with every move of the cycle; the move after it is reported.
    let (report, findings) = check_from_under(&Ruleset::classic(), fen, "1/2-1/2", PERPETUAL);
    assert_eq!(
        report
            .automatic_draw
            .as_ref()
            .map(|(e, at)| (*e, at.as_str())),
        Some((Termination::PerpetualCheck, "5. Qe8"))
    );
    assert_eq!(first_finding(&findings, Kind::ThreefoldAvailable), None);
    let after = findings
        .iter()
        .find(|f| f.kind == Kind::MovesAfterDraw)
        .expect("the move after the draw is reported");
    assert_eq!(after.mv.as_deref(), Some("5... Kh7"));
    assert_eq!(after.rule.to_string(), "classic: 长将和");
    assert!(
        after.message.contains("perpetual check"),
        "{}",
        after.message
    );
}

#[test]
fn check_ends_each_game_as_the_referee_ruling_it_move_by_move_does() {
    use arbiter_referee::{Actor, Event, EventKind, Game, GameSetup};
    let files = [
        "pgn/tcec-terminations/white-mates.pgn",
        "pgn/tcec-terminations/black-mates.pgn",
        "pgn/tcec-terminations/stalemate.pgn",
        "pgn/tcec-terminations/insufficient-material.pgn",
        "pgn/pgn-read-roger-marsh/FIDE_longest_possible_game.pgn",
    ];
    let (mut compared, mut deeper) = (0, 0);
    for file in files {
        let reports = check_file(file);
        for (game, (report, _)) in games(file).iter().zip(&reports) {
            let setup = GameSetup {
                fen: game.tags.get("FEN").map(str::to_string),
                ..GameSetup::default()
            };
            let mut referee = Game::new(setup).expect("a valid start");
            referee.apply(Event::new(Actor::Arbiter, 0, EventKind::Start));
            for (i, san) in game.mainline_sans().enumerate() {
                if referee.outcome().is_some() {
                    break;
                }
                let actor = Actor::from(referee.turn());
                let mv = EventKind::Move {
                    mv: san.to_string(),
                    offer_draw: false,
                };
                let verdict = referee.apply(Event::new(actor, i as u64 + 1, mv));
                assert!(verdict.is_accepted(), "{file}: {san}");
            }
            let ruled = referee.outcome().map(|o| (o.termination, o.result));
            let checked = report
                .automatic_draw
                .as_ref()
                .map(|(e, _)| *e)
                .or(report.ending);
            match (ruled, checked) {
                (Some((ruled, result)), Some(checked)) if ruled == checked => {
                    assert_eq!(Some(result), report.proven, "{file}");
                    compared += 1;
                }
                // A game being played is given more analysis than a record:
                // the referee may find a position dead from which every
                // line ends in stalemate, which the record reaches.
                (Some((Termination::DeadPosition, result)), Some(Termination::Stalemate)) => {
                    assert_eq!(Some(result), report.proven, "{file}");
                    deeper += 1;
                }
                other => panic!("{file}: {other:?}"),
            }
        }
    }
    assert!(deeper < compared / 10, "{deeper} of {compared}");
    assert!(compared > 10, "{compared} games");
}
