//! The fold: a tournament's state from its events, each checked before it
//! is applied.

use std::collections::BTreeMap;

use super::{
    Board, BoardResult, ByeKind, Event, EventKind, PlayerId, Refusal, Registration, Settings,
    System,
};

/// A registered player and what the log says of him.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerState {
    /// His number, from 1, in order of registration.
    pub id: PlayerId,
    /// As registered.
    pub registration: Registration,
    /// The rounds already paired when he registered: he missed them.
    pub joined_after: u32,
    /// When he withdrew: the last round paired then (he is paired in none
    /// after it).
    pub withdrawn_after: Option<u32>,
    /// Byes asked in advance, by round.
    pub byes: BTreeMap<u32, ByeKind>,
}

impl PlayerState {
    /// Whether he takes part in `round`: registered before it was paired,
    /// not withdrawn before it.
    pub fn in_round(&self, round: u32) -> bool {
        round > self.joined_after && self.withdrawn_after.is_none_or(|last| round <= last)
    }
}

/// Where a board's result came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ResultSource {
    /// The board's game, as the referee ended it.
    Game(String),
    /// Entered by the arbiter (a game played elsewhere).
    Arbiter(String),
    /// A forfeit the arbiter declared.
    Forfeit(String),
}

/// One board of a round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardState {
    /// Who plays.
    pub board: Board,
    /// Its game, once the round is published.
    pub game: Option<String>,
    /// The result, once in (after any correction).
    pub result: Option<BoardResult>,
    /// Where the result came from.
    pub source: Option<ResultSource>,
}

impl BoardState {
    /// The boards of a round just paired: no game, no result yet.
    fn unplayed(boards: &[Board]) -> Vec<BoardState> {
        boards
            .iter()
            .map(|&board| BoardState {
                board,
                game: None,
                result: None,
                source: None,
            })
            .collect()
    }
}

/// A pairing changed by hand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ManualChange {
    /// When.
    pub at_ms: i64,
    /// Who changed it.
    pub by: String,
    /// Why.
    pub reason: String,
    /// The boards before the change.
    pub before: Vec<Board>,
    /// The bye before the change.
    pub bye_before: Option<PlayerId>,
}

/// A paired round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundState {
    /// Its number, from 1.
    pub number: u32,
    /// The boards, board 1 first.
    pub boards: Vec<BoardState>,
    /// The pairing-allocated bye (in a round robin, the player who rests).
    pub bye: Option<PlayerId>,
    /// Who paired it.
    pub paired_by: String,
    /// The changes made by hand, in order.
    pub changes: Vec<ManualChange>,
    /// Published: its games exist.
    pub published: bool,
    /// When it was published, ms since 1970: the round's date in the
    /// rating report (TRF record 132).
    pub published_at_ms: Option<i64>,
    /// When its last result came in, ms since 1970 (the event's time): the
    /// next round's interval counts from here, on whichever node holds the
    /// event and across a restart.
    pub completed_at_ms: Option<i64>,
}

impl RoundState {
    /// The boards still without a result, from 1.
    pub fn boards_without_result(&self) -> Vec<u32> {
        self.boards
            .iter()
            .enumerate()
            .filter(|(_, b)| b.result.is_none())
            .map(|(i, _)| i as u32 + 1)
            .collect()
    }

    /// Whether every board has its result.
    pub fn is_complete(&self) -> bool {
        self.boards.iter().all(|b| b.result.is_some())
    }
}

/// A result corrected by the arbiter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Correction {
    /// When.
    pub at_ms: i64,
    /// Who.
    pub by: String,
    /// The round.
    pub round: u32,
    /// The board, from 1.
    pub board: u32,
    /// The result before.
    pub from: BoardResult,
    /// The result after.
    pub to: BoardResult,
    /// Why.
    pub reason: String,
}

