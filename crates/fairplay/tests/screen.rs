//! Players against a baseline: z-scores, the Bonferroni threshold, and a
//! report that says "no signal" or "review" and never a verdict.

use arbiter_fairplay::baseline::{BASELINE_FORMAT, Measures};
use arbiter_fairplay::screen::{Threshold, screen};
use arbiter_fairplay::{
    Baseline, EngineId, MoveScore, PlayerMoves, Report, ReportText, Settings, baseline_hash,
};
use arbiter_messages::{Localized, catalogues, english};

fn engine() -> EngineId {
    EngineId {
        name: "Test engine 1".into(),
        nodes: 1000,
        multipv: 3,
    }
}

/// A player of `rating` whose `n` moves follow a fixed pattern: one in
/// `top1_every` is the engine's first choice, the others its third line
/// losing `loss` centipawns.
fn player(name: &str, rating: u32, n: usize, top1_every: usize, loss: u32) -> PlayerMoves {
    PlayerMoves {
        name: name.into(),
        ratings: vec![rating],
        games: 3,
        moves: (0..n)
            .map(|i| {
                let best = i % top1_every == 0;
                MoveScore {
                    rank: Some(if best { 0 } else { 2 }),
                    loss_cp: if best { 0 } else { loss + (i % 7) as u32 },
                    accuracy: if best { 100.0 } else { 70.0 + (i % 5) as f64 },
                    complex: i % 3 == 0,
                    spent_ms: Some(10_000 + (i % 4) as u64 * 5_000),
                    lines_cp: vec![20, 0, -20],
                }
            })
            .collect(),
    }
}

/// A field of honest 2100s: about a third of their moves top-1.
fn field() -> Vec<PlayerMoves> {
    (0..12)
        .map(|i| {
            player(
                &format!("Player {i:02}"),
                2050 + i as u32 * 10,
                60,
                3 + i % 2,
                40,
            )
        })
        .collect()
}

#[test]
fn the_threshold_divides_the_rate_among_the_players_screened() {
    let one = Threshold::bonferroni(0.001, 1);
    assert!((one.z - 3.090_232).abs() < 1e-5, "{}", one.z);
    let ten = Threshold::bonferroni(0.001, 10);
    assert!((ten.z - 3.719_016).abs() < 1e-5, "{}", ten.z);
    assert_eq!(ten.players, 10);
}

#[test]
fn a_player_like_his_band_shows_no_signal_and_one_like_the_engine_is_marked() {
    let baseline = Baseline::build(engine(), Settings::default(), &field());
    let band = baseline.band(2100).expect("the 2000-2200 band is measured");
    assert_eq!((band.from, band.to, band.players), (2000, 2200, 12));
    let honest = player("Honest", 2120, 60, 3, 40);
    let engine_like = player("Engine-like", 2120, 60, 1, 0);
    let (threshold, lines) = screen(&[honest, engine_like], Some(&baseline), 0.001);
    assert_eq!(threshold.players, 2);
    // The report is by name: Engine-like, then Honest.
    let [engine_like, honest] = &lines[..] else {
        panic!("two lines: {lines:?}")
    };
    assert_eq!(honest.figures.player, "Honest");
    assert!(honest.z.unwrap().abs() < threshold.z, "{:?}", honest.z);
    assert!(!honest.review);
    assert!(engine_like.z.unwrap() > threshold.z, "{:?}", engine_like.z);
    assert!(engine_like.review);
}

#[test]
fn unrated_players_and_short_records_get_no_z_score() {
    let baseline = Baseline::build(engine(), Settings::default(), &field());
    let mut unrated = player("Unrated", 2100, 60, 1, 0);
    unrated.ratings.clear();
    let short = player("Short", 2100, 10, 1, 0);
    let (threshold, lines) = screen(&[unrated, short], Some(&baseline), 0.001);
    assert_eq!(threshold.players, 0);
    assert!(lines.iter().all(|l| l.z.is_none() && !l.review));
}

#[test]
fn without_a_baseline_nobody_is_marked() {
    let (_, lines) = screen(&[player("A", 2100, 60, 1, 0)], None, 0.001);
    assert!(lines[0].z.is_none() && !lines[0].review);
}

