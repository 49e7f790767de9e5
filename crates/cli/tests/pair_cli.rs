//! `arbiter pair --dutch`: bbpPairings' command line, its outputs and exit
//! statuses.

mod cli;
use cli::arbiter;

#[test]
fn pairs_bbppairings_own_dutch_cases_exactly() {
    for case in ["dutch_2025_C5", "dutch_2025_C9", "issue_7"] {
        let input = arbiter_testdata::path(&format!("tournaments/bbpPairings/{case}.trf"));
        let expected =
            arbiter_testdata::read_text(&format!("tournaments/bbpPairings/{case}.output.expected"));
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("pairs.txt");
        arbiter()
            .args(["pair", "--dutch"])
            .arg(&input)
            .arg("-p")
            .arg(&out)
            .assert()
            .code(0);
        assert_eq!(std::fs::read_to_string(&out).unwrap(), expected, "{case}");
        // Without OUT the pairs go to standard output.
        let printed = arbiter()
            .args(["pair", "--dutch"])
            .arg(&input)
            .arg("-p")
            .assert()
            .code(0)
            .get_output()
            .stdout
            .clone();
        assert_eq!(
            String::from_utf8(printed).unwrap(),
            expected,
            "{case} on stdout"
        );
    }
}

const HEADER: &str = "012 Two players\nXXR 3\nXXC white1\n";

fn player(no: u32, points: &str, rounds: &str) -> String {
    let name = format!("Player{no:04}");
    format!(
        "001 {no:>4}      {name:<33} 2000 FID {id:>11} 2000/01/01 {points:>4} {no:>4}  {rounds}\n",
        id = 1000 + no
    )
}

#[test]
fn a_round_that_cannot_be_paired_exits_1() {
    // The only two players have met: no pairing meets C1.
    let text = format!(
        "{HEADER}{}{}",
        player(1, "1.0", "   2 w 1"),
        player(2, "0.0", "   1 b 0")
    );
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("t.trf");
    std::fs::write(&input, text).unwrap();
    arbiter()
        .args(["pair", "--dutch"])
        .arg(&input)
        .arg("-p")
        .assert()
        .code(1);
}

#[test]
fn bad_input_exits_3_naming_the_line() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("bad.trf");
    std::fs::write(&input, "012 Bad\n001 xxxx garbage\n").unwrap();
    let out = arbiter()
        .args(["pair", "--dutch"])
        .arg(&input)
        .arg("-p")
        .assert()
        .code(3)
        .get_output()
        .stderr
        .clone();
    let message = String::from_utf8(out).unwrap();
    assert!(message.contains("line 2"), "{message}");
    arbiter()
        .args(["pair", "--dutch"])
        .arg(dir.path().join("missing.trf"))
        .arg("-p")
        .assert()
        .code(3);
}

#[test]
fn the_generator_is_repeatable_and_the_checker_agrees_with_it() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("t.cfg");
    std::fs::write(&config, "PlayersNumber=25\nRoundsNumber=6\nForfeitRate=8\n").unwrap();
    let make = |name: &str| {
        let out = dir.path().join(name);
        arbiter()
            .args(["pair", "--dutch", "-g"])
            .arg(&config)
            .arg("-o")
            .arg(&out)
            .args(["-s", "42"])
            .assert()
            .code(0);
        std::fs::read_to_string(out).unwrap()
    };
    let a = make("a.trf");
    assert_eq!(a, make("b.trf"), "the same seed gives the same tournament");
    assert_eq!(a.lines().filter(|l| l.starts_with("001")).count(), 25);
    // Every round of the generated file is Arbiter's own pairing.
    let checked = check(&dir.path().join("a.trf"), 0);
    assert!(checked.contains("6 of 6 rounds agree"), "{checked}");

    // Give one board of round 6 the other colours: the checker must say
    // where and why.
    let mut lines: Vec<String> = a.lines().map(str::to_string).collect();
    let col = 91 + 10 * 5;
    let played =
        |l: &str| l.starts_with("001") && l.len() > col + 7 && "10=".contains(&l[col + 7..col + 8]);
    let first = lines.iter().position(|l| played(l)).unwrap();
    let opponent: u32 = lines[first][col..col + 4].trim().parse().unwrap();
    let second = lines
        .iter()
        .position(|l| l.starts_with("001") && l[4..8].trim() == opponent.to_string())
        .unwrap();
    for i in [first, second] {
        let flipped = if &lines[i][col + 5..col + 6] == "w" {
            "b"
        } else {
            "w"
        };
        lines[i].replace_range(col + 5..col + 6, flipped);
    }
    let swapped = dir.path().join("swapped.trf");
    std::fs::write(&swapped, lines.join("\n") + "\n").unwrap();
    let report = check(&swapped, 1);
    assert!(report.contains("round 6: file has"), "{report}");
    assert!(
        report.contains("decided by colour allocation (article 5)"),
        "{report}"
    );
    assert!(report.contains("5 of 6 rounds agree"), "{report}");
}

