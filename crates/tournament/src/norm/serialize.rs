//! One player's result for one title as `arbiter norms --json` and the
//! tournament API write it (the contract is in `docs/tournaments.md`):
//! `start_no`, `name`, `title`, `norm`, `last_round`, `dropped`,
//! `counts_as`, `points_above`, `of_1_5_6`, `rule`, `games`, `score`, `average`, `performance`,
//! `missed` (`[{"rule", "requirement", "message"}]`), in that order. The
//! figures are the norm's games' when there is a norm, the whole event's
//! otherwise.

use arbiter_messages::Message;
use serde::ser::{Serialize, SerializeStruct, Serializer};

use super::{Assessment, NormResult, Requirement};
use crate::decimal::Decimal;
use crate::player::StartNo;

/// A player's result for one title, with who he is.
#[derive(Debug, Clone, Copy)]
pub struct NormLine<'a> {
    /// His start number.
    pub start_no: StartNo,
    /// His name.
    pub name: &'a str,
    /// The result.
    pub result: &'a NormResult,
}

impl NormResult {
    /// The figures shown: the norm's games', or the whole event's.
    pub fn shown(&self) -> &Assessment {
        self.norm.as_ref().map_or(&self.event, |n| &n.assessment)
    }
}

/// A requirement missed, with its article and its words.
#[derive(serde::Serialize)]
struct Missed {
    rule: &'static str,
    requirement: &'static str,
    message: Message,
}

impl Missed {
    fn of(requirement: &Requirement) -> Missed {
        Missed {
            rule: requirement.rule(),
            requirement: requirement.name(),
            message: Message::of(requirement),
        }
    }
}

impl Serialize for NormLine<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let result = self.result;
        let norm = result.norm.as_ref();
        let shown = result.shown();
        let mut line = serializer.serialize_struct("NormLine", 15)?;
        line.serialize_field("start_no", &self.start_no)?;
        line.serialize_field("name", self.name)?;
        line.serialize_field("title", &result.title)?;
        line.serialize_field("norm", &norm.is_some())?;
        line.serialize_field("last_round", &norm.map(|n| n.last_round))?;
        line.serialize_field("dropped", &norm.map(|n| &n.dropped))?;
        line.serialize_field("counts_as", &norm.map(|n| n.counts_as))?;
        line.serialize_field("points_above", &norm.map(|n| n.points_above))?;
        line.serialize_field("of_1_5_6", &norm.map(|n| n.of_1_5_6))?;
        line.serialize_field("rule", &norm.and_then(|n| n.rule))?;
        line.serialize_field("games", &shown.games)?;
        line.serialize_field("score", &Decimal::half_points(shown.half_points))?;
        line.serialize_field("average", &shown.average)?;
        line.serialize_field("performance", &shown.performance)?;
        line.serialize_field(
            "missed",
            &shown.missed().map(Missed::of).collect::<Vec<_>>(),
        )?;
        line.end()
    }
}
