//! Rulesets as data: where FIDE standard, rapid, blitz and the classic
//! rules (ruleset `classic`) differ, a field says how, and carries the citation.

use core::fmt;
use core::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::Rule;

/// How a draw by repetition or by the move count comes about.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DrawMode {
    /// The player to move must claim it (FIDE 9.2, 9.3).
    Claim,
    /// The game ends by itself (FIDE 9.6; `classic` for threefold and fifty).
    Automatic,
}

/// A draw rule: a threshold, how it takes effect, and its citation.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct DrawRule {
    /// Occurrences of the position (repetition) or moves by each side
    /// without capture or pawn move (move count).
    pub threshold: u32,
    /// Claimed or automatic.
    pub mode: DrawMode,
    /// The rule cited.
    pub rule: Rule,
}

/// A penalty for a completed illegal move, by its rank (first, second...).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum IllegalMovePenalty {
    /// Only the correction (position restored, touch-move binds).
    Correction,
    /// The opponent gets this much extra time (FIDE 7.5.5: two minutes;
    /// A.5.? rapid and blitz: one minute).
    OpponentTime(u64),
    /// The game is lost, or drawn when the opponent cannot mate.
    Loss,
}

/// Which illegal moves count towards the penalties.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum IllegalMovesCounted {
    /// Every completed illegal move (FIDE 7.5.5).
    All,
    /// Only a king moved onto an attacked square (`classic: 送王`); other
    /// illegal moves are just corrected.
    KingExposures,
}

/// What pressing the clock without making a move is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum EmptyPress {
    /// An illegal move, penalised as one (FIDE 7.5.3).
    IllegalMove,
    /// Refused: the clock stays with the player (the classic rules only say to press
    /// after the move).
    Refused,
}

/// The illegal-move rules.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct IllegalMoveRule {
    /// Which illegal moves count.
    pub counted: IllegalMovesCounted,
    /// Penalty for the first, second, ... counted illegal move; the last
    /// entry applies to every later one.
    pub penalties: Vec<IllegalMovePenalty>,
    /// `true` when a completed illegal move stands unless the opponent (or
    /// the arbiter) claims it before the opponent's own move (FIDE A.5.2).
    pub needs_claim: bool,
    /// Pressing the clock without moving.
    pub empty_press: EmptyPress,
    /// The rule cited for the penalties.
    pub rule: Rule,
}

/// Who calls a flag.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FlagCall {
    /// The referee, the moment the time runs out (an arbiter watching every
    /// game, FIDE 6.8; what a server does).
    Referee,
    /// A player's claim or the arbiter's observation (FIDE 6.8 with
    /// inadequate supervision): a flag that nobody calls does not end the
    /// game, and both flags can be down (Guidelines III.3.1).
    Claim,
}

/// What happens to a player whose opponent cannot mate, in the cases where
/// the Laws save him (flag fall 6.9, resignation 5.1.2, second illegal move
/// 7.5.5).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SavedByNoMate {
    /// A flag against a side whose opponent cannot mate is a draw.
    pub flag: bool,
    /// Resigning when the opponent cannot mate is a draw (new in 2023).
    pub resignation: bool,
    /// An illegal-move loss when the opponent cannot mate is a draw.
    pub illegal_move: bool,
}

/// When colours were found reversed (FIDE 7.3).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ColoursReversed {
    /// A new game when fewer than this many moves have been made by each
    /// player; otherwise play on (FIDE 7.3: 10).
    RestartBeforeMoves(u32),
    /// A new game unless a quarter of the first period has passed
    /// (`classic: 纠正错误`).
    RestartBeforeQuarterOfFirstPeriod,
}

/// Recording obligations (FIDE 8.1, 8.4, A.2).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RecordingRule {
    /// `false` when players need not record at all (rapid and blitz, A.2).
    pub required: bool,
    /// Below this much time left a player need not record...
    pub exempt_below_ms: u64,
    /// ...unless the increment is at least this much (`None`: whatever the
    /// increment).
    pub unless_increment_at_least_ms: Option<u64>,
}

/// Draw offers (FIDE 9.1.2).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct OfferRule {
    /// No draw by agreement before both players have made a move (FIDE
    /// 5.2.3): offers before then are refused.
    pub both_must_have_moved: bool,
    /// After one's offer is declined, no new offer until the opponent has
    /// offered (`classic: 提议和棋`).
    pub again_only_after_opponent_offers: bool,
    /// A draw claim counts as a draw offer (FIDE 9.1.2.3).
    pub claim_is_offer: bool,
}

