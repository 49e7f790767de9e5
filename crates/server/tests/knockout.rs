//! A knockout through the server's tournament API: eight players, three
//! rounds of two-game matches; the director pairs each round (1 v 8,
//! 4 v 5, 2 v 7, 3 v 6, then the winners in bracket order), a match level
//! after its two games goes to rapid games at the rapid clocks, one still
//! level to an Armageddon game with its own clocks where a draw puts
//! Black through; the games are ordinary refereed games played through
//! the Board API; the bracket shows the match scores and who went
//! through; the event replays after a restart and goes on to its winner.

mod common;

use common::tournament::{Ending, boards, play, post, wait_complete};
use common::{Server, account};
use serde_json::{Value, json};

use Ending::{BlackWins, Draw, WhiteWins};

fn settings() -> Value {
    json!({
        "name": "Cup", "system": {"kind": "knockout"}, "rounds": 3,
        "time_control": "5400+30", "ruleset": "fide-standard", "mode": "online",
        "tiebreaks": ["PTS"],
        "knockout": {"games": 2, "tiebreaks": [
            {"tempo": "rapid", "games": 2, "time_control": "900+10"},
            {"tempo": "armageddon", "time_control": "300", "black_time_control": "240"},
        ]},
    })
}

/// Pairs the next round by the director, publishes it, and plays board
/// `i` to `endings[i]`: the boards (White, Black) by player number, their
/// games, and the state once every result is in.
async fn round(
    s: &Server,
    id: &str,
    arbiter: &str,
    tokens: &[String],
    endings: &[Ending],
) -> (Vec<(u64, u64)>, Vec<String>, Value) {
    let path = |p: &str| format!("/api/tournament/{id}{p}");
    let (status, paired) = post(s, &path("/pair"), arbiter, json!(null)).await;
    assert_eq!(status, 200, "{paired}");
    let n = paired["round"].as_u64().unwrap() as usize;
    let (status, published) = post(s, &path("/publish"), arbiter, json!(null)).await;
    assert_eq!(status, 200, "{published}");
    let st = s.get_json(&path("")).await;
    let boards = boards(&st["rounds"][n - 1]);
    let games: Vec<String> = published["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g.as_str().unwrap().to_string())
        .collect();
    assert_eq!(boards.len(), endings.len(), "round {n}: {boards:?}");
    // The clocks are read before anyone moves.
    let mut views = Vec::new();
    for g in &games {
        views.push(s.view(g).await);
    }
    for ((game, &(w, b)), &end) in games.iter().zip(&boards).zip(endings) {
        let token = |p: u64| tokens[p as usize - 1].as_str();
        play(s, game, token(w), token(b), end).await;
    }
    let st = wait_complete(s, id, n).await;
    (
        boards,
        views.into_iter().map(|v| v.to_string()).collect(),
        st,
    )
}

/// Players 1 to `n` enter through the event's link, strongest first, so
/// that player `i` is seed `i`; their tokens, in order.
async fn seeds_join(s: &Server, id: &str, n: u32) -> Vec<String> {
    let mut tokens = Vec::new();
    for i in 1..=n {
        let r = s
            .http
            .post(s.url(&format!("/api/tournament/{id}/join")))
            .json(&json!({"name": format!("Seed {i}"), "rating": 2700 - 10 * i}))
            .send()
            .await
            .unwrap();
        let joined: Value = r.json().await.unwrap();
        assert_eq!(joined["player"], i, "{joined}");
        tokens.push(joined["token"].as_str().unwrap().to_string());
    }
    tokens
}

/// The match of knockout round `r` (from 1), number `m` (from 1).
fn ko_match(st: &Value, r: usize, m: usize) -> &Value {
    &st["knockout"]["rounds"][r - 1]["matches"][m - 1]
}

#[test]
fn an_eight_player_knockout_goes_to_rapid_and_armageddon_and_replays_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().to_path_buf();
    let first = tokio::runtime::Runtime::new().unwrap();
    let (id, arbiter, tokens, before) = first.block_on(async {
        let s = Server::start_in(&path, common::config(&path)).await;
        let arbiter = account(&s, "Director").await;
        let (status, created) = post(&s, "/api/tournament", &arbiter, settings()).await;
        assert_eq!(status, 201, "{created}");
        let id = created["id"].as_str().unwrap().to_string();
        // Eight players enter, strongest first: player n is seed n.
        let tokens = seeds_join(&s, &id, 8).await;
        // Game 1: by seed, in bracket order, the higher seed with White,
        // at the event's clocks.
        let (boards, views, _) = round(
            &s,
            &id,
            &arbiter,
            &tokens,
            &[WhiteWins, Draw, Draw, WhiteWins],
        )
        .await;
        assert_eq!(boards, [(1, 8), (4, 5), (2, 7), (3, 6)]);
        let view: Value = serde_json::from_str(&views[0]).unwrap();
        assert_eq!(view["head"]["time_control"], "5400+30");
        // Game 2, colours reversed: seed 1 is through, three matches level.
        let (boards, _, st) =
            round(&s, &id, &arbiter, &tokens, &[Draw, Draw, Draw, WhiteWins]).await;
        assert_eq!(boards, [(8, 1), (5, 4), (7, 2), (6, 3)]);
        assert_eq!(ko_match(&st, 1, 1)["winner"], 1);
        assert_eq!(ko_match(&st, 1, 1)["score"], json!([1.5, 0.5]));
        assert_eq!(ko_match(&st, 1, 1)["decided_by"], "standard");
        for m in 2..=4 {
            assert_eq!(ko_match(&st, 1, m)["next_stage"], "rapid", "{st}");
            assert_eq!(ko_match(&st, 1, m)["score"], json!([1.0, 1.0]));
        }
        // The level matches play rapid games, at the rapid clocks and
        // under the rapid rules.
        let (boards, views, st) = round(&s, &id, &arbiter, &tokens, &[WhiteWins, Draw, Draw]).await;
        assert_eq!(boards, [(4, 5), (2, 7), (3, 6)]);
        let view: Value = serde_json::from_str(&views[0]).unwrap();
        assert_eq!(view["head"]["time_control"], "900+10");
        assert_eq!(view["head"]["ruleset"], "fide-rapid");
        assert_eq!(st["knockout"]["slots"][2]["tempo"], "rapid");
        let (boards, _, st) = round(&s, &id, &arbiter, &tokens, &[Draw, Draw, Draw]).await;
        assert_eq!(boards, [(5, 4), (7, 2), (6, 3)]);
        assert_eq!(ko_match(&st, 1, 2)["winner"], 4);
        assert_eq!(ko_match(&st, 1, 2)["decided_by"], "rapid");
        // Two still level: Armageddon, White 5 minutes, Black 4. A draw
        // puts Black through.
        let (boards, views, st) = round(&s, &id, &arbiter, &tokens, &[Draw, WhiteWins]).await;
        assert_eq!(boards, [(2, 7), (3, 6)]);
        let view: Value = serde_json::from_str(&views[0]).unwrap();
        assert_eq!(view["head"]["time_control"], "300");
        let black_ms = view["clock"]["black_ms"].as_i64().unwrap();
        assert!((200_000..=240_000).contains(&black_ms), "{view}");
        assert!(
            view["clock"]["white_ms"].as_i64().unwrap() > 240_000,
            "{view}"
        );
        let armageddon = ko_match(&st, 1, 3);
        assert_eq!(armageddon["winner"], 7, "{armageddon}");
        assert_eq!(armageddon["decided_by"], "armageddon");
        assert_eq!(armageddon["score"], json!([2.5, 2.5]));
        assert_eq!(ko_match(&st, 1, 4)["winner"], 3);
        // Round 2 is known: the winners in bracket order.
        assert_eq!(ko_match(&st, 2, 1)["first"], 1);
        assert_eq!(ko_match(&st, 2, 1)["second"], 4);
        assert_eq!(ko_match(&st, 2, 2)["first"], 3);
        assert_eq!(ko_match(&st, 2, 2)["second"], 7);
        (id, arbiter, tokens, st)
    });
    // The server stops with every task it ran.
    drop(first);
    let second = tokio::runtime::Runtime::new().unwrap();
    second.block_on(async {
        let s = Server::start_in(&path, common::config(&path)).await;
        // The knockout is back from its log, as it was.
        let st = s.get_json(&format!("/api/tournament/{id}")).await;
        assert_eq!(st["knockout"], before["knockout"]);
        assert_eq!(st["rounds"], before["rounds"]);
        let (boards, _, _) = round(&s, &id, &arbiter, &tokens, &[WhiteWins, WhiteWins]).await;
        assert_eq!(boards, [(1, 4), (3, 7)]);
        let (boards, _, st) = round(&s, &id, &arbiter, &tokens, &[Draw, BlackWins]).await;
        assert_eq!(boards, [(4, 1), (7, 3)]);
        assert_eq!(ko_match(&st, 2, 1)["winner"], 1);
        assert_eq!(ko_match(&st, 2, 2)["winner"], 3);
        // The final.
        let (boards, _, _) = round(&s, &id, &arbiter, &tokens, &[WhiteWins]).await;
        assert_eq!(boards, [(1, 3)]);
        let (_, _, st) = round(&s, &id, &arbiter, &tokens, &[Draw]).await;
        assert_eq!(st["knockout"]["winner"], 1);
        assert_eq!(ko_match(&st, 3, 1)["score"], json!([1.5, 0.5]));
        assert_eq!(st["status"], "finished");
        let (status, over) = post(
            &s,
            &format!("/api/tournament/{id}/pair"),
            &arbiter,
            json!(null),
        )
        .await;
        assert_eq!(status, 400);
        assert_eq!(over["error"], "the knockout is over: player 1 won it");
        assert_eq!(over["message"]["zh"], "淘汰赛已结束：1 号棋手获胜");
        // Every game is a round of the TRF.
        let text = s.get_text(&format!("/api/tournament/{id}/trf")).await;
        assert!(text.contains("092 Knockout"), "{text}");
        let t = arbiter_tournament::trf::read(&text).unwrap();
        assert_eq!(t.rounds_paired(), 9);
        // And the stored log checks clean.
        let store = common::open_store(&path).await;
        let report = arbiter_server::verify(&store).await.unwrap();
        assert!(report.is_clean(), "{report:?}");
        store.close().await;
    });
}

