//! The drawing of lots: a round robin's pairing numbers drawn before
//! round 1 (FIDE Tournament Rules, C.06 II), kept as the log recorded
//! them.

use super::{Director, PairingNumbers, PlayerId, Refusal, Settings, System};

impl Director {
    /// The pairing numbers drawn by lot, number 1 first, while the draw
    /// stands (a later entry voids it).
    pub fn lots(&self) -> Option<&[PlayerId]> {
        self.lots.as_deref()
    }

    /// Whether the lots are still to be drawn before round 1: a round
    /// robin by lot, not yet paired, with no draw standing.
    pub fn lots_due(&self) -> bool {
        self.settings()
            .is_some_and(|s| s.pairing_numbers == PairingNumbers::ByLot)
            && self.rounds().is_empty()
            && self.lots.is_none()
            && !self.is_terminated()
    }

    /// Checks and keeps a draw: in a round robin by lot, before round 1,
    /// each registered player once.
    pub(super) fn draw_lots(
        &mut self,
        settings: &Settings,
        order: &[PlayerId],
    ) -> Result<(), Refusal> {
        if settings.pairing_numbers != PairingNumbers::ByLot
            || !matches!(settings.system, System::RoundRobin { .. })
        {
            return Err(Refusal::LotsOnlyInRoundRobin);
        }
        if !self.rounds().is_empty() {
            return Err(Refusal::LotsAfterRoundOne);
        }
        let mut seen = vec![false; self.players().len()];
        for &id in order {
            match id.checked_sub(1).and_then(|i| seen.get_mut(i as usize)) {
                Some(s) if !*s => *s = true,
                _ => return Err(Refusal::LotsNotEveryPlayer),
            }
        }
        if seen.contains(&false) {
            return Err(Refusal::LotsNotEveryPlayer);
        }
        self.lots = Some(order.to_vec());
        Ok(())
    }
}
