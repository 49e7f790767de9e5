//! FIDE title norms (Title Regulations, Handbook B.01, in force from 1
//! January 2024): for every player and every title he can still seek by
//! norms (GM, IM, WGM, WIM), whether the event gives him a norm, over
//! which games, and, when it does not, which requirement of 1.4 failed
//! and by how much.
//!
//! The games are those played over the board (1.4.2). A norm found over
//! the whole event is reported as such; otherwise, outside round robins,
//! over the first rounds, later games ignored once a title result was
//! reached (1.4.1 e); then with games against opponents the player beat
//! left out (1.4.1 f); and in a 9-round event over 8 games and a forfeit
//! win or pairing-allocated bye (1.4.1 c).
//!
//! A norm counts for its games in a title application (at most 13, 1.7),
//! and one more for each full point above the score it needed (1.4.1 d).
//! A double round robin (record `092`, or a round robin planned over two
//! cycles) asks 6 players and half the players met holding the title
//! (1.4.5). Each norm says whether its event is one of those 1.5.6 asks a
//! title application to include (a Swiss of at least 40 players a round
//! averaging 2000, or an event [`NormOptions`] names).
//!
//! What a TRF cannot say is given by [`NormOptions`]: a team
//! championship's 7-game norms and the World Cup's 8 (1.4.1 b), an event
//! exempt from the federation requirements (1.4.3 a–c), the host
//! federation, from which the Swiss exemption of 1.4.3 d is worked out,
//! and the events 1.5.6 names besides the large Swiss.

mod assess;
mod event;
pub mod forms;
mod games;
mod requirement;
mod serialize;
mod title;

pub use assess::{Assessment, Conditions, assess};
pub use games::{NormGame, NormRound, UNRATED, norm_rounds};
pub use requirement::Requirement;
pub use serialize::NormLine;
pub use title::{NormTitle, Title};

use std::collections::BTreeSet;

pub(super) use event::predetermined_pairings;

use crate::player::StartNo;
use crate::tournament::{Entrant, Tournament};

/// What the event is, beyond what its TRF says.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NormOptions {
    /// A World or Continental Team or Club Championship of 7 to 9 rounds:
    /// 7 games make a norm (1.4.1 b).
    pub team_championship: bool,
    /// The World Cup or the Women's World Cup: 8 games make a norm, which
    /// counts as 9 (1.4.1 b).
    pub world_cup: bool,
    /// The event is one 1.4.3 a–c exempts from the federation
    /// requirements (a national championship's final, a national team
    /// championship for its own players, a zonal or sub-zonal).
    pub federations_exempt: bool,
    /// The host federation: with it, a Swiss event is exempt when 1.4.3 d
    /// says so.
    pub host: Option<String>,
    /// One of the events 1.5.6 names besides the large Swiss: a Chess
    /// Olympiad, a GSC event qualifying for the Candidates, an event
    /// qualifying for the World Cup, an EVE event, a national
    /// championship's final.
    pub event_of_1_5_6: bool,
}

/// The games a norm needs (1.4.1 a).
const GAMES: u32 = 9;
/// The games of a team championship's norm (1.4.1 b).
const TEAM_GAMES: u32 = 7;
/// The games of a World Cup's norm, which counts as 9 (1.4.1 b).
const WORLD_CUP_GAMES: u32 = 8;
/// Norms from longer events count as 13 games at most (1.7).
const MOST_GAMES_COUNTED: u32 = 13;
/// Above this many wins, 1.4.1 f is tried by dropping the lowest-rated
/// beaten opponents first rather than every set of them.
const WINS_SEARCHED_IN_FULL: usize = 12;

/// A norm the event gives.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Norm {
    /// The last round counted (1.4.1 e: later games ignored).
    pub last_round: u32,
    /// The rounds of the wins left out (1.4.1 f).
    pub dropped: Vec<u32>,
    /// The games the norm counts for in a title application: its games,
    /// 9 for an 8-game norm of 1.4.1 b (World Cup) or c, at most 13 (1.7);
    /// and one more for each full point above the score needed (1.4.1 d).
    pub counts_as: u32,
    /// The full points above the score needed, each a game more (1.4.1 d).
    pub points_above: u32,
    /// Whether the event is one of those 1.5.6 asks a title application
    /// to include a norm from.
    pub of_1_5_6: bool,
    /// The games counted, in round order.
    pub games: Vec<NormGame>,
    /// The figures of the games counted.
    pub assessment: Assessment,
    /// The article that let games be left out, if any were.
    pub rule: Option<&'static str>,
}

