//! `arbiter pair --berger` and `arbiter standings` on TRF files.

mod cli;
use assert_cmd::assert::Assert;
use cli::{arbiter, json_lines};

/// A four-player round robin after round 1 (1-4 1-0, 2-3 ½-½).
const AFTER_ROUND_1: &str = "\
012 Four players
XXR 3
001    1      A                                 2400 NOR                         1.0          4 w 1
001    2      B                                 2300 CHN                         0.5          3 w =
001    3      C                                 2200                             0.5          2 b =
001    4      D                                 2100                             0.0          1 b 0
";

#[test]
fn berger_pairs_the_next_round_in_bbppairings_form() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("rr.trf");
    std::fs::write(&input, AFTER_ROUND_1).unwrap();
    arbiter()
        .args(["pair", "--berger"])
        .arg(&input)
        .arg("-p")
        .assert()
        .success()
        .stdout("2\n4 3\n1 2\n");
    let out = dir.path().join("round2.txt");
    arbiter()
        .args(["pair", "--berger"])
        .arg(&input)
        .arg("-p")
        .arg(&out)
        .assert()
        .success();
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "2\n4 3\n1 2\n");
}

#[test]
fn berger_past_the_last_round_exits_1_and_bad_input_exits_3() {
    let dir = tempfile::tempdir().unwrap();
    let done = dir.path().join("done.trf");
    // Three rounds played: nothing left to pair in a single round robin.
    let mut t = arbiter_tournament::trf::read(AFTER_ROUND_1).unwrap();
    t.record_game(2, 4, 3, arbiter_rules::PlayerResult::Draw);
    t.record_game(2, 1, 2, arbiter_rules::PlayerResult::Draw);
    t.record_game(3, 2, 4, arbiter_rules::PlayerResult::Draw);
    t.record_game(3, 3, 1, arbiter_rules::PlayerResult::Draw);
    std::fs::write(&done, arbiter_tournament::trf::write(&t)).unwrap();
    arbiter()
        .args(["pair", "--berger"])
        .arg(&done)
        .arg("-p")
        .assert()
        .code(1);
    let bad = dir.path().join("bad.trf");
    std::fs::write(&bad, "001    x      A\n").unwrap();
    arbiter()
        .args(["pair", "--berger"])
        .arg(&bad)
        .arg("-p")
        .assert()
        .code(3)
        .stderr(predicates::str::contains("line 1, column 5"));
}

/// Runs `arbiter standings` of [`AFTER_ROUND_1`] with these options.
fn standings_after_round_1(options: &[&str]) -> Assert {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("rr.trf");
    std::fs::write(&input, AFTER_ROUND_1).unwrap();
    arbiter()
        .arg("standings")
        .arg(&input)
        .args(options)
        .assert()
}

#[test]
fn standings_print_a_header_and_one_line_per_player_in_rank_order() {
    standings_after_round_1(&["--tiebreaks", "PTS,SB,WIN", "--tiebreak-rules", "2026"])
        .success()
        .stdout(
            "Rank\tStartNo\tName\tRating\tFed\tPTS\tSB\tWIN\n\
             1\t1\tA\t2400\tNOR\t1\t0\t1\n\
             2\t2\tB\t2300\tCHN\t0.5\t0.25\t0\n\
             2\t3\tC\t2200\t\t0.5\t0.25\t0\n\
             4\t4\tD\t2100\t\t0\t0\t0\n",
        );
}

#[test]
fn standings_as_json_key_the_tiebreaks_by_name() {
    let ended = standings_after_round_1(&["--tiebreaks", "PTS,BH/C1", "--json"]).success();
    let lines = json_lines(&ended.get_output().stdout);
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[0]["rank"], 1);
    assert_eq!(lines[0]["start_no"], 1);
    assert_eq!(lines[0]["name"], "A");
    assert_eq!(lines[0]["rating"], 2400);
    assert_eq!(lines[0]["federation"], "NOR");
    assert_eq!(lines[3]["federation"], "");
    assert_eq!(lines[0]["tiebreaks"]["PTS"], 1);
    assert_eq!(lines[1]["tiebreaks"]["PTS"], 0.5);
    assert!(lines[0]["tiebreaks"].get("BH/C1").is_some());
}

#[test]
fn standings_as_json_keep_the_documented_key_order() {
    let ended = standings_after_round_1(&["--tiebreaks", "PTS,SB,BH/C1", "--json"]).success();
    let text = String::from_utf8(ended.get_output().stdout.clone()).unwrap();
    let first = text.lines().next().unwrap();
    // rank, start_no, name, rating, federation, tiebreaks; the tie-breaks
    // as given, not sorted.
    assert!(
        first.starts_with(
            r#"{"rank":1,"start_no":1,"name":"A","rating":2400,"federation":"NOR","tiebreaks":{"PTS":"#
        ),
        "{first}"
    );
    let at = |key: &str| first.find(&format!("\"{key}\":")).unwrap();
    assert!(at("PTS") < at("SB") && at("SB") < at("BH/C1"), "{first}");
}

#[test]
fn an_unknown_tiebreak_is_refused_with_the_list() {
    standings_after_round_1(&["--tiebreaks", "PTS,XYZ"])
        .failure()
        .stderr(predicates::str::contains("unknown tie-break \"XYZ\""));
}

/// The four-player round robin with the records a rating report needs.
fn reportable() -> String {
    format!(
        "012 Four players\n022 Torino\n032 ITA\n042 2026/03/01\n052 2026/03/03\n102 Rossi, Mario\n{}",
        AFTER_ROUND_1.trim_start_matches("012 Four players\n")
    )
}

#[test]
fn rating_report_writes_the_round_dates_and_the_point_system() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("rr.trf");
    std::fs::write(&input, reportable()).unwrap();
    let out = arbiter()
        .arg("rating-report")
        .arg(&input)
        .args(["--round-dates", "2026-03-01"])
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let report = String::from_utf8(out).unwrap();
    let line = |code: &str| {
        report
            .lines()
            .find(|l| l.starts_with(code))
            .map(str::to_string)
    };
    assert_eq!(line("132").unwrap()[91..], *"26/03/01");
    assert!(line("162").is_some(), "TRF-2026 states the point system");
    assert_eq!(line("062").as_deref(), Some("062 4"));
    let trf16 = dir.path().join("report16.trf");
    arbiter()
        .arg("rating-report")
        .arg(&input)
        .args(["--round-dates", "2026-03-01", "--trf-edition", "16", "-o"])
        .arg(&trf16)
        .assert()
        .success();
    let text = std::fs::read_to_string(&trf16).unwrap();
    assert!(text.contains("\n132 ") && !text.contains("\n162"));
}

#[test]
fn rating_report_without_a_round_date_exits_3_naming_record_132() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("rr.trf");
    std::fs::write(&input, reportable()).unwrap();
    arbiter()
        .arg("rating-report")
        .arg(&input)
        .assert()
        .code(3)
        .stderr(predicates::str::contains("date of round 1 (record 132)"));
}
