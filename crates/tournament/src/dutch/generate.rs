//! A random tournament generator, as FIDE's endorsement rules for pairing
//! programs ask for (C.04.A): players with ratings, results drawn from the
//! rating difference, forfeits, half-point byes and retirements, every round
//! paired by this engine. Anyone can feed its files to another engine and
//! compare.

use arbiter_rules::{Color, PlayerResult};

use crate::result::{ResultCode, RoundEntry};
use crate::{Player, PointSystem, Points, Tournament};

use super::{Acceleration, NoPairing, pair, round_to_pair};

/// What kind of tournament to make. Rates are "one in N": a forfeit rate of
/// 20 forfeits one game in twenty on average.
#[derive(Debug, Clone, PartialEq)]
pub struct GeneratorConfig {
    /// The number of players.
    pub players: u32,
    /// The number of rounds.
    pub rounds: u32,
    /// The share of played games drawn, in percent, between equal players.
    pub draw_percentage: u32,
    /// One game in N is forfeited.
    pub forfeit_rate: u32,
    /// One player in N retires in a round.
    pub retired_rate: u32,
    /// One player in N asks for a half-point bye in a round.
    pub half_point_bye_rate: u32,
    /// The top rating.
    pub highest_rating: u32,
    /// The bottom rating.
    pub lowest_rating: u32,
    /// What results score.
    pub points: PointSystem,
    /// The players' ratings, highest first, when a model tournament gives
    /// them ([`GeneratorConfig::from_model`]); empty, each is drawn between
    /// the bottom and the top rating.
    pub ratings: Vec<u32>,
}

/// A line of a generator configuration that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct ConfigError {
    /// The line (1-based).
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

/// A small, fast, seedable random number generator (SplitMix64): the
/// generator must give the same tournament for the same seed everywhere.
#[derive(Debug, Clone)]
pub struct Dice(u64);