/// A tournament as its log makes it.
///
/// ```
/// use arbiter_tournament::director::{Director, Event, EventKind, Registration, Settings, Refusal};
/// let mut t = Director::default();
/// let at = |kind| Event { at_ms: 0, by: "arbiter".into(), kind };
/// let settings = Settings::swiss("Spring Open", 3, "300+3".parse().unwrap());
/// t.apply(&at(EventKind::Created { settings }))?;
/// for name in ["Ding", "Gukesh"] {
///     let player = Registration { name: name.into(), ..Registration::default() };
///     t.apply(&at(EventKind::Registered { player, entry_code: None }))?;
/// }
/// let (boards, bye) = t.next_pairing()?;
/// t.apply(&at(EventKind::RoundPaired { round: 1, boards, bye }))?;
/// // Round 2 waits for round 1's results.
/// assert!(matches!(t.next_pairing(), Err(Refusal::RoundNotPublished { round: 1 })));
/// # Ok::<(), Refusal>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Director {
    settings: Option<Settings>,
    created_by: String,
    players: Vec<PlayerState>,
    rounds: Vec<RoundState>,
    corrections: Vec<Correction>,
    terminated: bool,
    next_round_at: Option<i64>,
    /// The pairing numbers drawn by lot, while the draw stands.
    pub(super) lots: Option<Vec<PlayerId>>,
    /// Knockout matches decided by lot: first, second, winner.
    pub(super) decided_by_lot: Vec<(PlayerId, PlayerId, PlayerId)>,
    /// FIDE mode as the arbiter left it.
    pub(super) fide_mode_exit: Option<super::FideModeExit>,
    /// The broadcast delay as the arbiter last set it (`None`: as the
    /// settings have it).
    pub(super) broadcast_delay: Option<super::BroadcastDelay>,
    /// The fair-play reports recorded.
    pub(super) fair_play: Vec<super::RecordedFairPlay>,
}

