//! What FIDE takes from an event, in the tournament API: each player's
//! rating change (B.02) and the title norms the event gives him (B.01
//! 1.4), from the rounds as they stand. A 10-player round robin in which
//! an IM of CHN rated 2400 scores 6.5 against three GMs, two IMs, an FM
//! and three others (Ra 2444, Rp 2610: a GM norm), and one game between
//! two others is forfeited: it is rated for neither.

mod common;

use std::collections::BTreeMap;

use common::tournament::post;
use common::{Server, account};
use serde_json::{Value, json};

/// The field: name, rating, title, federation, and the applicant's result
/// against him (`1`, `=`, `0`).
const FIELD: [(&str, u32, &str, &str, &str); 9] = [
    ("GM A", 2550, "g", "RUS", "1"),
    ("GM B", 2550, "g", "USA", "="),
    ("GM C", 2550, "g", "IND", "="),
    ("IM D", 2450, "m", "GER", "1"),
    ("IM E", 2450, "m", "FRA", "="),
    ("FM F", 2400, "f", "CHN", "1"),
    ("G", 2350, "", "CHN", "1"),
    ("H", 2350, "", "CHN", "1"),
    ("I", 2350, "", "ESP", "0"),
];

/// Player `n` of the event's state.
fn player_of(st: &Value, n: u64) -> Value {
    st["players"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["id"] == n)
        .unwrap()
        .clone()
}

