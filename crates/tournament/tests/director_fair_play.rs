//! Fair-play reports in the log: the arbiter alone records one, it may
//! come after the event was terminated, and a replay of the log (through
//! its JSON, as a store keeps it) gives the same report.

use arbiter_tournament::director::{
    Director, Event, EventKind, FairPlayBand, FairPlayLine, FairPlayReport, Refusal, Settings,
};

mod events;
use events::{arbiter, event};

fn swiss() -> Settings {
    Settings::swiss("Club Open", 5, "5400+30".parse().unwrap())
}

fn report() -> FairPlayReport {
    FairPlayReport {
        engine: "Stockfish 17".into(),
        nodes: 2000,
        multipv: 3,
        book_moves: 8,
        book: None,
        decided_cp: 300,
        losing_cp: 200,
        baseline: Some("ab".repeat(32)),
        games: 6,
        false_positive_ppm: 1000,
        threshold_z_hundredths: 341,
        players: vec![FairPlayLine {
            player: "Ivanova, Anna".into(),
            rating: Some(2210),
            games: 3,
            moves: 74,
            top1_moves: 41,
            top3_moves: 63,
            acpl_tenths: 287,
            accuracy_tenths: 812,
            z_hundredths: Some(-35),
            review: false,
        }],
        bands: vec![FairPlayBand {
            from: 2200,
            to: 2400,
            top1_permille: 532,
            spread_permille: (420, 644),
            spread_moves: 74,
        }],
    }
}

fn reported() -> EventKind {
    EventKind::FairPlayReported {
        report: Box::new(report()),
    }
}

#[test]
fn the_arbiter_records_a_report_and_the_event_keeps_it() {
    let mut t = events::opened(swiss(), []);
    assert!(t.fair_play_reports().is_empty());
    t.apply(&arbiter(reported())).unwrap();
    let kept = t.fair_play_reports();
    assert_eq!(kept.len(), 1);
    assert_eq!(kept[0].by, "arbiter");
    assert_eq!(kept[0].report, report());
}

#[test]
fn only_the_arbiter_records_a_report() {
    let mut t = events::opened(swiss(), []);
    let refused = t.apply(&event("ding", reported()));
    assert_eq!(
        refused,
        Err(Refusal::FairPlayNotArbiter { by: "ding".into() })
    );
    assert!(refused.unwrap_err().to_string().contains("ding"));
    assert!(t.fair_play_reports().is_empty());
}

#[test]
fn a_terminated_event_is_still_screened() {
    let mut t = events::opened(swiss(), []);
    t.apply(&arbiter(EventKind::Terminated)).unwrap();
    assert_eq!(
        t.apply(&arbiter(EventKind::BroadcastDelaySet { minutes: 15 })),
        Err(Refusal::Terminated)
    );
    t.apply(&arbiter(reported())).unwrap();
    assert_eq!(t.fair_play_reports().len(), 1);
}

#[test]
fn a_replayed_log_gives_the_same_report() {
    let log = vec![
        arbiter(EventKind::Created { settings: swiss() }),
        arbiter(reported()),
    ];
    let stored = serde_json::to_string(&log).unwrap();
    let read: Vec<Event> = serde_json::from_str(&stored).unwrap();
    assert_eq!(read, log);
    let replayed = Director::replay(&read).unwrap();
    assert_eq!(replayed.fair_play_reports()[0].report, report());
}

#[test]
fn an_opening_books_hash_is_kept_and_a_report_without_one_is_written_as_before() {
    let with_book = FairPlayReport {
        book_moves: 0,
        book: Some("cd".repeat(32)),
        ..report()
    };
    let log = vec![
        arbiter(EventKind::Created { settings: swiss() }),
        arbiter(EventKind::FairPlayReported {
            report: Box::new(with_book.clone()),
        }),
    ];
    let stored = serde_json::to_string(&log).unwrap();
    let read: Vec<Event> = serde_json::from_str(&stored).unwrap();
    let replayed = Director::replay(&read).unwrap();
    assert_eq!(replayed.fair_play_reports()[0].report, with_book);
    // A report without a book has no `book` field: the records written
    // before books could be given read, and hash, as they were.
    let without = serde_json::to_value(report()).unwrap();
    assert!(without.get("book").is_none(), "{without}");
    let read: FairPlayReport = serde_json::from_value(without).unwrap();
    assert_eq!(read, report());
}
