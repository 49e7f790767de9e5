//! One scripted scenario per inference of the reader (docs/eboard.md):
//! the simulated board's bytes go through the decoder and the reader to
//! the referee, whose verdicts are checked.

mod hands;

use arbiter_eboard::simulator::{SimulatedBoard, parse_script};
use arbiter_eboard::{BoardReader, Command, Decoder, Notice, Orientation, Reading, SETTLE_MS};
use arbiter_referee::{Effect, Event, EventKind, Game, GameSetup, Mode, Verdict};
use arbiter_rules::{Position, Square};

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

struct Run {
    game: Game,
    decided: Vec<(Event, Verdict)>,
    notices: Vec<Notice>,
}

impl Run {
    fn kinds(&self) -> Vec<&EventKind> {
        self.decided.iter().map(|(e, _)| &e.kind).collect()
    }

    fn verdict_of(&self, kind: &EventKind) -> &Verdict {
        &self
            .decided
            .iter()
            .find(|(e, _)| &e.kind == kind)
            .unwrap_or_else(|| panic!("no {kind:?} in {:?}", self.kinds()))
            .1
    }

    fn has_effect(&self, f: impl Fn(&Effect) -> bool) -> bool {
        self.decided
            .iter()
            .flat_map(|(_, v)| v.consequences())
            .any(|c| f(&c.effect))
    }

    fn moves(&self) -> Vec<String> {
        self.game.plies().iter().map(|p| p.uci.clone()).collect()
    }
}

fn run(fen: &str, orientation: Orientation, clock: bool, script: &str) -> Run {
    run_settling(fen, orientation, clock, None, script)
}

/// [`run`], the reader waiting `settle_ms` (without a clock) before it
/// makes a move standing on the board.
fn run_settling(
    fen: &str,
    orientation: Orientation,
    clock: bool,
    settle_ms: Option<u64>,
    script: &str,
) -> Run {
    let position = Position::from_fen(fen).unwrap();
    let setup = GameSetup {
        mode: Mode::OverTheBoard,
        time_control: "300+0".parse().unwrap(),
        fen: (fen != START).then(|| fen.to_string()),
        ..GameSetup::default()
    };
    let mut game = Game::new(setup).unwrap();
    let mut board = SimulatedBoard::new(&position, orientation, clock.then_some(300));
    let mut reader = BoardReader::new(position);
    reader.settle_after(settle_ms);
    let mut decoder = Decoder::new();
    let mut decided = Vec::new();
    let mut notices = Vec::new();
    let mut now = 0;
    let mut bytes: Vec<u8> = [Command::SendBoard, Command::SendUpdates]
        .iter()
        .flat_map(|c| board.command(c))
        .flat_map(|m| m.to_bytes())
        .collect();
    if !clock {
        // Without a clock the arbiter starts the game.
        decided.push(start(&mut game));
        reader.start();
    }
    for step in parse_script(script).unwrap() {
        if let arbiter_eboard::simulator::Step::Wait(ms) = step {
            now += ms;
        }
        bytes.extend(board.step(&step).iter().flat_map(|m| m.to_bytes()));
        decoder.feed(&std::mem::take(&mut bytes));
        let mut readings = Vec::new();
        for m in decoder.by_ref() {
            readings.extend(reader.message(&m.unwrap(), now));
        }
        readings.extend(reader.tick(now));
        for r in readings {
            match r {
                Reading::Event(e) => {
                    let v = game.apply(e.clone());
                    decided.push((e, v));
                    reader.set_game(game.position().clone());
                }
                Reading::Notice(n) => notices.push(n),
            }
        }
    }
    Run {
        game,
        decided,
        notices,
    }
}

fn start(game: &mut Game) -> (Event, Verdict) {
    let e = Event::new(arbiter_referee::Actor::Arbiter, 0, EventKind::Start);
    (e.clone(), game.apply(e))
}

const OPENING: &str = "start\nlift e2\nplace e4 P\npress\nlift e7\nplace e5 p\npress\n";

#[test]
fn a_lifted_knight_put_back_binds_and_a_bishop_move_is_refused() {
    let r = run(
        START,
        Orientation::Normal,
        true,
        &format!("{OPENING}lift g1\nplace g1 N\nlift f1\nplace c4 B\npress\n"),
    );
    let touch = r.verdict_of(&EventKind::Touch { square: Square::G1 });
    assert!(touch.is_accepted());
    let release = r.verdict_of(&EventKind::Release {
        from: Square::F1,
        to: Square::C4,
        promotion: None,
    });
    let refusal = release.rejection().expect("the bishop move is refused");
    assert_eq!(refusal.ruling.rule.to_string(), "FIDE 4.3.1");
    assert_eq!(r.moves(), ["e2e4", "e7e5"]);
}

