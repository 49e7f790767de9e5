//! The per-position expectation: curves fitted by the gap between the
//! engine's lines, a player's z-scores against what his band would have
//! done in his positions, the baseline file (format 3) and the analysed
//! moves kept as a file.

use arbiter_fairplay::baseline::BASELINE_FORMAT;
use arbiter_fairplay::expectation::{BinFigure, Curves, GAP_EDGES_CP, MIN_BIN_MOVES, gap_bin};
use arbiter_fairplay::{
    AnalysedMoves, AnalysisFileError, Baseline, BaselineError, EngineId, MoveScore, PlayerMoves,
    Settings, SideMoves,
};
use arbiter_messages::catalogues;
use arbiter_rules::Color;

fn engine() -> EngineId {
    EngineId {
        name: "Test engine 1".into(),
        nodes: 1000,
        multipv: 3,
    }
}

/// A move in a position whose engine lines stand `gap` and `2 * gap`
/// centipawns below the best; `rank` is where the move played stands.
fn move_at(gap: i32, rank: usize) -> MoveScore {
    let lines_cp = vec![30, 30 - gap, 30 - 2 * gap];
    MoveScore {
        rank: Some(rank),
        loss_cp: if rank == 0 {
            0
        } else {
            (gap * rank as i32) as u32
        },
        accuracy: if rank == 0 { 100.0 } else { 80.0 },
        complex: gap <= 50,
        spent_ms: None,
        lines_cp,
    }
}

/// `n` moves at `gap`, the first `best` of them the engine's first
/// choice, the others its second.
fn moves_at(gap: i32, n: usize, best: usize) -> Vec<MoveScore> {
    (0..n)
        .map(|i| move_at(gap, if i < best { 0 } else { 1 }))
        .collect()
}

#[test]
fn a_gap_falls_in_the_bin_of_the_last_edge_at_or_below_it() {
    assert_eq!(gap_bin(&GAP_EDGES_CP, Some(0)), 0);
    assert_eq!(gap_bin(&GAP_EDGES_CP, Some(4)), 0);
    assert_eq!(gap_bin(&GAP_EDGES_CP, Some(5)), 1);
    assert_eq!(gap_bin(&GAP_EDGES_CP, Some(120)), 7);
    assert_eq!(gap_bin(&GAP_EDGES_CP, Some(2000)), GAP_EDGES_CP.len() - 1);
    // No second line: nothing within reach, the last bin.
    assert_eq!(gap_bin(&GAP_EDGES_CP, None), GAP_EDGES_CP.len() - 1);
}

#[test]
fn the_fitted_curve_gives_each_bin_its_own_rate_and_spread() {
    // Gap 0 (bin 0): 30 of 100 found; gap 60 (bin 5): 90 of 100.
    let mut moves = moves_at(0, 100, 30);
    moves.extend(moves_at(60, 100, 90));
    let curves = Curves::fit(&GAP_EDGES_CP, &moves);
    assert_eq!(curves.top1[0].moves, 100);
    assert!((curves.top1[0].mean - 0.3).abs() < 1e-12);
    assert!((curves.top1[0].sd - (0.3f64 * 0.7).sqrt()).abs() < 1e-12);
    assert!((curves.top1[5].mean - 0.9).abs() < 1e-12);
    // The empty bins between take the nearest measured one's figure, the
    // smaller gap's first, and count no moves of their own.
    assert_eq!(curves.top1[3].moves, 0);
    assert!((curves.top1[3].mean - 0.3).abs() < 1e-12);
    assert!((curves.top1[10].mean - 0.9).abs() < 1e-12);
    // Losses: the second line at gap 60 loses 60, found moves nothing.
    assert!((curves.loss[5].mean - 6.0).abs() < 1e-12);
    assert!((curves.loss[5].sd - 18.0).abs() < 1e-9);
}

