//! One set of games measured against the requirements of a norm.

use std::collections::BTreeMap;

use super::games::NormGame;
use super::requirement::Requirement;
use super::title::NormTitle;
use crate::player::StartNo;
use crate::rating::tables::dp_for_percent;

/// What the event is, as far as the norm's games and federations go.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Conditions {
    /// The games a norm needs: 9 (1.4.1 a), or 7 in a World or
    /// Continental Team or Club Championship of 7 to 9 rounds (1.4.1 b).
    pub games_needed: u32,
    /// The event is exempt from the federation requirements, 1.4.3 and
    /// 1.4.4 (1.4.3 a–d: a national championship's final, a national team
    /// championship for its own federation's players, a zonal, or a Swiss
    /// with enough foreign titled players).
    pub federations_exempt: bool,
    /// The event is a double round robin of this many players: 1.4.5
    /// asks at least 6 of them, and of the opponents met half, rounded up,
    /// holding the title rather than a third of the games.
    pub double_round_robin: Option<u32>,
}

/// The figures of a set of games and the requirements they meet or miss.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Assessment {
    /// The games.
    pub games: u32,
    /// The points in them, in half points.
    pub half_points: u32,
    /// The opponent whose rating was raised to the floor (1.4.6), if any.
    pub raised: Option<StartNo>,
    /// Ra, the opponents' average rating (1.4.7).
    pub average: i64,
    /// p in whole percent (1.4.9).
    pub percent: u32,
    /// Rp = Ra + dp (1.4.8).
    pub performance: i64,
    /// The least half points that meet 1.4.8 and its 35 % against these
    /// opponents; `None` when no score does.
    pub half_points_needed: Option<u32>,
    /// Every requirement checked, and whether it is met.
    pub checks: Vec<(Requirement, bool)>,
}

impl Assessment {
    /// Whether every requirement is met: a title norm.
    pub fn achieved(&self) -> bool {
        self.checks.iter().all(|&(_, met)| met)
    }

    /// Whether the opponent mix is met: the federation requirements and
    /// the titled opponents (1.4.3–1.4.5), what 1.4.1 f asks of a round
    /// robin's complete tournament before wins are left out.
    pub fn mix_met(&self) -> bool {
        self.checks.iter().all(|(r, met)| {
            *met || !matches!(
                r,
                Requirement::ForeignFederations { .. }
                    | Requirement::OwnFederation { .. }
                    | Requirement::OneFederation { .. }
                    | Requirement::Titled { .. }
                    | Requirement::Holders { .. }
                    | Requirement::DoubleRoundRobinPlayers { .. }
                    | Requirement::DoubleRoundRobinHolders { .. }
            )
        })
    }

    /// The requirements missed.
    pub fn missed(&self) -> impl Iterator<Item = &Requirement> {
        self.checks.iter().filter(|(_, met)| !met).map(|(r, _)| r)
    }
}

/// Measures `games` of a player of federation `own` for a `title` norm.
/// The opponent mix is counted against `opponents` opponents: the games
/// themselves, or 9 for an 8-game norm of 1.4.1 c ("the required opponent
/// mix is met").
pub fn assess(
    title: NormTitle,
    own: &str,
    games: &[NormGame],
    opponents: u32,
    conditions: Conditions,
) -> Assessment {
    let n = games.len() as u32;
    let half_points: u32 = games
        .iter()
        .map(|g| u32::from(g.result.half_points()))
        .sum();
    let mut checks = vec![(
        Requirement::Games {
            have: n,
            need: conditions.games_needed,
        },
        n >= conditions.games_needed,
    )];
    if !conditions.federations_exempt {
        checks.extend(federation_checks(own, games, opponents));
    }
    // 1.4.5 a: "at least 50 %"; b–e: "at least 1/3 with a minimum of 3".
    // Least numbers of opponents are rounded up (1.4.4).
    let titled = count(games, |g| g.title.is_some_and(|t| t.counts_as_titled()));
    let titled_need = opponents.div_ceil(2);
    checks.push((
        Requirement::Titled {
            have: titled,
            need: titled_need,
        },
        titled >= titled_need,
    ));
    checks.extend(holder_checks(title, games, opponents, conditions));
    let (average, raised) = average_rating(title, games);
    checks.push((
        Requirement::Average {
            have: average,
            need: title.average(),
        },
        average >= title.average(),
    ));
    // 1.4.8 b: 35 %, compared exactly: 100 × points ≥ 35 × games.
    let score_need = (35 * 2 * n).div_ceil(100);
    checks.push((
        Requirement::Score {
            have: points(half_points),
            need: points(score_need),
        },
        half_points >= score_need,
    ));
    let percent = percent_of(half_points, n);
    let performance = average + i64::from(dp_for_percent(percent));
    let needed = (0..=2 * n)
        .find(|&h| average + i64::from(dp_for_percent(percent_of(h, n))) >= title.performance());
    checks.push(match needed {
        Some(h) => (
            Requirement::Performance {
                have: performance,
                need: title.performance(),
                points: points(h),
            },
            performance >= title.performance(),
        ),
        None => (
            Requirement::PerformanceOutOfReach {
                have: performance,
                need: title.performance(),
            },
            false,
        ),
    });
    Assessment {
        games: n,
        half_points,
        raised,
        average,
        percent,
        performance,
        half_points_needed: needed.map(|h| h.max(score_need)),
        checks,
    }
}