/// Waits until the schedule has published round `n` of `id`; the state.
async fn wait_published(s: &Server, id: &str, n: usize) -> Value {
    for _ in 0..400 {
        let st = s.get_json(&format!("/api/tournament/{id}")).await;
        if st["rounds"][n - 1]["published"] == true {
            return st;
        }
        tokio::time::sleep(std::time::Duration::from_millis(25)).await;
    }
    panic!("round {n} never published");
}

/// The boards of round `n` (White, Black), by player number.
fn boards_of(st: &Value, n: usize) -> Vec<(u64, u64)> {
    boards(&st["rounds"][n - 1])
}

/// Plays each board of round `n` of the state `st` to its ending.
async fn play_boards(s: &Server, st: &Value, n: usize, tokens: &[String], endings: &[Ending]) {
    let token = |p: u64| tokens[p as usize - 1].as_str();
    let boards = st["rounds"][n - 1]["boards"].as_array().unwrap();
    assert_eq!(boards.len(), endings.len(), "round {n}: {st}");
    for (b, &end) in boards.iter().zip(endings) {
        let (w, bl) = (b["white"].as_u64().unwrap(), b["black"].as_u64().unwrap());
        play(s, b["game"].as_str().unwrap(), token(w), token(bl), end).await;
    }
}

