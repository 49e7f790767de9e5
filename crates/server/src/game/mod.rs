//! Live games: one actor task per game owns its referee [`Game`], stamps
//! each client action with the server's clock, waits for the writer to
//! make accepted events durable, then tells everybody watching. The game
//! service ([`Games`]) finds, makes and loads them.
//!
//! [`Game`]: arbiter_referee::Game

mod actor;
mod handle;
mod listener;
mod service;
pub mod view;
mod written_verdict;

pub use actor::kind_name;
pub use handle::{
    ActError, BoardSeen, ChatLine, GameHandle, GameMeta, Refusal, RematchAnswer, RematchGame, Role,
    Room, Update,
};
pub use listener::GameListener;
pub use service::{GameError, Games};
pub use view::{Status, View};
pub use written_verdict::WrittenVerdict;
