//! Live games: one actor task per game owns its referee [`Game`], stamps
//! each client action with the server's clock, waits for the writer to
//! make accepted events durable, then tells everybody watching. The game
//! service ([`Games`]) finds, makes and loads them.
//!
//! [`Game`]: arbiter_referee::Game

mod actor;
mod desk;
mod handle;
mod listener;
mod public;
mod service;

pub use arbiter_protocol::view::{self, Status};
pub use arbiter_protocol::{View, WrittenVerdict};
pub use desk::DeskView;
pub use handle::{
    ActError, Acted, GameHandle, GameMeta, Refusal, RematchAnswer, RematchGame, Role, Room, Update,
};
pub use listener::GameListener;
pub use public::{SeenError, Sight};
pub use service::{GameError, Games};