/// One title for one player: the norm, or the event's figures and the
/// requirements they miss.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NormResult {
    /// The title.
    pub title: NormTitle,
    /// The norm, when the event gives one.
    pub norm: Option<Norm>,
    /// The whole event's games measured for the title.
    pub event: Assessment,
}

/// A player's norms.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerNorms {
    /// Start number.
    pub start_no: StartNo,
    /// Name.
    pub name: String,
    /// One result per title he can still seek by norms.
    pub titles: Vec<NormResult>,
}

/// Every player's norms, in start-number order.
pub fn norms(tournament: &Tournament, options: &NormOptions) -> Vec<PlayerNorms> {
    let rounds = tournament.rounds_paired();
    let conditions = Conditions {
        games_needed: if options.team_championship {
            TEAM_GAMES
        } else if options.world_cup {
            WORLD_CUP_GAMES
        } else {
            GAMES
        },
        federations_exempt: options.federations_exempt
            || options
                .host
                .as_deref()
                .is_some_and(|host| event::swiss_exemption(tournament, host, rounds)),
        double_round_robin: event::double_round_robin(tournament)
            .then_some(tournament.entrants.len() as u32),
    };
    let predetermined = predetermined_pairings(tournament);
    let event = Event {
        rounds,
        conditions,
        predetermined,
        of_1_5_6: options.event_of_1_5_6 || event::swiss_of_1_5_6(tournament, rounds),
    };
    tournament
        .entrants
        .iter()
        .map(|entrant| {
            let player = &entrant.player;
            let held = player.title.as_deref().and_then(Title::parse);
            PlayerNorms {
                start_no: player.start_no,
                name: player.name.clone(),
                titles: NormTitle::ALL
                    .into_iter()
                    .filter(|t| t.sought_by(player.sex, held))
                    .map(|title| norm_for(tournament, entrant, title, &event))
                    .collect(),
            }
        })
        .collect()
}

/// What every player's norms share: the event's rounds and kind.
struct Event {
    rounds: u32,
    conditions: Conditions,
    predetermined: bool,
    of_1_5_6: bool,
}

/// One player's result for one title.
fn norm_for(tournament: &Tournament, entrant: &Entrant, title: NormTitle, e: &Event) -> NormResult {
    let Event {
        rounds,
        conditions,
        predetermined,
        ..
    } = *e;
    let own = entrant.player.federation.trim();
    let all = norm_rounds(tournament, entrant, rounds);
    let games = |last: u32| -> Vec<NormGame> {
        all.iter()
            .take(last as usize)
            .filter_map(|r| match r {
                NormRound::Game(g) => Some(g.clone()),
                _ => None,
            })
            .collect()
    };
    let every = games(rounds);
    let event = assess(title, own, &every, every.len() as u32, conditions);
    let mut result = NormResult {
        title,
        norm: None,
        event,
    };
    // Leaving games out only lowers the number of title-holders met: with
    // fewer than 3 over the event, no set of games makes a norm (1.4.5).
    if every
        .iter()
        .filter(|g| g.title.is_some_and(|t| title.holder(t)))
        .count()
        < 3
    {
        return result;
    }
    if result.event.achieved() {
        result.norm = Some(norm(
            e,
            rounds,
            Vec::new(),
            every,
            result.event.clone(),
            None,
        ));
        return result;
    }
    // 1.4.1 f: in a round robin or double round robin "the opponent mix
    // must make a norm possible for the complete tournament".
    let may_drop_wins = !predetermined || result.event.mix_met();
    // 1.4.1 e: "in tournaments with predetermined pairings" all rounds
    // count; in others, later games may be ignored.
    let lasts: Vec<u32> = if predetermined {
        vec![rounds]
    } else {
        (1..=rounds).rev().collect()
    };
    for last in lasts {
        let prefix = games(last);
        if prefix.len() < conditions.games_needed as usize {
            break;
        }
        let shortened = (last < rounds).then_some("FIDE B.01 1.4.1 e");
        if last < rounds {
            let a = assess(title, own, &prefix, prefix.len() as u32, conditions);
            if a.achieved() {
                result.norm = Some(norm(e, last, Vec::new(), prefix, a, shortened));
                return result;
            }
        }
        let dropped = may_drop_wins
            .then(|| drop_wins(title, own, &prefix, conditions))
            .flatten();
        if let Some((dropped, kept, a)) = dropped {
            result.norm = Some(norm(e, last, dropped, kept, a, Some("FIDE B.01 1.4.1 f")));
            return result;
        }
    }
    // 1.4.1 c: a 9-round event, 8 games and a forfeit win or
    // pairing-allocated bye, the opponent mix counted as for 9.
    let not_chosen = all.iter().filter(|r| **r == NormRound::NotChosen).count();
    if rounds == GAMES && every.len() as u32 == GAMES - 1 && not_chosen == 1 && !predetermined {
        let eight = Conditions {
            games_needed: GAMES - 1,
            ..conditions
        };
        let a = assess(title, own, &every, GAMES, eight);
        if a.achieved() {
            let mut n = norm(e, rounds, Vec::new(), every, a, Some("FIDE B.01 1.4.1 c"));
            n.counts_as += GAMES - n.assessment.games;
            result.norm = Some(n);
        }
    }
    result
}

