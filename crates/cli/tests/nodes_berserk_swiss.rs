//! Issue 37's three-node show: berserk (lichess's Python client,
//! unmodified) plays a 40-player, 5-round Swiss on three `arbiter serve
//! --node` processes of one PostgreSQL database, each player's client on
//! one node, the rounds' games spread over the nodes. In round 3 the node
//! holding the Swiss is killed (SIGKILL) with every game under way; in
//! round 4 the node that took it over is stopped (SIGSTOP) until the third
//! has taken it, and continued. The players whose node failed go on
//! through another, as a lichess bot reconnects (berserk_swiss_nodes.py).
//! The event finishes; every round was paired and published once, every
//! game's result recorded once and standing in the TRF as it was played;
//! the TRF re-checks clean with `arbiter pair -c` and bbpPairings, its
//! tie-breaks are gacrux's and the Swiss's results; `arbiter verify` finds
//! every record intact. It needs PostgreSQL whatever `ARBITER_TEST_DB`
//! says (scripts/test runs it in its PostgreSQL part); its name starts
//! with `several_nodes`.

mod recheck;
mod serve;

use std::collections::{BTreeMap, BTreeSet};

use arbiter_rules::{Color, GameResult};
use arbiter_tournament::{ResultCode, StartNo, Tournament};
use serve::Process;
use serve::cluster::{every_round_and_result_once, holder, psql};

const PLAYERS: usize = 40;
const ROUNDS: u32 = 5;
const BOARDS: usize = PLAYERS / 2;
/// The rounds of the kill and of the pause (berserk_swiss_nodes.py).
const KILL_IN: u32 = 3;
const PAUSE_IN: u32 = 4;
const NODES: [&str; 3] = ["a", "b", "c"];

/// `SELECT what FROM leases` of the games `games`.
fn leases_of(db: &str, what: &str, games: &[String]) -> String {
    let ids: Vec<String> = games.iter().map(|g| format!("'{g}'")).collect();
    psql(
        db,
        &format!(
            "SELECT {what} FROM leases WHERE game_id IN ({})",
            ids.join(",")
        ),
    )
}

/// The games of each round, as the script's `game ROUND ID` lines say.
fn games_by_round(stdout: &str) -> BTreeMap<u32, Vec<String>> {
    let mut rounds: BTreeMap<u32, Vec<String>> = BTreeMap::new();
    for line in stdout.lines().filter_map(|l| l.strip_prefix("game ")) {
        let (round, id) = line.split_once(' ').unwrap();
        rounds
            .entry(round.parse().unwrap())
            .or_default()
            .push(id.to_string());
    }
    rounds
}

/// Each game of the Swiss's PGN export stands in the TRF `t`, for both
/// its players, in its round, with its colours and result; and every
/// player played one game in every round, no more.
fn every_game_once_in(t: &Tournament, pgn: &str) {
    let start_no: BTreeMap<&str, StartNo> = t
        .entrants
        .iter()
        .map(|e| (e.player.name.as_str(), e.player.start_no))
        .collect();
    let games = serve::pgn::games(pgn);
    assert_eq!(games.len(), ROUNDS as usize * BOARDS, "{pgn}");
    let mut seats = BTreeSet::new();
    for game in &games {
        let tag = |name: &str| game.tags.get(name).unwrap_or_else(|| panic!("{name}"));
        let round: u32 = tag("Round").split('.').next().unwrap().parse().unwrap();
        let codes = match game.result.unwrap() {
            GameResult::WhiteWins => [ResultCode::Win, ResultCode::Loss],
            GameResult::BlackWins => [ResultCode::Loss, ResultCode::Win],
            GameResult::Draw => [ResultCode::Draw, ResultCode::Draw],
            other => panic!("a game without a result ({other:?}): {pgn}"),
        };
        let players = [start_no[tag("White")], start_no[tag("Black")]];
        for (side, colour) in [Color::White, Color::Black].into_iter().enumerate() {
            let (me, opponent) = (players[side], players[1 - side]);
            assert!(seats.insert((round, me)), "{me} twice in round {round}");
            let cell = &t.entrants[me as usize - 1].rounds[round as usize - 1];
            assert_eq!(
                (cell.opponent, cell.colour, cell.code),
                (Some(opponent), Some(colour), codes[side]),
                "player {me}, round {round}"
            );
        }
    }
    assert_eq!(seats.len(), PLAYERS * ROUNDS as usize);
}

