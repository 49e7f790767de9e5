//! What an electronic board has told a game, for the operator's screen of
//! an event's boards: whether a reader is connected, what the board shows
//! beside the game, its last readings, and the cases it left to the
//! arbiter with the ruling each got. Kept by the game's actor, in memory:
//! a board's readings are news, not record (the record is the referee's
//! events, which the rulings are).

use std::collections::VecDeque;

use arbiter_protocol::ws::{BoardNotice, BoardSeen};
use arbiter_referee::{Actor, Event};
use serde::Serialize;
use serde_json::value::RawValue;

/// Readings kept, the newest last.
const READINGS_KEPT: usize = 5;
/// Cases kept, the newest last.
const CASES_KEPT: usize = 50;

/// One reading of the board: what it showed, and when (ms since 1970).
#[derive(Clone, Debug, Serialize)]
pub struct BoardReading {
    /// When the reader reported it.
    pub at_unix_ms: i64,
    /// What the board showed.
    #[serde(flatten)]
    pub seen: BoardSeen,
}

/// What a case is about.
#[derive(Clone, Debug)]
enum Matter {
    /// Something the reader met and could not decide.
    Notice(BoardNotice),
    /// An act the board made for a seat, which the referee refused: the
    /// refusal is its ruling.
    Refused {
        actor: Actor,
        kind: &'static str,
        verdict: Box<RawValue>,
    },
}

/// A case the board left to the arbiter.
#[derive(Clone, Debug)]
struct Case {
    at_unix_ms: i64,
    /// How many events the game's record had when the case came: the
    /// arbiter's ruling on it is an event after these.
    after_events: usize,
    matter: Matter,
}

/// A game's board desk: see the module.
#[derive(Debug, Default)]
pub struct Desk {
    /// Readers connected now (sockets that have reported a board).
    readers: u32,
    readings: VecDeque<BoardReading>,
    cases: VecDeque<Case>,
}

/// How a case was decided.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "by", rename_all = "snake_case")]
pub enum CaseRuling {
    /// The referee refused the act (its verdict carries the rule).
    Referee,
    /// The arbiter's first event after the case, by its kind's name
    /// (`pieces_displaced`, `board_turned`, `declare_result`...).
    Arbiter {
        /// The event's kind.
        event: &'static str,
    },
    /// The board shows the displaced pieces back on their squares.
    Restored,
}

/// A case as the screen shows it.
#[derive(Clone, Debug, Serialize)]
pub struct CaseView {
    /// When it came (ms since 1970).
    pub at_unix_ms: i64,
    /// `notice` (with the reader's notice) or `refused` (with the act's
    /// kind, the seat, and the referee's verdict).
    #[serde(flatten)]
    matter: MatterView,
    /// `None` while it waits for the arbiter.
    pub ruling: Option<CaseRuling>,
}

#[derive(Clone, Debug, Serialize)]
#[serde(tag = "case", rename_all = "snake_case")]
enum MatterView {
    Notice {
        notice: BoardNotice,
    },
    Refused {
        actor: Actor,
        event: &'static str,
        verdict: Box<RawValue>,
    },
}

/// The desk as the screen reads it.
#[derive(Clone, Debug, Serialize)]
pub struct DeskView {
    /// The game's position (FEN), to set beside the board's.
    pub game_fen: String,
    /// A reader is connected to the game now.
    pub connected: bool,
    /// The last readings, the newest last (the last is what the board
    /// shows now).
    pub readings: Vec<BoardReading>,
    /// The cases, the newest last.
    pub cases: Vec<CaseView>,
}

impl Desk {
    /// A reader connected (`true`) or went away.
    pub fn link(&mut self, connected: bool) {
        if connected {
            self.readers += 1;
        } else {
            self.readers = self.readers.saturating_sub(1);
        }
    }

    /// The board shows `seen`.
    pub fn read(&mut self, seen: BoardSeen, at_unix_ms: i64) {
        if self.readings.len() == READINGS_KEPT {
            self.readings.pop_front();
        }
        self.readings.push_back(BoardReading { at_unix_ms, seen });
    }

    /// The reader left `notice` to the arbiter; the record had `events`.
    pub fn notice(&mut self, notice: BoardNotice, events: usize, at_unix_ms: i64) {
        self.open(Matter::Notice(notice), events, at_unix_ms);
    }

    /// The referee refused an act the board made for `actor`: the act's
    /// kind, and the verdict's JSON.
    pub fn refused(
        &mut self,
        actor: Actor,
        kind: &'static str,
        verdict: &str,
        events: usize,
        at_unix_ms: i64,
    ) {
        let verdict = RawValue::from_string(verdict.to_string()).expect("a verdict's JSON");
        let matter = Matter::Refused {
            actor,
            kind,
            verdict,
        };
        self.open(matter, events, at_unix_ms);
    }

    fn open(&mut self, matter: Matter, after_events: usize, at_unix_ms: i64) {
        if self.cases.len() == CASES_KEPT {
            self.cases.pop_front();
        }
        self.cases.push_back(Case {
            at_unix_ms,
            after_events,
            matter,
        });
    }

