//! The command line of `arbiter match`, in the style cutechess-cli and
//! fastchess users already type:
//!
//! ```text
//! -engine cmd=stockfish name=SF option.Hash=16 tc=10+0.1
//! -engine cmd=./mine name=Mine
//! -each tc=1+0.01 option.Threads=1
//! -games 2 -rounds 50 -repeat -concurrency 2
//! -openings file=book.epd format=epd order=random plies=8 start=1
//! -draw movenumber=40 movecount=8 score=10
//! -resign movecount=3 score=600 twosided=true
//! -sprt elo0=0 elo1=5 alpha=0.05 beta=0.05
//! -pgnout games.pgn -recover -ruleset fide-blitz
//! ```

use std::path::PathBuf;
use std::time::Duration;

use crate::engine::EngineConfig;
use crate::stats::{EloModel, Sprt};

use super::adjudication::{DrawAdjudication, ResignAdjudication};
use super::limits::{Limits, parse_duration_ms, parse_time_control};
use super::openings::{BookFormat, BookOrder, OpeningsSpec};

/// One engine of the match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    /// How to start it.
    pub config: EngineConfig,
    /// How long it may think.
    pub limits: Limits,
    /// Allowance for the time between the engine writing `bestmove` and
    /// Arbiter reading it: this much of each move's measured time is not
    /// charged to its clock (milliseconds).
    pub margin_ms: u64,
    /// Restart the process before every game (`restart=on`).
    pub restart: bool,
}

/// Who plays whom.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum TournamentKind {
    /// Everyone plays everyone.
    #[default]
    RoundRobin,
    /// The first `seeds` engines play all the others (and not each other).
    Gauntlet {
        /// How many engines are seeds.
        seeds: usize,
    },
}

/// Everything `arbiter match` was asked to do.
#[derive(Clone, Debug, PartialEq)]
pub struct MatchOptions {
    /// The engines, in the order given.
    pub engines: Vec<EngineSpec>,
    /// Round robin or gauntlet.
    pub tournament: TournamentKind,
    /// Games per encounter per round.
    pub games: u32,
    /// How many times the whole schedule is played.
    pub rounds: u32,
    /// Play each opening twice with colours reversed (game pairs).
    pub repeat: bool,
    /// Games played at the same time.
    pub concurrency: usize,
    /// Where openings come from (the standard starting position if none).
    pub openings: Option<OpeningsSpec>,
    /// Draw adjudication by engine scores.
    pub draw: Option<DrawAdjudication>,
    /// Resignation adjudication by engine scores.
    pub resign: Option<ResignAdjudication>,
    /// Adjudicate a draw after this many moves by each side.
    pub maxmoves: Option<u32>,
    /// Restart a crashed or hung engine and go on (otherwise the match
    /// stops at the first engine failure).
    pub recover: bool,
    /// Where to append the games.
    pub pgnout: Option<PathBuf>,
    /// A sequential probability ratio test (two engines only).
    pub sprt: Option<Sprt>,
    /// The referee's ruleset (by default chosen from the time control's
    /// pace: `fide-standard`, `fide-rapid` or `fide-blitz`).
    pub ruleset: Option<String>,
    /// Whether the referee claims threefold repetition and fifty-move
    /// draws for the engines, which cannot claim over UCI (`-claims on`,
    /// the default). With `off`, only the automatic fivefold and 75-move
    /// rules end such games.
    pub claims: bool,
    /// Where the match keeps its state, so an interrupted match resumes.
    pub state: Option<PathBuf>,
    /// Where the engines' standard error is kept.
    pub log_dir: Option<PathBuf>,
    /// Seed for random opening order.
    pub seed: u64,
    /// The `Event` tag.
    pub event: String,
    /// The `Site` tag.
    pub site: String,
    /// How long an engine may take to say `uciok`.
    pub handshake_timeout: Duration,
    /// Show no live progress.
    pub quiet: bool,
    /// Refuse to start an engine that does not declare a configured option
    /// (`-strict-options`); by default the option is left unset with a
    /// warning, as cutechess-cli and fastchess do.
    pub strict_options: bool,
}

