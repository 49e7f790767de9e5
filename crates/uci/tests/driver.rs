//! The engine driver against Stockfish and against engines that misbehave.

mod common;

use std::time::Duration;

use arbiter_rules::Position;
use arbiter_rules::uci::Uci;
use arbiter_uci::engine::{Awaiting, Crash, Engine, EngineError, Search, UnknownOptions};
use arbiter_uci::protocol::{BestMove, Go, OptionError, PositionCommand};
use common::{script, stockfish_config};

fn startpos() -> PositionCommand {
    PositionCommand::default()
}

/// The engine's search of the position `fen` to `depth` plies.
async fn to_depth(engine: &mut Engine, fen: &str, depth: u32) -> Search {
    let position = PositionCommand {
        fen: Some(fen.into()),
        moves: vec![],
    };
    engine.position(&position).await.unwrap();
    let go = Go {
        depth: Some(depth),
        ..Go::default()
    };
    engine.go(&go, None).await.unwrap()
}

fn with_fault_at(
    mut config: arbiter_uci::engine::EngineConfig,
    n: u32,
) -> arbiter_uci::engine::EngineConfig {
    config.env.push(("FAULT_AT".into(), n.to_string()));
    config
}

#[tokio::test]
async fn stockfish_handshake_options_and_a_search() {
    let mut sf = Engine::start(&stockfish_config("SF")).await.unwrap();
    assert!(
        sf.id_name().unwrap().starts_with("Stockfish"),
        "{:?}",
        sf.id_name()
    );
    assert!(
        sf.declaration("hash").is_some(),
        "option names compare case-insensitively"
    );
    sf.new_game().await.unwrap();
    sf.position(&startpos()).await.unwrap();
    let search = sf
        .go(
            &Go {
                depth: Some(8),
                ..Go::default()
            },
            Some(Duration::from_secs(20)),
        )
        .await
        .unwrap();
    let BestMove::Move { uci, .. } = search.bestmove else {
        panic!("{:?}", search.bestmove)
    };
    uci.to_move(&Position::new())
        .expect("Stockfish's move is legal");
    let info = search.info.expect("Stockfish reports a score");
    assert_eq!(info.depth, Some(8));
    assert!(search.elapsed > Duration::ZERO);
    let report = sf.quit().await;
    assert!(report.exited_by_itself, "{report:?}");
}

#[tokio::test]
async fn stockfish_reports_mate_scores_and_none_when_mated() {
    let mut sf = Engine::start(&stockfish_config("SF")).await.unwrap();
    // White mates in one (Qg7#).
    let fen = "7k/8/6KQ/8/8/8/8/8 w - - 0 1";
    let s = to_depth(&mut sf, fen, 5).await;
    assert_eq!(
        s.info.unwrap().score,
        Some(arbiter_uci::protocol::Score::Mate(1))
    );
    // Black is checkmated: Stockfish has no move to give.
    let mated = "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1";
    let s = to_depth(&mut sf, mated, 5).await;
    assert!(
        matches!(s.bestmove, BestMove::NoMove { .. }),
        "{:?}",
        s.bestmove
    );
    sf.quit().await;
}

#[tokio::test]
async fn options_are_validated_against_the_declarations() {
    let mut config = stockfish_config("SF");
    config.options.push(("Hash".into(), "0".into()));
    let err = Engine::start(&config).await.unwrap_err();
    assert!(
        matches!(err, EngineError::Option(OptionError::BadValue { .. })),
        "{err}"
    );
    let mut config = stockfish_config("SF");
    config.options.push(("NoSuchOption".into(), "1".into()));
    config.unknown_options = UnknownOptions::Refuse;
    let err = Engine::start(&config).await.unwrap_err();
    assert!(
        matches!(err, EngineError::Option(OptionError::Unknown { .. })),
        "{err}"
    );
    assert!(
        err.to_string().contains("Hash"),
        "the message lists what exists: {err}"
    );
}

#[tokio::test]
async fn go_sends_every_time_parameter() {
    let mut sf = Engine::start(&stockfish_config("SF")).await.unwrap();
    sf.position(&startpos()).await.unwrap();
    let go = Go {
        wtime: Some(1_000),
        btime: Some(1_000),
        winc: Some(10),
        binc: Some(10),
        movestogo: Some(20),
        ..Go::default()
    };
    let s = sf.go(&go, Some(Duration::from_secs(5))).await.unwrap();
    assert!(s.elapsed < Duration::from_millis(1_000), "{:?}", s.elapsed);
    let s = sf
        .go(
            &Go {
                nodes: Some(2_000),
                ..Go::default()
            },
            None,
        )
        .await
        .unwrap();
    assert!(matches!(s.bestmove, BestMove::Move { .. }));
    let s = sf
        .go(
            &Go {
                movetime: Some(50),
                ..Go::default()
            },
            None,
        )
        .await
        .unwrap();
    assert!(s.elapsed >= Duration::from_millis(45), "{:?}", s.elapsed);
    sf.quit().await;
}

