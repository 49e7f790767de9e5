//! The standard normal distribution.

/// P(Z ≤ x) for a standard normal Z.
pub fn normal_cdf(x: f64) -> f64 {
    if x.is_nan() {
        return f64::NAN;
    }
    let t = x / std::f64::consts::SQRT_2;
    if t >= 0.0 {
        1.0 - erfc(t) / 2.0
    } else {
        erfc(-t) / 2.0
    }
}

/// The x with `normal_cdf(x) == p`, for `0 < p < 1` (bisection: slow but
/// exact to the last bits, and only called a few times per report).
pub fn normal_quantile(p: f64) -> f64 {
    if p.is_nan() || p <= 0.0 {
        return f64::NEG_INFINITY;
    }
    if p >= 1.0 {
        return f64::INFINITY;
    }
    let (mut lo, mut hi) = (-40.0_f64, 40.0_f64);
    for _ in 0..200 {
        let mid = (lo + hi) / 2.0;
        if normal_cdf(mid) < p {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    (lo + hi) / 2.0
}

/// The complementary error function for x ≥ 0: the Maclaurin series of erf
/// near zero, a continued fraction (evaluated by Lentz's method) in the
/// tail, each where it keeps full precision.
fn erfc(x: f64) -> f64 {
    debug_assert!(x >= 0.0);
    if x < 2.5 {
        let mut sum = 0.0;
        let mut term = x;
        let mut n = 0.0;
        // erf x = 2/√π Σ (-1)^n x^(2n+1) / (n! (2n+1))
        loop {
            let add = term / (2.0 * n + 1.0);
            sum += add;
            if add.abs() <= 1e-17 * sum.abs() || n > 200.0 {
                break;
            }
            n += 1.0;
            term *= -x * x / n;
        }
        1.0 - sum * 2.0 / std::f64::consts::PI.sqrt()
    } else {
        // erfc x = exp(-x²)/√π · 1/(x + (1/2)/(x + 1/(x + (3/2)/(x + …))))
        let tiny = 1e-300;
        let mut f = x;
        let mut c = x;
        let mut d = 0.0;
        for k in 1..500 {
            let a = k as f64 / 2.0;
            d = x + a * d;
            d = if d.abs() < tiny { tiny } else { d };
            c = x + a / c;
            c = if c.abs() < tiny { tiny } else { c };
            d = 1.0 / d;
            let delta = c * d;
            f *= delta;
            if (delta - 1.0).abs() < 1e-16 {
                break;
            }
        }
        (-x * x).exp() / std::f64::consts::PI.sqrt() / f
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_values() {
        // Textbook values of the normal distribution.
        assert!((normal_cdf(0.0) - 0.5).abs() < 1e-15);
        assert!((normal_cdf(1.0) - 0.841_344_746_068_542_9).abs() < 1e-14);
        assert!((normal_cdf(-2.0) - 0.022_750_131_948_179_2).abs() < 1e-14);
        assert!((normal_cdf(3.0) - 0.998_650_101_968_369_9).abs() < 1e-14);
        assert!((normal_cdf(-6.0) - 9.865_876_450_377e-10).abs() < 1e-20);
        assert!((normal_quantile(0.975) - 1.959_963_984_540_054).abs() < 1e-12);
        assert!((normal_quantile(0.5)).abs() < 1e-12);
    }

    #[test]
    fn continuous_where_the_methods_meet() {
        let x = 2.5 * std::f64::consts::SQRT_2;
        let below = normal_cdf(x - 1e-9);
        let above = normal_cdf(x + 1e-9);
        assert!((above - below).abs() < 1e-10);
    }
}
