//! FIDE mode: the operating mode the SPP's Verification Check List asks of
//! an endorsed program (VCL.01-VCL.13), every new event's
//! ([`Settings::fide_mode`]). In it the fold refuses what FIDE prohibits,
//! each refusal naming its rule:
//!
//! - a full-point bye handed out (C.04.A: an operation FIDE disallows,
//!   VCL.05);
//! - a Swiss pairing other than the system's: a round paired by hand (which
//!   [`Director::pair_round`] refuses: the fold cannot tell it from the
//!   system's without pairing again), the system's pairing changed by
//!   hand, round 1 paired by hand in the settings (C.04.2 1.5, VCL.07);
//! - an entry that changes the pairing numbers once round 4 is paired
//!   (C.04.2.B.3, VCL.09).
//!
//! C.04.A asks that the user be warned, not prevented: the arbiter who must
//! do one of these leaves FIDE mode first, with his reason. Leaving is an
//! event of the log ([`super::EventKind::FideModeLeft`]) and a record of the TRF
//! (`NFM`), so that a checker reading the file sees it.

use super::{ByeKind, Director, Event, Refusal, Registration, Settings, System};
use crate::Record;

/// The TRF record that says an event was not run in FIDE mode throughout:
/// an extension code, which pairing checkers skip and people read.
pub const RECORD: &str = "NFM";

/// FIDE mode as the arbiter left it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FideModeExit {
    /// When, ms since 1970.
    pub at_ms: i64,
    /// Who.
    pub by: String,
    /// Why.
    pub reason: String,
    /// The rounds paired then.
    pub after_round: u32,
}

/// The round from which pairing numbers are fixed: once it is paired, they
/// may not change (C.04.2.B.3).
const NUMBERS_FIXED_FROM: u32 = 4;

impl Director {
    /// Whether the event is in FIDE mode now: created in it and not left.
    pub fn in_fide_mode(&self) -> bool {
        self.settings().is_some_and(|s| s.fide_mode) && self.fide_mode_exit.is_none()
    }

    /// When and why the arbiter left FIDE mode, if he did.
    pub fn fide_mode_exit(&self) -> Option<&FideModeExit> {
        self.fide_mode_exit.as_ref()
    }

    /// Leaves FIDE mode: refused when the event is not in it, or without
    /// a reason.
    pub(super) fn leave_fide_mode(&mut self, event: &Event, reason: &str) -> Result<(), Refusal> {
        if !self.in_fide_mode() {
            return Err(Refusal::NotInFideMode);
        }
        if reason.trim().is_empty() {
            return Err(Refusal::NoReason);
        }
        self.fide_mode_exit = Some(FideModeExit {
            at_ms: event.at_ms,
            by: event.by.clone(),
            reason: reason.trim().to_string(),
            after_round: self.rounds_paired(),
        });
        Ok(())
    }

    /// A bye asked for: in FIDE mode, never a full point.
    pub(super) fn check_fide_bye(&self, bye: ByeKind) -> Result<(), Refusal> {
        if self.in_fide_mode() && bye == ByeKind::Full {
            return Err(Refusal::FideFullPointBye);
        }
        Ok(())
    }

    /// A pairing made or changed by hand: in FIDE mode, a Swiss is paired
    /// by its system only (a round robin's and a knockout's pairings are
    /// fixed by their tables, which the fold checks).
    pub(super) fn check_fide_manual_pairing(
        &self,
        settings: &Settings,
        round: u32,
    ) -> Result<(), Refusal> {
        if self.in_fide_mode() && settings.system == System::Dutch {
            return Err(Refusal::FideManualPairing { round });
        }
        Ok(())
    }

    /// An entry: in FIDE mode, once round 4 is paired, the newcomer must
    /// take the number after everyone's, changing none.
    pub(super) fn check_fide_entry(
        &self,
        settings: &Settings,
        player: &Registration,
    ) -> Result<(), Refusal> {
        if !self.in_fide_mode()
            || settings.system != System::Dutch
            || self.rounds_paired() < NUMBERS_FIXED_FROM
        {
            return Ok(());
        }
        // The start order puts the newcomer, the highest player number,
        // after everyone rated above him or rated alike with a name before
        // or equal to his.
        let before_someone = self.players().iter().any(|p| {
            let r = &p.registration;
            r.rating < player.rating || (r.rating == player.rating && r.name > player.name)
        });
        if before_someone {
            return Err(Refusal::FidePairingNumbersFixed {
                name: player.name.clone(),
                paired: self.rounds_paired(),
            });
        }
        Ok(())
    }

    /// The TRF record of an event not run in FIDE mode throughout.
    pub(super) fn fide_mode_record(&self) -> Option<Record> {
        let settings = self.settings()?;
        let text = if !settings.fide_mode {
            "not in FIDE mode: created outside it".to_string()
        } else {
            let exit = self.fide_mode_exit.as_ref()?;
            format!(
                "not in FIDE mode: left after round {} by {}: {}",
                exit.after_round, exit.by, exit.reason
            )
        };
        Some(Record {
            code: RECORD.to_string(),
            text,
        })
    }
}
