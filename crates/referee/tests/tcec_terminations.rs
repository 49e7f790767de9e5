//! Every real game of `pgn/tcec-terminations/` replayed as events (moves
//! timed from the record's own clock) reaches the termination its
//! `TerminationDetails` tag states, or a documented rule explains why not.

use arbiter_referee::recorded::{ImportOptions, RecordedGame, read_pgn, to_events};
use arbiter_referee::{EventKind, Game, GameResult, Termination};

/// What the tag says, as the referee's result and termination.
fn expected(details: &str) -> Option<(GameResult, Option<Termination>)> {
    use GameResult::*;
    let d = details.to_ascii_lowercase();
    Some(match d.as_str() {
        "white mates" => (WhiteWins, Some(Termination::Checkmate)),
        "black mates" => (BlackWins, Some(Termination::Checkmate)),
        "stalemate" => (Draw, Some(Termination::Stalemate)),
        "insufficient material" => (Draw, Some(Termination::InsufficientMaterial)),
        "3-fold repetition" => (Draw, Some(Termination::ThreefoldClaimed)),
        "fifty moves rule" => (Draw, Some(Termination::FiftyMovesClaimed)),
        "white loses on time" => (BlackWins, Some(Termination::FlagFall)),
        "black loses on time" => (WhiteWins, Some(Termination::FlagFall)),
        "no result" => (Unknown, None),
        _ => return None,
    })
}

/// The games where the referee differs from the record, with the rule.
struct Difference {
    file: &'static str,
    game: usize,
    result: GameResult,
    termination: Option<Termination>,
    /// The flag fell before the record's last move (later moves refused).
    ends_early: bool,
    why: &'static str,
}

/// Why a game recorded as stalemate ends one move earlier.
const FORCED_STALEMATE: &str = "FIDE 5.2.2: every legal move from the position before the \
    stalemate stalemates, so no series of moves can end in mate: the position is dead one \
    move before the stalemate";

/// A game of `stalemate.pgn` that is dead one move before its stalemate.
const fn stalemate_forced(game: usize) -> Difference {
    Difference {
        file: "stalemate.pgn",
        game,
        result: GameResult::Draw,
        termination: Some(Termination::DeadPosition),
        ends_early: false,
        why: FORCED_STALEMATE,
    }
}

const DIFFERENCES: &[Difference] = &[
    stalemate_forced(4),
    stalemate_forced(7),
    stalemate_forced(14),
    stalemate_forced(16),
    stalemate_forced(32),
    Difference {
        file: "stalemate.pgn",
        game: 3,
        result: GameResult::Draw,
        termination: Some(Termination::DeadPosition),
        ends_early: false,
        why: "FIDE 5.2.2: after 41. Qf7+ Black's every legal reply (Kxf7, Qxf7) stalemates \
              White, so no series of moves can end in mate: the position is dead one move \
              before the stalemate",
    },
    Difference {
        file: "fifty-moves-rule.pgn",
        game: 5,
        result: GameResult::Draw,
        termination: Some(Termination::DeadPosition),
        ends_early: false,
        why: "FIDE 5.2.2: the pawns lock (b4/b5, c3/c4, e4/e5, g4/g5) and neither king can \
              ever cross or take a pawn: the game ended there as a dead position, long before \
              the fifty-move claim",
    },
    Difference {
        file: "white-loses-on-time.pgn",
        game: 14,
        result: GameResult::Draw,
        termination: Some(Termination::FlagFallOpponentCannotMate),
        ends_early: false,
        why: "FIDE 6.9: White's flag fell, but Black has a bare king and cannot mate: a draw",
    },
    Difference {
        file: "white-loses-on-time.pgn",
        game: 15,
        result: GameResult::Draw,
        termination: Some(Termination::FlagFallOpponentCannotMate),
        ends_early: false,
        why: "FIDE 6.9: White's flag fell, but Black has a bare king and cannot mate: a draw",
    },
    Difference {
        file: "black-loses-on-time.pgn",
        game: 5,
        result: GameResult::BlackWins,
        termination: Some(Termination::FlagFall),
        ends_early: true,
        why: "FIDE 6.9: the record's own clock shows White overstepping first, on move 60 \
              (6.014 s left, 6.941 s used; the increment comes only after a completed move)",
    },
    Difference {
        file: "black-loses-on-time.pgn",
        game: 13,
        result: GameResult::WhiteWins,
        termination: Some(Termination::FlagFall),
        ends_early: true,
        why: "FIDE 6.9: Black overstepped already on move 66 (6.485 s left, 7.285 s used)",
    },
    Difference {
        file: "white-loses-on-time.pgn",
        game: 9,
        result: GameResult::BlackWins,
        termination: Some(Termination::FlagFall),
        ends_early: true,
        why: "FIDE 6.9: White overstepped already on move 54 (5.824 s left, 6.621 s used)",
    },
    Difference {
        file: "illegal-move.pgn",
        game: 1,
        result: GameResult::Unknown,
        termination: None,
        ends_early: false,
        why: "online play refuses an illegal move (c7f7) and the game goes on; over the board \
              a first illegal move gives the opponent two minutes, never a loss (FIDE 7.5.5)",
    },
    Difference {
        file: "infinite-loop.pgn",
        game: 1,
        result: GameResult::Unknown,
        termination: None,
        ends_early: false,
        why: "abandoned by the organiser: no rule ends the game at the record's last move; \
              the hung engine's flag would have fallen later (FIDE 6.9), but the record \
              gives no time for it",
    },
];

