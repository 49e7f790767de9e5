//! The Dutch engine beside bbpPairings, the FIDE-endorsed engine: every round
//! of every tournament is paired by both, and the pairings must be identical
//! (same pairs, same colours, same bye).
//!
//! bbpPairings is built from its source (`shared/bench/peers-src`) into the
//! test's target folder. Random tournaments are made afresh at each run, by
//! bbpPairings' generator and by Arbiter's, with seeds from the clock (printed
//! on failure). `ARBITER_FULL_TESTS=1` runs more and larger tournaments.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use arbiter_tournament::dutch::{self, Acceleration, Board, Dice, GeneratorConfig};
use arbiter_tournament::{Points, RoundEntry};
use arbiter_tournament::{Tournament, trf};

/// bbpPairings, built once for the crate's tests.
fn bbp() -> &'static Path {
    static EXE: OnceLock<PathBuf> = OnceLock::new();
    EXE.get_or_init(|| {
        arbiter_testdata::peers::bbp_pairings(Path::new(env!("CARGO_TARGET_TMPDIR")))
    })
}

fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("dutch-peer");
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// bbpPairings' pairing of the next round of `text`, or its exit status.
fn bbp_pairs(text: &str, name: &str) -> Result<Vec<Board>, i32> {
    let input = scratch(&format!("{name}.trf"));
    let output = scratch(&format!("{name}.bbp"));
    std::fs::write(&input, text).unwrap();
    let _ = std::fs::remove_file(&output);
    let status = Command::new(bbp())
        .arg("--dutch")
        .arg(&input)
        .arg("-p")
        .arg(&output)
        .status()
        .unwrap();
    if !status.success() {
        return Err(status.code().unwrap_or(-1));
    }
    let out = std::fs::read_to_string(&output).unwrap();
    Ok(out
        .lines()
        .skip(1)
        .map(|l| {
            let mut it = l.split_whitespace().map(|x| x.parse::<usize>().unwrap());
            let (w, b) = (it.next().unwrap(), it.next().unwrap());
            Board {
                white: w - 1,
                black: (b > 0).then(|| b - 1),
            }
        })
        .collect())
}

/// The tournament as it stood when round `round` was paired: the rounds
/// before it, and the byes and absences already known for it.
fn cut(t: &Tournament, round: u32) -> Tournament {
    let mut c = t.clone();
    // What the event had settled before round 1: the number of rounds and
    // the colour drawn for the top player (engines need both to pair).
    let whole = dutch::round_to_pair(t, dutch::rounds_paired(t) + 1, Acceleration::default());
    c.initial_colour = Some(whole.initial_colour);
    c.planned_rounds = Some(t.planned_rounds.unwrap_or(dutch::rounds_paired(t)));
    let points = c.points;
    for e in &mut c.entrants {
        // bbpPairings checks each player's stated score against the rounds.
        e.player.stated_points = Some(e.score_after(round - 1, &points));
        e.rounds.truncate(round as usize);
        if let Some(cell) = e.rounds.get(round as usize - 1) {
            let pairing = cell.opponent.is_some()
                || matches!(
                    cell.outcome(),
                    arbiter_tournament::Outcome::PairingAllocatedBye
                );
            if pairing {
                e.rounds[round as usize - 1] = RoundEntry::NOT_PAIRED;
            }
        }
        while e.rounds.last() == Some(&RoundEntry::NOT_PAIRED) {
            e.rounds.pop();
        }
    }
    c.absent_next_round.clear();
    c
}

#[derive(Debug, Default)]
struct Tally {
    compared: usize,
    agreed: usize,
    failures: Vec<String>,
}

/// Pairs every paired round of `t` with both engines.
fn compare_rounds(t: &Tournament, label: &str, tally: &mut Tally) {
    compare_accelerated_rounds(t, label, Acceleration::default(), None, tally);
}

