//! Why an event is refused: one variant per message, its words in the
//! catalogues (`arbiter-messages`, keys `tournament-…`).

use super::PlayerId;

arbiter_messages::messages! {
    /// Why the tournament refuses an event. A refused event changes
    /// nothing.
    #[derive(Clone, Debug, PartialEq, Eq)]
    pub enum Refusal {
        /// Anything before the event is created.
        NotCreated = "tournament-not-created",
        /// A second creation.
        AlreadyCreated = "tournament-already-created",
        /// Anything that changes the event after it was terminated.
        Terminated = "tournament-terminated",
        /// An entry or a withdrawal once every round is played and every
        /// result is in.
        Finished = "tournament-finished",
        /// An event without a name.
        NoName = "tournament-no-name",
        /// An event of no rounds.
        NoRounds = "tournament-no-rounds",
        /// A ruleset the referee does not know.
        UnknownRuleset {
            /// The name given.
            name: String,
        } = "tournament-unknown-ruleset",
        /// A tie-break C.07 does not define.
        UnknownTiebreak {
            /// The name given.
            name: String,
        } = "tournament-unknown-tiebreak",
        /// A player without a name.
        UnnamedPlayer = "tournament-unnamed-player",
        /// An account already registered.
        AccountTaken {
            /// The account.
            account: String,
        } = "tournament-account-taken",
        /// A round robin or knockout takes no entries once round 1 is paired.
        RegistrationClosed = "tournament-registration-closed",
        /// A player number nobody has.
        UnknownPlayer {
            /// The number.
            player: PlayerId,
        } = "tournament-unknown-player",
        /// A player who has withdrawn is withdrawn, paired, or given a bye.
        Withdrawn {
            /// The player.
            player: PlayerId,
        } = "tournament-withdrawn",
        /// A bye asked for a round already paired.
        RoundAlreadyPaired {
            /// The round.
            round: u32,
        } = "tournament-round-already-paired",
        /// A round the event does not have.
        RoundBeyondEvent {
            /// The round.
            round: u32,
            /// The event's rounds.
            rounds: u32,
        } = "tournament-round-beyond-event",
        /// A second bye for the same round.
        ByeAlreadyRequested {
            /// The player.
            player: PlayerId,
            /// The round.
            round: u32,
        } = "tournament-bye-already-requested",
        /// Byes on request are for Swiss events: a round robin or a
        /// knockout has a fixed pairing.
        ByesOnlyInSwiss = "tournament-byes-only-in-swiss",
        /// A round paired out of turn.
        RoundOutOfOrder {
            /// The round given.
            round: u32,
            /// The round that comes next.
            expected: u32,
        } = "tournament-round-out-of-order",
        /// The next round paired before every result of the last is in.
        ResultsMissing {
            /// The round.
            round: u32,
            /// The boards without a result.
            boards: Vec<u32>,
        } = "tournament-results-missing",
        /// The next round paired before the last is published.
        RoundNotPublished {
            /// The round.
            round: u32,
        } = "tournament-round-not-published",
        /// Every round is paired already.
        AllRoundsPaired {
            /// The event's rounds.
            rounds: u32,
        } = "tournament-all-rounds-paired",
        /// A player on two boards of a round (or on a board and the bye).
        PlayerTwice {
            /// The player.
            player: PlayerId,
        } = "tournament-player-twice",
        /// A player paired against himself.
        PlayerMeetsSelf {
            /// The player.
            player: PlayerId,
        } = "tournament-player-meets-self",
        /// A player available for the round and not paired in it.
        PlayerLeftOut {
            /// The player.
            player: PlayerId,
        } = "tournament-player-left-out",
        /// A player paired in a round he asked a bye for.
        PlayerHasBye {
            /// The player.
            player: PlayerId,
            /// The round.
            round: u32,
        } = "tournament-player-has-bye",
        /// A pairing changed other than the last round's.
        NotLastRound {
            /// The round.
            round: u32,
        } = "tournament-not-last-round",
        /// A pairing changed, or a round published, once published.
        AlreadyPublished {
            /// The round.
            round: u32,
        } = "tournament-already-published",
        /// A result for a round not yet published.
        NotPublished {
            /// The round.
            round: u32,
        } = "tournament-not-published",
        /// A publication without one game per board.
        GamesPerBoard {
            /// The boards.
            boards: usize,
            /// The games given.
            games: usize,
        } = "tournament-games-per-board",
        /// A board the round does not have.
        UnknownBoard {
            /// The round.
            round: u32,
            /// The board.
            board: u32,
        } = "tournament-unknown-board",
        /// A result for a board that has one: a correction is needed.
        ResultAlreadyIn {
            /// The round.
            round: u32,
            /// The board.
            board: u32,
        } = "tournament-result-already-in",
        /// A result from a game that is not the board's.
        WrongGame {
            /// The round.
            round: u32,
            /// The board.
            board: u32,
        } = "tournament-wrong-game",
        /// A correction of a result that was never recorded.
        NoResultYet {
            /// The round.
            round: u32,
            /// The board.
            board: u32,
        } = "tournament-no-result-yet",
        /// A correction that changes nothing.
        SameResult = "tournament-same-result",
        /// An unusual result (½-0, 0-½, 0-0 played; VCL.13) in a knockout,
        /// whose games must decide matches.
        UnusualResultInKnockout = "tournament-unusual-result-in-knockout",
        /// A manual change or correction without its reason.
        NoReason = "tournament-no-reason",
        /// A knockout match without games in one of its stages.
        NoMatchGames = "tournament-no-match-games",
        /// An Armageddon stage before another tie-break stage: it always
        /// decides the match.
        ArmageddonNotLast = "tournament-armageddon-not-last",
        /// A knockout round that is not the matches still to play: each
        /// board must be one of them, each once.
        NotTheKnockoutPairing {
            /// The round.
            round: u32,
        } = "tournament-not-the-knockout-pairing",
        /// A knockout match level after every stage its rules have: the
        /// regulations settle it (by lot), not the pairing.
        MatchUndecided {
            /// The player who had White in the match's first game.
            first: PlayerId,
            /// His opponent.
            second: PlayerId,
        } = "tournament-match-undecided",
        /// Nothing more to pair: the knockout has its winner.
        KnockoutWon {
            /// The winner.
            winner: PlayerId,
        } = "tournament-knockout-won",
        /// A player entering himself without the event's entry code, or
        /// with another.
        WrongEntryCode = "tournament-wrong-entry-code",
        /// An account entering itself that is not on the event's allow
        /// list.
        NotOnAllowList {
            /// The account.
            account: String,
        } = "tournament-not-on-allow-list",
        /// A player entering himself without an account, in an event
        /// that admits only the accounts on its allow list.
        AllowListNeedsAccount = "tournament-allow-list-needs-account",
        /// Someone other than the arbiter entering a player other than
        /// himself (another account).
        EntersOnlyHimself = "tournament-enters-only-himself",
        /// Lots drawn in an event whose pairing numbers are not drawn by
        /// lot, or asked of an event other than a round robin.
        LotsOnlyInRoundRobin = "tournament-lots-only-in-round-robin",
        /// Lots drawn once round 1 is paired: the numbers are fixed.
        LotsAfterRoundOne = "tournament-lots-after-round-one",
        /// A draw that does not give each player one number.
        LotsNotEveryPlayer = "tournament-lots-not-every-player",
        /// Round 1 of a round robin by lot paired before the lots are
        /// drawn.
        LotsNotDrawn = "tournament-lots-not-drawn",
        /// A knockout match decided by lot that is not level after every
        /// stage in the round being played, or a winner who is not one of
        /// its players.
        LotNotDue = "tournament-lot-not-due",
        /// Fewer than two players to pair.
        TooFewPlayers = "tournament-too-few-players",
        /// Two players the event's settings keep apart paired together.
        ForbiddenPair {
            /// White.
            white: PlayerId,
            /// Black.
            black: PlayerId,
        } = "tournament-forbidden-pair",
        /// FIDE mode: a full-point bye, an operation FIDE disallows
        /// (C.04.A, VCL.05).
        FideFullPointBye = "tournament-fide-full-point-bye",
        /// FIDE mode: a Swiss round paired, or its pairing changed, by hand
        /// (C.04.2 1.5, VCL.07).
        FideManualPairing {
            /// The round.
            round: u32,
        } = "tournament-fide-manual-pairing",
        /// FIDE mode: an entry that would change the pairing numbers once
        /// round 4 is paired (C.04.2.B.3, VCL.09).
        FidePairingNumbersFixed {
            /// The player entering.
            name: String,
            /// The rounds paired.
            paired: u32,
        } = "tournament-fide-pairing-numbers-fixed",
        /// Leaving FIDE mode when the event is not in it.
        NotInFideMode = "tournament-not-in-fide-mode",
        /// The broadcast delay set by someone other than the event's
        /// arbiter.
        BroadcastDelayNotArbiter {
            /// Who tried.
            by: String,
        } = "tournament-broadcast-delay-not-arbiter",
        /// A broadcast delay longer than a day.
        BroadcastDelayTooLong {
            /// The minutes given.
            minutes: u32,
            /// The most allowed.
            max: u32,
        } = "tournament-broadcast-delay-too-long",
        /// A fair-play report recorded by someone other than the event's
        /// arbiter.
        FairPlayNotArbiter {
            /// Who tried.
            by: String,
        } = "tournament-fair-play-not-arbiter",
        /// No pairing meets the absolute criteria (C.04.3 C1-C3).
        NoPairing {
            /// The round.
            round: u32,
        } = "tournament-no-pairing",
    }
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&arbiter_messages::english().render(self))
    }
}

impl std::error::Error for Refusal {}
