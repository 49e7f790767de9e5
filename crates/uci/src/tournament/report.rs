//! The match's figures as text: a two-engine summary in the layout
//! fastchess users know, a table for tournaments, and the overhead.

use core::fmt::Write as _;

use super::runner::{MatchReport, StopReason};
use super::standings::Standings;
use crate::stats::{EloEstimate, Sprt, SprtDecision, Wdl};

fn pct(x: f64) -> f64 {
    100.0 * x
}

fn wdl(w: Wdl) -> String {
    format!("W {} D {} L {}", w.wins, w.draws, w.losses)
}

/// The value at `q` (0..=1) of sorted samples (nearest rank).
pub fn percentile(sorted: &[u32], q: f64) -> Option<u32> {
    if sorted.is_empty() {
        return None;
    }
    let rank = (q * sorted.len() as f64).ceil().max(1.0) as usize;
    Some(sorted[rank.min(sorted.len()) - 1])
}

/// The summary of a two-engine match, from the first engine's side.
pub fn head_to_head(standings: &Standings, sprt: Option<&Sprt>, paired: bool) -> String {
    let mut out = String::new();
    let (a, b) = (&standings.engines[0], &standings.engines[1]);
    let h2h = standings.head_to_head();
    let games = h2h.games;
    let n = games.games();
    let _ = writeln!(out, "Results of {} vs {}:", a.name, b.name);
    if n == 0 {
        let _ = writeln!(out, "no games finished");
        return out;
    }
    let per_game = EloEstimate::from_wdl(games);
    let estimate = if paired && h2h.pairs.pairs() > 0 {
        EloEstimate::from_pairs(h2h.pairs)
    } else {
        per_game
    };
    let _ = writeln!(
        out,
        "Elo: {:.2} +/- {:.2}, nElo: {:.2} +/- {:.2}",
        estimate.elo, estimate.elo_error, estimate.nelo, estimate.nelo_error
    );
    let _ = writeln!(
        out,
        "LOS: {:.2} %, DrawRatio: {:.2} %",
        pct(estimate.los),
        pct(games.draws as f64 / n as f64)
    );
    let _ = writeln!(
        out,
        "Games: {n}, Wins: {}, Losses: {}, Draws: {}, Points: {:.1} ({:.2} %)",
        games.wins,
        games.losses,
        games.draws,
        games.points(),
        pct(games.points() / n as f64)
    );
    let _ = writeln!(
        out,
        "{} as White: {}; as Black: {}",
        a.name,
        wdl(a.as_white),
        wdl(a.as_black)
    );
    let _ = writeln!(
        out,
        "{} as White: {}; as Black: {}",
        b.name,
        wdl(b.as_white),
        wdl(b.as_black)
    );
    if paired {
        let p = h2h.pairs;
        let _ = writeln!(
            out,
            "Ptnml(0-2): [{}, {}, {}, {}, {}] (WL {} + DD {}), pairs: {}",
            p.ll,
            p.ld,
            p.wl + p.dd,
            p.wd,
            p.ww,
            p.wl,
            p.dd,
            p.pairs()
        );
    }
    if let Some(sprt) = sprt {
        let llr = if paired {
            sprt.llr_pairs(h2h.pairs)
        } else {
            sprt.llr_games(games)
        };
        let verdict = match sprt.decide(llr) {
            SprtDecision::AcceptH0 => "H0 accepted",
            SprtDecision::AcceptH1 => "H1 accepted",
            SprtDecision::Continue => "continue",
        };
        let _ = writeln!(
            out,
            "LLR: {llr:.2} ({:.2}, {:.2}) [{:.2}, {:.2}] {:?}: {verdict}",
            sprt.lower_bound(),
            sprt.upper_bound(),
            sprt.elo0,
            sprt.elo1,
            sprt.model
        );
    }
    out
}

