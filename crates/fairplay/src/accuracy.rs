//! lichess's accuracy: a move's quality from the winning chances it kept.
//!
//! lichess turns an evaluation into a win percentage with a logistic curve
//! fitted on its games (the multiplier 0.00368208 of lila's
//! `WinPercent`), evaluations beyond ±10.00 and mates counting as ±10.00;
//! a move's accuracy is an exponential of the win percentage it lost,
//! fitted so that no loss gives 100, plus one point for the imperfection
//! of the analysis (lila's `AccuracyPercent.fromWinPercents`). The
//! formula is re-derived here from that description, not copied.

use arbiter_uci::protocol::Score;

/// The evaluation beyond which lichess counts every score the same.
pub const CEILING_CP: i32 = 1000;

/// A score in centipawns from the mover's view, bounded at ±[`CEILING_CP`];
/// a mate counts as the ceiling of its sign (being mated, `mate 0`, as
/// the floor).
pub fn bounded_cp(score: Score) -> i32 {
    match score {
        Score::Cp(cp) => cp.clamp(-CEILING_CP, CEILING_CP),
        Score::Mate(n) if n > 0 => CEILING_CP,
        Score::Mate(_) => -CEILING_CP,
    }
}

/// The mover's winning chances in percent (0 to 100) at `cp` centipawns.
pub fn win_percent(cp: i32) -> f64 {
    let cp = f64::from(cp.clamp(-CEILING_CP, CEILING_CP));
    let chances = 2.0 / (1.0 + (-0.003_682_08 * cp).exp()) - 1.0;
    50.0 + 50.0 * chances.clamp(-1.0, 1.0)
}

/// The accuracy (0 to 100) of a move that took the mover's winning
/// chances from `before` to `after` percent.
pub fn move_accuracy(before: f64, after: f64) -> f64 {
    if after >= before {
        return 100.0;
    }
    let lost = before - after;
    let raw =
        103.166_810_071_164_9 * (-0.043_544_153_867_539_51 * lost).exp() - 3.166_924_740_191_411;
    (raw + 1.0).clamp(0.0, 100.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_even_position_is_fifty_percent_and_the_curve_is_symmetric() {
        assert_eq!(win_percent(0), 50.0);
        let up = win_percent(150);
        let down = win_percent(-150);
        assert!((up + down - 100.0).abs() < 1e-9);
        assert!(up > 60.0 && up < 70.0, "{up}");
        assert_eq!(win_percent(5000), win_percent(CEILING_CP));
    }

    #[test]
    fn keeping_the_chances_is_perfect_and_losing_them_costs() {
        assert_eq!(move_accuracy(60.0, 60.0), 100.0);
        assert_eq!(move_accuracy(60.0, 70.0), 100.0);
        // No loss at all is capped at 100 even with the one-point bonus.
        assert_eq!(move_accuracy(60.0, 59.999_999), 100.0);
        let small = move_accuracy(60.0, 55.0);
        let large = move_accuracy(60.0, 20.0);
        assert!(small > 80.0 && small < 85.0, "{small}");
        assert!(large > 15.0 && large < 22.0, "{large}");
        assert_eq!(move_accuracy(100.0, 0.0), 0.0);
    }

    #[test]
    fn mates_count_as_the_ceiling() {
        assert_eq!(bounded_cp(Score::Mate(3)), CEILING_CP);
        assert_eq!(bounded_cp(Score::Mate(-2)), -CEILING_CP);
        assert_eq!(bounded_cp(Score::Mate(0)), -CEILING_CP);
        assert_eq!(bounded_cp(Score::Cp(-4321)), -CEILING_CP);
        assert_eq!(bounded_cp(Score::Cp(42)), 42);
    }
}