impl Default for MatchOptions {
    fn default() -> Self {
        MatchOptions {
            engines: Vec::new(),
            tournament: TournamentKind::RoundRobin,
            games: 1,
            rounds: 1,
            repeat: false,
            concurrency: 1,
            openings: None,
            draw: None,
            resign: None,
            maxmoves: None,
            recover: false,
            pgnout: None,
            sprt: None,
            ruleset: None,
            claims: true,
            state: None,
            log_dir: None,
            seed: 0,
            event: "Arbiter match".into(),
            site: "?".into(),
            handshake_timeout: Duration::from_secs(10),
            quiet: false,
            strict_options: false,
        }
    }
}

/// What is wrong with the command line, and where.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.describe())]
pub struct ArgsError {
    /// The 1-based position of the offending argument (0 when the
    /// problem is the match as a whole).
    pub position: usize,
    /// The option it belongs to.
    pub option: String,
    /// What is wrong.
    pub kind: ArgsErrorKind,
}

impl ArgsError {
    fn describe(&self) -> String {
        if self.position == 0 {
            format!("{}: {}", self.option, self.kind)
        } else {
            format!(
                "argument {} ({}): {}",
                self.position, self.option, self.kind
            )
        }
    }
}

/// The kinds of command-line mistakes.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ArgsErrorKind {
    /// Not an option this command knows.
    #[error("unknown option")]
    UnknownOption,
    /// An option without its value.
    #[error("a value is missing")]
    MissingValue,
    /// A value that does not fit.
    #[error("{value:?} is not valid: {expected}")]
    BadValue {
        /// The value given.
        value: String,
        /// What was expected.
        expected: String,
    },
    /// A `key=value` setting this option does not know.
    #[error("unknown setting {0:?}")]
    UnknownKey(String),
    /// Something the match as a whole needs.
    #[error("{0}")]
    Incomplete(String),
}

struct Cursor<'a> {
    args: &'a [String],
    next: usize,
}

impl<'a> Cursor<'a> {
    fn error(&self, option: &str, kind: ArgsErrorKind) -> ArgsError {
        ArgsError {
            position: self.next.max(1),
            option: option.to_string(),
            kind,
        }
    }

    /// The plain value after an option.
    fn value(&mut self, option: &str) -> Result<&'a str, ArgsError> {
        match self.args.get(self.next) {
            Some(v) if !is_option(v) => {
                self.next += 1;
                Ok(v)
            }
            _ => Err(self.error(option, ArgsErrorKind::MissingValue)),
        }
    }

    /// The `key=value` settings after an option (with their positions).
    fn settings(&mut self) -> Vec<(usize, &'a str, &'a str)> {
        let mut out = Vec::new();
        while let Some(v) = self.args.get(self.next) {
            if is_option(v) {
                break;
            }
            self.next += 1;
            let (k, val) = v.split_once('=').unwrap_or((v, ""));
            out.push((self.next, k, val));
        }
        out
    }
}

fn is_option(arg: &str) -> bool {
    arg.starts_with('-') && arg.len() > 1 && !arg[1..].starts_with(|c: char| c.is_ascii_digit())
}

fn parse_number<T: std::str::FromStr>(
    position: usize,
    option: &str,
    value: &str,
    expected: &str,
) -> Result<T, ArgsError> {
    value.parse().map_err(|_| ArgsError {
        position,
        option: option.to_string(),
        kind: ArgsErrorKind::BadValue {
            value: value.to_string(),
            expected: expected.to_string(),
        },
    })
}

fn parse_bool(position: usize, option: &str, value: &str) -> Result<bool, ArgsError> {
    match value {
        "" | "true" | "on" | "yes" | "1" => Ok(true),
        "false" | "off" | "no" | "0" => Ok(false),
        _ => Err(ArgsError {
            position,
            option: option.to_string(),
            kind: ArgsErrorKind::BadValue {
                value: value.to_string(),
                expected: "true or false".into(),
            },
        }),
    }
}

