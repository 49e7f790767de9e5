//! The layering of CONTRIBUTING.md's table holds: each crate depends only
//! on the Arbiter crates its row allows, every crate has a row, and the
//! test-data crate is never a dependency of shipped code.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .nth(2)
        .expect("crates/cli sits two levels below the workspace")
        .to_path_buf()
}

/// One row of the layout table: a package and the packages it may use.
struct Row {
    package: String,
    allowed: BTreeSet<String>,
}

/// The rows of CONTRIBUTING.md's layout table that name a crate, in order.
fn layout_table() -> Vec<Row> {
    let text = std::fs::read_to_string(workspace_root().join("CONTRIBUTING.md"))
        .expect("CONTRIBUTING.md is readable");
    let mut rows: Vec<Row> = Vec::new();
    for line in text.lines().filter(|l| l.starts_with("| `crates/")) {
        let cells: Vec<&str> = line.split('|').map(str::trim).collect();
        // "", folder, package, job, may depend on, ""
        assert_eq!(cells.len(), 6, "a layout row has four cells: {line}");
        let package = cells[2].trim_matches('`').to_string();
        let short_names: BTreeSet<String> = match cells[4] {
            "nothing" => BTreeSet::new(),
            "all of the above" => rows.iter().map(|r| r.package.clone()).collect(),
            list => list
                .split(',')
                .map(|name| format!("arbiter-{}", name.trim()))
                .collect(),
        };
        rows.push(Row {
            package,
            allowed: short_names,
        });
    }
    rows
}

/// Each workspace package with the Arbiter packages it depends on,
/// by kind of dependency (`normal`, `build`, `dev`).
fn workspace_dependencies() -> BTreeMap<String, Vec<(String, String)>> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let output = Command::new(cargo)
        .args([
            "metadata",
            "--format-version",
            "1",
            "--no-deps",
            "--offline",
        ])
        .current_dir(workspace_root())
        .output()
        .expect("cargo metadata runs");
    assert!(output.status.success(), "{output:?}");
    let metadata: Value = serde_json::from_slice(&output.stdout).expect("metadata is JSON");
    let mut packages = BTreeMap::new();
    for package in metadata["packages"].as_array().expect("packages") {
        let name = package["name"].as_str().expect("name").to_string();
        let deps = package["dependencies"]
            .as_array()
            .expect("dependencies")
            .iter()
            .filter_map(|d| {
                let dep = d["name"].as_str()?;
                let kind = d["kind"].as_str().unwrap_or("normal");
                (dep == "arbiter" || dep.starts_with("arbiter-"))
                    .then(|| (dep.to_string(), kind.to_string()))
            })
            .collect();
        packages.insert(name, deps);
    }
    packages
}

#[test]
fn every_crate_has_a_row_in_the_layout_table() {
    let rows: BTreeSet<String> = layout_table().into_iter().map(|r| r.package).collect();
    for package in workspace_dependencies().keys() {
        assert!(
            rows.contains(package),
            "{package} is missing from CONTRIBUTING.md's layout table"
        );
    }
}

#[test]
fn each_crate_depends_only_on_the_crates_its_row_allows() {
    let rows = layout_table();
    let packages = workspace_dependencies();
    for row in &rows {
        let deps = packages
            .get(&row.package)
            .unwrap_or_else(|| panic!("{} has a row but is not in the workspace", row.package));
        for (dep, kind) in deps {
            // Tests may link any crate (a test of the catalogues links the
            // crates whose messages it checks); shipped code may not.
            if kind == "dev" {
                continue;
            }
            assert!(
                row.allowed.contains(dep),
                "{} has a {kind} dependency on {dep}, which its row in \
                 CONTRIBUTING.md does not allow ({:?})",
                row.package,
                row.allowed
            );
        }
    }
}

#[test]
fn the_test_data_crate_is_only_a_dev_dependency() {
    for (package, deps) in workspace_dependencies() {
        for (dep, kind) in deps {
            assert!(
                dep != "arbiter-testdata" || kind == "dev",
                "{package} ships a {kind} dependency on arbiter-testdata"
            );
        }
    }
}