#[tokio::test]
async fn several_nodes_berserk_play_a_swiss_through_a_killed_and_a_paused_node() {
    let started = std::time::Instant::now();
    let dir = tempfile::tempdir().unwrap();
    let db = serve::postgres_database(dir.path(), "arbiter_nodes");
    let creator = serve::add_account(&db, "Director", false);
    let players: Vec<String> = (1..=PLAYERS)
        .map(|i| serve::add_account(&db, &format!("Player{i:02}"), false))
        .collect();
    let nodes: Vec<Process> = NODES
        .iter()
        .map(|name| Process::start(&db, &["--node", name]))
        .collect();
    let mut args = vec![db.clone(), ROUNDS.to_string()];
    for (name, node) in NODES.iter().zip(&nodes) {
        args.push(format!("{name}={}={}", node.base, node.child.id()));
    }
    args.push(creator);
    args.extend(players);
    let stdout = serve::python("berserk_swiss_nodes.py", &args);
    let id = serve::said(&stdout, "swiss ");
    let (killed, paused) = (
        serve::said(&stdout, "killed "),
        serve::said(&stdout, "paused "),
    );

    // The Swiss was made on a, which held it until it was killed; the
    // node that took it then was paused, and the third holds it now.
    assert_eq!(killed, "a");
    assert_ne!(paused, killed);
    let third = NODES.iter().find(|n| **n != killed && **n != paused);
    assert_eq!(holder(&db, &id), format!("{} 3", third.unwrap()));

    // Round 1's games ran on the three nodes; some of round 3's were a's,
    // and some of round 4's the paused node's, taken over mid-game.
    let games = games_by_round(&stdout);
    assert_eq!(games.len(), ROUNDS as usize);
    assert!(games.values().all(|g| g.len() == BOARDS), "{games:?}");
    let on = leases_of(&db, "count(DISTINCT node)", &games[&1]);
    assert_eq!(on, "3", "round 1's games ran on {on} nodes");
    for round in [KILL_IN, PAUSE_IN] {
        let taken: u32 = leases_of(&db, "count(*) FILTER (WHERE epoch > 1)", &games[&round])
            .parse()
            .unwrap();
        assert!(taken > 0, "no game of round {round} was taken over");
    }

    // Every round paired and published once, every result recorded once.
    every_round_and_result_once(&db, &id, ROUNDS, BOARDS);

    // What the surviving nodes tell of it: read through the paused one,
    // which woke.
    let at = &nodes[NODES.iter().position(|n| *n == paused).unwrap()];
    let http = reqwest::Client::builder()
        .no_proxy()
        .timeout(std::time::Duration::from_secs(30))
        .build()
        .unwrap();
    let get = |path: String| {
        let request = http.get(format!("{}{path}", at.base));
        async move {
            let answer = request.send().await.unwrap();
            assert_eq!(answer.status(), 200, "GET {path}");
            answer.text().await.unwrap()
        }
    };
    let text = get(format!("/swiss/{id}.trf")).await;
    let t = recheck::pairings_agree(dir.path(), &text, ROUNDS);
    assert_eq!(t.entrants.len(), PLAYERS);
    every_game_once_in(&t, &get(format!("/api/swiss/{id}/games")).await);
    let ours = recheck::tiebreaks_are_gacrux(dir.path(), &t);
    recheck::results_are(&get(format!("/api/swiss/{id}/results")).await, &ours);

    drop(nodes);
    let (ok, verified) = serve::arbiter(&["verify", "--db", &db]);
    assert!(
        ok && verified.contains("every record is intact") && verified.contains("1 tournaments"),
        "{verified}"
    );
    eprintln!(
        "{PLAYERS} players, {ROUNDS} rounds on three nodes, {} clients moved on: {:.1} s",
        serve::said(&stdout, "clients moved on "),
        started.elapsed().as_secs_f64()
    );
}
