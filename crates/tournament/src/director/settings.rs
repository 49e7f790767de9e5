//! What an event is, as its regulations set it before round 1.

use arbiter_referee::{Mode, Pace, Ruleset, TimeControl};
use serde::{Deserialize, Serialize};

use crate::PointSystem;
use crate::knockout::{MatchRules, Tempo};
use crate::tiebreak::Tiebreak;

use super::Refusal;

/// How the rounds are paired.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum System {
    /// The FIDE (Dutch) Swiss system, C.04.3.
    Dutch,
    /// A round robin by the Berger tables (C.05 Annex 1): `cycles` 1 for a
    /// single round robin, 2 for a double.
    RoundRobin {
        /// How many times each pair meets.
        cycles: u32,
    },
    /// Knockout matches ([`Settings::knockout`]): round 1 by seed (the
    /// highest against the lowest, in a bracket where the first two seeds
    /// can meet only in the final), later rounds the matches' winners in
    /// bracket order.
    Knockout,
}

impl System {
    /// The type of tournament as TRF record `092` writes it.
    pub fn trf_type(self) -> &'static str {
        match self {
            System::Dutch => "Swiss Dutch",
            System::RoundRobin { cycles: 1 } => "Round Robin",
            System::RoundRobin { cycles: 2 } => "Double Round Robin",
            System::RoundRobin { .. } => "Round Robin, several cycles",
            System::Knockout => "Knockout",
        }
    }
}

/// Accelerated pairings (C.04.5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Acceleration {
    /// None: the scores alone.
    #[default]
    None,
    /// Baku acceleration (C.04.5.1).
    Baku,
}

/// How a round robin's players get their pairing numbers, the numbers
/// the Berger tables speak of.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PairingNumbers {
    /// By rating, highest first, then by name: the start numbers.
    #[default]
    ByRating,
    /// Drawn by lot before round 1 (FIDE Tournament Rules, C.06 II): the
    /// service draws them, and the draw is an event of the log
    /// ([`super::EventKind::LotsDrawn`]).
    ByLot,
}

impl PairingNumbers {
    fn is_by_rating(&self) -> bool {
        *self == PairingNumbers::ByRating
    }
}

/// An event's settings, fixed when it is created.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    /// The event's name (TRF `012`).
    pub name: String,
    /// The place (TRF `022`).
    #[serde(default)]
    pub place: String,
    /// The first day, as written (`2026-12-02`; TRF `042`).
    #[serde(default)]
    pub start_date: String,
    /// The last day (TRF `052`).
    #[serde(default)]
    pub end_date: String,
    /// The chief arbiter (TRF `102`).
    #[serde(default)]
    pub chief_arbiter: String,
    /// The deputy chief arbiters (TRF `112`, a record each), whom the
    /// rating report names beside the chief arbiter.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub deputy_arbiters: Vec<String>,
    /// The federation the event is rated by (TRF `032`), which the rating
    /// report requires.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub federation: String,
    /// The pairing system.
    pub system: System,
    /// The number of rounds.
    pub rounds: u32,
    /// Each game's time control, in the referee's form (`5400+30`).
    pub time_control: TimeControl,
    /// The referee's ruleset by name (`fide-standard`, `fide-rapid`,
    /// `fide-blitz`, `classic`).
    pub ruleset: String,
    /// Games online or over the board.
    pub mode: Mode,
    /// The tie-breaks in order, as C.07 names them (`PTS`, `BH/C1`, …).
    pub tiebreaks: Vec<String>,
    /// What each result and bye scores.
    #[serde(default)]
    pub points: PointSystem,
    /// Accelerated pairings.
    #[serde(default)]
    pub acceleration: Acceleration,
    /// The default time (FIDE 6.7.1), ms: online, a player who has not
    /// made his first move this long after his clock started loses the
    /// game. `None`: only the arbiter declares a forfeit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default_time_ms: Option<u64>,
    /// When round 1 is to start, ms since 1970 (`None`: when the arbiter
    /// starts it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub starts_at_ms: Option<i64>,
    /// The pause between the last result of a round and the start of the
    /// next, ms, when rounds follow each other by themselves (`None`: the
    /// arbiter starts each round).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub round_interval_ms: Option<u64>,
    /// Players who must never meet, by the accounts that play them
    /// (lichess's `forbiddenPairings`): the Dutch engine treats each pair
    /// as a game already played (C.04.3 C1), and the TRF keeps them
    /// (record 260). A name nobody registered with is ignored.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub forbidden_pairs: Vec<[String; 2]>,
    /// Round 1 as paired by hand, by accounts, White first (lichess's
    /// `manualPairings`): see [`super::Director::manual_first_round`].
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub manual_pairings: Vec<[String; 2]>,
    /// A knockout's matches: the main games, then the tie-break stages
    /// with their clocks (`None`: two games, no tie-breaks).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub knockout: Option<MatchRules>,
    /// The code a player gives to enter himself through the event's link
    /// (lichess's Swiss `password`): `None`, anyone with the link enters.
    /// The arbiter enters players by hand without it. It is kept in the
    /// log, so that it holds across a restart; the services show it only
    /// to the arbiter.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub entry_code: Option<String>,
    /// The accounts that may enter themselves (lichess's Swiss
    /// `conditions.allowList`), lower-cased: empty, any may. The arbiter
    /// enters players by hand whatever it holds.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub allowed_accounts: Vec<String>,
    /// A round robin's pairing numbers: by rating, or drawn by lot.
    #[serde(default, skip_serializing_if = "PairingNumbers::is_by_rating")]
    pub pairing_numbers: PairingNumbers,
    /// FIDE mode (the SPP's Verification Check List, VCL.01-VCL.13): what
    /// FIDE prohibits is refused, each refusal naming its rule (see
    /// [`super::Director::in_fide_mode`]). Every new event is in it: the
    /// constructors and the services set it unless told otherwise, and
    /// leaving it later is an event of the log
    /// ([`super::EventKind::FideModeLeft`]). Settings stored before FIDE
    /// mode existed lack the field and replay as they were made: outside it.
    #[serde(default)]
    pub fide_mode: bool,
    /// How far behind the board the public sees a game in progress, in
    /// minutes (0: live; 15 under increased protection, see
    /// [`super::BroadcastDelay`]). The arbiter changes it later by an event
    /// of the log ([`super::EventKind::BroadcastDelaySet`]).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub broadcast_delay_minutes: u32,
}