#[test]
fn a_match_rate_that_falls_as_the_gap_grows_is_pooled_into_one() {
    // Bin 2 (gap 10): 60 of 100 found; bin 3 (gap 20): 40 of 100. A
    // bigger gap never makes the best move harder to see: both are 50 %.
    let mut moves = moves_at(10, 100, 60);
    moves.extend(moves_at(20, 100, 40));
    let curves = Curves::fit(&GAP_EDGES_CP, &moves);
    for bin in [2, 3] {
        assert!((curves.top1[bin].mean - 0.5).abs() < 1e-12, "{bin}");
        assert!((curves.top1[bin].sd - 0.5).abs() < 1e-12, "{bin}");
        assert_eq!(curves.top1[bin].moves, 100);
    }
    // The loss is not made monotone: a bigger gap makes a miss rarer but
    // dearer.
    assert!((curves.loss[2].mean - 4.0).abs() < 1e-12);
    assert!((curves.loss[3].mean - 12.0).abs() < 1e-12);
}

#[test]
fn a_thin_bin_takes_the_pooled_figure() {
    let mut own = moves_at(0, 200, 60);
    own.extend(moves_at(60, MIN_BIN_MOVES as usize - 1, 0));
    let mut all = own.clone();
    all.extend(moves_at(60, 200, 180));
    let pooled = Curves::fit(&GAP_EDGES_CP, &all);
    let filled = Curves::measure(&GAP_EDGES_CP, &own).filled_from(&pooled);
    assert!((filled.top1[0].mean - 0.3).abs() < 1e-12);
    assert_eq!(filled.top1[5], pooled.top1[5]);
    assert_eq!(filled.loss[5], pooled.loss[5]);
}

#[test]
fn a_player_is_measured_against_his_own_positions() {
    // The band finds half the best moves at gap 0 and nine in ten at
    // gap 60.
    let curves = Curves {
        top1: vec![
            BinFigure {
                moves: 1000,
                mean: 0.5,
                sd: 0.5,
            },
            BinFigure {
                moves: 1000,
                mean: 0.9,
                sd: 0.3,
            },
        ],
        top3: vec![
            BinFigure {
                moves: 1000,
                mean: 1.0,
                sd: 0.0,
            };
            2
        ],
        loss: vec![
            BinFigure {
                moves: 1000,
                mean: 10.0,
                sd: 20.0,
            },
            BinFigure {
                moves: 1000,
                mean: 6.0,
                sd: 18.0,
            },
        ],
        accuracy: vec![
            BinFigure {
                moves: 1000,
                mean: 90.0,
                sd: 10.0,
            };
            2
        ],
    };
    let edges = [0, 50];
    // 10 moves at gap 0 (8 found), 10 at gap 60 (9 found).
    let mut moves = moves_at(0, 10, 8);
    moves.extend(moves_at(60, 10, 9));
    let tally = curves.tally(&edges, &moves);
    assert_eq!(tally.moves, 20);
    // Expected matches 10 × 0.5 + 10 × 0.9 = 14, variance
    // 10 × 0.25 + 10 × 0.09 = 3.4; he found 17.
    let z = tally.z_scores();
    assert!((z.top1 - 3.0 / 3.4f64.sqrt()).abs() < 1e-12, "{z:?}");
    // Every move was within the first three, as the band's: no evidence.
    assert_eq!(z.top3, 0.0);
    // Loss: expected 10 × 10 + 10 × 6 = 160, his 0 + 1 × 60 = 60,
    // variance 10 × 400 + 10 × 324.
    assert!((z.acpl - 100.0 / 7240f64.sqrt()).abs() < 1e-12, "{z:?}");
    let expected = tally.expected_per_move();
    assert!((expected.top1 - 0.7).abs() < 1e-12);
    assert!((expected.acpl - 8.0).abs() < 1e-12);

    // The same 17 of 20 against the band's overall rate (70 %) would be
    // z = 3 / sqrt(20 × 0.21): the positions' difficulty changes it.
    let overall = 3.0 / (20.0f64 * 0.21).sqrt();
    assert!(z.top1 > overall + 0.1, "{} vs {overall}", z.top1);
}

