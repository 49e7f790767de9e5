//! Every position of the shared perft suites, at every listed depth up to a
//! million nodes (all depths with `ARBITER_FULL_TESTS=1`, in release mode).

use arbiter_rules::fen::Epd;
use arbiter_rules::perft::{Counting, perft};
use arbiter_rules::{CastlingMode, Position, PositionError, Setup, Validation};

const DEFAULT_LIMIT: u64 = 1_000_000;

fn limit() -> u64 {
    if arbiter_testdata::full_runs() {
        u64::MAX
    } else {
        DEFAULT_LIMIT
    }
}

/// The one position of the suites that strict validation must refuse: a
/// double check by two bishops on one diagonal through the king.
const IMPOSSIBLE_DOUBLE_CHECK: &str = "B6b/8/8/8/2K5/5k2/8/b6B b - - 0 1";

struct Case {
    file: &'static str,
    line: usize,
    setup: Setup,
    depths: Vec<(u32, u64)>,
}

/// Reads the `FEN ;D1 n ;D2 n` suites, with their quirks: NUL bytes at line
/// ends, CRLF, two spaces before the counters.
fn epd_cases(file: &'static str) -> Vec<Case> {
    let text = arbiter_testdata::read_text(file);
    let mut cases = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim_matches(|c: char| c == '\0' || c.is_whitespace());
        if line.is_empty() {
            continue;
        }
        let epd = Epd::from_line(line).unwrap_or_else(|e| panic!("{file}:{}: {e}", i + 1));
        let depths = epd
            .operations
            .iter()
            .filter_map(|(op, value)| {
                let depth = op.strip_prefix('D')?.parse().ok()?;
                Some((depth, value.trim().parse().expect("node count")))
            })
            .collect::<Vec<_>>();
        assert!(!depths.is_empty(), "{file}:{}: no depths", i + 1);
        cases.push(Case {
            file,
            line: i + 1,
            setup: epd.setup,
            depths,
        });
    }
    cases
}

/// Reads the python-chess/shakmaty style (`id`, `epd`, `perft N count` lines).
fn perft_file_cases(file: &'static str) -> Vec<Case> {
    let text = arbiter_testdata::read_text(file);
    let mut cases: Vec<Case> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if let Some(fen) = line.strip_prefix("epd ") {
            let setup: Setup = fen
                .parse()
                .unwrap_or_else(|e| panic!("{file}:{}: {e}", i + 1));
            cases.push(Case {
                file,
                line: i + 1,
                setup,
                depths: Vec::new(),
            });
        } else if let Some(rest) = line.strip_prefix("perft ") {
            let (d, n) = rest.split_once(' ').expect("perft DEPTH COUNT");
            let case = cases.last_mut().expect("perft line after an epd line");
            case.depths.push((d.parse().unwrap(), n.parse().unwrap()));
        }
    }
    cases
}

/// What `arbiter perft` relaxes: checks no last move could give, and
/// castling rights the pieces contradict (dropped).
const LENIENT: Validation = Validation {
    allow_impossible_check: true,
    allow_impossible_material: false,
    drop_invalid_castling: true,
    drop_invalid_en_passant: false,
};