#[test]
fn an_illegal_move_completed_by_pressing_is_penalised() {
    let r = run(
        START,
        Orientation::Normal,
        true,
        "start\nlift g1\nplace g3 N\npress\n",
    );
    assert!(r.has_effect(|e| matches!(e, Effect::IllegalMoveCompleted { count: 1, .. })));
    assert!(r.has_effect(|e| matches!(e, Effect::TimeAdded { ms: 120_000, .. })));
    assert!(r.moves().is_empty());
}

#[test]
fn a_pawn_left_on_the_last_rank_unpromoted_is_an_illegal_move() {
    let fen = "8/4P3/8/8/8/8/k7/4K3 w - - 0 1";
    let r = run(
        fen,
        Orientation::Normal,
        true,
        "start\nlift e7\nplace e8 P\npress\n",
    );
    let release = r.verdict_of(&EventKind::Release {
        from: Square::E7,
        to: Square::E8,
        promotion: None,
    });
    assert!(release.is_accepted());
    // FIDE 7.5.2: the pawn becomes a queen and the move counts as illegal.
    assert!(r.has_effect(|e| matches!(e, Effect::IllegalMoveCompleted { .. })));
}

#[test]
fn a_new_piece_on_the_last_rank_is_the_promotion() {
    let fen = "8/4P3/8/8/8/8/k7/4K3 w - - 0 1";
    let r = run(
        fen,
        Orientation::Normal,
        true,
        "start\nlift e7\nplace e8 N\npress\n",
    );
    assert_eq!(r.moves(), ["e7e8n"]);
}

#[test]
fn castling_king_first_is_castling() {
    let fen = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
    let r = run(
        fen,
        Orientation::Normal,
        true,
        "start\nlift e1\nplace g1 K\nlift h1\nplace f1 R\npress\n",
    );
    assert_eq!(r.moves(), ["e1g1"]);
}

#[test]
fn castling_rook_first_is_refused_as_a_rook_move_is_due() {
    let fen = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
    let r = run(
        fen,
        Orientation::Normal,
        true,
        "start\nlift h1\nlift e1\nplace f1 R\nplace g1 K\npress\n",
    );
    let release = r.verdict_of(&EventKind::Release {
        from: Square::E1,
        to: Square::G1,
        promotion: None,
    });
    assert_eq!(
        release.rejection().unwrap().ruling.rule.to_string(),
        "FIDE 4.4.2"
    );
    assert!(r.moves().is_empty());
}

#[test]
fn en_passant_is_read() {
    let r = run(
        START,
        Orientation::Normal,
        true,
        "start\nlift e2\nplace e4 P\npress\nlift a7\nplace a6 p\npress\nlift e4\nplace e5 P\npress\nlift d7\nplace d5 p\npress\nlift d5\nlift e5\nplace d6 P\npress\n",
    );
    assert_eq!(r.moves(), ["e2e4", "a7a6", "e4e5", "d7d5", "e5d6"]);
}

#[test]
fn knocked_over_pieces_are_displaced_not_touched() {
    let r = run(
        START,
        Orientation::Normal,
        true,
        "start\nlift g1\nlift f2\nlift h2\nplace h2 P\nplace f2 P\nplace f3 N\npress\n",
    );
    assert!(r.verdict_of(&EventKind::PiecesDisplaced).is_accepted());
    assert!(
        !r.kinds()
            .contains(&&EventKind::Touch { square: Square::F2 })
    );
    assert!(
        !r.kinds()
            .contains(&&EventKind::Touch { square: Square::H2 })
    );
    assert!(r.notices.contains(&Notice::Restored));
    assert_eq!(r.moves(), ["g1f3"]);
}

#[test]
fn a_set_down_reported_before_its_lift_is_the_same_move() {
    let r = run(
        START,
        Orientation::Normal,
        true,
        "start\nplace e4 P\nlift e2\npress\n",
    );
    assert_eq!(r.moves(), ["e2e4"]);
}

#[test]
fn intermediate_set_downs_before_the_press_do_not_count() {
    let fen = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";
    let r = run(
        fen,
        Orientation::Normal,
        true,
        "start\nlift a1\nplace c1 R\nlift c1\nplace d1 R\nwait 3000\nlift d1\nplace a7 R\npress\n",
    );
    assert_eq!(r.moves(), ["a1a7"]);
    // One touch only: a lift from a square the game has no piece on is
    // the same hand carrying the same piece.
    let touches = r
        .kinds()
        .iter()
        .filter(|k| matches!(k, EventKind::Touch { .. }))
        .count();
    assert_eq!(touches, 1);
}

