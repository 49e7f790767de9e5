//! The per-position expectation: how often a player of a band finds the
//! engine's first choice, or one of its first three, and what he loses,
//! in positions like this one. A position is described by how far the
//! engine's best line stands above its second and its third: a recapture
//! the engine puts a pawn above everything else is found by nearly
//! everyone, a quiet choice among three moves within a few centipawns by
//! chance. Measuring a player against his band's rate over all positions
//! would count that difference as noise; measured against the positions
//! he actually had, it is not.
//!
//! The curves are binned by the gap (the bins' edges are the baseline's,
//! [`GAP_EDGES_CP`] when built by this build), the match rates made
//! non-decreasing in the gap (pool-adjacent-violators, weighted by the
//! moves: a bigger gap never makes the best move harder to see, and a
//! bin that says so is noise), and a band's thin bin takes the pooled
//! bands' figure.

use serde::{Deserialize, Serialize};

use crate::MoveScore;
use crate::baseline::Measures;

/// The gap bins' lower edges, in centipawns. Eleven bins, narrow where
/// most positions lie and the match rate changes fastest (a gap under
/// 0.35: the second line is a real choice), wider beyond, the last from
/// 3.00 on (no alternative in reach, or fewer than two or three lines):
/// a band of some 9000 scored moves keeps a few hundred in each bin, so
/// that each bin's rate is known within a few points.
pub const GAP_EDGES_CP: [i32; 11] = [0, 5, 10, 20, 35, 50, 75, 100, 150, 200, 300];

/// A band's bin with fewer scored moves takes the figure of all bands
/// together for that bin.
pub const MIN_BIN_MOVES: u64 = 50;

/// One statistic over the moves of one gap bin.
#[derive(Copy, Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct BinFigure {
    /// The scored moves in the bin.
    pub moves: u64,
    /// The statistic's mean over them (a rate for the matches).
    pub mean: f64,
    /// Its standard deviation per move.
    pub sd: f64,
}

/// The expectation of each statistic, one figure per gap bin, the
/// smallest gap first.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Curves {
    /// The top-1 rate, by the gap between the best line and the second.
    pub top1: Vec<BinFigure>,
    /// The top-3 rate, by the gap between the best line and the third.
    pub top3: Vec<BinFigure>,
    /// The centipawn loss, by the gap to the second line.
    pub loss: Vec<BinFigure>,
    /// The accuracy, by the gap to the second line.
    pub accuracy: Vec<BinFigure>,
}

/// A player's moves against the expectation, per statistic: what he did,
/// what his band would have done in the same positions, and the variance
/// of that.
#[derive(Copy, Clone, Debug, Default, PartialEq)]
pub struct Tally {
    /// Scored moves.
    pub moves: u64,
    /// His sums: top-1 and top-3 matches, centipawns lost, accuracy.
    pub observed: Measures,
    /// The band's expected sums in his positions.
    pub expected: Measures,
    /// The variances of those sums (the moves taken as independent).
    pub variance: Measures,
}

impl Tally {
    /// His z-scores, positive when he played more like the engine than
    /// the band would have in his positions (before any dispersion).
    pub fn z_scores(&self) -> Measures {
        let z = |gain: f64, variance: f64| {
            if variance > 0.0 {
                gain / variance.sqrt()
            } else {
                0.0
            }
        };
        Measures {
            top1: z(self.observed.top1 - self.expected.top1, self.variance.top1),
            top3: z(self.observed.top3 - self.expected.top3, self.variance.top3),
            acpl: z(self.expected.acpl - self.observed.acpl, self.variance.acpl),
            accuracy: z(
                self.observed.accuracy - self.expected.accuracy,
                self.variance.accuracy,
            ),
        }
    }

    /// The band's expected figures in his positions, per move: rates, the
    /// ACPL and the mean accuracy.
    pub fn expected_per_move(&self) -> Measures {
        let n = self.moves.max(1) as f64;
        let e = &self.expected;
        Measures {
            top1: e.top1 / n,
            top3: e.top3 / n,
            acpl: e.acpl / n,
            accuracy: e.accuracy / n,
        }
    }
}

/// The bin of `gap` (centipawns) among `edges`; no gap (fewer lines than
/// the gap needs) is the last bin.
pub fn gap_bin(edges: &[i32], gap: Option<i32>) -> usize {
    let last = edges.len().saturating_sub(1);
    gap.map_or(last, |gap| {
        edges.iter().rposition(|&edge| edge <= gap).unwrap_or(0)
    })
}

/// The gap between the engine's best line and its `nth` (1: the second).
fn gap_to(lines_cp: &[i32], nth: usize) -> Option<i32> {
    Some(lines_cp.first()? - lines_cp.get(nth)?)
}

/// What a move's statistics are: top-1, top-3, loss, accuracy.
fn observed(m: &MoveScore) -> Measures {
    Measures {
        top1: f64::from(u8::from(m.rank == Some(0))),
        top3: f64::from(u8::from(m.rank.is_some_and(|r| r < 3))),
        acpl: f64::from(m.loss_cp),
        accuracy: m.accuracy,
    }
}