/// A norm over `games`: the games it counts for, with 1.7's cap, the
/// World Cup's 8 games counted as 9 (1.4.1 b) and a game more for each
/// full point above the score needed (1.4.1 d).
fn norm(
    e: &Event,
    last_round: u32,
    dropped: Vec<u32>,
    games: Vec<NormGame>,
    assessment: Assessment,
    rule: Option<&'static str>,
) -> Norm {
    let mut counts_as = assessment.games.min(MOST_GAMES_COUNTED);
    if e.conditions.games_needed == WORLD_CUP_GAMES && counts_as == WORLD_CUP_GAMES {
        counts_as = GAMES;
    }
    let points_above = assessment.half_points_needed.map_or(0, |needed| {
        assessment.half_points.saturating_sub(needed) / 2
    });
    Norm {
        last_round,
        dropped,
        counts_as: counts_as + points_above,
        points_above,
        of_1_5_6: e.of_1_5_6,
        games,
        assessment,
        rule,
    }
}

/// 1.4.1 f: "a player may ignore games against opponents they defeated,
/// provided the remaining games still satisfy the opponent mix and
/// minimum game count". The fewest wins left out that make a norm, the
/// lowest-rated opponents first among as few.
fn drop_wins(
    title: NormTitle,
    own: &str,
    games: &[NormGame],
    conditions: Conditions,
) -> Option<(Vec<u32>, Vec<NormGame>, Assessment)> {
    let mut wins: Vec<usize> = (0..games.len())
        .filter(|&i| games[i].result == arbiter_rules::PlayerResult::Win)
        .collect();
    wins.sort_by_key(|&i| (games[i].rating, games[i].round));
    let spare = games.len().saturating_sub(conditions.games_needed as usize);
    let most = wins.len().min(spare);
    let sets: Vec<Vec<usize>> = if wins.len() <= WINS_SEARCHED_IN_FULL {
        let mut sets: Vec<Vec<usize>> = (1u32..1 << wins.len())
            .map(|mask| {
                (0..wins.len())
                    .filter(|b| mask & (1 << b) != 0)
                    .map(|b| wins[b])
                    .collect::<Vec<_>>()
            })
            .filter(|s| s.len() <= most)
            .collect();
        sets.sort_by_key(|s| s.len());
        sets
    } else {
        (1..=most).map(|k| wins[..k].to_vec()).collect()
    };
    sets.into_iter().find_map(|set| {
        let left_out: BTreeSet<usize> = set.iter().copied().collect();
        let kept: Vec<NormGame> = games
            .iter()
            .enumerate()
            .filter(|(i, _)| !left_out.contains(i))
            .map(|(_, g)| g.clone())
            .collect();
        let a = assess(title, own, &kept, kept.len() as u32, conditions);
        a.achieved().then(|| {
            let mut rounds: Vec<u32> = set.iter().map(|&i| games[i].round).collect();
            rounds.sort_unstable();
            (rounds, kept, a)
        })
    })
}
