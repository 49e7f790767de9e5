//! When a pushed game is a game the round has, by lichess's rule (lila's
//! relay, `RelayUpdatePlan.isSameGameBasedOnTags`): the same `GameId`;
//! else the same `Event` and `Site`, the same round number and board
//! number (`Round "N.B"`, or a `Board` tag), and the same players: by
//! their FIDE ids when both games have both, else by their names.
//! lila's second guess, a game whose board was renumbered but whose last
//! common move leads to the same position, is not made: Arbiter's rounds
//! keep their boards.

use arbiter_pgn::Tags;

/// `a` and `b` are the same game of a broadcast.
pub fn same_game(a: &Tags, b: &Tags) -> bool {
    if let (Some(x), Some(y)) = (a.get("GameId"), b.get("GameId"))
        && x == y
    {
        return true;
    }
    let same = |tag: &str| a.get(tag) == b.get(tag);
    same("Event")
        && same("Site")
        && round_number(a) == round_number(b)
        && board_number(a) == board_number(b)
        && same_players(a, b)
}

fn same_players(a: &Tags, b: &Tags) -> bool {
    const FIDE_IDS: [&str; 2] = ["WhiteFideId", "BlackFideId"];
    let has_fide_ids = |t: &Tags| {
        FIDE_IDS
            .iter()
            .all(|id| t.get(id).is_some_and(|v| v != "0"))
    };
    if has_fide_ids(a) && has_fide_ids(b) {
        FIDE_IDS.iter().all(|id| a.get(id) == b.get(id))
    } else {
        a.get("White") == b.get("White") && a.get("Black") == b.get("Black")
    }
}

/// `N` of `Round "N.B"` (or of `Round "N"`).
fn round_number(tags: &Tags) -> Option<u32> {
    tags.get("Round")?.split('.').next()?.trim().parse().ok()
}

/// The `Board` tag, else `B` of `Round "N.B"`.
fn board_number(tags: &Tags) -> Option<u32> {
    tags.get("Board")
        .and_then(|b| b.trim().parse().ok())
        .or_else(|| tags.get("Round")?.split('.').nth(1)?.trim().parse().ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tags(pairs: &[(&str, &str)]) -> Tags {
        pairs.iter().copied().collect()
    }

    const BOARD: [(&str, &str); 7] = [
        ("Event", "Open"),
        ("Site", "Oslo"),
        ("Round", "3.2"),
        ("White", "Carlsen, Magnus"),
        ("Black", "Caruana, Fabiano"),
        ("WhiteFideId", "1503014"),
        ("BlackFideId", "2020009"),
    ];

    fn changed(name: &str, value: &str) -> Tags {
        let mut t = tags(&BOARD);
        t.insert(name, value);
        t
    }

    #[test]
    fn a_game_id_makes_the_same_game_whatever_the_other_tags_say() {
        let a = tags(&[("GameId", "x1"), ("Round", "1.1"), ("White", "A")]);
        let b = tags(&[("GameId", "x1"), ("Round", "7.4"), ("White", "B")]);
        assert!(same_game(&a, &b));
    }

    #[test]
    fn without_game_ids_the_event_round_board_and_players_decide() {
        let board = tags(&BOARD);
        assert!(same_game(&board, &board));
        // FIDE ids on both sides: the names may be written otherwise.
        assert!(same_game(&board, &changed("White", "Magnus Carlsen")));
        assert!(!same_game(&board, &changed("WhiteFideId", "1")));
        // Without them on one side, the names.
        let mut nameless = tags(&BOARD);
        nameless.remove("BlackFideId");
        assert!(same_game(&board, &nameless));
        nameless.insert("White", "Magnus Carlsen");
        assert!(!same_game(&board, &nameless));
        for (tag, value) in [
            ("Round", "3.1"),
            ("Round", "4.2"),
            ("Event", "Closed"),
            ("Site", "Bergen"),
        ] {
            assert!(!same_game(&board, &changed(tag, value)), "{tag} {value}");
        }
        // A `Board` tag is the board's number.
        let mut numbered = changed("Round", "3");
        numbered.insert("Board", "2");
        assert!(same_game(&board, &numbered));
    }

    #[test]
    fn different_game_ids_fall_back_to_the_tags() {
        let a = changed("GameId", "x1");
        assert!(same_game(&a, &changed("GameId", "x2")));
        assert!(!same_game(&a, &changed("Round", "3.3")));
    }
}
