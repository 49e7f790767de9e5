//! The events of the norm tests: an IM of CHN rated 2400 against a field
//! of his choosing. Shared by the norm module's tests and `arbiter norms`'s.
#![allow(dead_code)]

use arbiter_rules::PlayerResult;
use arbiter_tournament::{Player, Tournament};

/// The applicant, an IM of CHN rated 2400, against `opponents` (title,
/// rating, federation, his result), one a round.
pub fn event(opponents: &[(&str, u32, &str, PlayerResult)]) -> Tournament {
    let mut t = Tournament::default();
    let mut me = Player::new(1, "Applicant");
    me.rating = 2400;
    me.title = Some("m".into());
    me.federation = "CHN".into();
    me.sex = Some('m');
    t.register(me);
    for (i, &(title, rating, federation, _)) in opponents.iter().enumerate() {
        let mut p = Player::new(i as u32 + 2, format!("Opponent {}", i + 2));
        p.rating = rating;
        p.title = (!title.is_empty()).then(|| title.to_string());
        p.federation = federation.into();
        t.register(p);
    }
    for (i, &(_, _, _, result)) in opponents.iter().enumerate() {
        t.record_game(i as u32 + 1, 1, i as u32 + 2, result);
    }
    t
}

/// A field for a GM norm: three GMs, two IMs, an FM; Ra 2444.
pub const FIELD: [(&str, u32, &str); 9] = [
    ("g", 2550, "RUS"),
    ("g", 2550, "USA"),
    ("g", 2550, "IND"),
    ("m", 2450, "GER"),
    ("m", 2450, "FRA"),
    ("f", 2400, "CHN"),
    ("", 2350, "CHN"),
    ("", 2350, "CHN"),
    ("", 2350, "ESP"),
];

pub fn with(results: [PlayerResult; 9]) -> Vec<(&'static str, u32, &'static str, PlayerResult)> {
    FIELD
        .iter()
        .zip(results)
        .map(|(&(t, r, f), res)| (t, r, f, res))
        .collect()
}