fn is_zero(minutes: &u32) -> bool {
    *minutes == 0
}

impl Settings {
    /// A Dutch Swiss of `rounds` rounds at `time_control`, online, under
    /// the FIDE rules for its speed, ranked by points, then Buchholz cut 1,
    /// Buchholz and Sonneborn-Berger, in FIDE mode; everything else left
    /// blank.
    pub fn swiss(name: impl Into<String>, rounds: u32, time_control: TimeControl) -> Settings {
        Settings {
            name: name.into(),
            place: String::new(),
            start_date: String::new(),
            end_date: String::new(),
            chief_arbiter: String::new(),
            deputy_arbiters: Vec::new(),
            federation: String::new(),
            system: System::Dutch,
            rounds,
            ruleset: fide_ruleset_for(&time_control).to_string(),
            time_control,
            mode: Mode::Online,
            tiebreaks: ["PTS", "BH/C1", "BH", "SB"].map(String::from).to_vec(),
            points: PointSystem::FIDE,
            acceleration: Acceleration::None,
            default_time_ms: None,
            starts_at_ms: None,
            round_interval_ms: None,
            forbidden_pairs: Vec::new(),
            manual_pairings: Vec::new(),
            knockout: None,
            entry_code: None,
            allowed_accounts: Vec::new(),
            pairing_numbers: PairingNumbers::ByRating,
            fide_mode: true,
            broadcast_delay_minutes: 0,
        }
    }

    /// A knockout's match rules, as set or by default.
    pub fn match_rules(&self) -> MatchRules {
        self.knockout.clone().unwrap_or_default()
    }

    /// The tie-breaks, read.
    pub fn tiebreak_list(&self) -> Vec<Tiebreak> {
        self.tiebreaks
            .iter()
            .filter_map(|t| t.parse().ok())
            .collect()
    }

    /// Checks what a creation must hold: a name, at least one round, a
    /// ruleset the referee knows, tie-breaks C.07 defines.
    pub(super) fn check(&self) -> Result<(), Refusal> {
        if self.name.trim().is_empty() {
            return Err(Refusal::NoName);
        }
        if self.rounds == 0 {
            return Err(Refusal::NoRounds);
        }
        if let System::RoundRobin { cycles } = self.system
            && cycles == 0
        {
            return Err(Refusal::NoRounds);
        }
        super::broadcast_delay::check_minutes(self.broadcast_delay_minutes)?;
        if self.system == System::Knockout {
            check_match(&self.match_rules())?;
        }
        if self.pairing_numbers == PairingNumbers::ByLot
            && !matches!(self.system, System::RoundRobin { .. })
        {
            return Err(Refusal::LotsOnlyInRoundRobin);
        }
        // Round 1 paired by hand is not the system's pairing (C.04.2 1.5,
        // VCL.07).
        if self.fide_mode && !self.manual_pairings.is_empty() {
            return Err(Refusal::FideManualPairing { round: 1 });
        }
        if Ruleset::by_name(&self.ruleset).is_err() {
            return Err(Refusal::UnknownRuleset {
                name: self.ruleset.clone(),
            });
        }
        for t in &self.tiebreaks {
            if t.parse::<Tiebreak>().is_err() {
                return Err(Refusal::UnknownTiebreak { name: t.clone() });
            }
        }
        Ok(())
    }
}

/// Checks a knockout's match rules: games in every stage, an Armageddon
/// game only last.
fn check_match(rules: &MatchRules) -> Result<(), Refusal> {
    if rules.games == 0 || rules.tiebreaks.iter().any(|s| s.games == 0) {
        return Err(Refusal::NoMatchGames);
    }
    let stages = rules.tiebreaks.len();
    if let Some(i) = rules
        .tiebreaks
        .iter()
        .position(|s| s.tempo == Tempo::Armageddon)
        && i + 1 != stages
    {
        return Err(Refusal::ArmageddonNotLast);
    }
    Ok(())
}

/// The FIDE ruleset for a control's pace (Appendices A.1 and B.1).
pub fn fide_ruleset_for(time_control: &TimeControl) -> &'static str {
    match time_control.pace() {
        Pace::Blitz => "fide-blitz",
        Pace::Rapid => "fide-rapid",
        Pace::Standard => "fide-standard",
    }
}
