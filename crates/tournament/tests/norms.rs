//! Title norms (FIDE Title Regulations B.01, 2024, 1.4): one event per
//! requirement that can fail, and the norm found over the first rounds.

mod norm_events;

use arbiter_rules::PlayerResult::{self, Draw, Loss, Win};
use arbiter_tournament::Tournament;
use arbiter_tournament::norm::{NormOptions, NormTitle, Requirement, norms};
use norm_events::{event, with};

const SIX_AND_A_HALF: [PlayerResult; 9] = [Win, Draw, Draw, Win, Draw, Win, Win, Win, Loss];

fn gm(t: &Tournament) -> arbiter_tournament::norm::NormResult {
    let players = norms(t, &NormOptions::default());
    players[0]
        .titles
        .iter()
        .find(|r| r.title == NormTitle::Gm)
        .cloned()
        .unwrap()
}

fn missed(result: &arbiter_tournament::norm::NormResult) -> Vec<Requirement> {
    result.event.missed().cloned().collect()
}

#[test]
fn six_and_a_half_of_nine_against_ra_2444_is_a_gm_norm() {
    // 22000 / 9 = 2444.4 → 2444; 6.5 / 9 = 72 %, dp 166: Rp 2610 ≥ 2600.
    let result = gm(&event(&with(SIX_AND_A_HALF)));
    let norm = result.norm.expect("a GM norm");
    assert_eq!(
        (norm.assessment.average, norm.assessment.performance),
        (2444, 2610)
    );
    assert_eq!((norm.last_round, norm.counts_as, norm.rule), (9, 9, None));
    // The IM seeks no IM norm; a man no WGM or WIM norm.
    let players = norms(&event(&with(SIX_AND_A_HALF)), &NormOptions::default());
    assert_eq!(players[0].titles.len(), 1);
}

#[test]
fn a_performance_short_of_2600_says_the_points_that_would_have_made_it() {
    // 6 / 9 = 67 %, dp 125: Rp 2569 (1.4.8); 6.5 would have made it.
    let result = gm(&event(&with([
        Win, Draw, Draw, Win, Draw, Win, Win, Draw, Loss,
    ])));
    assert!(result.norm.is_none());
    assert_eq!(
        missed(&result),
        [Requirement::Performance {
            have: 2569,
            need: 2600,
            points: "6.5".into()
        }]
    );
    assert_eq!(missed(&result)[0].rule(), "FIDE B.01 1.4.8");
}

#[test]
fn more_than_three_fifths_from_the_own_federation_fails_1_4_4() {
    let mut field = with(SIX_AND_A_HALF);
    for opponent in &mut field[2..5] {
        opponent.2 = "CHN";
    }
    // Six of nine from CHN: at most 9 × 3/5 = 5.4, rounded down to 5.
    let result = gm(&event(&field));
    assert!(missed(&result).contains(&Requirement::OwnFederation { have: 6, most: 5 }));
}

#[test]
fn fewer_than_two_foreign_federations_fails_1_4_3() {
    let mut field = with(SIX_AND_A_HALF);
    for (i, opponent) in field.iter_mut().enumerate() {
        opponent.2 = if i < 5 { "RUS" } else { "CHN" };
    }
    let result = gm(&event(&field));
    let missed = missed(&result);
    assert!(missed.contains(&Requirement::ForeignFederations { have: 1, need: 2 }));
    // Five from RUS are within 2/3 (6), four from CHN within 3/5 (5).
    assert!(!missed.iter().any(|r| r.name() == "one_federation"));
}

#[test]
fn fewer_than_three_grandmasters_fails_1_4_5_b() {
    let mut field = with(SIX_AND_A_HALF);
    field[2].0 = "m";
    let result = gm(&event(&field));
    assert_eq!(
        missed(&result),
        [Requirement::Holders {
            title: "GM".into(),
            have: 2,
            need: 3
        }]
    );
}

#[test]
fn fewer_than_half_titled_fails_1_4_5_a() {
    let mut field = with(SIX_AND_A_HALF);
    field[3].0 = "c"; // a CM is no title-holder for 1.4.5 a
    field[4].0 = "";
    let result = gm(&event(&field));
    assert!(missed(&result).contains(&Requirement::Titled { have: 4, need: 5 }));
}