/// A field of 2100s with easy and hard positions.
fn field() -> Vec<PlayerMoves> {
    (0..12)
        .map(|i| {
            let mut moves = moves_at(0, 30, 10 + i % 3);
            moves.extend(moves_at(60, 30, 25 + i % 4));
            PlayerMoves {
                name: format!("Player {i:02}"),
                ratings: vec![2050 + i as u32 * 10],
                games: 3,
                moves,
            }
        })
        .collect()
}

#[test]
fn a_format_3_baseline_reads_back_with_its_curves() {
    let baseline = Baseline::build(engine(), Settings::default(), &field());
    assert_eq!(baseline.format, 3);
    assert_eq!(baseline.gap_edges_cp, GAP_EDGES_CP);
    let band = baseline.band(2100).expect("the 2000-2200 band");
    assert_eq!(band.curves.top1[0].moves, 360);
    assert!(band.curves.top1[0].mean < band.curves.top1[5].mean);
    let text = baseline.to_json();
    assert!(text.contains("\"format\": 3"));
    assert_eq!(Baseline::read(text.as_bytes()).unwrap(), baseline);
}

#[test]
fn a_baseline_of_another_format_is_refused_in_the_catalogues_words() {
    let baseline = Baseline::build(engine(), Settings::default(), &field());
    let former = baseline
        .to_json()
        .replace(&format!("\"format\": {BASELINE_FORMAT}"), "\"format\": 2");
    let error = Baseline::read(former.as_bytes()).unwrap_err();
    assert!(
        matches!(error, BaselineError::Format { found: 2 }),
        "{error}"
    );
    let text = error.format_text().expect("the catalogue words it");
    for catalogue in catalogues() {
        let words = catalogue.render(&text);
        assert!(words.contains('2') && words.contains('3'), "{words}");
        assert!(words.contains("arbiter fairplay baseline"), "{words}");
    }
    assert!(
        Baseline::read(b"{\"format\": 3}")
            .unwrap_err()
            .format_text()
            .is_none()
    );
}

fn analysed() -> AnalysedMoves {
    let side = |game: u64, color: Color, player: &str, gap: i32| SideMoves {
        game,
        color,
        player: player.into(),
        rating: Some(2100),
        moves: moves_at(gap, 3, 2),
    };
    AnalysedMoves {
        engine: engine(),
        settings: Settings::default(),
        sides: vec![
            side(1, Color::White, "B", 0),
            side(1, Color::Black, "A", 20),
            side(2, Color::White, "A", 60),
            side(2, Color::Black, "B", 5),
        ],
    }
}

#[test]
fn the_analysed_moves_read_back_and_gather_by_player() {
    let analysed = analysed();
    let text = analysed.to_jsonl();
    assert_eq!(text.lines().count(), 5);
    assert_eq!(AnalysedMoves::read(&text).unwrap(), analysed);
    let players = analysed.players();
    assert_eq!(players.len(), 2);
    assert_eq!((players[0].name.as_str(), players[0].games), ("A", 2));
    assert_eq!(players[0].moves.len(), 6);
    assert_eq!(players[0].moves[0].lines_cp, vec![30, 10, -10]);
}

#[test]
fn a_bad_analysis_file_names_its_line() {
    let text = analysed().to_jsonl();
    let broken: String = text
        .lines()
        .enumerate()
        .map(|(i, l)| {
            if i == 2 {
                "{\"game\": 1}\n".to_string()
            } else {
                format!("{l}\n")
            }
        })
        .collect();
    let error = AnalysedMoves::read(&broken).unwrap_err();
    assert!(
        matches!(error, AnalysisFileError::Line { line: 3, .. }),
        "{error}"
    );
    assert!(error.to_string().starts_with("line 3: "), "{error}");
    let future = text.replace("\"analysis_format\":1", "\"analysis_format\":2");
    assert!(matches!(
        AnalysedMoves::read(&future),
        Err(AnalysisFileError::Format { found: 2 })
    ));
    assert!(matches!(
        AnalysedMoves::read(""),
        Err(AnalysisFileError::Empty)
    ));
}
