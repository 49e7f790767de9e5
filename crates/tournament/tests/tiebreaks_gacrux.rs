//! Every tie-break value and every rank equal to FIDE's own tie-break
//! checker, gacrux (`python3 -m gacrux.tiebreakchecker`, installed by
//! `scripts/install-test-deps`), under both editions of C.07, on generated
//! Swiss events and round robins and on the shared TRF files.

mod common;
mod for_gacrux;

use std::path::{Path, PathBuf};

use arbiter_tournament::tiebreak::{Edition, Format, Options, Tiebreak, standings};
use arbiter_tournament::{PointSystem, Tournament, trf};
use for_gacrux::{for_gacrux, gacrux};

/// Every tie-break of C.07 that Arbiter implements, DE near the end so that
/// it breaks the ties the others leave. FB comes last: gacrux's Fore
/// Buchholz changes the adjusted scores it leaves behind, so that the
/// Buchholz-family values computed after it in the same run are not C.07's
/// (docs/tournaments.md, "Where Arbiter and gacrux differ").
const TIEBREAKS: [&str; 24] = [
    "PTS", "WIN", "WON", "BPG", "BWG", "GE", "REP", "BH", "BH/C1", "BH/C2", "BH/M1", "AOB", "SB",
    "SB/C1", "PS", "KS", "ARO", "ARO/C1", "TPR", "PTP", "APRO", "APPO", "DE", "FB",
];

/// Compares Arbiter with gacrux on one tournament; returns the differences.
fn compare(name: &str, tournament: &Tournament, format: Format) -> Vec<String> {
    let rounds = tournament.rounds_paired();
    let path = scratch(&format!("{}.trf", name.replace('/', "-")));
    std::fs::write(&path, trf::write(&for_gacrux(tournament, rounds))).unwrap();
    let list: Vec<Tiebreak> = TIEBREAKS.iter().map(|t| t.parse().unwrap()).collect();
    let mut differences = Vec::new();
    for edition in [Edition::Fide2024, Edition::Fide2026] {
        let options = Options {
            edition: Some(edition),
            format: Some(format),
            unrated_rating: None,
            after_round: Some(rounds),
        };
        let ours = standings(tournament, &list, &options);
        let theirs = gacrux(&path, edition, format, rounds, &TIEBREAKS);
        assert_eq!(ours.rows.len(), theirs.len(), "{name}: players");
        for row in &ours.rows {
            let (rank, values) = &theirs[&row.start_no];
            assert_eq!(values.len(), TIEBREAKS.len(), "{name}: gacrux's columns");
            if *rank != row.rank {
                differences.push(format!(
                    "{name} {edition:?} player {}: rank {} (gacrux {rank})",
                    row.start_no, row.rank
                ));
            }
            for (i, tiebreak) in TIEBREAKS.iter().enumerate() {
                let mine = row.values[i].map(|v| v.as_f64());
                let equal = match (mine, values[i]) {
                    (Some(a), Some(b)) => (a - b).abs() < 1e-9,
                    (None, None) => true,
                    _ => false,
                };
                if !equal {
                    differences.push(format!(
                        "{name} {edition:?} player {} {tiebreak}: {mine:?} (gacrux {:?})",
                        row.start_no, values[i]
                    ));
                }
            }
        }
    }
    if std::env::var_os("ARBITER_TRF_DIR").is_none() {
        let _ = std::fs::remove_file(&path);
    }
    differences
}

/// Where the files given to gacrux go: `ARBITER_TRF_DIR` keeps them for a
/// look at a difference.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::var_os("ARBITER_TRF_DIR").map_or_else(
        || std::env::temp_dir().join(format!("arbiter-tiebreaks-{}", std::process::id())),
        PathBuf::from,
    );
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

fn check_all(cases: Vec<(String, Tournament, Format)>) {
    // Each case waits on its own gacrux process: run them side by side.
    let differences: Vec<String> = std::thread::scope(|scope| {
        let runs: Vec<_> = cases
            .iter()
            .map(|(name, tournament, format)| {
                scope.spawn(move || compare(name, tournament, *format))
            })
            .collect();
        runs.into_iter().flat_map(|r| r.join().unwrap()).collect()
    });
    assert!(
        differences.is_empty(),
        "{} differences from gacrux:\n{}",
        differences.len(),
        differences[..differences.len().min(40)].join("\n")
    );
}

/// A seed that differs from run to run, printed so that a failure can be
/// replayed with `ARBITER_SEED`.
fn seed() -> u64 {
    let seed = std::env::var("ARBITER_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(1, |d| d.as_nanos() as u64)
        });
    eprintln!("ARBITER_SEED={seed}");
    seed
}

