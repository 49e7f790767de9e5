//! A 40-player, 7-round Swiss run entirely by berserk (lichess's Python
//! client, unmodified) against `arbiter serve`: created with
//! `tournaments.create_swiss`, joined by 40 accounts, every game played by
//! bots over the Board API, one withdrawal after round 2 (a
//! pairing-allocated bye in each later round) and one player who stays
//! away from a game (a loss by default). The exported TRF then re-checks
//! clean with `arbiter pair --dutch -c` and with bbpPairings' checker
//! (built from `shared/bench/peers-src`), and its tie-breaks are
//! gacrux's, FIDE's tie-break checker, and the Swiss's results.

mod recheck;
mod serve;

use arbiter_tournament::ResultCode;
use serde_json::Value;
use serve::{arbiter, berserk_swiss, said};

const PLAYERS: usize = 40;
const ROUNDS: u32 = 7;

#[tokio::test]
async fn berserk_runs_a_forty_player_swiss_that_bbp_arbiter_and_gacrux_recheck() {
    let started = std::time::Instant::now();
    let dir = tempfile::tempdir().unwrap();
    let db = serve::database(dir.path());
    // A short default time: the player who stays away loses soon.
    let (server, stdout) = berserk_swiss(&db, "berserk_swiss_event.py", PLAYERS, ROUNDS, "10");
    let (id, absent_game) = (said(&stdout, "swiss "), said(&stdout, "absent "));
    let http = reqwest::Client::new();
    let get = |path: String| {
        let http = http.clone();
        let url = format!("{}{path}", server.base);
        async move { http.get(url).send().await.unwrap().text().await.unwrap() }
    };
    let text = get(format!("/swiss/{id}.trf")).await;
    // Every round re-pairs as Arbiter paired it, by Arbiter's checker and
    // by bbpPairings'.
    let t = recheck::pairings_agree(dir.path(), &text, ROUNDS);
    assert_eq!(t.entrants.len(), PLAYERS);

    // The withdrawal left an odd field: a pairing-allocated bye in each
    // round after it, and the withdrawn player in none.
    let code_count = |code: ResultCode| {
        t.entrants
            .iter()
            .flat_map(|e| &e.rounds)
            .filter(|c| c.code == code)
            .count()
    };
    assert_eq!(code_count(ResultCode::PairingAllocatedBye), 5, "{text}");
    // The player who stayed away lost by default, and his opponent won.
    assert_eq!(code_count(ResultCode::ForfeitWin), 1, "{text}");
    let absent = get(format!("/api/games/{absent_game}")).await;
    let absent: Value = serde_json::from_str(&absent).unwrap();
    assert_eq!(absent["outcome"]["termination"], "unplayed", "{absent}");

    // The tie-breaks: Arbiter's equal gacrux's, player by player, and
    // the Swiss's results are those standings.
    let ours = recheck::tiebreaks_are_gacrux(dir.path(), &t);
    recheck::results_are(&get(format!("/api/swiss/{id}/results")).await, &ours);

    // And every record, the tournament's included, is intact.
    drop(server);
    let (ok, verified) = arbiter(&["verify", "--db", &db]);
    assert!(ok, "{verified}");
    assert!(verified.contains("1 tournaments"), "{verified}");
    eprintln!(
        "40 players, {ROUNDS} rounds: {:.1} s",
        started.elapsed().as_secs_f64()
    );
}
