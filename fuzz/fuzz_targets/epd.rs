//! EPD: any text either fails with an error or reads as a set-up and its
//! operations.
#![no_main]

use arbiter_rules::fen::Epd;
use arbiter_rules::{CastlingMode, Position};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    if let Ok(epd) = Epd::from_line(&text) {
        let _ = Position::from_setup(&epd.setup, CastlingMode::detect(&epd.setup));
    }
});
