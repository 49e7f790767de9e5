//! What a match's results say.
