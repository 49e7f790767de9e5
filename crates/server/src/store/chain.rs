//! The hash chain that seals each game's record (and each tournament's).
//!
//! The first link is the digest of the game's id and setup; each event's
//! link is the digest of the link before it and the event's stored JSON.
//! Changing, inserting, removing or reordering anything changes every link
//! after it, so `arbiter verify` finds the first place a record was altered.

use arbiter_tlog::record;

use super::Damage;

/// One link of the chain: a SHA-256 digest in hexadecimal (the formulas
/// are arbiter-tlog's `record`, which the log's leaves and proofs share).
pub type Link = record::Link;

/// The link before the first event: it seals the id and the setup.
pub fn genesis(game_id: &str, setup_json: &str) -> Link {
    record::game_genesis(game_id, setup_json)
}

/// The link before a tournament's first event (its creation, which holds
/// the settings): it seals the id.
pub fn tournament_genesis(tournament_id: &str) -> Link {
    record::tournament_genesis(tournament_id)
}

/// The link of an event stored as `event_json` after `previous`.
pub fn next(previous: &str, event_json: &str) -> Link {
    record::next_link(previous, event_json)
}

/// Follows a stored chain from `genesis` through `events` (each its seq,
/// its stored JSON and its link): the last link, or where the chain first
/// fails, the seq of the first event missing or whose link does not follow
/// (`broken` says which chain), and what is wrong.
pub fn follow<'a>(
    genesis: Link,
    events: impl IntoIterator<Item = (i64, &'a str, &'a str)>,
    broken: Damage,
) -> Result<Link, (i64, Damage)> {
    follow_from(genesis, 0, events, broken)
}

/// Follows a stored chain on from `link`, the link of the event before
/// `first` (a copy of a log brought up to date), as [`follow`] does.
pub fn follow_from<'a>(
    link: Link,
    first: i64,
    events: impl IntoIterator<Item = (i64, &'a str, &'a str)>,
    broken: Damage,
) -> Result<Link, (i64, Damage)> {
    let mut link = link;
    for (i, (seq, event_json, hash)) in events.into_iter().enumerate() {
        let expected = first + i as i64;
        if seq != expected {
            let missing = Damage::EventMissing {
                event: expected,
                found: seq,
            };
            return Err((seq, missing));
        }
        link = next(&link, event_json);
        if link != hash {
            return Err((seq, broken));
        }
    }
    Ok(link)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_changed_event_changes_its_link_and_the_setup_seals_the_start() {
        let g = genesis("abc", "{}");
        assert_ne!(g, genesis("abc", r#"{"event":"x"}"#));
        assert_ne!(g, genesis("abd", "{}"));
        let a = next(
            &g,
            r#"{"actor":"white","at_ms":1,"kind":"move","move":"e4"}"#,
        );
        let b = next(
            &g,
            r#"{"actor":"white","at_ms":1,"kind":"move","move":"d4"}"#,
        );
        assert_ne!(a, b);
        assert_eq!(a.len(), 64);
    }

    #[test]
    fn a_chain_is_followed_to_its_end_or_to_its_first_gap_or_broken_link() {
        let g = genesis("abc", "{}");
        let one = next(&g, "1");
        let two = next(&one, "2");
        let whole = [(0, "1", one.as_str()), (1, "2", two.as_str())];
        assert_eq!(
            follow(g.clone(), whole, Damage::ChainBroken),
            Ok(two.clone())
        );
        let gap = [(0, "1", one.as_str()), (2, "2", two.as_str())];
        assert_eq!(
            follow(g.clone(), gap, Damage::ChainBroken),
            Err((2, Damage::EventMissing { event: 1, found: 2 }))
        );
        let altered = [(0, "1", one.as_str()), (1, "3", two.as_str())];
        assert_eq!(
            follow(g, altered, Damage::GameChainBroken),
            Err((1, Damage::GameChainBroken))
        );
    }
}
