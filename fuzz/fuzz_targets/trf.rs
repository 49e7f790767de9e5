//! TRF: any text either fails with an error naming a non-blank line of the
//! file (as an editor numbers them), or reads as a tournament that writes
//! and reads back the same, whose standings can be computed, and whose
//! next round can be paired and played rounds checked by the Dutch system.
#![no_main]

use arbiter_tournament::dutch::{self, Acceleration};
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
            // What `arbiter pair --dutch -p` and `-c` do with the file, on
            // fields small enough to keep the runs fast.
            let rounds = dutch::rounds_paired(&tournament);
            if tournament.entrants.len() <= 24 && rounds < 12 {
                for baku in [false, true] {
                    let acceleration = Acceleration { baku };
                    let _ =
                        dutch::pair(&dutch::round_to_pair(&tournament, rounds + 1, acceleration));
                    let _ = dutch::check(&tournament, acceleration);
                }
            }
        }
        Err(e) => {
            // Lines as an editor numbers them: LF, CRLF and CR each end one.
            let lines: Vec<&str> = text
                .split('\n')
                .flat_map(|l| l.strip_suffix('\r').unwrap_or(l).split('\r'))
                .collect();
            assert!(e.line >= 1 && e.line <= lines.len(), "{e}");
            assert!(
                !lines[e.line - 1].trim().is_empty(),
                "{e} names a blank line"
            );
            assert!(e.column >= 1);
        }
    }
});
