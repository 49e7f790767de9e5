//! Lichess's JSON shapes, made from Arbiter's views: the lines of the
//! streams are `arbiter_protocol::lichess`'s types, the exports JSON.

use arbiter_protocol::lichess::{
    Clock, Compat, EventGame, GameFull, GameState, Opponent, Perf, Player, Status as LichessStatus,
    Variant,
};
use arbiter_referee::{Bonus, GameResult, Reason, Termination, TimeControl};
use arbiter_rules::Color;
use serde_json::{Value, json};

use crate::game::{GameMeta, Status, View};

/// Lichess's status name for a view (`started`, `mate`, `resign`...).
pub fn status_name(view: &View) -> &'static str {
    match (&view.status, &view.outcome) {
        (Status::Created, _) => "created",
        (Status::Started, _) => "started",
        (Status::Over, None) => "unknownFinish",
        (Status::Over, Some(o)) => match o.termination {
            Termination::Checkmate => "mate",
            Termination::Resignation => "resign",
            Termination::Stalemate => "stalemate",
            Termination::FlagFall
            | Termination::FlagFallOpponentCannotMate
            | Termination::BothFlags => "outoftime",
            Termination::ColoursReversedRestart | Termination::Aborted => "aborted",
            // A resignation before one's first move is still lichess's
            // resign; any other game never played, its noStart.
            Termination::Unplayed if matches!(o.ruling.reason, Reason::Resigns { .. }) => "resign",
            Termination::Unplayed => "noStart",
            Termination::ArbiterDecision if o.result == GameResult::Unknown => "aborted",
            Termination::IllegalMoves
            | Termination::IllegalMovesOpponentCannotMate
            | Termination::ArbiterDecision => "unknownFinish",
            _ => "draw",
        },
    }
}

/// Lichess's numeric status id.
pub fn status_id(name: &str) -> u32 {
    match name {
        "created" => 10,
        "started" => 20,
        "aborted" => 25,
        "mate" => 30,
        "resign" => 31,
        "stalemate" => 32,
        "timeout" => 33,
        "draw" => 34,
        "outoftime" => 35,
        "cheat" => 36,
        "noStart" => 37,
        _ => 38,
    }
}

fn winner(view: &View) -> Option<&'static str> {
    match view.outcome.as_ref().map(|o| o.result) {
        Some(GameResult::WhiteWins) => Some("white"),
        Some(GameResult::BlackWins) => Some("black"),
        _ => None,
    }
}

/// `white` or `black`.
fn side(color: Color) -> String {
    color.fold("white", "black").to_string()
}

/// The initial time and the increment, ms, when the control is one
/// lichess can show (`None` untimed).
pub fn clock(tc: &TimeControl) -> Option<(u64, u64)> {
    if !tc.is_timed() {
        return None;
    }
    let inc = match tc.period(0).map(|p| p.bonus) {
        Some(Bonus::Increment(ms)) => ms,
        _ => 0,
    };
    Some((tc.initial_ms(), inc))
}

/// `ultraBullet`, `bullet`, `blitz`, `rapid`, `classical` or `correspondence`.
pub fn speed(tc: &TimeControl) -> &'static str {
    match clock(tc) {
        None => "correspondence",
        Some((initial, inc)) => {
            let estimate = initial / 1000 + 40 * inc / 1000;
            match estimate {
                0..30 => "ultraBullet",
                30..180 => "bullet",
                180..480 => "blitz",
                480..1500 => "rapid",
                _ => "classical",
            }
        }
    }
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

fn variant(meta: &GameMeta) -> Variant {
    Variant::of(meta.setup.fen.is_some())
}

fn player_id(meta: &GameMeta, color: Color) -> String {
    let index = color.fold(0, 1);
    match &meta.accounts[index] {
        Some(id) => id.clone(),
        None => meta.setup.player(color).name.to_lowercase(),
    }
}

fn player(meta: &GameMeta, color: Color) -> Player {
    let p = meta.setup.player(color);
    Player {
        id: player_id(meta, color),
        name: p.name.clone(),
        title: None,
        rating: p.rating.unwrap_or(1500),
        provisional: p.rating.is_none(),
    }
}