/// Touch-move when several pieces are touched (FIDE 4.3.3, 4.4.1, 4.4.3).
/// The classic rules state only that a touched own piece must be moved and a
/// touched opponent's piece captured, king before rook when castling: there
/// the first touch that can bind, binds.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TouchRule {
    /// Pieces of both colours touched: the first touched opponent's piece
    /// must be captured with the first touched own piece, else the first
    /// piece touched that can be moved or captured is (FIDE 4.3.3).
    pub both_colours_capture: bool,
    /// King, then rook, touched: castle on that side if legal, else another
    /// king move, else any move (FIDE 4.4.1, 4.4.3).
    pub king_and_rook_castle: bool,
}

impl Default for TouchRule {
    /// The FIDE Laws.
    fn default() -> TouchRule {
        TouchRule {
            both_colours_capture: true,
            king_and_rook_castle: true,
        }
    }
}

/// A complete ruleset.
///
/// ```
/// use arbiter_referee::{DrawMode, Ruleset};
/// let classic = Ruleset::by_name("classic").unwrap();
/// assert_eq!(classic.threefold.mode, DrawMode::Automatic);
/// assert_eq!(Ruleset::fide_standard().threefold.mode, DrawMode::Claim);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Ruleset {
    /// `fide-standard`, `fide-rapid`, `fide-blitz`, `classic`, or an
    /// organiser's own name.
    pub name: String,
    /// Threefold repetition (FIDE 9.2; `classic`: automatic).
    pub threefold: DrawRule,
    /// Fifty moves (FIDE 9.3; `classic`: automatic).
    pub fifty_moves: DrawRule,
    /// Fivefold repetition, automatic (FIDE 9.6.1); `None` when the
    /// ruleset has no such rule.
    pub fivefold: Option<DrawRule>,
    /// Seventy-five moves, automatic (FIDE 9.6.2).
    pub seventy_five_moves: Option<DrawRule>,
    /// Extra time for the opponent of a wrong claim (FIDE 9.5.3; `None`:
    /// a wrong claim is simply refused).
    pub wrong_claim_bonus_ms: Option<u64>,
    /// Name a repetition in which one side checked on every move a
    /// perpetual check (`classic: 长将和`).
    pub name_perpetual_check: bool,
    /// Draw offers.
    pub offers: OfferRule,
    /// Which illegal moves count, and the penalty for each (FIDE 7.5, A.5, B.5).
    pub illegal_moves: IllegalMoveRule,
    /// Who calls flags.
    pub flag_call: FlagCall,
    /// The cases saved by the opponent's inability to mate.
    pub saved_by_no_mate: SavedByNoMate,
    /// What is done when the colours were found reversed (FIDE 7.3).
    pub colours_reversed: ColoursReversed,
    /// Recording obligations.
    pub recording: RecordingRule,
    /// Guidelines III (games without increment) apply: the 5-second
    /// increment request.
    pub guidelines_iii: bool,
    /// Touch-move with several pieces touched (absent from a ruleset
    /// written before it: FIDE's).
    #[serde(default)]
    pub touch: TouchRule,
}

/// A ruleset name that is not known.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown ruleset {0:?} (known: fide-standard, fide-rapid, fide-blitz, classic)")]
pub struct UnknownRuleset(pub String);

