//! `arbiter ratings` on a TRF file: the columns, the JSON contract of
//! docs/tournaments.md, and bad input.

mod cli;
use cli::{arbiter, json_lines};

/// The worked example of docs/tournaments.md: a junior (born 2010, K 40),
/// a 2450 (K 10), a 2700 (no 400-point cap since October 2025) and an
/// unrated player who lost both his games against rated opponents; round 3
/// has a forfeit, which is not rated.
const SPRING: &str = "\
012 Spring Rapid
042 2026/04/11
XXR 3
001    1      Wang, Yue                         2150 CHN     8600001 2010/05/01  2.5          4 w 1     3 b =     2 w 1
001    2      Li, Chao                          2450 CHN     8600002 1989/04/21  1.5          3 w =     4 b 1     1 b 0
001    3      Zhao, Xue                         2700 CHN     8600003 1985/02/06  1.0          2 b =     1 w =     4 w -
001    4      Chen, Lu                               CHN             2000/01/01  1.0          1 b 0     2 w 0     3 b +
";

fn spring() -> (tempfile::TempDir, std::path::PathBuf) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("spring.trf");
    std::fs::write(&path, SPRING).unwrap();
    (dir, path)
}

#[test]
fn ratings_print_one_line_per_player_with_k_expected_and_change() {
    let (_dir, path) = spring();
    // Wang: PD .08 against the 2700 (D capped at 400), .15 against the
    // 2450: 40 × (1.5 − .23) = 50.8. Li: .19 + .85; 10 × (.5 − 1.04).
    // Zhao: .81 + .97 (D 550 counted in full); 10 × (1 − 1.78).
    arbiter()
        .arg("ratings")
        .arg(&path)
        .assert()
        .success()
        .stdout(
            "StartNo\tName\tRating\tK\tGames\tScore\tExpected\tChange\tNewRating\tNote\n\
             1\tWang, Yue\t2150\t40\t2\t1.5\t0.23\t50.8\t2201\t\n\
             2\tLi, Chao\t2450\t10\t2\t0.5\t1.04\t-5.4\t2445\t\n\
             3\tZhao, Xue\t2700\t10\t2\t1\t1.78\t-7.8\t2692\t\n\
             4\tChen, Lu\t-\t-\t2\t0\t-\t-\t-\tFIDE B.02 8.2.1: no point in 2 games against rated opponents: disregarded if this is the player's first event\n",
        );
}

#[test]
fn ratings_as_json_keep_the_documented_fields_and_order() {
    let (_dir, path) = spring();
    let output = arbiter()
        .arg("ratings")
        .arg(&path)
        .arg("--json")
        .output()
        .unwrap();
    assert!(output.status.success());
    let text = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4);
    assert_eq!(
        lines[0],
        r#"{"start_no":1,"name":"Wang, Yue","rating":2150,"k":40,"games":2,"score":1.5,"expected":0.23,"change":50.8,"new_rating":2201,"note":null}"#
    );
    let chen: serde_json::Value = serde_json::from_str(lines[3]).unwrap();
    assert_eq!(chen["rating"], serde_json::Value::Null);
    assert_eq!(chen["k"], serde_json::Value::Null);
    assert_eq!(chen["new_rating"], serde_json::Value::Null);
    assert_eq!(chen["note"]["rule"], "FIDE B.02 8.2.1");
    assert!(
        chen["note"]["message"]["zh"]
            .as_str()
            .unwrap()
            .contains("2 局")
    );
}

#[test]
fn k_factors_from_the_list_replace_the_computed_k() {
    let (dir, path) = spring();
    let k = dir.path().join("k.txt");
    // Li by FIDE id, Wang by start number.
    std::fs::write(&k, "# March list\n8600002 20\n1,20\n").unwrap();
    let output = arbiter()
        .arg("ratings")
        .arg(&path)
        .arg("--k-factors")
        .arg(&k)
        .arg("--json")
        .output()
        .unwrap();
    assert!(output.status.success());
    let lines = json_lines(&output.stdout);
    assert_eq!(
        (lines[0]["k"].as_u64(), lines[0]["new_rating"].as_u64()),
        (Some(20), Some(2175))
    );
    assert_eq!(
        (lines[1]["k"].as_u64(), lines[1]["new_rating"].as_u64()),
        (Some(20), Some(2439))
    );
}

#[test]
fn a_bad_k_factors_line_or_trf_is_refused_with_its_location() {
    let (dir, path) = spring();
    let k = dir.path().join("k.txt");
    std::fs::write(&k, "1 40\n99 20\n").unwrap();
    arbiter()
        .arg("ratings")
        .arg(&path)
        .arg("--k-factors")
        .arg(&k)
        .assert()
        .failure()
        .stderr(predicates::str::contains(
            "line 2: 99 is no player's FIDE id or start number",
        ));
    let bad = dir.path().join("bad.trf");
    std::fs::write(&bad, "001    x      A\n").unwrap();
    arbiter()
        .arg("ratings")
        .arg(&bad)
        .assert()
        .code(3)
        .stderr(predicates::str::contains("line 1, column 5"));
}
