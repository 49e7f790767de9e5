//! No module of the server imports its caller: the imports among the
//! modules of `src/` go round nowhere.
//!
//! Every `use` (grouped trees and uses over several lines included) and
//! every path written in the code (`crate::store::Op`, `super::view::Head`)
//! is read from the sources, comments and strings left out, and resolved
//! to the module it names. Each folder of modules is then a graph: its
//! files and subfolders are the nodes, and a use by anything in one of
//! them of anything in another is an edge. The folder's own face (`lib.rs`,
//! `mod.rs`) is no node: it declares its children and holds what they
//! share, and what it re-exports counts as the child's that defines it.
//! At the top, `hub` used `tournament` and `tournament` used `hub`; a
//! circle like that fails the test, printed.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A module's path below the crate (`["game", "actor"]`; the root is empty).
type ModulePath = Vec<String>;

/// One source file: its module and its code without comments and strings.
struct Source {
    module: ModulePath,
    code: String,
}

/// Every `.rs` file below `src`, with its module.
fn sources(src: &Path) -> Vec<Source> {
    let mut files = Vec::new();
    collect(src, &mut files);
    files
        .into_iter()
        .map(|file| {
            let relative = file.strip_prefix(src).expect("below src");
            let text = std::fs::read_to_string(&file)
                .unwrap_or_else(|e| panic!("{}: {e}", file.display()));
            Source {
                module: module_of(relative),
                code: code_only(&text),
            }
        })
        .collect()
}

fn collect(dir: &Path, files: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("a readable entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            collect(&path, files);
        } else if path.extension().is_some_and(|e| e == "rs") {
            files.push(path);
        }
    }
}

/// `lib.rs` is the root, `a.rs` and `a/mod.rs` are `a`, `a/b.rs` is `a::b`.
fn module_of(relative: &Path) -> ModulePath {
    let mut parts: Vec<String> = relative
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    let file = parts.pop().expect("a file name");
    let stem = file.trim_end_matches(".rs");
    if !(stem == "mod" || (stem == "lib" && parts.is_empty())) {
        parts.push(stem.to_string());
    }
    parts
}

