//! A player that can take no further part in a game: an engine that
//! crashed, stopped answering, could not be started, or made an illegal
//! move it cannot take back. The match runner tells the referee so, and the
//! referee rules: a loss, or a draw if the opponent cannot mate where the
//! ruleset saves that case.

mod common;
use arbiter_referee::{Actor, Event, EventKind, ForfeitCause, Game, GameSetup, Termination};
use arbiter_rules::Color;
use common::{ending_in_english, run};

#[test]
fn fide_7_5_5_an_engines_illegal_move_is_final_and_loses() {
    let game = run("
        setup mode=online
        0      arbiter start
        1000   white   move e2e4
        2000   arbiter forfeit black illegal-move
        end    1-0 illegal_moves FIDE 7.5.5
        ");
    let message = game.outcome().unwrap().ruling.message();
    assert_eq!(
        message.text("en"),
        "Black made an illegal move, which a program cannot take back: Black loses the game"
    );
    assert_eq!(
        message.text("zh"),
        "黑方走出违例着法（程序无法悔棋）：黑方判负"
    );
}

#[test]
fn the_illegal_move_is_ruled_under_the_rulesets_own_rule() {
    // Blitz: an illegal move loses on the first claim (FIDE A.5.2).
    run("
        setup mode=online ruleset=fide-blitz tc=180+2
        0      arbiter start
        1000   white   move e2e4
        2000   arbiter forfeit black illegal-move
        end    1-0 illegal_moves FIDE A.5.2
        ");
}

#[test]
fn fide_12_9_a_crashed_engine_loses_by_the_arbiters_decision() {
    // Both sides moved first: a game one side never moved in is unplayed
    // (below).
    for cause in ["crashed", "stopped-answering", "not-started"] {
        let game = run(&format!(
            "
            setup mode=online
            0      arbiter start
            1000   white   move e2e4
            2000   black   move e7e5
            3000   arbiter forfeit white {cause}
            end    0-1 arbiter_decision FIDE 12.9
            "
        ));
        assert!(
            ending_in_english(&game).ends_with("White loses the game"),
            "{cause}"
        );
    }
}

#[test]
fn an_engine_that_never_moved_forfeits_an_unplayed_game() {
    // Issue 33: the arbiter's decision on a game one side never moved in
    // names it unplayed; the ruling keeps its rule.
    run("
        setup mode=online
        0      arbiter start
        1000   arbiter forfeit white not-started
        end    0-1 unplayed FIDE 12.9
        ");
}

#[test]
fn an_opponent_who_cannot_mate_draws_instead() {
    // Black has a bare king: it cannot mate whatever White does.
    let fen = "4k3/8/8/8/8/8/8/Q3K3_w_-_-_0_1";
    let game = run(&format!(
        "
        setup mode=online fen={fen}
        0      arbiter start
        1000   arbiter forfeit white crashed
        end    1/2-1/2 arbiter_decision FIDE 12.9
        "
    ));
    assert_eq!(
        game.outcome().unwrap().ruling.message().text("en"),
        "White crashed or lost its connection, but the opponent cannot mate by any legal sequence: draw"
    );
    run(&format!(
        "
        setup mode=online fen={fen}
        0      arbiter start
        1000   arbiter forfeit white illegal-move
        end    1/2-1/2 illegal_moves_opponent_cannot_mate FIDE 7.5.5
        "
    ));
}

#[test]
fn the_classic_rules_do_not_save_an_illegal_move_by_the_opponents_bare_king() {
    let game = run("
        setup mode=online ruleset=classic fen=4k3/8/8/8/8/8/8/Q3K3_w_-_-_0_1
        0      arbiter start
        1000   arbiter forfeit white illegal-move
        end    0-1 illegal_moves classic: 送王
        ");
    assert_eq!(
        game.outcome().unwrap().termination,
        Termination::IllegalMoves
    );
}

#[test]
fn only_the_arbiter_says_so_and_only_in_a_started_game() {
    let forfeit = EventKind::Forfeit {
        side: Color::White,
        cause: ForfeitCause::Crashed,
    };
    let mut game = Game::new(GameSetup::default()).unwrap();
    let early = game.apply(Event::new(Actor::Arbiter, 0, forfeit.clone()));
    assert!(!early.is_accepted(), "{early:?}");
    game.apply(Event::new(Actor::Arbiter, 0, EventKind::Start));
    let by_a_player = game.apply(Event::new(Actor::Black, 10, forfeit.clone()));
    assert!(!by_a_player.is_accepted(), "{by_a_player:?}");
    assert!(game.outcome().is_none());
    assert!(
        game.apply(Event::new(Actor::Arbiter, 20, forfeit))
            .is_accepted()
    );
    assert_eq!(game.result(), arbiter_referee::GameResult::BlackWins);
}