#[test]
fn a_baseline_file_reads_back_and_is_named_by_its_hash() {
    let baseline = Baseline::build(engine(), Settings::default(), &field());
    let text = baseline.to_json();
    assert_eq!(Baseline::read(text.as_bytes()).unwrap(), baseline);
    assert_eq!(baseline_hash(text.as_bytes()).len(), 64);
    assert_ne!(
        baseline_hash(text.as_bytes()),
        baseline_hash(text.replace("1000", "1001").as_bytes())
    );
    let future = text.replace(
        &format!("\"format\": {BASELINE_FORMAT}"),
        &format!("\"format\": {}", BASELINE_FORMAT + 1),
    );
    let error = Baseline::read(future.as_bytes()).unwrap_err();
    assert!(error.to_string().contains("format"), "{error}");
}

#[test]
fn the_baseline_players_own_z_scores_are_brought_to_unit_spread() {
    let players = field();
    let baseline = Baseline::build(engine(), Settings::default(), &players);
    let zs: Vec<Measures> = players
        .iter()
        .filter_map(|p| baseline.z_scores(p))
        .collect();
    assert_eq!(zs.len(), players.len());
    let mean_square = zs.iter().map(|z| z.top1 * z.top1).sum::<f64>() / zs.len() as f64;
    assert!(mean_square <= 1.0 + 1e-9, "{mean_square}");
}

#[test]
fn the_combined_z_score_of_the_baseline_players_is_standard() {
    let players = field();
    let baseline = Baseline::build(engine(), Settings::default(), &players);
    // The four z-scores are correlated but not one: their plain mean
    // spreads narrower than a z-score, and the combined one makes up for it.
    assert!(
        baseline.combined_dispersion < 1.0,
        "{}",
        baseline.combined_dispersion
    );
    let (_, lines) = screen(&players, Some(&baseline), 0.001);
    let mean_square = lines.iter().map(|l| l.z.unwrap().powi(2)).sum::<f64>() / lines.len() as f64;
    assert!((mean_square - 1.0).abs() < 1e-9, "{mean_square}");
}

/// An honest 2100-ish player whose move times step by `step_ms` around
/// 20 seconds (0: the same time for every move).
fn timed(name: &str, rating: u32, step_ms: u64) -> PlayerMoves {
    let mut p = player(name, rating, 60, 3, 40);
    for (i, m) in p.moves.iter_mut().enumerate() {
        m.spent_ms = Some(20_000 + (i % 4) as u64 * step_ms);
    }
    p
}

#[test]
fn move_times_are_z_scores_against_the_band_and_stay_out_of_the_combined_z() {
    let timed_field: Vec<PlayerMoves> = (0..24)
        .map(|i| {
            timed(
                &format!("Player {i:02}"),
                2050 + i * 5,
                4_000 + u64::from(i) * 500,
            )
        })
        .collect();
    let baseline = Baseline::build(engine(), Settings::default(), &timed_field);
    let spread = baseline
        .band(2100)
        .unwrap()
        .time_cv
        .expect("24 timed players");
    assert_eq!(spread.players, 24);
    let steady = timed("Steady", 2100, 0);
    let varied = timed("Varied", 2100, 8_000);
    let time_z = baseline
        .time_z_scores(&steady.figures())
        .expect("a band with times");
    assert!(
        time_z.cv > 2.0,
        "a clock steadier than the band's: {time_z:?}"
    );
    assert!(time_z.fast.is_some());
    let (_, lines) = screen(&[steady.clone(), varied], Some(&baseline), 0.001);
    assert!(lines.iter().all(|l| l.time_z.is_some()));
    assert_eq!(
        lines[0].z, lines[1].z,
        "the same moves, the same combined z"
    );

    // Twelve players without times: no band figure, no time z-score.
    let untimed = Baseline::build(engine(), Settings::default(), &field());
    assert!(untimed.band(2100).unwrap().time_cv.is_none());
    assert!(untimed.time_z_scores(&steady.figures()).is_none());
}

