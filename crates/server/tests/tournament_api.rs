//! Arbiter's own tournament API: an arbiter creates an event, enters
//! players by hand, by a CSV and through the registration link, pairs,
//! changes a pairing (kept with who and why), publishes, and the results
//! come from the games and from the arbiter (entered, forfeited,
//! corrected); only the arbiter directs; standings, crosstable and TRF
//! follow.

mod common;

use std::time::Duration;

use common::tournament::boards;
use common::{Server, account};
use serde_json::{Value, json};

/// `POST path` with a JSON body and, if given, a token: status and body.
async fn post(s: &Server, path: &str, token: Option<&str>, body: Value) -> (u16, Value) {
    let mut r = s.http.post(s.url(path)).json(&body);
    if let Some(t) = token {
        r = r.bearer_auth(t);
    }
    let r = r.send().await.unwrap();
    let status = r.status().as_u16();
    (status, r.json().await.unwrap_or(Value::Null))
}

fn settings(rounds: u32) -> Value {
    json!({
        "name": "Spring Open", "place": "Shanghai", "start_date": "2026-12-02",
        "chief_arbiter": "Ana Arbiter", "system": {"kind": "dutch"}, "rounds": rounds,
        "time_control": "300+3", "ruleset": "fide-blitz", "mode": "online",
        "tiebreaks": ["PTS", "BH", "SB"],
    })
}

async fn state(s: &Server, id: &str) -> Value {
    s.get_json(&format!("/api/tournament/{id}")).await
}

/// The board of `round` where `player` sits: its number, and the board.
fn board_of(state: &Value, round: usize, player: u64) -> Option<(u64, Value)> {
    state["rounds"][round - 1]["boards"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["white"] == player || b["black"] == player)
        .map(|b| (b["board"].as_u64().unwrap(), b.clone()))
}

