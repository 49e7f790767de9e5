//! No input makes the TRF reader panic; every error names the line (and the
//! column) where the file is wrong; written tournaments read back the same.

use arbiter_rules::PlayerResult;
use arbiter_tournament::trf;
use arbiter_tournament::{Player, PointSystem, Points, ResultCode, RoundEntry, Tournament};
use proptest::prelude::*;

/// Characters TRF files are made of, so that random text gets past the first
/// checks and into the fields.
fn trf_like_text() -> impl Strategy<Value = String> {
    let line = prop::collection::vec(
        prop::sample::select(vec![
            '0', '1', '2', '9', ' ', ' ', ' ', 'w', 'b', '-', '+', '=', 'H', 'U', 'F', 'Z', 'X',
            '.', ',', '\r', 'é',
        ]),
        0..140,
    )
    .prop_map(|chars| chars.into_iter().collect::<String>());
    let prefix = prop::sample::select(vec![
        "001", "XXR", "XXC", "XXA", "XXZ", "XXP", "142", "152", "162", "240", "250", "260", "BBW",
        "BBU", "012", "",
    ]);
    prop::collection::vec((prefix, line), 0..12).prop_map(|lines| {
        lines
            .into_iter()
            .map(|(p, l)| format!("{p}{l}\n"))
            .collect::<String>()
    })
}

/// A valid tournament: `n` players, `rounds` rounds of random pairings with
/// games, forfeits both ways, byes of every kind and absences.
fn tournament() -> impl Strategy<Value = Tournament> {
    (1u32..24, 0u32..9, any::<u64>(), any::<bool>()).prop_map(|(n, rounds, seed, three)| {
        let mut rng = seed | 1;
        let mut next = move |bound: u32| -> u32 {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            (rng % u64::from(bound)) as u32
        };
        let mut t = Tournament::default();
        if three {
            t.points = PointSystem::three_one_zero();
            t.points.half_point_bye = t.points.draw;
        }
        t.planned_rounds = Some(rounds.max(1));
        for no in 1..=n {
            let mut p = Player::new(no, format!("Player{no:04}, Given"));
            p.rating = if next(5) == 0 { 0 } else { 1000 + next(1800) };
            p.fide_id = (next(3) > 0).then(|| u64::from(next(30_000_000)) + 1);
            p.federation = ["ESP", "NOR", "", "CHN"][next(4) as usize].to_string();
            p.sex = [None, Some('m'), Some('w')][next(3) as usize];
            p.title =
                [None, Some("g".to_string()), Some("wf".to_string())][next(3) as usize].clone();
            p.birth = ["", "1990", "2001/04/02"][next(3) as usize].to_string();
            p.stated_rank = (next(2) == 0).then_some(no);
            t.register(p);
        }
        for round in 1..=rounds {
            let mut order: Vec<u32> = (1..=n).collect();
            for i in (1..order.len()).rev() {
                order.swap(i, next(i as u32 + 1) as usize);
            }
            let mut waiting = Vec::new();
            for &no in &order {
                match next(12) {
                    0 => t.set_cell(no, round, RoundEntry::unpaired(ResultCode::HalfPointBye)),
                    1 => t.set_cell(no, round, RoundEntry::unpaired(ResultCode::ZeroPointBye)),
                    2 => t.set_cell(no, round, RoundEntry::unpaired(ResultCode::ForfeitLoss)),
                    _ => waiting.push(no),
                }
            }
            if waiting.len() % 2 == 1 {
                let bye = waiting.pop().unwrap();
                let code =
                    [ResultCode::PairingAllocatedBye, ResultCode::FullPointBye][next(2) as usize];
                t.set_cell(bye, round, RoundEntry::unpaired(code));
            }
            for pair in waiting.chunks(2) {
                let (white, black) = (pair[0], pair[1]);
                match next(10) {
                    0 => {
                        let codes = match next(3) {
                            0 => (ResultCode::ForfeitWin, ResultCode::ForfeitLoss),
                            1 => (ResultCode::ForfeitLoss, ResultCode::ForfeitWin),
                            _ => (ResultCode::ForfeitLoss, ResultCode::ForfeitLoss),
                        };
                        t.record_forfeit(round, white, black, codes);
                    }
                    r => {
                        let result = [PlayerResult::Win, PlayerResult::Draw, PlayerResult::Loss]
                            [(r % 3) as usize];
                        t.record_game(round, white, black, result);
                    }
                }
            }
        }
        for e in &mut t.entrants {
            e.player.stated_points = Some(e.score_after(rounds, &t.points));
        }
        t
    })
}

