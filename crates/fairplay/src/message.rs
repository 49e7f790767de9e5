//! The report's words, in the catalogues (keys `fairplay-…`). A report
//! says "no signal" or "review" and what its threshold implies; it never
//! words a finding about a player.

arbiter_messages::messages! {
    /// A line of the fair-play report.
    #[derive(Clone, Debug, PartialEq, Eq)]
    pub enum ReportText {
        /// The engine and its settings.
        Engine {
            /// Name and version.
            engine: String,
            /// Nodes per position.
            nodes: u64,
            /// Lines per position.
            multipv: u32,
        } = "fairplay-engine",
        /// What is not scored.
        Exclusions {
            /// Book moves of each side.
            book: u32,
            /// The decided threshold, in pawns.
            decided: String,
            /// What a losing move loses, in pawns.
            losing: String,
        } = "fairplay-exclusions",
        /// What is not scored, when an opening book says what is book.
        ExclusionsBook {
            /// SHA-256 of the book file.
            hash: String,
            /// The decided threshold, in pawns.
            decided: String,
            /// What a losing move loses, in pawns.
            losing: String,
        } = "fairplay-exclusions-book",
        /// The baseline, by its hash.
        Baseline {
            /// SHA-256 of the file.
            hash: String,
        } = "fairplay-baseline",
        /// No baseline was given.
        NoBaseline = "fairplay-no-baseline",
        /// The threshold and the false-positive rate it implies.
        Threshold {
            /// The combined z-score that marks a player.
            z: String,
            /// Players with a z-score.
            players: usize,
            /// The chance that an honest player is marked, over the screen.
            rate: String,
        } = "fairplay-threshold",
        /// One player's figures and signal.
        Player {
            /// His name.
            player: String,
            /// His rating, or `-`.
            rating: String,
            /// His games.
            games: u32,
            /// His scored moves.
            moves: u64,
            /// Top-1 match rate with its interval.
            top1: String,
            /// Top-3 match rate with its interval.
            top3: String,
            /// Average centipawn loss with its interval.
            acpl: String,
            /// Mean accuracy with its interval.
            accuracy: String,
            /// Combined z-score, or `-`.
            z: String,
            /// No signal, review, or no z-score.
            signal: Box<ReportText>,
        } = "fairplay-player",
        /// A player's move times.
        Times {
            /// Coefficient of variation.
            cv: String,
            /// Complex positions played fast.
            fast: u64,
            /// Complex positions with a known time.
            complex: u64,
            /// The variation's z-score against the band (steadier:
            /// positive), or `-`.
            cv_z: String,
            /// The fast share's z-score against the band, or `-`.
            fast_z: String,
        } = "fairplay-times",
        /// Nothing unusual against the band.
        NoSignal = "fairplay-no-signal",
        /// The combined z-score reaches the threshold.
        Review = "fairplay-review",
        /// No z-score: unrated, no band, or too few moves.
        NoZScore = "fairplay-no-z",
        /// What a review mark means.
        Caution = "fairplay-caution",
        /// A band of a baseline just built.
        Band {
            /// Its lowest rating.
            from: u32,
            /// The first rating above it.
            to: u32,
            /// Players measured.
            players: u32,
            /// Scored moves.
            moves: u64,
            /// Top-1 rate.
            top1: String,
            /// Top-3 rate.
            top3: String,
            /// Average centipawn loss.
            acpl: String,
            /// Mean accuracy.
            accuracy: String,
        } = "fairplay-band",
        /// Where a baseline was written, and its name.
        BaselineWritten {
            /// The file.
            path: String,
            /// Its SHA-256.
            hash: String,
        } = "fairplay-baseline-written",
        /// A baseline file of a format this build does not read.
        BaselineFormat {
            /// The file's format.
            found: u32,
            /// The format this build reads.
            reads: u32,
        } = "fairplay-baseline-format",
    }
}