/// Pairs every paired round of `t` with both engines, Arbiter with
/// `acceleration`; with Baku acceleration bbpPairings (which has none of
/// its own for the Dutch system) gets the virtual points as `XXA` lines.
/// With `line_order` (start numbers), bbpPairings gets the `001` lines in
/// that order.
fn compare_accelerated_rounds(
    t: &Tournament,
    label: &str,
    acceleration: Acceleration,
    line_order: Option<&[u32]>,
    tally: &mut Tally,
) {
    for round in 1..=dutch::rounds_paired(t) {
        let before = cut(t, round);
        let mut text = trf::write(&before);
        // Arbiter reads the very file bbpPairings reads.
        let read = trf::read(&text).unwrap_or_else(|e| panic!("{label} round {round}: {e}"));
        let next = dutch::rounds_paired(&read) + 1;
        let ours = dutch::pair(&dutch::round_to_pair(&read, next, acceleration));
        if acceleration.baku {
            let mut accelerated = before.clone();
            let players = accelerated.entrants.len();
            let rounds = accelerated.planned_rounds.expect("cut sets the rounds");
            let (win, draw) = (accelerated.points.win, accelerated.points.draw);
            for (rank, e) in accelerated.entrants.iter_mut().enumerate() {
                e.accelerations = (0..rounds)
                    .map(|r| baku_virtual_points(players, rounds, rank, r, win, draw))
                    .collect();
            }
            text = trf::write(&accelerated);
        }
        // One scratch file per tournament: the tests run side by side.
        let scratch_name: String = label
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
            .collect();
        if let Some(order) = line_order {
            // bbpPairings ranks by the order of the lines: give it the
            // original file's, whatever order Arbiter writes them in.
            text = in_line_order(&text, order);
        }
        let theirs = bbp_pairs(&text, &scratch_name);
        tally.compared += 1;
        let same = match (&ours, &theirs) {
            (Ok(a), Ok(b)) => a == b,
            (Err(_), Err(1)) => true,
            _ => false,
        };
        if same {
            tally.agreed += 1;
        } else {
            let keep = scratch(&format!("{label}-r{round}.trf").replace('/', "_"));
            std::fs::write(&keep, &text).unwrap();
            tally.failures.push(format!(
                "{label} round {round} ({}): arbiter {ours:?}, bbpPairings {theirs:?}",
                keep.display()
            ));
        }
    }
}

