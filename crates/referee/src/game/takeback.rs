//! Takebacks, which online platforms offer and the Laws do not: a move once
//! made stands (FIDE 4.7; the classic rules' 离手无悔, "once the hand has
//! left the piece, no regrets"). The request is an event of the record like
//! any other, and the referee's answer to it is always the same refusal.

use super::{Decided, Game, effect};
use crate::verdict::Effect;
use crate::{Reason, Rule};

impl Game {
    /// A player asks to take back a move: refused, and the game goes on
    /// as it was.
    pub(super) fn request_takeback(&self) -> Decided {
        let rule = if self.setup.ruleset.is_classic() {
            Rule::classic("离手无悔")
        } else {
            Rule::fide("4.7")
        };
        Ok(vec![effect(
            Effect::TakebackRefused,
            rule,
            Reason::NoTakeback,
        )])
    }
}