#[test]
fn generated_swiss_events_agree_with_gacrux() {
    let seed = seed();
    let mut rng = common::Rng::new(seed);
    let cases = (0..8)
        .map(|i| {
            let players = 6 + rng.below(40);
            let rounds = 3 + rng.below(7);
            let t = common::swiss(players, rounds, seed.wrapping_add(i));
            (format!("swiss-{i}"), t, Format::Swiss)
        })
        .collect();
    check_all(cases);
}

#[test]
fn generated_swiss_events_scored_three_one_zero_agree_with_gacrux() {
    let seed = seed();
    let mut rng = common::Rng::new(seed);
    let cases = (0..4)
        .map(|i| {
            let players = 6 + rng.below(30);
            let rounds = 3 + rng.below(6);
            let mut t = common::swiss(players, rounds, seed.wrapping_add(i));
            t.points = PointSystem::three_one_zero();
            for e in &mut t.entrants {
                e.player.stated_points = Some(e.score_after(rounds, &t.points));
            }
            (format!("swiss-3-1-0-{i}"), t, Format::Swiss)
        })
        .collect();
    check_all(cases);
}

#[test]
fn generated_round_robins_agree_with_gacrux() {
    let seed = seed();
    let mut rng = common::Rng::new(seed);
    let cases = (0..8)
        .map(|i| {
            let players = 3 + rng.below(12);
            let cycles = 1 + rng.below(2);
            let t = common::round_robin(players, cycles, seed.wrapping_add(i));
            (format!("round-robin-{i}"), t, Format::RoundRobin)
        })
        .collect();
    check_all(cases);
}

#[test]
fn shared_files_agree_with_gacrux() {
    let files = [
        "tournaments/competichess/gros-open-2010.trf",
        "tournaments/competichess/lichess-swiss-j8rtJ5GL.trf",
        "tournaments/sklangen-trf/karl-mala-gedenkturnier-2005.trf",
        "tournaments/sklangen-trf/lichess-swiss-2020_06.trf",
        "tournaments/sklangen-trf/lichess-swiss-2021_03.trf",
        "tournaments/bbpPairings/issue_7.trf",
        "tournaments/bbpPairings/issue_15.trf",
        "tournaments/bbpPairings/dutch_2025_C5.trf",
    ];
    let cases = files
        .iter()
        .map(|file| {
            let path = arbiter_testdata::path(file);
            let text = String::from_utf8_lossy(&std::fs::read(&path).unwrap()).into_owned();
            let tournament = trf::read(&text).unwrap();
            let format = Format::of(&tournament, tournament.rounds_paired());
            (file.to_string(), tournament, format)
        })
        .collect();
    check_all(cases);
}

/// bbpPairings' random tournament generator, built once for this file's
/// tests.
fn bbp() -> &'static Path {
    static EXE: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    EXE.get_or_init(|| {
        arbiter_testdata::peers::bbp_pairings(Path::new(env!("CARGO_TARGET_TMPDIR")))
    })
}

/// A Swiss made by bbpPairings' generator (`-g`) with many forfeits and
/// half-point byes, or `None` when the generator gives up on the seed.
fn bbp_generated_swiss(players: u32, rounds: u32, seed: u64, name: &str) -> Option<Tournament> {
    let config = scratch(&format!("{name}.cfg"));
    std::fs::write(
        &config,
        format!("PlayersNumber={players}\nRoundsNumber={rounds}\n"),
    )
    .unwrap();
    let file = scratch(&format!("{name}.generated.trf"));
    let made = arbiter_testdata::peers::bbp_generate(bbp(), &config, &file, seed);
    let tournament = made.then(|| std::fs::read_to_string(&file).unwrap());
    let _ = std::fs::remove_file(&config);
    let _ = std::fs::remove_file(&file);
    tournament.map(|text| trf::read(&text).unwrap())
}

/// Whether some player lost a round by forfeit against a named opponent
/// (a round like `115 w -`).
fn has_forfeit_loss_against_an_opponent(t: &Tournament) -> bool {
    t.entrants.iter().any(|e| {
        e.rounds.iter().any(|cell| {
            cell.opponent.is_some() && cell.code == arbiter_tournament::ResultCode::ForfeitLoss
        })
    })
}