/// The lines of a file as an editor numbers them: LF, CRLF and CR each end
/// one line.
fn file_lines(text: &str) -> Vec<&str> {
    text.split('\n')
        .flat_map(|l| l.strip_suffix('\r').unwrap_or(l).split('\r'))
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn arbitrary_text_never_panics(text in any::<String>()) {
        if let Err(e) = trf::read(&text) {
            prop_assert!(e.line >= 1 && e.column >= 1);
        }
    }

    #[test]
    fn trf_like_text_never_panics_and_errors_name_a_line_of_the_file(text in trf_like_text()) {
        if let Err(e) = trf::read(&text) {
            let lines = file_lines(&text);
            prop_assert!(e.line >= 1 && e.line <= lines.len(), "{e} in a file of {} lines", lines.len());
            prop_assert!(!lines[e.line - 1].trim().is_empty(), "{e} names a blank line");
            prop_assert!(e.column >= 1);
            let prefix = format!("line {}, column {}", e.line, e.column);
            prop_assert!(e.to_string().starts_with(&prefix));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn a_written_tournament_reads_back_the_same(t in tournament()) {
        let text = trf::write(&t);
        let again = trf::read(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        prop_assert_eq!(again, t);
    }

    #[test]
    fn a_spoilt_field_is_reported_at_its_line_and_column(
        t in tournament(),
        which in any::<prop::sample::Index>(),
        field in 0usize..7,
        junk in prop::sample::select(vec!['x', '?', '#', '*', 'q']),
    ) {
        let text = trf::write(&t);
        let lines: Vec<&str> = text.lines().collect();
        let players: Vec<usize> = (0..lines.len()).filter(|&i| lines[i].starts_with("001")).collect();
        let index = players[which.index(players.len())];
        let mut chars: Vec<char> = lines[index].chars().collect();
        let rounds = (chars.len().saturating_sub(91) + 1) / 10;
        // rating, FIDE id, points, rank, then a round's opponent, colour, result.
        let column = match field {
            0 => 50,
            1 => 66,
            2 => 82,
            3 => 87,
            f if rounds > 0 => 91 + 10 * ((f + index) % rounds) + [1, 5, 7][f - 4],
            _ => 50,
        };
        while chars.len() <= column {
            chars.push(' ');
        }
        chars[column] = junk;
        let spoilt_line: String = chars.into_iter().collect();
        let mut spoilt: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
        spoilt[index] = spoilt_line;
        let error = trf::read(&spoilt.join("\n")).expect_err("a spoilt field must not read");
        prop_assert_eq!(error.line, index + 1, "{}", error);
        // Fields report the column where they begin; the spoilt character is
        // inside the field.
        prop_assert!(error.column <= column + 1 && error.column + 11 > column, "{}", error);
    }
}

#[test]
fn a_score_is_what_the_points_system_says() {
    let mut t = Tournament::default();
    t.register(Player::new(1, "A"));
    t.register(Player::new(2, "B"));
    t.record_game(1, 1, 2, PlayerResult::Win);
    t.set_cell(1, 2, RoundEntry::unpaired(ResultCode::HalfPointBye));
    assert_eq!(t.score_after(1, 2), Points::from_tenths(15));
    t.points = PointSystem::three_one_zero();
    assert_eq!(t.score_after(1, 2), Points::whole(4));
}
