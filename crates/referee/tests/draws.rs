//! LAWS.md, "Threefold repetition", "Fifty moves", "Wrong claim", "Draw
//! offer", "Perpetual check".

mod common;
use common::run;

const KNIGHTS_TWICE: &str = "
    10   white   move Nf3
    20   black   move Nf6
    30   white   move Ng1
    40   black   move Ng8
    50   white   move Nf3
    60   black   move Nf6
    70   white   move Ng1
";

#[test]
fn fide_9_2_1_threefold_claimed_on_the_position_on_the_board() {
    run(&format!(
        "
        0    arbiter start
        {KNIGHTS_TWICE}
        80   black   move Ng8
        90   white   claim threefold  => ok
        end  1/2-1/2 threefold_claimed FIDE 9.2.1
    "
    ));
}

#[test]
fn fide_9_2_1_1_threefold_claimed_by_declaring_the_move() {
    let game = run(&format!(
        "
        0    arbiter start
        {KNIGHTS_TWICE}
        80   black   claim threefold Ng8
        end  1/2-1/2 threefold_claimed FIDE 9.2.1
    "
    ));
    assert_eq!(
        game.plies().last().unwrap().san,
        "Ng8",
        "the declared move is written"
    );
}

#[test]
fn fide_9_5_wrong_claim_adds_two_minutes_and_the_declared_move_is_played() {
    let game = run(&format!(
        "
        setup tc=5400+30
        0    arbiter start
        {KNIGHTS_TWICE}
        80   black   claim threefold Nc6  => cites FIDE 9.5.3
        90   white   move e4
        end  *
    "
    ));
    assert_eq!(game.plies()[7].san, "Nc6", "the declared move was played");
    // White: 5400 s, 4 moves of 10 ms with +30 s each, +120 s for the wrong claim.
    let clocks = game.clock_at(90);
    assert_eq!(clocks.white_ms, 5_400_000 + 5 * 30_000 + 120_000 - 50);
}

#[test]
fn fide_9_1_2_3_a_claim_counts_as_a_draw_offer() {
    run(&format!(
        "
        0    arbiter start
        {KNIGHTS_TWICE}
        80   black   claim threefold Nc6  => cites FIDE 9.1.2.3
        90   white   accept
        end  1/2-1/2 agreement FIDE 9.1.2
    "
    ));
}

#[test]
fn rapid_wrong_claim_adds_one_minute() {
    let game = run(&format!(
        "
        setup ruleset=fide-rapid tc=900+10
        0    arbiter start
        {KNIGHTS_TWICE}
        80   black   claim threefold      => cites FIDE 9.5.3
    "
    ));
    assert_eq!(
        game.clock_at(80).white_ms,
        900_000 + 4 * 10_000 + 60_000 - 40
    );
}

