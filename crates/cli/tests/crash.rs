//! Crash safety: `arbiter serve` killed with SIGKILL in the middle of
//! games, restarted on the same database, finds every acknowledged move
//! and clock and finishes the games; `arbiter verify` then passes, and
//! finds a record altered in the database. A tournament killed in the
//! middle of a round replays, its games go on, their results enter and
//! the next round pairs; a kill between making a round's games and
//! recording its publication leaves no game out and none made twice.

mod serve;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

use assert_cmd::Command;
use serde_json::{Value, json};
use serve::{Client, Process, add_account};

/// Four knights out, then back: the starting position comes back every
/// eight plies, so 25 plies make at most a fourfold repetition, which is
/// only claimable (fivefold would end the game by itself, FIDE 9.6.1).
const SHUFFLE: [&str; 8] = [
    "g1f3", "g8f6", "b1c3", "b8c6", "f3g1", "f6g8", "c3b1", "c6b8",
];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn killed_mid_game_then_restarted_every_acknowledged_move_is_there() {
    let dir = tempfile::tempdir().unwrap();
    let db = serve::database(dir.path());
    let mut server = Process::start(&db, &[]);
    let client = Arc::new(Client::new(&server.base));

    // Three games, each played by its own task as fast as it is answered.
    let mut games = Vec::new();
    for _ in 0..3 {
        games.push(client.create("600+0").await);
    }
    let stop = Arc::new(AtomicBool::new(false));
    let acked_total = Arc::new(AtomicUsize::new(0));
    let mut players = Vec::new();
    for g in &games {
        let (client, stop, acked_total) = (client.clone(), stop.clone(), acked_total.clone());
        let id = g["id"].as_str().unwrap().to_string();
        let tokens = [
            g["white_token"].as_str().unwrap().to_string(),
            g["black_token"].as_str().unwrap().to_string(),
        ];
        players.push(tokio::spawn(async move {
            let mut acknowledged = Vec::new();
            // Four repetitions would be fivefold: stop short of it.
            for (i, m) in SHUFFLE.iter().cycle().take(24).enumerate() {
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                match client.mv(&id, &tokens[i % 2], m).await {
                    Ok(200) => {
                        acknowledged.push(m.to_string());
                        acked_total.fetch_add(1, Ordering::Relaxed);
                    }
                    _ => break,
                }
            }
            (id, tokens, acknowledged)
        }));
    }
    // Kill while the games are being played: after a third of the moves.
    while acked_total.load(Ordering::Relaxed) < 24 {
        tokio::time::sleep(Duration::from_millis(1)).await;
    }
    server.kill();
    stop.store(true, Ordering::Relaxed);
    let mut played = Vec::new();
    for p in players {
        played.push(p.await.unwrap());
    }
    assert!(
        played.iter().any(|(_, _, acked)| acked.len() < 24),
        "the kill cut games short"
    );

    let server = Process::start(&db, &[]);
    let client = Client::new(&server.base);
    for (id, tokens, acked) in &played {
        let view = client.view(id).await;
        let moves: Vec<String> = view["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["uci"].as_str().unwrap().to_string())
            .collect();
        // Every acknowledged move is there; at most one more (committed,
        // its answer lost in the kill).
        assert!(
            moves.len() >= acked.len() && moves.len() <= acked.len() + 1,
            "{id}: acked {acked:?}, stored {moves:?}"
        );
        assert_eq!(&moves[..acked.len()], &acked[..], "{id}");
        assert_eq!(view["status"], "started", "{id}: {view}");
        // Both clocks as they were: ten minutes less the little used.
        for side in ["white_ms", "black_ms"] {
            let ms = view["clock"][side].as_i64().unwrap();
            assert!((590_000..=600_000).contains(&ms), "{id} {side} {ms}");
        }
        // The games go on, and end: one more move, then a resignation.
        let turn = usize::from(view["turn"] == "black");
        let next = SHUFFLE[moves.len() % SHUFFLE.len()];
        assert_eq!(
            client.mv(id, &tokens[turn], next).await.unwrap(),
            200,
            "{id} {next}"
        );
        let r = client
            .http
            .post(format!("{}/api/games/{id}/events", client.base))
            .bearer_auth(&tokens[1 - turn])
            .json(&serde_json::json!({"kind": "resign"}))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 200);
        assert_eq!(client.view(id).await["status"], "over");
    }
    drop(server);

    let ok = Command::cargo_bin("arbiter")
        .unwrap()
        .args(["verify", "--db"])
        .arg(&db)
        .assert()
        .success();
    let out = String::from_utf8(ok.get_output().stdout.clone()).unwrap();
    assert!(
        out.contains("3 games") && out.contains("every record is intact"),
        "{out}"
    );

    // Alter one stored move behind the server's back.
    let (victim, _, _) = &played[0];
    let store = arbiter_server::Store::open(db.as_str()).await.unwrap();
    store
        .execute_raw(&format!("UPDATE events SET event = replace(event, 'g1f3', 'g1h3') WHERE game_id = '{victim}' AND seq = 1"))
        .await
        .unwrap();
    store.close().await;
    let failed = Command::cargo_bin("arbiter")
        .unwrap()
        .args(["verify", "--db"])
        .arg(&db)
        .assert()
        .code(1);
    let out = String::from_utf8(failed.get_output().stdout.clone()).unwrap();
    assert!(
        out.contains(&format!("game {victim} event 1: hash chain broken")),
        "{out}"
    );
}

