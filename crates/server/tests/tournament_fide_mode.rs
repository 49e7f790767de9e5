//! FIDE mode through Arbiter's tournament API: a new event is in it; what
//! FIDE prohibits is refused with the rule's warning in English and
//! Chinese; the arbiter leaves it with his reason, which the state and
//! the TRF show; and the console's rating report is the event's TRF as
//! FIDE's rating officers take it.

mod common;

use common::tournament::post;
use common::{Server, account};
use serde_json::{Value, json};

fn settings(rounds: u32) -> Value {
    json!({
        "name": "Winter Open", "place": "Hangzhou", "federation": "chn",
        "start_date": "2026-12-02", "end_date": "2026-12-04",
        "chief_arbiter": "Ana Arbiter", "system": {"kind": "dutch"}, "rounds": rounds,
        "time_control": "300+3", "ruleset": "fide-blitz", "mode": "over_the_board",
        "tiebreaks": ["PTS", "BH", "SB"],
    })
}

/// An event of `rounds` rounds by a new arbiter with five players entered:
/// its id and the arbiter's token.
async fn event(s: &Server, body: Value) -> (String, String) {
    let arbiter = account(s, "Ana").await;
    let (status, created) = post(s, "/api/tournament", &arbiter, body).await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    for (i, name) in ["Li, Wei", "Bo, Ann", "Cai, Lun", "Du, Fu", "Eva, Lind"]
        .iter()
        .enumerate()
    {
        let player = json!({"name": name, "rating": 2200 - 100 * i as u32, "federation": "CHN"});
        let (status, _) = post(
            s,
            &format!("/api/tournament/{id}/players"),
            &arbiter,
            player,
        )
        .await;
        assert_eq!(status, 200);
    }
    (id, arbiter)
}

async fn state(s: &Server, id: &str) -> Value {
    s.get_json(&format!("/api/tournament/{id}")).await
}

/// Pairs and publishes the next round, and enters a draw on every board.
async fn play_round(s: &Server, id: &str, arbiter: &str) {
    play_round_with(s, id, arbiter, &[]).await;
}

/// Pairs and publishes the next round, and enters `results` on its first
/// boards (`white_wins`, `double_loss`...), a draw on the others.
async fn play_round_with(s: &Server, id: &str, arbiter: &str, results: &[&str]) {
    let path = |p: &str| format!("/api/tournament/{id}{p}");
    let (status, paired) = post(s, &path("/pair"), arbiter, json!(null)).await;
    assert_eq!(status, 200, "{paired}");
    let round = paired["round"].as_u64().unwrap();
    let (status, _) = post(s, &path("/publish"), arbiter, json!(null)).await;
    assert_eq!(status, 200);
    let boards = state(s, id).await["rounds"][round as usize - 1]["boards"]
        .as_array()
        .unwrap()
        .len();
    for board in 1..=boards {
        let result = results.get(board - 1).copied().unwrap_or("draw");
        let result = json!({"round": round, "board": board, "result": result});
        let (status, answer) = post(s, &path("/result"), arbiter, result).await;
        assert_eq!(status, 200, "{answer}");
    }
}