impl Dice {
    /// Dice from a seed.
    pub fn new(seed: u64) -> Dice {
        Dice(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number from `low` to `high`, both included.
    pub fn between(&mut self, low: u32, high: u32) -> u32 {
        low + (self.next_u64() % (u64::from(high - low) + 1)) as u32
    }

    /// True once in `n` (never for 0).
    pub fn one_in(&mut self, n: u32) -> bool {
        n > 0 && self.next_u64().is_multiple_of(u64::from(n))
    }

    /// A number in [0, 1).
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}

impl GeneratorConfig {
    /// A configuration drawn at random, in the ranges JaVaFo's generator
    /// uses.
    pub fn random(dice: &mut Dice) -> GeneratorConfig {
        let lowest = dice.between(1000, 2000);
        GeneratorConfig {
            players: dice.between(15, 215),
            rounds: dice.between(5, 15),
            draw_percentage: dice.between(10, 50),
            forfeit_rate: dice.between(6, 30),
            retired_rate: dice.between(15, 3225),
            half_point_bye_rate: dice.between(15, 3225),
            highest_rating: dice.between(lowest + 200, 2800),
            lowest_rating: lowest,
            points: PointSystem::FIDE,
            ratings: Vec::new(),
        }
    }

    /// A configuration like `model`'s, for JaVaFo's and bbpPairings'
    /// `MODEL.trf -g`: its players' ratings, its rounds and point system,
    /// and the rates of its draws, forfeits, half-point byes and
    /// retirements, so that the random tournaments look like a real one.
    /// The draw percentage is the model's share of drawn games (the
    /// generator applies it between equal players, where draws are
    /// likeliest). A model without ratings keeps the random range.
    pub fn from_model(model: &Tournament, dice: &mut Dice) -> GeneratorConfig {
        let mut c = GeneratorConfig::random(dice);
        let paired = super::rounds_paired(model);
        c.players = model.entrants.len() as u32;
        c.rounds = model.planned_rounds.unwrap_or(paired).max(1);
        c.points = model.points;
        let mut ratings: Vec<u32> = model.entrants.iter().map(|e| e.player.rating).collect();
        ratings.sort_unstable_by(|a, b| b.cmp(a));
        if ratings.iter().any(|&r| r > 0) {
            c.highest_rating = ratings[0];
            c.lowest_rating = ratings
                .iter()
                .copied()
                .filter(|&r| r > 0)
                .min()
                .unwrap_or(0);
            c.ratings = ratings;
        }
        let stats = ModelRates::of(model, paired);
        c.draw_percentage = stats.share(stats.draws, stats.played);
        c.forfeit_rate = stats.one_in(stats.forfeits, stats.played + stats.forfeits);
        c.half_point_bye_rate = stats.one_in(stats.half_point_byes, stats.cells);
        c.retired_rate = stats.one_in(stats.retirements, stats.cells);
        c
    }

    /// Reads `Key=Value` lines (JaVaFo's and bbpPairings' keys); keys not
    /// given are drawn at random.
    pub fn parse(text: &str, dice: &mut Dice) -> Result<GeneratorConfig, ConfigError> {
        let mut c = GeneratorConfig::random(dice);
        for (i, raw) in text.lines().enumerate() {
            let line = raw.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let error = |message: String| ConfigError {
                line: i + 1,
                message,
            };
            let (key, value) = line
                .split_once('=')
                .ok_or_else(|| error(format!("expected Key=Value, found {line:?}")))?;
            let (key, value) = (key.trim(), value.trim());
            let number = || {
                value
                    .parse::<u32>()
                    .map_err(|_| error(format!("{key}: {value:?} is not a whole number")))
            };
            let points = || {
                Points::parse(value).ok_or_else(|| error(format!("{key}: {value:?} is not points")))
            };
            match key {
                "PlayersNumber" => c.players = number()?,
                "RoundsNumber" => c.rounds = number()?,
                "DrawPercentage" => c.draw_percentage = number()?.min(100),
                "ForfeitRate" => c.forfeit_rate = number()?,
                "RetiredRate" => c.retired_rate = number()?,
                "HalfPointByeRate" => c.half_point_bye_rate = number()?,
                "HighestRating" => c.highest_rating = number()?,
                "LowestRating" => c.lowest_rating = number()?,
                "PointsForWin" => c.points.win = points()?,
                "PointsForDraw" => c.points.draw = points()?,
                "PointsForLoss" => c.points.loss = points()?,
                "PointsForForfeitLoss" => c.points.forfeit_loss = points()?,
                "PointsForZPB" => c.points.zero_point_bye = points()?,
                "PointsForPAB" => c.points.pairing_allocated_bye = points()?,
                _ => return Err(error(format!("unknown key {key:?}"))),
            }
        }
        if c.players < 2 {
            return Err(ConfigError {
                line: 0,
                message: "PlayersNumber must be at least 2".into(),
            });
        }
        if c.lowest_rating > c.highest_rating {
            std::mem::swap(&mut c.lowest_rating, &mut c.highest_rating);
        }
        c.points.forfeit_win = c.points.win;
        c.points.full_point_bye = c.points.win;
        c.points.half_point_bye = c.points.draw;
        Ok(c)
    }
}

/// What a model tournament's rounds hold, counted for its rates.
#[derive(Debug, Default)]
struct ModelRates {
    /// Games played (each counted once).
    played: u32,
    /// Played games drawn.
    draws: u32,
    /// Games forfeited (each counted once).
    forfeits: u32,
    /// Half-point byes.
    half_point_byes: u32,
    /// Players whose last rounds are all unpaired: retired.
    retirements: u32,
    /// Player-rounds in all.
    cells: u32,
}

impl ModelRates {
    fn of(model: &Tournament, rounds: u32) -> ModelRates {
        use crate::result::Outcome;
        let mut m = ModelRates::default();
        for e in &model.entrants {
            for round in 1..=rounds {
                m.cells += 1;
                match e.round(round).outcome() {
                    Outcome::Played {
                        colour: Color::White,
                        result,
                        ..
                    } => {
                        m.played += 1;
                        m.draws += u32::from(result == PlayerResult::Draw);
                    }
                    Outcome::Forfeit { won: true, .. } => m.forfeits += 1,
                    Outcome::HalfPointBye => m.half_point_byes += 1,
                    _ => {}
                }
            }
            // A player unpaired in the last round after playing: retired.
            let gone = matches!(
                e.round(rounds).outcome(),
                Outcome::ZeroPointBye | Outcome::NotPaired
            );
            m.retirements += u32::from(rounds > 1 && gone);
        }
        m
    }

    /// `part` of `whole` in percent (0 of nothing).
    fn share(&self, part: u32, whole: u32) -> u32 {
        (part * 100).checked_div(whole).unwrap_or(0)
    }

    /// `part` of `whole` as "one in N" (0: never, when `part` is none).
    fn one_in(&self, part: u32, whole: u32) -> u32 {
        whole.checked_div(part).map_or(0, |n| n.max(1))
    }
}

/// The expected score of a player rated `diff` points above the opponent
/// (FIDE's logistic approximation).
fn expected(diff: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-diff / 400.0))
}

