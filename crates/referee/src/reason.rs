//! Why the referee rules as it does: one variant per message, with its
//! typed arguments. The words are in the catalogues (`arbiter-messages`).

use arbiter_messages::Message;
use arbiter_rules::san::SanError;
use arbiter_rules::{Color, Square};

use crate::{DrawClaim, ForfeitCause, GameResult};

arbiter_messages::messages! {
    /// The reason for a ruling, before it is put into words.
    #[derive(Clone, Debug, PartialEq, Eq)]
    pub enum Reason {
        /// An event earlier than the last one.
        EventsOutOfOrder {
            /// The event's time.
            at_ms: u64,
            /// The last event's time.
            last_ms: u64,
        } = "referee-events-out-of-order",
        /// A press after the released move that ended the game.
        EndedByRelease {
            /// Why the game ended.
            outcome: Box<Reason>,
        } = "referee-ended-by-release",
        /// An event after the end.
        GameIsOver {
            /// The result.
            result: GameResult,
            /// Why the game ended.
            outcome: Box<Reason>,
        } = "referee-game-over",
        /// The arbiter sent a player's event.
        ArbiterDoesNotPlay = "referee-arbiter-does-not-play",
        /// A player's event before the start.
        NotStarted = "referee-not-started",
        /// A player tried to start.
        OnlyArbiterStarts = "referee-only-arbiter-starts",
        /// A second start.
        AlreadyStarted = "referee-already-started",
        /// The start.
        GameStarts {
            /// The side.
            side: Color,
        } = "referee-game-starts",
        /// An arbiter's event sent by a player.
        NotAPlayersEvent = "referee-not-a-players-event",
        /// An offer before both have moved.
        AgreementTooEarly = "referee-agreement-too-early",
        /// A second offer before the opponent's.
        OfferBlocked = "referee-offer-blocked",
        /// An offer while one's own stands.
        OwnOfferPending = "referee-own-offer-pending",
        /// An offer while the opponent's stands.
        OpponentOfferPending = "referee-opponent-offer-pending",
        /// An offer between the opponent's move and press.
        OfferBeforePress = "referee-offer-before-press",
        /// An offer between one's move and press.
        OfferAfterMove = "referee-offer-after-move",
        /// An offer before moving.
        OfferBeforeMoving = "referee-offer-before-moving",
        /// An offer on the opponent's time.
        OfferOnOpponentsTime = "referee-offer-on-opponents-time",
        /// A draw by agreement.
        DrawAgreed = "referee-draw-agreed",
        /// Accepting no offer.
        NoOfferToAccept = "referee-no-offer-to-accept",
        /// An offer declined.
        OfferDeclined = "referee-offer-declined",
        /// Declining no offer.
        NoOfferToDecline = "referee-no-offer-to-decline",
        /// A claim of a draw these rules make automatic.
        DrawIsAutomatic = "referee-draw-is-automatic",
        /// A claim out of turn.
        OnlyMoverClaims = "referee-only-mover-claims",
        /// A claim after touching.
        ClaimRightLost = "referee-claim-right-lost",
        /// A claim with an illegal declared move.
        DeclaredMoveIllegal {
            /// The declared move as written.
            text: String,
            /// Why it is no legal move.
            error: Box<Reason>,
        } = "referee-declared-move-illegal",
        /// A correct claim.
        ClaimCorrect {
            /// The claim.
            claim: DrawClaim,
        } = "referee-claim-correct",
        /// A wrong claim with a declared move.
        DeclaredMoveMustBePlayed = "referee-declared-move-must-be-played",
        /// A wrong claim.
        ClaimIncorrect {
            /// The claim.
            claim: DrawClaim,
        } = "referee-claim-incorrect",
        /// Time added to the opponent.
        OpponentGetsSeconds {
            /// The time added.
            seconds: u64,
        } = "referee-opponent-gets-seconds",
        /// A wrong claim as an offer.
        ClaimIsOffer = "referee-claim-is-offer",
        /// A declared move before the opponent's press.
        DeclareAfterPress = "referee-declare-after-press",
        /// A correct claim on the opponent's released move.
        ClaimCorrectOnReleasedMove {
            /// The claim.
            claim: DrawClaim,
        } = "referee-claim-correct-on-released-move",
        /// A declared move written.
        MoveDeclared {
            /// The move in SAN.
            san: String,
        } = "referee-move-declared",
        /// Checkmate; the side that mates.
        Checkmate {
            /// The side.
            side: Color,
        } = "referee-checkmate",
        /// Stalemate.
        Stalemate = "referee-stalemate",
        /// A dead position.
        DeadPosition = "referee-dead-position",
        /// The fifty- or seventy-five-move draw.
        NoCaptureNoPawnMove {
            /// The moves of each side.
            moves: u32,
        } = "referee-no-capture-no-pawn-move",
        /// Perpetual check; the checking side.
        PerpetualCheck {
            /// The side.
            side: Color,
        } = "referee-perpetual-check",
        /// A repetition draw.
        Repetition {
            /// How many times.
            times: usize,
        } = "referee-repetition",
        /// Out of turn; the side having the move.
        NotYourMove {
            /// The side.
            side: Color,
        } = "referee-not-your-move",
        /// An empty square touched.
        NoPieceOn {
            /// The square.
            square: Square,
        } = "referee-no-piece-on",
        /// A touch out of turn.
        TouchOutOfTurn = "referee-touch-out-of-turn",
        /// A touch after the move.
        MoveMadePressClock = "referee-move-made-press-clock",
        /// A touch after a binding one.
        EarlierTouchBinds = "referee-earlier-touch-binds",
        /// An offer declined by a touch.
        OfferDeclinedByTouch = "referee-offer-declined-by-touch",
        /// An adjustment out of turn.
        OnlyMoverAdjusts = "referee-only-mover-adjusts",
        /// A piece adjusted.
        Adjusted {
            /// The square.
            square: Square,
        } = "referee-adjusted",
        /// Castling after touching the rook first.
        RookTouchedFirst {
            /// The rook's square.
            rook: Square,
        } = "referee-rook-touched-first",
        /// Touch-move: move this piece.
        MustMove {
            /// The square.
            square: Square,
        } = "referee-must-move",
        /// Touch-move: capture this piece.
        MustCapture {
            /// The square.
            square: Square,
        } = "referee-must-capture",
        /// Touch-move: capture with this piece.
        MustCaptureWith {
            /// The capturing piece's square.
            piece: Square,
            /// The captured piece's square.
            square: Square,
        } = "referee-must-capture-with",
        /// Touch-move: castle.
        MustCastle {
            /// The rook's square.
            rook: Square,
        } = "referee-must-castle",
        /// A release online.
        OnlineMoveIsOneEvent = "referee-online-move-is-one-event",
        /// A promotion changed.
        PromotionFinal = "referee-promotion-final",
        /// A made move changed.
        MoveCannotChange = "referee-move-cannot-change",
        /// A release from a square without one's piece.
        NoPieceOfYoursOn {
            /// The square.
            square: Square,
        } = "referee-no-piece-of-yours-on",
        /// Another piece after an illegal placement.
        MovedPieceMustMove {
            /// The square.
            square: Square,
        } = "referee-moved-piece-must-move",
        /// A move released, not yet pressed.
        MadePressToComplete {
            /// The move in SAN.
            san: String,
            /// The move in the classic rules' Chinese form.
            chinese: String,
        } = "referee-made-press-to-complete",
        /// An illegal move left on the board.
        IllegalPlaced {
            /// From.
            from: Square,
            /// To.
            to: Square,
        } = "referee-illegal-placed",
        /// A move made by releasing the piece.
        HandLeftPiece {
            /// The move in SAN.
            san: String,
            /// The move in the classic rules' Chinese form.
            chinese: String,
        } = "referee-hand-left-piece",
        /// A press on a stopped clock.
        ClockNotRunning = "referee-clock-not-running",
        /// A second move.
        MoveOnBoardPressClock = "referee-move-on-board-press-clock",
        /// A move completed by the press.
        ClockPressed {
            /// The move in SAN.
            san: String,
            /// The move in the classic rules' Chinese form.
            chinese: String,
        } = "referee-clock-pressed",
        /// A period's moves made.
        PeriodComplete = "referee-period-complete",
        /// A move in an untimed game.
        MovePlayed {
            /// The move in SAN.
            san: String,
            /// The move in the classic rules' Chinese form.
            chinese: String,
        } = "referee-move-played",
        /// An offer declined by a move.
        OfferDeclinedByMove = "referee-offer-declined-by-move",
        /// An offer with the move.
        OfferWithMove = "referee-offer-with-move",
        /// A flag fell; the side.
        FlagFell {
            /// The side.
            side: Color,
        } = "referee-flag-fell",
        /// A flag fell with moves of the period owed.
        FlagFellMovesOwed {
            /// The side.
            side: Color,
            /// Moves still owed.
            moves: u32,
        } = "referee-flag-fell-moves-owed",
        /// A flag fell; the opponent cannot mate.
        FlagFellCannotMate {
            /// The side.
            side: Color,
        } = "referee-flag-fell-cannot-mate",
        /// A flag fell with moves owed; the opponent cannot mate.
        FlagFellMovesOwedCannotMate {
            /// The side.
            side: Color,
            /// Moves still owed.
            moves: u32,
        } = "referee-flag-fell-moves-owed-cannot-mate",
        /// A flag claim where the referee calls flags.
        FlagsCalledByReferee = "referee-flags-called-by-referee",
        /// Both flags down in the last period.
        BothFlagsLastPeriod = "referee-both-flags-last-period",
        /// Both flags down earlier.
        BothFlagsBeforeLastPeriod = "referee-both-flags-before-last-period",
        /// A flag claim with no flag down.
        NoFlagFallen = "referee-no-flag-fallen",
        /// A player's own flag.
        OwnFlag = "referee-own-flag",
        /// Resignation; the opponent cannot mate.
        ResignsCannotMate {
            /// The side.
            side: Color,
        } = "referee-resigns-cannot-mate",
        /// Resignation.
        Resigns {
            /// The side.
            side: Color,
        } = "referee-resigns",
        /// A player who can go on no more loses.
        Forfeits {
            /// The side.
            side: Color,
            /// Why it cannot go on.
            cause: ForfeitCause,
        } = "referee-forfeits",
        /// A player who can go on no more, whose opponent cannot mate:
        /// a draw.
        ForfeitsCannotMate {
            /// The side.
            side: Color,
            /// Why it cannot go on.
            cause: ForfeitCause,
        } = "referee-forfeits-cannot-mate",
        /// The arbiter's decision.
        ArbiterDeclares {
            /// The result.
            result: GameResult,
            /// The arbiter's own words.
            reason: String,
        } = "referee-arbiter-declares",
        /// Colours reversed early.
        ColoursReversedRestart {
            /// The moves limit.
            moves: u32,
        } = "referee-colours-reversed-restart",
        /// Colours reversed late.
        ColoursReversedGoOn {
            /// The moves limit.
            moves: u32,
        } = "referee-colours-reversed-go-on",
        /// Colours reversed early (classic).
        ColoursReversedExchange = "referee-colours-reversed-exchange",
        /// Colours reversed late (classic).
        ColoursReversedLate = "referee-colours-reversed-late",
        /// The board placed wrongly.
        BoardTurned = "referee-board-turned",
        /// Pieces displaced.
        PiecesDisplaced {
            /// The side.
            side: Color,
        } = "referee-pieces-displaced",
        /// A request the ruleset has no Guidelines III for.
        GuidelinesIiiNotApplied = "referee-guidelines-iii-not-applied",
        /// A request with an increment.
        AlreadyIncrement = "referee-already-increment",
        /// A request with two minutes or more left.
        IncrementRequestTooEarly = "referee-increment-request-too-early",
        /// An increment requested.
        IncrementRequested {
            /// The increment asked for.
            seconds: u64,
        } = "referee-increment-requested",
        /// A request as an offer.
        RequestIsOffer = "referee-request-is-offer",
        /// A grant without a request.
        NoIncrementRequest = "referee-no-increment-request",
        /// An increment granted.
        IncrementGranted {
            /// The increment.
            seconds: u64,
        } = "referee-increment-granted",
        /// The requester's opponent compensated.
        TwoMinutesAdded = "referee-two-minutes-added",
        /// A promotion without the new piece.
        UnchosenPromotion = "referee-unchosen-promotion",
        /// An illegal move completed.
        IllegalCompleted = "referee-illegal-completed",
        /// An illegal move to claim; the side that may.
        MayClaimIllegal {
            /// The side.
            side: Color,
        } = "referee-may-claim-illegal",
        /// The position restored.
        PositionRestored = "referee-position-restored",
        /// Answer the check with this piece (classic).
        AnswerCheckWith {
            /// The square.
            square: Square,
        } = "referee-answer-check-with",
        /// The replacement move with this piece.
        ReplacementWith {
            /// The square.
            square: Square,
        } = "referee-replacement-with",
        /// An illegal move not counted.
        IllegalCorrectedNoPenalty = "referee-illegal-corrected-no-penalty",
        /// An infraction counted.
        Infraction {
            /// The kind.
            what: Infraction,
            /// How many so far.
            count: u32,
        } = "referee-infraction",
        /// An infraction that would lose; the opponent cannot mate.
        InfractionCannotMate {
            /// The kind.
            what: Infraction,
            /// How many so far.
            count: u32,
        } = "referee-infraction-cannot-mate",
        /// An infraction that loses.
        InfractionLoses {
            /// The kind.
            what: Infraction,
            /// How many so far.
            count: u32,
        } = "referee-infraction-loses",
        /// A press without a move (classic).
        MoveBeforePress = "referee-move-before-press",
        /// A claim of no illegal move.
        NoIllegalToClaim = "referee-no-illegal-to-claim",
        /// A claim of one's own illegal move.
        OnlyOpponentClaimsIllegal = "referee-only-opponent-claims-illegal",
        /// A move over an illegal move that left the king in check.
        KingLeftCapturable = "referee-king-left-capturable",
        /// An unclaimed illegal move stands.
        IllegalStands {
            /// The move, UCI.
            uci: String,
        } = "referee-illegal-stands",
        /// King then rook touched: castle.
        TouchedMustCastle {
            /// The rook's square.
            rook: Square,
        } = "referee-touched-must-castle",
        /// King then rook, castling illegal: a king move.
        CastlingIllegalKingMoves {
            /// The rook's square.
            rook: Square,
        } = "referee-castling-illegal-king-moves",
        /// King then rook, nothing binds.
        CastlingIllegalAnyMove = "referee-castling-illegal-any-move",
        /// Both colours touched: capture.
        BothColoursCapture {
            /// The player's piece.
            own: Square,
            /// The opponent's piece.
            opponent: Square,
        } = "referee-both-colours-capture",
        /// Both colours touched, no capture: the first that binds.
        BothColoursFirstThatCan {
            /// The player's piece.
            own: Square,
            /// The opponent's piece.
            opponent: Square,
            /// What the first piece that can be moved or captured obliges.
            first: Box<Reason>,
        } = "referee-both-colours-first-that-can",
        /// The piece on a square, to be moved (inside another message).
        ToBeMoved {
            /// The square.
            square: Square,
        } = "referee-to-be-moved",
        /// The piece on a square, to be captured (inside another message).
        ToBeCaptured {
            /// The square.
            square: Square,
        } = "referee-to-be-captured",
        /// Own piece touched.
        TouchedMove {
            /// The square.
            square: Square,
        } = "referee-touched-move",
        /// Opponent's piece touched.
        TouchedCapture {
            /// The square.
            square: Square,
        } = "referee-touched-capture",
        /// A touched piece binds nothing.
        TouchedCannotMove {
            /// The square.
            square: Square,
        } = "referee-touched-cannot-move",
        /// Touched pieces bind nothing.
        NoneTouchedCanMove {
            /// The squares touched.
            squares: Vec<Square>,
        } = "referee-none-touched-can-move",
        /// Lost by default.
        DefaultTimeForfeit {
            /// The side.
            side: Color,
            /// The default time.
            seconds: u64,
        } = "referee-default-time-forfeit",
        /// An abort over the board.
        OnlyArbiterAbortsOverTheBoard = "referee-only-arbiter-aborts-over-the-board",
        /// An abort after both moved.
        BothMovedNoAbort = "referee-both-moved-no-abort",
        /// Called off.
        Aborted {
            /// The side.
            side: Color,
        } = "referee-aborted",
        /// Not UCI (the lichess API).
        NotUci {
            /// The text, quoted.
            quoted: String,
            /// What the UCI reader found, in English.
            error: String,
        } = "referee-not-uci",
        /// No legal move.
        NotALegalMove {
            /// The text.
            text: String,
        } = "referee-not-a-legal-move",
        /// A UCI text that names a legal move differently.
        UciWrittenDifferently {
            /// The text.
            text: String,
            /// The move in long algebraic form.
            long: String,
        } = "referee-uci-written-differently",
        /// A move of the opponent's piece.
        OpponentsPieceOn {
            /// The square.
            square: Square,
        } = "referee-opponents-piece-on",
        /// A move from an empty square.
        NoPieceToMove {
            /// The square.
            square: Square,
        } = "referee-no-piece-to-move",
        /// A move the scoresheet reader refused.
        SanRefused {
            /// What the scoresheet reader found.
            error: SanError,
        } = "referee-san-refused",
        /// A claim of the win before the opponent has been gone long enough (FIDE 11.2.3).
        NotGoneLongEnough {
            /// The side.
            side: Color,
        } = "referee-not-gone-long-enough",
        /// A takeback asked for (FIDE 4.7).
        NoTakeback = "referee-no-takeback",
        /// A player left the game; the time he has to come back.
        PlayerLeft {
            /// The side.
            side: Color,
            /// The time to come back.
            seconds: Seconds,
        } = "referee-player-left",
        /// A player noted gone a second time.
        AlreadyLeft {
            /// The side.
            side: Color,
        } = "referee-already-left",
        /// A player who had left is back.
        PlayerReturned {
            /// The side.
            side: Color,
        } = "referee-player-returned",
        /// A return, or a claim, about a player who is there.
        NotLeft {
            /// The side.
            side: Color,
        } = "referee-not-left",
        /// The win: the opponent left and did not come back in time.
        LeftTheGame {
            /// The side that left.
            side: Color,
        } = "referee-left-the-game",
        /// Leaving or claiming over the board, where the arbiter sees the
        /// players and rules himself.
        AbsenceRuledByArbiter = "referee-absence-ruled-by-arbiter",
        /// A ruling read back from its JSON, in the words it was received in.
        Received {
            /// The words, language by language.
            message: Message,
        } = "referee-received",
    }
}

