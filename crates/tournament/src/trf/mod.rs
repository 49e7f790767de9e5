//! The Tournament Report File: FIDE's fixed-column text format for a
//! tournament (TRF-16 and TRF-2026), with bbpPairings' extension lines
//! (`XXR`, `XXC`, `XXA`, `XXP`, `XXZ`, `BBW`/`BBD`/`BBL`/`BBZ`/`BBF`/`BBU`).

mod error;
mod read;
mod report;
mod write;

pub use error::{TrfError, TrfErrorKind};
pub use read::read;
pub use report::{ReportError, TrfEdition, rating_report};
pub use write::write;