/// Reads the arguments after `arbiter match`.
pub fn parse_match_args(args: &[String]) -> Result<MatchOptions, ArgsError> {
    let mut opts = MatchOptions::default();
    let mut engines: Vec<Vec<(usize, String, String)>> = Vec::new();
    let mut each: Vec<(usize, String, String)> = Vec::new();
    let mut seeds = 1usize;
    let mut gauntlet = false;
    let mut cur = Cursor { args, next: 0 };
    while let Some(arg) = args.get(cur.next) {
        cur.next += 1;
        let at = cur.next;
        let option = arg.trim_start_matches('-');
        if !is_option(arg) {
            return Err(cur.error(arg, ArgsErrorKind::UnknownOption));
        }
        let owned = |s: Vec<(usize, &str, &str)>| {
            s.into_iter()
                .map(|(p, k, v)| (p, k.to_string(), v.to_string()))
                .collect::<Vec<_>>()
        };
        match option {
            "engine" => engines.push(owned(cur.settings())),
            "each" => each.extend(owned(cur.settings())),
            "games" => {
                opts.games = parse_number(at + 1, arg, cur.value(arg)?, "a number of games")?
            }
            "rounds" => {
                opts.rounds = parse_number(at + 1, arg, cur.value(arg)?, "a number of rounds")?
            }
            "repeat" => {
                // fastchess allows `-repeat 2`; any count means pairs.
                if let Some(v) = args.get(cur.next).filter(|v| !is_option(v)) {
                    cur.next += 1;
                    let _: u32 = parse_number(at + 1, arg, v, "a number")?;
                }
                opts.repeat = true;
            }
            "concurrency" => {
                opts.concurrency =
                    parse_number(at + 1, arg, cur.value(arg)?, "a number of games at once")?;
                if opts.concurrency == 0 {
                    return Err(bad(at + 1, arg, "0", "at least 1"));
                }
            }
            "openings" => opts.openings = Some(parse_openings(arg, cur.settings())?),
            "draw" => opts.draw = Some(parse_draw(arg, cur.settings())?),
            "resign" => opts.resign = Some(parse_resign(arg, cur.settings())?),
            "maxmoves" => {
                opts.maxmoves = Some(parse_number(
                    at + 1,
                    arg,
                    cur.value(arg)?,
                    "a number of moves",
                )?)
            }
            "recover" => opts.recover = true,
            "pgnout" => {
                let settings = cur.settings();
                let file = settings
                    .iter()
                    .find(|(_, k, v)| *k == "file" || v.is_empty())
                    .map(|(_, k, v)| if *k == "file" { *v } else { *k })
                    .ok_or_else(|| cur.error(arg, ArgsErrorKind::MissingValue))?;
                opts.pgnout = Some(PathBuf::from(file));
            }
            "sprt" => opts.sprt = Some(parse_sprt(arg, at, cur.settings())?),
            "ruleset" => opts.ruleset = Some(cur.value(arg)?.to_string()),
            "claims" => opts.claims = parse_bool(at + 1, arg, cur.value(arg)?)?,
            "tournament" => {
                let v = cur.value(arg)?;
                gauntlet = match v {
                    "gauntlet" => true,
                    "round-robin" | "roundrobin" => false,
                    _ => return Err(bad(at + 1, arg, v, "round-robin or gauntlet")),
                };
            }
            "seeds" => seeds = parse_number(at + 1, arg, cur.value(arg)?, "a number of seeds")?,
            "srand" => opts.seed = parse_number(at + 1, arg, cur.value(arg)?, "a number")?,
            "event" => opts.event = cur.value(arg)?.to_string(),
            "site" => opts.site = cur.value(arg)?.to_string(),
            "state" => opts.state = Some(PathBuf::from(cur.value(arg)?)),
            "logdir" => opts.log_dir = Some(PathBuf::from(cur.value(arg)?)),
            "quiet" => opts.quiet = true,
            "strict-options" => opts.strict_options = true,
            "handshake-timeout" => {
                let v = cur.value(arg)?;
                let ms = parse_duration_ms(v).map_err(|e| bad(at + 1, arg, v, &e))?;
                opts.handshake_timeout = Duration::from_millis(ms);
            }
            _ => {
                return Err(ArgsError {
                    position: at,
                    option: arg.to_string(),
                    kind: ArgsErrorKind::UnknownOption,
                });
            }
        }
    }
    if gauntlet {
        opts.tournament = TournamentKind::Gauntlet { seeds };
    }
    for (i, settings) in engines.iter().enumerate() {
        let mut all = each.clone();
        all.extend(settings.iter().cloned());
        let mut spec = parse_engine(i, &all)?;
        spec.config.timeouts.handshake = opts.handshake_timeout;
        if opts.strict_options {
            spec.config.unknown_options = crate::engine::UnknownOptions::Refuse;
        }
        opts.engines.push(spec);
    }
    validate(&opts)?;
    Ok(opts)
}

