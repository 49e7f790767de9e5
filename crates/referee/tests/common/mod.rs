//! Scenarios as readable event logs.
//!
//! A scenario is a setup line and one event per line:
//!
//! ```text
//! setup ruleset=fide-standard tc=5400+30 mode=otb fen=<FEN with spaces as _>
//! 0      arbiter start
//! 1000   white   touch g1
//! 1500   white   release g1 f3
//! 2000   white   press
//! 3000   black   claim threefold Nf6      => rejected FIDE 9.2.1
//! end    1/2-1/2 flag_fall_opponent_cannot_mate FIDE 6.9
//! ```
//!
//! Online presence: `0 arbiter left black 30000` (the side, then the ms
//! the opponent waits before a claim), `0 arbiter returned black`,
//! `0 white claim-victory`; `0 white takeback` asks for a takeback. A
//! program that can go on no more: `0 arbiter forfeit black crashed` (the
//! side, then the cause: `illegal-move`, `crashed`, `stopped-answering`,
//! `not-started`).
//!
//! `=> ok` expects acceptance, `=> rejected RULE` a rejection citing RULE,
//! `=> cites RULE` an acceptance one of whose consequences (or what fell
//! due before it) cites RULE. `end` checks the result, termination and rule
//! (`end * ` for a game that goes on). Every event without `=>` must be
//! accepted.
#![allow(dead_code)]

use arbiter_referee::{
    Actor, DrawClaim, Event, EventKind, Game, GameResult, GameSetup, Mode, Rule, Ruleset, Verdict,
};

/// The English words of the ruling that ended the game.
pub fn ending_in_english(game: &Game) -> String {
    game.outcome()
        .expect("the game is over")
        .ruling
        .message()
        .text("en")
        .to_string()
}

/// Runs a scenario and returns the game.
pub fn run(script: &str) -> Game {
    run_with(script, |_| {})
}

/// Runs a scenario after adjusting the setup.
pub fn run_with(script: &str, adjust: impl FnOnce(&mut GameSetup)) -> Game {
    let mut setup = GameSetup::default();
    let mut adjust = Some(adjust);
    let mut game: Option<Game> = None;
    for (n, raw) in script.lines().enumerate() {
        let line = raw.split(" # ").next().unwrap().trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (body, expect) = match line.split_once("=>") {
            Some((b, e)) => (b.trim(), Some(e.trim())),
            None => (line, None),
        };
        let words: Vec<&str> = body.split_whitespace().collect();
        match words[0] {
            "setup" => {
                for w in &words[1..] {
                    let (k, v) = w.split_once('=').expect("key=value");
                    match k {
                        "ruleset" => setup.ruleset = Ruleset::by_name(v).unwrap(),
                        "tc" => setup.time_control = v.parse().unwrap(),
                        "mode" => {
                            setup.mode = match v {
                                "otb" => Mode::OverTheBoard,
                                _ => Mode::Online,
                            }
                        }
                        "fen" => setup.fen = Some(v.replace('_', " ")),
                        "default" => setup.default_time_ms = Some(v.parse().unwrap()),
                        _ => panic!("unknown setup key {k}"),
                    }
                }
            }
            "end" => {
                let g = game.as_ref().expect("events before end");
                let result: GameResult = words[1].parse().expect("result");
                assert_eq!(
                    g.result(),
                    result,
                    "line {}: result ({:?})",
                    n + 1,
                    g.outcome()
                );
                if result != GameResult::Unknown {
                    let o = g.outcome().unwrap();
                    let termination = serde_json::to_value(o.termination).unwrap();
                    assert_eq!(termination, words[2], "line {}: termination", n + 1);
                    let rule = words[3..].join(" ");
                    assert_eq!(o.ruling.rule.to_string(), rule, "line {}: rule", n + 1);
                    assert!(
                        !o.ruling.message().text("en").is_empty()
                            && !o.ruling.message().text("zh").is_empty()
                    );
                }
            }
            _ => {
                let g = game.get_or_insert_with(|| {
                    let mut s = setup.clone();
                    if let Some(f) = adjust.take() {
                        f(&mut s);
                    }
                    Game::new(s).unwrap()
                });
                let event = parse_event(&words).unwrap_or_else(|e| panic!("line {}: {e}", n + 1));
                let verdict = g.apply(event);
                check(&verdict, expect, n + 1, raw);
            }
        }
    }
    game.expect("a scenario has events")
}