fn report() -> Report {
    let baseline = Baseline::build(engine(), Settings::default(), &field());
    let players = [
        player("Honest", 2120, 60, 3, 40),
        player("Engine-like", 2120, 60, 1, 0),
        player("Newcomer", 2100, 5, 1, 0),
    ];
    let (threshold, players) = screen(&players, Some(&baseline), 0.001);
    Report {
        engine: engine(),
        settings: Settings::default(),
        baseline: Some(baseline_hash(baseline.to_json().as_bytes())),
        threshold,
        players,
    }
}

/// Words that would pass judgement on a player.
const VERDICT_WORDS: [&str; 9] = [
    "cheat", "guilty", "fraud", "caught", "proven", "作弊", "舞弊", "违规", "有罪",
];

#[test]
fn a_report_never_uses_the_words_of_a_verdict() {
    let report = report();
    for catalogue in catalogues() {
        let text = report.text(catalogue).to_lowercase();
        assert!(text.contains(&catalogue.render(&ReportText::Review).to_lowercase()));
        assert!(text.contains(&catalogue.render(&ReportText::NoSignal).to_lowercase()));
        for word in VERDICT_WORDS {
            assert!(
                !text.contains(word),
                "{}: {word} in\n{text}",
                catalogue.language()
            );
        }
        for key in ReportText::KEYS {
            let template = catalogue
                .template(key)
                .expect("every key is worded")
                .to_lowercase();
            for word in VERDICT_WORDS {
                assert!(!template.contains(word), "{key}: {word}");
            }
        }
    }
    let json = report.json_lines().to_lowercase();
    for word in VERDICT_WORDS {
        assert!(!json.contains(word), "{word} in {json}");
    }
}

#[test]
fn the_report_states_its_threshold_and_what_it_implies() {
    let report = report();
    let text = report.text(english());
    assert!(
        text.contains("Engine: Test engine 1, 1000 nodes a position, 3 lines"),
        "{text}"
    );
    assert!(
        text.contains(&format!("{:.2}", report.threshold.z)),
        "{text}"
    );
    assert!(text.contains("at most 0.001"), "{text}");
    assert!(text.contains("first 8 moves"), "{text}");
    assert!(text.contains(report.baseline.as_deref().unwrap()), "{text}");
}

#[test]
fn a_report_with_an_opening_book_names_the_book_not_a_number_of_moves() {
    let mut report = report();
    report.settings.book_moves = 0;
    report.settings.book = Some("ab12".repeat(16));
    for catalogue in catalogues() {
        let text = report.text(catalogue);
        assert!(text.contains(&"ab12".repeat(16)), "{text}");
    }
    let english = report.text(english());
    assert!(english.contains("opening book"), "{english}");
    assert!(!english.contains("first 0 moves"), "{english}");
    let line: serde_json::Value =
        serde_json::from_str(report.json_lines().lines().next().unwrap()).unwrap();
    assert_eq!(line["screen"]["exclusions"]["book"], "ab12".repeat(16));
}

#[test]
fn json_lines_carry_the_fields_the_issue_names() {
    let report = report();
    let lines: Vec<serde_json::Value> = report
        .json_lines()
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect();
    assert_eq!(lines.len(), 3);
    for line in &lines {
        for field in [
            "player", "rating", "games", "moves", "top1", "top3", "acpl", "z", "review",
        ] {
            assert!(line.get(field).is_some(), "{field} missing in {line}");
        }
        assert_eq!(line["screen"]["engine"]["nodes"], 1000);
    }
    assert_eq!(lines[0]["player"], "Engine-like");
    assert_eq!(lines[0]["review"], true);
    assert_eq!(lines[2]["player"], "Newcomer");
    assert!(lines[2]["z"].is_null());
}

#[test]
fn every_report_text_is_worded_in_every_catalogue() {
    for catalogue in catalogues() {
        for key in ReportText::KEYS {
            assert!(
                catalogue.template(key).is_some(),
                "{}: {key}",
                catalogue.language()
            );
        }
    }
    for key in english().keys().filter(|k| k.starts_with("fairplay-")) {
        assert!(ReportText::KEYS.contains(&key), "{key} is not a ReportText");
    }
    assert_eq!(ReportText::Review.key(), "fairplay-review");
}
