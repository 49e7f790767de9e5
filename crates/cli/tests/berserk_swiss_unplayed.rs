//! Issue 33: a 60+0 Swiss played through lichess's Swiss and Board APIs
//! (berserk, unmodified) in which a paired player never moves. Black's
//! flag falls 60 s after White's first move, at the moment his default
//! time (also 60 s) runs out; the flag decides, and the game is unplayed:
//! the referee names it so, and the tournament counts it a forfeit. The
//! TRF shows `+`/`-` (it showed `1`/`0`, a played game), and the two meet
//! again in round 2, which a played game would have forbidden (C.04.1).

mod serve;

use arbiter_tournament::{ResultCode, trf};
use serve::{Client, Process, add_account, arbiter, python, said};

#[tokio::test]
async fn a_player_who_never_moves_in_a_60_0_swiss_forfeits_an_unplayed_game() {
    let dir = tempfile::tempdir().unwrap();
    let db = serve::database(dir.path());
    let creator = add_account(&db, "Director", false);
    let ann = add_account(&db, "Ann", false);
    let bob = add_account(&db, "Bob", false);
    // The default time equals the clock: the flag falls at the same moment.
    let server = Process::start(&db, &["--default-time", "60"]);
    let stdout = python(
        "berserk_swiss_unplayed.py",
        [&server.base, &creator, &ann, &bob],
    );
    let (id, game) = (said(&stdout, "swiss "), said(&stdout, "unplayed "));
    let client = Client::new(&server.base);

    // The referee: Black's flag decided (FIDE 6.9) a game never played.
    let view = client.view(&game).await;
    assert_eq!(view["result"], "1-0", "{view}");
    assert_eq!(view["outcome"]["termination"], "unplayed", "{view}");
    assert_eq!(view["outcome"]["ruling"]["rule"], "FIDE 6.9", "{view}");
    assert_eq!(view["moves"].as_array().map(Vec::len), Some(1), "{view}");

    // The TRF: round 1 a forfeit, `+` for White and `-` for Black.
    let text = client.get_text(&format!("/swiss/{id}.trf")).await;
    let t = trf::read(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(t.rounds_paired(), 2, "{text}");
    let mut round_one: Vec<ResultCode> = t.entrants.iter().map(|e| e.round(1).code).collect();
    round_one.sort_by_key(|c| c.to_char());
    assert_eq!(
        round_one,
        [ResultCode::ForfeitWin, ResultCode::ForfeitLoss],
        "{text}"
    );
    // Round 2: the same two, a game played, as the forfeit let them meet.
    for e in &t.entrants {
        let cell = e.round(2);
        assert!(cell.is_played(), "{text}");
        assert_eq!(cell.opponent, e.round(1).opponent, "{text}");
    }

    // The file re-pairs as Arbiter paired it.
    let file = dir.path().join("blitz.trf");
    std::fs::write(&file, &text).unwrap();
    let (ok, checked) = arbiter(&["pair", "--dutch", file.to_str().unwrap(), "-c"]);
    assert!(
        ok && checked.contains("2 of 2 rounds agree"),
        "{checked}\n{text}"
    );
}
