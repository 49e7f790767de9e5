//! Writing findings for a person (one line each, with the source line, in
//! colour on a terminal) or for a program (`--json`, one object per line),
//! and the summary at the end.

use std::collections::{BTreeMap, HashMap};
use std::io::{self, Write};

use arbiter_check::{Finding, Kind, Severity};
use arbiter_referee::Termination;

/// Terminal colours, or none.
#[derive(Copy, Clone, Debug)]
pub struct Style {
    pub color: bool,
}

impl Style {
    fn paint(&self, code: &str, text: &str) -> String {
        if self.color {
            format!("\x1b[{code}m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    }

    fn severity(&self, s: Severity) -> String {
        let code = match s {
            Severity::Error => "1;31",
            Severity::Warning => "1;33",
            Severity::Info => "1;36",
        };
        self.paint(code, s.as_str())
    }
}

/// Counts for the summary.
#[derive(Debug, Default)]
pub struct Tally {
    pub files: u64,
    pub games: u64,
    pub plies: u64,
    /// Findings by kind, in the order of [`Kind::ALL`].
    pub by_kind: BTreeMap<usize, (Kind, u64)>,
    /// Games the position ended, by how.
    pub endings: HashMap<Termination, u64>,
}

impl Tally {
    /// How many findings of a severity.
    pub fn count(&self, severity: Severity) -> u64 {
        self.by_kind
            .values()
            .filter(|(k, _)| k.severity() == severity)
            .map(|(_, n)| n)
            .sum()
    }

    /// Counts a finding.
    pub fn add(&mut self, kind: Kind) {
        self.by_kind.entry(kind.position()).or_insert((kind, 0)).1 += 1;
    }
}

/// Writes the list of kinds: identifier, severity, rule.
pub fn write_kinds(out: &mut impl Write) -> io::Result<()> {
    for kind in Kind::ALL {
        writeln!(
            out,
            "{:<28} {:<8} {}",
            kind.id(),
            kind.severity().as_str(),
            kind.rule()
        )?;
    }
    Ok(())
}

/// Writes one finding.
pub fn write_finding(
    out: &mut impl Write,
    file: &str,
    f: &Finding,
    json: bool,
    style: Style,
) -> io::Result<()> {
    if json {
        let mut value = serde_json::to_value(f).map_err(io::Error::other)?;
        if let Some(obj) = value.as_object_mut() {
            obj.insert("file".into(), file.into());
        }
        return writeln!(out, "{value}");
    }
    writeln!(
        out,
        "{}: {}{} game {}: {} ({})",
        style.paint("1", &format!("{file}:{}:{}", f.line, f.column)),
        style.severity(f.severity),
        style.paint("2", &format!("[{}]", f.kind.id())),
        f.game,
        f.message,
        f.rule
    )?;
    if f.severity == Severity::Info {
        return Ok(());
    }
    let (snippet, at) = &f.snippet;
    if !snippet.trim().is_empty() {
        writeln!(out, "    {} {snippet}", style.paint("34", "|"))?;
        let caret = format!("{}^", " ".repeat(*at));
        writeln!(
            out,
            "    {} {}",
            style.paint("34", "|"),
            style.paint("1;32", &caret)
        )?;
    }
    if let Some(fen) = &f.fen {
        writeln!(out, "    {} position: {fen}", style.paint("34", "="))?;
    }
    if let Some(legal) = &f.legal {
        let list = if legal.is_empty() {
            "none".to_string()
        } else {
            legal.join(" ")
        };
        writeln!(out, "    {} legal moves: {list}", style.paint("34", "="))?;
    }
    Ok(())
}

/// Writes the summary: games, moves, findings by kind.
pub fn write_summary(out: &mut impl Write, t: &Tally, style: Style) -> io::Result<()> {
    let (e, w, i) = (
        t.count(Severity::Error),
        t.count(Severity::Warning),
        t.count(Severity::Info),
    );
    writeln!(
        out,
        "checked {} {}: {} games, {} moves; {} {}, {} {}, {} info",
        t.files,
        if t.files == 1 { "file" } else { "files" },
        t.games,
        t.plies,
        e,
        if e == 1 { "error" } else { "errors" },
        w,
        if w == 1 { "warning" } else { "warnings" },
        i
    )?;
    if !t.endings.is_empty() {
        // By name, as the summary has always listed them.
        let named: BTreeMap<String, u64> = t
            .endings
            .iter()
            .map(|(e, n)| (arbiter_messages::english().word(e.key()), *n))
            .collect();
        let endings: Vec<String> = named.iter().map(|(e, n)| format!("{n} {e}")).collect();
        writeln!(out, "ended by the position: {}", endings.join(", "))?;
    }
    for (kind, n) in t.by_kind.values() {
        writeln!(
            out,
            "  {:>8} {} {}",
            n,
            style.severity(kind.severity()),
            kind.id()
        )?;
    }
    Ok(())
}
