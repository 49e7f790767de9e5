//! What the director's tests share: events as the log holds them, at one
//! fixed moment, and an event opened with its players.
#![allow(dead_code)]

use arbiter_tournament::director::{Director, Event, EventKind, Registration, Settings};

/// An event by `by` (an account, `arbiter`, the referee...).
pub fn event(by: &str, kind: EventKind) -> Event {
    Event {
        at_ms: 1_764_633_600_000,
        by: by.into(),
        kind,
    }
}

/// An event by the arbiter.
pub fn arbiter(kind: EventKind) -> Event {
    event("arbiter", kind)
}

/// An event made with `settings`, the arbiter entering `players` in order.
pub fn opened(settings: Settings, players: impl IntoIterator<Item = Registration>) -> Director {
    let mut t = Director::default();
    t.apply(&arbiter(EventKind::Created { settings })).unwrap();
    for player in players {
        t.apply(&arbiter(EventKind::Registered {
            player,
            entry_code: None,
        }))
        .unwrap();
    }
    t
}
