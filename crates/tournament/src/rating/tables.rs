//! The two conversion tables of the FIDE Rating Regulations (Handbook B.02,
//! in force from 1 March 2024): 8.1.1, a fractional score `p` into a rating
//! difference `dp`, and 8.1.2, a rating difference `D` into the scoring
//! probability `PD` of the higher- and the lower-rated player. The Title
//! Regulations' table 1.4.9 (B.01) is the same as 8.1.1, and the
//! rating-based tie-breaks of C.07 read both.

/// Table 8.1.1, `dp` for `p` = .50, .51, … 1.0. The regulations print the
/// half below .50 as this half's mirror (`dp(1 − p) = −dp(p)`).
const DP_ABOVE_HALF: [i32; 51] = [
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141, 149, 158,
    166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336, 351, 366,
    383, 401, 422, 444, 470, 501, 538, 589, 677, 800,
];

/// `dp` for a score of `percent` % (0 to 100; more counts as 100), table
/// 8.1.1. A score of 0 or 100 % has no true `dp`: the table gives ∓800.
///
/// ```
/// use arbiter_tournament::rating::tables::dp_for_percent;
/// assert_eq!(dp_for_percent(78), 220); // 7 of 9, 77.8 %, rounds to 78 %
/// assert_eq!(dp_for_percent(22), -220);
/// ```
pub fn dp_for_percent(percent: u32) -> i32 {
    let percent = percent.min(100) as usize;
    if percent >= 50 {
        DP_ABOVE_HALF[percent - 50]
    } else {
        -DP_ABOVE_HALF[50 - percent]
    }
}

/// Table 8.1.2: the highest rating difference `D` at which the
/// higher-rated player's `PD` is .50, .51, … .99; beyond the last (735) it
/// is 1.0. The lower-rated player's `PD` is 1 less the higher's.
const DIFFERENCE_LIMITS: [u32; 50] = [
    3, 10, 17, 25, 32, 39, 46, 53, 61, 68, 76, 83, 91, 98, 106, 113, 121, 129, 137, 145, 153, 162,
    170, 179, 188, 197, 206, 215, 225, 235, 245, 256, 267, 278, 290, 302, 315, 328, 344, 357, 374,
    391, 411, 432, 456, 484, 517, 559, 619, 735,
];

/// The scoring probability `PD`, in hundredths, of the higher-rated player
/// (`higher`) or the lower-rated one, for a rating difference `difference`
/// (table 8.1.2). Players of equal rating are each the "higher" one: .50.
///
/// ```
/// use arbiter_tournament::rating::tables::score_probability;
/// assert_eq!(score_probability(124, true), 67);
/// assert_eq!(score_probability(124, false), 33);
/// assert_eq!(score_probability(400, false), 8);
/// assert_eq!(score_probability(736, true), 100);
/// ```
pub fn score_probability(difference: u32, higher: bool) -> u32 {
    let of_higher = DIFFERENCE_LIMITS
        .iter()
        .position(|&limit| difference <= limit)
        .map_or(100, |i| 50 + i as u32);
    if higher { of_higher } else { 100 - of_higher }
}

/// The expected score, in whole percent, of a player rated `rating` against
/// one rated `opponent`, by table 8.1.2 with no cap on the difference (the
/// tie-breaks' PTP reads it so).
pub fn expected_percent(rating: i32, opponent: i32) -> u32 {
    score_probability((rating - opponent).unsigned_abs(), rating >= opponent)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dp_is_symmetric_and_bounded() {
        assert_eq!(dp_for_percent(50), 0);
        assert_eq!(dp_for_percent(100), 800);
        assert_eq!(dp_for_percent(0), -800);
        assert_eq!(dp_for_percent(75), 193);
        assert_eq!(dp_for_percent(25), -193);
        for p in 0..=100 {
            assert_eq!(dp_for_percent(p), -dp_for_percent(100 - p), "p = {p}");
        }
    }

    #[test]
    fn expected_scores_follow_the_table() {
        assert_eq!(expected_percent(2000, 2000), 50);
        assert_eq!(expected_percent(2004, 2000), 51);
        assert_eq!(expected_percent(2000, 2004), 49);
        assert_eq!(expected_percent(2736, 2000), 100);
        assert_eq!(expected_percent(2735, 2000), 99);
        assert_eq!(expected_percent(1000, 2000), 0);
    }

    /// 8.1: "the two tables are effectively mirror-images": the `dp` of a
    /// score p falls in the band of table 8.1.2 whose PD is p, for every p
    /// from .50 to .99.
    #[test]
    fn the_two_tables_mirror_each_other() {
        for percent in 50..100 {
            let dp = dp_for_percent(percent) as u32;
            assert_eq!(score_probability(dp, true), percent, "p = .{percent}");
        }
    }
}
