//! The baseline: how often human players of each rating band match the
//! engine and what they lose, measured on real games with the same engine
//! and settings as the screen, overall and by how hard the position was
//! ([`Curves`]). Kept as a versioned JSON file; a report names it by its
//! SHA-256.

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::expectation::{Curves, GAP_EDGES_CP, Tally};
use crate::player::{PlayerFigures, PlayerMoves};
use crate::{EngineId, ReportText, Settings};

/// The version of the baseline file's format this build reads and writes:
/// 3 since the bands carry the per-position expectation.
pub const BASELINE_FORMAT: u32 = 3;

/// The rating bands' edges: a band runs from one edge to the next.
pub const BAND_EDGES: [u32; 9] = [0, 1400, 1600, 1800, 2000, 2200, 2400, 2600, 4000];

/// A band with fewer scored moves than this is too thin to measure against.
pub const MIN_BAND_MOVES: u64 = 200;

/// A player with fewer scored moves than this gets no z-score.
pub const MIN_PLAYER_MOVES: u64 = 20;

/// A band needs this many players with move times to measure them.
pub const MIN_TIMED_PLAYERS: u32 = 20;

/// A player's share of fast complex moves is measured from this many
/// complex positions with a known time.
pub const MIN_COMPLEX_MOVES: u64 = 10;

/// How a figure spreads from player to player in a band.
#[derive(Copy, Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayerSpread {
    /// Players measured.
    pub players: u32,
    /// Their mean.
    pub mean: f64,
    /// Their standard deviation.
    pub sd: f64,
}

impl PlayerSpread {
    /// The spread of `values`, when there are enough to measure it.
    fn of(values: &[f64]) -> Option<PlayerSpread> {
        (values.len() >= MIN_TIMED_PLAYERS as usize).then(|| PlayerSpread {
            players: values.len() as u32,
            mean: crate::player::mean(values),
            sd: crate::player::sd(values),
        })
    }

    /// How far `value` lies below the band's mean, in its spreads.
    fn z_below(&self, value: f64) -> f64 {
        if self.sd > 0.0 {
            (self.mean - value) / self.sd
        } else {
            0.0
        }
    }
}

/// A player's move-time z-scores against his band: reported beside the
/// others, never in the combined z (see docs/fairplay.md, "Move times").
#[derive(Copy, Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TimeZScores {
    /// Positive when his move times vary less than the band's (a steady
    /// clock).
    pub cv: f64,
    /// Positive when he plays more complex positions fast than the band,
    /// when he has enough of them.
    pub fast: Option<f64>,
}

/// One figure per statistic the screen measures.
#[derive(Copy, Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Measures {
    /// The top-1 match rate.
    pub top1: f64,
    /// The top-3 match rate.
    pub top3: f64,
    /// The average centipawn loss (lower is stronger).
    pub acpl: f64,
    /// The mean accuracy.
    pub accuracy: f64,
}

impl Measures {
    /// Their mean.
    pub fn mean(&self) -> f64 {
        (self.top1 + self.top3 + self.acpl + self.accuracy) / 4.0
    }
}

/// What the players of one rating band did.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Band {
    /// The lowest rating in the band.
    pub from: u32,
    /// The first rating above the band.
    pub to: u32,
    /// Players measured.
    pub players: u32,
    /// Scored moves.
    pub moves: u64,
    /// Per move: top-1 and top-3 rates, mean loss and mean accuracy.
    pub mean: Measures,
    /// Per move: the standard deviations of the loss and the accuracy
    /// (the rates' follow from the rates).
    pub loss_sd: f64,
    /// See `loss_sd`.
    pub accuracy_sd: f64,
    /// The players' move-time coefficients of variation, when at least
    /// [`MIN_TIMED_PLAYERS`] have [`MIN_PLAYER_MOVES`] moves with a time.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_cv: Option<PlayerSpread>,
    /// The players' shares of complex positions played fast, likewise
    /// (from [`MIN_COMPLEX_MOVES`] complex positions each).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fast_share: Option<PlayerSpread>,
    /// The band's expectation by how hard the position is: what a player
    /// is measured against, move by move.
    pub curves: Curves,
}

