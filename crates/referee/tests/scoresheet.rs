//! LAWS.md, "Recording" and "Notation": the scoresheet in pairs with the
//! head the classic rules ask for, and the PGN export.

mod common;
use arbiter_referee::recorded::{ImportOptions, read_pgn, to_events};
use arbiter_referee::scoresheet::Language;
use arbiter_referee::{Game, GameResult, Player};
use common::run_with;

fn mated() -> Game {
    run_with(
        "
        setup tc=300+2
        0      arbiter start
        3000   white   move f3
        5000   black   move e5
        9000   white   move g4 offer
        10500  black   move Qh4#
        ",
        |s| {
            s.white = Player {
                name: "Li Wei".into(),
                rating: Some(1850),
                fide_id: Some(8_600_000),
            };
            s.black = Player::named("王芳");
            s.event = "Club championship".into();
            s.site = "Beijing".into();
            s.date = "2026.11.29".into();
            s.time = "19:30:00".into();
            s.round = "3".into();
        },
    )
}

#[test]
fn the_record_lists_moves_in_pairs_under_the_head() {
    let sheet = mated().scoresheet();
    assert_eq!(sheet.rows.len(), 2);
    assert_eq!(sheet.rows[1].white.as_ref().unwrap().san, "g4");
    assert!(sheet.rows[1].white.as_ref().unwrap().offered_draw);
    assert_eq!(sheet.rows[1].black.as_ref().unwrap().chinese, "后h4#");
    let zh = sheet.render(Language::Chinese);
    for expected in [
        "白方: Li Wei (1850)",
        "黑方: 王芳",
        "日期: 2026.11.29  时间: 19:30:00",
        "地点: Beijing",
        "后h4#",
        "结果: 0-1",
    ] {
        assert!(zh.contains(expected), "{expected:?} missing from\n{zh}");
    }
    let en = sheet.render(Language::English);
    assert!(en.contains("  2. g4 (=) [0:04:57]"), "{en}");
}

#[test]
fn pgn_export_has_clock_times_and_a_result_matching_the_verdict() {
    let pgn = mated().to_pgn();
    for expected in [
        "[Result \"0-1\"]",
        "[TimeControl \"300+2\"]",
        "[Termination \"normal\"]",
        "[WhiteElo \"1850\"]",
        "[WhiteFideId \"8600000\"]",
        "[Time \"19:30:00\"]",
        "1. f3 {[%clk 0:04:59]} 1... e5 {[%clk 0:05:00]} 2. g4 {[%clk 0:04:57] (=)} 2... Qh4# {[%clk 0:05:00.5]}",
        "{checkmate: Black wins (FIDE 5.1.1)} 0-1",
    ] {
        let flat = pgn.replace('\n', " ");
        assert!(flat.contains(expected), "{expected:?} missing from\n{pgn}");
    }
    // It reads back to the same moves and times.
    let games = read_pgn(&pgn).unwrap();
    assert_eq!(games[0].result, Some(GameResult::BlackWins));
    let imported = to_events(&games[0], &ImportOptions::default()).unwrap();
    let (again, _) = Game::replay(imported.setup, imported.events).unwrap();
    assert_eq!(again.result(), GameResult::BlackWins);
    // The draw offer comes back with its move.
    let offers: Vec<bool> = again.plies().iter().map(|p| p.offered_draw).collect();
    assert_eq!(offers, [false, false, true, false]);
    let times: Vec<Option<i64>> = again.plies().iter().map(|p| p.clock_ms).collect();
    let original: Vec<Option<i64>> = mated().plies().iter().map(|p| p.clock_ms).collect();
    assert_eq!(times, original);
}

#[test]
fn a_flag_is_a_time_forfeit_in_pgn() {
    let game = run_with(
        "
        setup tc=60
        0      arbiter start
        1000   white   move e4
        2000   black   move e5
        70000  arbiter tick
        ",
        |_| {},
    );
    let pgn = game.to_pgn();
    assert!(pgn.contains("[Termination \"time forfeit\"]"), "{pgn}");
    assert!(pgn.contains("[Result \"0-1\"]"), "{pgn}");
}

/// A game one player never moved in is abandoned in PGN, as lichess writes
/// it, whatever decided it: here his flag.
#[test]
fn an_unplayed_game_is_abandoned_in_pgn() {
    let game = run_with(
        "
        setup tc=60
        0      arbiter start
        1000   white   move e4
        70000  arbiter tick
        ",
        |_| {},
    );
    let pgn = game.to_pgn();
    assert!(pgn.contains("[Termination \"abandoned\"]"), "{pgn}");
    assert!(pgn.contains("[Result \"1-0\"]"), "{pgn}");
}

/// FIDE 9.1.2.2: whenever the offer is made, each player notes it on the
/// scoresheet; the record marks the offerer's move that goes with it.
#[test]
fn an_offer_made_apart_from_a_move_is_noted_with_the_offerers_move() {
    // Black offers on White's time: noted after Black's last move, e5.
    // White offers before moving: noted with the move White then makes.
    let game = run_with(
        "
        setup tc=300+2
        0      arbiter start
        3000   white   move e4
        5000   black   move e5
        6000   black   offer
        7000   white   decline
        8000   white   offer
        9000   white   move Nf3
        ",
        |_| {},
    );
    let offers: Vec<bool> = game.plies().iter().map(|p| p.offered_draw).collect();
    assert_eq!(offers, [false, true, true]);
    let sheet = game.scoresheet().render(Language::English);
    assert!(sheet.contains("1. e4 [0:04:59]"), "{sheet}");
    assert!(sheet.contains("e5 (=) [0:05:00]"), "{sheet}");
    assert!(sheet.contains("2. Nf3 (=) [0:04:57]"), "{sheet}");
    let pgn = game.to_pgn().replace('\n', " ");
    assert!(
        pgn.contains("1... e5 {[%clk 0:05:00] (=)} 2. Nf3 {[%clk 0:04:57] (=)}"),
        "{pgn}"
    );
    // Without the offer, the record is as it always was.
    let plain = run_with(
        "
        setup tc=300+2
        0      arbiter start
        3000   white   move e4
        5000   black   move e5
        ",
        |_| {},
    );
    assert!(!plain.to_pgn().contains("(=)"));
}

/// PGN standard 8.1.1 and 9.6.1: what is not known is `?`, and the one
/// `TimeControl` tag cannot state two controls, so a game where the sides
/// had different ones says `?` there and gives each side its own tag.
#[test]
fn pgn_export_marks_what_it_does_not_know() {
    let game = run_with(
        "
        setup tc=300+2
        0      arbiter start
        ",
        |s| s.black_time_control = Some("180+2".parse().unwrap()),
    );
    let pgn = game.to_pgn();
    for expected in [
        "[Event \"?\"]",
        "[Date \"????.??.??\"]",
        "[White \"?\"]",
        "[TimeControl \"?\"]",
        "[WhiteTimeControl \"300+2\"]",
        "[BlackTimeControl \"180+2\"]",
    ] {
        assert!(pgn.contains(expected), "{expected:?} missing from\n{pgn}");
    }
    // Read back, the sides keep their own controls.
    let games = read_pgn(&pgn).unwrap();
    let imported = to_events(&games[0], &ImportOptions::default()).unwrap();
    assert_eq!(imported.setup.time_control.to_string(), "300+2");
    assert_eq!(
        imported.setup.black_time_control.map(|tc| tc.to_string()),
        Some("180+2".to_string())
    );
}