fn check(verdict: &Verdict, expect: Option<&str>, line: usize, raw: &str) {
    // Every ruling carries both languages.
    for c in verdict.due().iter().chain(verdict.consequences()) {
        assert!(
            !c.ruling.message().text("en").is_empty() && !c.ruling.message().text("zh").is_empty()
        );
    }
    if let Some(r) = verdict.rejection() {
        assert!(
            !r.ruling.message().text("en").is_empty() && !r.ruling.message().text("zh").is_empty()
        );
    }
    let expect = expect.unwrap_or("ok");
    let shown = serde_json::to_string(verdict).unwrap();
    if expect == "ok" {
        assert!(
            verdict.is_accepted(),
            "line {line} `{raw}` was rejected: {shown}"
        );
    } else if let Some(rule) = expect.strip_prefix("rejected ") {
        let r = verdict
            .rejection()
            .unwrap_or_else(|| panic!("line {line} `{raw}` was accepted: {shown}"));
        assert_eq!(
            r.ruling.rule.to_string(),
            rule,
            "line {line} `{raw}`: {shown}"
        );
    } else if let Some(rule) = expect.strip_prefix("cites ") {
        assert!(
            verdict.is_accepted(),
            "line {line} `{raw}` was rejected: {shown}"
        );
        let rules: Vec<String> = verdict.rules().iter().map(|r| r.to_string()).collect();
        assert!(
            rules.iter().any(|r| r == rule),
            "line {line} `{raw}` cites {rules:?}, not {rule}"
        );
    } else {
        panic!("line {line}: unknown expectation {expect:?}");
    }
}

fn parse_event(words: &[&str]) -> Result<Event, String> {
    let at: u64 = words[0]
        .parse()
        .map_err(|_| format!("bad time {}", words[0]))?;
    let actor = match words[1] {
        "white" => Actor::White,
        "black" => Actor::Black,
        "arbiter" => Actor::Arbiter,
        a => return Err(format!("bad actor {a}")),
    };
    let arg = |i: usize| {
        words
            .get(i)
            .copied()
            .ok_or_else(|| format!("missing argument {i}"))
    };
    let sq = |i: usize| -> Result<arbiter_rules::Square, String> {
        arg(i)?
            .parse()
            .map_err(|_| format!("bad square {}", words[i]))
    };
    let kind = match words[2] {
        "start" => EventKind::Start,
        "move" => EventKind::Move {
            mv: arg(3)?.to_string(),
            offer_draw: words.get(4) == Some(&"offer"),
        },
        "touch" => EventKind::Touch { square: sq(3)? },
        "adjust" => EventKind::Adjust { square: sq(3)? },
        "release" => EventKind::Release {
            from: sq(3)?,
            to: sq(4)?,
            promotion: words
                .get(5)
                .and_then(|w| arbiter_rules::Role::from_char(w.chars().next().unwrap())),
        },
        "press" => EventKind::PressClock,
        "offer" => EventKind::OfferDraw,
        "accept" => EventKind::AcceptDraw,
        "decline" => EventKind::DeclineDraw,
        "claim" => EventKind::ClaimDraw {
            claim: match arg(3)? {
                "threefold" => DrawClaim::Threefold,
                "fifty" => DrawClaim::FiftyMoves,
                c => return Err(format!("bad claim {c}")),
            },
            mv: words.get(4).map(|s| s.to_string()),
        },
        "claim-illegal" => EventKind::ClaimIllegalMove,
        "claim-flag" => EventKind::ClaimFlag,
        "resign" => EventKind::Resign,
        "abort" => EventKind::Abort,
        "takeback" => EventKind::RequestTakeback,
        "left" => EventKind::PlayerLeft {
            side: side(arg(3)?)?,
            claim_after_ms: arg(4)?
                .parse()
                .map_err(|_| format!("bad claim_after_ms {}", words[4]))?,
        },
        "returned" => EventKind::PlayerReturned {
            side: side(arg(3)?)?,
        },
        "claim-victory" => EventKind::ClaimVictory,
        "forfeit" => EventKind::Forfeit {
            side: side(arg(3)?)?,
            cause: serde_json::from_value(serde_json::Value::String(arg(4)?.replace('-', "_")))
                .map_err(|_| format!("bad forfeit cause {}", words[4]))?,
        },
        "request-increment" => EventKind::RequestIncrement,
        "grant-increment" => EventKind::GrantIncrement,
        "colours-reversed" => EventKind::ColoursReversed,
        "board-turned" => EventKind::BoardTurned,
        "displaced" => EventKind::PiecesDisplaced,
        "declare" => EventKind::DeclareResult {
            result: arg(3)?.parse().map_err(|_| "bad result")?,
            rule: Rule::try_from(format!("{} {}", arg(4)?, arg(5)?)).map_err(|e| e.to_string())?,
            reason: words[6..].join(" "),
        },
        "tick" => EventKind::Tick,
        k => return Err(format!("unknown event {k}")),
    };
    Ok(Event::new(actor, at, kind))
}

fn side(word: &str) -> Result<arbiter_rules::Color, String> {
    match word {
        "white" => Ok(arbiter_rules::Color::White),
        "black" => Ok(arbiter_rules::Color::Black),
        other => Err(format!("bad side {other}")),
    }
}

/// Moves alternating from `at`, one second apart, as online events.
pub fn moves(first_at: u64, first: Actor, sans: &str) -> String {
    let mut out = String::new();
    let mut actor = first;
    for (i, san) in sans.split_whitespace().enumerate() {
        let who = if actor == Actor::White {
            "white"
        } else {
            "black"
        };
        out.push_str(&format!(
            "{} {who} move {san}\n",
            first_at + 1000 * i as u64
        ));
        actor = if actor == Actor::White {
            Actor::Black
        } else {
            Actor::White
        };
    }
    out
}
