//! A round as LiveChessCloud lays it out, the files DGT's viewers and
//! lichess's relay read: `round-N/index.json`, the pairings with the
//! players as LiveChessCloud names them (`fname`, `mname`, `lname`,
//! `title`, `federation`, `fideid`) and each result; and
//! `round-N/game-M.json`, board M's moves as LiveChessCloud writes them
//! (`"e4 5940+12"`: the move in SAN, the mover's clock after it and the
//! time the move took, in whole seconds), its result and, while it is
//! played, the clocks now.

use arbiter_pgn::GameResult;
use arbiter_rules::Color;
use arbiter_tournament::director::Registration;
use arbiter_tournament::norm::Title;
use serde::Serialize;

use super::{PublicBoard, PublicRound};

/// `round-N/index.json`.
#[derive(Debug, Serialize)]
pub struct RoundIndex {
    /// The day the round was published, `YYYY-MM-DD`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub date: Option<String>,
    /// The boards, board 1 first.
    pub pairings: Vec<Pairing>,
}

/// One board of `index.json`.
#[derive(Debug, Serialize)]
pub struct Pairing {
    /// White.
    pub white: LccPlayer,
    /// Black.
    pub black: LccPlayer,
    /// `1-0`, `0-1`, `1/2-1/2`, or `*` while the game goes on.
    pub result: String,
}

/// A player as LiveChessCloud names him.
#[derive(Debug, Serialize, PartialEq, Eq)]
pub struct LccPlayer {
    /// The first given name.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fname: Option<String>,
    /// The other given names.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mname: Option<String>,
    /// The surname.
    pub lname: String,
    /// The FIDE title (`GM`, `WIM`, …).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<&'static str>,
    /// The federation's three letters.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub federation: Option<String>,
    /// The FIDE id.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fideid: Option<u64>,
}

/// `round-N/game-M.json`.
#[derive(Debug, Serialize)]
pub struct LccGame {
    /// `true` while the game is played.
    pub live: bool,
    /// Each move: SAN, then the mover's clock and the move's time.
    pub moves: Vec<String>,
    /// As in the pairings.
    pub result: String,
    /// The clocks now, while the game is played.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clock: Option<LccClock>,
}

/// The clocks of a game being played.
#[derive(Debug, Serialize)]
pub struct LccClock {
    /// White's time left, whole seconds.
    pub white: i64,
    /// Black's.
    pub black: i64,
    /// When they were read, ms since 1970.
    pub time: i64,
}

impl PublicRound {
    /// `round-N/index.json`.
    pub fn lcc_index(&self) -> RoundIndex {
        RoundIndex {
            date: self.published_at_ms.map(crate::time::date_of),
            pairings: self
                .boards
                .iter()
                .map(|b| Pairing {
                    white: LccPlayer::of(&b.white),
                    black: LccPlayer::of(&b.black),
                    result: result(b),
                })
                .collect(),
        }
    }

    /// `round-N/game-M.json` of board `board` (from 1), if it is there.
    pub fn lcc_game(&self, board: u32) -> Option<LccGame> {
        let b = self.boards.iter().find(|b| b.board == board)?;
        Some(LccGame {
            live: b.clock.is_some() || b.record.result == Some(GameResult::Unknown),
            moves: b
                .plies
                .iter()
                .map(|p| lcc_move(&p.san, p.clock_ms, p.elapsed_ms))
                .collect(),
            result: result(b),
            clock: b.clock.map(|c| LccClock {
                white: c.reading.remaining(Color::White).max(0) / 1000,
                black: c.reading.remaining(Color::Black).max(0) / 1000,
                time: c.at_unix_ms,
            }),
        })
    }
}

fn result(board: &PublicBoard) -> String {
    board
        .record
        .result
        .unwrap_or(GameResult::Unknown)
        .as_str()
        .to_string()
}

/// A move as LiveChessCloud writes it: `e4 5940+12`, or the SAN alone in
/// a game without clocks.
fn lcc_move(san: &str, clock_ms: Option<i64>, elapsed_ms: u64) -> String {
    match clock_ms {
        Some(ms) => format!("{san} {}+{}", ms.max(0) / 1000, elapsed_ms / 1000),
        None => san.to_string(),
    }
}

impl LccPlayer {
    /// A registration's name (`Surname, Given names`, FIDE's way) split
    /// as LiveChessCloud keeps it; a name without a comma is a surname.
    pub fn of(player: &Registration) -> LccPlayer {
        let (surname, given) = match player.name.split_once(',') {
            Some((surname, given)) => (surname.trim(), given.trim()),
            None => (player.name.trim(), ""),
        };
        let mut given = given.split_whitespace();
        let fname = given.next().map(str::to_string);
        let rest: Vec<&str> = given.collect();
        LccPlayer {
            fname,
            mname: (!rest.is_empty()).then(|| rest.join(" ")),
            lname: surname.to_string(),
            title: player
                .title
                .as_deref()
                .and_then(Title::parse)
                .map(Title::abbreviation),
            federation: (!player.federation.is_empty()).then(|| player.federation.clone()),
            fideid: player.fide_id,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn registration(name: &str, title: Option<&str>) -> Registration {
        Registration {
            name: name.into(),
            title: title.map(str::to_string),
            federation: "NOR".into(),
            fide_id: Some(1_503_014),
            ..Registration::default()
        }
    }

    #[test]
    fn a_fide_name_splits_into_livechessclouds_three_parts() {
        let p = LccPlayer::of(&registration("Nepomniachtchi, Ian A.", Some("g")));
        assert_eq!(p.lname, "Nepomniachtchi");
        assert_eq!(p.fname.as_deref(), Some("Ian"));
        assert_eq!(p.mname.as_deref(), Some("A."));
        assert_eq!(p.title, Some("GM"));
        assert_eq!(p.federation.as_deref(), Some("NOR"));
        assert_eq!(p.fideid, Some(1_503_014));
        let lone = LccPlayer::of(&registration("Hou Yifan", None));
        assert_eq!(
            (lone.fname, lone.mname, lone.lname.as_str()),
            (None, None, "Hou Yifan")
        );
        assert_eq!(lone.title, None);
    }

    #[test]
    fn a_move_carries_its_clock_and_its_time_in_whole_seconds() {
        assert_eq!(lcc_move("e4", Some(5_940_900), 12_400), "e4 5940+12");
        assert_eq!(lcc_move("Nf3", None, 3_000), "Nf3");
    }
}
