//! Open challenges in the store, on whichever backend the tests run on:
//! what one connection keeps, another (as another node would) reads, and
//! what that one closes is closed for both.

use arbiter_rules::Color;

use super::{Challenge, Store, test_db};

#[tokio::test]
async fn an_open_challenge_is_seen_and_closed_through_any_connection_to_the_database() {
    let dir = tempfile::tempdir().unwrap();
    let here = Store::open(test_db::database(dir.path())).await.unwrap();
    let alice = here
        .add_account("Alice", "alice-token", false)
        .await
        .unwrap();
    let bob = here.add_account("Bob", "bob-token", true).await.unwrap();
    let made = Challenge {
        id: "c0ffee12".to_string(),
        challenger: alice,
        dest: bob,
        clock: Some((180, 2)),
        color: "black".to_string(),
        final_color: Color::Black,
        fen: Some("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1".to_string()),
        created_unix_ms: 1_700_000_000_000,
    };
    here.open_challenge(&made).await.unwrap();

    let there = Store::open(test_db::database(dir.path())).await.unwrap();
    let seen = there.challenge("c0ffee12").await.unwrap().expect("stored");
    assert_eq!(seen.challenger.name(), "Alice");
    assert!(!seen.challenger.is_bot());
    assert_eq!(seen.dest.name(), "Bob");
    assert!(seen.dest.is_bot());
    assert_eq!(seen.clock, Some((180, 2)));
    assert_eq!(seen.color, "black");
    assert_eq!(seen.final_color, Color::Black);
    assert_eq!(seen.fen, made.fen);
    assert_eq!(seen.created_unix_ms, made.created_unix_ms);
    let (incoming, outgoing) = there.challenges_of("Bob").await.unwrap();
    assert_eq!((incoming.len(), outgoing.len()), (1, 0));
    let (incoming, outgoing) = there.challenges_of("alice").await.unwrap();
    assert_eq!((incoming.len(), outgoing.len()), (0, 1));

    // Of two takes, one finds it open; then it is gone for both.
    assert!(there.take_challenge("c0ffee12").await.unwrap());
    assert!(!there.take_challenge("c0ffee12").await.unwrap());
    there.close().await;
    assert!(here.challenge("c0ffee12").await.unwrap().is_none());
    assert!(!here.take_challenge("c0ffee12").await.unwrap());
    here.close().await;
}