/// A Swiss of four players, its rounds started by hand.
struct Swiss {
    id: String,
    creator: String,
    players: Vec<String>,
}

impl Swiss {
    /// A server started on `db` and a Swiss of four on it, its players in.
    async fn on_new_server(db: &str) -> (Process, Client, Swiss) {
        let (creator, players) = Swiss::accounts(db);
        let server = Process::start(db, &[]);
        let c = Client::new(&server.base);
        let swiss = Swiss::create(&c, creator, players).await;
        (server, c, swiss)
    }

    fn accounts(db: &str) -> (String, Vec<String>) {
        let creator = add_account(db, "Director", false);
        let players = ["Ann", "Bob", "Cat", "Dan"]
            .iter()
            .map(|n| add_account(db, n, false))
            .collect();
        (creator, players)
    }

    async fn create(c: &Client, creator: String, players: Vec<String>) -> Swiss {
        let r = c
            .http
            .post(format!("{}/api/swiss/new/club", c.base))
            .bearer_auth(&creator)
            .json(
                &json!({"clock.limit": 600, "nbRounds": 2, "name": "Crash Swiss",
                          "roundInterval": 99999999}),
            )
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 200);
        let id = r.json::<Value>().await.unwrap()["id"]
            .as_str()
            .unwrap()
            .to_string();
        let swiss = Swiss {
            id,
            creator,
            players,
        };
        for t in &swiss.players {
            assert_eq!(swiss.post(c, t, "join").await, 200);
        }
        swiss
    }

    async fn post(&self, c: &Client, token: &str, act: &str) -> u16 {
        c.post_as(&format!("/api/swiss/{}/{act}", self.id), token)
            .await
    }

    /// Checks that round 1 is being played, its two games not over.
    async fn is_in_round_one_with_two_games_on(&self, c: &Client) {
        let info = self.info(c).await;
        assert_eq!(
            (info["round"].as_u64(), info["nbOngoing"].as_u64()),
            (Some(1), Some(2)),
            "{info}"
        );
    }

    async fn info(&self, c: &Client) -> Value {
        c.get_json(&format!("/api/swiss/{}", self.id)).await
    }

    /// Starts the next round and waits until each player has his game:
    /// (game, colour, token), one per player.
    async fn next_round(&self, c: &Client) -> Vec<(String, String, String)> {
        assert_eq!(
            self.post(c, &self.creator, "schedule-next-round").await,
            200
        );
        for _ in 0..200 {
            let seats = self.seats(c).await;
            if seats.len() == self.players.len() {
                return seats;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("the round was never published: {}", self.info(c).await);
    }

    /// Each player's game going on and his colour in it.
    async fn seats(&self, c: &Client) -> Vec<(String, String, String)> {
        let mut seats = Vec::new();
        for t in &self.players {
            let playing = c.get_json_as("/api/account/playing", t).await;
            let game = &playing["nowPlaying"][0];
            if let (Some(g), Some(colour)) = (game["gameId"].as_str(), game["color"].as_str()) {
                seats.push((g.to_string(), colour.to_string(), t.clone()));
            }
        }
        seats
    }

    /// Waits until every game of round `round` has its result in.
    async fn round_over(&self, c: &Client, round: u64) {
        for _ in 0..200 {
            let info = self.info(c).await;
            if info["round"] == round && info["nbOngoing"] == 0 {
                return;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("round {round} never ended: {}", self.info(c).await);
    }
}

/// The first `plies` moves of [`SHUFFLE`] in `game`, each by its seat.
async fn play_opening(c: &Client, seats: &[(String, String, String)], game: &str, plies: usize) {
    for (i, mv) in SHUFFLE.iter().take(plies).enumerate() {
        let colour = if i % 2 == 0 { "white" } else { "black" };
        assert_eq!(
            board_move(c, game, seat(seats, game, colour), mv).await,
            200
        );
    }
}

/// A move over the Board API.
async fn board_move(c: &Client, game: &str, token: &str, mv: &str) -> u16 {
    c.post_as(&format!("/api/board/game/{game}/move/{mv}"), token)
        .await
}

/// The seat of `colour` in `game`.
fn seat<'a>(seats: &'a [(String, String, String)], game: &str, colour: &str) -> &'a str {
    seats
        .iter()
        .find(|(g, c, _)| g == game && c == colour)
        .map(|(_, _, t)| t.as_str())
        .unwrap()
}

fn games_of(seats: &[(String, String, String)]) -> Vec<String> {
    let mut games: Vec<String> = seats.iter().map(|(g, _, _)| g.clone()).collect();
    games.sort();
    games.dedup();
    games
}

/// Each game: one more move, then the side to move after it resigns.
async fn finish_games(c: &Client, seats: &[(String, String, String)]) {
    for game in games_of(seats) {
        let view = c.view(&game).await;
        assert_eq!(view["status"], "started", "{view}");
        let plies = view["moves"].as_array().unwrap().len();
        let (mover, other) = if plies % 2 == 0 {
            ("white", "black")
        } else {
            ("black", "white")
        };
        let mv = SHUFFLE[plies % SHUFFLE.len()];
        assert_eq!(
            board_move(c, &game, seat(seats, &game, mover), mv).await,
            200
        );
        let r = c
            .http
            .post(format!("{}/api/board/game/{game}/resign", c.base))
            .bearer_auth(seat(seats, &game, other))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), 200);
    }
}