impl Curves {
    /// The curves measured on `moves`, their rates made non-decreasing.
    pub fn fit<'a>(edges: &[i32], moves: impl IntoIterator<Item = &'a MoveScore>) -> Curves {
        let measured = Curves::measure(edges, moves);
        Curves {
            top1: monotone_rate(measured.top1),
            top3: monotone_rate(measured.top3),
            ..measured
        }
    }

    /// The curves as measured on `moves`, bin by bin, an empty bin taking
    /// its nearest neighbour's figure: a band's, before its thin bins are
    /// filled and its rates made monotone ([`Curves::filled_from`]).
    pub fn measure<'a>(edges: &[i32], moves: impl IntoIterator<Item = &'a MoveScore>) -> Curves {
        let mut sums = vec![[Sums::default(); 4]; edges.len()];
        for m in moves {
            let by_second = gap_bin(edges, gap_to(&m.lines_cp, 1));
            let by_third = gap_bin(edges, gap_to(&m.lines_cp, 2));
            let o = observed(m);
            sums[by_second][0].add(o.top1);
            sums[by_third][1].add(o.top3);
            sums[by_second][2].add(o.acpl);
            sums[by_second][3].add(o.accuracy);
        }
        let curve = |k: usize| fill_empty(sums.iter().map(|s| s[k].figure()).collect());
        Curves {
            top1: curve(0),
            top3: curve(1),
            loss: curve(2),
            accuracy: curve(3),
        }
    }

    /// These curves with each bin of fewer than [`MIN_BIN_MOVES`] moves
    /// taking `pooled`'s figure, the rates made non-decreasing again.
    pub fn filled_from(self, pooled: &Curves) -> Curves {
        let fill = |own: Vec<BinFigure>, all: &[BinFigure]| -> Vec<BinFigure> {
            own.into_iter()
                .zip(all)
                .map(|(o, a)| if o.moves < MIN_BIN_MOVES { *a } else { o })
                .collect()
        };
        Curves {
            top1: monotone_rate(fill(self.top1, &pooled.top1)),
            top3: monotone_rate(fill(self.top3, &pooled.top3)),
            loss: fill(self.loss, &pooled.loss),
            accuracy: fill(self.accuracy, &pooled.accuracy),
        }
    }

    /// `moves` against these curves.
    pub fn tally<'a>(
        &self,
        edges: &[i32],
        moves: impl IntoIterator<Item = &'a MoveScore>,
    ) -> Tally {
        let mut tally = Tally::default();
        for m in moves {
            let by_second = gap_bin(edges, gap_to(&m.lines_cp, 1));
            let by_third = gap_bin(edges, gap_to(&m.lines_cp, 2));
            let o = observed(m);
            let t = &mut tally;
            t.moves += 1;
            let mut add = |pick: fn(&mut Measures) -> &mut f64, value: f64, bin: &BinFigure| {
                *pick(&mut t.observed) += value;
                *pick(&mut t.expected) += bin.mean;
                *pick(&mut t.variance) += bin.sd * bin.sd;
            };
            add(|m| &mut m.top1, o.top1, &self.top1[by_second]);
            add(|m| &mut m.top3, o.top3, &self.top3[by_third]);
            add(|m| &mut m.acpl, o.acpl, &self.loss[by_second]);
            add(|m| &mut m.accuracy, o.accuracy, &self.accuracy[by_second]);
        }
        tally
    }
}

/// The curve with each empty bin taking its nearest measured neighbour's
/// figure, the smaller gap's first (still with no moves of its own, so a
/// band's empty bin takes the pooled figure).
fn fill_empty(mut curve: Vec<BinFigure>) -> Vec<BinFigure> {
    let measured: Vec<usize> = (0..curve.len()).filter(|&i| curve[i].moves > 0).collect();
    for i in 0..curve.len() {
        if curve[i].moves > 0 {
            continue;
        }
        let below = measured.iter().rev().find(|&&j| j < i);
        let above = measured.iter().find(|&&j| j > i);
        if let Some(&j) = below.or(above) {
            curve[i] = BinFigure {
                moves: 0,
                ..curve[j]
            };
        }
    }
    curve
}

/// A running count, sum and sum of squares.
#[derive(Copy, Clone, Debug, Default)]
struct Sums {
    n: u64,
    sum: f64,
    squares: f64,
}

impl Sums {
    fn add(&mut self, value: f64) {
        self.n += 1;
        self.sum += value;
        self.squares += value * value;
    }

    fn figure(&self) -> BinFigure {
        if self.n == 0 {
            return BinFigure::default();
        }
        let n = self.n as f64;
        let mean = self.sum / n;
        BinFigure {
            moves: self.n,
            mean,
            sd: (self.squares / n - mean * mean).max(0.0).sqrt(),
        }
    }
}

/// A rate curve made non-decreasing (pool-adjacent-violators, each bin
/// weighted by its moves), each bin's spread the binomial one of its
/// rate.
pub fn monotone_rate(curve: Vec<BinFigure>) -> Vec<BinFigure> {
    // Blocks of pooled bins: (moves, rate, bins pooled).
    let mut blocks: Vec<(u64, f64, usize)> = Vec::with_capacity(curve.len());
    for bin in &curve {
        blocks.push((bin.moves, bin.mean, 1));
        while blocks.len() >= 2 {
            let (n2, r2, k2) = blocks[blocks.len() - 1];
            let (n1, r1, k1) = blocks[blocks.len() - 2];
            if r1 <= r2 {
                break;
            }
            let n = n1 + n2;
            let rate = if n == 0 {
                (r1 + r2) / 2.0
            } else {
                (r1 * n1 as f64 + r2 * n2 as f64) / n as f64
            };
            blocks.truncate(blocks.len() - 2);
            blocks.push((n, rate, k1 + k2));
        }
    }
    let rates = blocks
        .iter()
        .flat_map(|&(_, rate, k)| std::iter::repeat_n(rate, k));
    curve
        .iter()
        .zip(rates)
        .map(|(bin, rate)| BinFigure {
            moves: bin.moves,
            mean: rate,
            sd: (rate * (1.0 - rate)).sqrt(),
        })
        .collect()
}
