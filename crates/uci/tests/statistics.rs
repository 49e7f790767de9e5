//! The statistics against results other tools published.
//!
//! Each case is a line printed by fishtest (Stockfish and Monty pull
//! requests), fastchess or cutechess-cli for real matches; our figures
//! must agree to the digits printed.

use arbiter_uci::stats::{EloEstimate, EloModel, PairCounts, Sprt, SprtDecision, Wdl};

fn close(actual: f64, printed: f64, digits: i32) {
    let tolerance = 0.5 * 10f64.powi(-digits) + 1e-9;
    assert!(
        (actual - printed).abs() <= tolerance,
        "{actual} does not print as {printed}"
    );
}

/// Fishtest's LLR for game pairs, from pull requests' test summaries.
/// `<a,b>` bounds are normalised Elo, `{a,b}` (2020) logistic Elo.
#[test]
fn pentanomial_llr_matches_fishtest() {
    use EloModel::*;
    let cases: [(EloModel, f64, f64, [u64; 5], f64); 12] = [
        // official-stockfish/Stockfish#4493 STC and LTC.
        (
            Normalized,
            0.0,
            2.0,
            [2002, 72968, 180891, 74129, 2034],
            3.22,
        ),
        (Normalized, 0.5, 2.5, [24, 7350, 23669, 7717, 28], 2.94),
        // official-monty/Monty#66 and #23.
        (Normalized, 0.0, 4.0, [434, 4052, 8304, 4206, 492], 3.00),
        (Normalized, 1.0, 5.0, [829, 14632, 32502, 15215, 902], 2.93),
        (Normalized, 0.0, 4.0, [81, 563, 1163, 687, 114], 3.16),
        (Normalized, 1.0, 5.0, [142, 1471, 2953, 1650, 159], 2.94),
        // official-stockfish/Stockfish#3209, #3098, #2493 (logistic bounds).
        (Logistic, -0.25, 1.25, [253, 4282, 17604, 4431, 286], 2.94),
        (Logistic, 0.25, 1.25, [58, 3302, 33130, 3518, 84], 2.97),
        (Logistic, -0.25, 1.25, [491, 7345, 29693, 7670, 465], 2.96),
        (Logistic, 0.25, 1.25, [53, 2220, 21459, 2445, 47], 2.97),
        (Logistic, -1.0, 3.0, [424, 2948, 5832, 3045, 460], 2.94),
        (Logistic, 0.0, 2.0, [1284, 17437, 55536, 18085, 1292], 2.94),
    ];
    for (model, elo0, elo1, bins, printed) in cases {
        let sprt = Sprt::new(elo0, elo1, 0.05, 0.05, model).unwrap();
        close(sprt.llr_pairs(PairCounts::from_bins(bins)), printed, 2);
        close(sprt.lower_bound(), -2.94, 2);
        close(sprt.upper_bound(), 2.94, 2);
    }
}

/// fastchess's summaries: LLR with zero bins, and other error rates.
#[test]
fn pentanomial_llr_matches_fastchess() {
    let sprt = Sprt::new(0.0, 50.0, 0.05, 0.05, EloModel::Normalized).unwrap();
    close(
        sprt.llr_pairs(PairCounts::from_bins([0, 0, 1, 8, 1])),
        1.24,
        2,
    );
    let sprt = Sprt::new(9.0, 16.0, 0.01, 0.01, EloModel::Normalized).unwrap();
    let llr = sprt.llr_pairs(PairCounts::from_bins([352, 579, 1264, 743, 464]));
    close(llr, 4.60, 2);
    close(sprt.upper_bound(), 4.60, 2);
}

#[test]
fn sprt_decisions_and_bad_parameters() {
    let sprt = Sprt::new(0.0, 2.0, 0.05, 0.05, EloModel::Normalized).unwrap();
    assert_eq!(sprt.decide(3.0), SprtDecision::AcceptH1);
    assert_eq!(sprt.decide(-3.0), SprtDecision::AcceptH0);
    assert_eq!(sprt.decide(0.0), SprtDecision::Continue);
    assert_eq!(sprt.llr_pairs(PairCounts::default()), 0.0);
    assert!(Sprt::new(2.0, 0.0, 0.05, 0.05, EloModel::Normalized).is_err());
    assert!(Sprt::new(0.0, 2.0, 0.6, 0.5, EloModel::Normalized).is_err());
    assert!(Sprt::new(0.0, 2.0, 0.0, 0.05, EloModel::Logistic).is_err());
    // A better score moves the LLR up, a worse one down.
    let even = sprt.llr_games(Wdl::new(100, 100, 100));
    let better = sprt.llr_games(Wdl::new(120, 100, 80));
    assert!(better > even && even < 0.0);
}

