//! The FIDE (Dutch) system, C.04.3 in the rules in force from 2026.
mod matching;
mod wide;