impl Director {
    /// Replays a log: the state, or the index of the first event refused
    /// and why.
    pub fn replay<'a>(
        events: impl IntoIterator<Item = &'a Event>,
    ) -> Result<Director, (usize, Refusal)> {
        let mut state = Director::default();
        for (i, event) in events.into_iter().enumerate() {
            state.apply(event).map_err(|r| (i, r))?;
        }
        Ok(state)
    }

    /// The settings (`None` before the event is created).
    pub fn settings(&self) -> Option<&Settings> {
        self.settings.as_ref()
    }

    /// Who created the event.
    pub fn created_by(&self) -> &str {
        &self.created_by
    }

    /// Every player, by number.
    pub fn players(&self) -> &[PlayerState] {
        &self.players
    }

    /// A player by number.
    pub fn player(&self, id: PlayerId) -> Option<&PlayerState> {
        id.checked_sub(1).and_then(|i| self.players.get(i as usize))
    }

    /// The player an account plays.
    pub fn player_of_account(&self, account: &str) -> Option<&PlayerState> {
        self.players
            .iter()
            .find(|p| p.registration.account.as_deref() == Some(account))
    }

    /// The rounds paired, round 1 first.
    pub fn rounds(&self) -> &[RoundState] {
        &self.rounds
    }

    /// A round by number.
    pub fn round(&self, round: u32) -> Option<&RoundState> {
        round
            .checked_sub(1)
            .and_then(|i| self.rounds.get(i as usize))
    }

    /// The number of rounds paired.
    pub fn rounds_paired(&self) -> u32 {
        self.rounds.len() as u32
    }

    /// The corrections, in order.
    pub fn corrections(&self) -> &[Correction] {
        &self.corrections
    }

    /// When the next round is set to start, ms since 1970, if the
    /// arbiter set it.
    pub fn next_round_at(&self) -> Option<i64> {
        self.next_round_at
    }

    /// Whether the event was terminated.
    pub fn is_terminated(&self) -> bool {
        self.terminated
    }

    /// Whether the event is over: terminated, or every round paired and
    /// every result in.
    pub fn is_finished(&self) -> bool {
        self.terminated
            || self.settings.as_ref().is_some_and(|s| {
                self.rounds_paired() >= self.planned_rounds(s)
                    && self.rounds.iter().all(RoundState::is_complete)
            })
    }

    /// The round and board (from 1) of a game.
    pub fn board_of_game(&self, game: &str) -> Option<(u32, u32)> {
        self.rounds.iter().find_map(|r| {
            r.boards
                .iter()
                .position(|b| b.game.as_deref() == Some(game))
                .map(|i| (r.number, i as u32 + 1))
        })
    }

    /// The rounds the event will have: as set, or for a round robin the
    /// cycles of its players (known once round 1 is paired).
    /// A knockout's rounds are its matches' games, known as they are
    /// played: those paired, and one more until it has its winner.
    pub(super) fn planned_rounds(&self, settings: &Settings) -> u32 {
        match settings.system {
            System::Knockout => {
                let won = self.knockout().is_some_and(|k| k.winner.is_some());
                self.rounds_paired() + u32::from(!won)
            }
            System::RoundRobin { cycles } if !self.rounds.is_empty() => {
                let n = self.players.len() as u32;
                (n + n % 2 - 1) * cycles
            }
            _ => settings.rounds,
        }
    }

    /// The players to pair in `round`: taking part, and without a bye
    /// asked for it.
    pub fn available(&self, round: u32) -> Vec<PlayerId> {
        self.players
            .iter()
            .filter(|p| p.in_round(round) && !p.byes.contains_key(&round))
            .map(|p| p.id)
            .collect()
    }

    /// Applies an event, or refuses it and changes nothing.
    pub fn apply(&mut self, event: &Event) -> Result<(), Refusal> {
        let settings = match (&self.settings, &event.kind) {
            (None, EventKind::Created { settings }) => {
                settings.check()?;
                self.settings = Some(settings.clone());
                self.created_by = event.by.clone();
                return Ok(());
            }
            (None, _) => return Err(Refusal::NotCreated),
            (Some(_), EventKind::Created { .. }) => return Err(Refusal::AlreadyCreated),
            // A screen looks at games already played: it may come after
            // the event was terminated.
            (Some(_), EventKind::FairPlayReported { report }) => {
                return self.record_fair_play(event, report);
            }
            (Some(s), _) => s.clone(),
        };
        if self.terminated {
            return Err(Refusal::Terminated);
        }
        match &event.kind {
            EventKind::Created { .. } => unreachable!("handled above"),
            EventKind::Registered { player, entry_code } => {
                self.check_registration(&settings, player)?;
                self.admit(&settings, &event.by, player, entry_code.as_deref())?;
                self.register(player);
                Ok(())
            }
            EventKind::Withdrawn { player } => self.withdraw(*player),
            EventKind::ByeRequested { player, round, bye } => {
                self.request_bye(&settings, *player, *round, *bye)
            }
            EventKind::RoundPaired { round, boards, bye } => {
                self.check_can_pair(&settings, *round)?;
                self.check_pairing(&settings, *round, boards, *bye)?;
                self.rounds.push(RoundState {
                    number: *round,
                    boards: BoardState::unplayed(boards),
                    bye: *bye,
                    paired_by: event.by.clone(),
                    changes: Vec::new(),
                    published: false,
                    published_at_ms: None,
                    completed_at_ms: None,
                });
                self.next_round_at = None;
                Ok(())
            }
            EventKind::PairingChanged {
                round,
                boards,
                bye,
                reason,
            } => {
                if reason.trim().is_empty() {
                    return Err(Refusal::NoReason);
                }
                self.check_fide_manual_pairing(&settings, *round)?;
                self.check_unpublished_last(*round)?;
                self.check_pairing(&settings, *round, boards, *bye)?;
                let last = self.rounds.last_mut().expect("checked: a round is paired");
                last.changes.push(ManualChange {
                    at_ms: event.at_ms,
                    by: event.by.clone(),
                    reason: reason.clone(),
                    before: last.boards.iter().map(|b| b.board).collect(),
                    bye_before: last.bye,
                });
                last.boards = BoardState::unplayed(boards);
                last.bye = *bye;
                Ok(())
            }
            EventKind::RoundPublished { round, games } => {
                self.check_unpublished_last(*round)?;
                let last = self.rounds.last_mut().expect("checked: a round is paired");
                if games.len() != last.boards.len() {
                    return Err(Refusal::GamesPerBoard {
                        boards: last.boards.len(),
                        games: games.len(),
                    });
                }
                for (b, game) in last.boards.iter_mut().zip(games) {
                    b.game = Some(game.clone());
                }
                last.published = true;
                last.published_at_ms = Some(event.at_ms);
                Ok(())
            }
            EventKind::ResultRecorded {
                round,
                board,
                result,
                game,
            } => {
                check_result_for_system(&settings, *result)?;
                let b = self.open_board(*round, *board)?;
                if let Some(game) = game
                    && b.game.as_ref() != Some(game)
                {
                    return Err(Refusal::WrongGame {
                        round: *round,
                        board: *board,
                    });
                }
                b.result = Some(*result);
                b.source = Some(match game {
                    Some(g) => ResultSource::Game(g.clone()),
                    None => ResultSource::Arbiter(event.by.clone()),
                });
                self.note_completion(*round, event.at_ms);
                Ok(())
            }
            EventKind::Forfeited {
                round,
                board,
                absent,
            } => {
                let b = self.open_board(*round, *board)?;
                b.result = Some(absent.result());
                b.source = Some(ResultSource::Forfeit(event.by.clone()));
                self.note_completion(*round, event.at_ms);
                Ok(())
            }
            EventKind::ResultCorrected {
                round,
                board,
                result,
                reason,
            } => {
                if reason.trim().is_empty() {
                    return Err(Refusal::NoReason);
                }
                check_result_for_system(&settings, *result)?;
                let b = self.board_mut(*round, *board)?;
                let from = b.result.ok_or(Refusal::NoResultYet {
                    round: *round,
                    board: *board,
                })?;
                if from == *result {
                    return Err(Refusal::SameResult);
                }
                b.result = Some(*result);
                b.source = Some(ResultSource::Arbiter(event.by.clone()));
                self.corrections.push(Correction {
                    at_ms: event.at_ms,
                    by: event.by.clone(),
                    round: *round,
                    board: *board,
                    from,
                    to: *result,
                    reason: reason.clone(),
                });
                Ok(())
            }
            EventKind::NextRoundScheduled { starts_at_ms } => {
                let rounds = self.planned_rounds(&settings);
                if self.rounds_paired() >= rounds {
                    return Err(Refusal::AllRoundsPaired { rounds });
                }
                self.next_round_at = Some(*starts_at_ms);
                Ok(())
            }
            EventKind::LotsDrawn { order } => self.draw_lots(&settings, order),
            EventKind::MatchDecidedByLot {
                first,
                second,
                winner,
            } => self.decide_by_lot(*first, *second, *winner),
            EventKind::Terminated => {
                self.terminated = true;
                Ok(())
            }
            EventKind::FideModeLeft { reason } => self.leave_fide_mode(event, reason),
            EventKind::BroadcastDelaySet { minutes } => self.set_broadcast_delay(event, *minutes),
            EventKind::FairPlayReported { .. } => unreachable!("handled above"),
        }
    }

    /// What a registration must hold whoever makes it: a name, entries
    /// open, an account not already in, and in FIDE mode the pairing
    /// numbers unchanged once round 4 is paired.
    pub(super) fn check_registration(
        &self,
        settings: &Settings,
        player: &Registration,
    ) -> Result<(), Refusal> {
        if player.name.trim().is_empty() {
            return Err(Refusal::UnnamedPlayer);
        }
        if settings.system != System::Dutch && !self.rounds.is_empty() {
            return Err(Refusal::RegistrationClosed);
        }
        if self.is_finished() {
            return Err(Refusal::Finished);
        }
        if let Some(account) = &player.account
            && self.player_of_account(account).is_some()
        {
            return Err(Refusal::AccountTaken {
                account: account.clone(),
            });
        }
        self.check_fide_entry(settings, player)
    }

    fn register(&mut self, player: &Registration) {
        // A new entry voids the draw: the lots are drawn again.
        self.lots = None;
        self.players.push(PlayerState {
            id: self.players.len() as PlayerId + 1,
            registration: player.clone(),
            joined_after: self.rounds_paired(),
            withdrawn_after: None,
            byes: BTreeMap::new(),
        });
    }

    fn withdraw(&mut self, player: PlayerId) -> Result<(), Refusal> {
        if self.is_finished() {
            return Err(Refusal::Finished);
        }
        let paired = self.rounds_paired();
        let p = self.player_mut(player)?;
        if p.withdrawn_after.is_some() {
            return Err(Refusal::Withdrawn { player });
        }
        p.withdrawn_after = Some(paired);
        Ok(())
    }

    fn request_bye(
        &mut self,
        settings: &Settings,
        player: PlayerId,
        round: u32,
        bye: ByeKind,
    ) -> Result<(), Refusal> {
        if settings.system != System::Dutch {
            return Err(Refusal::ByesOnlyInSwiss);
        }
        self.check_fide_bye(bye)?;
        if round <= self.rounds_paired() {
            return Err(Refusal::RoundAlreadyPaired { round });
        }
        let rounds = self.planned_rounds(settings);
        if round > rounds {
            return Err(Refusal::RoundBeyondEvent { round, rounds });
        }
        let p = self.player_mut(player)?;
        if p.withdrawn_after.is_some() {
            return Err(Refusal::Withdrawn { player });
        }
        if p.byes.contains_key(&round) {
            return Err(Refusal::ByeAlreadyRequested { player, round });
        }
        p.byes.insert(round, bye);
        Ok(())
    }

    fn player_mut(&mut self, id: PlayerId) -> Result<&mut PlayerState, Refusal> {
        id.checked_sub(1)
            .and_then(|i| self.players.get_mut(i as usize))
            .ok_or(Refusal::UnknownPlayer { player: id })
    }

    /// Whether round `round` may be paired now: the next one, within the
    /// event, every earlier round published with all its results in.
    pub(super) fn check_can_pair(&self, settings: &Settings, round: u32) -> Result<(), Refusal> {
        if let Some(winner) = self.knockout().and_then(|k| k.winner) {
            return Err(Refusal::KnockoutWon { winner });
        }
        let expected = self.rounds_paired() + 1;
        let rounds = self.planned_rounds(settings);
        if expected > rounds {
            return Err(Refusal::AllRoundsPaired { rounds });
        }
        if round != expected {
            return Err(Refusal::RoundOutOfOrder { round, expected });
        }
        if self.lots_due() {
            return Err(Refusal::LotsNotDrawn);
        }
        if let Some(last) = self.rounds.last() {
            if !last.published {
                return Err(Refusal::RoundNotPublished { round: last.number });
            }
            let boards = last.boards_without_result();
            if !boards.is_empty() {
                return Err(Refusal::ResultsMissing {
                    round: last.number,
                    boards,
                });
            }
        }
        Ok(())
    }

    /// Checks a round's boards and bye: known players, each at most once,
    /// none withdrawn or on a bye he asked for; in a Swiss every player
    /// available is paired, in a round robin every player.
    fn check_pairing(
        &self,
        settings: &Settings,
        round: u32,
        boards: &[Board],
        bye: Option<PlayerId>,
    ) -> Result<(), Refusal> {
        let mut seen = vec![false; self.players.len()];
        let seats = boards
            .iter()
            .flat_map(|b| {
                if b.white == b.black {
                    vec![Err(b.white)]
                } else {
                    vec![Ok(b.white), Ok(b.black)]
                }
            })
            .chain(bye.map(Ok));
        for seat in seats {
            let id = seat.map_err(|player| Refusal::PlayerMeetsSelf { player })?;
            let p = self
                .player(id)
                .ok_or(Refusal::UnknownPlayer { player: id })?;
            let index = id as usize - 1;
            if seen[index] {
                return Err(Refusal::PlayerTwice { player: id });
            }
            seen[index] = true;
            // A round robin's or a knockout's pairing is fixed: a player
            // who withdrew keeps his place, and the arbiter declares the
            // forfeits.
            if settings.system == System::Dutch {
                if !p.in_round(round) {
                    return Err(Refusal::Withdrawn { player: id });
                }
                if p.byes.contains_key(&round) {
                    return Err(Refusal::PlayerHasBye { player: id, round });
                }
            }
        }
        if settings.system == System::Dutch {
            let forbidden = self.forbidden_pairs();
            for b in boards {
                if forbidden.contains(&(b.white.min(b.black), b.white.max(b.black))) {
                    return Err(Refusal::ForbiddenPair {
                        white: b.white,
                        black: b.black,
                    });
                }
            }
        }
        if settings.system == System::Knockout {
            return self.check_knockout_pairing(round, boards, bye);
        }
        let must_play: Vec<PlayerId> = match settings.system {
            System::Dutch => self.available(round),
            System::RoundRobin { .. } | System::Knockout => {
                self.players.iter().map(|p| p.id).collect()
            }
        };
        if let Some(&player) = must_play.iter().find(|&&id| !seen[id as usize - 1]) {
            return Err(Refusal::PlayerLeftOut { player });
        }
        Ok(())
    }

    /// A knockout round pairs each match still to play at the stage due,
    /// once, and nothing else; the colours may differ from the
    /// alternation's (an Armageddon game's are often drawn by lot).
    fn check_knockout_pairing(
        &self,
        round: u32,
        boards: &[Board],
        bye: Option<PlayerId>,
    ) -> Result<(), Refusal> {
        let due = self.knockout_boards(round as usize - 1)?;
        let pairs = |bs: &[Board]| {
            let mut p: Vec<(PlayerId, PlayerId)> = bs
                .iter()
                .map(|b| (b.white.min(b.black), b.white.max(b.black)))
                .collect();
            p.sort_unstable();
            p
        };
        if bye.is_some() || pairs(boards) != pairs(&due) {
            return Err(Refusal::NotTheKnockoutPairing { round });
        }
        Ok(())
    }

    fn check_unpublished_last(&self, round: u32) -> Result<(), Refusal> {
        let last = self.rounds.last().ok_or(Refusal::NotLastRound { round })?;
        if last.number != round {
            return Err(Refusal::NotLastRound { round });
        }
        if last.published {
            return Err(Refusal::AlreadyPublished { round });
        }
        Ok(())
    }

    fn board_mut(&mut self, round: u32, board: u32) -> Result<&mut BoardState, Refusal> {
        let r = round
            .checked_sub(1)
            .and_then(|i| self.rounds.get_mut(i as usize))
            .ok_or(Refusal::UnknownBoard { round, board })?;
        if !r.published {
            return Err(Refusal::NotPublished { round });
        }
        board
            .checked_sub(1)
            .and_then(|i| r.boards.get_mut(i as usize))
            .ok_or(Refusal::UnknownBoard { round, board })
    }

    /// A board of a published round without a result yet.
    /// Keeps when the round's last result came in, once.
    fn note_completion(&mut self, round: u32, at_ms: i64) {
        if let Some(r) = self.rounds.iter_mut().find(|r| r.number == round)
            && r.completed_at_ms.is_none()
            && r.is_complete()
        {
            r.completed_at_ms = Some(at_ms);
        }
    }

    fn open_board(&mut self, round: u32, board: u32) -> Result<&mut BoardState, Refusal> {
        let b = self.board_mut(round, board)?;
        if b.result.is_some() {
            return Err(Refusal::ResultAlreadyIn { round, board });
        }
        Ok(b)
    }
}

/// A knockout game must give its match a winner, a draw or a forfeit: the
/// unusual results (½-0, 0-½, a loss for both; VCL.13), which Swiss and
/// round-robin events take, decide no match. A double forfeit, which the
/// arbiter declares with [`EventKind::Forfeited`], stays as it was.
fn check_result_for_system(settings: &Settings, result: BoardResult) -> Result<(), Refusal> {
    if settings.system == System::Knockout
        && result.is_unusual()
        && result != BoardResult::DoubleForfeit
    {
        return Err(Refusal::UnusualResultInKnockout);
    }
    Ok(())
}
