//! The state as the crate's TRF model: what the pairing engines, the
//! tie-breaks and the TRF writer read.

use arbiter_rules::Color;

use crate::result::{ResultCode, RoundEntry};
use crate::tiebreak::{self, Format, Options, Standings, Tiebreak};
use crate::{Player, Record, RequestedBye, StartNo, Tournament};

use super::{BoardResult, ByeKind, Director, PlayerId, Sex, System};

impl Director {
    /// The players in start-number order (the pairing numbers of C.04.2):
    /// by rating, highest first, then by name, then by registration.
    /// A late entry takes his place in that order, as C.04.2 allows. In a
    /// round robin by lot, once drawn, the order the lots gave.
    pub fn start_order(&self) -> Vec<PlayerId> {
        if let Some(order) = self.lots() {
            return order.to_vec();
        }
        let mut order: Vec<&super::PlayerState> = self.players().iter().collect();
        order.sort_by(|a, b| {
            b.registration
                .rating
                .cmp(&a.registration.rating)
                .then_with(|| a.registration.name.cmp(&b.registration.name))
                .then_with(|| a.id.cmp(&b.id))
        });
        order.into_iter().map(|p| p.id).collect()
    }

    /// The tournament at this moment, as TRF writes it: every round whose
    /// results are all in, each player's points after them (the field
    /// FIDE's TRF requires, and bbpPairings reads), byes asked for the
    /// next round as record 240. A round still being played appears once
    /// its last result is in.
    pub fn tournament(&self) -> Tournament {
        let complete = self.rounds().iter().take_while(|r| r.is_complete()).count() as u32;
        let mut t = self.tournament_through(complete, None);
        let system = t.points;
        for e in &mut t.entrants {
            e.player.stated_points = Some(e.score_after(complete, &system));
        }
        let next = complete + 1;
        if next > self.rounds_paired() {
            for (kind, code) in [
                (ByeKind::Half, RequestedBye::HalfPoint),
                (ByeKind::Zero, RequestedBye::ZeroPoint),
                (ByeKind::Full, RequestedBye::FullPoint),
            ] {
                let starts = self.start_numbers();
                let players: Vec<StartNo> = self
                    .players()
                    .iter()
                    .filter(|p| p.byes.get(&next) == Some(&kind))
                    .map(|p| starts[p.id as usize - 1])
                    .collect();
                if !players.is_empty() {
                    t.requested_byes.push((next, code, players));
                }
            }
        }
        t
    }

    /// Each player's start number, indexed by player number less one.
    pub fn start_numbers(&self) -> Vec<StartNo> {
        let mut numbers = vec![0; self.players().len()];
        for (i, id) in self.start_order().into_iter().enumerate() {
            numbers[id as usize - 1] = i as StartNo + 1;
        }
        numbers
    }

    /// The model with rounds 1 to `through`, and, when pairing round
    /// `next`, who is not to be paired in it: byes asked for (`H`, `Z`,
    /// `F`) and players absent (`-`: withdrawn, or not yet entered).
    pub(super) fn tournament_through(&self, through: u32, next: Option<u32>) -> Tournament {
        let settings = self.settings().expect("a created event");
        let starts = self.start_numbers();
        let start = |id: PlayerId| starts[id as usize - 1];
        let mut t = Tournament::default();
        let records = [
            ("012", &settings.name),
            ("022", &settings.place),
            ("032", &settings.federation),
            ("042", &settings.start_date),
            ("052", &settings.end_date),
            ("102", &settings.chief_arbiter),
        ];
        // Record 112 once for each deputy, after the chief arbiter's 102.
        let deputies = settings.deputy_arbiters.iter().map(|d| ("112", d));
        for (code, text) in records.into_iter().chain(deputies) {
            if !text.is_empty() {
                t.records.push(Record {
                    code: code.to_string(),
                    text: text.clone(),
                });
            }
        }
        // The type of tournament (TRF `092`): a reader ranks a round robin
        // otherwise than a Swiss, and must not guess it from the size.
        t.records.push(Record {
            code: "092".to_string(),
            text: settings.system.trf_type().to_string(),
        });
        // An event not run in FIDE mode throughout says so, for the
        // checker and the rating officer who read the file.
        t.records.extend(self.fide_mode_record());
        t.planned_rounds = Some(self.planned_rounds(settings));
        t.initial_colour = Some(Color::White);
        t.points = settings.points;
        for id in self.start_order() {
            let p = self.player(id).expect("a player of the order");
            let r = &p.registration;
            t.register(Player {
                start_no: start(id),
                name: r.name.clone(),
                title: r.title.clone(),
                rating: r.rating,
                federation: r.federation.clone(),
                fide_id: r.fide_id,
                sex: r.sex.map(Sex::trf),
                birth: r.birth_date.clone().unwrap_or_default(),
                ..Player::default()
            });
        }
        for (a, b) in self.forbidden_pairs() {
            t.forbidden_pairs.push(vec![start(a), start(b)]);
        }
        for round in self.rounds().iter().take(through as usize) {
            for b in &round.boards {
                let (w, bl) = (start(b.board.white), start(b.board.black));
                let Some(result) = b.result else { continue };
                let (wc, bc) = cells(w, bl, result);
                t.set_cell(w, round.number, wc);
                t.set_cell(bl, round.number, bc);
            }
            if let Some(bye) = round.bye {
                let cell = match self.settings().map(|s| s.system) {
                    // In a round robin the odd player rests: no round at all.
                    Some(System::RoundRobin { .. }) => RoundEntry::NOT_PAIRED,
                    _ => RoundEntry::unpaired(ResultCode::PairingAllocatedBye),
                };
                t.set_cell(start(bye), round.number, cell);
            }
            self.write_unpaired(&mut t, round.number, &start);
        }
        if let Some(next) = next {
            self.write_unpaired(&mut t, next, &start);
        }
        t
    }

