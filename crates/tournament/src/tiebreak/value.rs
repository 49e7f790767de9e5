//! The value of a tie-break: exact decimals, so that sums of halves and
//! averages rounded as C.07 rounds them compare exactly.

use std::fmt;

use crate::points::Points;

/// A tie-break value, held in hundred-thousandths: enough for Sonneborn-Berger
/// products of tenths and averages to five decimals.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Value(i64);

/// Hundred-thousandths in one.
pub(crate) const SCALE: i64 = 100_000;

impl Value {
    /// A whole number.
    pub const fn whole(n: i64) -> Value {
        Value(n * SCALE)
    }

    /// A number of points.
    pub const fn points(points: Points) -> Value {
        Value(points.tenths() as i64 * (SCALE / 10))
    }

    /// The product of two numbers of points (Sonneborn-Berger's terms).
    pub const fn product(a: Points, b: Points) -> Value {
        Value(a.tenths() as i64 * b.tenths() as i64 * (SCALE / 100))
    }

    /// The value in hundred-thousandths.
    pub const fn raw(self) -> i64 {
        self.0
    }

    /// A value from hundred-thousandths.
    pub const fn from_raw(raw: i64) -> Value {
        Value(raw)
    }

    /// The mean of `sum` over `count`, rounded half up to `decimals` places.
    pub fn mean(sum: Value, count: i64, decimals: u32) -> Value {
        let unit = SCALE / 10_i64.pow(decimals.min(5));
        let denominator = count * unit;
        let halves = 2 * sum.0 + denominator;
        Value(halves.div_euclid(2 * denominator) * unit)
    }

    /// The value as a floating-point number.
    pub fn as_f64(self) -> f64 {
        self.0 as f64 / SCALE as f64
    }
}

impl std::ops::Add for Value {
    type Output = Value;
    fn add(self, other: Value) -> Value {
        Value(self.0 + other.0)
    }
}

impl std::iter::Sum for Value {
    fn sum<I: Iterator<Item = Value>>(iter: I) -> Value {
        Value(iter.map(|v| v.0).sum())
    }
}

impl fmt::Display for Value {
    /// As few decimals as the value needs (`3`, `4.5`, `31.375`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let whole = self.0.abs() / SCALE;
        let mut fraction = self.0.abs() % SCALE;
        if fraction == 0 {
            return f.pad(&format!("{sign}{whole}"));
        }
        let mut digits = 5;
        while fraction % 10 == 0 {
            fraction /= 10;
            digits -= 1;
        }
        f.pad(&format!("{sign}{whole}.{fraction:0digits$}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_print_with_the_decimals_they_need() {
        assert_eq!(Value::whole(3).to_string(), "3");
        assert_eq!(Value::points(Points::from_tenths(45)).to_string(), "4.5");
        assert_eq!(Value::from_raw(3_137_500).to_string(), "31.375");
        assert_eq!(Value::from_raw(105).to_string(), "0.00105");
        assert_eq!(Value::from_raw(-50_000).to_string(), "-0.5");
    }

    #[test]
    fn means_round_half_up() {
        // 10.005 rounds up to 10.01; 10.0049 down to 10.
        assert_eq!(
            Value::mean(Value::from_raw(2_001_000), 2, 2),
            Value::from_raw(1_001_000)
        );
        assert_eq!(
            Value::mean(Value::from_raw(2_000_980), 2, 2),
            Value::from_raw(1_000_000)
        );
        assert_eq!(Value::mean(Value::whole(4001), 2, 0), Value::whole(2001));
    }
}
