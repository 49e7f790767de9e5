//! The shared TRF files read, and write back to the same tournament.

use arbiter_tournament::Outcome;
use arbiter_tournament::trf;

const FILES: &[&str] = &[
    "tournaments/bbpPairings/dutch_2025_C5.trf",
    "tournaments/bbpPairings/dutch_2025_C9.trf",
    "tournaments/bbpPairings/issue_7.trf",
    "tournaments/bbpPairings/issue_15.trf",
    "tournaments/competichess/gros-open-2010.trf",
    "tournaments/competichess/lichess-swiss-j8rtJ5GL.trf",
    "tournaments/sklangen-trf/karl-mala-gedenkturnier-2005.trf",
    "tournaments/sklangen-trf/lichess-swiss-2020_06.trf",
    "tournaments/sklangen-trf/lichess-swiss-2021_03.trf",
];

fn load(name: &str) -> String {
    let bytes = std::fs::read(arbiter_testdata::path(name)).unwrap();
    String::from_utf8_lossy(&bytes).into_owned()
}

#[test]
fn every_shared_file_reads_and_round_trips() {
    for name in FILES {
        let tournament = trf::read(&load(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(!tournament.entrants.is_empty(), "{name}: no players");
        let written = trf::write(&tournament);
        let again = trf::read(&written).unwrap_or_else(|e| panic!("{name} rewritten: {e}"));
        assert_eq!(again, tournament, "{name}: write then read differs");
    }
}

#[test]
fn stated_points_match_the_results_where_the_file_has_no_acceleration() {
    // Each file's column 81-84 is the sum of the player's results under its
    // point system: a check that every result code is read as its author meant.
    for name in FILES {
        let tournament = trf::read(&load(name)).unwrap();
        let rounds = tournament.rounds_in_file();
        for e in &tournament.entrants {
            if !e.accelerations.is_empty() {
                continue;
            }
            let Some(stated) = e.player.stated_points else {
                continue;
            };
            assert_eq!(
                e.score_after(rounds, &tournament.points),
                stated,
                "{name}: player {}",
                e.player.start_no
            );
        }
    }
}

#[test]
fn gros_open_reads_its_header_players_and_byes() {
    let t = trf::read(&load("tournaments/competichess/gros-open-2010.trf")).unwrap();
    assert_eq!(t.name(), Some("XX Open Internacional de Gros"));
    assert_eq!(t.planned_rounds, Some(9));
    assert_eq!(t.entrants.len(), 52);
    let first = &t.entrants[0].player;
    assert_eq!(first.name, "Mirzoev Azer");
    assert_eq!(first.rating, 2527);
    assert_eq!(first.federation, "AZE");
    assert_eq!(first.fide_id, Some(13_400_304));
    assert_eq!(first.title.as_deref(), Some("g"));
    assert_eq!(first.sex, Some('m'));
    assert_eq!(first.birth, "1978");
    let start = t.start_date().unwrap();
    assert_eq!((start.year, start.month, start.day), (2010, 9, 24));
    let outcomes: Vec<Outcome> = t
        .entrants
        .iter()
        .flat_map(|e| e.rounds.iter().map(|r| r.outcome()))
        .collect();
    assert!(outcomes.iter().any(|o| matches!(o, Outcome::HalfPointBye)));
    assert!(
        outcomes
            .iter()
            .any(|o| matches!(o, Outcome::Forfeit { won: true, .. }))
    );
    assert!(
        outcomes
            .iter()
            .any(|o| matches!(o, Outcome::Forfeit { won: false, .. }))
    );
}