const FILES: [&str; 11] = [
    "black-loses-on-time.pgn",
    "black-mates.pgn",
    "fifty-moves-rule.pgn",
    "illegal-move.pgn",
    "infinite-loop.pgn",
    "insufficient-material.pgn",
    "no-result.pgn",
    "stalemate.pgn",
    "threefold-repetition.pgn",
    "white-loses-on-time.pgn",
    "white-mates.pgn",
];

fn referee(recorded: &RecordedGame) -> (Game, usize, usize) {
    let imported = to_events(recorded, &ImportOptions::default()).unwrap();
    let moves = imported
        .events
        .iter()
        .filter(|e| matches!(e.kind, EventKind::Move { .. }))
        .count();
    let (game, verdicts) = Game::replay(imported.setup, imported.events.clone()).unwrap();
    let accepted_moves = imported
        .events
        .iter()
        .zip(&verdicts)
        .filter(|(e, v)| matches!(e.kind, EventKind::Move { .. }) && v.is_accepted())
        .count();
    (game, moves, accepted_moves)
}

#[test]
fn every_tcec_termination_is_reached_or_explained() {
    let mut checked = 0;
    let mut differences_seen = 0;
    for file in FILES {
        let path = arbiter_testdata::path(&format!("pgn/tcec-terminations/{file}"));
        let text = std::fs::read_to_string(&path).unwrap();
        let games = read_pgn(&text).unwrap();
        assert!(!games.is_empty(), "{file}");
        for (i, recorded) in games.iter().enumerate() {
            let n = i + 1;
            let details = recorded.tag("TerminationDetails").unwrap_or("");
            let (game, moves, accepted) = referee(recorded);
            let got = (game.result(), game.outcome().map(|o| o.termination));
            let place = format!("{file} game {n} ({details})");
            match DIFFERENCES.iter().find(|d| d.file == file && d.game == n) {
                Some(d) => {
                    differences_seen += 1;
                    assert_eq!(got, (d.result, d.termination), "{place}: {}", d.why);
                    if d.ends_early {
                        assert!(
                            accepted < moves,
                            "{place}: expected the flag before the last move"
                        );
                    }
                }
                None => {
                    let want = expected(details)
                        .unwrap_or_else(|| panic!("{place}: no expectation for this tag"));
                    assert_eq!(got, want, "{place}: {:?}", game.outcome());
                    assert_eq!(accepted, moves, "{place}: a recorded move was refused");
                }
            }
            checked += 1;
        }
    }
    assert_eq!(checked, 251);
    assert_eq!(differences_seen, DIFFERENCES.len());
}
