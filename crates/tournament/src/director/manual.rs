//! The pairings an event's settings fix by account before anyone
//! registers (lichess's `forbiddenPairings` and `manualPairings`),
//! resolved to the players registered with those accounts.

use super::{Board, Director, PlayerId, PlayerState};

/// Round 1 as paired by hand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ManualRound {
    /// The boards of the valid lines, in their order.
    pub boards: Vec<Board>,
    /// The players to pair who are on no valid line: each has a bye worth
    /// a full point, as lichess gives them.
    pub byes: Vec<PlayerId>,
}

impl Director {
    /// The player registered with `account` (compared without case, as
    /// lichess compares user names).
    fn player_of_name(&self, account: &str) -> Option<&PlayerState> {
        self.players().iter().find(|p| {
            p.registration
                .account
                .as_deref()
                .is_some_and(|a| a.eq_ignore_ascii_case(account.trim()))
        })
    }

    /// The pairs the settings forbid, between registered players, each
    /// as (lower number, higher number).
    pub fn forbidden_pairs(&self) -> Vec<(PlayerId, PlayerId)> {
        let Some(settings) = self.settings() else {
            return Vec::new();
        };
        settings
            .forbidden_pairs
            .iter()
            .filter_map(|[a, b]| {
                let (a, b) = (self.player_of_name(a)?.id, self.player_of_name(b)?.id);
                (a != b).then_some((a.min(b), a.max(b)))
            })
            .collect()
    }

    /// Round 1 as the settings pair it by hand, when they do and round 1
    /// is the next to pair: a line is a board when both its players are
    /// registered, to be paired in round 1, different, on no earlier
    /// valid line, and not a forbidden pair; every other player to pair
    /// gets a full-point bye. `None` when there is no valid line: the
    /// engine pairs round 1.
    pub fn manual_first_round(&self) -> Option<ManualRound> {
        let settings = self.settings()?;
        if self.rounds_paired() != 0 || settings.manual_pairings.is_empty() {
            return None;
        }
        let available = self.available(1);
        let forbidden = self.forbidden_pairs();
        let mut used: Vec<PlayerId> = Vec::new();
        let mut boards = Vec::new();
        for [white, black] in &settings.manual_pairings {
            let (Some(w), Some(b)) = (self.player_of_name(white), self.player_of_name(black))
            else {
                continue;
            };
            let (w, b) = (w.id, b.id);
            let valid = w != b
                && available.contains(&w)
                && available.contains(&b)
                && !used.contains(&w)
                && !used.contains(&b)
                && !forbidden.contains(&(w.min(b), w.max(b)));
            if valid {
                used.extend([w, b]);
                boards.push(Board { white: w, black: b });
            }
        }
        if boards.is_empty() {
            return None;
        }
        let byes = available
            .into_iter()
            .filter(|p| !used.contains(p))
            .collect();
        Some(ManualRound { boards, byes })
    }
}
