//! A screen's report as an event's log keeps it
//! ([`arbiter_tournament::director::FairPlayReport`]): its figures in whole
//! units, and the baseline's bands with the spread an honest player's
//! top-1 rate has, for the console's plot.

use arbiter_fairplay::baseline::{Band, MIN_BAND_MOVES};
use arbiter_fairplay::{Baseline, Report};
use arbiter_tournament::director::{FairPlayBand, FairPlayLine, FairPlayReport};

/// How many standard deviations either side hold 95 honest players in 100.
const Z95: f64 = 1.959_963_984_540_054;

/// The record of `report`, a screen of `games` games against `baseline`.
pub fn log_record(report: &Report, baseline: Option<&Baseline>, games: u32) -> FairPlayReport {
    let players: Vec<FairPlayLine> = report
        .players
        .iter()
        .map(|p| {
            let f = &p.figures;
            FairPlayLine {
                player: f.player.clone(),
                rating: f.rating,
                games: f.games,
                moves: f.moves,
                top1_moves: f.top1_moves,
                top3_moves: f.top3_moves,
                acpl_tenths: whole(f.acpl * 10.0) as u32,
                accuracy_tenths: whole(f.accuracy * 10.0) as u32,
                z_hundredths: p.z.map(|z| whole(z * 100.0) as i32),
                review: p.review,
            }
        })
        .collect();
    let spread_moves = median_moves(&players);
    FairPlayReport {
        engine: report.engine.name.clone(),
        nodes: report.engine.nodes,
        multipv: report.engine.multipv,
        book_moves: report.settings.book_moves,
        book: report.settings.book.clone(),
        decided_cp: report.settings.decided_cp,
        losing_cp: report.settings.losing_cp,
        baseline: report.baseline.clone(),
        games,
        false_positive_ppm: whole(report.threshold.false_positive_rate * 1e6) as u32,
        threshold_z_hundredths: whole(report.threshold.z * 100.0) as i32,
        bands: baseline.map_or_else(Vec::new, |b| bands(b, spread_moves)),
        players,
    }
}

/// The bands measured on enough moves to be measured against.
fn bands(baseline: &Baseline, spread_moves: u64) -> Vec<FairPlayBand> {
    baseline
        .bands
        .iter()
        .filter(|b| b.moves >= MIN_BAND_MOVES)
        .map(|b| FairPlayBand {
            from: b.from,
            to: b.to,
            top1_permille: permille(b.mean.top1),
            spread_permille: spread(b, baseline.dispersion.top1, spread_moves),
            spread_moves,
        })
        .collect()
}

/// The range of an honest player's top-1 rate over `moves` moves: the
/// band's rate, give or take 1.96 of the spread the screen's z-scores are
/// measured in (the binomial's, widened by the baseline's dispersion).
fn spread(band: &Band, dispersion: f64, moves: u64) -> (u32, u32) {
    let p = band.mean.top1;
    let sd = (dispersion * p * (1.0 - p) / moves.max(1) as f64).sqrt();
    (
        permille((p - Z95 * sd).max(0.0)),
        permille((p + Z95 * sd).min(1.0)),
    )
}

/// The median of the players' scored moves (of those who have any).
fn median_moves(players: &[FairPlayLine]) -> u64 {
    let mut moves: Vec<u64> = players.iter().map(|p| p.moves).filter(|&m| m > 0).collect();
    moves.sort_unstable();
    moves.get(moves.len() / 2).copied().unwrap_or(1)
}

fn permille(rate: f64) -> u32 {
    whole(rate * 1000.0) as u32
}

/// The nearest whole number (0 for what is no number).
fn whole(x: f64) -> i64 {
    if x.is_finite() { x.round() as i64 } else { 0 }
}