impl Ruleset {
    /// The names of the built-in rulesets.
    pub const NAMES: [&'static str; 4] = ["fide-standard", "fide-rapid", "fide-blitz", "classic"];

    /// A built-in ruleset by name.
    pub fn by_name(name: &str) -> Result<Ruleset, UnknownRuleset> {
        match name {
            "fide-standard" => Ok(Ruleset::fide_standard()),
            "fide-rapid" => Ok(Ruleset::fide_rapid()),
            "fide-blitz" => Ok(Ruleset::fide_blitz()),
            "classic" => Ok(Ruleset::classic()),
            _ => Err(UnknownRuleset(name.to_string())),
        }
    }

    /// The FIDE Laws of Chess 2023 for standard games.
    pub fn fide_standard() -> Ruleset {
        Ruleset {
            name: "fide-standard".into(),
            threefold: DrawRule {
                threshold: 3,
                mode: DrawMode::Claim,
                rule: Rule::fide("9.2.1"),
            },
            fifty_moves: DrawRule {
                threshold: 50,
                mode: DrawMode::Claim,
                rule: Rule::fide("9.3"),
            },
            fivefold: Some(DrawRule {
                threshold: 5,
                mode: DrawMode::Automatic,
                rule: Rule::fide("9.6.1"),
            }),
            seventy_five_moves: Some(DrawRule {
                threshold: 75,
                mode: DrawMode::Automatic,
                rule: Rule::fide("9.6.2"),
            }),
            wrong_claim_bonus_ms: Some(120_000),
            name_perpetual_check: false,
            offers: OfferRule {
                both_must_have_moved: true,
                again_only_after_opponent_offers: false,
                claim_is_offer: true,
            },
            illegal_moves: IllegalMoveRule {
                counted: IllegalMovesCounted::All,
                penalties: vec![
                    IllegalMovePenalty::OpponentTime(120_000),
                    IllegalMovePenalty::Loss,
                ],
                needs_claim: false,
                empty_press: EmptyPress::IllegalMove,
                rule: Rule::fide("7.5.5"),
            },
            flag_call: FlagCall::Referee,
            saved_by_no_mate: SavedByNoMate {
                flag: true,
                resignation: true,
                illegal_move: true,
            },
            colours_reversed: ColoursReversed::RestartBeforeMoves(10),
            recording: RecordingRule {
                required: true,
                exempt_below_ms: 5 * 60_000,
                unless_increment_at_least_ms: Some(30_000),
            },
            guidelines_iii: true,
            touch: TouchRule::default(),
        }
    }

    /// FIDE 2023 with Appendix A (rapid).
    pub fn fide_rapid() -> Ruleset {
        let mut r = Ruleset::fide_standard();
        r.name = "fide-rapid".into();
        r.wrong_claim_bonus_ms = Some(60_000);
        r.illegal_moves.penalties = vec![
            IllegalMovePenalty::OpponentTime(60_000),
            IllegalMovePenalty::Loss,
        ];
        r.illegal_moves.needs_claim = true;
        r.illegal_moves.rule = Rule::fide("A.5.2");
        r.recording.required = false;
        r
    }

    /// FIDE 2023 with Appendix B (blitz).
    pub fn fide_blitz() -> Ruleset {
        let mut r = Ruleset::fide_rapid();
        r.name = "fide-blitz".into();
        r.guidelines_iii = false;
        r
    }

    /// The classic rules: the older rules of the two Chinese texts Arbiter
    /// started from (see the README's glossary).
    pub fn classic() -> Ruleset {
        Ruleset {
            name: "classic".into(),
            threefold: DrawRule {
                threshold: 3,
                mode: DrawMode::Automatic,
                rule: Rule::classic("三次重复"),
            },
            fifty_moves: DrawRule {
                threshold: 50,
                mode: DrawMode::Automatic,
                rule: Rule::classic("50回合"),
            },
            fivefold: None,
            seventy_five_moves: None,
            wrong_claim_bonus_ms: None,
            name_perpetual_check: true,
            offers: OfferRule {
                both_must_have_moved: false,
                again_only_after_opponent_offers: true,
                claim_is_offer: false,
            },
            illegal_moves: IllegalMoveRule {
                counted: IllegalMovesCounted::KingExposures,
                penalties: vec![
                    IllegalMovePenalty::Correction,
                    IllegalMovePenalty::Correction,
                    IllegalMovePenalty::Loss,
                ],
                needs_claim: false,
                empty_press: EmptyPress::Refused,
                rule: Rule::classic("送王"),
            },
            flag_call: FlagCall::Referee,
            saved_by_no_mate: SavedByNoMate {
                flag: true,
                resignation: false,
                illegal_move: false,
            },
            colours_reversed: ColoursReversed::RestartBeforeQuarterOfFirstPeriod,
            recording: RecordingRule {
                required: true,
                exempt_below_ms: 5 * 60_000,
                unless_increment_at_least_ms: None,
            },
            guidelines_iii: false,
            touch: TouchRule {
                both_colours_capture: false,
                king_and_rook_castle: false,
            },
        }
    }

    /// The penalty for the `n`-th (1-based) counted illegal move.
    pub fn illegal_move_penalty(&self, n: u32) -> IllegalMovePenalty {
        let p = &self.illegal_moves.penalties;
        p.get(n.saturating_sub(1) as usize)
            .or(p.last())
            .copied()
            .unwrap_or(IllegalMovePenalty::Correction)
    }

    /// `true` for the classic rules, whose citations differ.
    pub fn is_classic(&self) -> bool {
        self.illegal_moves.rule.source == crate::rule::Source::Classic
    }
}

impl Default for Ruleset {
    fn default() -> Ruleset {
        Ruleset::fide_standard()
    }
}

impl FromStr for Ruleset {
    type Err = UnknownRuleset;
    fn from_str(s: &str) -> Result<Ruleset, UnknownRuleset> {
        Ruleset::by_name(s)
    }
}

impl fmt::Display for Ruleset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)
    }
}