/// A player line with its own rating, so that the pairing order is the
/// start-number order.
fn rated_player(no: u32, rating: u32, points: &str, rounds: &str) -> String {
    let name = format!("Player{no:04}");
    format!(
        "001 {no:>4}      {name:<33} {rating:>4} FID {id:>11} 2000/01/01 {points:>4} {no:>4}  {rounds}\n",
        id = 1000 + no
    )
}

/// What `arbiter pair --dutch -c` reports on four players of 2400 down to
/// 2100 whose round columns are `rounds` (it exits 1: the file and
/// Arbiter disagree).
fn check_four_players(rounds: [&str; 4]) -> String {
    let mut text = "012 Four players\nXXR 3\nXXC white1\n".to_string();
    for (i, r) in rounds.iter().enumerate() {
        let no = i as u32 + 1;
        text += &rated_player(no, 2500 - 100 * no, "1.0", r);
    }
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("t.trf");
    std::fs::write(&input, text).unwrap();
    check(&input, 1)
}

/// The report of `arbiter pair --dutch -c input`, which exits with `code`.
fn check(input: &std::path::Path, code: i32) -> String {
    let out = arbiter()
        .args(["pair", "--dutch"])
        .arg(input)
        .arg("-c")
        .assert()
        .code(code)
        .get_output()
        .stdout
        .clone();
    String::from_utf8(out).unwrap()
}

#[test]
fn the_checker_names_the_criterion_that_decides_between_two_pairings() {
    // Round 1 is the Dutch pairing (1-3 and 4-2, all drawn). In round 2
    // every player's preference is the other colour: 1 and 4 want Black,
    // 2 and 3 White. The file pairs 4-1 and 3-2, so 4 and 2 miss their
    // preference; 2-1 and 3-4 meet all four, so C12 decides.
    let report = check_four_players([
        "   3 w =     4 b =",
        "   4 b =     3 b =",
        "   1 b =     2 w =",
        "   2 w =     1 w =",
    ]);
    assert_eq!(
        report,
        "round 2: file has 3-2, 4-1; arbiter pairs 2-1, 3-4; \
         decided by C12 (colour preferences) (file [2], arbiter [0])\n\
         1 of 2 rounds agree\n"
    );
}

#[test]
fn the_checker_names_a_rematch_as_c1() {
    // Round 2 of the file repeats round 1's game 1-3: an absolute criterion.
    let report = check_four_players([
        "   3 w =     3 b =",
        "   4 b =     4 w =",
        "   1 b =     1 w =",
        "   2 w =     2 b =",
    ]);
    assert!(report.starts_with("round 2: file has "), "{report}");
    assert!(report.contains("decided by C1 (no rematch)"), "{report}");
    assert!(report.ends_with("1 of 2 rounds agree\n"), "{report}");
}
