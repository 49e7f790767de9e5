//! `arbiter pair --dutch`: bbpPairings' command line, its outputs and exit
//! statuses.

mod cli;
use cli::arbiter;

/// What `arbiter pair [SYSTEM] IN -p` prints: the pairs, on standard
/// output.
fn printed_pairs(system: &[&str], input: &std::path::Path) -> String {
    let printed = arbiter()
        .arg("pair")
        .args(system)
        .arg(input)
        .arg("-p")
        .assert()
        .code(0)
        .get_output()
        .stdout
        .clone();
    String::from_utf8(printed).unwrap()
}

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
        assert_eq!(
            printed_pairs(&["--dutch"], &input),
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

#[test]
fn the_dutch_system_is_the_default() {
    // VCL.01-VCL.03: a standard invocation pairs by the system FIDE
    // endorses programs for, with no flag to name it.
    let input = arbiter_testdata::path("tournaments/bbpPairings/dutch_2025_C5.trf");
    let expected =
        arbiter_testdata::read_text("tournaments/bbpPairings/dutch_2025_C5.output.expected");
    assert_eq!(printed_pairs(&[], &input), expected);
}

#[test]
fn r_prints_the_release_and_the_rules() {
    let out = arbiter()
        .args(["pair", "-r"])
        .assert()
        .code(0)
        .get_output()
        .stdout
        .clone();
    let text = String::from_utf8(out).unwrap();
    assert!(text.contains(env!("CARGO_PKG_VERSION")), "{text}");
    assert!(text.contains("FIDE (Dutch) System, C.04.3"), "{text}");
    // Without -r, -p, -c or -g there is nothing to do.
    arbiter().arg("pair").assert().code(3);
}

#[test]
fn l_writes_the_checklist_of_the_round_paired_and_of_each_round_checked() {
    // Round 1 was 1-3, 4-2, all drawn: round 2's cards have one colour each.
    let mut text = "012 Four players\nXXR 3\nXXC white1\n".to_string();
    for (no, rounds) in [
        (1, "   3 w ="),
        (2, "   4 b ="),
        (3, "   1 b ="),
        (4, "   2 w ="),
    ] {
        text += &rated_player(no, 2500 - 100 * no, "0.5", rounds);
    }
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("t.trf");
    std::fs::write(&input, text).unwrap();
    arbiter()
        .arg("pair")
        .arg(&input)
        .args(["-p", "-l"])
        .assert()
        .code(0);
    let list = std::fs::read_to_string(dir.path().join("t.list")).unwrap();
    let lines: Vec<&str> = list.lines().collect();
    assert_eq!(lines[0], "Round 2");
    assert!(
        lines[1].contains("ID") && lines[1].contains("Pref"),
        "{list}"
    );
    // Player 1 had White: he prefers Black (strongly: one White more), may
    // get the bye, and the pairing gives him 2 with Black (2-1, 3-4).
    let one: Vec<&str> = lines[2].split_whitespace().collect();
    assert_eq!(one, vec!["1", "0.5", "W", "(B)", "Y", "2B"], "{list}");
    // One line a player; a blank line ends the round's table.
    assert_eq!(lines.len(), 7, "{list}");
    assert_eq!(lines[6], "", "{list}");

    // With -c, one table per round checked, to the file named.
    let named = dir.path().join("named.list");
    arbiter()
        .arg("pair")
        .arg(&input)
        .arg("-c")
        .arg("-l")
        .arg(&named)
        .assert()
        .code(0);
    let list = std::fs::read_to_string(named).unwrap();
    assert_eq!(list.matches("Round ").count(), 1, "{list}");
    assert!(list.starts_with("Round 1\n"), "{list}");
}

#[test]
fn a_model_tournament_gives_its_players_rounds_and_ratings() {
    let model = arbiter_testdata::path("tournaments/bbpPairings/issue_7.trf");
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("like.trf");
    arbiter()
        .arg("pair")
        .arg(&model)
        .args(["-g", "-o"])
        .arg(&out)
        .args(["-s", "7"])
        .assert()
        .code(0);
    let read = |path: &std::path::Path| {
        arbiter_tournament::trf::read(&std::fs::read_to_string(path).unwrap()).unwrap()
    };
    let (m, g) = (read(&model), read(&out));
    assert_eq!(g.entrants.len(), m.entrants.len());
    let ratings = |t: &arbiter_tournament::Tournament| {
        let mut r: Vec<u32> = t.entrants.iter().map(|e| e.player.rating).collect();
        r.sort_unstable();
        r
    };
    assert_eq!(ratings(&g), ratings(&m));
    let rounds = m
        .planned_rounds
        .unwrap_or_else(|| arbiter_tournament::dutch::rounds_paired(&m));
    assert_eq!(arbiter_tournament::dutch::rounds_paired(&g), rounds);
    // Every round of it is Arbiter's own pairing.
    let checked = check(&out, 0);
    assert!(
        checked.contains(&format!("{rounds} of {rounds} rounds agree")),
        "{checked}"
    );
    // A model and a configuration together are refused.
    let config = dir.path().join("t.cfg");
    std::fs::write(&config, "PlayersNumber=10\n").unwrap();
    arbiter()
        .arg("pair")
        .arg(&model)
        .arg("-g")
        .arg(&config)
        .arg("-o")
        .arg(&out)
        .assert()
        .code(3);
}
