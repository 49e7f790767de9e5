//! `arbiter replay`: the command-line contract of docs/replay.md.

mod cli;
use cli::{arbiter, json_lines as lines};
use serde_json::Value;

const LOG: &str = r#"{"setup": {"ruleset": "fide-blitz", "time_control": "180+2", "white": {"name": "A"}, "black": {"name": "B"}}}
{"actor":"arbiter","at_ms":0,"kind":"start"}
{"actor":"white","at_ms":1000,"kind":"move","move":"f3"}
{"actor":"black","at_ms":2000,"kind":"move","move":"e5"}
{"actor":"black","at_ms":2500,"kind":"move","move":"d5"}

{"actor":"white","at_ms":3000,"kind":"move","move":"g4"}
{"actor":"black","at_ms":4000,"kind":"move","move":"Qh4#"}
"#;

#[test]
fn one_verdict_per_event_then_the_state() {
    let out = arbiter()
        .args(["replay", "-"])
        .write_stdin(LOG)
        .assert()
        .success();
    let lines = lines(&out.get_output().stdout);
    assert_eq!(lines.len(), 7);
    assert_eq!(lines[3]["verdict"], "rejected");
    assert_eq!(lines[3]["rule"], "FIDE 1.2");
    assert_eq!(lines[3]["line"], 5);
    assert!(lines[3]["message"]["zh"].as_str().unwrap().contains("白方"));
    let state = &lines[6];
    assert_eq!(state["result"], "0-1");
    assert_eq!(state["termination"], "checkmate");
    assert_eq!(state["rule"], "FIDE 5.1.1");
}

#[test]
fn pgn_and_scoresheet_outputs() {
    let out = arbiter()
        .args(["replay", "-", "--output", "pgn"])
        .write_stdin(LOG)
        .assert()
        .success();
    let pgn = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(
        pgn.contains("[Result \"0-1\"]") && pgn.contains("[TimeControl \"180+2\"]"),
        "{pgn}"
    );
    assert!(pgn.contains("2. g4 {[%clk 0:03:02]} 2... Qh4#"), "{pgn}");
    let out = arbiter()
        .args(["replay", "-", "--output", "scoresheet"])
        .write_stdin(LOG)
        .assert()
        .success();
    let sheet = String::from_utf8(out.get_output().stdout.clone()).unwrap();
    assert!(
        sheet.contains("后h4#") && sheet.contains("白方: A"),
        "{sheet}"
    );
}

#[test]
fn overrides_change_the_rules() {
    // Untimed, then with a clock through --time-control.
    let log = "{\"actor\":\"arbiter\",\"at_ms\":0,\"kind\":\"start\"}\n{\"actor\":\"arbiter\",\"at_ms\":100000,\"kind\":\"tick\"}\n";
    let out = arbiter()
        .args(["replay", "-"])
        .write_stdin(log)
        .assert()
        .success();
    assert_eq!(lines(&out.get_output().stdout)[2]["result"], "*");
    let out = arbiter()
        .args([
            "replay",
            "-",
            "--time-control",
            "60",
            "--ruleset",
            "classic",
        ])
        .write_stdin(log)
        .assert()
        .success();
    let state = &lines(&out.get_output().stdout)[2];
    assert_eq!(state["result"], "0-1");
    assert_eq!(state["rule"], "classic: 超时判负");
}

#[test]
fn a_bad_line_is_an_error_with_its_place() {
    let out = arbiter()
        .args(["replay", "-"])
        .write_stdin("{\"actor\":\"arbiter\",\"at_ms\":0,\"kind\":\"start\"}\n{\"actor\":\"white\",\"kind\":\"move\"}\n")
        .assert()
        .code(2);
    let err = String::from_utf8(out.get_output().stderr.clone()).unwrap();
    assert!(err.contains("line 2"), "{err}");
}