/// fastchess's Elo, nElo and LOS for pentanomial results (pairs).
#[test]
fn pentanomial_elo_matches_fastchess() {
    // sf19-smallnet vs sf18-lite: Elo 72.85 +/- 22.33, nElo 132.30 +/- 39.32.
    let e = EloEstimate::from_pairs(PairCounts::from_bins([1, 10, 78, 48, 13]));
    close(e.elo, 72.85, 2);
    close(e.elo_error, 22.33, 2);
    close(e.nelo, 132.30, 2);
    close(e.nelo_error, 39.32, 2);
    close(e.los * 100.0, 100.00, 2);
    // Zeno: Elo 19.83 +/- 6.77, nElo 24.25 +/- 8.26.
    let e = EloEstimate::from_pairs(PairCounts::from_bins([352, 579, 1264, 743, 464]));
    close(e.elo, 19.83, 2);
    close(e.elo_error, 6.77, 2);
    close(e.nelo, 24.25, 2);
    close(e.nelo_error, 8.26, 2);
    // 10 wins, 10 draws, no loss: Elo 190.85 +/- 65.54.
    let e = EloEstimate::from_pairs(PairCounts::from_bins([0, 0, 1, 8, 1]));
    close(e.elo, 190.85, 2);
    close(e.elo_error, 65.54, 2);
}

/// cutechess-cli's "Elo difference: 59.7 +/- 54.5, LOS: 98.5 %, DrawRatio:
/// 9.5 %" lines for W/D/L.
#[test]
fn trinomial_elo_and_los_match_cutechess() {
    // (wins, losses, draws) as cutechess prints them, Elo, LOS %, draws %.
    let cases = [
        (79, 54, 14, 59.7, 98.5, 9.5),
        (18, 9, 23, 63.2, 95.8, 46.0),
        (159, 100, 41, 69.2, 100.0, 13.7),
        (136, 132, 32, 4.6, 59.7, 10.7),
    ];
    for (w, l, d, elo, los, draws) in cases {
        let wdl = Wdl::new(w, d, l);
        let e = EloEstimate::from_wdl(wdl);
        close(e.elo, elo, 1);
        close(e.los * 100.0, los, 1);
        close(100.0 * wdl.draws as f64 / wdl.games() as f64, draws, 1);
        // cutechess's interval uses an approximate inverse error function
        // (about 0.3% narrow); ours uses the exact 97.5% quantile.
        let cutechess_error = match (w, l) {
            (79, 54) => 54.5,
            (18, 9) => 71.9,
            (159, 100) => 37.2,
            _ => 37.3,
        };
        assert!(
            (e.elo_error / cutechess_error - 1.0).abs() < 0.004,
            "{}",
            e.elo_error
        );
    }
}

#[test]
fn results_without_spread_do_not_break_the_figures() {
    let all_draws = EloEstimate::from_pairs(PairCounts::from_bins([0, 0, 5, 0, 0]));
    assert_eq!(
        (all_draws.elo, all_draws.los, all_draws.nelo),
        (0.0, 0.5, 0.0)
    );
    let all_wins = EloEstimate::from_pairs(PairCounts::from_bins([0, 0, 0, 0, 3]));
    assert_eq!(all_wins.los, 1.0);
    assert!(all_wins.elo.is_infinite() && all_wins.nelo.is_infinite());
    let none = EloEstimate::from_wdl(Wdl::new(0, 4, 0));
    assert_eq!((none.elo, none.los), (0.0, 0.5));
    assert!(arbiter_uci::stats::normal_cdf(f64::NAN).is_nan());
}

#[test]
fn symmetric_results_are_even() {
    let e = EloEstimate::from_wdl(Wdl::new(30, 40, 30));
    assert!(e.elo.abs() < 1e-9);
    assert!((e.los - 0.5).abs() < 1e-12);
    let p = PairCounts::from_bins([5, 20, 50, 20, 5]);
    let e = EloEstimate::from_pairs(p);
    assert!(e.elo.abs() < 1e-9 && (e.los - 0.5).abs() < 1e-9);
    let r = EloEstimate::from_pairs(PairCounts::from_bins([1, 10, 78, 48, 13]).reversed());
    close(r.elo, -72.85, 2);
}
