//! The capture reader of `arbiter board --replay`: no text may panic it; a
//! refusal names a line of the text, and a capture it reads, written back
//! as a timed capture, reads back the same.
#![no_main]

use arbiter_eboard::capture::{Capture, TIMED_HEADER, timed_line};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match Capture::parse(text, 25) {
        Ok(capture) => {
            let kept: Vec<(u64, Vec<u8>)> = capture
                .chunks()
                .iter()
                .filter(|(_, bytes)| !bytes.is_empty())
                .cloned()
                .collect();
            let mut again = format!("{TIMED_HEADER}\n");
            for (at, bytes) in &kept {
                again.push_str(&timed_line(*at, bytes));
            }
            let back = Capture::parse(&again, 0).expect("a written capture reads");
            assert_eq!(back.chunks(), kept.as_slice());
        }
        Err(e) => assert!(e.line >= 1 && e.line <= text.lines().count()),
    }
});