#[tokio::test]
async fn a_knockout_on_a_schedule_pairs_and_publishes_its_rounds_and_tie_break_games_itself() {
    let s = Server::start().await;
    let arbiter = account(&s, "Director").await;
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as i64;
    // One game a match, then one rapid game, then Armageddon; round 1 in
    // three seconds, each later round a tenth of a second after the last
    // result of the round before.
    let settings = json!({
        "name": "Scheduled Cup", "system": {"kind": "knockout"}, "rounds": 2,
        "time_control": "5400+30", "ruleset": "fide-standard", "mode": "online",
        "tiebreaks": ["PTS"], "starts_at_ms": now + 3000, "round_interval_ms": 100,
        "knockout": {"games": 1, "tiebreaks": [
            {"tempo": "rapid", "games": 1, "time_control": "900+10"},
            {"tempo": "armageddon", "time_control": "300", "black_time_control": "240"},
        ]},
    });
    let (status, created) = post(&s, "/api/tournament", &arbiter, settings).await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    let tokens = seeds_join(&s, &id, 4).await;
    // Round 1 at its time, by the schedule: 1 v 4, 2 v 3.
    let st = wait_published(&s, &id, 1).await;
    assert_eq!(st["rounds"][0]["paired_by"], "schedule");
    assert_eq!(boards_of(&st, 1), [(1, 4), (2, 3)]);
    play_boards(&s, &st, 1, &tokens, &[WhiteWins, Draw]).await;
    wait_complete(&s, &id, 1).await;
    // The level match goes on to its rapid game, paired and published by
    // the schedule at the rapid clocks; the match that is won waits.
    let st = wait_published(&s, &id, 2).await;
    assert_eq!(st["rounds"][1]["paired_by"], "schedule");
    let rapid = boards_of(&st, 2);
    assert_eq!(rapid.len(), 1);
    assert_eq!(
        (rapid[0].0.min(rapid[0].1), rapid[0].0.max(rapid[0].1)),
        (2, 3)
    );
    assert_eq!(st["knockout"]["slots"][1]["tempo"], "rapid");
    let game = st["rounds"][1]["boards"][0]["game"].as_str().unwrap();
    assert_eq!(s.view(game).await["head"]["time_control"], "900+10");
    // Seed 3 wins it, whatever his colour.
    let ending = if rapid[0].0 == 3 {
        WhiteWins
    } else {
        BlackWins
    };
    play_boards(&s, &st, 2, &tokens, &[ending]).await;
    let st = wait_complete(&s, &id, 2).await;
    assert_eq!(ko_match(&st, 1, 2)["winner"], 3);
    assert_eq!(ko_match(&st, 1, 2)["decided_by"], "rapid");
    // The final, by the schedule too: seed 1 has White.
    let st = wait_published(&s, &id, 3).await;
    assert_eq!(st["rounds"][2]["paired_by"], "schedule");
    assert_eq!(boards_of(&st, 3), [(1, 3)]);
    play_boards(&s, &st, 3, &tokens, &[WhiteWins]).await;
    let st = wait_complete(&s, &id, 3).await;
    assert_eq!(st["knockout"]["winner"], 1);
    assert_eq!(st["status"], "finished");
}

