//! A figure kept exact in whole units of a fraction (hundredths of a rating
//! point, half points) as a report writes it: a whole number when it is
//! one, its decimals otherwise (`7`, `6.5`, `-12.8`, `0.23`).

use std::fmt;

use serde::{Serialize, Serializer};

/// `value / unit`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Decimal {
    value: i64,
    unit: i64,
}

impl Decimal {
    /// `value / unit`; `unit` is a power of ten or 2.
    pub fn new(value: i64, unit: i64) -> Decimal {
        Decimal { value, unit }
    }

    /// Half points as points.
    pub fn half_points(half_points: u32) -> Decimal {
        Decimal::new(i64::from(half_points), 2)
    }

    /// Hundredths as a decimal.
    pub fn hundredths(value: i64) -> Decimal {
        Decimal::new(value, 100)
    }

    fn whole(self) -> Option<i64> {
        (self.value % self.unit == 0).then_some(self.value / self.unit)
    }

    fn as_f64(self) -> f64 {
        self.value as f64 / self.unit as f64
    }
}

impl fmt::Display for Decimal {
    /// The shortest decimals that give the figure back (`50.8`, not
    /// `50.80`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.whole() {
            Some(whole) => write!(f, "{whole}"),
            None => write!(f, "{}", self.as_f64()),
        }
    }
}

impl Serialize for Decimal {
    /// A JSON number: an integer when whole.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self.whole() {
            Some(whole) => serializer.serialize_i64(whole),
            None => serializer.serialize_f64(self.as_f64()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_figures_have_no_decimals() {
        assert_eq!(Decimal::hundredths(5080).to_string(), "50.8");
        assert_eq!(Decimal::hundredths(-540).to_string(), "-5.4");
        assert_eq!(Decimal::hundredths(23).to_string(), "0.23");
        assert_eq!(Decimal::hundredths(700).to_string(), "7");
        assert_eq!(Decimal::half_points(13).to_string(), "6.5");
        assert_eq!(
            serde_json::to_string(&Decimal::half_points(4)).unwrap(),
            "2"
        );
        assert_eq!(
            serde_json::to_string(&Decimal::hundredths(-1280)).unwrap(),
            "-12.8"
        );
    }
}
