//! Admission is the fold's: a registration by anyone but the arbiter is
//! applied only with the event's entry code and from its allow list, so a
//! way in that forgot to ask (or a log edited to skip it) is refused
//! there, not only by the service that asked first.

mod events;
use events::event;

use arbiter_tournament::director::{Director, Event, EventKind, Refusal, Registration, Settings};

/// A Swiss created by `arbiter` with an entry code and, when given, an
/// allow list.
fn event_with(code: Option<&str>, allowed: &[&str]) -> Director {
    let mut settings = Settings::swiss("Club Open", 5, "300+3".parse().unwrap());
    settings.entry_code = code.map(str::to_string);
    settings.allowed_accounts = allowed.iter().map(|a| a.to_string()).collect();
    let mut t = Director::default();
    t.apply(&event("arbiter", EventKind::Created { settings }))
        .unwrap();
    t
}

/// `account` enters himself, giving `code`.
fn joins(account: &str, code: Option<&str>) -> Event {
    event(
        account,
        EventKind::Registered {
            player: Registration {
                name: account.to_uppercase(),
                account: Some(account.into()),
                ..Registration::default()
            },
            entry_code: code.map(str::to_string),
        },
    )
}

#[test]
fn a_player_who_enters_himself_gives_the_entry_code_to_the_fold() {
    let mut t = event_with(Some("knight"), &[]);
    assert_eq!(t.apply(&joins("alice", None)), Err(Refusal::WrongEntryCode));
    assert_eq!(
        t.apply(&joins("alice", Some("bishop"))),
        Err(Refusal::WrongEntryCode)
    );
    assert!(t.players().is_empty(), "a refusal changes nothing");
    t.apply(&joins("alice", Some("knight"))).unwrap();
    // The code as typed, with the spaces a copied link brings.
    t.apply(&joins("bob", Some(" knight "))).unwrap();
    assert_eq!(t.players().len(), 2);
}

#[test]
fn the_arbiter_enters_anyone_without_the_code_or_the_list() {
    let mut t = event_with(Some("knight"), &["alice"]);
    let bob = Registration {
        name: "Bob".into(),
        account: Some("bob".into()),
        ..Registration::default()
    };
    let by_hand = EventKind::Registered {
        player: bob,
        entry_code: None,
    };
    t.apply(&event("arbiter", by_hand)).unwrap();
    assert_eq!(t.players().len(), 1);
}

#[test]
fn an_allow_list_admits_only_its_accounts_and_only_with_one() {
    let mut t = event_with(None, &["alice"]);
    assert_eq!(
        t.apply(&joins("bob", None)),
        Err(Refusal::NotOnAllowList {
            account: "bob".into()
        })
    );
    // Without an account, nobody can tell he is on it.
    let anonymous = Registration {
        name: "Carol".into(),
        ..Registration::default()
    };
    assert_eq!(
        t.may_enter("", &anonymous, None),
        Err(Refusal::AllowListNeedsAccount)
    );
    // Compared without case, as lichess compares user names.
    t.apply(&joins("ALICE", None)).unwrap();
}

#[test]
fn nobody_but_the_arbiter_enters_another_account() {
    let mut t = event_with(None, &[]);
    let alice = Registration {
        name: "Alice".into(),
        account: Some("alice".into()),
        ..Registration::default()
    };
    let kind = EventKind::Registered {
        player: alice,
        entry_code: None,
    };
    assert_eq!(
        t.apply(&event("mallory", kind.clone())),
        Err(Refusal::EntersOnlyHimself)
    );
    t.apply(&event("alice", kind)).unwrap();
}

#[test]
fn may_enter_asks_what_the_fold_will_check() {
    let t = event_with(Some("knight"), &["alice"]);
    let alice = Registration {
        name: "Alice".into(),
        account: Some("alice".into()),
        ..Registration::default()
    };
    assert_eq!(t.may_enter("alice", &alice, Some("knight")), Ok(()));
    assert_eq!(
        t.may_enter("alice", &alice, None),
        Err(Refusal::WrongEntryCode)
    );
    let unnamed = Registration {
        account: Some("alice".into()),
        ..Registration::default()
    };
    assert_eq!(
        t.may_enter("alice", &unnamed, Some("knight")),
        Err(Refusal::UnnamedPlayer)
    );
}

#[test]
fn a_log_whose_entry_skipped_the_code_is_refused_where_it_did() {
    let settings = {
        let mut s = Settings::swiss("Club Open", 5, "300+3".parse().unwrap());
        s.entry_code = Some("knight".into());
        s
    };
    let log = [
        event("arbiter", EventKind::Created { settings }),
        joins("alice", Some("knight")),
        joins("bob", None),
    ];
    assert_eq!(
        Director::replay(&log).err(),
        Some((2, Refusal::WrongEntryCode))
    );
    // The code given is kept in the log, so the entry replays.
    let line = serde_json::to_string(&log[1]).unwrap();
    assert!(line.contains(r#""entry_code":"knight""#), "{line}");
    let read: Event = serde_json::from_str(&line).unwrap();
    assert_eq!(read, log[1]);
    assert_eq!(Director::replay(&log[..2]).unwrap().players().len(), 1);
}