    /// The desk now, beside the game's position `game_fen`, the cases
    /// ruled from the game's record `events`.
    pub fn view(&self, game_fen: String, events: &[Event]) -> DeskView {
        let cases = self
            .cases
            .iter()
            .enumerate()
            .map(|(i, case)| self.case_view(i, case, events))
            .collect();
        DeskView {
            game_fen,
            connected: self.readers > 0,
            readings: self.readings.iter().cloned().collect(),
            cases,
        }
    }

    fn case_view(&self, index: usize, case: &Case, events: &[Event]) -> CaseView {
        let (matter, ruling) = match &case.matter {
            Matter::Refused {
                actor,
                kind,
                verdict,
            } => (
                MatterView::Refused {
                    actor: *actor,
                    event: kind,
                    verdict: verdict.clone(),
                },
                Some(CaseRuling::Referee),
            ),
            Matter::Notice(notice) => {
                let restored =
                    matches!(notice, BoardNotice::Disturbed { .. })
                        && self.cases.iter().skip(index + 1).any(|later| {
                            matches!(later.matter, Matter::Notice(BoardNotice::Restored))
                        });
                let ruling = if matches!(notice, BoardNotice::Restored) || restored {
                    Some(CaseRuling::Restored)
                } else {
                    arbiters_ruling(events, case.after_events)
                };
                (
                    MatterView::Notice {
                        notice: notice.clone(),
                    },
                    ruling,
                )
            }
        };
        CaseView {
            at_unix_ms: case.at_unix_ms,
            matter,
            ruling,
        }
    }
}

/// The arbiter's first event in `events` after the first `after`.
fn arbiters_ruling(events: &[Event], after: usize) -> Option<CaseRuling> {
    events
        .iter()
        .skip(after)
        .find(|e| e.actor == Actor::Arbiter)
        .map(|e| CaseRuling::Arbiter {
            event: e.kind.name(),
        })
}

#[cfg(test)]
mod tests {
    use arbiter_referee::EventKind;

    use super::*;

    fn seen(fen: &str) -> BoardSeen {
        BoardSeen {
            fen: fen.into(),
            ..BoardSeen::default()
        }
    }

    #[test]
    fn the_desk_keeps_the_last_readings_and_counts_its_readers() {
        let mut desk = Desk::default();
        for i in 0..8 {
            desk.read(seen(&format!("{i}")), i);
        }
        desk.link(true);
        desk.link(true);
        desk.link(false);
        let view = desk.view(String::new(), &[]);
        assert!(view.connected);
        let kept: Vec<i64> = view.readings.iter().map(|r| r.at_unix_ms).collect();
        assert_eq!(kept, [3, 4, 5, 6, 7]);
        desk.link(false);
        desk.link(false);
        assert!(!desk.view(String::new(), &[]).connected);
    }

    #[test]
    fn a_case_waits_for_the_arbiters_next_event_or_the_pieces_restored() {
        let mut desk = Desk::default();
        let lifted = BoardNotice::LiftedAgain {
            square: "f1".into(),
            set_down: "d1".into(),
        };
        desk.notice(lifted, 2, 10);
        desk.notice(
            BoardNotice::Disturbed {
                squares: vec!["d7".into()],
            },
            2,
            11,
        );
        let start = Event::new(Actor::Arbiter, 0, EventKind::Start);
        let moved = Event::new(
            Actor::White,
            5,
            EventKind::Move {
                mv: "e2e4".into(),
                offer_draw: false,
            },
        );
        let mut events = vec![start, moved];
        let rulings = |desk: &Desk, events: &[Event]| -> Vec<Option<CaseRuling>> {
            desk.view(String::new(), events)
                .cases
                .into_iter()
                .map(|c| c.ruling)
                .collect()
        };
        // The arbiter's start came before the cases: it rules nothing.
        assert_eq!(rulings(&desk, &events), [None, None]);
        let answered = Event::new(
            Actor::Black,
            7,
            EventKind::Move {
                mv: "e7e5".into(),
                offer_draw: false,
            },
        );
        events.push(answered);
        // A player's event after them rules nothing either.
        assert_eq!(rulings(&desk, &events), [None, None]);
        events.push(Event::new(Actor::Arbiter, 9, EventKind::PiecesDisplaced));
        let by_arbiter = Some(CaseRuling::Arbiter {
            event: "pieces_displaced",
        });
        assert_eq!(rulings(&desk, &events), [by_arbiter.clone(), by_arbiter]);

        let mut desk = Desk::default();
        desk.notice(
            BoardNotice::Disturbed {
                squares: vec!["d7".into()],
            },
            0,
            1,
        );
        assert_eq!(rulings(&desk, &[]), [None]);
        desk.notice(BoardNotice::Restored, 0, 2);
        let restored = Some(CaseRuling::Restored);
        assert_eq!(rulings(&desk, &[]), [restored.clone(), restored]);
    }
}