/// The code of `text` with its comments, string and character literals
/// blanked out (each by a space), so that a path in a doc comment or a
/// message is not taken for a use.
fn code_only(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        let rest = &chars[i..];
        if rest.starts_with(&['/', '/']) {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if rest.starts_with(&['/', '*']) {
            let mut depth = 0;
            while i < chars.len() {
                if chars[i..].starts_with(&['/', '*']) {
                    depth += 1;
                    i += 2;
                } else if chars[i..].starts_with(&['*', '/']) {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
            out.push(' ');
        } else if let Some(end) = raw_string_end(&chars, i) {
            i = end;
            out.push(' ');
        } else if chars[i] == '"' {
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
            out.push(' ');
        } else if chars[i] == '\'' && is_char_literal(&chars, i) {
            i += 1;
            while i < chars.len() && chars[i] != '\'' {
                i += if chars[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
            out.push(' ');
        } else {
            out.push(chars[i]);
            i += 1;
        }
    }
    out
}

/// Where the raw string (`r"…"`, `r#"…"#`, `br"…"`) starting at `i` ends.
fn raw_string_end(chars: &[char], i: usize) -> Option<usize> {
    let mut j = i;
    if chars.get(j) == Some(&'b') {
        j += 1;
    }
    if chars.get(j) != Some(&'r') || (i > 0 && is_ident(chars[i - 1])) {
        return None;
    }
    j += 1;
    let hashes = chars[j..].iter().take_while(|&&c| c == '#').count();
    j += hashes;
    if chars.get(j) != Some(&'"') {
        return None;
    }
    j += 1;
    while j < chars.len() {
        if chars[j] == '"'
            && chars[j + 1..]
                .iter()
                .take(hashes)
                .filter(|&&c| c == '#')
                .count()
                == hashes
        {
            return Some(j + 1 + hashes);
        }
        j += 1;
    }
    Some(chars.len())
}

/// `'x'` or `'\n'` rather than a lifetime (`'a`, `'static`).
fn is_char_literal(chars: &[char], i: usize) -> bool {
    match chars.get(i + 1) {
        Some('\\') => true,
        Some(_) => chars.get(i + 2) == Some(&'\''),
        None => false,
    }
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The code's tokens: identifiers, `::`, and single punctuation.
fn tokens(code: &str) -> Vec<String> {
    let chars: Vec<char> = code.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            i += 1;
        } else if is_ident(c) {
            let start = i;
            while i < chars.len() && is_ident(chars[i]) {
                i += 1;
            }
            out.push(chars[start..i].iter().collect());
        } else if chars[i..].starts_with(&[':', ':']) {
            out.push("::".into());
            i += 2;
        } else {
            out.push(c.to_string());
            i += 1;
        }
    }
    out
}

/// A path as written, and the inline module (`mod tests { … }`) it is
/// written in, below the file's own.
struct Written {
    inline: Vec<String>,
    path: Vec<String>,
    /// In a `use` declaration.
    used: bool,
}

/// Every path of the code: each leaf of each `use` tree, and each path of
/// two or more segments elsewhere.
fn written_paths(code: &str) -> Vec<Written> {
    let tokens = tokens(code);
    let mut out = Vec::new();
    // Inline modules, with the brace depth each opened at.
    let mut inline: Vec<(String, usize)> = Vec::new();
    let mut depth: usize = 0;
    let mut i = 0;
    while i < tokens.len() {
        match tokens[i].as_str() {
            "{" => depth += 1,
            "}" => {
                depth = depth.saturating_sub(1);
                if inline.last().is_some_and(|(_, d)| *d == depth) {
                    inline.pop();
                }
            }
            "mod" if tokens.get(i + 2).is_some_and(|t| t == "{") => {
                inline.push((tokens[i + 1].clone(), depth));
                depth += 1;
                i += 3;
                continue;
            }
            "use" => {
                let end = (i..tokens.len())
                    .find(|&j| tokens[j] == ";")
                    .unwrap_or(tokens.len());
                let mut leaves = Vec::new();
                use_tree(&tokens[i + 1..end], &[], &mut leaves);
                let names: Vec<String> = inline.iter().map(|(n, _)| n.clone()).collect();
                out.extend(leaves.into_iter().map(|path| Written {
                    inline: names.clone(),
                    path,
                    used: true,
                }));
                i = end + 1;
                continue;
            }
            t if is_ident(t.chars().next().unwrap_or(' '))
                && tokens.get(i + 1).is_some_and(|n| n == "::")
                && (i == 0 || tokens[i - 1] != "::") =>
            {
                let mut path = vec![t.to_string()];
                let mut j = i + 1;
                while tokens.get(j).is_some_and(|n| n == "::")
                    && tokens
                        .get(j + 1)
                        .is_some_and(|n| is_ident(n.chars().next().unwrap_or(' ')))
                {
                    path.push(tokens[j + 1].clone());
                    j += 2;
                }
                out.push(Written {
                    inline: inline.iter().map(|(n, _)| n.clone()).collect(),
                    path,
                    used: false,
                });
                i = j;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    out
}

/// The leaves of a use tree (`a::{b, c::{d, e as f}, self}`), each a full
/// path after `prefix`.
fn use_tree(tree: &[String], prefix: &[String], leaves: &mut Vec<Vec<String>>) {
    let mut path = prefix.to_vec();
    let mut i = 0;
    while i < tree.len() {
        match tree[i].as_str() {
            "::" => {}
            "{" => {
                // The branches, split at the commas of this level.
                let mut level = 0;
                let mut start = i + 1;
                for j in i + 1..tree.len() {
                    match tree[j].as_str() {
                        "{" => level += 1,
                        "}" if level > 0 => level -= 1,
                        "," | "}" if level == 0 => {
                            if j > start {
                                use_tree(&tree[start..j], &path, leaves);
                            }
                            start = j + 1;
                            if tree[j] == "}" {
                                return;
                            }
                        }
                        _ => {}
                    }
                }
                return;
            }
            "as" => break,
            // `a::{self, b}`: `a` itself.
            "self" if !prefix.is_empty() => {}
            name => path.push(name.to_string()),
        }
        i += 1;
    }
    if !path.is_empty() {
        leaves.push(path);
    }
}

/// The crate's modules as the file tree has them.
struct Tree {
    modules: BTreeSet<ModulePath>,
}

impl Tree {
    fn is_module(&self, path: &[String]) -> bool {
        self.modules.contains(path)
    }

    /// The module path `written` names from `module`, if it is the
    /// crate's (not another crate's, or a local name).
    fn resolve(&self, module: &[String], written: &[String]) -> Option<ModulePath> {
        let mut here = module.to_vec();
        let mut rest = written;
        match rest.first().map(String::as_str) {
            Some("crate") => {
                here.clear();
                rest = &rest[1..];
            }
            Some("self") => rest = &rest[1..],
            Some("super") => {
                while rest.first().is_some_and(|s| s == "super") {
                    here.pop()?;
                    rest = &rest[1..];
                }
            }
            Some(first) => {
                let mut child = here.clone();
                child.push(first.to_string());
                if !self.is_module(&child) {
                    return None;
                }
            }
            None => return None,
        }
        here.extend(rest.iter().cloned());
        Some(here)
    }
}

/// Each folder's graph: the edges between its children, with where each
/// was seen.
type Graphs = BTreeMap<ModulePath, BTreeMap<(String, String), String>>;

fn graphs(src: &Path) -> Graphs {
    let sources = sources(src);
    let tree = Tree {
        modules: sources.iter().map(|s| s.module.clone()).collect(),
    };
    // What each face imports from its children (and so its children
    // reach as their parent's), by name: the child that defines it.
    let mut reexports: BTreeMap<ModulePath, BTreeMap<String, String>> = BTreeMap::new();
    for s in &sources {
        for w in written_paths(&s.code) {
            if !w.used || !w.inline.is_empty() {
                continue;
            }
            let Some(target) = tree.resolve(&s.module, &w.path) else {
                continue;
            };
            let n = s.module.len();
            if target.len() == n + 2
                && target[..n] == s.module[..]
                && tree.is_module(&target[..n + 1])
            {
                let name = target[n + 1].clone();
                reexports
                    .entry(s.module.clone())
                    .or_default()
                    .insert(name, target[n].clone());
            }
        }
    }
    let mut graphs = Graphs::new();
    for s in &sources {
        for w in written_paths(&s.code) {
            let mut module = s.module.clone();
            module.extend(w.inline.iter().cloned());
            let Some(target) = tree.resolve(&module, &w.path) else {
                continue;
            };
            // The folder where the two part: the edge is between its
            // children there.
            let common = s
                .module
                .iter()
                .zip(&target)
                .take_while(|(a, b)| a == b)
                .count();
            if common == s.module.len() || common == target.len() {
                // Within one file, or the file's use of its own children
                // or of its parents' faces.
                continue;
            }
            let folder = s.module[..common].to_vec();
            let from = s.module[common].clone();
            let mut child = folder.clone();
            child.push(target[common].clone());
            let to = if tree.is_module(&child) {
                target[common].clone()
            } else {
                match reexports.get(&folder).and_then(|r| r.get(&target[common])) {
                    Some(defined_in) => defined_in.clone(),
                    // An item of the folder's face.
                    None => continue,
                }
            };
            if from != to {
                graphs
                    .entry(folder)
                    .or_default()
                    .entry((from, to))
                    .or_insert_with(|| format!("{}: {}", s.module.join("::"), w.path.join("::")));
            }
        }
    }
    graphs
}

/// Every circle of every folder, each written `folder: a -> b -> a`
/// with the uses that make it.
fn circles(graphs: &Graphs) -> Vec<String> {
    let mut found = Vec::new();
    for (folder, edges) in graphs {
        let mut next: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
        for (from, to) in edges.keys() {
            next.entry(from).or_default().push(to);
        }
        let mut reported: BTreeSet<BTreeSet<&str>> = BTreeSet::new();
        for &start in next.keys() {
            if let Some(circle) = circle_through(start, &next) {
                let members: BTreeSet<&str> = circle.iter().copied().collect();
                if reported.insert(members) {
                    let name = if folder.is_empty() {
                        "crate".to_string()
                    } else {
                        folder.join("::")
                    };
                    let uses: Vec<String> = circle
                        .windows(2)
                        .map(|w| edges[&(w[0].to_string(), w[1].to_string())].clone())
                        .collect();
                    found.push(format!(
                        "{name}: {}\n    ({})",
                        circle.join(" -> "),
                        uses.join("; ")
                    ));
                }
            }
        }
    }
    found
}

/// The shortest way from `start` back to itself, if there is one.
fn circle_through<'a>(
    start: &'a str,
    next: &BTreeMap<&'a str, Vec<&'a str>>,
) -> Option<Vec<&'a str>> {
    let mut came_from: BTreeMap<&str, &str> = BTreeMap::new();
    let mut queue = std::collections::VecDeque::from([start]);
    while let Some(node) = queue.pop_front() {
        for &to in next.get(node).into_iter().flatten() {
            if to == start {
                let mut way = vec![node];
                let mut at = node;
                while at != start {
                    at = came_from[at];
                    way.push(at);
                }
                way.reverse();
                way.push(start);
                return Some(way);
            }
            if to != start && !came_from.contains_key(to) {
                came_from.insert(to, node);
                queue.push_back(to);
            }
        }
    }
    None
}

#[test]
fn the_servers_modules_import_each_other_in_no_circle() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let graphs = graphs(&src);
    let found = circles(&graphs);
    assert!(
        found.is_empty(),
        "modules that import each other in a circle:\n{}",
        found.join("\n")
    );
    // The reading found the crate's structure: the adapters use the
    // services, and the tournaments the game service.
    let top = &graphs[&Vec::new()];
    for (from, to) in [
        ("http", "services"),
        ("lichess", "game"),
        ("tournament", "game"),
    ] {
        assert!(
            top.contains_key(&(from.to_string(), to.to_string())),
            "{from} -> {to} not found: {top:#?}"
        );
    }
}

#[test]
fn the_adapters_do_not_import_each_other() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let top = &graphs(&src)[&Vec::new()];
    for (from, to) in [("http", "lichess"), ("lichess", "http")] {
        assert!(
            !top.contains_key(&(from.to_string(), to.to_string())),
            "{from} imports {to}: {}",
            top[&(from.to_string(), to.to_string())]
        );
    }
}

/// A crate of a few files, each `(path, text)`, written in a fresh folder.
fn crate_of(files: &[(&str, &str)]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("a temporary folder");
    for (path, text) in files {
        let file = dir.path().join(path);
        std::fs::create_dir_all(file.parent().expect("a folder")).expect("a folder is made");
        std::fs::write(file, text).expect("a file is written");
    }
    dir
}

#[test]
fn a_circle_through_a_grouped_use_over_several_lines_is_found_and_named() {
    let dir = crate_of(&[
        ("lib.rs", "mod hub;\nmod node;\nmod time;\n"),
        (
            "hub.rs",
            "use crate::{\n    node::{self, Route},\n    time::unix_ms,\n};\n",
        ),
        (
            "node.rs",
            "// crate::time is only a comment here\nfn f() { let _ = \"crate::time\"; crate::hub::Hub::start(); }\n",
        ),
        ("time.rs", "pub fn unix_ms() {}\n"),
    ]);
    let found = circles(&graphs(dir.path()));
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0].starts_with("crate: hub -> node -> hub"),
        "{}",
        found[0]
    );
    assert!(
        found[0].contains("node: crate::hub::Hub::start"),
        "{}",
        found[0]
    );
}

#[test]
fn a_circle_of_siblings_through_their_faces_reexport_is_found_but_the_face_is_no_node() {
    let dir = crate_of(&[
        ("lib.rs", "mod tournament;\n"),
        (
            "tournament/mod.rs",
            "mod live;\nmod schedule;\npub use live::LiveTournament;\npub struct Venue;\nfn go() { schedule::spawn(); }\n",
        ),
        (
            "tournament/live.rs",
            "use super::Venue;\npub struct LiveTournament;\nfn f() { super::schedule::SCHEDULE; }\n",
        ),
        (
            "tournament/schedule.rs",
            "use super::{LiveTournament, Venue};\npub fn spawn() {}\n#[cfg(test)]\nmod tests {\n    use super::*;\n}\n",
        ),
    ]);
    let graphs = graphs(dir.path());
    let found = circles(&graphs);
    assert_eq!(found.len(), 1, "{found:?}");
    assert!(
        found[0].starts_with("tournament: live -> schedule -> live"),
        "{}",
        found[0]
    );
    // The face's `Venue`, used by both, makes no edge.
    assert_eq!(graphs[&vec!["tournament".to_string()]].len(), 2);
}