fn bad(position: usize, option: &str, value: &str, expected: &str) -> ArgsError {
    ArgsError {
        position,
        option: option.to_string(),
        kind: ArgsErrorKind::BadValue {
            value: value.to_string(),
            expected: expected.to_string(),
        },
    }
}

fn unknown_key(position: usize, option: &str, key: &str) -> ArgsError {
    ArgsError {
        position,
        option: option.to_string(),
        kind: ArgsErrorKind::UnknownKey(key.to_string()),
    }
}

fn parse_engine(
    index: usize,
    settings: &[(usize, String, String)],
) -> Result<EngineSpec, ArgsError> {
    let option = "-engine";
    let mut spec = EngineSpec {
        config: EngineConfig::default(),
        limits: Limits::default(),
        margin_ms: 0,
        restart: false,
    };
    let mut have_cmd = false;
    let mut last_position = 0;
    for (pos, key, value) in settings {
        let (pos, key, value) = (*pos, key.as_str(), value.as_str());
        last_position = pos;
        match key {
            "cmd" => {
                spec.config.command = PathBuf::from(value);
                have_cmd = true;
            }
            "name" => spec.config.name = value.to_string(),
            "dir" => spec.config.dir = Some(PathBuf::from(value)),
            "arg" | "args" => spec
                .config
                .args
                .extend(value.split_whitespace().map(str::to_string)),
            "tc" => {
                spec.limits.clock =
                    parse_time_control(value).map_err(|e| bad(pos, option, value, &e))?
            }
            "st" => {
                let ms = parse_duration_ms(value).map_err(|e| bad(pos, option, value, &e))?;
                spec.limits.movetime_ms = Some(ms);
            }
            "nodes" => {
                spec.limits.nodes = Some(parse_number(pos, option, value, "a number of nodes")?)
            }
            "depth" => {
                spec.limits.depth = Some(parse_number(pos, option, value, "a depth in plies")?)
            }
            "timemargin" => spec.margin_ms = parse_number(pos, option, value, "milliseconds")?,
            "restart" => spec.restart = parse_bool(pos, option, value)?,
            "stderr" => spec.config.stderr_log = Some(PathBuf::from(value)),
            "proto" => {
                if value != "uci" {
                    return Err(bad(pos, option, value, "uci (the only protocol spoken)"));
                }
            }
            "ponder" => {
                if parse_bool(pos, option, value)? {
                    return Err(bad(pos, option, value, "pondering is not supported"));
                }
            }
            _ => match key.strip_prefix("option.") {
                Some(name) if !name.is_empty() => {
                    // A later setting of the same option wins (-engine after -each).
                    spec.config
                        .options
                        .retain(|(n, _)| !n.eq_ignore_ascii_case(name));
                    spec.config
                        .options
                        .push((name.to_string(), value.to_string()));
                }
                _ => return Err(unknown_key(pos, option, key)),
            },
        }
    }
    if !have_cmd {
        return Err(ArgsError {
            position: last_position,
            option: option.into(),
            kind: ArgsErrorKind::Incomplete(format!("engine {} has no cmd=", index + 1)),
        });
    }
    if spec.config.name.is_empty() {
        spec.config.name = spec.config.command.file_name().map_or_else(
            || format!("engine{}", index + 1),
            |n| n.to_string_lossy().into_owned(),
        );
    }
    if !spec.limits.is_bounded() {
        return Err(ArgsError {
            position: last_position,
            option: option.into(),
            kind: ArgsErrorKind::Incomplete(format!(
                "engine {:?} has no limit: give tc=, st=, nodes= or depth=",
                spec.config.name
            )),
        });
    }
    Ok(spec)
}

