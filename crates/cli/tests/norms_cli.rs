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

/// `arbiter norms` with `args`, on the norm event with `results`, in a
/// folder of its own.
fn norms_in(results: [PlayerResult; 9], args: &[&str]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("event.trf");
    std::fs::write(&path, event(results)).unwrap();
    let output = Command::cargo_bin("arbiter")
        .unwrap()
        .current_dir(dir.path())
        .arg("norms")
        .arg(&path)
        .args(args)
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    dir
}

/// The texts of the `<dd>`s of the `<dl data-testid=TESTID>` of `page`.
fn facts(page: &str, testid: &str) -> Vec<String> {
    let start = page
        .find(&format!(r#"data-testid="{testid}""#))
        .unwrap_or_else(|| panic!("no {testid}"));
    let list = &page[start..start + page[start..].find("</dl>").unwrap()];
    list.split("<dd>")
        .skip(1)
        .map(|d| d[..d.find("</dd>").unwrap()].to_string())
        .collect()
}

#[test]
fn the_it1_of_a_norm_and_the_it3_are_written_in_chinese_with_the_players_facts() {
    let dir = norms_in(
        [Win, Draw, Draw, Win, Draw, Win, Win, Win, Loss],
        &["--it1", "forms", "--it3", "forms/it3.html", "--lang", "zh"],
    );
    let forms = dir.path().join("forms");
    let mut written: Vec<String> = std::fs::read_dir(&forms)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    written.sort();
    // The applicant's GM norm; his opponents played him alone.
    assert_eq!(written, ["it1-1-GM.html", "it3.html"]);
    let it1 = std::fs::read_to_string(forms.join("it1-1-GM.html")).unwrap();
    assert!(it1.starts_with("<!doctype html>") && it1.contains(r#"<html lang="zh">"#));
    assert!(it1.contains("称号标准证书（FIDE IT1）：GM"), "{it1}");
    assert_eq!(
        facts(&it1, "it1-player"),
        ["Applicant", "–", "CHN", "IM", "2400"]
    );
    let norm = facts(&it1, "it1-norm");
    assert_eq!(
        norm,
        [
            "1–9",
            "9",
            "6.5",
            "2444",
            "2610",
            "3 GM, 2 IM, 1 FM",
            "7: CHN, ESP, FRA, GER, IND, RUS, USA"
        ]
    );
    assert_eq!(it1.matches("<tr><td>").count(), 9, "nine games");
    let it3 = std::fs::read_to_string(forms.join("it3.html")).unwrap();
    assert!(it3.contains("赛事报告（FIDE IT3）"), "{it3}");
    assert_eq!(
        facts(&it3, "it3-field"),
        [
            "10",
            "7: CHN, ESP, FRA, GER, IND, RUS, USA",
            "3 GM, 3 IM, 1 FM"
        ]
    );
    assert!(it3.contains(r#"<a href="it1-1-GM.html">"#), "{it3}");
    assert!(it3.contains("<td>Applicant</td>"));
    // Every label is the catalogue's: a missing one would show its key.
    assert!(!it1.contains("page-") && !it3.contains("page-"));
}

#[test]
fn without_a_norm_no_certificate_is_written_and_the_it3_says_so() {
    // Round 8 drawn: Rp 2569, no GM norm; nor does anyone else make one.
    let dir = norms_in(
        [Win, Draw, Draw, Win, Draw, Win, Win, Draw, Loss],
        &["--it1", ".", "--it3", "it3.html"],
    );
    let it3 = std::fs::read_to_string(dir.path().join("it3.html")).unwrap();
    assert!(it3.contains("Tournament report (FIDE IT3)"), "{it3}");
    assert!(it3.contains(r#"<p data-testid="it3-norms">"#), "{it3}");
    assert!(!dir.path().join("it1-1-GM.html").exists());
}
