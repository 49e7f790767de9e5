//! Every malformed TRF line is refused with its line (counted as an editor
//! counts them: blank lines too, whatever the line ends) and the column
//! where the fault is.

use arbiter_tournament::trf::{self, TrfErrorKind};

/// A player line in the fixed columns of TRF: start number in columns 5-8,
/// name from 15, rating 49-52, FIDE id 58-68, points 81-84, rank 86-89, and
/// the rounds from column 92, ten columns each.
fn player(no: u32, points: &str, rounds: &str) -> String {
    let name = format!("Player{no:04}");
    format!(
        "001 {no:>4}      {name:<33} 2000 FID {id:>11} 2000/01/01 {points:>4} {no:>4}  {rounds}",
        id = 1000 + no
    )
}

/// Reads `text`, which must fail, and returns the error's line, column and
/// kind.
fn refused(text: &str) -> (usize, usize, TrfErrorKind) {
    let e = trf::read(text).expect_err("a malformed file must not read");
    assert!(
        e.to_string()
            .starts_with(&format!("line {}, column {}: ", e.line, e.column)),
        "{e}"
    );
    (e.line, e.column, e.kind)
}

#[test]
fn blank_lines_count_towards_the_line_number() {
    let text = "012 Spring Open\n\n\nXXR nine\n";
    let (line, column, kind) = refused(text);
    assert_eq!((line, column), (4, 5));
    assert!(
        matches!(kind, TrfErrorKind::BadNumber { ref record, ref found }
        if record == "XXR" && found == "nine")
    );
}

#[test]
fn crlf_and_lone_cr_line_ends_count_one_line_each() {
    // CRLF: the blank line between is line 2.
    let (line, ..) = refused("012 Open\r\n\r\nXXR 0\r\n");
    assert_eq!(line, 3);
    // Old Mac files: CR alone.
    let (line, ..) = refused("012 Open\r\rXXR 0\r");
    assert_eq!(line, 3);
}

#[test]
fn a_line_without_a_record_code() {
    let (line, column, kind) = refused("012 Open\n12\n");
    assert_eq!((line, column), (2, 1));
    assert_eq!(kind, TrfErrorKind::NoRecordCode("12".to_string()));
}

#[test]
fn a_player_line_too_short_for_its_start_number() {
    let (line, column, kind) = refused("012 Open\n001 12\n");
    assert_eq!((line, column), (2, 4));
    assert_eq!(kind, TrfErrorKind::PlayerLineTooShort);
}

#[test]
fn a_start_number_used_twice_names_both_lines() {
    let text = format!(
        "012 Open\n{}\n{}\n",
        player(1, "0.0", ""),
        player(1, "0.0", "")
    );
    let (line, column, kind) = refused(&text);
    assert_eq!((line, column), (3, 5));
    assert_eq!(
        kind,
        TrfErrorKind::DuplicateStartNumber {
            number: 1,
            first_line: 2
        }
    );
}

#[test]
fn an_opponent_without_a_player_line_is_reported_at_the_round() {
    let text = format!(
        "012 Open\n{}\n{}\n",
        player(1, "1.0", "   3 w 1"),
        player(2, "0.0", "")
    );
    let (line, column, kind) = refused(&text);
    // Round 1's opponent field starts in column 92.
    assert_eq!((line, column), (2, 92));
    assert_eq!(
        kind,
        TrfErrorKind::UnknownOpponent {
            round: 1,
            opponent: 3
        }
    );
}

#[test]
fn an_opponent_who_names_someone_else_is_reported_at_the_round() {
    let text = format!(
        "012 Open\n{}\n{}\n{}\n",
        player(1, "1.0", "   2 w 1"),
        player(2, "0.0", "   3 b 0"),
        player(3, "1.0", "   2 w 1"),
    );
    let (line, column, kind) = refused(&text);
    assert_eq!((line, column), (2, 92));
    assert_eq!(
        kind,
        TrfErrorKind::PairingNotMutual {
            round: 1,
            opponent: 2,
            their: Some(3)
        }
    );
}