/// 1.4.5 b–e: at least a third of the opponents, and at least 3, holding
/// the title or one above it. In a double round robin (1.4.5, its last
/// paragraph) the event has at least 6 players, and half the players met,
/// rounded up, hold it: each opponent is counted once, not once a game.
fn holder_checks(
    title: NormTitle,
    games: &[NormGame],
    opponents: u32,
    conditions: Conditions,
) -> Vec<(Requirement, bool)> {
    let holds = |g: &NormGame| g.title.is_some_and(|t| title.holder(t));
    let Some(players) = conditions.double_round_robin else {
        let holders = count(games, holds);
        let need = opponents.div_ceil(3).max(3);
        return vec![(
            Requirement::Holders {
                title: title.abbreviation().into(),
                have: holders,
                need,
            },
            holders >= need,
        )];
    };
    let met: BTreeMap<StartNo, bool> = games.iter().map(|g| (g.opponent, holds(g))).collect();
    let holders = met.values().filter(|&&h| h).count() as u32;
    let need = (met.len() as u32).div_ceil(2);
    vec![
        (
            Requirement::DoubleRoundRobinPlayers {
                have: players,
                need: DOUBLE_ROUND_ROBIN_PLAYERS,
            },
            players >= DOUBLE_ROUND_ROBIN_PLAYERS,
        ),
        (
            Requirement::DoubleRoundRobinHolders {
                title: title.abbreviation().into(),
                have: holders,
                met: met.len() as u32,
                need,
            },
            holders >= need,
        ),
    ]
}

/// The fewest players of a double round robin that gives norms (1.4.5).
const DOUBLE_ROUND_ROBIN_PLAYERS: u32 = 6;

/// 1.4.3 and 1.4.4: at least two federations other than the player's; at
/// most 3/5 of the opponents from his own and 2/3 from any one federation,
/// the largest numbers allowed rounded down. `FID` is no federation
/// (1.4.2 a).
fn federation_checks(own: &str, games: &[NormGame], opponents: u32) -> Vec<(Requirement, bool)> {
    let mut by_federation: BTreeMap<&str, u32> = BTreeMap::new();
    for game in games {
        if let Some(f) = game.federation() {
            *by_federation.entry(f).or_default() += 1;
        }
    }
    let foreign = by_federation.keys().filter(|&&f| f != own).count() as u32;
    let own_count = by_federation.get(own).copied().unwrap_or(0);
    let own_most = opponents * 3 / 5;
    let one_most = opponents * 2 / 3;
    let (largest, largest_count) = by_federation
        .iter()
        .max_by_key(|&(f, &c)| (c, std::cmp::Reverse(*f)))
        .map_or(("", 0), |(f, &c)| (*f, c));
    vec![
        (
            Requirement::ForeignFederations {
                have: foreign,
                need: 2,
            },
            foreign >= 2,
        ),
        (
            Requirement::OwnFederation {
                have: own_count,
                most: own_most,
            },
            own_count <= own_most,
        ),
        (
            Requirement::OneFederation {
                federation: largest.into(),
                have: largest_count,
                most: one_most,
            },
            largest_count <= one_most,
        ),
    ]
}

/// Ra (1.4.6, 1.4.7): the opponents' ratings, unrated ones at 1400, the
/// lowest raised to the title's floor when under it ("at most one
/// opponent … if more than one opponent is below the floor, the lowest"),
/// averaged and rounded to the nearest whole number, .5 up.
fn average_rating(title: NormTitle, games: &[NormGame]) -> (i64, Option<StartNo>) {
    if games.is_empty() {
        return (0, None);
    }
    let lowest = games
        .iter()
        .min_by_key(|g| (g.rating, g.round))
        .filter(|g| g.rating < title.floor());
    let sum: i64 = games.iter().map(|g| i64::from(g.rating)).sum::<i64>()
        + lowest.map_or(0, |g| i64::from(title.floor() - g.rating));
    let n = games.len() as i64;
    ((2 * sum + n).div_euclid(2 * n), lowest.map(|g| g.opponent))
}

/// p in whole percent, .5 up (1.4.9).
fn percent_of(half_points: u32, games: u32) -> u32 {
    if games == 0 {
        return 0;
    }
    // 100 × (h / 2) / n, rounded half up: (100h + n) / 2n.
    (100 * half_points + games) / (2 * games)
}

fn count(games: &[NormGame], counted: impl Fn(&NormGame) -> bool) -> u32 {
    games.iter().filter(|g| counted(g)).count() as u32
}

/// Half points as points (`13` → `6.5`).
fn points(half_points: u32) -> String {
    if half_points.is_multiple_of(2) {
        (half_points / 2).to_string()
    } else {
        format!("{}.5", half_points / 2)
    }
}
