//! Embeds every catalogue under `catalogue/` (one `LANG.json` per
//! language), so that a new language is a new file and nothing else. Each
//! catalogue must parse and hold exactly the English catalogue's keys: a
//! missing or stray key fails the build, naming the key and the file.
//!
//! An entry may quote another of its language with `{@key}`: a name
//! written once (the name of an ending, say) and used in the sentences
//! that state it. The build puts the quoted text in place, so the
//! catalogues embedded, and served to the web page, hold plain templates.

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
    let out = Path::new(&env::var("OUT_DIR").unwrap()).to_path_buf();
    let mut code = String::from("/// Every embedded catalogue: its language and its JSON text.\n");
    code.push_str("pub(crate) const SOURCES: &[(&str, &str)] = &[\n");
    for (language, entries, path) in &languages {
        let resolved: BTreeMap<&String, String> = entries
            .keys()
            .map(|key| (key, quoted(entries, key, path, &mut Vec::new())))
            .collect();
        let file = out.join(format!("{language}.json"));
        fs::write(&file, serde_json::to_string_pretty(&resolved).unwrap()).unwrap();
        let file = file.display().to_string();
        code.push_str(&format!("    ({language:?}, include_str!({file:?})),\n"));
    }
    code.push_str("];\n");
    fs::write(out.join("catalogues.rs"), code).unwrap();
}

/// The template of `key` with every `{@other}` replaced by `other`'s own
/// template, itself resolved. `within` is the chain of keys being
/// resolved, so that an entry quoting itself, at any depth, fails the
/// build rather than looping.
fn quoted(
    entries: &BTreeMap<String, String>,
    key: &str,
    path: &str,
    within: &mut Vec<String>,
) -> String {
    if within.iter().any(|k| k == key) {
        panic!("{path}: {key:?} quotes itself through {within:?}");
    }
    within.push(key.to_string());
    let mut rest = entries[key].as_str();
    let mut text = String::new();
    while let Some(open) = rest.find("{@") {
        let close = rest[open..]
            .find('}')
            .map(|c| open + c)
            .unwrap_or_else(|| panic!("{path}: {key:?} opens a quote {{@ it does not close"));
        let other = &rest[open + 2..close];
        if !entries.contains_key(other) {
            panic!("{path}: {key:?} quotes {other:?}, which is not an entry");
        }
        text.push_str(&rest[..open]);
        text.push_str(&quoted(entries, other, path, within));
        rest = &rest[close + 1..];
    }
    text.push_str(rest);
    within.pop();
    text
}