/// C.07's cuts where the value cut may be an unplayed round's (C.07 16:
/// a voluntary unplayed round is cut first): events of bbpPairings'
/// generator, large and with many forfeit losses against named opponents
/// (rounds like `115 w -`) and half-point byes, the events issue 33 reports
/// BH/C2 and SB/C1 differing on.
#[test]
fn bbppairings_generated_swiss_events_with_forfeits_agree_with_gacrux() {
    let seed = seed();
    let mut rng = common::Rng::new(seed);
    let count = if arbiter_testdata::full_runs() { 12 } else { 1 };
    let mut cases = Vec::new();
    let mut attempts = 0;
    while cases.len() < count {
        attempts += 1;
        assert!(attempts < 100, "bbpPairings' generator made too few events");
        let players = 188;
        let rounds = 10;
        let tournament_seed = u64::from(rng.below(1_000_000_000));
        let name = format!("bbp-{players}p{rounds}r-s{tournament_seed}");
        let Some(t) = bbp_generated_swiss(players, rounds, tournament_seed, &name) else {
            continue;
        };
        if !has_forfeit_loss_against_an_opponent(&t) {
            continue;
        }
        cases.push((name, t, Format::Swiss));
    }
    check_all(cases);
}

/// A forfeit between `white` and `black` in `round`: the absent side loses
/// (`-`), the other wins (`+`); both lose when both were absent.
fn forfeit(t: &mut Tournament, round: u32, white: u32, black: u32, absent: (bool, bool)) {
    use arbiter_rules::Color;
    use arbiter_tournament::{ResultCode, RoundEntry};
    for (me, them, colour, gone) in [
        (white, black, Color::White, absent.0),
        (black, white, Color::Black, absent.1),
    ] {
        t.set_cell(
            me,
            round,
            RoundEntry {
                opponent: Some(them),
                colour: Some(colour),
                code: if gone {
                    ResultCode::ForfeitLoss
                } else {
                    ResultCode::ForfeitWin
                },
            },
        );
    }
}

/// C.07's cuts where the value cut is a forfeit loss against a named
/// opponent (a voluntary unplayed round, C.07 16: cut first, as the dummy
/// opponent's) beside half-point byes and a double forfeit, in a small
/// Swiss made here, so that every run meets the case issue 33 names:
/// every value under both editions equal to gacrux's.
#[test]
fn forfeit_losses_against_named_opponents_are_cut_as_gacrux_cuts_them() {
    use arbiter_rules::PlayerResult::{self, Draw, Loss, Win};
    use arbiter_tournament::{Player, ResultCode, RoundEntry};
    let mut t = Tournament::default();
    for i in 1..=8u32 {
        let mut p = Player::new(i, format!("Player {i}"));
        p.rating = 2100 - 100 * i;
        t.register(p);
    }
    // Each round's boards: White, Black, and White's result or who was
    // absent. Round 2: player 1 loses by forfeit to player 3 (`3 w -`),
    // 5 and 7 both absent; round 3: players 1 and 8 take half-point byes;
    // round 4: player 8 loses by forfeit to 7 (`7 b -`); round 5: player 6
    // to 7.
    enum Board {
        Game(u32, u32, PlayerResult),
        Forfeit(u32, u32, (bool, bool)),
    }
    use Board::{Forfeit, Game};
    let rounds = [
        vec![
            Game(1, 5, Win),
            Forfeit(2, 6, (false, true)),
            Game(3, 7, Draw),
            Game(4, 8, Loss),
        ],
        vec![
            Forfeit(1, 3, (true, false)),
            Game(2, 4, Win),
            Forfeit(5, 7, (true, true)),
            Game(6, 8, Draw),
        ],
        vec![Game(2, 3, Draw), Game(5, 4, Win), Game(7, 6, Loss)],
        vec![
            Game(1, 2, Win),
            Forfeit(3, 4, (false, true)),
            Game(6, 5, Draw),
            Forfeit(7, 8, (false, true)),
        ],
        vec![
            Game(4, 1, Draw),
            Game(5, 2, Win),
            Game(8, 3, Loss),
            Forfeit(6, 7, (true, false)),
        ],
    ];
    for (round, boards) in (1..).zip(rounds) {
        for board in boards {
            match board {
                Game(white, black, result) => t.record_game(round, white, black, result),
                Forfeit(white, black, absent) => forfeit(&mut t, round, white, black, absent),
            }
        }
    }
    let bye = RoundEntry::unpaired(ResultCode::HalfPointBye);
    t.set_cell(1, 3, bye);
    t.set_cell(8, 3, bye);
    assert!(has_forfeit_loss_against_an_opponent(&t));
    check_all(vec![("forfeit-cuts".to_string(), t, Format::Swiss)]);
}
