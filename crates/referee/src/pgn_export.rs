//! PGN export (coming).