/// A rook slid from a1 to d1, set down on c1 on its way, then Black's
/// king to f7.
const ROOK_SLID: &str = "lift a1\nplace c1 R\nwait 200\nlift c1\nplace d1 R\nwait 2000\nlift e8\nplace f7 k\nwait 2000\n";

#[test]
fn without_a_clock_a_legal_move_set_down_is_the_move_and_press_at_once() {
    let r = run(
        "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
        Orientation::Normal,
        false,
        "lift a1\nplace d1 R\nlift e8\nplace f7 k\n",
    );
    assert_eq!(r.moves(), ["a1d1", "e8f7"]);
    assert!(
        r.kinds()
            .iter()
            .any(|k| matches!(k, EventKind::Move { mv, .. } if mv == "a1d1"))
    );
}

#[test]
fn without_a_clock_the_piece_just_moved_lifted_again_is_the_arbiters_case() {
    // The set-down on c1 is the release (FIDE 4.7): Rc1 is made. Lifting
    // the rook again is no new move of White's and no touch of Black's:
    // the arbiter is told, and decides.
    let r = run(
        "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
        Orientation::Normal,
        false,
        ROOK_SLID,
    );
    assert_eq!(r.moves(), ["a1c1"]);
    assert!(
        r.notices.contains(&Notice::LiftedAgain {
            square: Square::C1,
            set_down: Square::D1
        }),
        "{:?}",
        r.notices
    );
    assert!(
        !r.kinds()
            .iter()
            .any(|k| matches!(k, EventKind::Touch { square } if *square == Square::C1)),
        "{:?}",
        r.kinds()
    );
}

#[test]
fn with_the_settling_wait_a_slide_is_one_move_in_the_capture_time() {
    let r = run_settling(
        "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
        Orientation::Normal,
        false,
        Some(SETTLE_MS),
        ROOK_SLID,
    );
    assert_eq!(r.moves(), ["a1d1", "e8f7"]);
}

#[test]
fn a_board_turned_round_is_read_turned_round() {
    let r = run(
        START,
        Orientation::TurnedRound,
        true,
        &format!("{OPENING}lift g1\nplace f3 N\npress\n"),
    );
    assert!(r.notices.contains(&Notice::TurnedRound));
    assert_eq!(r.moves(), ["e2e4", "e7e5", "g1f3"]);
}

#[test]
fn a_single_piece_knocked_by_the_carrying_hand_is_noted_not_touched() {
    // The knight in the air knocks Black's d7 pawn, which rolls onto d6;
    // White stands it up on d7 again and completes the move.
    let r = run(
        START,
        Orientation::Normal,
        true,
        &format!("{OPENING}lift g1\nlift d7\nplace d6 p\nlift d6\nplace d7 p\nplace f3 N\npress\n"),
    );
    let noted = r.verdict_of(&EventKind::PiecesDisplaced);
    assert!(noted.is_accepted());
    assert!(
        noted
            .consequences()
            .iter()
            .any(|c| c.ruling.rule.to_string() == "FIDE 7.4")
    );
    assert!(
        !r.kinds()
            .iter()
            .any(|k| matches!(k, EventKind::Touch { square } if *square != Square::G1 && *square != Square::E2 && *square != Square::E7))
    );
    assert!(r.notices.contains(&Notice::Disturbed {
        squares: vec![Square::D7]
    }));
    assert!(r.notices.contains(&Notice::Restored));
    assert_eq!(r.moves(), ["e2e4", "e7e5", "g1f3"]);
}

#[test]
fn generated_clockless_games_with_noise_read_as_their_moves() {
    let mut special = 0;
    for seed in 1..=40u64 {
        let fen = hands::STARTS[seed as usize % hands::STARTS.len()];
        let game = hands::generated_game(seed, fen, 30);
        special += game.specials;
        let r = run(fen, Orientation::Normal, false, &game.script);
        assert_eq!(
            r.moves(),
            game.moves,
            "seed {seed}, from {fen}:\n{}",
            game.script
        );
        assert!(
            !r.notices
                .iter()
                .any(|n| matches!(n, Notice::LiftedAgain { .. })),
            "seed {seed}: {:?}",
            r.notices
        );
    }
    assert!(special > 100, "only {special} special moves");
}
