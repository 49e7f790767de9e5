//! Live games: one actor task per game owns its referee [`Game`], stamps
//! each client action with the server's clock, waits for the writer to
//! make accepted events durable, then tells everybody watching.
//!
//! [`Game`]: arbiter_referee::Game

mod actor;
mod handle;
pub mod view;
mod written_verdict;

pub use actor::{kind_name, spawn};

/// What every game actor shares.
pub mod actor_context {
    pub use super::actor::Context;
}
pub use handle::{
    ActError, BoardSeen, ChatLine, GameHandle, GameMeta, Refusal, RematchAnswer, RematchGame, Role,
    Room, Update,
};
pub use view::{Status, View};
pub use written_verdict::WrittenVerdict;
