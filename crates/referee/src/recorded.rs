//! Recorded games (coming).
