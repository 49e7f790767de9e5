//! What the rating calculation says about a player beside the figures: an
//! unrated player's first rating, or why there is none. The words are in
//! the catalogues (`arbiter-messages`, keys `rating-…`).

arbiter_messages::messages! {
    /// A note on a player's line, each with its article of the Rating
    /// Regulations ([`RatingNote::rule`]).
    #[derive(Clone, Debug, PartialEq, Eq, Hash)]
    pub enum RatingNote {
        /// An unrated player's first rating, as 8.2.3 computes it.
        Initial {
            /// Ra with two decimals.
            average: String,
            /// p in whole percent.
            percent: u32,
            /// dp for p.
            dp: i32,
            /// Ru.
            rating: u32,
        } = "rating-initial",
        /// An unrated player who met no rated opponent.
        NoRatedGames = "rating-no-rated-games",
        /// An unrated player who scored nothing against rated opponents.
        ScoredZero {
            /// His games against rated opponents.
            games: u32,
        } = "rating-scored-zero",
        /// Fewer than five games against rated opponents.
        TooFewGames {
            /// His games against rated opponents.
            games: u32,
            /// Ru from this event's games alone.
            rating: u32,
        } = "rating-too-few-games",
        /// A first rating under 1400.
        BelowFloor {
            /// Ru.
            rating: u32,
        } = "rating-below-floor",
    }
}

impl RatingNote {
    /// The article of the FIDE Rating Regulations (B.02) it applies.
    pub fn rule(&self) -> &'static str {
        match self {
            RatingNote::Initial { .. } => "FIDE B.02 8.2.3",
            RatingNote::NoRatedGames => "FIDE B.02 8.2.2",
            RatingNote::ScoredZero { .. } => "FIDE B.02 8.2.1",
            RatingNote::TooFewGames { .. } | RatingNote::BelowFloor { .. } => "FIDE B.02 7.1.4",
        }
    }
}