#[test]
fn fide_9_4_touching_a_piece_loses_the_right_to_claim() {
    run("
        setup mode=otb
        0    arbiter start
        10   white   move Nf3
        20   black   move Nf6
        30   white   move Ng1
        40   black   move Ng8
        50   white   move Nf3
        60   black   move Nf6
        70   white   move Ng1
        80   black   touch f6
        90   black   claim threefold Ng8  => rejected FIDE 9.4
        100  black   release f6 g8
        110  black   press
        end  *
    ");
}

#[test]
fn fide_9_6_1_fivefold_ends_the_game_by_itself() {
    run(&format!(
        "
        0    arbiter start
        {KNIGHTS_TWICE}
        80   black   move Ng8
        90   white   move Nf3
        100  black   move Nf6
        110  white   move Ng1
        120  black   move Ng8
        130  white   move Nf3
        140  black   move Nf6
        150  white   move Ng1
        160  black   move Ng8     => cites FIDE 9.6.1
        end  1/2-1/2 fivefold FIDE 9.6.1
        170  white   move e4      => rejected FIDE 9.6.1
    "
    ));
}

#[test]
fn classic_threefold_is_a_draw_by_itself() {
    run(&format!(
        "
        setup ruleset=classic
        0    arbiter start
        {KNIGHTS_TWICE}
        80   black   move Ng8
        end  1/2-1/2 threefold classic: 三次重复
    "
    ));
}

#[test]
fn classic_claims_are_refused_without_penalty() {
    let game = run(&format!(
        "
        setup ruleset=classic tc=5400
        0    arbiter start
        {KNIGHTS_TWICE}
        80   black   claim threefold Nc6  => rejected classic: 三次重复
    "
    ));
    assert_eq!(game.clock_at(80).white_ms, 5_400_000 - 40);
}

#[test]
fn classic_perpetual_check_is_named() {
    run("
        setup ruleset=classic fen=6k1/5p1p/6p1/4Q3/8/8/q5PP/7K_w_-_-_0_1
        0    arbiter start
        10   white   move Qe8+
        20   black   move Kg7
        30   white   move Qe5+
        40   black   move Kg8
        50   white   move Qe8+
        60   black   move Kg7
        70   white   move Qe5+
        80   black   move Kg8
        end  1/2-1/2 perpetual_check classic: 长将和
    ");
}

#[test]
fn fide_perpetual_check_has_no_rule_of_its_own() {
    run("
        setup fen=6k1/5p1p/6p1/4Q3/8/8/q5PP/7K_w_-_-_0_1
        0    arbiter start
        10   white   move Qe8+
        20   black   move Kg7
        30   white   move Qe5+
        40   black   move Kg8
        50   white   move Qe8+
        60   black   move Kg7
        70   white   move Qe5+
        80   black   move Kg8
        end  *
        90   white   claim threefold
        end  1/2-1/2 threefold_claimed FIDE 9.2.1
    ");
}

#[test]
fn fide_9_3_fifty_moves_claimed_by_the_player_to_move() {
    run("
        setup fen=8/8/8/4k3/8/8/R7/4K3_w_-_-_98_80
        0    arbiter start
        10   white   claim fifty          => cites FIDE 9.5.3
        20   white   move Ra3
        30   black   claim fifty          => cites FIDE 9.5.3
        40   black   move Kd5
        50   white   claim fifty
        end  1/2-1/2 fifty_moves_claimed FIDE 9.3
    ");
}

#[test]
fn fide_9_3_fifty_moves_claimed_by_declaring_the_move() {
    run("
        setup fen=8/8/8/4k3/8/8/R7/4K3_w_-_-_99_80
        0    arbiter start
        10   white   claim fifty Ra3
        end  1/2-1/2 fifty_moves_claimed FIDE 9.3
    ");
}

#[test]
fn fide_9_6_2_seventy_five_moves_end_the_game_by_themselves() {
    run("
        setup fen=8/8/8/4k3/8/8/R7/4K3_w_-_-_149_120
        0    arbiter start
        10   white   move Ra3
        end  1/2-1/2 seventy_five_moves FIDE 9.6.2
    ");
}

#[test]
fn fide_9_6_2_mate_on_the_seventy_fifth_move_takes_precedence() {
    run("
        setup fen=7k/8/6K1/8/8/8/8/R7_w_-_-_149_120
        0    arbiter start
        10   white   move Ra8#
        end  1-0 checkmate FIDE 5.1.1
    ");
}

#[test]
fn classic_fifty_moves_is_a_draw_by_itself() {
    run("
        setup ruleset=classic fen=8/8/8/4k3/8/8/R7/4K3_w_-_-_99_80
        0    arbiter start
        10   white   move Ra3
        end  1/2-1/2 fifty_moves classic: 50回合
    ");
}

#[test]
fn fide_9_1_2_1_offer_with_the_move_then_accepted() {
    let game = run("
        0    arbiter start
        10   white   move e4
        20   black   move e5
        30   white   move Nf3 offer   => cites FIDE 9.1.2.1
        40   black   accept
        end  1/2-1/2 agreement FIDE 9.1.2
    ");
    assert!(
        game.plies()[2].offered_draw,
        "the offer is noted on the scoresheet"
    );
}

#[test]
fn fide_9_1_2_1_a_draw_offer_made_before_moving_still_counts() {
    let game = run("
        setup mode=otb
        0    arbiter start
        10   white   move e4
        20   black   move e5
        30   white   offer        => cites FIDE 9.1.2.1
    ");
    let v = &game.events();
    assert_eq!(v.len(), 4);
    assert_eq!(game.pending_offer(), Some(arbiter_rules::Color::White));
    run("
        setup mode=otb
        0    arbiter start
        10   white   move e4
        20   black   move e5
        30   white   offer
        40   black   accept
        end  1/2-1/2 agreement FIDE 9.1.2
    ");
}

#[test]
fn fide_9_1_2_1_an_offer_lapses_when_the_opponent_touches_a_piece() {
    run("
        setup mode=otb
        0    arbiter start
        10   white   move e4
        20   black   move e5
        30   white   release g1 f3
        31   white   offer
        32   white   press
        40   black   touch b8     => cites FIDE 9.1.2.1
        50   black   accept       => rejected FIDE 9.1.2.1
        60   black   release b8 c6
        70   black   press
        end  *
    ");
}

#[test]
fn fide_9_1_2_1_an_offer_cannot_be_withdrawn_or_repeated() {
    run("
        0    arbiter start
        10   white   move e4
        20   black   move e5
        30   white   move Nf3 offer
        40   white   offer        => rejected FIDE 9.1.2.1
        50   black   decline
        60   black   move Nc6
        70   white   move Bb5 offer  # FIDE allows a new offer (11.5 for excess)
        80   black   accept
        end  1/2-1/2 agreement FIDE 9.1.2
    ");
}

#[test]
fn fide_5_2_3_no_draw_before_both_players_have_moved() {
    run("
        0    arbiter start
        10   white   move e4 offer    => cites FIDE 5.2.3
        20   black   accept           => rejected FIDE 9.1.2.1
        30   black   offer            => rejected FIDE 5.2.3
        40   black   move e5
        50   white   offer
        60   black   accept
        end  1/2-1/2 agreement FIDE 9.1.2
    ");
    // Black's first move completes the condition: an offer with it stands.
    run("
        0    arbiter start
        10   white   move e4
        20   black   move e5 offer    => cites FIDE 9.1.2.1
        30   white   accept
        end  1/2-1/2 agreement FIDE 9.1.2
    ");
}

#[test]
fn classic_a_declined_player_may_not_offer_again_until_the_opponent_offers() {
    run("
        setup ruleset=classic
        0    arbiter start
        10   white   move e4 offer    # classic allows an offer at once
        20   black   decline
        30   black   move e5
        40   white   move Nf3 offer   => cites classic: 提议和棋
        50   white   offer            => rejected classic: 提议和棋
        60   black   move Nc6 offer   # black offers: white's right returns
        70   white   decline
        80   white   move Bb5 offer
        90   black   accept
        end  1/2-1/2 agreement classic: 提议和棋
    ");
}

#[test]
fn classic_declining_by_moving_also_counts() {
    run("
        setup ruleset=classic
        0    arbiter start
        10   white   move e4 offer
        20   black   move e5          # declines by moving
        30   white   offer            => rejected classic: 提议和棋
    ");
}

#[test]
fn fide_9_2_1_2_the_opponent_claims_on_the_position_a_released_move_made() {
    // White's Ng1 is made when released (4.7): from then Black has the
    // move (1.3) and may claim on the position that has just appeared.
    let game = run("
        setup mode=otb tc=5400+30
        0    arbiter start
        10   white   move Nf3
        20   black   move Nf6
        30   white   move Ng1
        40   black   move Ng8
        50   white   move Nf3
        60   black   move Nf6
        70   white   move Ng1
        80   black   move Ng8
        90   white   release g1 f3
        95   white   claim threefold     => rejected FIDE 9.4
        100  black   claim threefold     => cites FIDE 9.2.1
        end  1/2-1/2 threefold_claimed FIDE 9.2.1
    ");
    let last = game.plies().last().unwrap();
    assert_eq!((last.san.as_str(), last.at_ms), ("Nf3", 100));
}

#[test]
fn fide_9_5_3_a_wrong_claim_on_a_released_move_gives_the_mover_time_and_he_still_presses() {
    let game = run("
        setup mode=otb tc=5400+30
        0    arbiter start
        10   white   move Nf3
        20   black   move Nf6
        30   white   release f3 g1
        40   black   claim threefold     => cites FIDE 9.5.3
        50   black   claim threefold Ng8 => rejected FIDE 9.2.1.1
        60   white   press
    ");
    assert_eq!(game.pending_offer(), Some(arbiter_rules::Color::Black));
    assert_eq!(game.plies().len(), 3);
    // White: 5400 s, less 10 + 40 ms thinking, +30 s twice, +120 s for
    // Black's wrong claim.
    assert_eq!(
        game.clock_at(60).white_ms,
        5_400_000 - 50 + 60_000 + 120_000
    );
}

#[test]
fn fide_9_1_2_2_an_offer_made_between_the_release_and_the_press_is_not_declined_by_the_press() {
    let game = run("
        setup mode=otb
        0    arbiter start
        10   white   move e4
        20   black   move e5
        30   white   release g1 f3
        40   black   offer               => cites FIDE 9.1.2.1
        50   white   press
        60   white   accept
        end  1/2-1/2 agreement FIDE 9.1.2
    ");
    assert_eq!(game.plies().len(), 3);
    // The same offer before White's release is declined by his move.
    run("
        setup mode=otb
        0    arbiter start
        10   white   move e4
        20   black   move e5
        25   black   offer
        30   white   release g1 f3       => cites FIDE 9.1.2.1
        50   white   press
        60   white   accept              => rejected FIDE 9.1.2.1
    ");
}

#[test]
fn fide_9_1_2_1_offering_between_one_s_release_and_press_is_the_right_moment() {
    run("
        setup mode=otb
        0    arbiter start
        10   white   move e4
        20   black   move e5
        30   white   release g1 f3
        35   white   offer               => cites FIDE 9.1.2.1
        40   white   touch b1            # the move is made: this touch declines nothing
        50   white   press
        60   black   accept
        end  1/2-1/2 agreement FIDE 9.1.2
    ");
}
