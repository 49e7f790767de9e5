//! The rating report (TRF-16 and TRF-2026): every record FIDE's rating
//! officers require, read back by Arbiter, checked by bbpPairings' pairing
//! checker and ranked as gacrux, FIDE's tie-break checker, ranks it.

use std::path::{Path, PathBuf};
use std::process::Command;

use arbiter_pgn::Date;
use arbiter_tournament::dutch::{self, Dice, GeneratorConfig};
use arbiter_tournament::trf::{self, ReportError, TrfEdition, rating_report};
use arbiter_tournament::{Record, Tournament};

fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("rating-report");
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// A Dutch-paired Swiss of Arbiter's generator with the records an
/// organiser fills in, and its rounds' dates.
fn event(seed: u64) -> (Tournament, Vec<Date>) {
    let mut dice = Dice::new(seed);
    let mut config = GeneratorConfig::random(&mut dice);
    config.players = 30;
    config.rounds = 7;
    config.forfeit_rate = 10;
    config.half_point_bye_rate = 20;
    let mut t = (0..20)
        .find_map(|_| dutch::generate(&config, &mut dice).ok())
        .expect("a 30-player, 7-round Swiss pairs");
    t.records
        .retain(|r| !["012", "042", "052"].contains(&r.code.as_str()));
    for (code, text) in [
        ("012", "Open Chess Tournament"),
        ("022", "Torino"),
        ("032", "ITA"),
        ("042", "2026-03-01"),
        ("052", "2026-03-07"),
        ("092", "Individual: Swiss-System"),
        ("102", "Rossi, Mario"),
        ("112", "Bianchi, Anna"),
        ("122", "90'+30\""),
        ("202", "BH/C1, BH, SB"),
    ] {
        t.records.push(Record {
            code: code.into(),
            text: text.into(),
        });
    }
    let dates = (1..=7)
        .map(|day| Date {
            year: 2026,
            month: 3,
            day,
        })
        .collect();
    (t, dates)
}

fn lines<'a>(text: &'a str, code: &str) -> Vec<&'a str> {
    text.lines().filter(|l| l.starts_with(code)).collect()
}

#[test]
fn the_report_has_every_record_a_rating_officer_requires() {
    let (t, dates) = event(33);
    for edition in [TrfEdition::Trf16, TrfEdition::Trf2026] {
        let text = rating_report(&t, edition, &dates).unwrap();
        for code in [
            "012", "022", "032", "042", "052", "062", "072", "102", "112", "132",
        ] {
            assert_eq!(lines(&text, code).len(), 1, "{edition:?}: record {code}");
        }
        assert_eq!(lines(&text, "042")[0], "042 2026/03/01");
        assert_eq!(lines(&text, "052")[0], "052 2026/03/07");
        assert_eq!(lines(&text, "062")[0], "062 30");
        let round_dates = lines(&text, "132")[0];
        for round in 0..7 {
            let at = 91 + 10 * round;
            assert_eq!(
                &round_dates[at..at + 8],
                format!("26/03/{:02}", round + 1),
                "{edition:?}: round {} at column {}",
                round + 1,
                at + 1
            );
        }
        // Record 162 is TRF-2026's: always stated there, never in TRF-16.
        let points_system = lines(&text, "162");
        match edition {
            TrfEdition::Trf2026 => assert_eq!(
                points_system,
                ["162  W 1.0    D 0.5    L 0.0    Z 0.0    P 1.0"]
            ),
            TrfEdition::Trf16 => assert!(points_system.is_empty()),
        }
        // Every player has his points (81-84) and rank (86-89).
        let players = lines(&text, "001");
        assert_eq!(players.len(), 30);
        for line in players {
            assert!(!line[80..84].trim().is_empty(), "points: {line}");
            assert!(line[85..89].trim().parse::<u32>().is_ok(), "rank: {line}");
        }
        // Arbiter reads it back to the same results.
        let back = trf::read(&text).unwrap();
        for (a, b) in t.entrants.iter().zip(&back.entrants) {
            assert_eq!(a.rounds, b.rounds);
        }
    }
}

#[test]
fn the_report_pairs_as_bbppairings_checks_it() {
    let (t, dates) = event(34);
    let text = rating_report(&t, TrfEdition::Trf2026, &dates).unwrap();
    let path = scratch("bbp-check.trf");
    std::fs::write(&path, &text).unwrap();
    let bbp = arbiter_testdata::peers::bbp_pairings(Path::new(env!("CARGO_TARGET_TMPDIR")));
    let out = Command::new(bbp)
        .arg("--dutch")
        .arg(&path)
        .arg("-c")
        .output()
        .unwrap();
    // The checker names each round it checks, and lists under it what
    // differs from its own pairing: nothing but the round names.
    let report = String::from_utf8_lossy(&out.stdout);
    let rounds_checked = report.lines().filter(|l| l.contains("Round #")).count();
    assert!(
        out.status.success()
            && rounds_checked == 7
            && report.lines().filter(|l| !l.trim().is_empty()).count() == 7,
        "bbpPairings -c: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    // Arbiter's own checker agrees.
    let back = trf::read(&text).unwrap();
    for round in dutch::check(&back, dutch::Acceleration::default()) {
        assert!(
            round.differences.is_empty(),
            "round {}: {:?}",
            round.round,
            round.differences
        );
    }
}

#[test]
fn the_ranks_are_gacruxs() {
    let (t, dates) = event(35);
    let text = rating_report(&t, TrfEdition::Trf2026, &dates).unwrap();
    let path = scratch("gacrux.trf");
    std::fs::write(&path, &text).unwrap();
    let out = Command::new("python3")
        .args(["-m", "gacrux.tiebreakchecker", "-i"])
        .arg(&path)
        .args([
            "-o", "-", "-dT", "-r", "-n", "7", "-s", "-t", "PTS", "BH/C1", "BH", "SB",
        ])
        .output()
        .expect("python3 runs (scripts/install-test-deps installs gacrux)");
    let table = String::from_utf8_lossy(&out.stdout);
    assert!(
        table.starts_with("Rank"),
        "gacrux: {table}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let ours = trf::read(&text).unwrap();
    let mut compared = 0;
    for line in table.lines().skip(1).filter(|l| !l.starts_with("Check")) {
        let fields: Vec<&str> = line.split('\t').collect();
        let (rank, start_no): (u32, u32) = (fields[0].parse().unwrap(), fields[1].parse().unwrap());
        let player = &ours.entrant(start_no).unwrap().player;
        assert_eq!(player.stated_rank, Some(rank), "player {start_no}");
        compared += 1;
    }
    assert_eq!(compared, 30);
}

#[test]
fn a_report_without_its_chief_arbiter_or_a_round_date_is_refused() {
    let (mut t, dates) = event(36);
    assert_eq!(
        rating_report(&t, TrfEdition::Trf2026, &dates[..6]),
        Err(ReportError::MissingRoundDate { round: 7 })
    );
    t.records.retain(|r| r.code != "102");
    assert_eq!(
        rating_report(&t, TrfEdition::Trf16, &dates),
        Err(ReportError::MissingRecord {
            code: "102",
            what: "chief arbiter"
        })
    );
}

#[test]
fn round_dates_are_read_from_the_tournaments_record_132() {
    let (t, dates) = event(37);
    let first = rating_report(&t, TrfEdition::Trf2026, &dates).unwrap();
    let again = rating_report(&trf::read(&first).unwrap(), TrfEdition::Trf2026, &[]).unwrap();
    assert_eq!(lines(&first, "132"), lines(&again, "132"));
}