#[test]
fn eight_games_are_not_enough_and_a_low_average_fails_1_4_8_a() {
    let eight: Vec<_> = with(SIX_AND_A_HALF).into_iter().take(8).collect();
    let result = gm(&event(&eight));
    assert!(missed(&result).contains(&Requirement::Games { have: 8, need: 9 }));

    let mut weak = with([Win; 9]);
    for opponent in &mut weak[3..] {
        opponent.1 = 2250;
    }
    // (3 × 2550 + 6 × 2250) / 9 = 2350 < 2380, whatever the score.
    let result = gm(&event(&weak));
    assert!(missed(&result).contains(&Requirement::Average {
        have: 2350,
        need: 2380
    }));
}

#[test]
fn one_opponent_under_the_floor_is_raised_to_it() {
    // The 2350 ESP player replaced by an unrated one: 1400 counts as 2200
    // (1.4.6), so Ra is (22000 − 2350 + 2200) / 9 = 2427.8 → 2428.
    let mut field = with(SIX_AND_A_HALF);
    field[8].1 = 0;
    let result = gm(&event(&field));
    assert_eq!(result.event.average, 2428);
    assert_eq!(result.event.raised, Some(10));
    // A second one under the floor keeps his own rating.
    field[7].1 = 2100;
    let result = gm(&event(&field));
    assert_eq!(
        result.event.average,
        (22000 - 2350 - 2350 + 2200 + 2100 + 4) / 9
    );
}

#[test]
fn a_norm_over_the_first_nine_rounds_of_eleven_stands() {
    // 1.4.1 e: two last-round losses to 2350s lose the norm over 11
    // games; over the first nine it stands.
    let mut field = with(SIX_AND_A_HALF);
    field.push(("", 2350, "ESP", Loss));
    field.push(("", 2350, "ITA", Loss));
    let result = gm(&event(&field));
    assert!(!result.event.achieved());
    let norm = result.norm.expect("a norm over the first rounds");
    assert_eq!((norm.last_round, norm.rule), (9, Some("FIDE B.01 1.4.1 e")));
    // The certificate lists the games counted: rounds 1 to 9, not 10, 11.
    let rounds: Vec<u32> = norm.games.iter().map(|g| g.round).collect();
    assert_eq!(rounds, (1..=9).collect::<Vec<_>>());
}

#[test]
fn every_requirement_has_words_in_every_catalogue() {
    for catalogue in arbiter_messages::catalogues() {
        for key in Requirement::KEYS {
            assert!(
                catalogue.template(key).is_some(),
                "{}: {key}",
                catalogue.language()
            );
        }
    }
}

#[test]
fn more_than_two_thirds_from_one_federation_fails_1_4_4() {
    // Seven of nine from RUS: at most 9 × 2/3 = 6 from any one federation.
    let mut field = with(SIX_AND_A_HALF);
    for opponent in &mut field[..7] {
        opponent.2 = "RUS";
    }
    let result = gm(&event(&field));
    assert_eq!(
        missed(&result),
        [Requirement::OneFederation {
            federation: "RUS".into(),
            have: 7,
            most: 6
        }]
    );
    assert_eq!(missed(&result)[0].rule(), "FIDE B.01 1.4.4");
}

#[test]
fn a_performance_on_less_than_35_percent_fails_1_4_8_b() {
    // Nine GMs rated 2750: 3 / 9 = 33 %, dp −125, Rp 2625 is enough, but
    // 35 % of nine games is 3.15 points, so 3.5 are needed.
    let mut field = with([Draw, Draw, Draw, Draw, Draw, Draw, Loss, Loss, Loss]);
    for opponent in &mut field {
        (opponent.0, opponent.1) = ("g", 2750);
    }
    let result = gm(&event(&field));
    assert_eq!(result.event.performance, 2625);
    assert_eq!(
        missed(&result),
        [Requirement::Score {
            have: "3".into(),
            need: "3.5".into()
        }]
    );
    assert_eq!(missed(&result)[0].rule(), "FIDE B.01 1.4.8 b");
}

