//! Rating changes (FIDE Rating Regulations, B.02): worked examples, the
//! properties the regulations promise, and generated events compared with
//! an independent reading of the regulations (`rating_oracle.py`).

mod common;

use std::collections::HashMap;
use std::path::PathBuf;
use std::process::Command;

use arbiter_rules::PlayerResult::{self, Draw, Loss, Win};
use arbiter_tournament::rating::{
    KFactors, KRule, RatedGame, RatingNote, rating_change, rating_changes,
};
use arbiter_tournament::{Player, Record, ResultCode, RoundEntry, Tournament, trf};
use proptest::prelude::*;

use common::Rng;

fn games(list: &[(u32, PlayerResult)]) -> Vec<RatedGame> {
    list.iter()
        .zip(1..)
        .map(|(&(opponent_rating, result), round)| RatedGame {
            round,
            opponent: round + 1,
            opponent_rating,
            result,
        })
        .collect()
}

/// FIDE's own calculation for a player new to the list, as the ratings
/// server's "individual calculations" page published it (June 2017 list;
/// the page is reproduced at elo-calculator.chesselo.com/test-other-elo.html):
/// Ro 1922, K 40, opponents 1798 (won), 1801 (lost), 1897 (won); change per
/// game 0.33, −0.66, 0.47, total 0.14; K × change 5.60. Table 8.1.2 is the
/// same today.
#[test]
fn fides_published_calculation_of_a_new_player_at_k_40() {
    let change = rating_change(1922, 40, &games(&[(1798, Win), (1801, Loss), (1897, Win)]));
    assert_eq!(change.expected, 67 + 66 + 53);
    assert_eq!(change.half_points, 4);
    assert_eq!(change.change, 560);
    assert_eq!(change.new_rating, 1928);
}

/// 8.3.1 since 1 October 2025: the 400-point rule is for players rated
/// under 2650; at 2650 and above the whole difference counts.
#[test]
fn a_2700_beating_a_2100_gains_nothing_since_october_2025() {
    // D = 600: PD .98 for the 2700 (560–619); 10 × (1 − .98) = 0.2 → 0.
    let top = rating_change(2700, 10, &games(&[(2100, Win)]));
    assert_eq!((top.expected, top.change, top.new_rating), (98, 20, 2700));
    // The 2100 counts it as 400: PD .08; 20 × (0 − .08) = −1.6 → −2.
    let other = rating_change(2100, 20, &games(&[(2700, Loss)]));
    assert_eq!(
        (other.expected, other.change, other.new_rating),
        (8, -160, 2098)
    );
    // A draw costs the 2700 almost five points: 10 × (.5 − .98) = −4.8.
    let draw = rating_change(2700, 10, &games(&[(2100, Draw)]));
    assert_eq!((draw.change, draw.new_rating), (-480, 2695));
}

fn player(no: u32, name: &str, rating: u32, birth: &str) -> Player {
    let mut p = Player::new(no, name);
    p.rating = rating;
    p.birth = birth.into();
    p.fide_id = Some(10_000_000 + u64::from(no));
    p
}

/// The K of 8.3.3 read from the file: a junior's 40 through the year of
/// his 18th birthday (birth date of the `001` line against record `042`),
/// 10 at 2400, 20 otherwise, the list's K when given, and K × games ≤ 700.
#[test]
fn k_comes_from_the_birth_dates_the_start_date_and_the_list() {
    let mut t = Tournament::default();
    t.records.push(Record {
        code: "042".into(),
        text: "2026/07/01".into(),
    });
    t.register(player(1, "Junior", 2250, "2008/12/31"));
    t.register(player(2, "Just adult", 2250, "2007/01/01"));
    t.register(player(3, "Strong junior", 2350, "2012"));
    t.register(player(4, "Master", 2450, "1990"));
    t.register(player(5, "Newcomer", 1800, "1985/03/02"));
    t.record_game(1, 1, 2, Draw);
    t.record_game(1, 3, 4, Draw);
    t.record_game(2, 5, 1, Draw);
    let mut given = KFactors::default();
    given.insert(5, 40);
    let lines = rating_changes(&t, &given);
    let k = |i: usize| lines[i].k.map(|k| (k.k, k.rule));
    assert_eq!(k(0), Some((40, KRule::Junior)));
    assert_eq!(k(1), Some((20, KRule::Under2400)));
    assert_eq!(k(2), Some((20, KRule::Under2400)));
    assert_eq!(k(3), Some((10, KRule::Reached2400)));
    assert_eq!(k(4), Some((40, KRule::Given)));
}

