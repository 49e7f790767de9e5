//! Filing: moving events from the journal to their game's home.
//!
//! A move is made durable by appending it to the journal, a table in
//! commit order: the moves of one group commit, from many games, fill the
//! last page or two of the journal. Written straight to their home, the
//! `events` table ordered by game, they would dirty a page per game, and
//! every dirty page is 4 KiB more to write to the WAL and sync before the
//! batch is acknowledged.
//!
//! The writer files the journal into `events` a round at a time. A round
//! takes every event journaled since the last one, grouped by game, so
//! that the events of a game land on its page together. It inserts them a
//! slice per batch, inside the batch's own transaction (filing costs no
//! commit of its own and never holds a batch up for long), then deletes
//! the round's rows from the journal a chunk of ids per batch.
//!
//! Nothing a round does stops the writer for long between two batches:
//! events are grouped by game as they are journaled (a round sorts only
//! its games, not its events, and never copies them into one list), each
//! game's rows are freed once its last slice has committed, and the
//! journal is emptied in chunks. Done at once, the sort of a round's
//! 16,384 events, the freeing of its rows and the deletion of its journal
//! rows each held every move waiting for milliseconds, once a round;
//! copying a round of 131,072 events into one list held them 60 ms.
//!
//! Until then a game's events are split between the two tables: those in
//! `events` are always the first ones (rounds are filed in order, each in
//! order of sequence number within a game), the journal holds the rest,
//! and may still hold copies of some already home.

use std::collections::{HashMap, VecDeque};
use std::ops::Range;
use std::time::{Duration, Instant};

use super::super::EventRow;

/// When a round starts and how fast it is filed.
#[derive(Clone, Copy, Debug)]
pub(super) struct Pace {
    /// A round starts once this many events wait...
    pub round_events: usize,
    /// ...or once the oldest has waited this long.
    pub round_age: Duration,
    /// Fewest events filed per batch while a round lasts; each batch also
    /// files twice as many events as it journals, so filing keeps up.
    pub min_slice: usize,
    /// Journal ids whose rows one batch deletes once a round is home.
    pub clear_chunk: i64,
}

impl Pace {
    /// Large rounds put many events of each game on its page at once.
    /// With 10,000 games at 11,000 moves a second, rounds of 16,384
    /// events filed a game's one or two events at a time, a page each,
    /// and the checkpoints copying those scattered pages slowed the
    /// commits beside them: over 60 s, p99 was 103 ms with such rounds,
    /// 47 ms with rounds of 65,536 and 26 ms with rounds of 131,072
    /// (thirteen events of each game on its page). The price is a longer
    /// journal, which reads of a game's events scan: up to twice a round,
    /// about 100 MiB at full load.
    /// Small slices spread the filing over many commits: a slice of a
    /// thousand events dirties a hundred pages, and the moves waiting on
    /// that commit would wait milliseconds more. Deleting 256 journal
    /// rows takes about 0.2 ms; a whole round's, about 8 ms.
    pub const DEFAULT: Pace = Pace {
        round_events: 131_072,
        round_age: Duration::from_secs(30),
        min_slice: 64,
        clear_chunk: 256,
    };
}

/// What one batch files along with its own writes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Step {
    /// The round's events to insert into `events`.
    pub slice: Range<usize>,
    /// Once the round is home: journal rows up to this id are deleted.
    pub clear_up_to: Option<i64>,
}

/// The writer's filing state.
#[derive(Debug)]
pub(super) struct Filing {
    pace: Pace,
    /// Journaled since the current round was taken, by game, each game's
    /// in journal order.
    waiting: HashMap<String, Vec<EventRow>>,
    /// How many events `waiting` holds.
    waiting_count: usize,
    /// The highest journal id among `waiting`.
    waiting_up_to: i64,
    /// When the oldest of `waiting` was journaled.
    waiting_since: Option<Instant>,
    /// Journal rows up to this id have been deleted.
    cleared_up_to: i64,
    round: Option<Round>,
}