#[tokio::test]
async fn fide_mode_refuses_what_fide_prohibits_until_the_arbiter_leaves_it() {
    let s = Server::start().await;
    let (id, arbiter) = event(&s, settings(3)).await;
    let path = |p: &str| format!("/api/tournament/{id}{p}");
    // A new event is in FIDE mode, though its settings did not say so.
    let st = state(&s, &id).await;
    assert_eq!(st["settings"]["fide_mode"], true);
    assert_eq!(st["fide_mode"], json!({"on": true, "left": null}));

    // A full-point bye: refused, the warning naming its rule.
    let full = json!({"player": 3, "round": 1, "kind": "full"});
    let (status, refused) = post(&s, &path("/bye"), &arbiter, full.clone()).await;
    assert_eq!(status, 400, "{refused}");
    let words = refused["error"].as_str().unwrap();
    assert!(
        words.contains("C.04.A") && words.contains("VCL.05"),
        "{words}"
    );
    assert!(
        refused["message"]["zh"]
            .as_str()
            .unwrap()
            .contains("VCL.05")
    );
    assert!(
        state(&s, &id).await["players"][2]["byes"]
            .as_array()
            .unwrap()
            .is_empty()
    );

    // A round paired by hand, or the system's pairing changed: refused.
    let by_hand = json!({"boards": [{"white": 1, "black": 2}, {"white": 3, "black": 4}], "bye": 5});
    let (status, refused) = post(&s, &path("/pair"), &arbiter, by_hand).await;
    assert_eq!(status, 400);
    assert!(refused["error"].as_str().unwrap().contains("VCL.07"));
    let (status, _) = post(&s, &path("/pair"), &arbiter, json!(null)).await;
    assert_eq!(status, 200);
    let round1 = state(&s, &id).await["rounds"][0].clone();
    let swapped: Vec<Value> = round1["boards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| json!({"white": b["black"], "black": b["white"]}))
        .collect();
    let change = json!({"boards": swapped, "bye": round1["bye"], "reason": "colours"});
    let (status, refused) = post(&s, &path("/pairing"), &arbiter, change.clone()).await;
    assert_eq!(status, 400);
    assert!(refused["error"].as_str().unwrap().contains("C.04.2 1.5"));

    // Only the arbiter leaves, and with a reason.
    let player = account(&s, "Sneak").await;
    let reason = json!({"reason": "the regulations give a full point to a late player"});
    let (status, _) = post(&s, &path("/fide-mode/leave"), &player, reason.clone()).await;
    assert_eq!(status, 403);
    let (status, _) = post(
        &s,
        &path("/fide-mode/leave"),
        &arbiter,
        json!({"reason": " "}),
    )
    .await;
    assert_eq!(status, 400);
    let (status, _) = post(&s, &path("/fide-mode/leave"), &arbiter, reason.clone()).await;
    assert_eq!(status, 200);
    let st = state(&s, &id).await;
    assert_eq!(st["fide_mode"]["on"], false);
    assert_eq!(st["fide_mode"]["left"]["after_round"], 1);
    assert_eq!(
        st["fide_mode"]["left"]["reason"],
        "the regulations give a full point to a late player"
    );
    // Once left, nothing to leave; what was refused is the arbiter's.
    let (status, _) = post(&s, &path("/fide-mode/leave"), &arbiter, reason).await;
    assert_eq!(status, 400);
    let (status, _) = post(&s, &path("/pairing"), &arbiter, change).await;
    assert_eq!(status, 200);
    let full = json!({"player": 3, "round": 2, "kind": "full"});
    let (status, _) = post(&s, &path("/bye"), &arbiter, full).await;
    assert_eq!(status, 200);

    // The TRF says so, for the checker.
    let trf = s.get_text(&path("/trf")).await;
    assert!(
        trf.lines()
            .any(|l| l.starts_with("NFM not in FIDE mode: left after round 1 by ")),
        "{trf}"
    );
}

#[tokio::test]
async fn an_event_may_be_made_outside_fide_mode_and_its_trf_says_so() {
    let s = Server::start().await;
    let mut body = settings(3);
    body["fide_mode"] = json!(false);
    let (id, arbiter) = event(&s, body).await;
    assert_eq!(
        state(&s, &id).await["fide_mode"],
        json!({"on": false, "left": null})
    );
    let full = json!({"player": 3, "round": 1, "kind": "full"});
    let (status, _) = post(&s, &format!("/api/tournament/{id}/bye"), &arbiter, full).await;
    assert_eq!(status, 200);
    let trf = s.get_text(&format!("/api/tournament/{id}/trf")).await;
    assert!(
        trf.lines()
            .any(|l| l == "NFM not in FIDE mode: created outside it"),
        "{trf}"
    );
}

#[tokio::test]
async fn the_rating_report_is_served_for_the_console() {
    let s = Server::start().await;
    let (id, arbiter) = event(&s, settings(2)).await;
    let path = |p: &str| format!("/api/tournament/{id}{p}");
    assert_eq!(
        state(&s, &id).await["links"]["rating_report"],
        path("/rating-report")
    );
    play_round(&s, &id, &arbiter).await;
    play_round(&s, &id, &arbiter).await;
    let report = s.get(&path("/rating-report")).await;
    assert_eq!(report.status().as_u16(), 200);
    assert!(
        report.headers()["content-disposition"]
            .to_str()
            .unwrap()
            .contains("rating-report.trf")
    );
    let text = report.text().await.unwrap();
    // Every record a rating officer requires, the rounds dated by their
    // publication (today, UTC), and the points system (TRF-2026).
    for code in [
        "012", "022", "032", "042", "052", "062", "072", "102", "132", "162",
    ] {
        assert!(
            text.lines().any(|l| l.starts_with(code)),
            "record {code} missing:\n{text}"
        );
    }
    assert!(text.contains("032 CHN"), "{text}");
    let today = arbiter_pgn::Date::from_unix_ms(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_millis() as i64,
    );
    let short = format!(
        "{:02}/{:02}/{:02}",
        today.year.rem_euclid(100),
        today.month,
        today.day
    );
    let dates = text.lines().find(|l| l.starts_with("132")).unwrap();
    assert_eq!(dates.matches(&short).count(), 2, "{dates}");
    // It reads back, every player with his points after both rounds.
    let t = arbiter_tournament::trf::read(&text).unwrap();
    assert_eq!(t.entrants.len(), 5);
    assert!(t.entrants.iter().all(|e| e.player.stated_points.is_some()));
    // Arbiter's pairing checker finds every round as it was paired.
    let checked = arbiter_tournament::dutch::check(&t, Default::default());
    assert_eq!(checked.len(), 2);
    assert!(
        checked.iter().all(|r| r.differences.is_empty()),
        "{checked:?}"
    );
    // TRF-16 on asking; another edition is refused.
    let sixteen = s.get_text(&path("/rating-report?edition=16")).await;
    assert!(!sixteen.lines().any(|l| l.starts_with("162")), "{sixteen}");
    let bad = s.get(&path("/rating-report?edition=06")).await;
    assert_eq!(bad.status().as_u16(), 400);
}

#[tokio::test]
async fn a_rating_report_the_event_cannot_make_names_the_record_it_needs() {
    let s = Server::start().await;
    let mut body = settings(1);
    body.as_object_mut().unwrap().remove("federation");
    let (id, arbiter) = event(&s, body).await;
    play_round(&s, &id, &arbiter).await;
    let refused = s.get(&format!("/api/tournament/{id}/rating-report")).await;
    assert_eq!(refused.status().as_u16(), 400);
    let body: Value = refused.json().await.unwrap();
    assert!(
        body["error"].as_str().unwrap().contains("record 032"),
        "{body}"
    );
    assert!(body["message"]["zh"].as_str().unwrap().contains("032"));
}

/// The console's rating report names the deputy arbiters (record 112,
/// from the settings), carries VCL.13's unusual results each side with
/// his own, and passes both pairing checkers: bbpPairings' (`-c`) and
/// gacrux's (`pairingchecker -c`), every round as the system paired it.
#[tokio::test]
async fn the_rating_report_names_the_deputies_and_passes_bbppairings_and_gacrux() {
    let s = Server::start().await;
    let mut body = settings(3);
    body["deputy_arbiters"] = json!(["Lee, Ann", " Ma, Bo ", ""]);
    let (id, arbiter) = event(&s, body).await;
    let path = |p: &str| format!("/api/tournament/{id}{p}");
    assert_eq!(
        state(&s, &id).await["settings"]["deputy_arbiters"],
        json!(["Lee, Ann", "Ma, Bo"]),
        "trimmed, the empty name dropped"
    );
    play_round_with(&s, &id, &arbiter, &["white_half_black_zero", "double_loss"]).await;
    play_round_with(&s, &id, &arbiter, &["white_zero_black_half"]).await;
    play_round(&s, &id, &arbiter).await;
    let round1 = &state(&s, &id).await["rounds"][0]["boards"];
    assert_eq!(round1[0]["score"], "1/2-0", "{round1}");
    assert_eq!(round1[1]["score"], "0-0", "{round1}");

    let text = s.get_text(&path("/rating-report")).await;
    let deputies: Vec<&str> = text.lines().filter(|l| l.starts_with("112")).collect();
    assert_eq!(deputies, ["112 Lee, Ann", "112 Ma, Bo"], "{text}");
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("rating-report.trf");
    std::fs::write(&file, &text).unwrap();

    // bbpPairings names each round it checks and lists under it what it
    // would pair otherwise: nothing but the three names.
    let bbp =
        arbiter_testdata::peers::bbp_pairings(std::path::Path::new(env!("CARGO_TARGET_TMPDIR")));
    let out = std::process::Command::new(bbp)
        .arg("--dutch")
        .arg(&file)
        .arg("-c")
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stdout);
    let lines: Vec<&str> = said.lines().filter(|l| !l.trim().is_empty()).collect();
    assert!(
        out.status.success() && lines.len() == 3 && lines.iter().all(|l| l.contains("Round #")),
        "bbpPairings -c: {said}{}",
        String::from_utf8_lossy(&out.stderr)
    );

    // gacrux reads the file without a fault and checks every round true.
    let out = std::process::Command::new("python3")
        .args(["-m", "gacrux.pairingchecker", "-c", "-i"])
        .arg(&file)
        .output()
        .expect("python3 runs (scripts/install-test-deps installs gacrux)");
    let answer: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "gacrux: {e}: {}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        )
    });
    assert_eq!(answer["status"]["code"], 0, "{}", answer["status"]);
    let rounds = answer["pairingResult"]["roundpairing"].as_array().unwrap();
    assert_eq!(rounds.len(), 3);
    for round in rounds {
        assert_eq!(round["check"], true, "round {}", round["round"]);
    }
}
