//! The requirements of a title norm (B.01 1.4.1–1.4.8), each checked by
//! its article with the figures it needs and the figures the games give.
//! The words are in the catalogues (`arbiter-messages`, keys `norm-…`).

arbiter_messages::messages! {
    /// One requirement of 1.4 with the player's figure and the one needed
    /// ([`Requirement::rule`] names its article).
    #[derive(Clone, Debug, PartialEq, Eq, Hash)]
    pub enum Requirement {
        /// 1.4.1: the games counted.
        Games {
            /// Games counted.
            have: u32,
            /// Games needed.
            need: u32,
        } = "norm-games",
        /// 1.4.3: federations other than the player's among the opponents.
        ForeignFederations {
            /// Such federations.
            have: u32,
            /// Needed: two.
            need: u32,
        } = "norm-foreign-federations",
        /// 1.4.4: at most 3/5 of the opponents from the player's federation.
        OwnFederation {
            /// Opponents from his federation.
            have: u32,
            /// The most allowed, rounded down.
            most: u32,
        } = "norm-own-federation",
        /// 1.4.4: at most 2/3 of the opponents from any one federation.
        OneFederation {
            /// The federation with the most opponents.
            federation: String,
            /// Its opponents.
            have: u32,
            /// The most allowed, rounded down.
            most: u32,
        } = "norm-one-federation",
        /// 1.4.5 a: at least half the opponents title-holders (not CM or
        /// WCM).
        Titled {
            /// Titled opponents.
            have: u32,
            /// Needed, rounded up.
            need: u32,
        } = "norm-titled",
        /// 1.4.5 b–e: at least a third, and at least 3, holding the title
        /// or one above it.
        Holders {
            /// The norm's title.
            title: String,
            /// Such opponents.
            have: u32,
            /// Needed.
            need: u32,
        } = "norm-holders",
        /// 1.4.5: a double round robin has at least 6 players.
        DoubleRoundRobinPlayers {
            /// The event's players.
            have: u32,
            /// Needed: six.
            need: u32,
        } = "norm-double-round-robin-players",
        /// 1.4.5: in a double round robin, half the players met, rounded
        /// up, holding the title or one above it.
        DoubleRoundRobinHolders {
            /// The norm's title.
            title: String,
            /// Such opponents, each counted once.
            have: u32,
            /// The players met.
            met: u32,
            /// Needed: half of them, rounded up.
            need: u32,
        } = "norm-double-round-robin-holders",
        /// 1.4.8 a: the opponents' average rating (1.4.6, 1.4.7).
        Average {
            /// Ra.
            have: i64,
            /// The least Ra.
            need: i64,
        } = "norm-average",
        /// 1.4.8 b: at least 35 % of the points.
        Score {
            /// The points scored.
            have: String,
            /// The least points for 35 %.
            need: String,
        } = "norm-score",
        /// 1.4.8: the performance Rp = Ra + dp (table 1.4.9).
        Performance {
            /// Rp.
            have: i64,
            /// The least Rp.
            need: i64,
            /// The least points that give it against these opponents.
            points: String,
        } = "norm-performance",
        /// 1.4.8: no score against these opponents reaches the
        /// performance.
        PerformanceOutOfReach {
            /// Rp.
            have: i64,
            /// The least Rp.
            need: i64,
        } = "norm-performance-out-of-reach",
    }
}

impl Requirement {
    /// The article of the Title Regulations (B.01, 2024) it checks.
    pub fn rule(&self) -> &'static str {
        match self {
            Requirement::Games { .. } => "FIDE B.01 1.4.1",
            Requirement::ForeignFederations { .. } => "FIDE B.01 1.4.3",
            Requirement::OwnFederation { .. } | Requirement::OneFederation { .. } => {
                "FIDE B.01 1.4.4"
            }
            Requirement::Titled { .. } => "FIDE B.01 1.4.5 a",
            Requirement::Holders { .. } => "FIDE B.01 1.4.5 b-e",
            Requirement::DoubleRoundRobinPlayers { .. }
            | Requirement::DoubleRoundRobinHolders { .. } => "FIDE B.01 1.4.5",
            Requirement::Average { .. } => "FIDE B.01 1.4.8 a",
            Requirement::Score { .. } => "FIDE B.01 1.4.8 b",
            Requirement::Performance { .. } | Requirement::PerformanceOutOfReach { .. } => {
                "FIDE B.01 1.4.8"
            }
        }
    }

    /// A short name for the JSON output and tests: `games`,
    /// `foreign_federations`, `own_federation`, `one_federation`, `titled`,
    /// `holders`, `double_round_robin_players`, `average`, `score`,
    /// `performance` (a double round robin's holders are `holders`).
    pub fn name(&self) -> &'static str {
        match self {
            Requirement::Games { .. } => "games",
            Requirement::ForeignFederations { .. } => "foreign_federations",
            Requirement::OwnFederation { .. } => "own_federation",
            Requirement::OneFederation { .. } => "one_federation",
            Requirement::Titled { .. } => "titled",
            Requirement::Holders { .. } | Requirement::DoubleRoundRobinHolders { .. } => "holders",
            Requirement::DoubleRoundRobinPlayers { .. } => "double_round_robin_players",
            Requirement::Average { .. } => "average",
            Requirement::Score { .. } => "score",
            Requirement::Performance { .. } | Requirement::PerformanceOutOfReach { .. } => {
                "performance"
            }
        }
    }
}