#[test]
fn wins_against_weak_opponents_are_left_out_by_1_4_1_f() {
    // Two wins against 1600s in rounds 1 and 2, then the GM norm's nine
    // games: over eleven, Ra 2345 (one 1600 raised to 2200, 1.4.6) and Rp
    // 2556 fail; leaving out one win leaves ten games with three GMs, a
    // third of ten needing four; leaving out both is the norm.
    let mut field = vec![("", 1600, "ITA", Win), ("", 1600, "ITA", Win)];
    field.extend(with(SIX_AND_A_HALF));
    let result = gm(&event(&field));
    assert!(!result.event.achieved());
    let norm = result.norm.expect("a norm with two wins left out");
    assert_eq!(
        (norm.last_round, norm.dropped.clone(), norm.rule),
        (11, vec![1, 2], Some("FIDE B.01 1.4.1 f"))
    );
    assert_eq!(
        (norm.assessment.average, norm.assessment.performance),
        (2444, 2610)
    );
    assert_eq!(
        norm.games.iter().map(|g| g.round).collect::<Vec<_>>(),
        (3..=11).collect::<Vec<_>>()
    );
}

#[test]
fn eight_games_and_a_forfeit_win_of_a_nine_round_event_make_a_norm_by_1_4_1_c() {
    // Round 9's opponent does not come: eight games, 6.5 points, Ra 2456,
    // Rp 2707; the opponent mix counted as for nine opponents holds.
    use arbiter_tournament::{ResultCode, RoundEntry};
    let mut t = event(&with(SIX_AND_A_HALF));
    let forfeit = |opponent, code| RoundEntry {
        opponent: Some(opponent),
        colour: None,
        code,
    };
    t.set_cell(1, 9, forfeit(10, ResultCode::ForfeitWin));
    t.set_cell(10, 9, forfeit(1, ResultCode::ForfeitLoss));
    let result = gm(&t);
    assert!(missed(&result).contains(&Requirement::Games { have: 8, need: 9 }));
    let norm = result.norm.expect("an 8-game norm");
    assert_eq!(
        (norm.rule, norm.counts_as, norm.assessment.games),
        (Some("FIDE B.01 1.4.1 c"), 9, 8)
    );
    assert_eq!(
        (norm.assessment.average, norm.assessment.performance),
        (2456, 2707)
    );
}

#[test]
fn an_unrated_opponent_who_scored_nothing_in_a_round_robin_is_no_game_by_1_4_2_b() {
    // The ninth opponent is unrated and lost his one game, against the
    // rated applicant.
    let mut field = with(SIX_AND_A_HALF);
    field[8] = ("", 0, "ESP", Win);
    let round_robin = |t: &mut Tournament| {
        t.records.push(arbiter_tournament::Record {
            code: "092".into(),
            text: "Individual: round robin".into(),
        });
    };
    // In a round robin that game is not included (1.4.2 b): 8 games.
    let mut t = event(&field);
    round_robin(&mut t);
    let result = gm(&t);
    assert!(result.norm.is_none());
    assert_eq!(result.event.games, 8);
    assert!(
        missed(&result).contains(&Requirement::Games { have: 8, need: 9 }),
        "{:?}",
        missed(&result)
    );
    // In a Swiss it is: 9 games, the opponent counted at 1400 (1.4.6).
    assert_eq!(gm(&event(&field)).event.games, 9);
    // Nor in a round robin once he has scored against a rated player.
    field[8].3 = Draw;
    let mut t = event(&field);
    round_robin(&mut t);
    assert_eq!(gm(&t).event.games, 9);
}

#[test]
fn seven_games_make_a_norm_only_in_a_team_championship_by_1_4_1_b() {
    // 5½ of 7 (79 %, dp 230) against Ra 17300 / 7 = 2471: Rp 2701.
    let seven: Vec<_> = with(SIX_AND_A_HALF).into_iter().take(7).collect();
    let t = event(&seven);
    let individual = gm(&t);
    assert!(individual.norm.is_none());
    assert_eq!(
        missed(&individual),
        [Requirement::Games { have: 7, need: 9 }]
    );
    let team = NormOptions {
        team_championship: true,
        ..NormOptions::default()
    };
    let players = norms(&t, &team);
    let result = players[0]
        .titles
        .iter()
        .find(|r| r.title == NormTitle::Gm)
        .unwrap();
    let norm = result.norm.as_ref().expect("a GM norm of 7 games");
    assert_eq!((norm.counts_as, norm.assessment.performance), (7, 2701));
}

