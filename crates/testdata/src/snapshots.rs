//! Checking a whole corpus of snapshots in one test.

use std::panic::{AssertUnwindSafe, catch_unwind};

/// Checks every named case with `check` (an `insta::assert_snapshot!`,
/// written in the calling crate so that its snapshots stay there), then
/// fails once naming all the cases that differ: one run shows every
/// changed output, not only the first.
///
/// # Panics
///
/// Panics when any check panicked, and as soon as `cases` itself panics.
pub fn check_every<T>(cases: impl IntoIterator<Item = (String, T)>, check: impl Fn(&str, T)) {
    let mut differ = Vec::new();
    for (name, case) in cases {
        if catch_unwind(AssertUnwindSafe(|| check(&name, case))).is_err() {
            differ.push(name);
        }
    }
    assert!(
        differ.is_empty(),
        "{} snapshots differ: {differ:#?}",
        differ.len()
    );
}
