//! Points as the scoring system counts them: exact tenths, so that ½ and the
//! 3/1/0 systems add up without rounding.

use std::fmt;
use std::ops::{Add, AddAssign, Sub};

/// A number of points, held in tenths of a point so that halves and the
/// football-style 3/1/0 systems are exact.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Points(i32);

impl Points {
    /// No points.
    pub const ZERO: Points = Points(0);
    /// Half a point (a draw under the FIDE system).
    pub const HALF: Points = Points(5);
    /// One point (a win under the FIDE system).
    pub const ONE: Points = Points(10);

    /// Points from a count of tenths (`Points::from_tenths(15)` is 1.5).
    pub const fn from_tenths(tenths: i32) -> Points {
        Points(tenths)
    }

    /// Whole points (`Points::whole(3)` is 3.0).
    pub const fn whole(points: i32) -> Points {
        Points(points * 10)
    }

    /// The count of tenths.
    pub const fn tenths(self) -> i32 {
        self.0
    }

    /// The value as a floating-point number, for averages and ratios.
    pub fn as_f64(self) -> f64 {
        f64::from(self.0) / 10.0
    }

    /// Reads a TRF points field: digits with at most one decimal place
    /// (`"2"`, `"2.5"`, `"10.0"`, `".5"`). Spaces around are allowed.
    pub fn parse(text: &str) -> Option<Points> {
        let text = text.trim();
        let (whole, tenth) = match text.split_once('.') {
            Some((w, t)) => (w, t),
            None => (text, ""),
        };
        if whole.is_empty() && tenth.is_empty() {
            return None;
        }
        if !whole.bytes().all(|b| b.is_ascii_digit()) || whole.len() > 6 {
            return None;
        }
        let tenth_digit = match tenth.as_bytes() {
            [] => 0,
            [d] if d.is_ascii_digit() => i32::from(d - b'0'),
            [d, rest @ ..] if d.is_ascii_digit() && rest.iter().all(|&b| b == b'0') => {
                i32::from(d - b'0')
            }
            _ => return None,
        };
        let whole: i32 = if whole.is_empty() {
            0
        } else {
            whole.parse().ok()?
        };
        Some(Points(whole * 10 + tenth_digit))
    }
}

impl fmt::Display for Points {
    /// One decimal place, as TRF writes points (`2.5`, `3.0`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let text = format!("{sign}{}.{}", self.0.abs() / 10, self.0.abs() % 10);
        f.pad(&text)
    }
}

impl Add for Points {
    type Output = Points;
    fn add(self, other: Points) -> Points {
        Points(self.0 + other.0)
    }
}

impl AddAssign for Points {
    fn add_assign(&mut self, other: Points) {
        self.0 += other.0;
    }
}

impl Sub for Points {
    type Output = Points;
    fn sub(self, other: Points) -> Points {
        Points(self.0 - other.0)
    }
}

/// Points are written as a decimal number (`1.5`), as people read them.
impl serde::Serialize for Points {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_f64(self.as_f64())
    }
}

/// A decimal number of points with at most one decimal place.
impl<'de> serde::Deserialize<'de> for Points {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Points, D::Error> {
        let value = f64::deserialize(d)?;
        let tenths = (value * 10.0).round();
        if !value.is_finite() || (tenths - value * 10.0).abs() > 1e-6 || tenths.abs() > 1e7 {
            return Err(serde::de::Error::custom(format!(
                "{value} is not a number of points with at most one decimal place"
            )));
        }
        Ok(Points(tenths as i32))
    }
}

impl std::iter::Sum for Points {
    fn sum<I: Iterator<Item = Points>>(iter: I) -> Points {
        iter.fold(Points::ZERO, Add::add)
    }
}

/// What each kind of result is worth, as the event's rules set it.
///
/// FIDE's default is 1 for a win, ½ for a draw, 0 for a loss; a pairing-allocated
/// bye scores a win unless the rules say otherwise (C.04.1.c), a half-point
/// bye a draw. The "3/1/0" systems some events use are [`PointSystem::three_one_zero`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct PointSystem {
    /// A won game.
    pub win: Points,
    /// A drawn game.
    pub draw: Points,
    /// A lost game.
    pub loss: Points,
    /// A win by forfeit (the opponent did not come).
    pub forfeit_win: Points,
    /// A loss by forfeit.
    pub forfeit_loss: Points,
    /// The bye the pairing allocates to the one player left unpaired.
    pub pairing_allocated_bye: Points,
    /// A full-point bye requested in advance.
    pub full_point_bye: Points,
    /// A half-point bye requested in advance.
    pub half_point_bye: Points,
    /// A zero-point bye, and a round an absent or withdrawn player misses.
    pub zero_point_bye: Points,
}

impl PointSystem {
    /// The FIDE system: 1, ½, 0.
    pub const FIDE: PointSystem = PointSystem {
        win: Points::ONE,
        draw: Points::HALF,
        loss: Points::ZERO,
        forfeit_win: Points::ONE,
        forfeit_loss: Points::ZERO,
        pairing_allocated_bye: Points::ONE,
        full_point_bye: Points::ONE,
        half_point_bye: Points::HALF,
        zero_point_bye: Points::ZERO,
    };

    /// Three points for a win, one for a draw, none for a loss.
    pub const fn three_one_zero() -> PointSystem {
        PointSystem {
            win: Points::whole(3),
            draw: Points::whole(1),
            loss: Points::ZERO,
            forfeit_win: Points::whole(3),
            forfeit_loss: Points::ZERO,
            pairing_allocated_bye: Points::whole(3),
            full_point_bye: Points::whole(3),
            half_point_bye: Points::whole(1),
            zero_point_bye: Points::ZERO,
        }
    }
}

impl Default for PointSystem {
    fn default() -> Self {
        PointSystem::FIDE
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_read_with_and_without_decimals() {
        assert_eq!(Points::parse(" 2.5"), Some(Points::from_tenths(25)));
        assert_eq!(Points::parse("10"), Some(Points::whole(10)));
        assert_eq!(Points::parse(".5"), Some(Points::HALF));
        assert_eq!(Points::parse("1.50"), Some(Points::from_tenths(15)));
        assert_eq!(Points::parse("1.25"), None);
        assert_eq!(Points::parse("x"), None);
        assert_eq!(Points::parse(""), None);
        assert_eq!(Points::parse("."), None);
    }

    #[test]
    fn points_travel_as_decimal_numbers() {
        let json = serde_json::to_string(&PointSystem::FIDE).unwrap();
        assert!(json.contains(r#""draw":0.5"#), "{json}");
        let back: PointSystem = serde_json::from_str(&json).unwrap();
        assert_eq!(back, PointSystem::FIDE);
        assert!(serde_json::from_str::<Points>("0.25").is_err());
    }

    #[test]
    fn points_write_one_decimal() {
        assert_eq!(Points::from_tenths(25).to_string(), "2.5");
        assert_eq!(format!("{:>4}", Points::whole(3)), " 3.0");
    }
}