/// A results table for any number of engines, best score first.
pub fn table(standings: &Standings) -> String {
    let mut rows: Vec<(usize, Wdl)> = standings
        .engines
        .iter()
        .enumerate()
        .map(|(i, e)| (i, e.total()))
        .collect();
    rows.sort_by(|x, y| {
        let score = |w: &Wdl| w.points() / w.games().max(1) as f64;
        score(&y.1).total_cmp(&score(&x.1))
    });
    let width = standings
        .engines
        .iter()
        .map(|e| e.name.chars().count())
        .max()
        .unwrap_or(4)
        .max(4);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:>4} {:<width$} {:>16} {:>6} {:>5} {:>5} {:>5} {:>7} {:>7} {:>6} {:>4} {:>8}",
        "Rank", "Name", "Elo", "Games", "W", "D", "L", "Points", "Score", "Draws", "TF", "Failures"
    );
    for (rank, (i, w)) in rows.iter().enumerate() {
        let e = &standings.engines[*i];
        let n = w.games();
        let elo = if n > 0 {
            let est = EloEstimate::from_wdl(*w);
            format!("{:.1} +/- {:.1}", est.elo, est.elo_error)
        } else {
            "-".into()
        };
        let failures: u64 = e.failures.values().sum();
        let _ = writeln!(
            out,
            "{:>4} {:<width$} {:>16} {:>6} {:>5} {:>5} {:>5} {:>7.1} {:>6.1}% {:>5.1}% {:>4} {:>8}",
            rank + 1,
            e.name,
            elo,
            n,
            w.wins,
            w.draws,
            w.losses,
            w.points(),
            pct(w.points() / n.max(1) as f64),
            pct(w.draws as f64 / n.max(1) as f64),
            e.time_forfeits,
            failures
        );
    }
    out
}

/// Everything at the end of a match.
pub fn summary(report: &MatchReport, sprt: Option<&Sprt>, paired: bool) -> String {
    let s = &report.standings;
    let mut out = String::new();
    if s.engines.len() == 2 {
        out.push_str(&head_to_head(s, sprt, paired));
        out.push('\n');
    }
    out.push_str(&table(s));
    let _ = writeln!(
        out,
        "\nWhite {} - Black {} - draws {} (White scored {:.1} %)",
        s.by_colour.wins,
        s.by_colour.losses,
        s.by_colour.draws,
        pct(s.by_colour.points() / s.by_colour.games().max(1) as f64)
    );
    let _ = writeln!(out, "Terminations:");
    for (t, n) in &s.terminations {
        let _ = writeln!(out, "  {t}: {n}");
    }
    for e in &s.engines {
        for (kind, n) in &e.failures {
            let _ = writeln!(out, "  {}: {n} {kind}", e.name);
        }
    }
    let _ = writeln!(out, "Time forfeits: {}", s.time_forfeits());
    let minutes = report.elapsed.as_secs_f64() / 60.0;
    let _ = writeln!(
        out,
        "Played {} games in {:.1} s ({:.1} games per minute); {} of {} scheduled done",
        report.games_this_run,
        report.elapsed.as_secs_f64(),
        report.games_this_run as f64 / minutes.max(1e-9),
        report.records.len(),
        report.scheduled
    );
    let describe = |samples: &[u32]| {
        let mut sorted = samples.to_vec();
        sorted.sort_unstable();
        let ms = |q: f64| percentile(&sorted, q).map_or(0.0, |us| f64::from(us) / 1000.0);
        format!(
            "median {:.3} ms, p99 {:.3} ms, max {:.3} ms",
            ms(0.5),
            ms(0.99),
            ms(1.0)
        )
    };
    if !report.overhead.total_us.is_empty() {
        let _ = writeln!(
            out,
            "Referee time per move, {} moves: bestmove read to next go sent: {}; of which refereeing: {}",
            report.overhead.total_us.len(),
            describe(&report.overhead.total_us),
            describe(&report.overhead.compute_us)
        );
    }
    match &report.stopped {
        Some(StopReason::Sprt(d)) => {
            let _ = writeln!(out, "Stopped: SPRT {d:?}");
        }
        Some(StopReason::EngineFailure(why)) => {
            let _ = writeln!(out, "Stopped after an engine failure: {why}");
        }
        Some(StopReason::Interrupted) => {
            let _ = writeln!(out, "Interrupted: run the same command again to continue");
        }
        None => {}
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_by_nearest_rank() {
        let v: Vec<u32> = (1..=100).collect();
        assert_eq!(percentile(&v, 0.99), Some(99));
        assert_eq!(percentile(&v, 0.5), Some(50));
        assert_eq!(percentile(&[7], 0.99), Some(7));
        assert_eq!(percentile(&[], 0.99), None);
    }
}