/// A `gameState` line.
pub fn game_state(meta: &GameMeta, view: &View, moves_uci: &str) -> GameState {
    let controls = meta.setup.time_controls();
    let inc = |tc: &TimeControl| clock(tc).map_or(0, |(_, inc)| inc);
    GameState {
        moves: moves_uci.to_string(),
        wtime: view.clock.white_ms.max(0),
        btime: view.clock.black_ms.max(0),
        winc: inc(&controls.white),
        binc: inc(&controls.black),
        status: status_name(view).to_string(),
        wdraw: view.pending_offer == Some(Color::White),
        bdraw: view.pending_offer == Some(Color::Black),
        wtakeback: false,
        btakeback: false,
        winner: winner(view).map(str::to_string),
    }
}

/// A `gameFull` line: the game's head and its state.
pub fn game_full(meta: &GameMeta, view: &View, moves_uci: &str) -> GameFull {
    let tc = &meta.setup.time_control;
    let speed = speed(tc);
    GameFull {
        id: meta.id.clone(),
        rated: false,
        variant: variant(meta),
        clock: clock(tc).map(|(initial, increment)| Clock { initial, increment }),
        speed: speed.to_string(),
        perf: Perf {
            icon: None,
            name: capitalised(speed),
        },
        created_at: meta.created_unix_ms,
        white: player(meta, Color::White),
        black: player(meta, Color::Black),
        initial_fen: meta
            .setup
            .fen
            .clone()
            .unwrap_or_else(|| "startpos".to_string()),
        state: game_state(meta, view, moves_uci),
    }
}

/// The `game` of `gameStart` and `gameFinish` events, for the player of
/// `color`.
pub fn event_game(meta: &GameMeta, view: &View, color: Color) -> EventGame {
    let status = status_name(view);
    let speed = speed(&meta.setup.time_control);
    let opponent = meta.setup.player(!color);
    EventGame {
        game_id: meta.id.clone(),
        full_id: meta.id.clone(),
        id: meta.id.clone(),
        color: side(color),
        fen: view.fen.clone(),
        has_moved: view.moves_from + view.moves.len() > usize::from(color == Color::Black),
        is_my_turn: view.status != Status::Over && view.turn == color,
        last_move: view
            .last_move
            .as_ref()
            .map(|[a, b]| format!("{a}{b}"))
            .unwrap_or_default(),
        opponent: Opponent {
            id: player_id(meta, !color),
            username: opponent.name.clone(),
            rating: opponent.rating.unwrap_or(1500),
        },
        perf: speed.to_string(),
        rated: false,
        seconds_left: view.clock.remaining(color).max(0) / 1000,
        source: "friend".into(),
        status: LichessStatus {
            id: status_id(status),
            name: status.to_string(),
        },
        speed: speed.to_string(),
        variant: variant(meta),
        compat: Compat {
            bot: true,
            board: true,
        },
        winner: winner(view).map(str::to_string),
    }
}

/// A game as lichess exports it in JSON (`/game/export/{id}`,
/// `/api/games/user/{name}`): the players, the status and winner, the
/// moves in SAN, the clock.
pub fn export_game(meta: &GameMeta, view: &View) -> Value {
    let status = status_name(view);
    let tc = &meta.setup.time_control;
    let side = |color: Color| {
        let p = meta.setup.player(color);
        json!({
            "user": {"name": p.name, "id": player_id(meta, color)},
            "rating": p.rating.unwrap_or(1500),
            "provisional": p.rating.is_none(),
        })
    };
    let moves: Vec<&str> = view.moves.iter().map(|m| m.san.as_str()).collect();
    let mut game = json!({
        "id": meta.id,
        "rated": false,
        "variant": if meta.setup.fen.is_some() { "fromPosition" } else { "standard" },
        "speed": speed(tc),
        "perf": speed(tc),
        "createdAt": meta.created_unix_ms,
        "lastMoveAt": view.server_unix_ms,
        "status": status,
        "source": "friend",
        "players": {"white": side(Color::White), "black": side(Color::Black)},
        "moves": moves.join(" "),
    });
    if let Some((initial, increment)) = clock(tc) {
        game["clock"] = json!({
            "initial": initial / 1000,
            "increment": increment / 1000,
            "totalTime": initial / 1000 + 40 * increment / 1000,
        });
    }
    if let Some(fen) = &meta.setup.fen {
        game["initialFen"] = json!(fen);
    }
    if let Some(w) = winner(view) {
        game["winner"] = json!(w);
    }
    game
}