fn gm_with(t: &Tournament, options: &NormOptions) -> arbiter_tournament::norm::NormResult {
    norms(t, options)[0]
        .titles
        .iter()
        .find(|r| r.title == NormTitle::Gm)
        .cloned()
        .unwrap()
}

fn kind(t: &mut Tournament, text: &str) {
    t.records.push(arbiter_tournament::Record {
        code: "092".into(),
        text: text.into(),
    });
}

#[test]
fn eight_games_make_a_world_cup_norm_that_counts_as_nine_by_1_4_1_b() {
    // 6.5 of 8 (81 %, dp 251) against Ra 19650 / 8 = 2456: Rp 2707.
    let eight: Vec<_> = with([Win, Draw, Draw, Win, Draw, Win, Win, Win, Loss])
        .into_iter()
        .take(8)
        .collect();
    let t = event(&eight);
    assert_eq!(missed(&gm(&t)), [Requirement::Games { have: 8, need: 9 }]);
    let world_cup = NormOptions {
        world_cup: true,
        ..NormOptions::default()
    };
    let result = gm_with(&t, &world_cup);
    let norm = result.norm.expect("a World Cup norm of 8 games");
    assert_eq!(
        (
            norm.assessment.games,
            norm.counts_as,
            norm.assessment.performance
        ),
        (8, 9, 2707)
    );
}

#[test]
fn each_full_point_above_the_score_needed_counts_as_a_game_by_1_4_1_d() {
    // Against Ra 2444, 6.5 of 9 is the least that reaches 2600 (6 gives
    // 2569): 6.5 counts as 9 games, 7.5 (83 %, Rp 2717) as 10, 8.5 as 11;
    // 7 (78 %) is half a point above, no full point: 9.
    let counted = |results| {
        let norm = gm(&event(&with(results))).norm.expect("a norm");
        (norm.points_above, norm.counts_as)
    };
    assert_eq!(counted(SIX_AND_A_HALF), (0, 9));
    assert_eq!(
        counted([Win, Draw, Draw, Win, Draw, Win, Win, Win, Draw]),
        (0, 9)
    );
    assert_eq!(
        counted([Win, Draw, Draw, Win, Draw, Win, Win, Win, Win]),
        (1, 10)
    );
    assert_eq!(
        counted([Win, Win, Draw, Win, Win, Win, Win, Win, Win]),
        (2, 11)
    );
}

/// A double round robin of the applicant and `field` (title, rating,
/// federation), met in rounds r and r + n, scoring `results` over the
/// 2n rounds.
fn double_round_robin(field: &[(&str, u32, &str)], results: &[PlayerResult]) -> Tournament {
    let once: Vec<_> = field.iter().map(|&(t, r, f)| (t, r, f, Draw)).collect();
    let mut t = event(&once);
    let n = field.len() as u32;
    for (i, &result) in results.iter().enumerate() {
        let round = i as u32 + 1;
        let opponent = (i as u32 % n) + 2;
        t.record_game(round, 1, opponent, result);
    }
    t
}

#[test]
fn a_double_round_robin_needs_half_its_players_met_holding_the_title_by_1_4_5() {
    // Six players, ten rounds: two GMs, two IMs and an FM met twice. Ra
    // (4 × 2600 + 4 × 2500 + 2 × 2450) / 10 = 2530; 7 of 10 (70 %, dp 149),
    // Rp 2679. The GMs are 4 games of 10, a third as a single round robin
    // counts, but 2 of the 5 players met, and a double round robin asks
    // half of them, 3.
    let field = [
        ("g", 2600, "RUS"),
        ("g", 2600, "USA"),
        ("m", 2500, "IND"),
        ("m", 2500, "GER"),
        ("f", 2450, "FRA"),
    ];
    let seven = [Win, Draw, Win, Draw, Win, Win, Draw, Win, Draw, Loss];
    let mut t = double_round_robin(&field, &seven);
    kind(&mut t, "Double Round Robin");
    let result = gm(&t);
    assert!(result.norm.is_none());
    assert_eq!(result.event.performance, 2679);
    assert_eq!(
        missed(&result),
        [Requirement::DoubleRoundRobinHolders {
            title: "GM".into(),
            have: 2,
            met: 5,
            need: 3
        }]
    );
    assert_eq!(missed(&result)[0].rule(), "FIDE B.01 1.4.5");
    // As a single round robin's ten games, the two GMs would do.
    let mut single = double_round_robin(&field, &seven);
    kind(&mut single, "Round Robin");
    assert!(gm(&single).norm.is_some());
    // A third GM met makes the double round robin's norm; a round robin
    // planned over two cycles is a double one without saying so.
    let mut stronger = field;
    stronger[2].0 = "g";
    let mut t = double_round_robin(&stronger, &seven);
    kind(&mut t, "Double Round Robin");
    assert!(gm(&t).norm.is_some());
    let mut planned = double_round_robin(&field, &seven);
    kind(&mut planned, "Round Robin");
    planned.planned_rounds = Some(10);
    assert!(missed(&gm(&planned)).iter().any(|r| r.name() == "holders"));
}

