//! A round's live broadcast: each board's game as the world may see it
//! now, read from its referee at each request, so a move is public as
//! soon as it is acknowledged. One place ([`LiveTournament::public_round`])
//! decides what of a game is public; the PGN file relays poll
//! ([`pgn`]) and LiveChessCloud's files ([`lcc`]) are written from what it
//! gives. Under the event's broadcast delay (a fair-play measure) a game in
//! progress is given as it stood the delay ago ([`crate::game::Sight`]).

pub mod lcc;
pub mod pgn;

use arbiter_pgn::GameResult;
use arbiter_protocol::view::Status;
use arbiter_referee::pgn_export::to_pgn_game;
use arbiter_referee::{ClockReading, PlyRecord};
use arbiter_tournament::director::{BoardResult, Registration};

use super::Venue;
use super::{LiveTournament, TournamentError};
use crate::game::{ActError, SeenError, Sight};

/// A round as the world may see it now.
#[derive(Debug, Clone)]
pub struct PublicRound {
    /// When it was published, ms since 1970.
    pub published_at_ms: Option<i64>,
    /// Its boards, board 1 first (none before the round is published).
    pub boards: Vec<PublicBoard>,
}

/// One board's game as the world may see it now.
#[derive(Debug, Clone)]
pub struct PublicBoard {
    /// The board's number, from 1.
    pub board: u32,
    /// The game's id.
    pub game: String,
    /// The players as the tournament registered them.
    pub white: Registration,
    /// Black.
    pub black: Registration,
    /// The game's record: its tags, each move with its clock, its result
    /// (the arbiter's, for a game that has none of its own).
    pub record: arbiter_pgn::Game,
    /// The moves made, with their times.
    pub plies: Vec<PlyRecord>,
    /// The clocks, while the game runs.
    pub clock: Option<RunningClock>,
}

/// The clocks of a game being played, read at one moment.
#[derive(Debug, Clone, Copy)]
pub struct RunningClock {
    /// The reading.
    pub reading: ClockReading,
    /// Its moment, ms since 1970.
    pub at_unix_ms: i64,
}

impl LiveTournament {
    /// Round `round` as the world may see it now (`None`: no such round):
    /// every game as it stood the event's broadcast delay ago, a finished
    /// game whole.
    pub async fn public_round(&self, round: u32) -> Result<Option<PublicRound>, TournamentError> {
        type Seat = (u32, String, Option<BoardResult>, Registration, Registration);
        let paired: Option<(Option<i64>, Vec<Seat>)> = self
            .read(|d| {
                d.round(round).map(|r| {
                    let registration = |id| {
                        d.player(id)
                            .map(|p| p.registration.clone())
                            .unwrap_or_default()
                    };
                    let seats = r
                        .boards
                        .iter()
                        .enumerate()
                        .filter_map(|(i, b)| {
                            let game = b.game.clone()?;
                            Some((
                                i as u32 + 1,
                                game,
                                b.result,
                                registration(b.board.white),
                                registration(b.board.black),
                            ))
                        })
                        .collect();
                    (r.published_at_ms, seats)
                })
            })
            .await;
        let Some((published_at_ms, seats)) = paired else {
            return Ok(None);
        };
        let delay = self.read(|d| d.broadcast_delay()).await;
        let sight = if delay.is_none() {
            Sight::Live
        } else {
            Sight::Delayed(delay)
        };
        let boards = futures_util::future::join_all(
            seats
                .into_iter()
                .map(|seat| public_board(&self.venue, sight, seat)),
        )
        .await;
        Ok(Some(PublicRound {
            published_at_ms,
            boards: boards
                .into_iter()
                .collect::<Result<Vec<_>, _>>()?
                .into_iter()
                .flatten()
                .collect(),
        }))
    }
}

/// One board's game now (`None`: its game is gone). A result the arbiter
/// entered for a game that has none of its own (played elsewhere, a
/// forfeit he declared) is the record's result, as the tournament counts
/// it.
async fn public_board(
    venue: &Venue,
    sight: Sight,
    (board, game, result, white, black): (
        u32,
        String,
        Option<BoardResult>,
        Registration,
        Registration,
    ),
) -> Result<Option<PublicBoard>, TournamentError> {
    // A finished game's actor may stop between finding and reading it:
    // once more, then it is read back from its log.
    for attempt in 0..3 {
        let Some(handle) = venue.games.game(&game).await? else {
            return Ok(None);
        };
        // The clocks come with the view, the record from the referee: the
        // two are taken one after the other, so a move in between is
        // seen by the move count and the clocks are read again.
        let view = match handle.view_seen(sight).await {
            Ok(view) => view,
            Err(SeenError::Act(ActError::Stopped)) => continue,
            Err(_) => return Ok(None),
        };
        let read = handle
            .read_seen(sight, move |g| {
                let mut record = to_pgn_game(g);
                if record.result == Some(GameResult::Unknown)
                    && let Some(r) = result
                    && let Ok(entered) = r.pgn().parse::<GameResult>()
                {
                    record.tags.insert("Result", r.pgn());
                    record.result = Some(entered);
                }
                (record, g.plies().to_vec())
            })
            .await;
        let (record, plies) = match read {
            Ok(read) => read,
            Err(SeenError::Act(ActError::Stopped)) => continue,
            Err(_) => return Ok(None),
        };
        let same_moment = plies.len() == view.moves_from + view.moves.len();
        if !same_moment && attempt < 2 {
            continue;
        }
        let running = same_moment
            && view.status == Status::Started
            && record.result == Some(GameResult::Unknown)
            && view.clock.timed;
        let clock = running.then_some(RunningClock {
            reading: view.clock,
            at_unix_ms: view.server_unix_ms,
        });
        return Ok(Some(PublicBoard {
            board,
            game,
            white,
            black,
            record,
            plies,
            clock,
        }));
    }
    Ok(None)
}