/// A span of time as the messages write it: in seconds, with the
/// milliseconds only when there are any (`60`, `0.3`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Seconds {
    /// The span, in milliseconds.
    pub ms: u64,
}

impl arbiter_messages::ToArg for Seconds {
    fn to_arg(&self) -> arbiter_messages::Arg<'_> {
        let (whole, ms) = (self.ms / 1000, self.ms % 1000);
        let text = if ms == 0 {
            whole.to_string()
        } else {
            format!("{whole}.{ms:03}").trim_end_matches('0').to_string()
        };
        arbiter_messages::Arg::Text(text.into())
    }
}

/// What kind of infraction a counted illegal move is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Infraction {
    /// The king moved onto an attacked square (`classic: 送王`).
    KingExposure,
    /// The clock pressed without a move (FIDE 7.5.3).
    EmptyPress,
    /// Any other illegal move.
    IllegalMove,
}

impl arbiter_messages::ToArg for Infraction {
    fn to_arg(&self) -> arbiter_messages::Arg<'_> {
        arbiter_messages::Arg::Key(match self {
            Infraction::KingExposure => "infraction-king-exposure",
            Infraction::EmptyPress => "infraction-empty-press",
            Infraction::IllegalMove => "infraction-illegal-move",
        })
    }
}

impl arbiter_messages::ToArg for ForfeitCause {
    fn to_arg(&self) -> arbiter_messages::Arg<'_> {
        arbiter_messages::Arg::Key(match self {
            ForfeitCause::IllegalMove => "forfeit-cause-illegal-move",
            ForfeitCause::Crashed => "forfeit-cause-crashed",
            ForfeitCause::StoppedAnswering => "forfeit-cause-stopped-answering",
            ForfeitCause::NotStarted => "forfeit-cause-not-started",
        })
    }
}

impl arbiter_messages::ToArg for DrawClaim {
    fn to_arg(&self) -> arbiter_messages::Arg<'_> {
        arbiter_messages::Arg::Key(match self {
            DrawClaim::Threefold => "claim-threefold",
            DrawClaim::FiftyMoves => "claim-fifty-moves",
        })
    }
}