#[tokio::test]
async fn crash_in_a_search_is_reported_with_the_exit_status() {
    let mut e = Engine::start(&with_fault_at(script("crash"), 1))
        .await
        .unwrap();
    e.position(&startpos()).await.unwrap();
    let failure = e
        .go(&Go::default(), Some(Duration::from_secs(10)))
        .await
        .unwrap_err();
    match &failure.error {
        EngineError::Crashed {
            awaiting: Awaiting::BestMove,
            crash: Crash::Exited(status),
            ..
        } => {
            assert!(status.contains('3'), "{status}")
        }
        other => panic!("{other}"),
    }
    assert!(!e.is_usable());
    let again = e.position(&startpos()).await.unwrap_err();
    assert!(matches!(again, EngineError::Dead { .. }));
    e.quit().await;
}

#[tokio::test]
async fn hang_is_detected_and_the_process_killed() {
    let mut config = with_fault_at(script("hang"), 1);
    config.timeouts.stop = Duration::from_millis(300);
    let mut e = Engine::start(&config).await.unwrap();
    let pid = e.pid().unwrap();
    e.position(&startpos()).await.unwrap();
    let failure = e
        .go(&Go::default(), Some(Duration::from_millis(200)))
        .await
        .unwrap_err();
    assert!(
        matches!(
            failure.error,
            EngineError::Hang {
                awaiting: Awaiting::BestMoveAfterStop,
                ..
            }
        ),
        "{}",
        failure.error
    );
    assert!(failure.elapsed >= Duration::from_millis(200));
    let report = e.quit().await;
    assert!(!report.exited_by_itself);
    assert!(
        !std::path::Path::new(&format!("/proc/{pid}")).exists(),
        "the process is reaped"
    );
}

#[tokio::test]
async fn slow_uciok_waits_within_the_timeout_and_fails_past_it() {
    let mut config = script("slow_uciok");
    config.env.push(("SLOW_UCIOK".into(), "1.5".into()));
    config.timeouts.handshake = Duration::from_millis(500);
    let err = Engine::start(&config).await.unwrap_err();
    assert!(
        matches!(
            err,
            EngineError::Hang {
                awaiting: Awaiting::UciOk,
                ..
            }
        ),
        "{err}"
    );
    config.timeouts.handshake = Duration::from_secs(10);
    let e = Engine::start(&config).await.unwrap();
    assert_eq!(e.id_name(), Some("slow-uciok"));
    e.quit().await;
}

#[tokio::test]
async fn flood_with_crlf_is_read_to_the_bestmove() {
    let mut e = Engine::start(&script("flood")).await.unwrap();
    e.position(&startpos()).await.unwrap();
    let s = e
        .go(&Go::default(), Some(Duration::from_secs(20)))
        .await
        .unwrap();
    let BestMove::Move { uci, .. } = s.bestmove else {
        panic!("{:?}", s.bestmove)
    };
    uci.to_move(&Position::new()).unwrap();
    assert_eq!(
        s.info.unwrap().depth,
        Some(5_000),
        "the last info line before bestmove"
    );
    e.quit().await;
}

#[tokio::test]
async fn late_bestmove_is_drained_and_quit_ignored_is_killed() {
    let mut config = script("stubborn");
    config.timeouts.stop = Duration::from_secs(3);
    let mut e = Engine::start(&config).await.unwrap();
    e.position(&startpos()).await.unwrap();
    let go = Go {
        movetime: Some(100),
        ..Go::default()
    };
    let failure = e
        .go(&go, Some(Duration::from_millis(200)))
        .await
        .unwrap_err();
    assert!(
        matches!(failure.error, EngineError::Overtime { .. }),
        "{}",
        failure.error
    );
    assert!(e.is_usable(), "an engine that answers stop late can go on");
    // The stale second bestmove is dropped by the ready handshake...
    e.sync().await.unwrap();
    // ...so the next answer is the engine's real move.
    let s = e.go(&Go::default(), None).await.unwrap();
    let BestMove::Move { uci, .. } = s.bestmove else {
        panic!("{:?}", s.bestmove)
    };
    assert!(uci.to_move(&Position::new()).is_ok(), "{uci}");
    let report = e.quit().await;
    assert!(!report.exited_by_itself, "it ignores quit and is killed");
}