/// An unrated player's line: no K, no expected score, his first rating as
/// 8.2 gives it, and why when it gives none.
#[test]
fn unrated_players_get_a_first_rating_or_the_reason_there_is_none() {
    let mut t = Tournament::default();
    t.register(player(1, "New", 0, ""));
    t.register(player(2, "Also new", 0, ""));
    for (no, rating) in [(3, 1700), (4, 1900), (5, 2000), (6, 1600), (7, 1800)] {
        t.register(player(no, "Rated", rating, ""));
    }
    for (round, opponent, result) in [
        (1, 3, Win),
        (2, 4, Draw),
        (3, 5, Loss),
        (4, 6, Win),
        (5, 7, Draw),
    ] {
        t.record_game(round, 1, opponent, result);
    }
    t.record_game(6, 1, 2, Win); // against an unrated player: not counted
    t.record_game(1, 2, 7, Loss);
    let lines = rating_changes(&t, &KFactors::default());
    let new = &lines[0];
    assert_eq!(
        (new.rating, new.k, new.expected, new.change),
        (None, None, None, None)
    );
    assert_eq!((new.games, new.half_points), (5, 6));
    assert_eq!(new.new_rating, Some(1850));
    assert_eq!(
        new.note,
        Some(RatingNote::Initial {
            average: "1800.00".into(),
            percent: 57,
            dp: 50,
            rating: 1850
        })
    );
    assert_eq!(lines[1].new_rating, None);
    assert_eq!(lines[1].note, Some(RatingNote::ScoredZero { games: 1 }));
    // The rated players' games against the unrated ones are not rated.
    assert_eq!(lines[2].games, 0);
    assert_eq!(lines[6].games, 0);
}

proptest! {
    /// For two rated players under 2650 with equal K, one game changes
    /// their ratings by opposite amounts: the PD of the higher- and the
    /// lower-rated player add up to 1 (8.1.2), and both count the same
    /// capped difference (8.3.1). Rounding away from zero (8.3.4) keeps
    /// them opposite.
    #[test]
    fn one_games_changes_cancel_under_2650_with_equal_k(
        a in 1000u32..2650,
        b in 1000u32..2650,
        k in prop::sample::select(vec![10u32, 20, 40]),
        result in prop::sample::select(vec![Win, Draw, Loss]),
    ) {
        let mine = rating_change(a, k, &games(&[(b, result)]));
        let theirs = rating_change(b, k, &games(&[(a, result.reversed())]));
        prop_assert_eq!(mine.expected + theirs.expected, 100);
        prop_assert_eq!(mine.change, -theirs.change);
        prop_assert_eq!(
            i64::from(mine.new_rating) - i64::from(a),
            i64::from(b) - i64::from(theirs.new_rating)
        );
    }

    /// At 2650 and above the cap is lifted for the stronger player only:
    /// against an opponent more than 400 below, his expectation is at least
    /// the capped one.
    #[test]
    fn above_2650_the_stronger_expects_at_least_the_capped_score(
        a in 2650u32..2900,
        gap in 401u32..1200,
    ) {
        let b = a - gap;
        let mine = rating_change(a, 10, &games(&[(b, Draw)]));
        prop_assert!(mine.expected >= 92);
    }
}

// ---- generated events against rating_oracle.py ----

/// A fraction as Python's `str(Fraction(numerator, denominator))` writes it.
fn fraction(numerator: i64, denominator: i64) -> String {
    let gcd = |mut a: i64, mut b: i64| {
        while b != 0 {
            (a, b) = (b, a % b);
        }
        a.abs()
    };
    let g = gcd(numerator, denominator).max(1);
    let (n, d) = (numerator / g, denominator / g);
    if d == 1 {
        n.to_string()
    } else {
        format!("{n}/{d}")
    }
}