/// Checks every case; returns the setups strict validation refused, with
/// why (they are still counted, leniently).
fn check(cases: Vec<Case>) -> Vec<(Setup, PositionError)> {
    let mut impossible = Vec::new();
    let limit = limit();
    let mut checked = 0;
    let mut failures = Vec::new();
    for case in &cases {
        let mode = CastlingMode::detect(&case.setup);
        let pos = match Position::from_setup(&case.setup, mode) {
            Ok(pos) => pos,
            Err(e @ PositionError::ImpossibleCheck { .. }) => {
                // Refused by strict validation; `arbiter perft` counts such
                // positions leniently, and the counts must still be exact.
                impossible.push((case.setup.clone(), e));
                Position::from_setup_with(&case.setup, mode, LENIENT).unwrap()
            }
            Err(e) => {
                // A position no game can reach (a king in the corner keeping
                // a castling right, more pieces than a side can have): refused,
                // and the refusal itself is what the callers check.
                impossible.push((case.setup.clone(), e));
                continue;
            }
        };
        for &(depth, expected) in &case.depths {
            if expected > limit {
                continue;
            }
            let got = perft(&pos, depth, Counting::Bulk);
            checked += 1;
            if got != expected {
                failures.push(format!(
                    "{}:{} depth {depth}: {got} nodes, expected {expected} ({})",
                    case.file,
                    case.line,
                    pos.fen()
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(checked > 0, "no depth was checked");
    impossible
}

/// The placements of the refused setups, in file order.
fn refused(setups: &[(Setup, PositionError)]) -> Vec<String> {
    setups.iter().map(|(s, _)| s.board.board_fen()).collect()
}

/// Checks every case; strict validation must refuse exactly the placements
/// `expected` (which are counted all the same, leniently).
fn check_refusing(cases: Vec<Case>, expected: &[&str]) {
    let file = cases.first().map(|c| c.file);
    let impossible = check(cases);
    assert_eq!(refused(&impossible), expected, "{file:?}: {impossible:?}");
}

#[test]
fn standard_suite() {
    check_refusing(
        epd_cases("perft/standard.epd"),
        &["B6b/8/8/8/2K5/5k2/8/b6B"],
    );
}

#[test]
fn chess960_suite() {
    let cases = epd_cases("perft/fischer.epd");
    assert_eq!(cases.len(), 960);
    check_refusing(cases, &[]);
}

#[test]
fn marcel_random_suite() {
    check_refusing(epd_cases("perft/perft-marcel.epd"), &[]);
}

#[test]
fn special_moves_suite() {
    check_refusing(epd_cases("perft/perft.epd"), &["B6b/8/8/8/2K5/5k2/8/b6B"]);
}

#[test]
fn ferdy_double_checks() {
    check_refusing(epd_cases("perft/ferdy_perft_double_checks.epd"), &[]);
}

#[test]
fn ferdy_en_passant() {
    check_refusing(epd_cases("perft/ferdy_perft_enpassant_1.epd"), &[]);
}

/// The placements that the tricky files of python-chess and shakmaty both
/// hold and strict validation refuses (scalachess's holds the first four).
const TRICKY_IMPOSSIBLE: [&str; 6] = [
    "3R4/8/q4k2/2B5/1NK5/3b4/8/8",
    "2Nq4/2K5/1b6/8/7R/3k4/7P/8",
    "5R2/2P5/8/4k3/8/3rK2r/8/8",
    "8/8/8/1k6/3Pp3/8/8/4KQ2",
    "1b1k4/8/8/1rPpK3/8/8/8/8",
    "rnbqk1nr/bb3p1p/1q2r3/2pPp3/3P4/7P/1PP1NpPP/R1BQKBNR",
];

#[test]
fn tricky_positions_of_other_libraries() {
    for file in [
        "positions/python-chess/tricky.perft",
        "positions/shakmaty/tricky.perft",
        "positions/scalachess/tricky.perft",
        "positions/python-chess/chess960.perft",
    ] {
        let expected = match file {
            // The same seven python-chess reports as impossible checks
            // (`STATUS_IMPOSSIBLE_CHECK`) or castling rights it would drop.
            "positions/python-chess/tricky.perft" => {
                [&TRICKY_IMPOSSIBLE[..], &["r2r3k/p7/3p4/8/8/P6P/8/R3K2R"]].concat()
            }
            // As above, plus double checks by two pieces of which none is a
            // slider (no last move can uncover a knight's or a pawn's check;
            // python-chess accepts these, shakmaty does not), and a side
            // with 28 pieces.
            "positions/shakmaty/tricky.perft" => [
                &TRICKY_IMPOSSIBLE[..],
                &[
                    "1rrrrrk1/1PPPPPPP/8/8/8/8/8/6K1",
                    "1q4k1/3r1Ppp/5NP1/pP6/8/1Q6/3B4/2K2R2",
                    "2b5/1nbn4/n3n3/1kn5/n3n3/1n1n4/5RQ1/2KQ1R2",
                    "r2r3k/p7/3p4/8/8/P6P/8/R3K2R",
                    "kBQQQQQQ/BR5Q/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/KQQQQQQQ",
                ],
            ]
            .concat(),
            "positions/scalachess/tricky.perft" => TRICKY_IMPOSSIBLE[..4].to_vec(),
            _ => Vec::new(),
        };
        check_refusing(perft_file_cases(file), &expected);
    }
}

#[test]
fn strict_validation_refuses_the_impossible_double_check() {
    let err = Position::from_fen(IMPOSSIBLE_DOUBLE_CHECK).unwrap_err();
    assert!(err.to_string().contains("impossible check"), "{err}");
}

#[test]
fn bulk_and_played_leaves_agree() {
    // A sample across the suites: counting at the leaves and playing every
    // leaf must give the same numbers.
    let cases = epd_cases("perft/perft.epd");
    for case in cases.iter().step_by(7) {
        let pos = Position::from_setup(&case.setup, CastlingMode::detect(&case.setup)).unwrap();
        for depth in 1..=3 {
            assert_eq!(
                perft(&pos, depth, Counting::Bulk),
                perft(&pos, depth, Counting::PlayEveryLeaf),
                "{} depth {depth}",
                pos.fen()
            );
        }
    }
}