    /// The cells of the players not paired in `round`: their byes, or
    /// absences. A round robin's or a knockout's pairing keeps a player who
    /// withdrew in his place: his board (a forfeit) or his rest is his
    /// cell, not an absence.
    fn write_unpaired(&self, t: &mut Tournament, round: u32, start: &impl Fn(PlayerId) -> StartNo) {
        let seated = |id: PlayerId| {
            self.round(round).is_some_and(|r| {
                r.bye == Some(id)
                    || r.boards
                        .iter()
                        .any(|b| b.board.white == id || b.board.black == id)
            })
        };
        for p in self.players() {
            if seated(p.id) {
                continue;
            }
            let code = if let Some(bye) = p.byes.get(&round) {
                match bye {
                    ByeKind::Half => ResultCode::HalfPointBye,
                    ByeKind::Zero => ResultCode::ZeroPointBye,
                    ByeKind::Full => ResultCode::FullPointBye,
                }
            } else if !p.in_round(round) {
                ResultCode::ForfeitLoss
            } else {
                continue;
            };
            t.set_cell(start(p.id), round, RoundEntry::unpaired(code));
        }
    }

    /// The standings by the event's tie-breaks, after the rounds whose
    /// results are all in.
    pub fn standings(&self) -> Standings {
        let settings = self.settings().expect("a created event");
        self.standings_by(&settings.tiebreak_list())
    }

    /// The standings by `tiebreaks` (for a page that shows every player's
    /// points and performance, whatever the event ranks by), ranked as the
    /// event's settings say: a round robin otherwise than a Swiss.
    pub fn standings_by(&self, tiebreaks: &[Tiebreak]) -> Standings {
        let settings = self.settings().expect("a created event");
        let options = Options {
            format: Some(match settings.system {
                System::RoundRobin { .. } => Format::RoundRobin,
                _ => Format::Swiss,
            }),
            ..Options::default()
        };
        tiebreak::standings(&self.tournament(), tiebreaks, &options)
    }
}

/// White's and Black's cells for a board's result.
fn cells(white: StartNo, black: StartNo, result: BoardResult) -> (RoundEntry, RoundEntry) {
    use arbiter_rules::PlayerResult as G;
    // Each side's cell says his own result, so that an unusual result
    // (VCL.13) is two results that need not mirror each other.
    let game_of = |w: G, b: G| {
        (
            RoundEntry::game(black, Color::White, w),
            RoundEntry::game(white, Color::Black, b),
        )
    };
    let game = |r: G| game_of(r, r.reversed());
    let forfeit = |w: ResultCode, b: ResultCode| {
        (
            RoundEntry::paired(black, Color::White, w),
            RoundEntry::paired(white, Color::Black, b),
        )
    };
    match result {
        BoardResult::WhiteWins => game(G::Win),
        BoardResult::Draw => game(G::Draw),
        BoardResult::BlackWins => game(G::Loss),
        BoardResult::WhiteWinsByForfeit => forfeit(ResultCode::ForfeitWin, ResultCode::ForfeitLoss),
        BoardResult::BlackWinsByForfeit => forfeit(ResultCode::ForfeitLoss, ResultCode::ForfeitWin),
        BoardResult::DoubleForfeit => forfeit(ResultCode::ForfeitLoss, ResultCode::ForfeitLoss),
        BoardResult::WhiteHalfBlackZero => game_of(G::Draw, G::Loss),
        BoardResult::WhiteZeroBlackHalf => game_of(G::Loss, G::Draw),
        BoardResult::DoubleLoss => game_of(G::Loss, G::Loss),
    }
}