fn parse_openings(
    option: &str,
    settings: Vec<(usize, &str, &str)>,
) -> Result<OpeningsSpec, ArgsError> {
    let mut spec = OpeningsSpec::default();
    let mut file = None;
    for (pos, key, value) in settings {
        match key {
            "file" => file = Some(PathBuf::from(value)),
            "format" => {
                spec.format = match value {
                    "epd" => Some(BookFormat::Epd),
                    "pgn" => Some(BookFormat::Pgn),
                    _ => return Err(bad(pos, option, value, "epd or pgn")),
                }
            }
            "order" => {
                spec.order = match value {
                    "sequential" => BookOrder::Sequential,
                    "random" => BookOrder::Random,
                    _ => return Err(bad(pos, option, value, "sequential or random")),
                }
            }
            "plies" => spec.plies = Some(parse_number(pos, option, value, "a number of plies")?),
            "start" => {
                spec.start = parse_number(pos, option, value, "an opening number from 1")?;
                if spec.start == 0 {
                    return Err(bad(pos, option, value, "an opening number from 1"));
                }
            }
            "policy" => {}
            _ => return Err(unknown_key(pos, option, key)),
        }
    }
    spec.file = file.ok_or(ArgsError {
        position: 0,
        option: option.into(),
        kind: ArgsErrorKind::Incomplete("-openings needs file=".into()),
    })?;
    Ok(spec)
}

fn parse_draw(
    option: &str,
    settings: Vec<(usize, &str, &str)>,
) -> Result<DrawAdjudication, ArgsError> {
    let mut d = DrawAdjudication::default();
    for (pos, key, value) in settings {
        match key {
            "movenumber" => d.movenumber = parse_number(pos, option, value, "a move number")?,
            "movecount" => d.movecount = parse_number(pos, option, value, "a number of moves")?,
            "score" => d.score = parse_number(pos, option, value, "centipawns")?,
            _ => return Err(unknown_key(pos, option, key)),
        }
    }
    Ok(d)
}

fn parse_resign(
    option: &str,
    settings: Vec<(usize, &str, &str)>,
) -> Result<ResignAdjudication, ArgsError> {
    let mut r = ResignAdjudication::default();
    for (pos, key, value) in settings {
        match key {
            "movecount" => r.movecount = parse_number(pos, option, value, "a number of moves")?,
            "score" => r.score = parse_number(pos, option, value, "centipawns")?,
            "twosided" => r.twosided = parse_bool(pos, option, value)?,
            _ => return Err(unknown_key(pos, option, key)),
        }
    }
    Ok(r)
}

fn parse_sprt(
    option: &str,
    at: usize,
    settings: Vec<(usize, &str, &str)>,
) -> Result<Sprt, ArgsError> {
    let (mut elo0, mut elo1, mut alpha, mut beta) = (0.0, 5.0, 0.05, 0.05);
    let mut model = EloModel::Normalized;
    for (pos, key, value) in settings {
        match key {
            "elo0" => elo0 = parse_number(pos, option, value, "an Elo difference")?,
            "elo1" => elo1 = parse_number(pos, option, value, "an Elo difference")?,
            "alpha" => alpha = parse_number(pos, option, value, "a probability")?,
            "beta" => beta = parse_number(pos, option, value, "a probability")?,
            "model" => {
                model = match value {
                    "normalized" => EloModel::Normalized,
                    "logistic" => EloModel::Logistic,
                    _ => return Err(bad(pos, option, value, "normalized or logistic")),
                }
            }
            _ => return Err(unknown_key(pos, option, key)),
        }
    }
    Sprt::new(elo0, elo1, alpha, beta, model).map_err(|e| ArgsError {
        position: at,
        option: option.into(),
        kind: ArgsErrorKind::Incomplete(e.to_string()),
    })
}

