//! The referee's reasons and the catalogues agree: every key the referee
//! uses has words in every language, and no catalogue keeps words for a
//! reason the referee no longer gives.

use arbiter_messages::{Localized, Message, catalogues, english};
use arbiter_referee::{Infraction, Reason};
use arbiter_rules::{Color, Square};

#[test]
fn every_reason_has_words_in_every_catalogue() {
    for catalogue in catalogues() {
        for key in Reason::KEYS {
            assert!(
                catalogue.template(key).is_some(),
                "{}: no entry for {key}",
                catalogue.language()
            );
        }
    }
}

#[test]
fn the_catalogues_have_no_referee_key_the_referee_does_not_use() {
    for key in english().keys().filter(|k| k.starts_with("referee-")) {
        assert!(Reason::KEYS.contains(&key), "{key} is not a Reason");
    }
}

#[test]
fn arguments_are_put_into_words_in_each_language() {
    let e4: Square = "e4".parse().unwrap();
    let reason = Reason::NoneTouchedCanMove {
        squares: vec![e4, "d5".parse().unwrap()],
    };
    let message = Message::of(&reason);
    assert_eq!(
        message.text("en"),
        "none of the pieces touched (e4, d5) can be moved or captured: any legal move may be made"
    );
    assert_eq!(
        message.text("zh"),
        "所摸的棋子（e4、d5）都无法走动或被吃，可以另走别的着法"
    );
    let lost = Reason::InfractionLoses {
        what: Infraction::KingExposure,
        count: 2,
    };
    assert_eq!(Message::of(&lost).text("zh"), "第 2 次送王：判负");
    let over = Reason::GameIsOver {
        result: arbiter_referee::GameResult::BlackWins,
        outcome: Box::new(Reason::Resigns { side: Color::White }),
    };
    assert_eq!(over.key(), "referee-game-over");
    assert_eq!(
        Message::of(&over).text("en"),
        "the game is over (0-1): White resigns"
    );
    assert_eq!(Message::of(&over).text("zh"), "对局已结束（0-1）：白方认输");
}

#[test]
fn every_way_a_game_ends_has_a_name_in_every_catalogue() {
    use arbiter_referee::Termination;
    let mut keys: Vec<&str> = Termination::ALL.iter().map(|t| t.key()).collect();
    keys.sort_unstable();
    keys.dedup();
    assert_eq!(keys.len(), Termination::ALL.len(), "two ways share a key");
    for catalogue in catalogues() {
        for termination in Termination::ALL {
            let name = catalogue.word(termination.key());
            assert_ne!(name, termination.key(), "{}", catalogue.language());
        }
    }
    for key in english().keys().filter(|k| k.starts_with("termination-")) {
        assert!(keys.contains(&key), "{key} names no way a game ends");
    }
    assert_eq!(
        english().word(Termination::SeventyFiveMoves.key()),
        "75-move rule"
    );
    let zh = arbiter_messages::catalogue("zh").unwrap();
    assert_eq!(zh.word(Termination::Checkmate.key()), "将死");
}
