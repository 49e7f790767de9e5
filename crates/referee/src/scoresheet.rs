//! Scoresheet (coming).
