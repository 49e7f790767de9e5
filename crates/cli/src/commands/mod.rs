//! One module per subcommand.

pub mod match_;
pub mod perft;