#[tokio::test]
async fn an_arbiter_runs_an_event_through_the_api() {
    let s = Server::start().await;
    // Bad settings are refused by the tournament, with its words.
    let (status, refused) = post(&s, "/api/tournament", None, settings(0)).await;
    assert_eq!(status, 400);
    assert_eq!(refused["error"], "a tournament needs at least one round");
    // The pages show it in the reader's language.
    assert_eq!(refused["message"]["zh"], "比赛至少需要一轮");
    assert_eq!(refused["message"]["en"], refused["error"]);

    // Without a token, the arbiter is given an account and its token.
    let (status, created) = post(&s, "/api/tournament", None, settings(2)).await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    let arbiter = created["token"].as_str().unwrap().to_string();
    assert!(
        created["links"]["arbiter"]
            .as_str()
            .unwrap()
            .ends_with(&arbiter)
    );
    let path = |p: &str| format!("/api/tournament/{id}{p}");
    assert_eq!(
        state(&s, &id).await["settings"]["chief_arbiter"],
        "Ana Arbiter"
    );

    // Players from a CSV, all or none.
    let csv = "name,rating,federation\n\"Li, Wei\",2100,chn\nBo Ann,2000,SWE\nCai Lun,1900,CHN\n";
    let (status, imported) = post(
        &s,
        &path("/import"),
        Some(&arbiter),
        json!({"format": "csv", "text": csv}),
    )
    .await;
    assert_eq!(status, 200, "{imported}");
    assert_eq!(imported["players"], json!([1, 2, 3]));
    let (status, bad) = post(
        &s,
        &path("/import"),
        Some(&arbiter),
        json!({"format": "csv", "text": "name,rating\nDu,1800\nEd,strong\n"}),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(bad["error"], "line 3, column 2: rating is not a number");
    assert_eq!(state(&s, &id).await["players"].as_array().unwrap().len(), 3);

    // Two players enter through the link, without accounts: each is given
    // one.
    let mut joined = Vec::new();
    for (name, rating) in [("Du Fu", 1800), ("Eva Lind", 1700)] {
        let (status, j) = post(
            &s,
            &path("/join"),
            None,
            json!({"name": name, "rating": rating, "federation": "fin"}),
        )
        .await;
        assert_eq!(status, 200, "{j}");
        joined.push((
            j["player"].as_u64().unwrap(),
            j["token"].as_str().unwrap().to_string(),
        ));
    }
    // A registration refused makes no account.
    let store = common::open_store(&s.path).await;
    let accounts = store.accounts().await.unwrap().len();
    let (status, nameless) = post(&s, &path("/join"), None, json!({"name": " "})).await;
    assert_eq!(status, 400);
    assert_eq!(nameless["error"], "a player needs a name");
    assert_eq!(store.accounts().await.unwrap().len(), accounts);
    store.close().await;
    let (du, du_token) = joined[0].clone();
    let (eva, eva_token) = joined[1].clone();
    assert_eq!((du, eva), (4, 5));
    // A player directs nothing.
    let (status, _) = post(
        &s,
        &path("/players"),
        Some(&du_token),
        json!({"name": "Sneak"}),
    )
    .await;
    assert_eq!(status, 403);
    // Without a token, nobody.
    let (status, _) = post(&s, &path("/players"), None, json!({"name": "Sneak"})).await;
    assert_eq!(status, 401);
    // Eva asks a bye for round 1; Du cannot ask one for her.
    let (status, _) = post(
        &s,
        &path("/bye"),
        Some(&du_token),
        json!({"player": eva, "round": 1}),
    )
    .await;
    assert_eq!(status, 403);
    let (status, _) = post(
        &s,
        &path("/bye"),
        Some(&eva_token),
        json!({"player": eva, "round": 1, "kind": "half"}),
    )
    .await;
    assert_eq!(status, 200);
    // The arbiter enters one more by hand.
    let (status, fay) = post(
        &s,
        &path("/players"),
        Some(&arbiter),
        json!({"name": "Fay Wu", "rating": 1600, "title": "WFM"}),
    )
    .await;
    assert_eq!((status, fay["player"].clone()), (200, json!(6)));

    // Round 1: five to pair, so one has the pairing-allocated bye.
    let (status, paired) = post(&s, &path("/pair"), Some(&arbiter), json!(null)).await;
    assert_eq!(status, 200, "{paired}");
    let st = state(&s, &id).await;
    let round1 = &st["rounds"][0];
    assert_eq!(round1["boards"].as_array().unwrap().len(), 2);
    assert!(round1["bye"].is_u64(), "{round1}");
    assert_eq!(round1["published"], false);
    // A change without its reason is refused; with it, it is kept.
    let boards = round1["boards"].clone();
    let swapped: Vec<Value> = boards
        .as_array()
        .unwrap()
        .iter()
        .map(|b| json!({"white": b["black"], "black": b["white"]}))
        .collect();
    let (status, no_reason) = post(
        &s,
        &path("/pairing"),
        Some(&arbiter),
        json!({"boards": swapped, "bye": round1["bye"]}),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(
        no_reason["error"],
        "a manual change or a correction needs its reason"
    );
    // FIDE mode refuses a change by hand: the arbiter leaves it first
    // (tournament_fide_mode.rs).
    let (status, _) = post(
        &s,
        &path("/fide-mode/leave"),
        Some(&arbiter),
        json!({"reason": "colours by the regulations"}),
    )
    .await;
    assert_eq!(status, 200);
    let (status, _) = post(
        &s,
        &path("/pairing"),
        Some(&arbiter),
        json!({"boards": swapped, "bye": round1["bye"], "reason": "colours by the regulations"}),
    )
    .await;
    assert_eq!(status, 200);
    let st = state(&s, &id).await;
    let change = &st["rounds"][0]["changes"][0];
    assert_eq!(change["by"], created["arbiter"]);
    assert_eq!(change["reason"], "colours by the regulations");
    assert_eq!(change["before"][0]["white"], boards[0]["white"]);
    assert_eq!(st["rounds"][0]["boards"][0]["white"], boards[0]["black"]);
    // Round 2 waits for round 1.
    let (status, early) = post(&s, &path("/pair"), Some(&arbiter), json!(null)).await;
    assert_eq!(status, 400);
    assert_eq!(early["error"], "round 1 is not published yet");
    assert_eq!(early["message"]["zh"], "第 1 轮尚未公布");

    // Published: each board's game exists, refereed.
    let (status, published) = post(&s, &path("/publish"), Some(&arbiter), json!(null)).await;
    assert_eq!(status, 200, "{published}");
    assert_eq!(published["games"].as_array().unwrap().len(), 2);
    let st = state(&s, &id).await;
    // Du plays his game with his own token (lichess's Board API): he
    // resigns, and the result enters the event at once.
    let (du_board, b) = board_of(&st, 1, du).expect("Du is paired in round 1");
    let game = b["game"].as_str().unwrap();
    let (status, _) = s
        .post_as(&format!("/api/board/game/{game}/resign"), &du_token)
        .await;
    assert_eq!(status, 200);
    let du_white = b["white"] == du;
    let mut recorded = Value::Null;
    for _ in 0..100 {
        recorded = state(&s, &id).await["rounds"][0]["boards"][du_board as usize - 1].clone();
        if !recorded["result"].is_null() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // He resigned before anyone moved: the referee calls the game
    // unplayed, and the event counts it a forfeit (TRF `+`/`-`).
    let expected = if du_white {
        "black_wins_by_forfeit"
    } else {
        "white_wins_by_forfeit"
    };
    assert_eq!(recorded["result"], expected, "{recorded}");
    assert_eq!(recorded["source"]["kind"], "game");
    // The other board: the arbiter declares Black absent.
    let other = 3 - du_board;
    let (status, _) = post(
        &s,
        &path("/forfeit"),
        Some(&du_token),
        json!({"round": 1, "board": other, "absent": "black"}),
    )
    .await;
    assert_eq!(status, 403);
    let (status, _) = post(
        &s,
        &path("/forfeit"),
        Some(&arbiter),
        json!({"round": 1, "board": other, "absent": "black"}),
    )
    .await;
    assert_eq!(status, 200);
    // A result already in is corrected, not entered again.
    let (status, twice) = post(
        &s,
        &path("/result"),
        Some(&arbiter),
        json!({"round": 1, "board": du_board, "result": "draw"}),
    )
    .await;
    assert_eq!(status, 400);
    assert!(
        twice["error"]
            .as_str()
            .unwrap()
            .contains("correct it instead"),
        "{twice}"
    );
    let (status, _) = post(
        &s,
        &path("/correct"),
        Some(&arbiter),
        json!({"round": 1, "board": du_board, "result": "draw", "reason": "scoresheets agree on a draw"}),
    )
    .await;
    assert_eq!(status, 200);

    let st = state(&s, &id).await;
    assert_eq!(st["corrections"][0]["to"], "draw");
    assert_eq!(st["corrections"][0]["from"], expected);
    assert_eq!(st["rounds"][0]["complete"], true);
    assert_eq!(st["next"]["can_pair"], true);
    // Standings with the event's tie-breaks, every player ranked.
    assert_eq!(st["standings"]["tiebreaks"], json!(["PTS", "BH", "SB"]));
    let rows = st["standings"]["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 6);
    let eva_row = rows.iter().find(|r| r["player"] == eva).unwrap();
    assert_eq!(eva_row["values"][0], "0.5", "a half-point bye");
    let du_player = &st["players"][du as usize - 1];
    assert_eq!(du_player["points"], "0.5");
    // The crosstable: Eva's round 1 is her bye.
    let eva_cells = st["crosstable"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["player"] == eva)
        .unwrap();
    assert_eq!(eva_cells["rounds"][0]["code"], "H");
    // The TRF of the moment.
    let trf = s.get_text(&path("/trf")).await;
    assert!(trf.contains("012 Spring Open"), "{trf}");
    assert!(trf.contains("102 Ana Arbiter"), "{trf}");
    let forfeits = trf
        .lines()
        .filter(|l| l.ends_with(" w +") || l.ends_with(" b -"))
        .count();
    assert_eq!(forfeits, 2, "{trf}");

    // Cai withdraws (by the arbiter): he is not paired in round 2.
    let (status, _) = post(&s, &path("/withdraw"), Some(&arbiter), json!({"player": 3})).await;
    assert_eq!(status, 200);
    let (status, _) = post(&s, &path("/pair"), Some(&arbiter), json!(null)).await;
    assert_eq!(status, 200);
    let st = state(&s, &id).await;
    assert!(board_of(&st, 2, 3).is_none());
    assert_ne!(st["rounds"][1]["bye"], json!(3));
    // The list of events has it.
    let list = s.get_json("/api/tournament").await;
    assert_eq!(list["tournaments"][0]["id"], id.as_str());
    assert_eq!(list["tournaments"][0]["rounds_paired"], 2);
    // An unknown event is a typed 404.
    let missing = s.get("/api/tournament/nothere").await;
    assert_eq!(missing.status(), 404);
    let body: Value = missing.json().await.unwrap();
    assert_eq!(body["error"], "tournament not found");
    assert_eq!(body["message"]["zh"], "比赛不存在");
}

#[tokio::test]
async fn an_account_creates_and_directs_its_own_event_and_imports_a_trf() {
    let s = Server::start().await;
    let director = account(&s, "Director").await;
    let other = account(&s, "Other").await;
    let (status, created) = post(&s, "/api/tournament", Some(&director), settings(3)).await;
    assert_eq!(status, 201);
    assert_eq!(created["arbiter"], "director");
    assert!(created.get("token").is_none());
    let id = created["id"].as_str().unwrap();
    // Players entered by CSV here, then carried to a second event by the
    // first's TRF.
    let csv = "name,rating,fide_id,title\n\"Ann, A\",2000,1234567,g\nBob,1900,,\n";
    let (status, _) = post(
        &s,
        &format!("/api/tournament/{id}/import"),
        Some(&director),
        json!({"format": "csv", "text": csv}),
    )
    .await;
    assert_eq!(status, 200);
    let trf_text = s.get_text(&format!("/api/tournament/{id}/trf")).await;
    let (_, second) = post(&s, "/api/tournament", Some(&director), settings(3)).await;
    let second = second["id"].as_str().unwrap();
    let (status, _) = post(
        &s,
        &format!("/api/tournament/{second}/import"),
        Some(&other),
        json!({"format": "trf", "text": trf_text}),
    )
    .await;
    assert_eq!(status, 403);
    let (status, imported) = post(
        &s,
        &format!("/api/tournament/{second}/import"),
        Some(&director),
        json!({"format": "trf", "text": trf_text}),
    )
    .await;
    assert_eq!(status, 200, "{imported}");
    assert_eq!(imported["players"], json!([1, 2]));
    let st = s.get_json(&format!("/api/tournament/{second}")).await;
    assert_eq!(st["players"][0]["name"], "Ann, A");
    assert_eq!(st["players"][0]["rating"], 2000);
    assert_eq!(st["players"][0]["fide_id"], 1234567);
    assert_eq!(st["players"][0]["title"], "g");
    assert_eq!(st["players"][1]["name"], "Bob");
    let (status, bad) = post(
        &s,
        &format!("/api/tournament/{second}/import"),
        Some(&director),
        json!({"format": "trf", "text": "001 this is no player line"}),
    )
    .await;
    assert_eq!(status, 400);
    assert!(
        bad["error"]
            .as_str()
            .unwrap()
            .starts_with("the TRF cannot be read: "),
        "{bad}"
    );
    let (status, bad) = post(
        &s,
        &format!("/api/tournament/{id}/import"),
        Some(&director),
        json!({"format": "xls", "text": ""}),
    )
    .await;
    assert_eq!(status, 400);
    assert_eq!(
        bad["error"],
        "cannot import players from \"xls\": the formats are trf and csv"
    );
}

/// The console's "Pair" is the same operation as the schedule's: round 1
/// paired by hand in the settings (`manualPairings`) is paired so, with the
/// full-point byes of the players on no line, and kept as the creator's
/// change with its reason.
#[tokio::test]
async fn the_consoles_pairing_of_round_one_follows_the_manual_pairings() {
    let s = Server::start().await;
    let director = account(&s, "Director").await;
    let mut body = settings(3);
    body["manual_pairings"] = json!([["p3", "p1"]]);
    // Round 1 by hand is not the system's pairing: outside FIDE mode only.
    body["fide_mode"] = json!(false);
    let (status, created) = post(&s, "/api/tournament", Some(&director), body).await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap();
    for (i, rating) in [2100, 2000, 1900].iter().enumerate() {
        let player = json!({"name": format!("Player {}", i + 1), "rating": rating, "account": format!("p{}", i + 1)});
        let (status, _) = post(
            &s,
            &format!("/api/tournament/{id}/players"),
            Some(&director),
            player,
        )
        .await;
        assert_eq!(status, 200);
    }
    let (status, paired) = post(
        &s,
        &format!("/api/tournament/{id}/pair"),
        Some(&director),
        json!(null),
    )
    .await;
    assert_eq!(
        (status, paired["round"].clone()),
        (200, json!(1)),
        "{paired}"
    );
    let st = state(&s, id).await;
    let round = &st["rounds"][0];
    let boards = boards(round);
    assert_eq!(boards, [(3, 1)], "{round}");
    assert_eq!(round["bye"], Value::Null, "{round}");
    assert_eq!(round["changes"][0]["reason"], "manualPairings");
    assert_eq!(round["changes"][0]["by"], "director");
    assert_eq!(
        st["players"][1]["byes"],
        json!([{"round": 1, "kind": "full"}])
    );
}

/// A large open's field arrives in one import, over the limit of every
/// other request; then the event reads at once, since reading it does not
/// pair the next round.
#[tokio::test]
async fn a_field_of_two_thousand_players_is_imported_in_one_request() {
    let s = Server::start().await;
    let (status, created) = post(&s, "/api/tournament", None, settings(9)).await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap();
    let arbiter = created["token"].as_str().unwrap();
    let mut csv = String::from("name,rating,federation,fide_id\n");
    for i in 1..=2000 {
        csv.push_str(&format!(
            "\"Player, Number {i:04}\",{},FID,{}\n",
            1000 + i % 1800,
            10_000_000 + i
        ));
    }
    assert!(csv.len() > 64 * 1024, "{} bytes", csv.len());
    let (status, imported) = post(
        &s,
        &format!("/api/tournament/{id}/import"),
        Some(arbiter),
        json!({"format": "csv", "text": csv}),
    )
    .await;
    assert_eq!(status, 200, "{imported}");
    assert_eq!(imported["players"].as_array().unwrap().len(), 2000);
    let event = state(&s, id).await;
    assert_eq!(event["players"].as_array().unwrap().len(), 2000);
    assert_eq!(event["next"]["can_pair"], true);
    // Other requests keep their limit.
    let (status, _) = post(
        &s,
        &format!("/api/tournament/{id}/players"),
        Some(arbiter),
        json!({"name": "x".repeat(64 * 1024)}),
    )
    .await;
    assert_eq!(status, 413);
}

/// SQL making the store refuse a tournament's event of sequence number
/// `seq`, as a full disk would; then the SQL taking that away.
fn store_fails_at(seq: usize) -> (Vec<String>, Vec<String>) {
    if common::db::on_postgres() {
        (
            vec![
                format!(
                    "CREATE FUNCTION refuse_event() RETURNS trigger AS $$ BEGIN \
                     IF NEW.seq = {seq} THEN RAISE EXCEPTION 'no space left'; END IF; \
                     RETURN NEW; END $$ LANGUAGE plpgsql"
                ),
                "CREATE TRIGGER refuse_event BEFORE INSERT ON tournament_events \
                 FOR EACH ROW EXECUTE FUNCTION refuse_event()"
                    .to_string(),
            ],
            vec![
                "DROP TRIGGER refuse_event ON tournament_events".to_string(),
                "DROP FUNCTION refuse_event()".to_string(),
            ],
        )
    } else {
        (
            vec![format!(
                "CREATE TRIGGER refuse_event BEFORE INSERT ON tournament_events \
                 WHEN NEW.seq = {seq} BEGIN SELECT RAISE(ABORT, 'no space left'); END"
            )],
            vec!["DROP TRIGGER refuse_event".to_string()],
        )
    }
}

#[tokio::test]
async fn an_import_the_store_fails_midway_registers_nobody() {
    let s = Server::start().await;
    let (_, created) = post(&s, "/api/tournament", None, settings(2)).await;
    let id = created["id"].as_str().unwrap().to_string();
    let arbiter = created["token"].as_str().unwrap().to_string();
    let store = common::open_store(&s.path).await;
    let before = store.tournament_events(&id).await.unwrap().len();
    let (fail, heal) = store_fails_at(before + 2);
    for sql in &fail {
        store.execute_raw(sql).await.unwrap();
    }
    let import = json!({"format": "csv", "text": "name,rating\nAda,2100\nBo,2000\nCy,1900\n"});
    let path = format!("/api/tournament/{id}/import");
    // The third player's row cannot be written: the first two are not
    // kept either, neither stored nor in the running tournament.
    let (status, failed) = post(&s, &path, Some(&arbiter), import.clone()).await;
    assert_eq!(status, 503, "{failed}");
    assert_eq!(store.tournament_events(&id).await.unwrap().len(), before);
    assert_eq!(state(&s, &id).await["players"], json!([]));
    // Once the store writes again, the same import is whole.
    for sql in &heal {
        store.execute_raw(sql).await.unwrap();
    }
    let (status, imported) = post(&s, &path, Some(&arbiter), import).await;
    assert_eq!(status, 200, "{imported}");
    assert_eq!(imported["players"], json!([1, 2, 3]));
    assert_eq!(
        store.tournament_events(&id).await.unwrap().len(),
        before + 3
    );
    let report = arbiter_server::verify(&store).await.unwrap();
    assert!(report.is_clean(), "{report:?}");
    store.close().await;
}

#[test]
fn an_entry_code_admits_through_the_link_only_who_gives_it_across_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().to_path_buf();
    let first = tokio::runtime::Runtime::new().unwrap();
    let (id, arbiter) = first.block_on(async {
        let s = Server::start_in(&path, common::config(&path)).await;
        let mut with_code = settings(3);
        with_code["entry_code"] = json!(" rook & 7 ");
        let (status, created) = post(&s, "/api/tournament", None, with_code).await;
        assert_eq!(status, 201, "{created}");
        let id = created["id"].as_str().unwrap().to_string();
        let arbiter = created["token"].as_str().unwrap().to_string();
        // The link the arbiter hands out carries the code.
        assert_eq!(
            created["links"]["join"],
            format!("/tournament/{id}/join?code=rook+%26+7")
        );
        // Anyone else reads only that there is one.
        let public = state(&s, &id).await;
        assert_eq!(public["entry_code_required"], true);
        assert_eq!(public["settings"].get("entry_code"), None);
        assert_eq!(public["links"]["join"], format!("/tournament/{id}/join"));
        assert!(!public.to_string().contains("rook"), "{public}");
        let mine = s
            .get_json_as(&format!("/api/tournament/{id}"), &arbiter)
            .await;
        assert_eq!(mine["settings"]["entry_code"], "rook & 7");
        assert_eq!(mine["links"]["join"], created["links"]["join"]);

        // Without the code, or with another, the tournament refuses, and
        // no account is made.
        let store = common::open_store(&s.path).await;
        let accounts = store.accounts().await.unwrap().len();
        let join = format!("/api/tournament/{id}/join");
        let (status, refused) = post(&s, &join, None, json!({"name": "Du Fu"})).await;
        assert_eq!(status, 400);
        assert_eq!(refused["error"], "wrong entry code");
        assert_eq!(refused["message"]["zh"], "参赛码错误");
        let (status, _) = post(
            &s,
            &join,
            None,
            json!({"name": "Du Fu", "entry_code": "rook & 8"}),
        )
        .await;
        assert_eq!(status, 400);
        assert_eq!(store.accounts().await.unwrap().len(), accounts);
        store.close().await;
        let (status, joined) = post(
            &s,
            &join,
            None,
            json!({"name": "Du Fu", "rating": 1800, "entry_code": "rook & 7"}),
        )
        .await;
        assert_eq!(status, 200, "{joined}");
        assert_eq!(joined["player"], 1);
        // The arbiter enters players by hand without it.
        let (status, _) = post(
            &s,
            &format!("/api/tournament/{id}/players"),
            Some(&arbiter),
            json!({"name": "Eva Lind"}),
        )
        .await;
        assert_eq!(status, 200);
        (id, arbiter)
    });
    drop(first);
    let second = tokio::runtime::Runtime::new().unwrap();
    second.block_on(async {
        let s = Server::start_in(&path, common::config(&path)).await;
        // The code came back with the event's log.
        let join = format!("/api/tournament/{id}/join");
        let (status, refused) = post(&s, &join, None, json!({"name": "Bo Ann"})).await;
        assert_eq!(status, 400);
        assert_eq!(refused["error"], "wrong entry code");
        let (status, joined) = post(
            &s,
            &join,
            None,
            json!({"name": "Bo Ann", "entry_code": "rook & 7"}),
        )
        .await;
        assert_eq!(status, 200, "{joined}");
        assert_eq!(joined["player"], 3);
        let mine = s
            .get_json_as(&format!("/api/tournament/{id}"), &arbiter)
            .await;
        assert_eq!(mine["settings"]["entry_code"], "rook & 7");
    });
}
