//! The subset of lichess's Board and Bot APIs that lets lichess clients
//! (berserk, lichess-bot, board apps) play on Arbiter unmodified: the event
//! stream, the game stream, moves, draws, resignation, abort, claims,
//! challenges, the account calls a client makes at start, game exports,
//! the short game links clients print, and Swiss tournaments.

pub mod export;
pub mod format;
pub mod lobby;
pub mod routes;
pub mod swiss;
pub mod users;