#[test]
fn from_pgn_referees_recorded_games() {
    let path = arbiter_testdata::path("pgn/tcec-terminations/white-loses-on-time.pgn");
    let out = arbiter()
        .args(["replay", "--from-pgn"])
        .arg(&path)
        .assert()
        .success();
    let states: Vec<Value> = lines(&out.get_output().stdout)
        .into_iter()
        .filter(|l| l.get("state").is_some())
        .collect();
    assert_eq!(states.len(), 15);
    // Game 14: White's flag fell against a bare king (FIDE 6.9).
    assert_eq!(states[13]["recorded_result"], "0-1");
    assert_eq!(states[13]["result"], "1/2-1/2");
    assert_eq!(states[13]["termination"], "flag_fall_opponent_cannot_mate");
}

/// The frozen log of an online game in which Black asks for a takeback,
/// leaves, comes back, leaves again and loses on White's claim.
fn online_log() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../referee/tests/logs/replay__online_takeback_and_a_player_who_left.jsonl")
}

#[test]
fn a_takeback_refused_and_a_claim_on_a_player_who_left_are_decided_from_the_log() {
    let out = arbiter().arg("replay").arg(online_log()).assert().success();
    let lines = lines(&out.get_output().stdout);
    assert_eq!(lines.len(), 11, "{lines:?}");
    let takeback = &lines[3];
    assert_eq!(takeback["event"]["kind"], "request_takeback");
    assert_eq!(takeback["verdict"], "accepted");
    let refused = &takeback["consequences"][0];
    assert_eq!(refused["effect"], "takeback_refused");
    assert_eq!(refused["ruling"]["rule"], "FIDE 4.7");
    assert_eq!(
        refused["ruling"]["message"]["en"],
        "a move once made cannot be taken back"
    );
    assert_eq!(refused["ruling"]["message"]["zh"], "着法一经完成不得收回");
    let left = &lines[5]["consequences"][0];
    assert_eq!(left["effect"], "player_left");
    assert_eq!(left["claim_from_ms"], 63_500);
    assert_eq!(
        left["ruling"]["message"]["zh"],
        "黑方已离开对局：黑方若 60 秒内未回来，对方可要求判胜"
    );
    let early = &lines[6];
    assert_eq!(early["verdict"], "rejected");
    assert_eq!(early["rule"], "FIDE 11.2.3");
    assert_eq!(
        early["message"]["en"],
        "Black has not left the game long enough for a claim"
    );
    assert_eq!(
        early["message"]["zh"],
        "黑方离开对局的时间不足，不能要求判胜"
    );
    assert_eq!(lines[7]["consequences"][0]["effect"], "player_returned");
    let claim = &lines[9];
    assert_eq!(claim["verdict"], "accepted");
    assert_eq!(claim["consequences"][0]["effect"], "game_over");
    let state = &lines[10];
    assert_eq!(state["result"], "1-0");
    assert_eq!(state["termination"], "arbiter_decision");
    assert_eq!(state["rule"], "FIDE 11.2.3");
    assert_eq!(
        state["message"]["en"],
        "Black left the game and did not come back in time: Black loses the game"
    );
    assert_eq!(state["message"]["zh"], "黑方离开对局且未按时回来：黑方判负");
}

#[test]
fn the_scoresheet_of_a_game_won_on_a_claim_gives_the_reason_in_each_language() {
    for (language, reason) in [
        (
            "en",
            "Black left the game and did not come back in time: Black loses the game",
        ),
        ("zh", "黑方离开对局且未按时回来：黑方判负"),
    ] {
        let out = arbiter()
            .arg("replay")
            .arg(online_log())
            .args(["--output", "scoresheet", "--language", language])
            .assert()
            .success();
        let sheet = String::from_utf8(out.get_output().stdout.clone()).unwrap();
        assert!(sheet.contains(reason), "{language}: {sheet}");
        assert!(sheet.contains("FIDE 11.2.3"), "{language}: {sheet}");
    }
}