fn validate(opts: &MatchOptions) -> Result<(), ArgsError> {
    let incomplete = |what: String| ArgsError {
        position: 0,
        option: "match".into(),
        kind: ArgsErrorKind::Incomplete(what),
    };
    if opts.engines.len() < 2 {
        return Err(incomplete("a match needs at least two -engine".into()));
    }
    if opts.games == 0 || opts.rounds == 0 {
        return Err(incomplete("-games and -rounds must be at least 1".into()));
    }
    if opts.sprt.is_some() && opts.engines.len() != 2 {
        return Err(incomplete("-sprt needs exactly two engines".into()));
    }
    if let TournamentKind::Gauntlet { seeds } = opts.tournament
        && (seeds == 0 || seeds >= opts.engines.len())
    {
        return Err(incomplete(format!(
            "a gauntlet needs 1 to {} seeds",
            opts.engines.len() - 1
        )));
    }
    if let Some(r) = &opts.ruleset {
        arbiter_referee::Ruleset::by_name(r).map_err(|e| incomplete(e.to_string()))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_string).collect()
    }

    #[test]
    fn a_typical_fastchess_command_line() {
        let o = parse_match_args(&args(
            "-engine cmd=sf name=SF option.Hash=16 tc=10+0.1 -engine cmd=./mine \
             -each option.Threads=1 tc=1+0.01 -games 2 -rounds 50 -repeat -concurrency 2 \
             -openings file=book.epd format=epd order=random plies=8 start=3 \
             -draw movenumber=40 movecount=8 score=10 -resign movecount=3 score=600 twosided=true \
             -sprt elo0=0 elo1=5 alpha=0.05 beta=0.1 -pgnout games.pgn -recover -ruleset fide-blitz",
        ))
        .unwrap();
        assert_eq!(o.engines.len(), 2);
        let sf = &o.engines[0];
        assert_eq!(sf.config.name, "SF");
        assert_eq!(
            sf.config.options,
            [
                ("Threads".to_string(), "1".to_string()),
                ("Hash".into(), "16".into())
            ]
        );
        // The engine's own tc= overrides -each's.
        assert_eq!(sf.limits.clock, parse_time_control("10+0.1").unwrap());
        assert_eq!(
            o.engines[1].limits.clock,
            parse_time_control("1+0.01").unwrap()
        );
        assert_eq!(o.engines[1].config.name, "mine");
        assert_eq!(
            (o.games, o.rounds, o.repeat, o.concurrency),
            (2, 50, true, 2)
        );
        let book = o.openings.unwrap();
        assert_eq!(book.order, BookOrder::Random);
        assert_eq!((book.plies, book.start), (Some(8), 3));
        assert_eq!(
            o.draw.unwrap(),
            DrawAdjudication {
                movenumber: 40,
                movecount: 8,
                score: 10
            }
        );
        assert!(o.resign.unwrap().twosided);
        assert_eq!(o.sprt.unwrap().beta, 0.1);
        assert_eq!(o.pgnout.unwrap(), PathBuf::from("games.pgn"));
        assert!(o.recover);
    }

    #[test]
    fn mistakes_are_reported_with_their_place() {
        let e = parse_match_args(&args("-engine cmd=a tc=1 -engine cmd=b tc=x")).unwrap_err();
        assert_eq!(e.position, 6);
        assert!(matches!(e.kind, ArgsErrorKind::BadValue { .. }));
        let e =
            parse_match_args(&args("-engine cmd=a tc=1 -engine cmd=b tc=1 -gmaes 2")).unwrap_err();
        assert_eq!((e.position, e.kind), (7, ArgsErrorKind::UnknownOption));
        let e = parse_match_args(&args("-engine cmd=a tc=1 -engine cmd=b colour=red")).unwrap_err();
        assert_eq!(e.kind, ArgsErrorKind::UnknownKey("colour".into()));
        let e = parse_match_args(&args("-engine cmd=a tc=1")).unwrap_err();
        assert!(matches!(e.kind, ArgsErrorKind::Incomplete(_)));
        let e = parse_match_args(&args("-engine cmd=a -engine cmd=b")).unwrap_err();
        assert!(e.to_string().contains("no limit"), "{e}");
        let e = parse_match_args(&args(
            "-engine cmd=a tc=1 -engine cmd=b tc=1 -sprt elo0=5 elo1=0",
        ))
        .unwrap_err();
        assert!(e.to_string().contains("elo0"), "{e}");
        let e = parse_match_args(&args(
            "-engine cmd=a tc=1 -engine cmd=b tc=1 -ruleset chess960",
        ))
        .unwrap_err();
        assert!(e.to_string().contains("unknown ruleset"), "{e}");
    }

    #[test]
    fn gauntlet_and_per_move_limits() {
        let o = parse_match_args(&args(
            "-engine cmd=a -engine cmd=b -engine cmd=c -each st=0.1 depth=3 nodes=1000 timemargin=20 \
             -tournament gauntlet -seeds 1",
        ))
        .unwrap();
        assert_eq!(o.tournament, TournamentKind::Gauntlet { seeds: 1 });
        let l = &o.engines[2].limits;
        assert_eq!(
            (l.movetime_ms, l.depth, l.nodes),
            (Some(100), Some(3), Some(1000))
        );
        assert_eq!(o.engines[2].margin_ms, 20);
    }
}