#[test]
fn a_result_code_trf_does_not_define() {
    let text = format!("012 Open\n{}\n", player(1, "0.0", "0000 - Q"));
    let (line, column, kind) = refused(&text);
    assert_eq!((line, column), (2, 99));
    assert_eq!(
        kind,
        TrfErrorKind::BadResult {
            round: 1,
            found: 'Q'
        }
    );
}

#[test]
fn header_records_with_bad_values() {
    // (file, line, column, what the message says)
    let cases: &[(&str, usize, usize, &str)] = &[
        (
            "012 Open\n152 X\n",
            2,
            5,
            "152: the initial colour must be W or B",
        ),
        (
            "XXC rank whitey\n",
            1,
            10,
            "XXC: the initial colour must be W or B",
        ),
        (
            "012 Open\n162 W 1.0 D\n",
            2,
            5,
            "162: expected pairs of a result letter",
        ),
        (
            "012 Open\n162 W 1.0 Q 0.5\n",
            2,
            5,
            "162: expected pairs of a result letter",
        ),
        ("BBW one\n", 1, 5, "the points \"one\" are not a number"),
        (
            "012 Open\n240 Q   3    1\n",
            2,
            5,
            "240: the bye type must be F, H, Z or blank",
        ),
        (
            "012 Open\n240 H  xx    1\n",
            2,
            7,
            "240: expected a positive number, found \"xx\"",
        ),
        ("XXZ 3 x4\n", 1, 7, "XXZ: \"x4\" is not a start number"),
        ("260 1,2,-3\n", 1, 9, "260: \"-3\" is not a start number"),
        ("XXA abcd\n", 1, 5, "XXA: \"abcd\" is not a start number"),
    ];
    // Record 250: game points in columns 10-13, first and last round 15-17
    // and 19-21, first and last player 23-26 and 28-31.
    let acceleration = |points: &str, rounds: (u32, u32), players: (u32, u32)| {
        format!(
            "250      {points:>4} {:>3} {:>3} {:>4} {:>4}\n",
            rounds.0, rounds.1, players.0, players.1
        )
    };
    let bad_rounds = acceleration("1.0", (3, 1), (1, 5));
    let bad_points = acceleration("xx.x", (1, 3), (1, 5));
    let bad_players = acceleration("1.0", (1, 3), (5, 1));
    let zero_round = acceleration("1.0", (0, 3), (1, 5));
    let cases: Vec<(&str, usize, usize, &str)> = cases
        .iter()
        .copied()
        .chain([
            (
                bad_rounds.as_str(),
                1,
                15,
                "250: the first round comes after the last",
            ),
            (
                bad_points.as_str(),
                1,
                10,
                "the points \"xx.x\" are not a number",
            ),
            (
                bad_players.as_str(),
                1,
                23,
                "250: the first player comes after the last",
            ),
            (
                zero_round.as_str(),
                1,
                15,
                "250: rounds and players must be positive",
            ),
        ])
        .collect();
    for (text, line, column, message) in cases {
        let e = trf::read(text).expect_err(text);
        assert_eq!((e.line, e.column), (line, column), "{text:?}: {e}");
        assert!(e.to_string().contains(message), "{text:?}: {e}");
    }
}

#[test]
fn a_listed_player_without_a_line_is_reported_where_listed() {
    let text = format!(
        "012 Open\n{}\n{}\nXXZ 1 9\n",
        player(1, "0.0", ""),
        player(2, "0.0", "")
    );
    let (line, column, kind) = refused(&text);
    assert_eq!((line, column), (4, 7));
    assert_eq!(
        kind,
        TrfErrorKind::UnknownListedPlayer {
            record: "XXZ".to_string(),
            number: 9
        }
    );
}
