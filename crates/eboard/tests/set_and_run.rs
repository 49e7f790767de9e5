//! The DGT 3000's set-and-run mode on a simulated board: the command laid
//! out byte for byte as `dgtbrd.h` documents it, the clock's answer (an
//! acknowledgement spread over a `BWTIME`, then the new times), and the
//! reader taking the running face handed back by the program for what it
//! is: no press, no move.

use arbiter_eboard::simulator::{SimulatedBoard, parse_script};
use arbiter_eboard::{
    BoardReader, CLOCK_SET_AND_RUN, ClockAck, ClockRun, Command, Decoder, Message, Notice,
    Orientation, Reading,
};
use arbiter_referee::EventKind;
use arbiter_rules::Position;

#[test]
fn set_and_run_is_laid_out_as_documented() {
    // 0x2b, size (bytes after itself), start of a clock message, the
    // command, left h m s, right h m s (binary, not BCD), which face runs
    // (0x01 left, 0x02 right, 0x04 paused), end of the clock message.
    let cases = [
        (3723, 420, ClockRun::Left, [1, 2, 3, 0, 7, 0, 0x01]),
        (59, 5999, ClockRun::Right, [0, 0, 59, 1, 39, 59, 0x02]),
        (0, 0, ClockRun::Paused, [0, 0, 0, 0, 0, 0, 0x04]),
        // Ten hours and more: the clock's 9:59:59.
        (36_000, 40_000, ClockRun::Left, [9, 59, 59, 9, 59, 59, 0x01]),
    ];
    for (left_seconds, right_seconds, run, body) in cases {
        let command = Command::ClockSetAndRun {
            left_seconds,
            right_seconds,
            run,
        };
        let mut want = vec![0x2b, 0x0a, 0x03, CLOCK_SET_AND_RUN];
        want.extend(body);
        want.push(0x00);
        assert_eq!(command.to_bytes(), want, "{command:?}");
        assert_eq!(want[1] as usize, want.len() - 2);
        if left_seconds < 36_000 {
            assert_eq!(Command::parse(&want), Some(Ok((command, want.len()))));
        }
    }
}

#[test]
fn the_clock_acknowledges_a_set_and_run_then_shows_its_times() {
    let mut board = SimulatedBoard::new(&Position::new(), Orientation::Normal, Some(300));
    board.command(&Command::SendUpdates);
    let set = Command::ClockSetAndRun {
        left_seconds: 100,
        right_seconds: 420,
        run: ClockRun::Right,
    };
    // The board, as a program's port sees it: bytes.
    let parsed = Command::parse(&set.to_bytes()).unwrap().unwrap().0;
    let answer: Vec<u8> = board
        .command(&parsed)
        .iter()
        .flat_map(|m| m.to_bytes())
        .collect();
    // The acknowledgement: a BWTIME whose hours nibbles are 0x0a, ack0
    // 0x10 in byte 4, ack1 (the command answered) in byte 5.
    assert_eq!(
        answer[..10],
        [0x8d, 0x00, 0x0a, 0x0a, 0x10, 0x0a, 0x0a, 0x00, 0x00, 0x00]
    );
    let mut d = Decoder::new();
    d.feed(&answer);
    let out: Vec<Message> = d.map(Result::unwrap).collect();
    let [Message::ClockAck(ack), Message::Clock(times)] = &out[..] else {
        panic!("{out:?}")
    };
    assert_eq!(*ack, ClockAck::done(CLOCK_SET_AND_RUN));
    assert_eq!(ack.answers(), Some(CLOCK_SET_AND_RUN));
    assert!(!ack.is_error());
    assert_eq!((times.left.minutes, times.left.seconds), (1, 40));
    assert_eq!((times.right.minutes, times.right.seconds), (7, 0));
    assert!(times.running && times.right_turn && !times.left_turn);
}

#[test]
fn a_clock_acknowledgement_carries_its_top_bits_in_the_hours_bytes() {
    // A button (ack1 0x88, ack3 the button's code 0x33, Run), as the
    // protocol spreads it: ack1's top bit in bit 5 of byte 6, ack3's in
    // bit 5 of byte 3.
    let bytes = [0x8d, 0x00, 0x0a, 0x0a, 0x10, 0x08, 0x2a, 0x00, 0x33, 0x00];
    let mut d = Decoder::new();
    d.feed(&bytes);
    let Some(Ok(Message::ClockAck(ack))) = d.next_message() else {
        panic!()
    };
    assert_eq!(ack, ClockAck([0x10, 0x88, 0x00, 0x33]));
    assert_eq!(ack.answers(), None);
    assert_eq!(ack.button(), Some(0x33));
    assert_eq!(Message::ClockAck(ack).to_bytes(), bytes);
}

#[test]
fn the_move_handed_back_by_a_set_and_run_is_no_press() {
    // White completes an illegal move (g1-g3) and presses; the program sets
    // the clock back with White's face running.
    let mut board = SimulatedBoard::new(&Position::new(), Orientation::Normal, Some(300));
    let mut reader = BoardReader::new(Position::new());
    let mut decoder = Decoder::new();
    let mut feed = |messages: Vec<Message>, reader: &mut BoardReader| {
        for m in &messages {
            decoder.feed(&m.to_bytes());
        }
        let mut readings = Vec::new();
        for m in decoder.by_ref() {
            readings.extend(reader.message(&m.unwrap(), 0));
        }
        readings
    };
    feed(board.command(&Command::SendBoard), &mut reader);
    feed(board.command(&Command::SendUpdates), &mut reader);
    let mut readings = Vec::new();
    for step in parse_script("start\nlift g1\nplace g3 N\npress\n").unwrap() {
        readings.extend(feed(board.step(&step), &mut reader));
    }
    assert!(readings.iter().any(|r| matches!(
        r,
        Reading::Event(e) if matches!(e.kind, EventKind::Release { .. })
    )));
    let set_back = Command::ClockSetAndRun {
        left_seconds: 300,
        right_seconds: 420,
        run: ClockRun::Left,
    };
    let after = feed(board.command(&set_back), &mut reader);
    assert_eq!(after, [Reading::Notice(Notice::PressIgnored)]);
    assert_eq!(board.running(), (true, true));
    assert_eq!(board.faces_ms(), (300_000, 420_000));
}