fn verify_clean(db: &str) {
    let ok = Command::cargo_bin("arbiter")
        .unwrap()
        .args(["verify", "--db", db])
        .assert()
        .success();
    let out = String::from_utf8(ok.get_output().stdout.clone()).unwrap();
    assert!(
        out.contains("1 tournaments") && out.contains("every record is intact"),
        "{out}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_tournament_killed_mid_round_replays_and_its_games_results_and_next_round_go_on() {
    let dir = tempfile::tempdir().unwrap();
    let db = serve::database(dir.path());
    let (mut server, c, swiss) = Swiss::on_new_server(&db).await;
    let seats = swiss.next_round(&c).await;
    let games = games_of(&seats);
    assert_eq!(games.len(), 2);
    // Both games under way: three plies each, then the kill.
    for game in &games {
        play_opening(&c, &seats, game, 3).await;
    }
    server.kill();

    let server = Process::start(&db, &[]);
    let c = Client::new(&server.base);
    // The tournament is back, mid-round, with the same games.
    swiss.is_in_round_one_with_two_games_on(&c).await;
    let again = swiss.seats(&c).await;
    assert_eq!(games_of(&again), games);
    for game in &games {
        let view = c.view(game).await;
        let moves: Vec<&str> = view["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["uci"].as_str().unwrap())
            .collect();
        assert_eq!(moves, SHUFFLE[..3], "{game}");
    }
    // The games go on and end; their results enter the tournament.
    finish_games(&c, &again).await;
    swiss.round_over(&c, 1).await;
    let trf = c
        .http
        .get(format!("{}/swiss/{}.trf", c.base, swiss.id))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    // The file holds the rounds whose results are all in.
    let t = arbiter_tournament::trf::read(&trf).unwrap();
    assert_eq!(t.rounds_paired(), 1, "{trf}");
    // And the next round pairs.
    let round2 = swiss.next_round(&c).await;
    assert_eq!(games_of(&round2).len(), 2);
    assert!(games_of(&round2).iter().all(|g| !games.contains(g)));
    assert_eq!(swiss.info(&c).await["round"], 2);
    drop(server);
    verify_clean(&db);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_kill_between_a_rounds_games_and_its_publication_leaves_no_game_out_or_twice() {
    let dir = tempfile::tempdir().unwrap();
    let db = serve::database(dir.path());
    let (mut server, c, swiss) = Swiss::on_new_server(&db).await;
    let seats = swiss.next_round(&c).await;
    let games = games_of(&seats);
    server.kill();
    // The state a kill leaves between the two writes: the round's games
    // are stored, its publication is not, nor its leaf in the signed log
    // (the last one: nothing was written after it), nor a checkpoint
    // holding it.
    let store = arbiter_server::Store::open(db.as_str()).await.unwrap();
    let events = store.tournament_events(&swiss.id).await.unwrap();
    let published = events.last().unwrap();
    assert!(
        published
            .event_json
            .contains("\"kind\":\"round_published\"")
    );
    let leaf = arbiter_tlog::record::Leaf::TournamentEvent {
        tournament: swiss.id.clone(),
        seq: published.seq,
        link: published.hash.clone(),
    };
    let index = store.leaf_index(&leaf.data()).await.unwrap().unwrap();
    assert!(store.log_leaves(index + 1, 1).await.unwrap().is_empty());
    let mut cut = vec![
        format!(
            "DELETE FROM tournament_events WHERE tournament_id = '{}' AND seq = {}",
            swiss.id, published.seq
        ),
        format!("DELETE FROM log_leaves WHERE idx >= {index}"),
        format!("DELETE FROM log_checkpoints WHERE size > {index}"),
    ];
    if db.starts_with("postgres") {
        cut.push(format!("UPDATE log_head SET size = {index}"));
        cut.push(format!(
            "UPDATE log_signer SET hashed = LEAST(hashed, {index})"
        ));
    }
    for sql in &cut {
        store.execute_raw(sql).await.unwrap();
    }
    store.close().await;

    let server = Process::start(&db, &[]);
    let c = Client::new(&server.base);
    // Published again on start, with the games made before the kill: the
    // same ids, and no other game.
    swiss.is_in_round_one_with_two_games_on(&c).await;
    let again = swiss.seats(&c).await;
    assert_eq!(again.len(), 4);
    assert_eq!(games_of(&again), games);
    let listed = c.get_json("/api/games").await;
    assert_eq!(listed["games"].as_array().unwrap().len(), 2, "{listed}");
    // The round goes on as if nothing happened.
    finish_games(&c, &again).await;
    swiss.round_over(&c, 1).await;
    let round2 = swiss.next_round(&c).await;
    assert_eq!(games_of(&round2).len(), 2);
    drop(server);
    verify_clean(&db);
}
