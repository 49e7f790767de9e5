//! Differential test: the real game collections, read by this crate and
//! replayed by `arbiter-rules`, give the same moves as python-chess
//! (installed by `scripts/install-test-deps`).

use std::process::Command;

use arbiter_pgn::Reader;
use arbiter_rules::Position;
use arbiter_rules::uci::Uci;

const SCRIPT: &str = r#"
import sys, chess.pgn
with open(sys.argv[1], encoding="utf-8", errors="replace") as f:
    while True:
        game = chess.pgn.read_game(f)
        if game is None:
            break
        moves = [m.uci() for m in game.mainline_moves()]
        if moves:
            print(" ".join(moves))
"#;

/// The main lines of every game with moves, as UCI, according to python-chess.
fn python_chess(relative: &str) -> Vec<String> {
    let path = arbiter_testdata::path(relative);
    let out = Command::new("python3")
        .args(["-c", SCRIPT])
        .arg(&path)
        .output()
        .expect("python3 runs (scripts/install-test-deps installs python-chess)");
    assert!(
        out.status.success(),
        "python-chess failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

/// The same, according to this crate and the rules core.
fn arbiter(relative: &str) -> Vec<String> {
    let bytes = arbiter_testdata::read(relative);
    let mut out = Vec::new();
    for (i, game) in Reader::new(&bytes[..]).games().enumerate() {
        let game = game.unwrap_or_else(|e| panic!("{relative} game {}: {e}", i + 1));
        let mut pos = Position::new();
        let mut moves = Vec::new();
        for san in game.mainline_sans() {
            let m = pos
                .parse_san(san)
                .unwrap_or_else(|e| panic!("{relative} game {}: {e}", i + 1));
            moves.push(Uci::from_move(&pos, m).to_string());
            pos.play_unchecked(m);
        }
        if !moves.is_empty() {
            out.push(moves.join(" "));
        }
    }
    out
}

#[test]
fn the_real_games_agree_with_python_chess() {
    let mut plies = 0;
    let mut files = vec![
        "corpus/pgn-reader-benches/lichess_db_1000k.pgn",
        "tournaments/lichess-broadcast/xvii-memorial-pedro-lezcano-montalvo-2025.pgn",
        "tournaments/scalachess/FWWRC.pgn",
        "tournaments/scalachess/uzchesscup.pgn",
    ];
    if arbiter_testdata::full_runs() {
        // python-chess takes seconds per megabyte: more only in long runs.
        files.extend([
            "corpus/pgn-reader-benches/twic1599_1000k.pgn",
            "pgn/mliebelt-pgn-parser/twic-01-232games.pgn",
            "pgn/pgn-extract-tests/in/fischer.pgn",
            "pgn/pgn-extract-tests/in/petrosian.pgn",
            "pgn/tcec-events/TCEC_Season_Bonus_-_Division_S15_Glaurung_vs_Fritz_in_Bahrain.pgn",
        ]);
    }
    for relative in files {
        let ours = arbiter(relative);
        let theirs = python_chess(relative);
        assert_eq!(ours.len(), theirs.len(), "{relative}: games with moves");
        for (i, (o, t)) in ours.iter().zip(&theirs).enumerate() {
            assert_eq!(o, t, "{relative}: game {} with moves", i + 1);
        }
        plies += ours.iter().map(|g| g.split(' ').count()).sum::<usize>();
    }
    assert!(plies > 50_000, "{plies} plies compared");
}