/// An event from the Swiss generator with ratings across 2650 and some
/// unrated players, junior birth dates around the start date, games the
/// file says are not rated, and sometimes no start date.
fn generated_event(seed: u64) -> (Tournament, Option<String>) {
    let mut rng = Rng::new(seed ^ 0xA5A5);
    let players = 8 + rng.below(40);
    // Some events long enough for K × games to pass 700 (18 games at K 40).
    let rounds = if rng.chance(25) {
        18 + rng.below(6)
    } else {
        4 + rng.below(8)
    };
    let mut t = common::swiss(players, rounds, seed);
    let start_year = 2024 + i64::from(rng.below(3));
    if !rng.chance(10) {
        t.records.push(Record {
            code: "042".into(),
            text: format!(
                "{start_year}/{:02}/{:02}",
                1 + rng.below(12),
                1 + rng.below(28)
            ),
        });
    }
    for e in &mut t.entrants {
        let p = &mut e.player;
        p.rating = match rng.below(10) {
            0 => 0,
            1 | 2 => 2550 + rng.below(300), // either side of 2650
            _ => 1400 + rng.below(1100),
        };
        let born = if rng.chance(40) {
            start_year - 16 - i64::from(rng.below(5)) // 16 to 20: around the junior limit
        } else {
            start_year - 8 - i64::from(rng.below(60))
        };
        p.birth = match rng.below(4) {
            0 => String::new(),
            1 => born.to_string(),
            _ => format!("{born}/{:02}/{:02}", 1 + rng.below(12), 1 + rng.below(28)),
        };
    }
    // Some games the file marks as not rated (W/D/L).
    for round in 1..=rounds {
        for no in 1..=players {
            let cell = t.entrant(no).unwrap().round(round);
            let (Some(opponent), true) = (cell.opponent, cell.is_played()) else {
                continue;
            };
            if no < opponent && rng.chance(5) {
                let unrated = |code| match code {
                    ResultCode::Win => ResultCode::UnratedWin,
                    ResultCode::Draw => ResultCode::UnratedDraw,
                    _ => ResultCode::UnratedLoss,
                };
                let theirs = t.entrant(opponent).unwrap().round(round);
                t.set_cell(
                    no,
                    round,
                    RoundEntry {
                        code: unrated(cell.code),
                        ..cell
                    },
                );
                t.set_cell(
                    opponent,
                    round,
                    RoundEntry {
                        code: unrated(theirs.code),
                        ..theirs
                    },
                );
            }
        }
    }
    // The rating list's K for some players, by FIDE id or start number.
    let k_file = rng.chance(30).then(|| {
        let mut text = String::from("# K from the list\n");
        for e in &t.entrants {
            if e.player.rating > 0 && rng.chance(20) {
                let k = [10, 20, 40][rng.below(3) as usize];
                if rng.chance(50) {
                    text.push_str(&format!("{} {k}\n", e.player.fide_id.unwrap()));
                } else {
                    text.push_str(&format!("{},{k}\n", e.player.start_no));
                }
            }
        }
        text
    });
    (t, k_file)
}

#[test]
fn generated_events_agree_with_an_independent_reading_of_the_regulations() {
    let dir = std::env::temp_dir().join(format!("arbiter-ratings-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut arguments: Vec<PathBuf> = Vec::new();
    let mut ours: HashMap<(String, u32), serde_json::Value> = HashMap::new();
    for seed in 1..=80u64 {
        let (event, k_file) = generated_event(seed);
        let path = dir.join(format!("event{seed}.trf"));
        let text = trf::write(&event);
        std::fs::write(&path, &text).unwrap();
        arguments.push(path.clone());
        let read = trf::read(&text).unwrap();
        let given = match &k_file {
            Some(k_text) => {
                let k_path = dir.join(format!("event{seed}.k"));
                std::fs::write(&k_path, k_text).unwrap();
                arguments.push(k_path);
                KFactors::parse(k_text, &read).unwrap()
            }
            None => KFactors::default(),
        };
        for line in rating_changes(&read, &given) {
            let value = serde_json::json!({
                "rating": line.rating,
                "k": line.k.map(|k| k.k),
                "games": line.games,
                "score": fraction(i64::from(line.half_points), 2),
                "expected": line.expected.map(|e| fraction(i64::from(e), 100)),
                "change": line.change.map(|c| fraction(c, 100)),
                "new_rating": line.new_rating,
            });
            ours.insert((path.display().to_string(), line.start_no), value);
        }
    }
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/rating_oracle.py");
    let output = Command::new("python3")
        .arg(&script)
        .args(&arguments)
        .output()
        .expect("python3 runs the oracle");
    assert!(
        output.status.success(),
        "the oracle failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let mut compared = 0;
    let (mut unrated, mut top, mut juniors_40, mut capped) = (0, 0, 0, 0);
    for line in String::from_utf8(output.stdout).unwrap().lines() {
        let mut theirs: serde_json::Value = serde_json::from_str(line).unwrap();
        let object = theirs.as_object_mut().unwrap();
        let file = object.remove("file").unwrap().as_str().unwrap().to_string();
        let start_no = object.remove("start_no").unwrap().as_u64().unwrap() as u32;
        let mine = &ours[&(file.clone(), start_no)];
        assert_eq!(mine, &theirs, "{file}, start number {start_no}");
        compared += 1;
        unrated += usize::from(theirs["rating"].is_null());
        top += usize::from(theirs["rating"].as_u64().is_some_and(|r| r >= 2650));
        juniors_40 += usize::from(theirs["k"] == 40);
        capped += usize::from(
            theirs["k"]
                .as_u64()
                .is_some_and(|k| ![10, 20, 40].contains(&k)),
        );
    }
    assert_eq!(compared, ours.len());
    // The generator reached every case it is meant to.
    assert!(
        unrated > 50 && top > 50 && juniors_40 > 50 && capped > 3,
        "{unrated} unrated, {top} at 2650+, {juniors_40} at K 40, {capped} capped at 700"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Every note's key has words in every catalogue (English and Chinese).
#[test]
fn every_rating_note_has_words_in_every_catalogue() {
    for catalogue in arbiter_messages::catalogues() {
        for key in RatingNote::KEYS {
            assert!(
                catalogue.template(key).is_some(),
                "{}: no entry for {key}",
                catalogue.language()
            );
        }
    }
}
