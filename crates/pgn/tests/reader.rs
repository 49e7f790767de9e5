//! The reader over every shared PGN file, and the writer's round trip.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};

use arbiter_pgn::{Game, GameResult, ReadError, Reader, SyntaxErrorKind, decompress};

fn pgn_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            pgn_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "pgn") {
            out.push(path);
        }
    }
}

fn all_pgn_files() -> Vec<PathBuf> {
    let mut files = Vec::new();
    for dir in ["pgn", "corpus", "tournaments"] {
        pgn_files(&arbiter_testdata::path(dir), &mut files);
    }
    files.sort();
    files
}

/// Every game of some bytes: the readable ones, and the errors.
fn read_all(bytes: &[u8]) -> (Vec<Game>, Vec<ReadError>) {
    let mut games = Vec::new();
    let mut errors = Vec::new();
    for g in Reader::new(bytes).games() {
        match g {
            Ok(g) => games.push(g),
            Err(e) => errors.push(e),
        }
    }
    (games, errors)
}

/// What the writer promises to keep: every tag, the moves with their
/// annotations, comments and variations, and the result.
fn assert_same_game(written: &Game, original: &Game, context: &str) {
    for (name, value) in original.tags.iter() {
        assert_eq!(written.tags.get(name), Some(value), "{context}: tag {name}");
    }
    assert_eq!(written.comments, original.comments, "{context}");
    assert_eq!(written.moves, original.moves, "{context}");
    assert_eq!(
        written.result,
        Some(original.recorded_result()),
        "{context}"
    );
}

#[test]
fn every_file_reads_and_every_game_survives_the_writer() {
    let files = all_pgn_files();
    assert!(files.len() > 100);
    let mut games_read = 0;
    for path in files {
        let name = path.display().to_string();
        let bytes = std::fs::read(&path).unwrap();
        let (games, _errors) = read_all(&bytes);
        for (i, game) in games.iter().enumerate() {
            let text = game.to_string();
            for line in text.lines() {
                let tag_line = line.starts_with('[') && line.ends_with("\"]");
                let one_word = !line.contains(' ');
                assert!(
                    line.chars().count() <= 80 || tag_line || one_word,
                    "{name} game {}: line too long: {line}",
                    i + 1
                );
            }
            let again = Reader::new(text.as_bytes())
                .read_game()
                .unwrap_or_else(|e| panic!("{name} game {}: {e}\n{text}", i + 1))
                .unwrap();
            assert_same_game(&again, game, &format!("{name} game {}", i + 1));
            assert_eq!(
                again.to_string(),
                text,
                "{name} game {}: written twice",
                i + 1
            );
        }
        games_read += games.len();
    }
    assert!(games_read > 5_000, "{games_read} games");
}

#[test]
fn game_counts_match_the_sources() {
    // Counts from shared/data/SOURCES.md (python-chess), where the readers
    // agree on what a game is.
    for (file, count) in [
        ("corpus/pgn-reader-benches/lichess_db_1000k.pgn", 438),
        ("corpus/pgn-reader-benches/twic1599_1000k.pgn", 1110),
        (
            "tournaments/lichess-broadcast/xvii-memorial-pedro-lezcano-montalvo-2025.pgn",
            504,
        ),
        ("pgn/mliebelt-pgn-parser/twic-01-232games.pgn", 232),
        (
            "pgn/tcec-events/TCEC_Season_Bonus_-_Division_S15_Glaurung_vs_Fritz_in_Bahrain.pgn",
            100,
        ),
        ("pgn/python-chess/utf8-bom.pgn", 2),
        ("pgn/chessops/headers-and-moves-on-the-same-line.pgn", 3),
        // python-chess reads the free-standing comment before the first
        // entry as a game of its own (2015); it belongs to the first game.
        ("pgn/pgn-extract/eco.pgn", 2014),
    ] {
        let bytes = arbiter_testdata::read(file);
        let mut reader = Reader::new(&bytes[..]);
        let mut n = 0;
        while reader.next_game_text().unwrap().is_some() {
            n += 1;
        }
        assert_eq!(n, count, "{file}");
    }
}

#[test]
fn latin1_reads_as_its_utf8_conversion() {
    let latin1 = read_all(&arbiter_testdata::read(
        "pgn/scid-encoding/res_gameLatin1.pgn",
    ))
    .0;
    let utf8 = read_all(&arbiter_testdata::read(
        "pgn/scid-encoding/res_gameLatin1expected.pgn",
    ))
    .0;
    assert_eq!(latin1.len(), 1);
    assert_eq!(latin1, utf8);
    assert_eq!(latin1[0].tags.get("White"), Some("Kràmnìk, VlãÚdimir"));
}

