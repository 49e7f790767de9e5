//! Reading and writing moves: the classic rules' forms, the writers, and the
//! reasons given for moves that are not legal.

use arbiter_rules::notation::{Lan, Notation};
use arbiter_rules::san::{CastlingRefusal, San, SanErrorKind, SanPlus};
use arbiter_rules::{CastlingSide, Move, Position, Role, Square};

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn written(pos: &Position, m: Move) -> [String; 6] {
    Notation::ALL.map(|n| n.write(pos, m))
}

#[test]
fn classic_examples_read_and_write() {
    // 马g1—f3 and 马f3 (the classic rules' record of moves).
    let start = Position::new();
    let ng1f3 = Move::normal(Square::G1, Square::F3);
    assert_eq!(
        written(&start, ng1f3),
        ["Nf3", "Ng1-f3", "♘f3", "马g1—f3", "马f3", "g1f3"].map(String::from)
    );
    for text in ["马g1—f3", "马f3", "Nf3", "Ng1-f3", "♘f3", "N g1-f3"] {
        assert_eq!(start.parse_san(text), Ok(ng1f3), "{text}");
    }

    // 车a1×a7, 车×a7 and R×a7.
    let rook = pos("4k3/r7/8/8/8/8/8/R3K3 w - - 0 1");
    let rxa7 = Move::normal(Square::A1, Square::A7);
    assert_eq!(
        written(&rook, rxa7),
        ["Rxa7", "Ra1xa7", "♖xa7", "车a1×a7", "车×a7", "a1a7"].map(String::from)
    );
    for text in ["车a1×a7", "车×a7", "R×a7", "Rxa7", "Ra7", "車a1xa7"] {
        assert_eq!(rook.parse_san(text), Ok(rxa7), "{text}");
    }

    // Pawns by the square alone: f4.
    let f2f4 = Move::normal(Square::F2, Square::F4);
    assert_eq!(start.parse_san("f4"), Ok(f2f4));
    assert_eq!(Notation::ChineseShort.write(&start, f2f4), "f4");
    assert_eq!(Notation::ChineseLong.write(&start, f2f4), "f2—f4");
}

