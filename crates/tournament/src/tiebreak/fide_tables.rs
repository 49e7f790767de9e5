//! The two conversion tables of the FIDE Rating Regulations (Handbook B.02,
//! article 8.1) that the rating-based tie-breaks use.

/// Rating difference `dp` for a fractional score `p` given in whole percent,
/// 0 to 100 (table 8.1.a). Written from the half above 50 %: the lower half is
/// its mirror.
const DP_ABOVE_HALF: [i32; 51] = [
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141, 149, 158,
    166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336, 351, 366,
    383, 401, 422, 444, 470, 501, 538, 589, 677, 800,
];

/// `dp` for a score of `percent` % (0 to 100).
pub(crate) fn dp_for_percent(percent: u32) -> i32 {
    let percent = percent.min(100) as usize;
    if percent >= 50 {
        DP_ABOVE_HALF[percent - 50]
    } else {
        -DP_ABOVE_HALF[50 - percent]
    }
}

/// Table 8.1.b: the highest rating difference at which the higher-rated
/// player's expected score is 50 %, 51 %, … 99 %; beyond the last it is 100 %.
const DIFFERENCE_LIMITS: [u32; 50] = [
    3, 10, 17, 25, 32, 39, 46, 53, 61, 68, 76, 83, 91, 98, 106, 113, 121, 129, 137, 145, 153, 162,
    170, 179, 188, 197, 206, 215, 225, 235, 245, 256, 267, 278, 290, 302, 315, 328, 344, 357, 374,
    391, 411, 432, 456, 484, 517, 559, 619, 735,
];

/// The expected score, in whole percent, of a player rated `rating` against
/// one rated `opponent` (differences beyond 800 count as 800).
pub(crate) fn expected_percent(rating: i32, opponent: i32) -> u32 {
    let difference = (rating - opponent).unsigned_abs().min(800);
    let higher = DIFFERENCE_LIMITS
        .iter()
        .position(|&limit| difference <= limit)
        .map_or(100, |i| 50 + i as u32);
    if rating >= opponent {
        higher
    } else {
        100 - higher
    }
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
}
