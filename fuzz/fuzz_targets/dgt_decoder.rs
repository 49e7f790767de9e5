//! The DGT decoder and the board reader: no bytes, in no chunking, may
//! panic either; every message read writes back to bytes that read as the
//! same message.
#![no_main]

use arbiter_eboard::{BoardReader, Decoder};
use arbiter_rules::Position;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&cut, bytes)) = data.split_first() else {
        return;
    };
    let cut = usize::from(cut).max(1);
    let mut decoder = Decoder::new();
    let mut reader = BoardReader::new(Position::new());
    reader.start();
    let mut at = 0;
    for piece in bytes.chunks(cut) {
        decoder.feed(piece);
        while let Some(result) = decoder.next_message() {
            let Ok(message) = result else { continue };
            let mut again = Decoder::new();
            again.feed(&message.to_bytes());
            assert_eq!(again.next_message(), Some(Ok(message.clone())));
            at += 100;
            let _ = reader.message(&message, at);
            let _ = reader.tick(at + 2000);
        }
    }
    let _ = reader.finish(at + 1);
});
