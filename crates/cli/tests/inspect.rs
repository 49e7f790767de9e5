//! `arbiter inspect`, end to end: FEN lines in, JSON lines out.

mod cli;
use cli::{arbiter, json_lines};
use serde_json::{Value, json};

fn inspect(input: &str) -> Vec<Value> {
    inspect_with(&[], input)
}

fn inspect_with(args: &[&str], input: &str) -> Vec<Value> {
    let output = arbiter()
        .arg("inspect")
        .args(args)
        .write_stdin(input)
        .output()
        .expect("runs");
    assert!(output.status.success(), "{output:?}");
    json_lines(&output.stdout)
}

/// The `legal` field of one position's line: its moves in UCI.
fn legal_moves(line: &Value) -> Vec<&str> {
    line["legal"]
        .as_array()
        .expect("legal is a list")
        .iter()
        .map(|m| m.as_str().expect("a move is a string"))
        .collect()
}

#[test]
fn starting_position() {
    let out = inspect("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n");
    assert_eq!(out.len(), 1);
    let r = &out[0];
    assert_eq!(
        r["fen"],
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
    let legal = legal_moves(r);
    let mut sorted = legal.clone();
    sorted.sort();
    assert_eq!(legal, sorted, "UCI moves are sorted");
    assert_eq!(legal.len(), 20);
    assert_eq!(legal[0], "a2a3");
    assert_eq!(r["san"][0], "a3");
    let i = legal.iter().position(|&m| m == "g1f3").unwrap();
    assert_eq!(r["san"][i], "Nf3", "SAN in the same order as UCI");
    assert_eq!(r["in_check"], false);
    assert_eq!(r["outcome"], Value::Null);
    assert_eq!(r["winner"], Value::Null);
    assert_eq!(r["can_mate"], json!({"white": true, "black": true}));
}

#[test]
fn outcomes_and_errors_keep_the_line_count() {
    let input = "\
7k/6Q1/6K1/8/8/8/8/8 b - - 0 1

not a fen
7k/5Q2/6K1/8/8/8/8/8 b - - 0 1\r
8/8/8/8/8/8/8/Kk6 w - - 0 1\0\0
8/8/8/8/8/8/8/K6k b - - 0 1
7k/8/8/8/8/8/8/K6B w - - 0 1
";
    let out = inspect(input);
    assert_eq!(out.len(), 6, "the blank line gives nothing");
    assert_eq!(out[0]["outcome"], "checkmate");
    assert_eq!(out[0]["winner"], "white");
    assert_eq!(out[0]["in_check"], true);
    assert_eq!(out[0]["legal"], json!([]));
    assert_eq!(out[1]["line"], 3);
    assert!(
        out[1]["error"].as_str().unwrap().contains("fields"),
        "{}",
        out[1]
    );
    assert_eq!(out[2]["outcome"], "stalemate");
    assert_eq!(out[2]["winner"], Value::Null);
    assert_eq!(out[3]["line"], 5, "kings side by side is impossible");
    assert!(
        out[3]["error"].as_str().unwrap().contains("check"),
        "{}",
        out[3]
    );
    assert_eq!(out[4]["outcome"], "insufficient_material");
    assert_eq!(out[4]["fen"], "8/8/8/8/8/8/8/K6k b - - 0 1");
    assert_eq!(out[4]["can_mate"], json!({"white": false, "black": false}));
    assert_eq!(out[5]["can_mate"], json!({"white": false, "black": false}));
    assert_eq!(out[5]["outcome"], "insufficient_material");
}

#[test]
fn fen_is_normalised() {
    // Fullmove 0 reads as 1; an en passant square no capture can use is dropped.
    let out = inspect("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 0\n");
    assert_eq!(
        out[0]["fen"],
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1"
    );
}

#[test]
fn chess960_castling_is_king_takes_rook() {
    let out = inspect("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNN1KR w Kkq - 0 1\n");
    let legal = legal_moves(&out[0]);
    let i = legal
        .iter()
        .position(|&m| m == "g1h1")
        .expect("castling as g1h1");
    assert_eq!(out[0]["san"][i], "O-O");
    let std = inspect("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\n");
    let legal = legal_moves(&std[0]);
    assert!(
        legal.contains(&"e1g1") && legal.contains(&"e1c1"),
        "{legal:?}"
    );
}

#[test]
fn checks_and_mates_are_marked_in_san() {
    let out = inspect("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2\n");
    let legal = legal_moves(&out[0]);
    let i = legal.iter().position(|&m| m == "d8h4").unwrap();
    assert_eq!(out[0]["san"][i], "Qh4#");
}

#[test]
fn can_mate_and_dead_come_from_the_full_analysis() {
    // White's mate in the second position takes a few million nodes to find.
    let out = inspect_with(
        &["--budget", "20000000"],
        "8/8/4k3/1p1p1p1p/1P1P1P1P/2B1K3/8/8 w - - 0 1\n\
         kB4b1/7p/4p1pP/1p1pP1P1/1P1P4/6K1/8/8 w - - 0 1\n\
         7k/7p/8/6N1/8/8/8/K7 w - - 0 1\n",
    );
    // A locked wall: material enough on both sides, yet dead.
    assert_eq!(out[0]["can_mate"], json!({"white": false, "black": false}));
    assert_eq!(out[0]["dead"], true);
    assert_eq!(out[0]["outcome"], Value::Null, "not insufficient material");
    // Black's locked pawns and bishop can never mate; White can.
    assert_eq!(out[1]["can_mate"], json!({"white": true, "black": false}));
    assert_eq!(out[1]["dead"], false);
    // A knight mates when the king's own pawn boxes it in.
    assert_eq!(out[2]["can_mate"], json!({"white": true, "black": true}));
}

#[test]
fn an_exhausted_budget_is_null() {
    let output = arbiter()
        .args(["inspect", "--budget", "0", "-j", "1"])
        .write_stdin("1k6/1P3p1p/BP6/1P2K3/5P2/8/7P/8 w - - 0 1\n")
        .output()
        .expect("runs");
    assert!(output.status.success(), "{output:?}");
    let line: Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(line["can_mate"]["black"], Value::Null);
    assert_eq!(line["dead"], false, "undecided is not dead");
}

#[test]
fn many_lines_on_several_workers_keep_their_order() {
    let fens = [
        "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1",
        "8/8/8/8/8/8/8/K6k b - - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ];
    // More lines than one batch holds (4,096), so that batches follow one
    // another.
    let input: String = (0..9000).map(|i| format!("{}\n", fens[i % 3])).collect();
    let out = inspect(&input);
    assert_eq!(out.len(), 9000);
    for (i, line) in out.iter().enumerate() {
        assert_eq!(line["fen"], fens[i % 3], "line {}", i + 1);
    }
}

#[test]
fn a_position_no_game_reaches_is_still_analysed_or_answered_null() {
    let out = inspect(
        "8/8/8/8/8/3nkn2/8/3RKR2 w - - 0 1\n\
         8/4p1p1/p1p1P1P1/P1P1pBp1/pBp1P1P1/P1P5/4K1P1/2k5 b - - 0 1\n\
         3b4/4p1p1/1p1pP1P1/1P1PpBp1/1pBpP1P1/1P1P4/4K1P1/2k5 w - - 0 1\n\
         k7/8/8/8/8/2PPPPPP/PPPPPPPP/NNK5 w - - 0 1\n",
    );
    // Two knights checking at once: no last move gives that, but the
    // position can be played from. White is mated already.
    let reason = out[0]["unreachable"].as_str().expect("says why");
    assert!(reason.contains("impossible check"), "{reason}");
    assert_eq!(out[0]["outcome"], "checkmate");
    assert_eq!(out[0]["can_mate"], json!({"white": false, "black": true}));
    // Nine white pawns (chasolver's positions.txt:3423 and 3427, labelled
    // `--` and `W-`): no game has them, but the questions still make
    // sense: neither side can mate in the first, White can in the second.
    for (i, white) in [(1, false), (2, true)] {
        let reason = out[i]["unreachable"].as_str().expect("says why");
        assert!(reason.contains("9 pawns"), "{reason}");
        assert_eq!(out[i]["can_mate"], json!({"white": white, "black": false}));
        assert_eq!(out[i]["dead"], !white);
    }
    // Seventeen white men: refused, and nobody knows who can mate.
    assert!(out[3]["error"].as_str().unwrap().contains("17 pieces"));
    assert_eq!(out[3]["line"], 4);
    assert_eq!(out[3]["can_mate"], json!({"white": null, "black": null}));
    assert_eq!(out[3]["dead"], false);
}