#[tokio::test]
async fn a_match_level_after_every_stage_is_decided_by_lot_by_the_arbiter() {
    let s = Server::start().await;
    let arbiter = account(&s, "Director").await;
    // One game a match and no tie-break stage: a draw leaves a match level.
    let settings = json!({
        "name": "Lot Cup", "system": {"kind": "knockout"}, "rounds": 2,
        "time_control": "5400+30", "ruleset": "fide-standard", "mode": "online",
        "tiebreaks": ["PTS"], "knockout": {"games": 1, "tiebreaks": []},
    });
    let (status, created) = post(&s, "/api/tournament", &arbiter, settings).await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    let path = |p: &str| format!("/api/tournament/{id}{p}");
    let tokens = seeds_join(&s, &id, 4).await;
    // No match is level yet: no lot is due.
    let (status, refused) = post(&s, &path("/lots"), &arbiter, json!(null)).await;
    assert_eq!(status, 400, "{refused}");
    let (boards, _, st) = round(&s, &id, &arbiter, &tokens, &[WhiteWins, Draw]).await;
    assert_eq!(boards, [(1, 4), (2, 3)]);
    assert_eq!(ko_match(&st, 1, 2)["undecided"], true);
    // The final cannot be paired while 2 v 3 is level.
    let (status, _) = post(&s, &path("/pair"), &arbiter, json!(null)).await;
    assert_eq!(status, 400);
    // The arbiter draws lots: 2 v 3 gets a winner, recorded as a lot.
    let (status, drawn) = post(&s, &path("/lots"), &arbiter, json!(null)).await;
    assert_eq!(status, 200, "{drawn}");
    let st = s.get_json(&path("")).await;
    let decided = ko_match(&st, 1, 2);
    assert_eq!(decided["decided_by"], "lot");
    assert_eq!(decided["undecided"], false);
    let winner = decided["winner"].as_u64().unwrap();
    assert!(winner == 2 || winner == 3, "{decided}");
    // A second draw finds nothing due; the final is seed 1 against him.
    let (status, _) = post(&s, &path("/lots"), &arbiter, json!(null)).await;
    assert_eq!(status, 400);
    let (boards, _, st) = round(&s, &id, &arbiter, &tokens, &[BlackWins]).await;
    assert_eq!(boards, [(1, winner)]);
    assert_eq!(st["knockout"]["winner"], winner);
}