/// A baseline file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Baseline {
    /// [`BASELINE_FORMAT`].
    pub format: u32,
    /// The engine and its settings.
    pub engine: EngineId,
    /// The screen's settings.
    pub settings: Settings,
    /// The lower edges of the gap bins the bands' curves are measured in,
    /// in centipawns between the engine's best line and the next.
    pub gap_edges_cp: Vec<i32>,
    /// The bands, lowest first.
    pub bands: Vec<Band>,
    /// How much wider the baseline's own players' z-scores spread than a
    /// standard normal's (the mean of their squares, at least 1): moves of
    /// one game are not independent, and the screen's z-scores are divided
    /// by its square root so that honest players' stay standard.
    pub dispersion: Measures,
    /// The mean square of the baseline's own players' combined z-scores
    /// (the mean of their four corrected ones). The four are correlated
    /// but not one: their mean spreads narrower than a standard normal,
    /// and the combined z-score is divided by the square root of this so
    /// that an honest player's is standard, not more cautious than that.
    pub combined_dispersion: f64,
}

/// A baseline that cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum BaselineError {
    /// Not a baseline file.
    #[error("not a baseline file: {0}")]
    Json(#[from] serde_json::Error),
    /// Written in a format this build does not read.
    #[error("baseline format {found}, this build reads format {BASELINE_FORMAT}")]
    Format {
        /// The file's format.
        found: u32,
    },
}

impl BaselineError {
    /// The catalogue's words for a file of another format, which says what
    /// to do about it.
    pub fn format_text(&self) -> Option<ReportText> {
        match self {
            BaselineError::Format { found } => Some(ReportText::BaselineFormat {
                found: *found,
                reads: BASELINE_FORMAT,
            }),
            BaselineError::Json(_) => None,
        }
    }
}

impl Baseline {
    /// Measures the rated players of `players` by band, in the gap bins
    /// of [`GAP_EDGES_CP`].
    pub fn build(engine: EngineId, settings: Settings, players: &[PlayerMoves]) -> Baseline {
        Baseline::build_in(engine, settings, players, &GAP_EDGES_CP)
    }

    /// Measures the rated players of `players` by band, in the gap bins
    /// whose lower edges are `gap_edges_cp` (increasing, from 0). One bin,
    /// `[0]`, measures every move against the band's overall figures.
    pub fn build_in(
        engine: EngineId,
        settings: Settings,
        players: &[PlayerMoves],
        gap_edges_cp: &[i32],
    ) -> Baseline {
        let rated = players.iter().filter(|p| !p.ratings.is_empty());
        let pooled = Curves::fit(gap_edges_cp, rated.flat_map(|p| &p.moves));
        let bands: Vec<Band> = BAND_EDGES
            .windows(2)
            .map(|edge| band(edge[0], edge[1], players, &pooled, gap_edges_cp))
            .filter(|b| b.moves > 0)
            .collect();
        let mut baseline = Baseline {
            format: BASELINE_FORMAT,
            engine,
            settings,
            gap_edges_cp: gap_edges_cp.to_vec(),
            bands,
            dispersion: Measures {
                top1: 1.0,
                top3: 1.0,
                acpl: 1.0,
                accuracy: 1.0,
            },
            combined_dispersion: 1.0,
        };
        baseline.dispersion = baseline.own_dispersion(players);
        baseline.combined_dispersion = baseline.own_combined_dispersion(players);
        baseline
    }

    /// Reads a baseline file.
    pub fn read(bytes: &[u8]) -> Result<Baseline, BaselineError> {
        #[derive(Deserialize)]
        struct Version {
            format: u32,
        }
        let version: Version = serde_json::from_slice(bytes)?;
        if version.format != BASELINE_FORMAT {
            return Err(BaselineError::Format {
                found: version.format,
            });
        }
        Ok(serde_json::from_slice(bytes)?)
    }

    /// The file's text.
    pub fn to_json(&self) -> String {
        let mut text = serde_json::to_string_pretty(self).expect("a baseline serialises");
        text.push('\n');
        text
    }

    /// The band a rating falls in, when it holds enough moves.
    pub fn band(&self, rating: u32) -> Option<&Band> {
        self.bands
            .iter()
            .find(|b| b.from <= rating && rating < b.to && b.moves >= MIN_BAND_MOVES)
    }

    /// A player's moves against his band's expectation in his positions;
    /// `None` without a rating, a band, or enough moves.
    pub fn tally(&self, player: &PlayerMoves) -> Option<Tally> {
        if (player.moves.len() as u64) < MIN_PLAYER_MOVES {
            return None;
        }
        let band = self.band(player.figures().rating?)?;
        Some(band.curves.tally(&self.gap_edges_cp, &player.moves))
    }

