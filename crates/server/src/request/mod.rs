//! What the HTTP adapters (Arbiter's own API and pages, `http`, and
//! lichess's, `lichess`) share, so that neither imports the other: the
//! bearer token, the game and seat a path names, errors as HTTP answers,
//! and the layers in front of every route (the rate limit, and on a node
//! the relay to the node that runs a game).

pub mod auth;
pub mod error;
pub mod field;
pub mod forward;
pub mod limits;
pub mod seat;