/// Plays a whole random tournament, pairing every round with the Dutch
/// system. Fails only if a round cannot be paired at all.
pub fn generate(config: &GeneratorConfig, dice: &mut Dice) -> Result<Tournament, NoPairing> {
    let mut t = Tournament {
        planned_rounds: Some(config.rounds),
        initial_colour: Some(if dice.one_in(2) {
            Color::White
        } else {
            Color::Black
        }),
        points: config.points,
        ..Tournament::default()
    };
    let mut ratings: Vec<u32> = if config.ratings.len() == config.players as usize {
        config.ratings.clone()
    } else {
        (0..config.players)
            .map(|_| dice.between(config.lowest_rating, config.highest_rating))
            .collect()
    };
    ratings.sort_unstable_by(|a, b| b.cmp(a));
    for (i, rating) in ratings.iter().enumerate() {
        let no = i as u32 + 1;
        let mut player = Player::new(no, format!("Player{no:04}"));
        player.rating = *rating;
        t.register(player);
    }
    let mut retired = vec![false; config.players as usize];
    for round in 1..=config.rounds {
        for no in 1..=config.players {
            let i = no as usize - 1;
            if !retired[i] && dice.one_in(config.retired_rate) {
                retired[i] = true;
            }
            if retired[i] {
                t.set_cell(no, round, RoundEntry::unpaired(ResultCode::ZeroPointBye));
            } else if dice.one_in(config.half_point_bye_rate) {
                t.set_cell(no, round, RoundEntry::unpaired(ResultCode::HalfPointBye));
            }
        }
        let view = round_to_pair(&t, round, Acceleration::default());
        let boards = pair(&view)?;
        for b in boards {
            let white = b.white as u32 + 1;
            let Some(black) = b.black else {
                t.set_cell(
                    white,
                    round,
                    RoundEntry::unpaired(ResultCode::PairingAllocatedBye),
                );
                continue;
            };
            let black = black as u32 + 1;
            if dice.one_in(config.forfeit_rate) {
                let white_wins = dice.one_in(2);
                let code = |won: bool| {
                    if won {
                        ResultCode::ForfeitWin
                    } else {
                        ResultCode::ForfeitLoss
                    }
                };
                t.record_forfeit(round, white, black, (code(white_wins), code(!white_wins)));
                continue;
            }
            let diff =
                f64::from(ratings[white as usize - 1]) - f64::from(ratings[black as usize - 1]);
            let e = expected(diff);
            let draw = f64::from(config.draw_percentage) / 100.0 * (1.0 - (2.0 * e - 1.0).abs());
            let roll = dice.unit();
            let result = if roll < draw {
                PlayerResult::Draw
            } else if roll < draw + (1.0 - draw) * e {
                PlayerResult::Win
            } else {
                PlayerResult::Loss
            };
            t.record_game(round, white, black, result);
        }
    }
    for e in &mut t.entrants {
        e.player.stated_points = Some(e.score_after(config.rounds, &config.points));
    }
    Ok(t)
}
