//! Embeds every catalogue under `catalogue/` (one `LANG.json` per
//! language), so that a new language is a new file and nothing else. Each
//! catalogue must parse and hold exactly the English catalogue's keys: a
//! missing or stray key fails the build, naming the key and the file.

use std::collections::BTreeMap;
use std::path::Path;
use std::{env, fs};

fn main() {
    let dir = Path::new(&env::var("CARGO_MANIFEST_DIR").unwrap()).join("catalogue");
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut languages: Vec<(String, BTreeMap<String, String>, String)> = Vec::new();
    for entry in fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("json") {
            continue;
        }
        println!("cargo:rerun-if-changed={}", path.display());
        let language = path.file_stem().unwrap().to_str().unwrap().to_string();
        let text = fs::read_to_string(&path).unwrap();
        let entries: BTreeMap<String, String> = serde_json::from_str(&text)
            .unwrap_or_else(|e| panic!("{}: not a catalogue: {e}", path.display()));
        languages.push((language, entries, path.display().to_string()));
    }
    // English first: it is the reference the others are checked against,
    // and the language a missing entry falls back to.
    languages.sort_by(|a, b| (a.0 != "en", &a.0).cmp(&(b.0 != "en", &b.0)));
    let english = &languages
        .first()
        .filter(|l| l.0 == "en")
        .expect("catalogue/en.json is missing")
        .1;
    for (language, entries, path) in &languages {
        for key in english.keys() {
            assert!(entries.contains_key(key), "{path}: no entry for {key:?}");
        }
        for key in entries.keys() {
            assert!(
                english.contains_key(key),
                "{path}: {key:?} ({language}) is not an English key"
            );
        }
    }
    let mut code = String::from("/// Every embedded catalogue: its language and its JSON text.\n");
    code.push_str("pub(crate) const SOURCES: &[(&str, &str)] = &[\n");
    for (language, _, path) in &languages {
        code.push_str(&format!("    ({language:?}, include_str!({path:?})),\n"));
    }
    code.push_str("];\n");
    fs::write(
        Path::new(&env::var("OUT_DIR").unwrap()).join("catalogues.rs"),
        code,
    )
    .unwrap();
}
