//! The moves the reader finds in each real capture, refereed, are the
//! game the capture holds (`.uci` / `.pgn`).

use arbiter_eboard::{BoardReader, Decoder, Notice, Reading, capture};
use arbiter_referee::{Event, EventKind, Game, GameSetup, Mode};
use arbiter_rules::Position;

fn read(name: &str, ext: &str) -> String {
    let path = arbiter_testdata::path(&format!("eboards/dgt/{name}.{ext}"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The moves of a `.uci` (`1. e2e4 e7e5` lines) or `.pgn` movetext: every
/// word but move numbers and the result.
fn moves_of(text: &str) -> Vec<String> {
    text.split_whitespace()
        .filter(|w| !w.ends_with('.') && !["*", "1-0", "0-1", "1/2-1/2"].contains(w))
        .map(|w| w.trim_end_matches(['+', '#']).to_string())
        .collect()
}

struct Refereed {
    game: Game,
    readings: Vec<Reading>,
    refused: Vec<(Event, String)>,
}

/// Feeds a capture through decoder, reader and referee, one chunk every
/// 100 ms, the reader kept on the referee's position.
fn referee(name: &str) -> Refereed {
    let setup = GameSetup {
        mode: Mode::OverTheBoard,
        ..GameSetup::default()
    };
    let mut game = Game::new(setup).unwrap();
    let mut reader = BoardReader::new(Position::new());
    let mut decoder = Decoder::new();
    let mut readings = Vec::new();
    let mut refused = Vec::new();
    let chunks = capture::chunks(&read(name, "inbytes")).unwrap();
    let mut at = 0;
    let mut apply = |reading: Reading, reader: &mut BoardReader, game: &mut Game| {
        if let Reading::Event(e) = &reading {
            let verdict = game.apply(e.clone());
            if let Some(r) = verdict.rejection() {
                refused.push((e.clone(), r.ruling.message().text("en").to_string()));
            }
            reader.set_game(game.position().clone());
        }
        readings.push(reading);
    };
    for chunk in chunks {
        at += 100;
        decoder.feed(&chunk);
        while let Some(m) = decoder.next_message() {
            for r in reader.message(&m.unwrap(), at) {
                apply(r, &mut reader, &mut game);
            }
        }
    }
    for r in reader.finish(at + 100) {
        apply(r, &mut reader, &mut game);
    }
    Refereed {
        game,
        readings,
        refused,
    }
}

fn played(r: &Refereed, san: bool) -> Vec<String> {
    let mut moves: Vec<String> = r
        .game
        .plies()
        .iter()
        .map(|p| if san { p.san.clone() } else { p.uci.clone() })
        .map(|m| m.trim_end_matches(['+', '#']).to_string())
        .collect();
    // A move made and never pressed (the capture ends first) stands on the
    // board as the referee's pending move.
    if let Some(m) = r.game.pending_move() {
        moves.push(if san {
            arbiter_referee::notation::san(r.game.position(), m)
                .trim_end_matches(['+', '#'])
                .to_string()
        } else {
            m.to_string()
        });
    }
    moves
}

#[test]
fn capture_1_is_its_uci_game() {
    let r = referee("1");
    assert_eq!(played(&r, false), moves_of(&read("1", "uci")));
    assert!(r.refused.is_empty(), "{:?}", r.refused);
}

#[test]
fn capture_2_turned_round_is_its_uci_game_with_the_last_move_unpressed() {
    let r = referee("2");
    assert!(r.readings.contains(&Reading::Notice(Notice::TurnedRound)));
    let want = moves_of(&read("2", "uci"));
    assert_eq!(played(&r, false), want);
    // 50.Qh6 stands on the board, made but never pressed.
    assert_eq!(r.game.plies().len(), want.len() - 1);
    assert_eq!(
        r.game.pending_move().map(|m| m.to_string()),
        want.last().cloned()
    );
    assert!(r.refused.is_empty(), "{:?}", r.refused);
}

#[test]
fn capture_johan_is_its_pgn_game() {
    let r = referee("johan");
    assert_eq!(played(&r, true), moves_of(&read("johan", "pgn")));
    // After the flag, the kings put in the centre are touches of a game the
    // referee has not ended (untimed here): they are refused only if over.
    let presses = r
        .readings
        .iter()
        .filter(|x| matches!(x, Reading::Event(e) if e.kind == EventKind::PressClock))
        .count();
    assert_eq!(presses, r.game.plies().len());
}
