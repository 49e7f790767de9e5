//! The signed log against tampering (issue 34): a record cut, deleted,
//! rewritten (even with every later chain link recomputed), swapped with
//! another game's, or the database restored from an older backup, is
//! found by `arbiter verify` and named by its game, with the server's own
//! checkpoints and with a checkpoint or a game's proof saved by a player
//! before the tampering (on SQLite, whose file the tests alter); and, on
//! both backends, receipts and the games' references to their leaves.

mod common;

use std::path::Path;
use std::time::Duration;

use arbiter_server::{Damage, SavedCheckpoint, Store};
use common::{Server, tokens};

/// Plays `moves` in a new game; its id.
async fn play(s: &Server, moves: &[&str]) -> String {
    let (id, white, black, _) = tokens(&s.started_game("600+0").await);
    for (i, m) in moves.iter().enumerate() {
        let t = if i % 2 == 0 { &white } else { &black };
        assert_eq!(s.mv(&id, t, m).await.0, 200, "{m}");
    }
    id
}

/// Waits until the latest checkpoint covers every leaf: what a player
/// saves from `GET /checkpoint`.
async fn saved_checkpoint(store: &Store) -> SavedCheckpoint {
    for _ in 0..100 {
        let leaves = store.log_leaves(0, u64::MAX >> 1).await.unwrap().len() as u64;
        if let Some((size, note)) = store.latest_checkpoint().await.unwrap()
            && size == leaves
        {
            return SavedCheckpoint { note, game: None };
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("no checkpoint of the whole log");
}

/// Plays three games, stops the server; the games' ids and a checkpoint
/// saved by a player at the end.
fn three_games(path: &Path) -> (Vec<String>, SavedCheckpoint) {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    runtime.block_on(async {
        let s = Server::start_in(path, common::config(path)).await;
        let a = play(&s, &["e2e4", "e7e5", "g1f3", "b8c6", "f1b5"]).await;
        let b = play(&s, &["d2d4", "d7d5", "c2c4", "e7e6"]).await;
        let c = play(&s, &["f2f3", "e7e5", "g2g4", "d8h4"]).await;
        let store = common::open_store(path).await;
        let saved = saved_checkpoint(&store).await;
        let clean = arbiter_server::verify_with(&store, std::slice::from_ref(&saved))
            .await
            .unwrap();
        assert!(clean.is_clean(), "{:?}", clean.log);
        store.close().await;
        (vec![a, b, c], saved)
    })
}

/// The games named by `arbiter verify` with the server's checkpoints
/// alone, and with `saved` too; each finding's problem.
fn named(path: &Path, saved: &SavedCheckpoint) -> [Vec<(String, Damage)>; 2] {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    runtime.block_on(async {
        let store = common::open_store(path).await;
        let mut out = [Vec::new(), Vec::new()];
        for (i, with) in [vec![], vec![saved.clone()]].iter().enumerate() {
            let report = arbiter_server::verify_with(&store, with).await.unwrap();
            assert!(!report.is_clean() || i == 0);
            out[i] = report
                .log
                .unwrap()
                .findings
                .into_iter()
                .map(|f| (f.game, f.problem))
                .collect();
        }
        store.close().await;
        out
    })
}

fn alter(path: &Path, sql: &str) {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    runtime.block_on(async {
        let store = common::open_store(path).await;
        assert!(store.execute_raw(sql).await.unwrap() > 0, "{sql}");
        store.close().await;
    });
}

fn skip_on_postgres() -> bool {
    common::db::on_postgres()
}

#[test]
fn the_last_event_of_a_game_deleted_is_found_and_the_game_named() {
    if skip_on_postgres() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let (games, saved) = three_games(dir.path());
    // The mating move of game c, gone.
    let c = &games[2];
    alter(
        dir.path(),
        &format!(
            "DELETE FROM events WHERE game_id = '{c}' AND seq = (SELECT max(seq) FROM events WHERE game_id = '{c}')"
        ),
    );
    for found in named(dir.path(), &saved) {
        assert_eq!(found, [(games[2].clone(), Damage::LogRecordMissing)]);
    }
}

#[test]
fn the_last_events_of_several_games_deleted_are_found_and_each_game_named() {
    if skip_on_postgres() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let (games, saved) = three_games(dir.path());
    for table in ["events", "journal"] {
        alter_any(
            dir.path(),
            &format!(
                "DELETE FROM {table} WHERE (game_id = '{}' AND seq >= 4) OR (game_id = '{}' AND seq >= 3)",
                games[0], games[1]
            ),
        );
    }
    for found in named(dir.path(), &saved) {
        let mut named: Vec<&String> = found.iter().map(|f| &f.0).collect();
        named.dedup();
        assert_eq!(named, [&games[0], &games[1]], "{found:?}");
        assert!(found.iter().all(|f| f.1 == Damage::LogRecordMissing));
    }
}

fn alter_any(path: &Path, sql: &str) {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    runtime.block_on(async {
        let store = common::open_store(path).await;
        store.execute_raw(sql).await.unwrap();
        store.close().await;
    });
}

#[test]
fn an_event_rewritten_with_every_later_link_recomputed_is_found() {
    if skip_on_postgres() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let (games, saved) = three_games(dir.path());
    let runtime = tokio::runtime::Runtime::new().unwrap();
    runtime.block_on(async {
        let store = common::open_store(dir.path()).await;
        // Rewrite Black's first move in game a and recompute the chain after it,
        // so that the chain alone holds together.
        let game = &games[0];
        let events = arbiter_tlog_events(&store, game).await;
        let setup: String = setup_of(&store, game).await;
        let mut link = arbiter_tlog::record::game_genesis(game, &setup);
        for (seq, json) in events.iter().enumerate() {
            let json = json.replace("e7e5", "e7e6");
            link = arbiter_tlog::record::next_link(&link, &json);
            for table in ["events", "journal"] {
                store
                    .execute_raw(&format!(
                        "UPDATE {table} SET event = '{}', hash = '{link}' WHERE game_id = '{game}' AND seq = {seq}",
                        json.replace('\'', "''")
                    ))
                    .await
                    .unwrap();
            }
        }
        let report = arbiter_server::verify(&store).await.unwrap();
        // The chain holds; the referee may refuse the new moves, but the log
        // names the game from the rewritten event on.
        let log = report.log.unwrap();
        assert!(log.findings.iter().all(|f| &f.game == game), "{:?}", log.findings);
        let rewritten = events.iter().position(|e| e.contains("e7e5")).unwrap() as i64;
        assert_eq!(log.findings[0].seq, Some(rewritten));
        assert_eq!(log.findings[0].problem, Damage::LogRecordDiffers);
        store.close().await;
    });
    let [alone, with] = named(dir.path(), &saved);
    assert_eq!(alone, with);
}

async fn arbiter_tlog_events(store: &Store, game: &str) -> Vec<String> {
    let proof = store.game_proof(game).await.unwrap().unwrap();
    let record = String::from_utf8(proof.extra.unwrap()).unwrap();
    arbiter_tlog::record::GameRecord::parse(&record)
        .unwrap()
        .events
}

async fn setup_of(store: &Store, game: &str) -> String {
    let proof = store.game_proof(game).await.unwrap().unwrap();
    let record = String::from_utf8(proof.extra.unwrap()).unwrap();
    arbiter_tlog::record::GameRecord::parse(&record)
        .unwrap()
        .setup_json
}

#[test]
fn two_games_events_swapped_are_found_and_both_named() {
    if skip_on_postgres() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let (games, saved) = three_games(dir.path());
    let (a, b) = (&games[0], &games[1]);
    // Each event of one game takes the other's place, chain links and all.
    alter(
        dir.path(),
        &format!(
            "UPDATE events SET event = o.event, hash = o.hash \
         FROM (SELECT game_id, seq, event, hash FROM events WHERE game_id IN ('{a}', '{b}')) AS o \
         WHERE events.game_id IN ('{a}', '{b}') AND o.game_id <> events.game_id AND o.seq = events.seq"
        ),
    );
    for found in named(dir.path(), &saved) {
        let games: std::collections::BTreeSet<&String> = found.iter().map(|f| &f.0).collect();
        assert_eq!(games, [a, b].into_iter().collect(), "{found:?}");
    }
}

#[test]
fn a_whole_game_deleted_is_found_and_named() {
    if skip_on_postgres() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let (games, saved) = three_games(dir.path());
    let b = &games[1];
    alter_any(
        dir.path(),
        &format!("DELETE FROM events WHERE game_id = '{b}'"),
    );
    alter_any(
        dir.path(),
        &format!("DELETE FROM journal WHERE game_id = '{b}'"),
    );
    alter_any(dir.path(), &format!("DELETE FROM games WHERE id = '{b}'"));
    for found in named(dir.path(), &saved) {
        assert!(!found.is_empty());
        assert!(
            found
                .iter()
                .all(|f| &f.0 == b && f.1 == Damage::LogRecordMissing),
            "{found:?}"
        );
    }
}

#[test]
fn a_database_restored_from_an_older_backup_is_found_by_a_saved_proof() {
    if skip_on_postgres() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let backup = tempfile::tempdir().unwrap();
    let path = dir.path();
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let (game, checkpoint, proof) = runtime.block_on(async {
        let s = Server::start_in(path, common::config(path)).await;
        let (id, white, black, _) = tokens(&s.started_game("600+0").await);
        assert_eq!(s.mv(&id, &white, "e2e4").await.0, 200);
        assert_eq!(s.mv(&id, &black, "e7e5").await.0, 200);
        let store = common::open_store(path).await;
        saved_checkpoint(&store).await;
        // The backup: a consistent copy of the database as it stands.
        store
            .execute_raw(&format!(
                "VACUUM INTO '{}'",
                backup.path().join("arbiter.db").display()
            ))
            .await
            .unwrap();
        // The game goes on; its player saves its proof at the end.
        for (i, m) in ["g1f3", "b8c6", "f1c4", "g8f6"].iter().enumerate() {
            let t = if i % 2 == 0 { &white } else { &black };
            assert_eq!(s.mv(&id, t, m).await.0, 200);
        }
        let checkpoint = saved_checkpoint(&store).await;
        let proof = store.game_proof(&id).await.unwrap().unwrap();
        store.close().await;
        (
            id,
            checkpoint,
            SavedCheckpoint::parse(&proof.to_text()).unwrap(),
        )
    });
    drop(runtime);
    // The database is put back as the backup had it, beside the server's
    // key (in a directory of its own: nothing of the server that ran is
    // left holding the files).
    let restored = tempfile::tempdir().unwrap();
    let path = restored.path();
    std::fs::copy(backup.path().join("arbiter.db"), path.join("arbiter.db")).unwrap();
    let key = "arbiter.db.log-key";
    std::fs::copy(dir.path().join(key), path.join(key)).unwrap();
    let [alone, with] = named(path, &checkpoint);
    // Alone, the restored database holds together: only what was saved
    // outside it can tell.
    assert!(alone.is_empty(), "{alone:?}");
    assert!(
        with.iter().any(|f| matches!(f.1, Damage::LogCut { .. })),
        "{with:?}"
    );
    let [_, with_proof] = named(path, &proof);
    assert!(
        with_proof.iter().any(|f| f.0 == game
            && matches!(f.1, Damage::LogProofDiffers { proved, stored } if proved == stored + 4)),
        "{with_proof:?}"
    );
}

/// The game's proof as served, once its last record is in a checkpoint.
async fn served_proof(s: &Server, id: &str, after: Option<u64>) -> arbiter_tlog::TlogProof {
    for _ in 0..100 {
        let r = s.get(&format!("/api/games/{id}/proof")).await;
        if r.status() == 200 {
            let proof = arbiter_tlog::TlogProof::parse(&r.text().await.unwrap()).unwrap();
            if Some(proof.index) != after {
                return proof;
            }
        } else {
            assert_eq!(r.status(), 404);
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("no proof of game {id}");
}

#[tokio::test]
async fn the_checkpoint_its_key_consistency_proofs_and_a_games_proof_are_served() {
    use arbiter_tlog::record::GameRecord;
    use arbiter_tlog::{SignedCheckpoint, VerifierKey, check_consistency, witness::AddCheckpoint};
    if skip_on_postgres() {
        return;
    }
    let s = Server::start().await;
    let key = VerifierKey::parse(s.get_text("/checkpoint/key").await.trim()).unwrap();
    let (id, white, black, _) = tokens(&s.started_game("600+0").await);
    assert_eq!(s.mv(&id, &white, "e2e4").await.0, 200);
    assert_eq!(s.mv(&id, &black, "e7e5").await.0, 200);
    // The game's proof holds, offline, with the key served.
    let first = served_proof(&s, &id, None).await;
    let record =
        GameRecord::parse(std::str::from_utf8(first.extra.as_deref().unwrap()).unwrap()).unwrap();
    assert_eq!(record.game, id);
    let (old, _) = first
        .verify(record.last_leaf().hash(), key.name(), &[&key], &[])
        .unwrap();
    // A record other than the one logged does not.
    let mut other = record.clone();
    other.events.pop();
    assert!(
        first
            .verify(other.last_leaf().hash(), key.name(), &[&key], &[])
            .is_err()
    );
    // The game goes on: the new checkpoint extends the old.
    assert_eq!(s.mv(&id, &white, "g1f3").await.0, 200);
    let second = served_proof(&s, &id, Some(first.index)).await;
    assert!(second.index > first.index);
    let latest = s.get_text("/checkpoint").await;
    let new = SignedCheckpoint::open(latest.as_bytes(), key.name(), &[&key]).unwrap();
    let (size, root) = (old.checkpoint.size, old.checkpoint.root);
    let body = s
        .get_text(&format!("/checkpoint/consistency?old={size}"))
        .await;
    let answer = AddCheckpoint::parse(body.as_bytes()).unwrap();
    assert_eq!((answer.old, &answer.checkpoint), (size, &latest));
    let (new_size, new_root) = (new.checkpoint.size, new.checkpoint.root);
    check_consistency(size, &root, new_size, &new_root, &answer.proof).unwrap();
    // The proof does not join the new tree to another old one.
    let wrong = arbiter_tlog::Hash::of_leaf(b"not the old tree");
    assert!(check_consistency(size, &wrong, new_size, &new_root, &answer.proof).is_err());
    // Between two kept checkpoints, the older named by `new`.
    let body = s
        .get_text(&format!("/checkpoint/consistency?old=1&new={size}"))
        .await;
    let answer = AddCheckpoint::parse(body.as_bytes()).unwrap();
    assert_eq!(answer.checkpoint, first.checkpoint);
    // The fresh log's first leaf is the game's creation.
    let created = arbiter_tlog::record::Leaf::GameCreated {
        game: id.clone(),
        genesis: arbiter_tlog::record::game_genesis(&id, &record.setup_json),
    };
    check_consistency(1, &created.hash(), size, &root, &answer.proof).unwrap();
    // What cannot be answered.
    let too_new = new_size + 1000;
    for (path, status) in [
        (format!("/checkpoint/consistency?old={too_new}"), 400),
        (format!("/checkpoint/consistency?old=0&new={too_new}"), 404),
        ("/checkpoint/consistency".to_string(), 400),
        ("/api/games/nosuchgame/proof".to_string(), 404),
    ] {
        assert_eq!(s.get(&path).await.status(), status, "{path}");
    }
}

#[tokio::test]
async fn a_tournaments_events_are_leaves_and_one_cut_or_rewritten_is_found_and_named() {
    use serde_json::{Value, json};
    if skip_on_postgres() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path();
    let s = Server::start_in(path, common::config(path)).await;
    let settings = json!({
        "name": "Spring Open", "place": "Shanghai", "start_date": "2026-12-02",
        "chief_arbiter": "Ana Arbiter", "system": {"kind": "dutch"}, "rounds": 2,
        "time_control": "300+3", "ruleset": "fide-blitz", "mode": "online",
        "tiebreaks": ["PTS", "BH", "SB"],
    });
    let r = s.post_json("/api/tournament", &settings).await;
    assert_eq!(r.status(), 201);
    let created: Value = r.json().await.unwrap();
    let id = created["id"].as_str().unwrap().to_string();
    let arbiter = created["token"].as_str().unwrap().to_string();
    for name in ["Li Wei", "Bo Ann"] {
        let r = s
            .http
            .post(s.url(&format!("/api/tournament/{id}/players")))
            .bearer_auth(&arbiter)
            .json(&json!({ "name": name }))
            .send()
            .await
            .unwrap();
        assert!(r.status().is_success(), "{}", r.status());
    }
    let store = common::open_store(path).await;
    let saved = saved_checkpoint(&store).await;
    // Its creation and both registrations, in order, each a leaf.
    let logged: Vec<String> = store
        .log_leaves(0, 100)
        .await
        .unwrap()
        .into_iter()
        .map(|l| l.1)
        .filter(|data| data.starts_with(&format!("arbiter tournament {id}\n")))
        .collect();
    let events = store.tournament_events(&id).await.unwrap();
    assert_eq!(events.len(), 3);
    let expected: Vec<String> = events
        .iter()
        .map(|e| {
            arbiter_tlog::record::Leaf::TournamentEvent {
                tournament: id.clone(),
                seq: e.seq,
                link: e.hash.clone(),
            }
            .data()
        })
        .collect();
    assert_eq!(logged, expected);
    let report = arbiter_server::verify_with(&store, std::slice::from_ref(&saved))
        .await
        .unwrap();
    assert!(report.is_clean(), "{:?}", report.log);

    // A registration rewritten, every later link recomputed: the
    // tournament's chain holds, its leaves do not.
    let mut link = arbiter_tlog::record::tournament_genesis(&id);
    for e in &events {
        let json = e.event_json.replace("Li Wei", "Li Wai");
        link = arbiter_tlog::record::next_link(&link, &json);
        store
            .execute_raw(&format!(
                "UPDATE tournament_events SET event = '{}', hash = '{link}' \
                 WHERE tournament_id = '{id}' AND seq = {}",
                json.replace('\'', "''"),
                e.seq
            ))
            .await
            .unwrap();
    }
    let report = arbiter_server::verify_with(&store, std::slice::from_ref(&saved))
        .await
        .unwrap();
    assert!(
        report.tournaments.findings.is_empty(),
        "{:?}",
        report.tournaments
    );
    let found: Vec<(String, i64, Damage)> = report
        .log
        .unwrap()
        .tournaments
        .into_iter()
        .map(|f| (f.tournament, f.seq, f.problem))
        .collect();
    let rewritten = events
        .iter()
        .position(|e| e.event_json.contains("Li Wei"))
        .unwrap() as i64;
    assert_eq!(
        found[0],
        (id.clone(), rewritten, Damage::LogRecordDiffers),
        "{found:?}"
    );
    assert!(found.iter().all(|f| f.0 == id), "{found:?}");

    // The last registration cut.
    store
        .execute_raw(&format!(
            "DELETE FROM tournament_events WHERE tournament_id = '{id}' AND seq = 2"
        ))
        .await
        .unwrap();
    let report = arbiter_server::verify(&store).await.unwrap();
    let log = report.log.unwrap();
    assert!(
        log.tournaments
            .iter()
            .any(|f| f.tournament == id && f.seq == 2 && f.problem == Damage::LogRecordMissing),
        "{:?}",
        log.tournaments
    );
    store.close().await;
}

/// A server that signs its log: on PostgreSQL, with the key file
/// `--log-key` names (on SQLite, the key beside the database).
async fn signing_server() -> Server {
    let dir = tempfile::tempdir().unwrap();
    let mut config = common::config(dir.path());
    if common::db::on_postgres() {
        config.log_key = Some(dir.path().join("log.key"));
    }
    Server::start_with(dir, config).await
}

/// An accepted event's acknowledgement carries its receipt: the size of
/// the tree once it was added, whose last leaf it is. Over Arbiter's own
/// API, the game page's WebSocket and lichess's API; a refusal has none.
#[tokio::test]
async fn an_accepted_events_acknowledgement_carries_the_tree_size_that_includes_it() {
    use common::ws::{auth, connect, next_of, next_where, play, send};
    let s = signing_server().await;
    let (id, white, black, _) = tokens(&s.started_game("600+0").await);
    let (status, body) = s.mv(&id, &white, "e2e4").await;
    assert_eq!(status, 200);
    let size = body["tree_size"].as_u64().expect("a tree size");
    let e2e4 = leaf_of_last_record(&s, &id, None).await;
    assert_eq!(e2e4 + 1, size);
    let (status, body) = s.mv(&id, &white, "d2d4").await;
    assert_eq!(status, 422, "{body}");
    assert!(body.get("tree_size").is_none(), "{body}");

    let mut ws = connect(&s, &id).await;
    send(&mut ws, &auth(&black)).await;
    next_of(&mut ws, "role").await;
    send(&mut ws, &play(1, "e7e4")).await;
    let refused = next_where(&mut ws, "verdict", |v| v["id"] == 1).await;
    assert_eq!(refused["verdict"]["verdict"], "rejected", "{refused}");
    assert!(refused.get("tree_size").is_none(), "{refused}");
    send(&mut ws, &play(2, "e7e5")).await;
    let accepted = next_where(&mut ws, "verdict", |v| v["id"] == 2).await;
    let size = accepted["tree_size"].as_u64().expect("a tree size");
    assert_eq!(leaf_of_last_record(&s, &id, Some(e2e4)).await + 1, size);

    let tokens = common::accounts(&s, &["Alice", "Bob"]).await;
    let (_, game) = common::challenge_accepted(&s, &tokens[0], &tokens[1]).await;
    let (status, body) = s
        .post_as(&format!("/api/board/game/{game}/move/e2e4"), &tokens[0])
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["ok"], true);
    let size = body["treeSize"].as_u64().expect("a tree size");
    assert_eq!(leaf_of_last_record(&s, &game, None).await + 1, size);
}

/// The leaf of game `id`'s last record (other than `after`), from its
/// proof as served once that record is in a checkpoint.
async fn leaf_of_last_record(s: &Server, id: &str, after: Option<u64>) -> u64 {
    let proof = served_proof(s, id, after).await;
    let note = arbiter_tlog::Note::parse(proof.checkpoint.as_bytes()).unwrap();
    let size = arbiter_tlog::Checkpoint::parse(note.text()).unwrap().size;
    assert!(proof.index < size);
    proof.index
}

/// The PGN export and the scoresheet name the record's place in the log:
/// the log's origin, the leaf of the record's last event, and its proof's
/// path, so that a printed game can be checked against the log later.
#[tokio::test]
async fn a_games_pgn_and_scoresheet_name_the_leaf_that_seals_its_record() {
    use arbiter_tlog::record::RecordReference;
    let s = signing_server().await;
    let id = play(&s, &["f2f3", "e7e5", "g2g4", "d8h4"]).await;
    let key = arbiter_tlog::VerifierKey::parse(s.get_text("/checkpoint/key").await.trim()).unwrap();
    let index = leaf_of_last_record(&s, &id, None).await;
    let expected = RecordReference {
        origin: key.name().to_string(),
        game: id.clone(),
        index,
    };
    let pgn = s.get_text(&format!("/api/games/{id}/pgn")).await;
    let game = arbiter_pgn::Reader::new(pgn.as_bytes())
        .read_game()
        .unwrap()
        .unwrap();
    let tags = &game.tags;
    assert_eq!(
        RecordReference::from_pgn_tags(|name| tags.get(name)),
        Some(expected.clone()),
        "{pgn}"
    );
    let sheet = s.get_json(&format!("/api/games/{id}/scoresheet")).await;
    assert_eq!(
        sheet["log"],
        serde_json::json!({"origin": key.name(), "index": index, "proof": expected.proof_path()})
    );
}

/// `serve --unsigned` (on PostgreSQL, a server without `--log-key`) keeps
/// the log's leaves and gives receipts, but signs no checkpoint; the next
/// server that signs signs the whole tree as it starts.
#[test]
fn an_unsigned_server_keeps_the_leaves_and_the_next_signing_server_signs_them() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().to_path_buf();
    let mut config = common::config(&path);
    config.unsigned = true;
    let first = tokio::runtime::Runtime::new().unwrap();
    let (id, size) = first.block_on(async {
        let s = Server::start_in(&path, config.clone()).await;
        let (id, white, _, _) = tokens(&s.started_game("600+0").await);
        let (status, body) = s.mv(&id, &white, "e2e4").await;
        assert_eq!(status, 200, "{body}");
        let size = body["tree_size"].as_u64().expect("a tree size");
        // A signing server signs within moments of a write.
        tokio::time::sleep(Duration::from_millis(1500)).await;
        assert_eq!(s.get("/checkpoint").await.status(), 404);
        assert_eq!(s.get(&format!("/api/games/{id}/proof")).await.status(), 404);
        (id, size)
    });
    // The server stops with every task it ran.
    drop(first);
    std::thread::sleep(Duration::from_millis(200));
    config.unsigned = false;
    if common::db::on_postgres() {
        config.log_key = Some(path.join("log.key"));
    }
    tokio::runtime::Runtime::new().unwrap().block_on(async {
        let s = Server::start_in(&path, config).await;
        assert_eq!(leaf_of_last_record(&s, &id, None).await + 1, size);
    });
}

/// The server signs a checkpoint at most once a second, when the tree
/// grew, and keeps every one it signed, each consistent with the tree.
#[tokio::test]
async fn a_checkpoint_is_signed_at_most_once_a_second_and_every_one_is_kept() {
    if skip_on_postgres() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let s = Server::start_in(dir.path(), common::config(dir.path())).await;
    // The tree grows without a pause for two and a half seconds.
    let started = std::time::Instant::now();
    while started.elapsed() < Duration::from_millis(2500) {
        s.started_game("600+0").await;
    }
    let store = common::open_store(dir.path()).await;
    let last = saved_checkpoint(&store).await;
    let db = rusqlite::Connection::open(dir.path().join("arbiter.db")).unwrap();
    let signed: Vec<(u64, i64)> = db
        .prepare("SELECT size, signed_unix_ms FROM log_checkpoints ORDER BY size")
        .unwrap()
        .query_map([], |r| Ok((r.get::<_, i64>(0)? as u64, r.get(1)?)))
        .unwrap()
        .map(Result::unwrap)
        .collect();
    assert!(signed.len() >= 3, "{signed:?}");
    for pair in signed.windows(2) {
        let ((small, then), (large, next)) = (pair[0], pair[1]);
        assert!(large > small, "{signed:?}");
        assert!(
            next - then >= 1000,
            "signed {} ms apart: {signed:?}",
            next - then
        );
    }
    // Every one is kept, the last holding the whole tree, and the tree is
    // the one each signed.
    let kept = store.checkpoints().await.unwrap();
    let kept: Vec<u64> = kept.iter().map(|c| c.0).collect();
    let signed_sizes: Vec<u64> = signed.iter().map(|c| c.0).collect();
    assert_eq!(kept, signed_sizes);
    assert_eq!(
        store.latest_checkpoint().await.unwrap().unwrap().1,
        last.note
    );
    let report = arbiter_server::verify_with(&store, &[]).await.unwrap();
    assert!(report.is_clean(), "{:?}", report.log);
    store.close().await;
}
