//! One module per subcommand.

pub mod check;
pub mod inspect;
pub mod match_;
pub mod perft;
pub mod replay;