#[test]
fn castling_promotion_and_marks_in_every_notation() {
    let p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let long = Move::castle(Square::E1, Square::A1);
    assert_eq!(
        written(&p, long),
        ["O-O-O", "O-O-O", "O-O-O", "0-0-0", "0-0-0", "e1c1"].map(String::from)
    );

    let p = pos("3r3k/4P3/8/8/8/8/8/K7 w - - 0 1");
    let exd8 = Move::promotion(Square::E7, Square::D8, Role::Queen);
    assert_eq!(
        written(&p, exd8),
        [
            "exd8=Q+",
            "e7xd8=Q+",
            "exd8=♕+",
            "e7×d8=后+",
            "e×d8=后+",
            "e7d8q"
        ]
        .map(String::from)
    );

    // Black's figurines are black.
    let p = pos("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    let nf6 = Move::normal(Square::G8, Square::F6);
    assert_eq!(Notation::Figurine.write(&p, nf6), "♞f6");
    assert_eq!(p.parse_san("♞f6"), Ok(nf6));
    assert_eq!(
        p.parse_san("♘f6"),
        Ok(nf6),
        "either colour's figurine reads"
    );

    // Fool's mate: `#` in every notation.
    let p = pos("rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2");
    let mate = Move::normal(Square::D8, Square::H4);
    assert_eq!(p.san(mate), "Qh4#");
    assert_eq!(Notation::ChineseLong.write(&p, mate), "后d8—h4#");
}

#[test]
fn chess960_castling_is_written_and_read() {
    // Position 0 (BBQNNRKR) after clearing the f-rook's way: O-O moves the
    // king from g1 to g1 and the rook from h1 to f1.
    let p = pos("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
    assert!(p.parse_san("O-O").is_err(), "f1 holds the other rook");
    let p = pos("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNN1KR w Kkq - 0 1");
    let m = p.parse_san("O-O").expect("castling");
    assert_eq!(m, Move::castle(Square::G1, Square::H1));
    assert_eq!(p.san(m), "O-O");
    assert_eq!(Notation::Uci.write(&p, m), "g1h1");
    assert_eq!(Lan::from_move(&p, m).to_string(), "O-O");
    // A king step onto its rook's square is castling, never a king move.
    assert!(p.parse_san("Kh1").is_err());
}

#[test]
fn lenient_marks_are_ignored_where_the_move_decides() {
    let p = pos("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2");
    let exd5 = Move::normal(Square::E4, Square::D5);
    for text in [
        "exd5",
        "ed5",
        "e4xd5",
        "e4-d5",
        "e×d5",
        "exd5+",
        "exd5#!?",
        "exd5 e.p.",
    ] {
        assert_eq!(p.parse_san(text), Ok(exd5), "{text}");
    }
    assert_eq!(
        p.parse_san("Nxf3"),
        Ok(Move::normal(Square::G1, Square::F3))
    );
    assert_eq!(
        p.parse_san("0-0").unwrap_err().to_string(),
        "0-0: castling is not allowed: f1 is occupied"
    );

    // En passant, with or without e.p.
    let p = pos("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
    let exf6 = Move::en_passant(Square::E5, Square::F6);
    for text in ["exf6", "exf6 e.p.", "exf6ep", "e5×f6 e.p.", "ef6"] {
        assert_eq!(p.parse_san(text), Ok(exf6), "{text}");
    }
    // A pawn move without a file is a push, never a capture.
    assert!(p.parse_san("f6").is_err());
}

#[test]
fn lower_case_b_is_a_bishop_only_where_no_pawn_fits() {
    let p = pos("4k3/8/8/8/8/2n5/1P6/4KB2 w - - 0 1");
    assert_eq!(
        p.parse_san("bxc3"),
        Ok(Move::normal(Square::B2, Square::C3))
    );
    let p = pos("4k3/8/8/8/8/2n5/8/B3K3 w - - 0 1");
    assert_eq!(
        p.parse_san("bxc3"),
        Ok(Move::normal(Square::A1, Square::C3))
    );
    assert_eq!(p.parse_san("bb2"), Ok(Move::normal(Square::A1, Square::B2)));
}

fn error(fen: &str, text: &str) -> (SanErrorKind, String) {
    let err = pos(fen).parse_san(text).unwrap_err();
    assert_eq!(err.san, text);
    assert!(!arbiter_messages::Message::of(&err).text("zh").is_empty());
    assert_eq!(
        err.rule().source,
        arbiter_rules::Source::Fide,
        "{}",
        err.rule()
    );
    (err.kind.clone(), err.to_string())
}

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

#[test]
fn illegal_moves_say_why() {
    let (kind, text) = error("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1", "Nd2");
    assert_eq!(
        kind,
        SanErrorKind::Ambiguous {
            candidates: vec!["Nbd2".into(), "Nfd2".into()]
        }
    );
    assert_eq!(text, "Nd2 is ambiguous: Nbd2, Nfd2");

    let (_, text) = error(START, "Nf4");
    assert_eq!(text, "Nf4 is illegal: no knight can move to f4");
    let (_, text) = error(START, "Nbd2");
    assert_eq!(
        text,
        "Nbd2 is illegal: d2 holds a piece of the side to move"
    );
    let (_, text) = error(START, "Nce3");
    assert_eq!(
        text,
        "Nce3 is illegal: no knight on the c-file can move to e3"
    );
    let (_, text) = error(START, "e5");
    assert_eq!(text, "e5 is illegal: no pawn can move to e5");

    let pinned = "4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1";
    let (kind, text) = error(pinned, "Nc3");
    assert_eq!(kind, SanErrorKind::IntoCheck { role: Role::Knight });
    assert_eq!(text, "Nc3 would leave the king in check");
    let (kind, text) = error("4k3/8/8/8/8/8/3K4/4r3 w - - 0 1", "Kc1");
    assert_eq!(kind, SanErrorKind::IntoCheck { role: Role::King });
    assert_eq!(text, "Kc1 is illegal: it would move the king into check");

    let (kind, _) = error("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8");
    assert_eq!(kind, SanErrorKind::MissingPromotion);
    let (kind, _) = error("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8=K");
    assert_eq!(kind, SanErrorKind::PromotionRole(Role::King));
    let (kind, _) = error(START, "e4=Q");
    assert_eq!(kind, SanErrorKind::UnexpectedPromotion);
    let (kind, _) = error(START, "Nf3=Q");
    assert_eq!(kind, SanErrorKind::UnexpectedPromotion);
    let (kind, _) = error(START, "--");
    assert_eq!(kind, SanErrorKind::NullMove);
    let (kind, text) = error(START, "Nf9");
    assert!(matches!(kind, SanErrorKind::Syntax(_)), "{kind:?}");
    assert!(text.contains("column 3"), "{text}");
}

#[test]
fn castling_refusals_name_the_condition() {
    use CastlingRefusal::*;
    let cases = [
        // FIDE 3.8.2.1: the right is gone.
        (
            "r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1",
            "O-O",
            NoRight(CastlingSide::KingSide),
        ),
        (
            "r3k2r/8/8/8/8/8/8/R3K2R b KQk - 0 1",
            "O-O-O",
            NoRight(CastlingSide::QueenSide),
        ),
        // FIDE 3.8.2.2: in check, a piece between, crossing or landing on attack.
        ("4k3/8/8/8/1b6/8/8/R3K2R w KQ - 0 1", "O-O", InCheck),
        (
            "4k3/8/8/8/8/8/8/R3K1NR w KQ - 0 1",
            "O-O",
            Blocked(Square::G1),
        ),
        (
            "4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1",
            "O-O-O",
            Blocked(Square::B1),
        ),
        (
            "4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1",
            "O-O",
            PassesAttacked(Square::F1),
        ),
        (
            "3rk3/8/8/8/8/8/8/R3K2R w KQ - 0 1",
            "O-O-O",
            PassesAttacked(Square::D1),
        ),
        (
            "4k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1",
            "O-O",
            LandsAttacked(Square::G1),
        ),
        (
            "2r1k3/8/8/8/8/8/8/R3K2R w KQ - 0 1",
            "O-O-O",
            LandsAttacked(Square::C1),
        ),
    ];
    for (fen, text, refusal) in cases {
        let err = pos(fen).parse_san(text).unwrap_err();
        assert_eq!(err.kind, SanErrorKind::Castling(refusal), "{fen} {text}");
        assert_eq!(err.rule(), refusal.rule());
        assert!(
            err.to_string()
                .starts_with(&format!("{text}: castling is not allowed: "))
        );
    }
    assert_eq!(
        NoRight(CastlingSide::KingSide).rule().to_string(),
        "FIDE 3.8.2.1"
    );
    assert_eq!(InCheck.rule().to_string(), "FIDE 3.8.2.2");
    // An attacked rook, and an attacked square the rook alone crosses, do
    // not prevent castling (LAWS.md, castling).
    let p = pos("1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert_eq!(
        p.parse_san("O-O-O"),
        Ok(Move::castle(Square::E1, Square::A1))
    );
    let p = pos("r3k3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
    assert_eq!(
        p.parse_san("0-0-0"),
        Ok(Move::castle(Square::E1, Square::A1))
    );
}

#[test]
fn san_types_display_canonically() {
    assert_eq!(San::parse("马g1—f3").unwrap().to_string(), "Ng1f3");
    assert_eq!(San::parse("0-0-0").unwrap().to_string(), "O-O-O");
    assert_eq!(SanPlus::parse("e8(Q)++").unwrap().to_string(), "e8=Q#");
    assert_eq!(SanPlus::parse("bxc3+").unwrap().to_string(), "bxc3+");
}

/// The reasons a SAN names no legal move, in Chinese: each part of the
/// message (the piece, the file or rank it was said to come from, the
/// castling refusal, the list of candidates) in the Chinese catalogue's words.
#[test]
fn san_errors_are_worded_in_chinese() {
    let zh = |fen: &str, text: &str| {
        let err = pos(fen).parse_san(text).unwrap_err();
        arbiter_messages::Message::of(&err).text("zh").to_string()
    };
    let knights = "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1";
    assert_eq!(zh(knights, "Nd2"), "Nd2有歧义：可能是Nbd2、Nfd2");
    assert_eq!(zh(knights, "Ncd2"), "Ncd2：c线上没有马能走到d2");
    assert_eq!(zh(knights, "N3d2"), "N3d2：第3横线上没有马能走到d2");
    assert_eq!(zh(knights, "Nc3d2"), "Nc3d2：c3上没有马能走到d2");
    assert_eq!(zh(knights, "Qd2"), "Qd2：没有后能走到d2");
    assert_eq!(
        zh("4k3/8/8/8/8/8/8/R3K2R w - - 0 1", "O-O"),
        "O-O：不能王车易位，王翼（短易位）已无易位权：王或该侧的车已经移动过"
    );
    assert_eq!(
        zh("4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1", "O-O-O"),
        "O-O-O：不能王车易位，b1上有棋子阻隔"
    );
    assert_eq!(zh(knights, "Nf9"), "Nf9：无法识别的着法（第3个字符）");
}
