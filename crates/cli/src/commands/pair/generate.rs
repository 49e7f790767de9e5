//! `arbiter pair --dutch -g`: a random tournament paired by Arbiter, of a
//! random size, of a configuration's, or like a model tournament.

use std::path::Path;
use std::process::ExitCode;

use anyhow::Context;
use arbiter_tournament::dutch::{Dice, GeneratorConfig, generate};
use arbiter_tournament::trf;

use super::{BAD_INPUT, NO_PAIRING, PAIRED};

/// What the generated tournament is made like.
#[derive(Debug, Clone, Copy)]
pub enum Source<'a> {
    /// Random in every respect, in the ranges of JaVaFo's generator.
    Random,
    /// A configuration file's `Key=Value` lines.
    Config(&'a Path),
    /// A model tournament's players, rounds and rates.
    Model(&'a Path),
}

pub fn run(
    source: Source<'_>,
    output: Option<&Path>,
    seed: Option<u64>,
    baku: bool,
) -> anyhow::Result<ExitCode> {
    if baku {
        eprintln!("arbiter: pair -g: the generator pairs without acceleration");
        return Ok(ExitCode::from(BAD_INPUT));
    }
    let Some(output) = output else {
        eprintln!("arbiter: pair -g: say where to write the tournament with -o OUT.trf");
        return Ok(ExitCode::from(BAD_INPUT));
    };
    // The seed is the one input from outside the library: the clock when
    // the caller gives none, printed so that the run can be repeated.
    let seed = seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    });
    let mut dice = Dice::new(seed);
    let config = match source {
        Source::Model(path) => match super::dutch::read(path) {
            Ok(model) => GeneratorConfig::from_model(&model, &mut dice),
            Err(code) => return Ok(code),
        },
        Source::Config(path) => {
            let text = match std::fs::read_to_string(path) {
                Ok(text) => text,
                Err(e) => {
                    eprintln!("arbiter: cannot read {}: {e}", path.display());
                    return Ok(ExitCode::from(BAD_INPUT));
                }
            };
            match GeneratorConfig::parse(&text, &mut dice) {
                Ok(c) => c,
                Err(e) => {
                    eprintln!("arbiter: {}: {e}", path.display());
                    return Ok(ExitCode::from(BAD_INPUT));
                }
            }
        }
        Source::Random => match GeneratorConfig::parse("", &mut dice) {
            Ok(c) => c,
            Err(e) => {
                eprintln!("arbiter: pair -g: {e}");
                return Ok(ExitCode::from(BAD_INPUT));
            }
        },
    };
    match generate(&config, &mut dice) {
        Ok(mut t) => {
            t.records.insert(
                0,
                arbiter_tournament::Record {
                    code: "012".into(),
                    text: format!("Arbiter random tournament, seed {seed}"),
                },
            );
            std::fs::write(output, trf::write(&t))
                .with_context(|| format!("cannot write {}", output.display()))?;
            Ok(ExitCode::from(PAIRED))
        }
        Err(e) => {
            eprintln!("arbiter: pair -g: {e}");
            Ok(ExitCode::from(NO_PAIRING))
        }
    }
}
