//! TRF: any text either fails with an error naming a line of the file, or
//! reads as a tournament that writes and reads back the same, and whose
//! standings can be computed.
#![no_main]

use arbiter_tournament::tiebreak::{Options, Tiebreak, standings};
use arbiter_tournament::trf;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    match trf::read(&text) {
        Ok(tournament) => {
            let written = trf::write(&tournament);
            let again = trf::read(&written).expect("a written tournament reads");
            // Points written with one decimal and names cut to their
            // columns may differ; the pairings may not.
            assert_eq!(again.entrants.len(), tournament.entrants.len());
            for (a, b) in again.entrants.iter().zip(&tournament.entrants) {
                assert_eq!(a.rounds, b.rounds);
            }
            let list: Vec<Tiebreak> = ["PTS", "BH/C1", "SB", "DE", "TPR", "PTP", "AOB"]
                .iter()
                .map(|t| t.parse().unwrap())
                .collect();
            let _ = standings(&tournament, &list, &Options::default());
        }
        Err(e) => {
            let lines = text.split(['\n', '\r']).filter(|l| !l.is_empty()).count();
            assert!(e.line >= 1 && e.line <= lines.max(1), "{e}");
            assert!(e.column >= 1);
        }
    }
});
