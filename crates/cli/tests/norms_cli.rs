//! `arbiter norms` on a TRF file: a GM norm made and one missed, in
//! columns and as JSON.

// The norm module's test events.
#[path = "../../tournament/tests/norm_events/mod.rs"]
mod norm_events;

use arbiter_rules::PlayerResult::{self, Draw, Loss, Win};
use arbiter_tournament::trf;
use assert_cmd::Command;

/// An IM of CHN rated 2400 against three GMs, two IMs and an FM (Ra 2444),
/// with `results`, as TRF.
fn event(results: [PlayerResult; 9]) -> String {
    trf::write(&norm_events::event(&norm_events::with(results)))
}

fn applicant_gm(text: &str) -> serde_json::Value {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("event.trf");
    std::fs::write(&path, text).unwrap();
    let output = Command::cargo_bin("arbiter")
        .unwrap()
        .args(["norms", "--json"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(output.status.success());
    String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        .find(|v| v["start_no"] == 1 && v["title"] == "GM")
        .expect("the applicant's GM line")
}

#[test]
fn a_gm_norm_made_and_one_missed_by_half_a_point() {
    let made = applicant_gm(&event([Win, Draw, Draw, Win, Draw, Win, Win, Win, Loss]));
    assert_eq!(made["norm"], true);
    assert_eq!(
        (made["average"].as_i64(), made["performance"].as_i64()),
        (Some(2444), Some(2610))
    );
    assert_eq!(made["missed"].as_array().unwrap().len(), 0);

    let missed = applicant_gm(&event([Win, Draw, Draw, Win, Draw, Win, Win, Draw, Loss]));
    assert_eq!(missed["norm"], false);
    let failed = &missed["missed"][0];
    assert_eq!(failed["rule"], "FIDE B.01 1.4.8");
    assert_eq!(failed["requirement"], "performance");
    assert_eq!(
        failed["message"]["en"],
        "performance 2569, 2600 needed: 6.5 points would have reached it"
    );
}