#[test]
fn line_ends_of_every_kind_give_the_same_games_and_lines() {
    let lf = arbiter_testdata::read("corpus/pgn-reader-benches/twic1599_1000k.pgn");
    let crlf: Vec<u8> = lf
        .iter()
        .flat_map(|&b| {
            if b == b'\n' {
                vec![b'\r', b'\n']
            } else {
                vec![b]
            }
        })
        .collect();
    let cr: Vec<u8> = lf
        .iter()
        .map(|&b| if b == b'\n' { b'\r' } else { b })
        .collect();
    let first_lines = |bytes: &[u8]| {
        let mut reader = Reader::new(bytes);
        let mut lines = Vec::new();
        while let Some(t) = reader.next_game_text().unwrap() {
            lines.push(t.first_line());
        }
        lines
    };
    let expected = first_lines(&lf);
    assert_eq!(expected.len(), 1110);
    assert_eq!(first_lines(&crlf), expected);
    assert_eq!(first_lines(&cr), expected);
    assert_eq!(read_all(&crlf).0, read_all(&lf).0);
    assert_eq!(read_all(&cr).0, read_all(&lf).0);
}

#[test]
fn compressed_input_reads_as_the_plain_text() {
    let plain = arbiter_testdata::read("corpus/pgn-reader-benches/lichess_db_1000k.pgn");
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    gz.write_all(&plain).unwrap();
    let gz = gz.finish().unwrap();
    let zst = zstd::stream::encode_all(&plain[..], 3).unwrap();
    for packed in [gz, zst] {
        let (mut input, progress) = decompress(std::io::Cursor::new(packed.clone())).unwrap();
        let mut text = Vec::new();
        input.read_to_end(&mut text).unwrap();
        assert_eq!(text, plain);
        assert_eq!(progress.bytes_read(), packed.len() as u64);
    }
}

/// An endless stream of the same games.
struct Repeat {
    unit: Vec<u8>,
    at: usize,
    left: usize,
}

impl Read for Repeat {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let mut n = 0;
        while n < buf.len() && self.left > 0 {
            let chunk = (self.unit.len() - self.at)
                .min(buf.len() - n)
                .min(self.left);
            buf[n..n + chunk].copy_from_slice(&self.unit[self.at..self.at + chunk]);
            n += chunk;
            self.left -= chunk;
            self.at = (self.at + chunk) % self.unit.len();
        }
        Ok(n)
    }
}

#[test]
fn a_large_input_reads_in_constant_memory() {
    let unit = arbiter_testdata::read("corpus/pgn-reader-benches/twic1599_1000k.pgn");
    let total = 40 * unit.len();
    let mut reader = Reader::new(Repeat {
        unit,
        at: 0,
        left: total,
    });
    let mut games = 0;
    while reader.next_game_text().unwrap().is_some() {
        games += 1;
        assert!(reader.buffer_capacity() <= 2 << 20);
    }
    assert_eq!(games, 40 * 1110);
}

#[test]
fn a_game_too_large_is_reported_and_skipped() {
    let big = format!(
        "[Event \"big\"]\n\n1. e4 {{{}}} e5 *\n\n[Event \"next\"]\n\n1. d4 *\n",
        "x".repeat(10_000)
    );
    let mut reader = Reader::new(big.as_bytes()).with_max_game_bytes(2048);
    match reader.read_game() {
        Err(ReadError::Game(e)) => assert_eq!(e.kind, SyntaxErrorKind::GameTooLarge(2048)),
        other => panic!("{:?}", other.map(|g| g.map(|g| g.tags))),
    }
    let next = reader.read_game().unwrap().unwrap();
    assert_eq!(next.tags.get("Event"), Some("next"));
    assert!(reader.read_game().unwrap().is_none());
}

#[test]
fn a_broken_game_is_skipped_and_the_next_read() {
    let text = "[Event \"a\"]\n\n1. e4 ) e5 *\n\n[Event \"b\"]\n\n1. d4 d5 1/2-1/2\n";
    let mut reader = Reader::new(text.as_bytes());
    match reader.read_game() {
        Err(ReadError::Game(e)) => {
            assert_eq!(e.game, 1);
            assert_eq!((e.location.line, e.location.column), (3, 7));
            assert_eq!(e.kind, SyntaxErrorKind::UnmatchedParenthesis);
        }
        other => panic!("{other:?}"),
    }
    let b = reader.read_game().unwrap().unwrap();
    assert_eq!(b.result, Some(GameResult::Draw));
}

#[test]
fn games_without_tags_end_at_their_termination_markers() {
    // Many files in the wild leave out the tags: each marker still ends a
    // game, on its own line or with the next game's moves after it.
    let text = "1. e4 e5 2. Nf3 {a comment 0-1} 1-0\n\n\
                1. d4 (1. c4 c5) 1... d5 2. c4 dxc4 0-1 1. c4 e5 2. Nc3 Nf6 3. g3 1/2-1/2\n\
                1. f4 *";
    let (games, errors) = read_all(text.as_bytes());
    assert!(errors.is_empty(), "{errors:?}");
    let read: Vec<(usize, Option<GameResult>)> =
        games.iter().map(|g| (g.moves.len(), g.result)).collect();
    assert_eq!(
        read,
        [
            (3, Some(GameResult::WhiteWins)),
            (4, Some(GameResult::BlackWins)),
            (5, Some(GameResult::Draw)),
            (1, Some(GameResult::Unknown)),
        ]
    );
    assert!(games.iter().all(|g| g.tags.is_empty()));
}
