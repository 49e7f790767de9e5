//! One module per subcommand.

pub mod account;
pub mod board;
pub mod board_sim;
pub mod check;
pub mod inspect;
pub mod match_;
pub mod pair;
pub mod perft;
pub mod rating_report;
pub mod replay;
pub mod serve;
pub mod standings;
pub mod verify;
pub mod verify_proof;
pub mod witness;