/// `text` with its `001` lines in the order of `ranking` (start numbers),
/// where the first of them stood.
fn in_line_order(text: &str, ranking: &[u32]) -> String {
    let start_no = |line: &str| -> u32 { line[4..8].trim().parse().unwrap() };
    let mut players: Vec<&str> = text.lines().filter(|l| l.starts_with("001")).collect();
    players.sort_by_key(|l| ranking.iter().position(|&n| n == start_no(l)));
    let mut players = players.into_iter();
    let mut out = String::new();
    for line in text.lines() {
        let line = if line.starts_with("001") {
            players.next().unwrap()
        } else {
            line
        };
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// The virtual points of Baku acceleration (C.04.5.1) for the player at
/// `rank` (from 0, in pairing-number order) in round `round` (from 0): group
/// A, the first half of the field rounded up to an even number, gets them in
/// the first half of the rounds (rounded up), a win's points in the first
/// half of those (rounded up) and a draw's after.
fn baku_virtual_points(
    players: usize,
    rounds: u32,
    rank: usize,
    round: u32,
    win: Points,
    draw: Points,
) -> Points {
    let accelerated = rounds.div_ceil(2);
    let group_a = 2 * players.div_ceil(4);
    if rank >= group_a || round >= accelerated {
        Points::ZERO
    } else if round < accelerated.div_ceil(2) {
        win
    } else {
        draw
    }
}

fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos() as u64
}

fn report(what: &str, tally: &Tally) {
    eprintln!(
        "{what}: {} rounds compared, {} identical",
        tally.compared, tally.agreed
    );
    assert!(
        tally.failures.is_empty(),
        "{} of {} rounds differ:\n{}",
        tally.failures.len(),
        tally.compared,
        tally.failures.join("\n")
    );
    assert!(tally.compared > 0, "no round was compared");
}

/// Tournament sizes for a run: (players, rounds), from 7 to 300 players and
/// 5 to 11 rounds; the default run keeps to 100 players, to keep the suite
/// to seconds.
fn sizes(dice: &mut Dice, count: usize) -> Vec<(u32, u32)> {
    let full = arbiter_testdata::full_runs();
    (0..count)
        .map(|i| {
            let most = if full {
                300
            } else if i == 0 {
                100
            } else {
                50
            };
            let players = dice.between(7, most);
            // No more rounds than a Swiss of that size can pair: a
            // generator cannot make 11 rounds of 8 players.
            let rounds = dice.between(5, players.saturating_sub(3).clamp(5, 11));
            (players, rounds)
        })
        .collect()
}

#[test]
fn random_tournaments_of_bbppairings_generator_pair_identically() {
    let seed = clock_seed();
    let mut dice = Dice::new(seed);
    let count = if arbiter_testdata::full_runs() { 40 } else { 5 };
    let mut tally = Tally::default();
    for (i, (players, rounds)) in sizes(&mut dice, count).into_iter().enumerate() {
        let config = scratch("bbp.cfg");
        std::fs::write(
            &config,
            format!("PlayersNumber={players}\nRoundsNumber={rounds}\n"),
        )
        .unwrap();
        let file = scratch("bbp-generated.trf");
        // bbpPairings' generator gives up when a round of its own cannot be
        // paired (few players, many rounds): draw again.
        let mut tournament_seed = 0;
        let made = (0..20).any(|_| {
            tournament_seed = dice.next_u64() % 1_000_000_000;
            arbiter_testdata::peers::bbp_generate(bbp(), &config, &file, tournament_seed)
        });
        assert!(
            made,
            "bbpPairings -g made no {players}-player, {rounds}-round tournament"
        );
        let t = trf::read(&std::fs::read_to_string(&file).unwrap()).unwrap();
        let label = format!("bbp-g{i}-{players}p{rounds}r-s{tournament_seed}");
        compare_rounds(&t, &label, &mut tally);
    }
    report(&format!("bbpPairings' generator (seed {seed})"), &tally);
}

#[test]
fn random_tournaments_of_arbiters_generator_pair_identically() {
    let seed = clock_seed() ^ 0x5eed;
    let mut dice = Dice::new(seed);
    let count = if arbiter_testdata::full_runs() { 40 } else { 4 };
    let mut tally = Tally::default();
    for (i, (players, rounds)) in sizes(&mut dice, count).into_iter().enumerate() {
        let mut config = GeneratorConfig::random(&mut dice);
        config.players = players;
        config.rounds = rounds;
        // More forfeits, byes and absences than JaVaFo's defaults, so that
        // every run meets them.
        config.forfeit_rate = 8;
        config.half_point_bye_rate = 25;
        config.retired_rate = 60;
        // Like bbpPairings', the generator stops when a round cannot be
        // paired at all (few players, many rounds): draw again.
        let t = (0..20)
            .find_map(|_| dutch::generate(&config, &mut dice).ok())
            .expect("some tournament of this size pairs to the end");
        compare_rounds(&t, &format!("arbiter-g{i}-{players}p{rounds}r"), &mut tally);
    }
    report(&format!("Arbiter's generator (seed {seed})"), &tally);
}

#[test]
fn shared_tournament_files_pair_identically() {
    let mut tally = Tally::default();
    let mut names = vec![
        "tournaments/bbpPairings/dutch_2025_C5.trf",
        "tournaments/bbpPairings/dutch_2025_C9.trf",
        "tournaments/sklangen-trf/lichess-swiss-2021_03.trf",
        "tournaments/sklangen-trf/lichess-swiss-2020_06.trf",
    ];
    // The larger files take a minute or two on a loaded machine.
    if arbiter_testdata::full_runs() {
        names.extend([
            "tournaments/bbpPairings/issue_7.trf",
            "tournaments/competichess/gros-open-2010.trf",
            "tournaments/competichess/lichess-swiss-j8rtJ5GL.trf",
            "tournaments/sklangen-trf/karl-mala-gedenkturnier-2005.trf",
        ]);
    }
    for name in names {
        let text = arbiter_testdata::read_text(name);
        let t = trf::read(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        compare_rounds(&t, name.rsplit('/').next().unwrap(), &mut tally);
    }
    report("shared files", &tally);
}

/// A lichess Swiss export: `XXC rank`, the rank fields blank, the lines in
/// the order of lichess' ranking (not of the start numbers). bbpPairings
/// and JaVaFo rank the players by the order of the lines ("positional IDs");
/// every round must pair as bbpPairings pairs it.
#[test]
fn a_lichess_export_with_xxc_rank_pairs_by_the_order_of_its_lines() {
    let name = "tournaments/competichess/lichess-swiss-j8rtJ5GL.trf";
    let text = arbiter_testdata::read_text(name);
    let t = trf::read(&text).unwrap();
    assert!(t.pair_by_rank, "the file says XXC rank");
    assert!(t.entrants.iter().all(|e| e.player.stated_rank.is_none()));
    let lines: Vec<u32> = text
        .lines()
        .filter(|l| l.starts_with("001"))
        .map(|l| l[4..8].trim().parse().unwrap())
        .collect();
    assert!(
        !lines.is_sorted(),
        "the lines are not in start-number order"
    );
    let mut tally = Tally::default();
    let default = Acceleration::default();
    compare_accelerated_rounds(&t, "lichess-xxc-rank", default, Some(&lines), &mut tally);
    report("lichess export with XXC rank", &tally);
}

/// Baku acceleration: Arbiter's `--baku` pairs as bbpPairings does when
/// given the same virtual points, on tournaments of Arbiter's generator.
#[test]
fn baku_accelerated_rounds_pair_as_bbppairings_with_the_virtual_points() {
    let seed = clock_seed();
    let mut dice = Dice::new(seed);
    let count = if arbiter_testdata::full_runs() { 20 } else { 4 };
    let mut tally = Tally::default();
    for (i, (players, rounds)) in sizes(&mut dice, count).into_iter().enumerate() {
        let mut config = GeneratorConfig::random(&mut dice);
        config.players = players;
        config.rounds = rounds;
        let t = (0..20)
            .find_map(|_| dutch::generate(&config, &mut dice).ok())
            .expect("some tournament of this size pairs to the end");
        let label = format!("baku-g{i}-{players}p{rounds}r");
        let baku = Acceleration { baku: true };
        compare_accelerated_rounds(&t, &label, baku, None, &mut tally);
    }
    report(&format!("Baku acceleration (seed {seed})"), &tally);
}

/// A round where a shortcut in the engine once chose a different pairing
/// from bbpPairings (bbpPairings' generator, 166 players, 11 rounds, seed
/// 962001866, round 8).
#[test]
fn a_round_that_once_differed_pairs_identically() {
    let config = scratch("known.cfg");
    std::fs::write(&config, "PlayersNumber=166\nRoundsNumber=11\n").unwrap();
    let file = scratch("known.trf");
    assert!(arbiter_testdata::peers::bbp_generate(
        bbp(),
        &config,
        &file,
        962001866
    ));
    let t = trf::read(&std::fs::read_to_string(&file).unwrap()).unwrap();
    let before = cut(&t, 8);
    let text = trf::write(&before);
    let read = trf::read(&text).unwrap();
    let ours = dutch::pair(&dutch::round_to_pair(&read, 8, Acceleration::default())).unwrap();
    assert_eq!(Ok(ours), bbp_pairs(&text, "known-round"));
}
