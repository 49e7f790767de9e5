//! The broadcast delay: a setting of the event, 0 by default, changed by
//! the arbiter alone through an event of the log; and the one function
//! that says how much of a game the public sees at a moment.

use arbiter_tournament::director::{
    BroadcastDelay, Director, EventKind, MAX_MINUTES, Refusal, Settings,
};
use proptest::prelude::*;

mod events;
use events::{arbiter, event};

const MINUTE: i64 = 60_000;

fn created(settings: Settings) -> Director {
    events::opened(settings, [])
}

fn swiss() -> Settings {
    Settings::swiss("Club Open", 5, "5400+30".parse().unwrap())
}

#[test]
fn an_event_has_no_delay_by_default() {
    assert_eq!(created(swiss()).broadcast_delay(), BroadcastDelay::NONE);
}

#[test]
fn the_delay_set_at_creation_holds_until_the_arbiter_changes_it() {
    let mut t = created(Settings {
        broadcast_delay_minutes: 15,
        ..swiss()
    });
    assert_eq!(t.broadcast_delay(), BroadcastDelay::INCREASED_PROTECTION);
    t.apply(&arbiter(EventKind::BroadcastDelaySet { minutes: 5 }))
        .unwrap();
    assert_eq!(t.broadcast_delay(), BroadcastDelay { minutes: 5 });
    t.apply(&arbiter(EventKind::BroadcastDelaySet { minutes: 0 }))
        .unwrap();
    assert_eq!(t.broadcast_delay(), BroadcastDelay::NONE);
}

#[test]
fn only_the_arbiter_sets_the_delay() {
    let mut t = created(swiss());
    let refused = t.apply(&event("ding", EventKind::BroadcastDelaySet { minutes: 0 }));
    assert_eq!(
        refused,
        Err(Refusal::BroadcastDelayNotArbiter { by: "ding".into() })
    );
    assert!(
        refused.unwrap_err().to_string().contains("ding"),
        "the refusal names who tried"
    );
    assert_eq!(t.broadcast_delay(), BroadcastDelay::NONE);
}

#[test]
fn a_delay_longer_than_a_day_is_refused_when_set_and_at_creation() {
    let mut t = created(swiss());
    let too_long = MAX_MINUTES + 1;
    assert_eq!(
        t.apply(&arbiter(EventKind::BroadcastDelaySet { minutes: too_long })),
        Err(Refusal::BroadcastDelayTooLong {
            minutes: too_long,
            max: MAX_MINUTES
        })
    );
    let mut fresh = Director::default();
    let settings = Settings {
        broadcast_delay_minutes: too_long,
        ..swiss()
    };
    assert!(matches!(
        fresh.apply(&arbiter(EventKind::Created { settings })),
        Err(Refusal::BroadcastDelayTooLong { .. })
    ));
}

#[test]
fn the_setting_and_its_change_replay_from_the_log_as_json() {
    let log = [
        arbiter(EventKind::Created {
            settings: Settings {
                broadcast_delay_minutes: 15,
                ..swiss()
            },
        }),
        arbiter(EventKind::BroadcastDelaySet { minutes: 30 }),
    ];
    let json = serde_json::to_string(&log).unwrap();
    assert!(json.contains(r#""kind":"broadcast_delay_set","minutes":30"#));
    let read: Vec<_> = serde_json::from_str(&json).unwrap();
    let t = Director::replay(&read).unwrap();
    assert_eq!(t.broadcast_delay(), BroadcastDelay { minutes: 30 });
}

#[test]
fn settings_without_a_delay_are_written_as_before() {
    let json = serde_json::to_string(&swiss()).unwrap();
    assert!(!json.contains("broadcast_delay"), "{json}");
}

#[test]
fn the_public_sees_the_moves_older_than_the_delay() {
    let delay = BroadcastDelay::INCREASED_PROTECTION;
    let played = [0, MINUTE, 10 * MINUTE, 16 * MINUTE];
    assert_eq!(delay.public_plies(&played, false, 14 * MINUTE), 0);
    assert_eq!(delay.public_plies(&played, false, 15 * MINUTE), 1);
    assert_eq!(delay.public_plies(&played, false, 25 * MINUTE - 1), 2);
    assert_eq!(delay.public_plies(&played, false, 25 * MINUTE), 3);
    assert_eq!(delay.public_plies(&played, false, 31 * MINUTE), 4);
}

#[test]
fn a_finished_game_is_public_at_once() {
    let delay = BroadcastDelay::INCREASED_PROTECTION;
    let played = [0, MINUTE, 2 * MINUTE];
    assert_eq!(delay.public_plies(&played, true, 2 * MINUTE), 3);
}

#[test]
fn without_a_delay_every_move_is_public() {
    let played = [0, MINUTE, 2 * MINUTE];
    assert_eq!(BroadcastDelay::NONE.public_plies(&played, false, 0), 3);
}

proptest! {
    /// The public part is a beginning of the game, never more than was
    /// played; it only grows as time passes; every ply in it is older than
    /// the delay and the first ply left out is not.
    #[test]
    fn the_public_part_is_a_beginning_that_grows_with_time(
        gaps in proptest::collection::vec(0..20 * MINUTE, 0..40),
        minutes in 0..60u32,
        now in 0..600 * MINUTE,
        later in 0..60 * MINUTE,
    ) {
        let played: Vec<i64> = gaps
            .iter()
            .scan(0, |t, gap| { *t += gap; Some(*t) })
            .collect();
        let delay = BroadcastDelay { minutes };
        let public = delay.public_plies(&played, false, now);
        if delay.is_none() {
            prop_assert_eq!(public, played.len());
        }
        prop_assert!(public <= played.len());
        prop_assert!(delay.is_none() || played[..public].iter().all(|&at| now - at >= delay.ms()));
        if let Some(&next) = played.get(public) {
            prop_assert!(now - next < delay.ms());
        }
        prop_assert!(delay.public_plies(&played, false, now + later) >= public);
        prop_assert_eq!(delay.public_plies(&played, true, now), played.len());
    }
}
