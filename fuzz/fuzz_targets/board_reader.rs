//! The board reader fed arbitrary sequences of what a board and clock can
//! say (field updates, clock readings, board dumps, time passing), its
//! events refereed as `arbiter board` does: nothing may panic, every move
//! the reader makes is legal in the game it knows, every release starts
//! from a square holding the mover's piece, and the board it reports is a
//! board of eight ranks.
#![no_main]

use arbiter_eboard::{BoardReader, ClockFace, ClockReading, Contents, Field, Message, Reading};
use arbiter_referee::{EventKind, Game, GameSetup, Mode};
use arbiter_rules::Position;
use libfuzzer_sys::fuzz_target;

/// One message (or a tick) from up to four bytes.
enum Input {
    Message(Message),
    Tick(u64),
}

fn face(byte: u8) -> ClockFace {
    ClockFace {
        hours: 0,
        minutes: byte % 60,
        seconds: byte / 5 % 60,
        ..ClockFace::default()
    }
}

fn input(bytes: &[u8]) -> Option<Input> {
    let [op, a, b, c] = *bytes else { return None };
    let contents = |code: u8| Contents::from_code(code % 16).expect("0..16 are codes");
    Some(match op % 8 {
        // Field updates are most of what a board says.
        0..=4 => Input::Message(Message::FieldUpdate {
            field: Field::new(a % 64).expect("0..64"),
            contents: contents(b),
        }),
        5 => Input::Message(Message::Clock(ClockReading {
            left: face(a),
            right: face(b),
            running: c & 1 != 0,
            right_high: c & 2 != 0,
            battery_low: c & 4 != 0,
            left_turn: c & 8 != 0,
            right_turn: c & 16 != 0,
            no_clock: c & 32 != 0,
        })),
        6 => {
            // The start position with a few fields changed.
            let mut fields = [Contents::Empty; 64];
            let start = Position::new();
            for (i, slot) in fields.iter_mut().enumerate() {
                let field = Field::new(i as u8).expect("0..64");
                if let Some(p) = start.piece_at(field.square()) {
                    *slot = Contents::Piece(p);
                }
            }
            fields[usize::from(a % 64)] = contents(b);
            fields[usize::from(c % 64)] = Contents::Empty;
            Input::Message(Message::BoardDump(Box::new(fields)))
        }
        _ => Input::Tick(u64::from(a) * 20),
    })
}

fuzz_target!(|data: &[u8]| {
    let setup = GameSetup {
        mode: Mode::OverTheBoard,
        time_control: "300+0".parse().expect("a time control"),
        ..GameSetup::default()
    };
    let mut game = Game::new(setup).expect("a game");
    let mut reader = BoardReader::new(Position::new());
    if data.first().is_some_and(|b| b & 1 == 0) {
        // Without a clock, the arbiter starts the game.
        game.apply(arbiter_referee::Event::new(
            arbiter_referee::Actor::Arbiter,
            0,
            EventKind::Start,
        ));
        reader.start();
    }
    let mut at = 0u64;
    for bytes in data.get(1..).unwrap_or_default().chunks(4) {
        let Some(input) = input(bytes) else { break };
        let readings = match input {
            Input::Message(m) => {
                at += 50;
                reader.message(&m, at)
            }
            Input::Tick(ms) => {
                at += ms;
                reader.tick(at)
            }
        };
        for reading in readings {
            let Reading::Event(event) = reading else {
                continue;
            };
            match &event.kind {
                EventKind::Move { mv, .. } => {
                    let before = game.position().clone();
                    assert!(
                        before.legal_moves().iter().any(|m| {
                            let uci = format!("{}{}", m.from(), m.king_destination());
                            uci == mv[..4.min(mv.len())]
                        }),
                        "the reader made {mv}, not legal in {}",
                        before.to_fen()
                    );
                }
                EventKind::Release { from, .. } => {
                    assert!(
                        game.position()
                            .piece_at(*from)
                            .is_some_and(|p| p.color == game.position().turn()),
                        "a release from {from}, where the mover has no piece"
                    );
                }
                _ => {}
            }
            game.apply(event);
            reader.set_game(game.position().clone());
        }
        assert_eq!(reader.board_fen().split('/').count(), 8);
    }
    let _ = reader.finish(at + 1);
});