    /// A player's z-scores against his band's expectation in his
    /// positions, each positive when he plays more like the engine than
    /// the band would have, divided by the baseline's dispersion; `None`
    /// without a rating, a band, or enough moves.
    pub fn z_scores(&self, player: &PlayerMoves) -> Option<Measures> {
        let raw = self.tally(player)?.z_scores();
        let d = &self.dispersion;
        Some(Measures {
            top1: raw.top1 / d.top1.sqrt(),
            top3: raw.top3 / d.top3.sqrt(),
            acpl: raw.acpl / d.acpl.sqrt(),
            accuracy: raw.accuracy / d.accuracy.sqrt(),
        })
    }

    /// A player's move-time z-scores against his band, when the band
    /// measured them and he has enough moves with a time.
    pub fn time_z_scores(&self, figures: &PlayerFigures) -> Option<TimeZScores> {
        if figures.timed_moves < MIN_PLAYER_MOVES {
            return None;
        }
        let band = self.band(figures.rating?)?;
        let cv = band.time_cv?.z_below(figures.time_cv?);
        let fast = band
            .fast_share
            .filter(|_| figures.complex_moves >= MIN_COMPLEX_MOVES)
            .map(|spread| -spread.z_below(figures.fast_share()));
        Some(TimeZScores { cv, fast })
    }

    /// The combined z-score of a player's corrected z-scores: their mean,
    /// standardised by the spread of the baseline's own players' means.
    pub fn combined(&self, z_scores: &Measures) -> f64 {
        z_scores.mean() / self.combined_dispersion.sqrt()
    }

    fn own_dispersion(&self, players: &[PlayerMoves]) -> Measures {
        let zs: Vec<Measures> = players
            .iter()
            .filter_map(|p| self.tally(p))
            .map(|t| t.z_scores())
            .collect();
        let spread = |pick: fn(&Measures) -> f64| {
            if zs.is_empty() {
                return 1.0;
            }
            let mean_square = zs.iter().map(|z| pick(z) * pick(z)).sum::<f64>() / zs.len() as f64;
            mean_square.max(1.0)
        };
        Measures {
            top1: spread(|z| z.top1),
            top3: spread(|z| z.top3),
            acpl: spread(|z| z.acpl),
            accuracy: spread(|z| z.accuracy),
        }
    }

    /// The mean square of the own players' combined z-scores, kept within
    /// what four z-scores of unit spread can give: from a quarter (four
    /// independent ones) to 1 (one and the same).
    fn own_combined_dispersion(&self, players: &[PlayerMoves]) -> f64 {
        let means: Vec<f64> = players
            .iter()
            .filter_map(|p| self.z_scores(p))
            .map(|z| z.mean())
            .collect();
        if means.is_empty() {
            return 1.0;
        }
        let mean_square = means.iter().map(|m| m * m).sum::<f64>() / means.len() as f64;
        mean_square.clamp(0.25, 1.0)
    }
}

/// The SHA-256 of a baseline file's bytes, in hex: how a report names it.
pub fn baseline_hash(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The band's players taken together as one: his figures are the band's.
fn band(
    from: u32,
    to: u32,
    players: &[PlayerMoves],
    all_bands: &Curves,
    gap_edges_cp: &[i32],
) -> Band {
    let members: Vec<&PlayerMoves> = players
        .iter()
        .filter(|p| p.figures().rating.is_some_and(|r| from <= r && r < to))
        .collect();
    let pooled = PlayerMoves {
        moves: members
            .iter()
            .flat_map(|p| p.moves.iter().cloned())
            .collect(),
        ..PlayerMoves::default()
    }
    .figures();
    let figures: Vec<PlayerFigures> = members.iter().map(|p| p.figures()).collect();
    let cvs: Vec<f64> = figures
        .iter()
        .filter(|f| f.timed_moves >= MIN_PLAYER_MOVES)
        .filter_map(|f| f.time_cv)
        .collect();
    let fast: Vec<f64> = figures
        .iter()
        .filter(|f| f.complex_moves >= MIN_COMPLEX_MOVES)
        .map(PlayerFigures::fast_share)
        .collect();
    Band {
        from,
        to,
        players: members.len() as u32,
        moves: pooled.moves,
        mean: Measures {
            top1: pooled.top1(),
            top3: pooled.top3(),
            acpl: pooled.acpl,
            accuracy: pooled.accuracy,
        },
        loss_sd: pooled.loss_sd,
        accuracy_sd: pooled.accuracy_sd,
        time_cv: PlayerSpread::of(&cvs),
        fast_share: PlayerSpread::of(&fast),
        curves: Curves::measure(gap_edges_cp, members.iter().flat_map(|p| &p.moves))
            .filled_from(all_bands),
    }
}
