//! Checking a file's pairings: re-pair every played round and say where the
//! file differs, and which criterion decides between the two.

use arbiter_rules::Color;

use crate::Tournament;
use crate::result::Outcome;

use super::entrant::{Preference, compatible};
use super::{Acceleration, Board, Float, Round, pair, round_to_pair, rounds_paired};

/// One round's comparison.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundCheck {
    /// The round (1-based).
    pub round: u32,
    /// One line per difference; empty when the file agrees.
    pub differences: Vec<String>,
}

/// The boards of a round as the file has them (games and forfeits with
/// colours, and the pairing-allocated bye).
pub fn boards_in_file(t: &Tournament, round: u32) -> Vec<Board> {
    let mut boards = Vec::new();
    for e in &t.entrants {
        let cell = e.round(round);
        let me = e.player.start_no as usize - 1;
        match (cell.opponent, cell.colour, cell.outcome()) {
            (_, _, Outcome::PairingAllocatedBye) => boards.push(Board {
                white: me,
                black: None,
            }),
            (Some(o), Some(Color::White), _) => boards.push(Board {
                white: me,
                black: Some(o as usize - 1),
            }),
            (Some(o), None, _) if (o as usize - 1) > me => boards.push(Board {
                white: me,
                black: Some(o as usize - 1),
            }),
            _ => {}
        }
    }
    boards
}

/// Re-pairs every paired round of the file from the rounds before it.
pub fn check(t: &Tournament, acceleration: Acceleration) -> Vec<RoundCheck> {
    (1..=rounds_paired(t))
        .map(|round| {
            let view = round_to_pair(t, round, acceleration);
            let file = boards_in_file(t, round);
            let differences = match pair(&view) {
                Err(e) => vec![format!("{e}")],
                Ok(ours) => compare(&view, &file, &ours),
            };
            RoundCheck { round, differences }
        })
        .collect()
}

fn describe(b: &Board) -> String {
    match b.black {
        Some(black) => format!("{}-{}", b.white + 1, black + 1),
        None => format!("{} bye", b.white + 1),
    }
}

fn same_pair(a: &Board, b: &Board) -> bool {
    let key = |x: &Board| {
        let (p, q) = (x.white, x.black.unwrap_or(usize::MAX));
        (p.min(q), p.max(q))
    };
    key(a) == key(b)
}

/// The boards that differ, and the first criterion on which the two
/// pairings differ.
fn compare(view: &Round, file: &[Board], ours: &[Board]) -> Vec<String> {
    let only_file: Vec<&Board> = file.iter().filter(|b| !ours.contains(b)).collect();
    let only_ours: Vec<&Board> = ours.iter().filter(|b| !file.contains(b)).collect();
    if only_file.is_empty() && only_ours.is_empty() {
        return Vec::new();
    }
    let pairs_equal = only_file
        .iter()
        .all(|f| only_ours.iter().any(|o| same_pair(f, o)));
    let reason = if pairs_equal {
        "colour allocation (article 5)".to_string()
    } else {
        let a = quality(view, file);
        let b = quality(view, ours);
        NAMES
            .iter()
            .zip(a.iter().zip(b.iter()))
            .find(|(_, (x, y))| x != y)
            .map_or_else(
                || {
                    "equal on C1-C21: the order of article 4 (transpositions and exchanges)"
                        .to_string()
                },
                |(name, (x, y))| format!("{name} (file {x:?}, arbiter {y:?})"),
            )
    };
    vec![format!(
        "file has {}; arbiter pairs {}; decided by {reason}",
        only_file
            .iter()
            .map(|b| describe(b))
            .collect::<Vec<_>>()
            .join(", "),
        only_ours
            .iter()
            .map(|b| describe(b))
            .collect::<Vec<_>>()
            .join(", "),
    )]
}

const NAMES: [&str; 15] = [
    "C1 (no rematch)",
    "C2 (no second bye)",
    "C3 (absolute colour preferences)",
    "C4-C8 (pairs and score differences, bracket by bracket)",
    "C9 (the bye's unplayed games)",
    "C10 (colour difference over 2)",
    "C11 (same colour three times)",
    "C12 (colour preferences)",
    "C13 (strong colour preferences)",
    "C14 (downfloats repeated from the last round)",
    "C15 (upfloats repeated from the last round)",
    "C16 (downfloats repeated from two rounds before)",
    "C17 (upfloats repeated from two rounds before)",
    "C18-C19 (scores of repeated floaters, last round)",
    "C20-C21 (scores of repeated floaters, two rounds before)",
];

/// Each criterion as a value to minimise, in the Handbook's order.
fn quality(view: &Round, boards: &[Board]) -> Vec<Vec<i64>> {
    let card = |id: usize| view.entrants.iter().find(|c| c.id == id);
    let mut q = vec![Vec::new(); NAMES.len()];
    let mut counts = [0i64; NAMES.len()];
    let mut differences = Vec::new();
    let mut floats_scores: [Vec<i64>; 2] = [Vec::new(), Vec::new()];
    for b in boards {
        let Some(w) = card(b.white) else { continue };
        let Some(black) = b.black else {
            counts[1] += !w.bye_eligible as i64;
            counts[4] += (view.rounds_played - w.colours.len()) as i64;
            differences.push(-(w.score as i64));
            continue;
        };
        let Some(k) = card(black) else { continue };
        counts[0] += w.forbidden.contains(&k.id) as i64;
        let (pw, pk) = (Preference::of(&w.colours), Preference::of(&k.colours));
        counts[2] += (pw.absolute()
            && pk.absolute()
            && pw.colour == pk.colour
            && !w.topscorer
            && !k.topscorer) as i64;
        differences.push(w.score.abs_diff(k.score) as i64);
        for (card, colour, pref) in [(w, Color::White, &pw), (k, Color::Black, &pk)] {
            let mut after = card.colours.clone();
            after.push(colour);
            let p = Preference::of(&after);
            counts[5] += (p.imbalance > 2) as i64;
            counts[6] +=
                (after.len() >= 3 && after[after.len() - 3..].iter().all(|&c| c == colour)) as i64;
            counts[7] += !compatible(pref.colour, Some(!colour)) as i64;
            counts[8] += (pref.strong && pref.colour != Some(colour)) as i64;
        }
        let (high, low) = if w.score >= k.score { (w, k) } else { (k, w) };
        for back in 0..view.rounds_played.min(2) {
            let downs = (high.score > low.score && high.floats[back] == Float::Down) as i64;
            let ups = (high.score > low.score && low.floats[back] == Float::Up) as i64;
            counts[9 + 2 * back] += downs;
            counts[10 + 2 * back] += ups;
            if downs > 0 {
                floats_scores[back].push(high.score as i64);
            }
        }
    }
    differences.sort_unstable_by(|a, b| b.cmp(a));
    for (i, c) in counts.iter().enumerate() {
        q[i] = vec![*c];
    }
    q[3] = differences;
    for back in 0..2 {
        floats_scores[back].sort_unstable_by(|a, b| b.cmp(a));
        q[13 + back] = floats_scores[back].clone();
    }
    q
}
