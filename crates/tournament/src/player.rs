//! A player as the event registers them.

/// A player's starting rank (the "pairing number" of C.04): 1 for the first.
pub type StartNo = u32;

/// A player of the event, as registered (the fields of a TRF `001` line other
/// than the results).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Player {
    /// Starting rank, from 1.
    pub start_no: StartNo,
    /// Name as FIDE writes it: `Surname, Given names`.
    pub name: String,
    /// `m` or `w` as TRF writes it; `None` when not given.
    pub sex: Option<char>,
    /// FIDE title as TRF abbreviates it (`g`, `m`, `f`, `c`, `wg`, `wm`, …),
    /// or the full form (`GM`) when a file writes it so; `None` when untitled.
    pub title: Option<String>,
    /// Rating; 0 when unrated.
    pub rating: u32,
    /// Federation (three letters), empty when not given.
    pub federation: String,
    /// FIDE identifier, when the player has one.
    pub fide_id: Option<u64>,
    /// Birth date as written (`1978`, `1978/05/21`), empty when not given.
    pub birth: String,
    /// The points the file states (column 81–84 of TRF), which may differ from
    /// the sum of results when the file adds acceleration or corrections.
    pub stated_points: Option<crate::Points>,
    /// The rank the file states, when it states one.
    pub stated_rank: Option<u32>,
}

impl Player {
    /// A player with a start number and a name, everything else unknown.
    pub fn new(start_no: StartNo, name: impl Into<String>) -> Player {
        Player {
            start_no,
            name: name.into(),
            ..Player::default()
        }
    }

    /// Rating with a default for unrated players, as rating-based
    /// tie-breaks need one.
    pub fn rating_or(&self, unrated: u32) -> u32 {
        if self.rating == 0 {
            unrated
        } else {
            self.rating
        }
    }
}
