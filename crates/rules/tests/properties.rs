//! Properties over random positions (random playouts with a seeded RNG from
//! classic and Chess960 starts): every notation writes and reads back the
//! same move, FEN round-trips, and the incrementally kept Zobrist key equals
//! the one computed from scratch.

mod common;

use arbiter_rules::notation::Notation;
use arbiter_rules::san::{PieceMove, San, SanPlus};
use arbiter_rules::uci::Uci;
use arbiter_rules::{CastlingSide, MoveKind, Position, Role, Square};
use common::{Rng, random_position};
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn every_notation_writes_then_reads_the_same_move(seed in any::<u64>()) {
        let pos = random_position(&mut Rng::new(seed), 160);
        for m in pos.legal_moves() {
            let plus = SanPlus::from_move(&pos, m);
            let text = plus.to_string();
            prop_assert_eq!(SanPlus::from_ascii(text.as_bytes()), Ok(plus));
            prop_assert_eq!(SanPlus::parse(&text), Ok(plus));
            prop_assert_eq!(plus.san.to_move(&pos), Ok(m), "{} in {:?}", text, pos);
            for notation in Notation::ALL {
                let written = notation.write(&pos, m);
                let read = match notation {
                    Notation::Uci => written.parse::<Uci>().ok().and_then(|u| u.to_move(&pos).ok()),
                    _ => pos.parse_san(&written).ok(),
                };
                prop_assert_eq!(read, Some(m), "{} {} in {:?}", notation, written, pos);
            }
        }
    }

    #[test]
    fn san_disambiguation_is_minimal(seed in any::<u64>()) {
        let pos = random_position(&mut Rng::new(seed), 160);
        for m in pos.legal_moves() {
            let San::Normal(written) = San::from_move(&pos, m) else {
                continue;
            };
            // Dropping any part of the disambiguation must make it ambiguous.
            if written.file.is_some() && written.role != arbiter_rules::Role::Pawn {
                let shorter = San::Normal(PieceMove { file: None, ..written });
                prop_assert!(shorter.to_move(&pos).is_err(), "{} in {:?}", shorter, pos);
            }
            if written.rank.is_some() {
                let shorter = San::Normal(PieceMove { rank: None, ..written });
                prop_assert!(shorter.to_move(&pos).is_err(), "{} in {:?}", shorter, pos);
            }
        }
    }

    #[test]
    fn fen_round_trips(seed in any::<u64>()) {
        let pos = random_position(&mut Rng::new(seed), 200);
        let fen = pos.fen();
        let again = Position::from_fen(&fen).map_err(|e| TestCaseError::fail(format!("{fen}: {e}")))?;
        prop_assert_eq!(again.fen(), fen.clone());
        prop_assert_eq!(again.repetition_key(), pos.repetition_key(), "{}", fen);
        let mut ours: Vec<_> = pos.legal_moves().to_vec();
        let mut theirs: Vec<_> = again.legal_moves().to_vec();
        ours.sort_by_key(|m| format!("{m:?}"));
        theirs.sort_by_key(|m| format!("{m:?}"));
        prop_assert_eq!(ours, theirs, "{}", fen);
    }

    #[test]
    fn incremental_zobrist_equals_from_scratch(seed in any::<u64>()) {
        let mut rng = Rng::new(seed);
        let start = random_position(&mut rng, 0);
        for pos in common::playout(&start, 120, &mut rng) {
            // `to_setup` keeps only a legal en passant square; Polyglot keys
            // count any a pawn attacks, so keep the position's own.
            let mut setup = pos.to_setup();
            setup.ep_square = pos.ep_square();
            let fresh = Position::from_setup(&setup, pos.castling_mode())
                .map_err(|e| TestCaseError::fail(format!("{pos:?}: {e}")))?;
            prop_assert_eq!(fresh.zobrist_hash(), pos.zobrist_hash(), "{:?}", pos);
            prop_assert_eq!(&fresh, &pos);
            let plain = Position::from_setup(&pos.to_setup(), pos.castling_mode())
                .map_err(|e| TestCaseError::fail(format!("{pos:?}: {e}")))?;
            prop_assert_eq!(plain.repetition_key(), pos.repetition_key(), "{:?}", pos);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// Every legal move, written as PGN writes it (and as `0-0` for
    /// castling), is found again by the quick path or left to the full
    /// one, which finds it; the quick path finds every plain move when
    /// nothing is pinned and no check is to be answered.
    #[test]
    fn quick_resolving_finds_the_written_move(seed in any::<u64>()) {
        let pos = random_position(&mut Rng::new(seed), 160);
        let legal = pos.legal_moves();
        for &m in &legal {
            let plus = SanPlus::from_move(&pos, m);
            let text = plus.to_string();
            let mut tokens = vec![text.clone(), plus.san.to_string()];
            if m.is_castle() {
                tokens.push(text.replace('O', "0"));
            }
            for token in tokens {
                let quick = San::resolve_ascii(token.as_bytes(), &pos);
                let full = San::from_ascii(token.as_bytes()).ok().and_then(|san| san.to_move(&pos).ok());
                prop_assert_eq!(full, Some(m), "{} in {:?}", token, pos);
                prop_assert!(quick.is_none() || quick == Some(m), "{} in {:?}", token, pos);
                // Playing it from the token, the piece named by the token,
                // leaves the position playing the move leaves (its key too).
                let mut played = pos.clone();
                prop_assert_eq!(San::play_ascii(token.as_bytes(), &mut played), quick, "{} in {:?}", token, pos);
                let want = if quick.is_some() { pos.after(m) } else { pos.clone() };
                prop_assert_eq!(&played, &want, "{} in {:?}", token, pos);
                prop_assert_eq!(played.repetition_key(), want.repetition_key(), "{} in {:?}", token, pos);
            }
            // With no check and no pin, every piece that can reach the
            // destination may go there: the written SAN names one alone.
            if m.kind() == MoveKind::Normal && !pos.is_check() && pos.pinned().is_empty() {
                prop_assert_eq!(San::resolve_ascii(text.as_bytes(), &pos), Some(m), "{} in {:?}", text, pos);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    /// Castling is found without the move list; it must be there exactly
    /// when the move list has it, by either path.
    #[test]
    fn castling_resolves_as_the_move_list_says(seed in any::<u64>()) {
        let mut rng = Rng::new(seed);
        let start = random_position(&mut rng, 0);
        for pos in common::playout(&start, 40, &mut rng) {
            let king = pos.king_square(pos.turn());
            for side in CastlingSide::ALL {
                let want = pos.legal_moves().into_iter().find(|m| {
                    m.is_castle() && CastlingSide::from_king_side(m.to().file() > king.file()) == side
                });
                prop_assert_eq!(San::Castle(side).to_move(&pos).ok(), want, "{} in {:?}", side.san(), pos);
                prop_assert_eq!(San::resolve_ascii(side.san().as_bytes(), &pos), want, "{} in {:?}", side.san(), pos);
            }
        }
    }
}

/// What resolving `san` must give, worked out from the full move list.
fn expected(pos: &Position, san: San) -> Option<arbiter_rules::Move> {
    let San::Normal(san) = san else {
        return None;
    };
    let PieceMove { role, to, .. } = san;
    let matching: Vec<_> = pos
        .legal_moves()
        .into_iter()
        .filter(|m| {
            !m.is_castle()
                && m.to() == to
                && m.promotion_role() == san.promotion
                && pos.board().role_at(m.from()) == Some(role)
                && san.file.is_none_or(|f| m.from().file() == f)
                && san.rank.is_none_or(|r| m.from().rank() == r)
                // A pawn move written without a file is a push.
                && (role != Role::Pawn || san.file.is_some() || san.capture || m.from().file() == to.file())
        })
        .collect();
    (matching.len() == 1).then(|| matching[0])
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Resolving takes shortcuts for the usual single candidate; it must
    /// agree with the move list on every SAN, legal or not.
    #[test]
    fn resolving_agrees_with_the_move_list(seed in any::<u64>()) {
        let pos = random_position(&mut Rng::new(seed), 160);
        let board = pos.board();
        for role in Role::ALL {
            let own = board.by_role(role) & board.by_color(pos.turn());
            for to in Square::ALL {
                for promotion in [None, Some(Role::Queen), Some(Role::Knight), Some(Role::King)] {
                    for capture in [false, true] {
                        let bare = PieceMove { role, file: None, rank: None, capture, to, promotion };
                        let mut sans = vec![San::Normal(bare)];
                        for from in own {
                            sans.push(San::Normal(PieceMove { file: Some(from.file()), ..bare }));
                            sans.push(San::Normal(PieceMove { file: Some(from.file()), rank: Some(from.rank()), ..bare }));
                        }
                        for san in sans {
                            let want = expected(&pos, san);
                            prop_assert_eq!(san.to_move(&pos).ok(), want, "{} in {:?}", san, pos);
                            // The quick path may decline, never disagree.
                            let text = san.to_string();
                            for token in [text.clone(), format!("{text}+"), format!("{text}#")] {
                                if let Some(m) = San::resolve_ascii(token.as_bytes(), &pos) {
                                    prop_assert_eq!(Some(m), want, "{} in {:?}", token, pos);
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    /// `is_check` and `has_legal_moves` take shortcuts past the move
    /// generator (the lines through the king, a safe step of the king):
    /// every position of a random game must answer as the generator does.
    #[test]
    fn the_quick_check_and_move_tests_agree_with_the_generator(seed in any::<u64>()) {
        let mut rng = Rng::new(seed);
        let start = common::START_FENS[rng.below(common::START_FENS.len())];
        let mut pos: Position = start.parse().unwrap();
        for _ in 0..300 {
            let moves = pos.legal_moves();
            prop_assert_eq!(pos.is_check(), pos.checkers().any(), "{}", pos.fen());
            prop_assert_eq!(pos.has_legal_moves(), !moves.is_empty(), "{}", pos.fen());
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(moves[rng.below(moves.len())]);
        }
    }
}

#[test]
fn a_king_cannot_step_away_along_the_line_of_its_checker() {
    // The rook on a8 checks along the rank: f8 looks safe only while the
    // king itself stands in the rook's way.
    let mate: Position = "R3k3/8/4K3/8/8/8/8/8 b - - 0 1".parse().unwrap();
    assert!(mate.is_check());
    assert!(!mate.has_legal_moves());
    assert!(mate.is_checkmate());
    let stalemate: Position = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1".parse().unwrap();
    assert!(!stalemate.is_check());
    assert!(stalemate.is_stalemate());
    let escape: Position = "R3k3/8/3K4/8/8/8/8/8 b - - 0 1".parse().unwrap();
    assert!(escape.has_legal_moves());
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// `History::repetitions` compares only some of the positions since the
    /// last capture or pawn move: it must count what comparing them all
    /// counts. The moves are drawn from few pieces' shuffles so that
    /// positions come back.
    #[test]
    fn repetitions_count_every_earlier_occurrence(seed in any::<u64>()) {
        let mut rng = Rng::new(seed);
        let mut pos: Position = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1".parse().unwrap();
        let mut history = arbiter_rules::History::new(&pos);
        let mut most = 0;
        for _ in 0..200 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(moves[rng.below(moves.len())]);
            history.push(&pos);
            prop_assert_eq!(history.repetitions(), history.occurrences(&pos), "{}", pos.fen());
            most = most.max(history.repetitions());
        }
        prop_assert!(most >= 1);
    }
}
