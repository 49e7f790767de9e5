//! The README is where a newcomer meets the tool: it names every command
//! `arbiter --help` lists and links every document under `docs/`, so that
//! a command or a document added later cannot be left off it.

use std::path::{Path, PathBuf};
use std::process::Command;

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .nth(2)
        .expect("crates/cli sits two levels below the workspace")
        .to_path_buf()
}

fn readme() -> String {
    std::fs::read_to_string(workspace_root().join("README.md")).expect("README.md is readable")
}

/// The commands `arbiter --help` lists (clap's `Commands:` block), but
/// `help` itself.
fn commands() -> Vec<String> {
    let out = Command::new(env!("CARGO_BIN_EXE_arbiter"))
        .arg("--help")
        .output()
        .expect("arbiter runs");
    assert!(out.status.success());
    String::from_utf8(out.stdout)
        .expect("the help is UTF-8")
        .lines()
        .skip_while(|line| !line.starts_with("Commands:"))
        .skip(1)
        .take_while(|line| !line.trim().is_empty())
        .filter_map(|line| line.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_string)
        .collect()
}

#[test]
fn the_readme_names_every_command() {
    let readme = readme();
    let commands = commands();
    assert!(commands.len() >= 10, "{commands:?}");
    for command in &commands {
        assert!(
            readme.contains(&format!("`arbiter {command} "))
                || readme.contains(&format!("`arbiter {command}`")),
            "README.md does not name `arbiter {command}`"
        );
    }
}

#[test]
fn the_readme_links_every_document() {
    let readme = readme();
    let docs = std::fs::read_dir(workspace_root().join("docs")).expect("docs/ is readable");
    let mut linked = 0;
    for entry in docs {
        let name = entry.unwrap().file_name().into_string().unwrap();
        if name.ends_with(".md") {
            assert!(
                readme.contains(&format!("(docs/{name})")),
                "README.md does not link docs/{name}"
            );
            linked += 1;
        }
    }
    assert!(linked >= 10, "{linked} documents");
}