#[test]
fn a_double_round_robin_of_five_players_gives_no_norm_by_1_4_5() {
    // Five players, eight rounds, in a team championship whose 7 games
    // make a norm (1.4.1 b): two GMs and two IMs met twice, 6.5 of 8
    // (81 %, dp 251) against Ra 2550, Rp 2801. Only the 6 players 1.4.5
    // asks of a double round robin are missing.
    let field = [
        ("g", 2600, "RUS"),
        ("g", 2600, "USA"),
        ("m", 2500, "IND"),
        ("m", 2500, "GER"),
    ];
    let results = [Win, Win, Draw, Win, Win, Draw, Win, Draw];
    let mut t = double_round_robin(&field, &results);
    kind(&mut t, "Double Round Robin");
    let team = NormOptions {
        team_championship: true,
        ..NormOptions::default()
    };
    let result = gm_with(&t, &team);
    assert!(result.norm.is_none());
    assert_eq!(
        result.event.missed().cloned().collect::<Vec<_>>(),
        [Requirement::DoubleRoundRobinPlayers { have: 5, need: 6 }]
    );
}

#[test]
fn a_round_robin_whose_whole_mix_fails_leaves_no_wins_out_by_1_4_1_f() {
    // The event of wins_against_weak_opponents_are_left_out_by_1_4_1_f as
    // a round robin: over its eleven games three GMs are fewer than the
    // third (4) 1.4.5 asks, so the complete tournament's opponent mix
    // makes no norm possible, and no win may be left out.
    let mut field = vec![("", 1600, "ITA", Win), ("", 1600, "ITA", Win)];
    field.extend(with(SIX_AND_A_HALF));
    let mut t = event(&field);
    assert!(gm(&t).norm.is_some(), "a Swiss leaves the two wins out");
    kind(&mut t, "Round Robin");
    let result = gm(&t);
    assert!(result.norm.is_none());
    assert!(missed(&result).contains(&Requirement::Holders {
        title: "GM".into(),
        have: 3,
        need: 4
    }));
}

/// The norm event with `fillers` more players rated `rating`, who play
/// each other every round, all drawn.
fn with_fillers(fillers: u32, rating: u32) -> Tournament {
    let mut t = event(&with(SIX_AND_A_HALF));
    let first = t.entrants.len() as u32 + 1;
    for i in 0..fillers {
        let mut p = arbiter_tournament::Player::new(first + i, format!("Filler {i}"));
        p.rating = rating;
        p.federation = "FRA".into();
        t.register(p);
    }
    for round in 1..=9 {
        for pair in 0..fillers / 2 {
            let white = first + (2 * pair + round) % fillers;
            let black = first + (2 * pair + 1 + round) % fillers;
            t.record_game(round, white, black, Draw);
        }
    }
    t
}