#[derive(Debug)]
struct Round {
    /// Each game's events in order of sequence number, the games sorted;
    /// a game leaves once all its events are filed.
    games: VecDeque<Vec<EventRow>>,
    /// Events of the first game already filed.
    front_filed: usize,
    /// Events filed so far (a step's slice counts positions in the round).
    filed: usize,
    /// Events in the round.
    len: usize,
    /// The highest journal id among the round's events.
    up_to: i64,
}

impl Round {
    /// Counts `n` more events filed, letting go of each game done.
    fn file(&mut self, mut n: usize) {
        self.filed += n;
        while n > 0
            && let Some(front) = self.games.front()
        {
            let left = front.len() - self.front_filed;
            if n < left {
                self.front_filed += n;
                return;
            }
            n -= left;
            self.games.pop_front();
            self.front_filed = 0;
        }
    }
}

impl Filing {
    /// Nothing journaled yet (the journal is filed when the store opens);
    /// the next event will be journaled at id `next_id`.
    pub fn new(pace: Pace, next_id: i64) -> Filing {
        Filing {
            pace,
            waiting: HashMap::new(),
            waiting_count: 0,
            waiting_up_to: 0,
            waiting_since: None,
            cleared_up_to: next_id - 1,
            round: None,
        }
    }

    /// What the next batch files, given that it journals `journaling`
    /// events of its own.
    pub fn step(&self, journaling: usize) -> Step {
        let Some(round) = &self.round else {
            return Step {
                slice: 0..0,
                clear_up_to: None,
            };
        };
        let len = round.len;
        if round.filed < len {
            let size = self.pace.min_slice.max(2 * journaling);
            return Step {
                slice: round.filed..len.min(round.filed + size),
                clear_up_to: None,
            };
        }
        let chunk_end = self.cleared_up_to.saturating_add(self.pace.clear_chunk);
        Step {
            slice: len..len,
            clear_up_to: Some(round.up_to.min(chunk_end)),
        }
    }

    /// The events of the current round in `slice`, which starts where
    /// filing stands (as every step's does).
    pub fn events(&self, slice: Range<usize>) -> impl Iterator<Item = &EventRow> {
        let round = self.round.as_ref();
        let skip = round.map_or(0, |r| r.front_filed + slice.start.saturating_sub(r.filed));
        round
            .into_iter()
            .flat_map(|r| r.games.iter().flatten())
            .skip(skip)
            .take(slice.len())
    }

    /// `step` has committed, with `journaled` (the last of them at journal
    /// id `up_to`); a new round starts if one is due.
    pub fn committed(
        &mut self,
        step: &Step,
        journaled: impl IntoIterator<Item = EventRow>,
        up_to: Option<i64>,
        now: Instant,
    ) {
        if let Some(round) = &mut self.round {
            // Freed a game at a time: freeing a whole round's strings at
            // once took milliseconds.
            round.file(step.slice.end.saturating_sub(round.filed));
            if let Some(id) = step.clear_up_to {
                self.cleared_up_to = self.cleared_up_to.max(id);
                if id >= round.up_to {
                    self.round = None;
                }
            }
        }
        let before = self.waiting_count;
        for row in journaled {
            self.wait(row);
        }
        if self.waiting_count > before {
            self.waiting_since.get_or_insert(now);
        }
        if let Some(id) = up_to {
            self.waiting_up_to = self.waiting_up_to.max(id);
        }
        self.start_round_if_due(now);
    }

    /// Puts a journaled event with its game's others.
    fn wait(&mut self, row: EventRow) {
        self.waiting_count += 1;
        match self.waiting.get_mut(row.game_id.as_str()) {
            Some(rows) => rows.push(row),
            None => {
                self.waiting.insert(row.game_id.clone(), vec![row]);
            }
        }
    }

    fn start_round_if_due(&mut self, now: Instant) {
        let due = self.waiting_count >= self.pace.round_events
            || self
                .waiting_since
                .is_some_and(|since| now.duration_since(since) >= self.pace.round_age);
        if self.round.is_some() || !due {
            return;
        }
        // Ten thousand games to sort rather than a hundred thousand events.
        let mut games: Vec<(String, Vec<EventRow>)> = self.waiting.drain().collect();
        games.sort_unstable_by(|a, b| a.0.cmp(&b.0));
        self.round = Some(Round {
            games: games.into_iter().map(|(_, rows)| rows).collect(),
            front_filed: 0,
            filed: 0,
            len: self.waiting_count,
            up_to: self.waiting_up_to,
        });
        self.waiting_count = 0;
        self.waiting_since = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(game: &str, seq: i64) -> EventRow {
        EventRow {
            game_id: game.to_string(),
            seq,
            event_json: format!("{game}{seq}"),
            hash: String::new(),
        }
    }

    fn games_and_seqs<'a>(rows: impl Iterator<Item = &'a EventRow>) -> Vec<(&'a str, i64)> {
        rows.map(|r| (&*r.game_id, r.seq)).collect()
    }

