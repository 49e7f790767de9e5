//! What of a game the public sees: under its event's broadcast delay
//! (`arbiter_tournament::director::BroadcastDelay`), a game in progress is
//! shown as it stood the delay ago: its record cut to the events older
//! than the delay, the clocks as they were at the last of them. Its
//! players and its arbiter see it live, and so does everyone once it has
//! ended. Every public feed of a game reads it through here.

use std::sync::Arc;

use arbiter_protocol::view::Head;
use arbiter_referee::{Game, SetupError};
use arbiter_tournament::director::BroadcastDelay;

use super::{ActError, GameHandle, View};
use crate::time::unix_ms;

/// How a caller sees a game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Sight {
    /// Everything, as it happens: the players, the arbiter, and anyone
    /// watching a game whose event has no delay.
    Live,
    /// The public of an event with a broadcast delay.
    Delayed(BroadcastDelay),
}

/// A game cut to its public part.
#[derive(Clone, Debug)]
pub struct Cut {
    /// The game replayed up to its last public event.
    pub game: Game,
    /// That event's moment on the game's time line (0: none is public):
    /// the clocks are read there.
    pub at_ms: u64,
}

/// The game as `sight` sees it at `now_unix_ms` (its time line starting at
/// `epoch_unix_ms`): `None` when that is all of it (seen live, ended, or
/// every event older than the delay), otherwise its public part. The
/// public part is a beginning of the record, so that it replays as the
/// game did then. (Its replay fails only if the game's own setup does,
/// which made the game: an error, never the whole game shown instead.)
pub fn cut(
    game: &Game,
    epoch_unix_ms: i64,
    sight: Sight,
    now_unix_ms: i64,
) -> Result<Option<Cut>, SetupError> {
    let Sight::Delayed(delay) = sight else {
        return Ok(None);
    };
    let events = game.events();
    let made_at: Vec<i64> = events
        .iter()
        .map(|e| epoch_unix_ms.saturating_add(e.at_ms as i64))
        .collect();
    let public = delay.public_plies(&made_at, game.outcome().is_some(), now_unix_ms);
    if public == events.len() {
        return Ok(None);
    }
    let (game, _) = Game::replay(game.setup().clone(), events[..public].to_vec())?;
    let at_ms = events[..public].last().map_or(0, |e| e.at_ms);
    Ok(Some(Cut { game, at_ms }))
}

/// Why a game could not be shown as a caller sees it.
#[derive(Debug, thiserror::Error)]
pub enum SeenError {
    /// The game's actor could not answer.
    #[error(transparent)]
    Act(#[from] ActError),
    /// Its public part could not be replayed.
    #[error("the game's public part: {0}")]
    Setup(#[from] SetupError),
}

impl GameHandle {
    /// Reads the game as `sight` sees it now: `f` is given the live game,
    /// or its public part.
    pub async fn read_seen<T: Send + 'static>(
        &self,
        sight: Sight,
        f: impl FnOnce(&Game) -> T + Send + 'static,
    ) -> Result<T, SeenError> {
        let epoch = self.meta.epoch_unix_ms;
        let read = self
            .read(move |g| match cut(g, epoch, sight, unix_ms()) {
                Ok(None) => Ok(f(g)),
                Ok(Some(c)) => Ok(f(&c.game)),
                Err(e) => Err(e),
            })
            .await?;
        Ok(read?)
    }

    /// Whether `sight` sees the whole game now.
    pub async fn seen_whole(&self, sight: Sight) -> Result<bool, SeenError> {
        if sight == Sight::Live {
            return Ok(true);
        }
        let epoch = self.meta.epoch_unix_ms;
        let cut = self
            .read(move |g| cut(g, epoch, sight, unix_ms()).map(|c| c.is_none()))
            .await??;
        Ok(cut)
    }

    /// The game's view as `sight` sees it now: the live view, or its
    /// public part's, with the clocks as they were at its last event.
    pub async fn view_seen(&self, sight: Sight) -> Result<View, SeenError> {
        if sight == Sight::Live {
            return Ok(self.view().await?);
        }
        let epoch = self.meta.epoch_unix_ms;
        let id: Arc<str> = Arc::from(self.meta.id.as_str());
        let head = Arc::new(Head::of(&self.meta.setup));
        let cut = self
            .read(move |g| cut(g, epoch, sight, unix_ms()))
            .await??;
        match cut {
            None => Ok(self.view().await?),
            Some(c) => Ok(View::of(
                &id,
                &head,
                &c.game,
                c.at_ms,
                epoch.saturating_add(c.at_ms as i64),
                0,
            )),
        }
    }
}
