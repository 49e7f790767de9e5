//! What is wrong with a request, before it is put into words: one variant
//! per error message of the HTTP APIs, with its typed arguments. The words
//! are in the catalogues (`arbiter-messages`, keys `api-…`). The APIs
//! answer in English, as lichess does (its clients match on its English
//! texts); a refusal by the referee carries every language besides.

use arbiter_messages::english;

arbiter_messages::messages! {
    /// Why a request is answered with an error.
    #[derive(Clone, Debug, PartialEq, Eq)]
    pub enum Problem {
        /// No game has this id.
        GameNotFound = "api-game-not-found",
        /// No account has this name.
        UserNotFound = "api-user-not-found",
        /// No open challenge has this id.
        ChallengeNotFound = "api-challenge-not-found",
        /// No page has this address.
        PageNotFound = "api-page-not-found",
        /// Nothing is served at this address (the router's fallback).
        NotRouted = "api-not-routed",
        /// Too many requests from one address in a short time.
        TooManyRequests = "api-too-many-requests",
        /// No token, or one nobody holds.
        TokenRequired = "api-token-required",
        /// An account's token on a game it does not play in.
        NotYourGame = "api-not-your-game",
        /// Accepting or declining a challenge made to someone else.
        ChallengeNotForYou = "api-challenge-not-for-you",
        /// Cancelling someone else's challenge.
        ChallengeNotYours = "api-challenge-not-yours",
        /// A player's name, or another text field, too long.
        FieldTooLong {
            /// The field's name.
            field: String,
            /// The most characters it may have.
            limit: usize,
        } = "api-field-too-long",
        /// A text field with control characters.
        FieldHasControlCharacters {
            /// The field's name.
            field: String,
        } = "api-field-control-characters",
        /// A birth date that reads as no date.
        BadBirthDate {
            /// What was given.
            given: String,
        } = "api-bad-birth-date",
        /// A game whose players are not both named.
        PlayersNeedNames = "api-players-need-names",
        /// A ruleset that is not known.
        Ruleset {
            /// Why, as the referee's crate says it.
            error: String,
        } = "api-ruleset",
        /// A time control that cannot be read.
        TimeControl {
            /// Why, as the referee's crate says it.
            error: String,
        } = "api-time-control",
        /// A setup that cannot start a game.
        Setup {
            /// Why, as the referee says it.
            error: String,
        } = "api-setup",
        /// A FEN that cannot start a game.
        Fen {
            /// Why, as the rules' FEN reader says it.
            error: String,
        } = "api-fen",
        /// A JSON body that cannot be read.
        MalformedBody {
            /// Why, as the JSON reader says it.
            error: String,
        } = "api-malformed-body",
        /// A form body that cannot be read.
        MalformedForm {
            /// Why, as the form reader says it.
            error: String,
        } = "api-malformed-form",
        /// A client sending the passing of time, which the server's clock
        /// sends.
        TimePassesByItself = "api-time-passes-by-itself",
        /// Making a bot of a bot account.
        AlreadyBot = "api-already-bot",
        /// Making a bot of an account that has played as a human.
        PlayedAsHuman = "api-played-as-human",
        /// A lichess yes/no parameter that is neither.
        NeitherYesNorNo {
            /// The word given, quoted.
            word: String,
        } = "api-neither-yes-nor-no",
        /// A lichess move that is not UCI.
        NotUci {
            /// The move given, quoted.
            mv: String,
        } = "api-not-uci",
        /// A chat line with nothing in it.
        EmptyChatLine = "api-empty-chat-line",
        /// A challenge to oneself.
        ChallengeYourself = "api-challenge-yourself",
        /// A challenge parameter that should be a number.
        NotANumber {
            /// The parameter's name.
            field: String,
        } = "api-not-a-number",
        /// A challenge's clock longer than the server plays.
        ClockTooLong = "api-clock-too-long",
        /// A challenge's colour that is none of white, black or random.
        UnknownColor {
            /// The colour given, quoted.
            color: String,
        } = "api-unknown-color",
        /// A page sending faster than the server reads.
        TooManyMessages = "api-too-many-messages",
        /// A page's message that cannot be read.
        MalformedMessage {
            /// Why, as the JSON reader says it.
            error: String,
        } = "api-malformed-message",
        /// A spectator's page asking the referee for something.
        SpectatorsWatch = "api-spectators-watch",
        /// A board's report or notice from a spectator's connection.
        BoardFromASeat = "api-board-from-a-seat",
        /// A board's report that is not a FEN board field and squares.
        BoardNotSquares = "api-board-not-squares",
        /// A spectator or the arbiter asking for a rematch.
        OnlyPlayersAskForRematch = "api-only-players-ask-for-rematch",
        /// A rematch asked for while the game goes on.
        GameNotOver = "api-game-not-over",
        /// A rematch asked for once it is made.
        RematchAlreadyMade = "api-rematch-already-made",
        /// The game's actor has stopped.
        GameNotRunning = "api-game-not-running",
        /// Another node took the game over while the action was on its
        /// way: it was not done, and reaches the game's node if sent again.
        GameMoved = "api-game-moved",
        /// The game runs on another node, which could not be reached.
        GameElsewhere {
            /// The game's id.
            game: String,
        } = "api-game-elsewhere",
        /// The node that runs the game did not answer a relayed request.
        NodeUnreachable = "api-node-unreachable",
        /// Storage failed; nothing was changed.
        Storage {
            /// Why, as the store says it.
            error: String,
        } = "api-storage",
        /// No Swiss tournament has this id.
        SwissNotFound = "api-swiss-not-found",
        /// Another node took the tournament over while the act was on its
        /// way: it was not done, and reaches the holder if sent again.
        TournamentMoved = "api-tournament-moved",
        /// A required parameter left out.
        Required {
            /// The parameter's name.
            field: String,
        } = "api-required",
        /// A variant other than chess (lichess's `variant`).
        VariantNotPlayed {
            /// The variant asked for, quoted.
            variant: String,
        } = "api-variant-not-played",
        /// A Swiss's clock outside what the server plays.
        SwissClockOutOfRange = "api-swiss-clock-out-of-range",
        /// A Swiss entry condition the server cannot check (lichess's
        /// ratings, rated games, titles, teams).
        ConditionNotChecked {
            /// The field, as lichess names it.
            field: String,
        } = "api-condition-not-checked",
        /// A Swiss's number of rounds outside what the server runs.
        RoundsOutOfRange {
            /// The most rounds a Swiss may have.
            most: u32,
        } = "api-rounds-out-of-range",
        /// A player acting in a Swiss they have not joined.
        NotInSwiss = "api-not-in-swiss",
        /// Someone other than a Swiss's creator directing it.
        OnlySwissCreator = "api-only-swiss-creator",
        /// The tournament refused the request.
        TournamentRefused {
            /// Why, in the tournament's own words.
            refusal: Box<arbiter_tournament::director::Refusal>,
        } = "api-tournament-refused",
        /// A stored tournament whose record does not hold together.
        TournamentAltered {
            /// What is wrong, with the tournament and the event.
            error: String,
        } = "api-tournament-altered",
        /// A line of `forbiddenPairings` or `manualPairings` that is not two
        /// user names.
        NotTwoNames {
            /// The parameter.
            field: String,
            /// The line, from 1.
            line: usize,
        } = "api-not-two-names",
        /// A broadcast asked of a tournament or a round that does not
        /// exist.
        NoSuchRound {
            /// The tournament's id, as asked.
            tournament: String,
            /// The round, as asked.
            round: String,
        } = "api-no-such-round",
        /// A broadcast's file asked of a board (or a file) a round does not
        /// have.
        NoSuchBoard {
            /// The tournament's id, as asked.
            tournament: String,
            /// The round, as asked.
            round: String,
            /// The file, as asked.
            board: String,
        } = "api-no-such-board",
        /// No broadcast (tour) has this id.
        BroadcastNotFound = "api-broadcast-not-found",
        /// No broadcast round has this id.
        BroadcastRoundNotFound = "api-broadcast-round-not-found",
        /// A broadcast changed by an account that did not make it.
        NotYourBroadcast = "api-not-your-broadcast",
        /// A broadcast round told to fetch its games (`syncUrl`, …):
        /// Arbiter's rounds are pushed to.
        BroadcastPushOnly {
            /// The parameter given.
            field: String,
        } = "api-broadcast-push-only",
        /// A pushed game whose PGN cannot be read.
        PushedPgn {
            /// Why, as the PGN reader says it.
            error: String,
        } = "api-pushed-pgn",
        /// A pushed game with a move that cannot be played.
        PushedMoveIllegal {
            /// The move's number.
            number: u32,
            /// The move as written.
            san: String,
        } = "api-pushed-move-illegal",
        /// A game beyond the most one push may carry.
        TooManyGamesPushed {
            /// The most games per push.
            limit: usize,
        } = "api-too-many-games-pushed",
        /// No tournament has this id.
        TournamentNotFound = "api-tournament-not-found",
        /// A title norm's certificate asked of a player the event gives
        /// no such norm.
        NoSuchNorm = "api-no-such-norm",
        /// A language no catalogue is in.
        UnknownLanguage {
            /// The language asked for.
            language: String,
        } = "api-unknown-language",
        /// A TRF edition other than `2026` and `16`.
        UnknownTrfEdition {
            /// The edition asked for.
            edition: String,
        } = "api-unknown-trf-edition",
        /// A rating report the event cannot make yet: a record it lacks.
        RatingReportNeeds {
            /// The TRF record's code.
            record: String,
        } = "api-rating-report-needs",
        /// The signed log has no checkpoint yet (one is signed within a
        /// second of the first record).
        NoCheckpointYet = "api-no-checkpoint-yet",
        /// No checkpoint was signed at this size.
        NoCheckpointAt {
            /// The size asked for.
            size: u64,
        } = "api-no-checkpoint-at",
        /// A consistency proof asked from a tree larger than the new one.
        OldSizeTooLarge {
            /// The old size asked for.
            old: u64,
            /// The checkpoint's size.
            new: u64,
        } = "api-old-size-too-large",
        /// A game's last record is not yet in a signed checkpoint.
        ProofNotYet = "api-proof-not-yet",
        /// A game in progress whose moves the public sees behind the
        /// broadcast delay: its proof, which holds the whole record, is
        /// given to the public once the game ends.
        ProofDelayed = "api-proof-delayed",
        /// Someone other than a tournament's arbiter directing it.
        OnlyTournamentArbiter = "api-only-tournament-arbiter",
        /// A fair-play screen asked of a server started without an engine
        /// (`arbiter serve --fairplay-engine`).
        FairPlayNoEngine = "api-fair-play-no-engine",
        /// A fair-play screen asked while the event's last one runs.
        FairPlayRunning = "api-fair-play-running",
        /// A fair-play screen of an event with no finished game.
        FairPlayNoGames = "api-fair-play-no-games",
        /// A player's act by someone who is neither that player nor the
        /// arbiter.
        NotYourPlayer = "api-not-your-player",
        /// A players' list in a format the import does not read.
        ImportFormat {
            /// The format given, quoted.
            format: String,
        } = "api-import-format",
        /// A TRF that cannot be read.
        ImportTrf {
            /// Why, with its line, as the TRF reader says it.
            error: String,
        } = "api-import-trf",
        /// A CSV whose first line does not name a `name` column.
        ImportCsvHeader = "api-import-csv-header",
        /// A CSV line whose number field is not a number.
        ImportCsvNumber {
            /// The line, from 1.
            line: usize,
            /// The column, from 1.
            column: usize,
            /// The column's name.
            field: String,
        } = "api-import-csv-number",
        /// A CSV line whose `sex` is neither `m` nor `w` (`f`).
        ImportCsvSex {
            /// The line, from 1.
            line: usize,
            /// The column, from 1.
            column: usize,
            /// What was given.
            given: String,
        } = "api-import-csv-sex",
        /// A CSV line whose `birth_date` reads as no date.
        ImportCsvBirthDate {
            /// The line, from 1.
            line: usize,
            /// The column, from 1.
            column: usize,
            /// What was given.
            given: String,
        } = "api-import-csv-birth-date",
        /// A CSV line without a name.
        ImportCsvNoName {
            /// The line, from 1.
            line: usize,
        } = "api-import-csv-no-name",
        /// A stored game whose hash chain is broken.
        Altered {
            /// The game's id.
            game: String,
            /// The first event whose link does not match.
            seq: i64,
        } = "api-altered",
    }
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&english().render(self))
    }
}

#[cfg(test)]
mod tests {
    use arbiter_messages::english;

    use super::Problem;

    #[test]
    fn the_catalogues_have_no_api_key_the_api_does_not_use() {
        for key in english().keys().filter(|k| k.starts_with("api-")) {
            assert!(Problem::KEYS.contains(&key), "{key} is not a Problem");
        }
    }

    #[test]
    fn problems_read_in_english_as_the_api_answers() {
        let long = Problem::FieldTooLong {
            field: "white".into(),
            limit: 100,
        };
        assert_eq!(long.to_string(), "white is longer than 100 characters");
        let altered = Problem::Altered {
            game: "abcd1234".into(),
            seq: 2,
        };
        assert_eq!(
            altered.to_string(),
            "game abcd1234: the record was altered at event 2; it will not be played on"
        );
        assert_eq!(
            Problem::TokenRequired.to_string(),
            "a valid token is required"
        );
    }
}