    /// Events of the current round still held in memory.
    fn held(f: &Filing) -> usize {
        f.round
            .as_ref()
            .map_or(0, |r| r.games.iter().map(Vec::len).sum())
    }

    const PACE: Pace = Pace {
        round_events: 4,
        round_age: Duration::from_secs(5),
        min_slice: 2,
        clear_chunk: 3,
    };

    #[test]
    fn a_round_files_each_game_together_in_order_then_clears_the_journal() {
        let mut f = Filing::new(PACE, 1);
        let t = Instant::now();
        let idle = f.step(0);
        assert_eq!(idle.slice, 0..0);
        assert_eq!(idle.clear_up_to, None);
        // Three events wait: not yet a round.
        f.committed(&idle, [row("b", 0), row("a", 0), row("b", 1)], Some(3), t);
        assert_eq!(f.step(0).slice, 0..0);
        // The fourth starts one.
        f.committed(&f.step(1), [row("a", 1)], Some(4), t);
        let first = f.step(0);
        assert_eq!(first.slice, 0..2);
        assert_eq!(first.clear_up_to, None);
        assert_eq!(
            games_and_seqs(f.events(first.slice.clone())),
            [("a", 0), ("a", 1)]
        );
        // Events journaled meanwhile wait for the next round; the game
        // filed is let go.
        assert_eq!(held(&f), 4);
        f.committed(&first, [row("a", 2)], Some(5), t);
        assert_eq!(held(&f), 2);
        let last = f.step(1);
        assert_eq!(last.slice, 2..4);
        assert_eq!(last.clear_up_to, None);
        assert_eq!(
            games_and_seqs(f.events(last.slice.clone())),
            [("b", 0), ("b", 1)]
        );
        f.committed(&last, [], None, t);
        // All home: the journal is emptied a chunk of ids at a time.
        let clear = f.step(0);
        assert_eq!(clear.slice, 4..4);
        assert_eq!(clear.clear_up_to, Some(3));
        f.committed(&clear, [], None, t);
        let clear = f.step(0);
        assert_eq!(clear.clear_up_to, Some(4));
        f.committed(&clear, [], None, t);
        assert_eq!(f.step(0).slice, 0..0);
        assert_eq!(f.step(0).clear_up_to, None);
        // The one left over is filed once it is old enough.
        f.committed(&f.step(0), [], None, t + Duration::from_secs(5));
        let late = f.step(0);
        assert_eq!(late.slice, 0..1);
        assert_eq!(games_and_seqs(f.events(late.slice.clone())), [("a", 2)]);
        f.committed(&late, [], None, t + Duration::from_secs(5));
        assert_eq!(f.step(0).clear_up_to, Some(5));
    }

    #[test]
    fn a_batch_that_failed_files_nothing() {
        let mut f = Filing::new(PACE, 1);
        let t = Instant::now();
        f.committed(&f.step(4), (0..4).map(|s| row("a", s)), Some(4), t);
        let step = f.step(0);
        assert_eq!(step.slice, 0..2);
        // Not committed: the same slice is offered again, rows intact.
        assert_eq!(f.step(0), step);
        assert_eq!(games_and_seqs(f.events(step.slice)), [("a", 0), ("a", 1)]);
    }

    #[test]
    fn busy_batches_file_twice_what_they_journal() {
        let mut f = Filing::new(PACE, 1);
        let t = Instant::now();
        f.committed(&f.step(6), (0..6).map(|s| row("a", s)), Some(6), t);
        assert_eq!(f.step(2).slice, 0..4);
        assert_eq!(f.step(5).slice, 0..6);
    }
}