#[test]
fn a_norm_says_whether_its_swiss_is_one_1_5_6_asks_for() {
    // 1.5.6: a Swiss of at least 40 players every round, averaging at
    // least 2000, players counted when they missed at most one round. The
    // applicant's opponents play once: not counted. The applicant (2400)
    // and 40 players of 2100 are 41, averaging 2107.
    let of_1_5_6 = |t: &Tournament, options: &NormOptions| {
        gm_with(t, options).norm.expect("the GM norm").of_1_5_6
    };
    let plain = NormOptions::default();
    assert!(of_1_5_6(&with_fillers(40, 2100), &plain));
    // 38 such players and the applicant are 39.
    assert!(!of_1_5_6(&with_fillers(38, 2100), &plain));
    // 40 rated 1900 and the applicant average 1912.
    assert!(!of_1_5_6(&with_fillers(40, 1900), &plain));
    // The small event is no such Swiss, but an Olympiad, say, is one of
    // the events 1.5.6 names.
    let t = event(&with(SIX_AND_A_HALF));
    assert!(!of_1_5_6(&t, &plain));
    let olympiad = NormOptions {
        event_of_1_5_6: true,
        ..NormOptions::default()
    };
    assert!(of_1_5_6(&t, &olympiad));
}

#[test]
fn a_round_robin_nobody_has_entered_yet_gives_no_norms() {
    // The service measures an event from its creation: no players, a
    // round robin planned, no cycle to count.
    let mut t = Tournament::default();
    kind(&mut t, "Round Robin");
    t.planned_rounds = Some(9);
    assert!(norms(&t, &NormOptions::default()).is_empty());
}

#[test]
fn a_fid_opponent_counts_for_no_federation_by_1_4_2_a() {
    // Four from RUS, one FID, four from CHN: the FID player is "accepted,
    // but does not count" as foreign (1.4.2 a), so one federation other
    // than the player's is met; the game itself counts (9 games, the norm's
    // figures unchanged).
    let mut field = with(SIX_AND_A_HALF);
    for (i, opponent) in field.iter_mut().enumerate() {
        opponent.2 = match i {
            0..4 => "RUS",
            4 => "FID",
            _ => "CHN",
        };
    }
    let result = gm(&event(&field));
    assert_eq!(
        missed(&result),
        [Requirement::ForeignFederations { have: 1, need: 2 }]
    );
    assert_eq!((result.event.games, result.event.performance), (9, 2610));
    // Written as a federation of its own, it would have been a second.
    field[4].2 = "FRA";
    assert!(gm(&event(&field)).norm.is_some());
}

#[test]
fn an_exempt_event_waives_the_federation_requirements_by_1_4_3() {
    // Eight opponents from CHN, the applicant's, and one from RUS: 1.4.3
    // and both limits of 1.4.4 fail, unless the event is exempt (1.4.3 a–c,
    // a national championship's final, say) or a Swiss whose field 1.4.3 d
    // exempts.
    let mut field = with(SIX_AND_A_HALF);
    for opponent in &mut field[1..] {
        opponent.2 = "CHN";
    }
    let t = event(&field);
    let names: Vec<&str> = missed(&gm(&t)).iter().map(|r| r.name()).collect();
    assert_eq!(
        names,
        ["foreign_federations", "own_federation", "one_federation"]
    );
    let exempt = NormOptions {
        federations_exempt: true,
        ..NormOptions::default()
    };
    assert!(gm_with(&t, &exempt).norm.is_some());
    // 1.4.3 d: a Swiss with 20 rated players from 3 federations not the
    // host's, 10 of them titled, each in every round.
    let host = NormOptions {
        host: Some("CHN".into()),
        ..NormOptions::default()
    };
    assert!(
        gm_with(&t, &host).norm.is_none(),
        "the small event is no such Swiss"
    );
    let mut big = event(&field);
    let first = big.entrants.len() as u32 + 1;
    for i in 0..20 {
        let mut p = arbiter_tournament::Player::new(first + i, format!("Guest {i}"));
        p.rating = 2300;
        p.federation = ["GER", "FRA", "ITA"][i as usize % 3].into();
        p.title = (i < 10).then(|| "m".to_string());
        big.register(p);
    }
    for round in 1..=9 {
        for pair in 0..10 {
            let white = first + (2 * pair + round) % 20;
            let black = first + (2 * pair + 1 + round) % 20;
            big.record_game(round, white, black, Draw);
        }
    }
    assert!(gm_with(&big, &host).norm.is_some());
    // Nine titled guests are too few.
    big.entrants[10].player.title = None;
    assert!(gm_with(&big, &host).norm.is_none());
}
