//! Pairing a round: one operation, whichever way it is asked for (the
//! arbiter's console, the API, the schedule that starts rounds by
//! itself). It draws a round robin's lots when they are due, takes the
//! arbiter's own pairing when he gives one, and otherwise pairs by the
//! event's system ([`Director::next_pairing`]); round 1 paired by hand in
//! the settings (lichess's `manualPairings`) is the system's pairing
//! changed by the event's creator, recorded as such (C.04.2.D), after the
//! full-point byes of the players on no valid line.
//!
//! The operation gives the events; each is checked on the state the ones
//! before it make, and the service stores them together, so that no crash
//! leaves the system's pairing without its manual change.

use super::{Board, ByeKind, Director, Event, EventKind, PlayerId, Refusal};

/// The reason recorded with round 1 paired by hand from the settings
/// (lichess's parameter).
pub const MANUAL_PAIRINGS: &str = "manualPairings";

/// A round as the arbiter pairs it himself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GivenRound {
    /// The boards, board 1 first.
    pub boards: Vec<Board>,
    /// The pairing-allocated bye.
    pub bye: Option<PlayerId>,
}

impl Director {
    /// The events that pair the next round, by `by` at `at_ms`: lots
    /// drawn by `draw` when a round robin's are due (it puts the players
    /// in the order of the numbers drawn; the service draws, so that the
    /// fold stays pure), then the round as `given`, or by the event's
    /// system, with round 1's manual pairings. Nothing is applied to
    /// `self`: a refusal of any event refuses them all.
    ///
    /// For a large field the system's pairing takes seconds: a service
    /// runs this on a copy, off the thread that serves requests.
    ///
    /// ```
    /// use arbiter_tournament::director::{Director, Event, EventKind, Refusal, Registration, Settings};
    /// let mut t = Director::default();
    /// let at = |kind| Event { at_ms: 0, by: "arbiter".into(), kind };
    /// let settings = Settings::swiss("Spring Open", 3, "300+3".parse().unwrap());
    /// t.apply(&at(EventKind::Created { settings }))?;
    /// for name in ["Ding", "Gukesh", "Nepo"] {
    ///     let player = Registration { name: name.into(), ..Registration::default() };
    ///     t.apply(&at(EventKind::Registered { player, entry_code: None }))?;
    /// }
    /// let events = t.pair_round("arbiter", 0, None, |_| {})?;
    /// for e in &events {
    ///     t.apply(e)?;
    /// }
    /// let round = t.round(1).unwrap();
    /// assert_eq!((round.boards.len(), round.bye.is_some()), (1, true));
    /// # Ok::<(), Refusal>(())
    /// ```
    pub fn pair_round(
        &self,
        by: &str,
        at_ms: i64,
        given: Option<GivenRound>,
        draw: impl FnOnce(&mut [PlayerId]),
    ) -> Result<Vec<Event>, Refusal> {
        let mut plan = Plan {
            state: self.clone(),
            events: Vec::new(),
            at_ms,
        };
        let round = self.rounds_paired() + 1;
        if plan.state.lots_due() {
            let mut order: Vec<PlayerId> = plan.state.players().iter().map(|p| p.id).collect();
            draw(&mut order);
            plan.accept(by, EventKind::LotsDrawn { order })?;
        }
        if let Some(GivenRound { boards, bye }) = given {
            // In FIDE mode a Swiss is paired by its system (C.04.2 1.5,
            // VCL.07). The fold cannot tell a round paired by hand from
            // the system's without pairing it again, so the one operation
            // every service pairs through refuses it here.
            let settings = self.settings().ok_or(Refusal::NotCreated)?;
            self.check_fide_manual_pairing(settings, round)?;
            plan.accept(by, EventKind::RoundPaired { round, boards, bye })?;
            return Ok(plan.events);
        }
        let creator = self.created_by().to_string();
        let manual = plan.state.manual_first_round();
        if let Some(m) = &manual {
            for &player in &m.byes {
                let bye = ByeKind::Full;
                plan.accept(&creator, EventKind::ByeRequested { player, round, bye })?;
            }
        }
        let (boards, bye) = plan.state.next_pairing()?;
        plan.accept(by, EventKind::RoundPaired { round, boards, bye })?;
        if let Some(m) = manual {
            let change = EventKind::PairingChanged {
                round,
                boards: m.boards,
                bye: None,
                reason: MANUAL_PAIRINGS.to_string(),
            };
            plan.accept(&creator, change)?;
        }
        Ok(plan.events)
    }
}

/// The events so far and the state they make.
struct Plan {
    state: Director,
    events: Vec<Event>,
    at_ms: i64,
}

impl Plan {
    fn accept(&mut self, by: &str, kind: EventKind) -> Result<(), Refusal> {
        let event = Event {
            at_ms: self.at_ms,
            by: by.to_string(),
            kind,
        };
        self.state.apply(&event)?;
        self.events.push(event);
        Ok(())
    }
}