#[tokio::test]
async fn no_move_and_illegal_move_are_reported_as_written() {
    let mut e = Engine::start(&with_fault_at(script("no_move"), 1))
        .await
        .unwrap();
    e.position(&startpos()).await.unwrap();
    let s = e.go(&Go::default(), None).await.unwrap();
    assert_eq!(
        s.bestmove,
        BestMove::NoMove {
            text: "(none)".into()
        }
    );
    e.quit().await;
    let mut e = Engine::start(&with_fault_at(script("illegal"), 1))
        .await
        .unwrap();
    e.position(&startpos()).await.unwrap();
    let s = e.go(&Go::default(), None).await.unwrap();
    let BestMove::Move { uci, .. } = s.bestmove else {
        panic!("{:?}", s.bestmove)
    };
    assert!(uci.to_move(&Position::new()).is_err());
    assert_eq!(uci, "e1e8".parse::<Uci>().unwrap());
    e.quit().await;
}

#[tokio::test]
async fn options_go_threads_first_in_the_declared_spelling() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("echo.stderr.log");
    let mut config = script("echo_options");
    config.stderr_log = Some(log.clone());
    config.options = vec![
        ("hash".into(), "32".into()),
        ("Style".into(), "risky".into()),
        ("Path".into(), "".into()),
        ("UCI_Chess960".into(), "TRUE".into()),
        ("Clear Hash".into(), "".into()),
        ("threads".into(), "2".into()),
    ];
    let e = Engine::start(&config).await.unwrap();
    e.quit().await;
    let sent = std::fs::read_to_string(&log).unwrap();
    let lines: Vec<&str> = sent.lines().collect();
    assert_eq!(
        lines,
        [
            "setoption name Threads value 2",
            "setoption name Hash value 32",
            "setoption name Style value Risky",
            "setoption name Path value <empty>",
            "setoption name UCI_Chess960 value true",
            "setoption name Clear Hash",
        ]
    );
}

#[tokio::test]
async fn broken_pipe_is_a_crash() {
    let mut e = Engine::start(&script("closes_input")).await.unwrap();
    tokio::time::sleep(Duration::from_millis(300)).await;
    let err = e.position(&startpos()).await.unwrap_err();
    assert!(
        matches!(
            err,
            EngineError::Crashed {
                crash: Crash::BrokenPipe,
                ..
            }
        ),
        "{err}"
    );
    assert!(!e.is_usable());
    let report = e.quit().await;
    assert!(!report.exited_by_itself, "it sleeps on and is killed");
}

#[tokio::test]
async fn missing_program_is_a_spawn_error() {
    let config = arbiter_uci::engine::EngineConfig::new("/nonexistent/engine");
    let err = Engine::start(&config).await.unwrap_err();
    assert!(matches!(err, EngineError::Spawn { .. }), "{err}");
}

#[tokio::test]
async fn an_undeclared_option_is_left_unset_with_a_warning() {
    let mut config = stockfish_config("SF");
    config.options.push(("NoSuchOption".into(), "1".into()));
    let mut sf = Engine::start(&config).await.expect("it starts");
    let warnings = sf.option_warnings();
    assert_eq!(warnings.len(), 1, "{warnings:?}");
    assert!(
        warnings[0].contains("NoSuchOption") && warnings[0].contains("not set"),
        "{warnings:?}"
    );
    // The declared ones were set: Hash was validated and sent.
    assert!(sf.declaration("Hash").is_some());
    // An option asked for by name is still an error.
    assert!(sf.set_option("NoSuchOption", "1").await.is_err());
    sf.quit().await;
}

#[tokio::test]
async fn multipv_lines_are_kept_best_first() {
    let mut config = stockfish_config("SF");
    config.options.push(("MultiPV".into(), "3".into()));
    let mut sf = Engine::start(&config).await.unwrap();
    sf.new_game().await.unwrap();
    let go = Go {
        nodes: Some(20_000),
        ..Go::default()
    };
    let search = sf
        .search(&startpos(), &go, Some(Duration::from_secs(20)))
        .await
        .unwrap();
    assert_eq!(search.lines.len(), 3, "{:?}", search.lines);
    let firsts: Vec<&str> = search.lines.iter().map(|l| l.pv[0].as_str()).collect();
    assert!(
        firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2],
        "three different moves: {firsts:?}"
    );
    for (i, line) in search.lines.iter().enumerate() {
        assert_eq!(line.multipv, Some(i as u32 + 1));
        assert!(line.score.is_some());
    }
    let BestMove::Move { uci, .. } = search.bestmove else {
        panic!("{:?}", search.bestmove)
    };
    assert_eq!(
        uci.to_string(),
        firsts[0],
        "the first line is the move played"
    );
    assert_eq!(search.info.as_ref(), Some(&search.lines[0]));
    sf.quit().await;
}