#[tokio::test]
async fn rating_changes_and_norms_are_beside_each_player() {
    let s = Server::start().await;
    let arbiter = account(&s, "Director").await;
    let settings = json!({
        "name": "Norm Round Robin", "place": "Wuxi", "start_date": "2026-12-02",
        "chief_arbiter": "Ana Arbiter", "system": {"kind": "round_robin", "cycles": 1}, "rounds": 9,
        "time_control": "5400+30", "ruleset": "fide-standard", "mode": "online",
        "tiebreaks": ["PTS", "SB"],
    });
    let (status, created) = post(&s, "/api/tournament", &arbiter, settings).await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    let path = |p: &str| format!("/api/tournament/{id}{p}");
    let mut entries =
        vec![json!({"name": "Applicant", "rating": 2400, "title": "m", "federation": "CHN"})];
    for (name, rating, title, federation, _) in FIELD {
        let mut e = json!({"name": name, "rating": rating, "federation": federation});
        if !title.is_empty() {
            e["title"] = json!(title);
        }
        entries.push(e);
    }
    for e in entries {
        let (status, body) = post(&s, &path("/players"), &arbiter, e).await;
        assert_eq!(status, 200, "{body}");
    }
    // Player numbers are the order of entry: the applicant is 1.
    let applicant = 1u64;
    let against: BTreeMap<u64, &str> = FIELD
        .iter()
        .enumerate()
        .map(|(i, f)| (i as u64 + 2, f.4))
        .collect();
    let (g, h) = (8u64, 9u64);
    for round in 1..=9 {
        let (status, paired) = post(&s, &path("/pair"), &arbiter, json!(null)).await;
        assert_eq!(status, 200, "round {round}: {paired}");
        let (status, published) = post(&s, &path("/publish"), &arbiter, json!(null)).await;
        assert_eq!(status, 200, "{published}");
        let st = s.get_json(&path("")).await;
        for b in st["rounds"][round - 1]["boards"].as_array().unwrap() {
            let (white, black) = (b["white"].as_u64().unwrap(), b["black"].as_u64().unwrap());
            let board = b["board"].clone();
            let (endpoint, body) = if [white, black] == [g, h] || [white, black] == [h, g] {
                (
                    "/forfeit",
                    json!({"round": round, "board": board, "absent": "black"}),
                )
            } else {
                let result = match (white == applicant, black == applicant) {
                    (true, _) => match against[&black] {
                        "1" => "white_wins",
                        "0" => "black_wins",
                        _ => "draw",
                    },
                    (_, true) => match against[&white] {
                        "1" => "black_wins",
                        "0" => "white_wins",
                        _ => "draw",
                    },
                    _ => "draw",
                };
                (
                    "/result",
                    json!({"round": round, "board": board, "result": result}),
                )
            };
            let (status, body) = post(&s, &path(endpoint), &arbiter, body).await;
            assert_eq!(status, 200, "round {round}, {endpoint}: {body}");
        }
    }
    let st = s.get_json(&path("")).await;
    assert_eq!(st["status"], "finished", "{}", st["status"]);
    let player = |n: u64| player_of(&st, n);

    // 2400 against three 2550s (PD .30), two 2450s (.43), a 2400 (.50) and
    // three 2350s (.57): ΣPD 3.97; K 10 at 2400 (8.3.3): 10 × (6.5 − 3.97)
    // = 25.3, +25.
    let me = player(applicant);
    assert_eq!(
        me["rating_change"],
        json!({"start_no": me["start_no"], "name": "Applicant", "rating": 2400, "k": 10,
               "games": 9, "score": 6.5, "expected": 3.97, "change": 25.3, "new_rating": 2425, "note": null})
    );
    // The forfeited game is rated for neither player (B.02 5.1).
    for n in [g, h] {
        assert_eq!(player(n)["rating_change"]["games"], 8, "player {n}");
    }
    assert_eq!(player(2)["rating_change"]["games"], 9);

    // The IM seeks a GM norm only, and makes it over his nine games.
    let norms = me["norms"].as_array().unwrap();
    assert_eq!(norms.len(), 1, "{norms:?}");
    let gm = &norms[0];
    assert_eq!(
        (
            &gm["title"],
            &gm["norm"],
            &gm["average"],
            &gm["performance"]
        ),
        (&json!("GM"), &json!(true), &json!(2444), &json!(2610))
    );
    assert_eq!(gm["missed"], json!([]));
    let opponents = gm["opponents"].as_array().unwrap();
    let met: BTreeMap<u64, String> = opponents
        .iter()
        .map(|o| (o["opponent"].as_u64().unwrap(), o["result"].to_string()))
        .collect();
    let expected: BTreeMap<u64, String> = against
        .iter()
        .map(|(&n, r)| (n, if *r == "=" { "0.5" } else { *r }.to_string()))
        .collect();
    assert_eq!(met, expected);
    // GM A, a GM, seeks nothing; FM F, 4 points of 9 against the same
    // field, misses the GM norm's performance (Rp 2401).
    assert_eq!(player(2)["norms"], json!([]));
    let fang = player(7);
    let fm = &fang["norms"][0];
    assert_eq!((&fm["title"], &fm["norm"]), (&json!("GM"), &json!(false)));
    assert_eq!(fm["missed"][0]["rule"], "FIDE B.01 1.4.8");
    assert_eq!(fm["performance"], 2401);
    assert_eq!(fm["opponents"], Value::Null);

    // The forms FIDE takes: the facts as JSON, the same laid out in the
    // reader's language. The IT3 lists the norm, the IT1 certifies it.
    let it3 = s.get_json(&path("/it3")).await;
    assert_eq!(it3["event"]["name"], "Norm Round Robin");
    assert_eq!(it3["event"]["time_control"], "5400+30");
    // The applicant's GM norm, and I's IM norm: he beat the applicant and
    // drew the rest, 5 of 9 against Ra 2450, Rp 2493.
    let reported: Vec<(&Value, &Value, &Value)> = it3["norms"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| (&n["player"]["name"], &n["title"], &n["performance"]))
        .collect();
    assert_eq!(
        reported,
        [
            (&json!("Applicant"), &json!("GM"), &json!(2610)),
            (&json!("I"), &json!("IM"), &json!(2493))
        ]
    );
    let it1 = s.get_json(&path(&format!("/it1/{applicant}/GM"))).await;
    assert_eq!(
        (&it1["average"], &it1["performance"], &it1["score"]),
        (&json!(2444), &json!(2610), &json!(6.5))
    );
    assert_eq!(it1["opponents"].as_array().unwrap().len(), 9);
    let page = s
        .get_text(&path(&format!("/it1/{applicant}/GM?lang=zh")))
        .await;
    assert!(page.contains("称号标准证书（FIDE IT1）：GM"), "{page}");
    assert!(page.contains("<dd>2610</dd>") && page.contains("<dd>Ana Arbiter</dd>"));
    let report = s.get_text(&path("/it3?lang=en")).await;
    assert!(report.contains("Tournament report (FIDE IT3)"), "{report}");
    assert!(report.contains(&format!(r#"href="/tournament/{id}/it1/{applicant}/GM""#)));
    // No certificate for a norm not made, nor in a language no catalogue
    // is in.
    let missing = s.get(&path("/it1/7/GM")).await;
    assert_eq!(missing.status(), 404);
    let unknown = s.get(&path("/it3?lang=xx")).await;
    assert_eq!(unknown.status(), 400);
}

/// A player's birth date and sex, given at registration, reach what FIDE
/// takes: a junior's K is 40 (Rating Regulations 8.3.3), a woman is
/// measured for the WGM and WIM norms (B.01 1.4), and the TRF writes both.
#[tokio::test]
async fn birth_date_and_sex_give_a_juniors_k_and_the_womens_norms() {
    let s = Server::start().await;
    let arbiter = account(&s, "Director").await;
    let settings = json!({
        "name": "Junior Open", "start_date": "2026-12-02", "system": {"kind": "dutch"},
        "rounds": 3, "time_control": "5400+30", "ruleset": "fide-standard", "mode": "online",
        "tiebreaks": ["PTS"],
    });
    let (status, created) = post(&s, "/api/tournament", &arbiter, settings).await;
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_str().unwrap().to_string();
    let path = |p: &str| format!("/api/tournament/{id}{p}");
    // A birth date that is none, or a sex the TRF has no letter for: refused.
    for bad in [
        json!({"name": "Odd", "rating": 1800, "birth_date": "soon"}),
        json!({"name": "Odd", "rating": 1800, "sex": "x"}),
    ] {
        let (status, body) = post(&s, &path("/players"), &arbiter, bad).await;
        assert_eq!(status, 400, "{body}");
    }
    let entries = [
        json!({"name": "Junior, Jo", "rating": 1800, "sex": "w", "birth_date": "2012-03-04"}),
        json!({"name": "Adult, Al", "rating": 1790, "sex": "m", "birth_date": "1990-01-01"}),
        json!({"name": "Other, Ola", "rating": 1780}),
        json!({"name": "Fourth, Fa", "rating": 1770}),
    ];
    for e in entries {
        let (status, body) = post(&s, &path("/players"), &arbiter, e).await;
        assert_eq!(status, 200, "{body}");
    }
    let (status, paired) = post(&s, &path("/pair"), &arbiter, json!(null)).await;
    assert_eq!(status, 200, "{paired}");
    let (status, _) = post(&s, &path("/publish"), &arbiter, json!(null)).await;
    assert_eq!(status, 200);
    for board in 1..=2 {
        let result = json!({"round": 1, "board": board, "result": "draw"});
        let (status, body) = post(&s, &path("/result"), &arbiter, result).await;
        assert_eq!(status, 200, "{body}");
    }
    let st = s.get_json(&path("")).await;
    let player = |n: u64| player_of(&st, n);
    let titles = |p: &Value| -> Vec<String> {
        p["norms"]
            .as_array()
            .unwrap()
            .iter()
            .map(|n| n["title"].as_str().unwrap().to_string())
            .collect()
    };
    let (junior, adult) = (player(1), player(2));
    // 14 in 2026, rated under 2300: K 40; the adult under 2400: K 20.
    assert_eq!(
        junior["rating_change"]["k"], 40,
        "{}",
        junior["rating_change"]
    );
    assert_eq!(
        adult["rating_change"]["k"], 20,
        "{}",
        adult["rating_change"]
    );
    assert_eq!(titles(&junior), ["GM", "IM", "WGM", "WIM"]);
    assert_eq!(titles(&adult), ["GM", "IM"]);
    // The TRF's 001 lines: the sex in column 10, the birth date from 70.
    let trf = s.get_text(&path("/trf")).await;
    let line = trf
        .lines()
        .find(|l| l.starts_with("001") && l.contains("Junior, Jo"))
        .unwrap();
    assert_eq!(&line[9..10], "w", "{line}");
    assert_eq!(line[69..79].trim(), "2012/03/04", "{line}");
}
