//! Reading a TRF file (FIDE TRF-16 and TRF-2026, with bbpPairings' extension
//! lines) into a [`Tournament`].

use std::collections::HashMap;

use arbiter_rules::Color;

use super::error::{TrfError, TrfErrorKind};
use crate::player::{Player, StartNo};
use crate::points::Points;
use crate::result::{ResultCode, RoundEntry};
use crate::tournament::{Entrant, Record, RequestedBye, Tournament};

/// Column (0-based, in characters) where round 1's cell starts on a `001`
/// line; each later round starts ten columns further.
pub(crate) const FIRST_ROUND_COLUMN: usize = 91;
/// Width of one round's cell, separator included.
pub(crate) const ROUND_WIDTH: usize = 10;

/// One line of the file, as characters so that columns count characters
/// (names may hold any letter).
struct Line<'a> {
    number: usize,
    chars: Vec<char>,
    text: &'a str,
}

impl Line<'_> {
    /// The characters of columns `start..end` (0-based), clipped to the line.
    fn field(&self, start: usize, end: usize) -> String {
        let end = end.min(self.chars.len());
        if start >= end {
            return String::new();
        }
        self.chars[start..end].iter().collect()
    }

    fn at(&self, column: usize) -> char {
        self.chars.get(column).copied().unwrap_or(' ')
    }

    fn error(&self, column: usize, kind: TrfErrorKind) -> TrfError {
        TrfError {
            line: self.number,
            column: column + 1,
            kind,
        }
    }
}

/// Splits a file on any of the line ends TRF files use (LF, CRLF, or CR
/// alone). Blank lines count, so that an error's line number is the one an
/// editor shows.
fn lines(text: &str) -> impl Iterator<Item = &str> {
    text.split('\n')
        .flat_map(|l| l.strip_suffix('\r').unwrap_or(l).split('\r'))
}

/// Reads an optional number field: blank is `None`.
fn optional_number<T: std::str::FromStr>(text: &str) -> Result<Option<T>, ()> {
    let t = text.trim();
    if t.is_empty() {
        return Ok(None);
    }
    if !t.bytes().all(|b| b.is_ascii_digit()) {
        return Err(());
    }
    t.parse().map(Some).map_err(|_| ())
}

/// Where a round cell's fields were, to locate errors found after the whole
/// file is read (an opponent with no line, a pairing one side does not name).
struct CellPlace {
    line: usize,
    column: usize,
}

/// Reads a whole TRF file.
///
/// Every malformed line gives a [`TrfError`] naming its line and column. Header
/// records the crate does not interpret are kept in
/// [`Tournament::records`], so that writing the tournament back keeps them.
pub fn read(text: &str) -> Result<Tournament, TrfError> {
    let mut tournament = Tournament::default();
    let mut player_lines: HashMap<StartNo, usize> = HashMap::new();
    let mut cell_places: HashMap<(StartNo, u32), CellPlace> = HashMap::new();
    let mut pab_explicit = false;
    let mut ranges: Vec<(Points, u32, u32, StartNo, StartNo)> = Vec::new();
    let mut listed: Vec<(usize, usize, String, StartNo)> = Vec::new();
    let mut accelerations: Vec<(usize, StartNo, Vec<Points>)> = Vec::new();

    for (index, text) in lines(text).enumerate() {
        let line = Line {
            number: index + 1,
            chars: text.chars().collect(),
            text,
        };
        if line.text.trim().is_empty() {
            continue;
        }
        if line.chars.len() < 3 {
            return Err(line.error(0, TrfErrorKind::NoRecordCode(line.text.to_string())));
        }
        let code = line.field(0, 3);
        match code.as_str() {
            "001" => {
                let (entrant, places) = read_player(&line)?;
                let number = entrant.player.start_no;
                if let Some(&first_line) = player_lines.get(&number) {
                    return Err(
                        line.error(4, TrfErrorKind::DuplicateStartNumber { number, first_line })
                    );
                }
                player_lines.insert(number, line.number);
                for (round, column) in places {
                    cell_places.insert(
                        (number, round),
                        CellPlace {
                            line: line.number,
                            column,
                        },
                    );
                }
                tournament.ranking.push(number);
                tournament.entrants.push(entrant);
            }
            "XXR" | "142" => tournament.planned_rounds = Some(single_number(&line, &code)?),
            "XXC" => read_configuration(&line, &mut tournament)?,
            "152" => {
                let value = line.field(3, line.chars.len()).trim().to_string();
                tournament.initial_colour = Some(match value.as_str() {
                    "W" | "w" => Color::White,
                    "B" | "b" => Color::Black,
                    _ => {
                        return Err(line.error(
                            4,
                            TrfErrorKind::BadInitialColour {
                                record: code,
                                found: value,
                            },
                        ));
                    }
                });
            }
            "162" => pab_explicit |= read_point_system(&line, &mut tournament)?,
            "BBW" | "BBD" | "BBL" | "BBZ" | "BBF" | "BBU" => {
                let value = line.field(3, line.chars.len());
                let points = Points::parse(&value).ok_or_else(|| {
                    line.error(4, TrfErrorKind::BadPoints(value.trim().to_string()))
                })?;
                let system = &mut tournament.points;
                match code.as_str() {
                    "BBW" => system.win = points,
                    "BBD" => system.draw = points,
                    "BBL" => system.loss = points,
                    "BBZ" => system.zero_point_bye = points,
                    "BBF" => system.forfeit_loss = points,
                    _ => {
                        system.pairing_allocated_bye = points;
                        pab_explicit = true;
                    }
                }
            }
            "XXA" => {
                let (number, values) = read_accelerations(&line)?;
                accelerations.push((line.number, number, values));
            }
            "250" => ranges.push(read_acceleration_range(&line)?),
            "260" | "XXP" => {
                let players = number_list(&line, 4, &code)?;
                for &(column, number) in &players {
                    listed.push((line.number, column, code.clone(), number));
                }
                tournament
                    .forbidden_pairs
                    .push(players.into_iter().map(|(_, n)| n).collect());
            }
            "XXZ" => {
                for (column, number) in number_list(&line, 4, &code)? {
                    listed.push((line.number, column, code.clone(), number));
                    tournament.absent_next_round.push(number);
                }
            }
            "240" => {
                let kind = match line.at(4) {
                    'F' | 'f' => RequestedBye::FullPoint,
                    'H' | 'h' => RequestedBye::HalfPoint,
                    'Z' | 'z' | ' ' => RequestedBye::ZeroPoint,
                    other => return Err(line.error(4, TrfErrorKind::BadByeType(other))),
                };
                let round_text = line.field(6, 9);
                let round = optional_number::<u32>(&round_text)
                    .ok()
                    .flatten()
                    .filter(|&r| r > 0)
                    .ok_or_else(|| {
                        line.error(
                            6,
                            TrfErrorKind::BadNumber {
                                record: code.clone(),
                                found: round_text.trim().to_string(),
                            },
                        )
                    })?;
                let players = number_list(&line, 9, &code)?;
                for &(column, number) in &players {
                    listed.push((line.number, column, code.clone(), number));
                }
                tournament.requested_byes.push((
                    round,
                    kind,
                    players.into_iter().map(|(_, n)| n).collect(),
                ));
            }
            _ => tournament.records.push(Record {
                code,
                text: line.field(4, line.chars.len()),
            }),
        }
    }

    if !pab_explicit {
        tournament.points.pairing_allocated_bye = tournament.points.win;
    }
    // bbpPairings' lines and record 162 set these only through the win and
    // draw values: a forfeit win and a full-point bye score a win, a
    // half-point bye a draw.
    tournament.points.forfeit_win = tournament.points.win;
    tournament.points.full_point_bye = tournament.points.win;
    tournament.points.half_point_bye = tournament.points.draw;

    if !tournament.pair_by_rank {
        // Only `XXC rank` gives the lines' order a meaning.
        tournament.ranking.clear();
    }
    tournament.entrants.sort_by_key(|e| e.player.start_no);
    check_pairings(&tournament, &cell_places)?;
    for (line, column, record, number) in listed {
        if tournament.entrant(number).is_none() {
            return Err(TrfError {
                line,
                column: column + 1,
                kind: TrfErrorKind::UnknownListedPlayer { record, number },
            });
        }
    }
    for (line, number, values) in accelerations {
        let entrant = tournament.entrant_mut(number).ok_or(TrfError {
            line,
            column: 5,
            kind: TrfErrorKind::UnknownListedPlayer {
                record: "XXA".to_string(),
                number,
            },
        })?;
        entrant.accelerations = values;
    }
    for (points, first_round, last_round, first, last) in ranges {
        for entrant in &mut tournament.entrants {
            let no = entrant.player.start_no;
            if no < first || no > last {
                continue;
            }
            let needed = last_round as usize;
            if entrant.accelerations.len() < needed {
                entrant.accelerations.resize(needed, Points::ZERO);
            }
            for value in &mut entrant.accelerations[first_round as usize - 1..needed] {
                *value = points;
            }
        }
    }
    Ok(tournament)
}

/// Reads a `001` line: the player and their rounds, with the column of each
/// round's opponent field.
fn read_player(line: &Line<'_>) -> Result<(Entrant, Vec<(u32, usize)>), TrfError> {
    if line.chars.len() < 8 {
        return Err(line.error(3, TrfErrorKind::PlayerLineTooShort));
    }
    let start_text = line.field(4, 8);
    let start_no = match optional_number::<u32>(&start_text) {
        Ok(Some(n)) if n > 0 => n,
        _ => {
            return Err(line.error(
                4,
                TrfErrorKind::BadStartNumber(start_text.trim().to_string()),
            ));
        }
    };
    let sex = Some(line.at(9)).filter(|c| !c.is_whitespace());
    let title = Some(line.field(10, 13).trim().to_string()).filter(|t| !t.is_empty());
    let name = line.field(14, 47).trim_end().to_string();
    let rating_text = line.field(48, 52);
    let rating = optional_number::<u32>(&rating_text)
        .map_err(|()| line.error(48, TrfErrorKind::BadRating(rating_text.trim().to_string())))?
        .unwrap_or(0);
    let federation = line.field(53, 56).trim().to_string();
    let fide_text = line.field(57, 68);
    let fide_id = optional_number::<u64>(&fide_text)
        .map_err(|()| line.error(57, TrfErrorKind::BadFideId(fide_text.trim().to_string())))?
        .filter(|&id| id > 0);
    let birth = line.field(69, 79).trim().to_string();
    let points_text = line.field(80, 84);
    let stated_points = if points_text.trim().is_empty() {
        None
    } else {
        Some(Points::parse(&points_text).ok_or_else(|| {
            line.error(80, TrfErrorKind::BadPoints(points_text.trim().to_string()))
        })?)
    };
    let rank_text = line.field(85, 89);
    let stated_rank = optional_number::<u32>(&rank_text)
        .map_err(|()| line.error(85, TrfErrorKind::BadRank(rank_text.trim().to_string())))?;
    for column in [84, 89, 90] {
        if line.chars.len() > FIRST_ROUND_COLUMN && !line.at(column).is_whitespace() {
            return Err(line.error(
                column,
                TrfErrorKind::Misaligned {
                    round: 1,
                    found: line.at(column),
                },
            ));
        }
    }

    let mut rounds = Vec::new();
    let mut places = Vec::new();
    let mut column = FIRST_ROUND_COLUMN;
    let mut round = 1u32;
    while column < line.chars.len() {
        let entry = read_round(line, column, round, start_no)?;
        places.push((round, column));
        rounds.push(entry);
        column += ROUND_WIDTH;
        round += 1;
    }
    while rounds.last() == Some(&RoundEntry::NOT_PAIRED) {
        rounds.pop();
    }
    let player = Player {
        start_no,
        name,
        sex,
        title,
        rating,
        federation,
        fide_id,
        birth,
        stated_points,
        stated_rank,
    };
    Ok((
        Entrant {
            player,
            rounds,
            accelerations: Vec::new(),
        },
        places,
    ))
}

/// Reads one round cell: `OOOO C R` starting at `column`, with the spaces
/// around its fields.
fn read_round(
    line: &Line<'_>,
    column: usize,
    round: u32,
    start_no: StartNo,
) -> Result<RoundEntry, TrfError> {
    for sep in [column - 1, column + 4, column + 6] {
        let c = line.at(sep);
        if !c.is_whitespace() {
            return Err(line.error(sep, TrfErrorKind::Misaligned { round, found: c }));
        }
    }
    let opponent_text = line.field(column, column + 4);
    let opponent = match optional_number::<u32>(&opponent_text) {
        Ok(n) => n.filter(|&n| n > 0),
        Err(()) => {
            return Err(line.error(
                column,
                TrfErrorKind::BadOpponent {
                    round,
                    text: opponent_text,
                },
            ));
        }
    };
    let colour = match line.at(column + 5) {
        'w' | 'W' => Some(Color::White),
        'b' | 'B' => Some(Color::Black),
        '-' | ' ' => None,
        found => return Err(line.error(column + 5, TrfErrorKind::BadColour { round, found })),
    };
    let result_char = line.at(column + 7);
    let code = ResultCode::from_char(result_char).ok_or_else(|| {
        line.error(
            column + 7,
            TrfErrorKind::BadResult {
                round,
                found: result_char,
            },
        )
    })?;
    if let Some(opponent) = opponent {
        if opponent == start_no {
            return Err(line.error(column, TrfErrorKind::PairedWithSelf { round }));
        }
        match code {
            ResultCode::HalfPointBye
            | ResultCode::FullPointBye
            | ResultCode::PairingAllocatedBye
            | ResultCode::ZeroPointBye
            | ResultCode::NotPaired => {
                return Err(line.error(
                    column + 7,
                    TrfErrorKind::ByeWithOpponent {
                        round,
                        code: result_char,
                        opponent,
                    },
                ));
            }
            code if code.is_played() && colour.is_none() => {
                return Err(line.error(
                    column + 5,
                    TrfErrorKind::PlayedWithoutColour { round, opponent },
                ));
            }
            _ => {}
        }
    }
    Ok(RoundEntry {
        opponent,
        colour,
        code,
    })
}

/// Every opponent exists, names the player back in the same round, and had
/// the other colour.
fn check_pairings(
    tournament: &Tournament,
    places: &HashMap<(StartNo, u32), CellPlace>,
) -> Result<(), TrfError> {
    for entrant in &tournament.entrants {
        let me = entrant.player.start_no;
        for (index, cell) in entrant.rounds.iter().enumerate() {
            let round = index as u32 + 1;
            let Some(opponent) = cell.opponent else {
                continue;
            };
            let place = &places[&(me, round)];
            let error = |kind| TrfError {
                line: place.line,
                column: place.column + 1,
                kind,
            };
            let Some(other) = tournament.entrant(opponent) else {
                return Err(error(TrfErrorKind::UnknownOpponent { round, opponent }));
            };
            let theirs = other.round(round);
            if theirs.opponent != Some(me) {
                return Err(error(TrfErrorKind::PairingNotMutual {
                    round,
                    opponent,
                    their: theirs.opponent,
                }));
            }
            if cell.colour.is_some() && cell.colour == theirs.colour {
                return Err(error(TrfErrorKind::SameColour { round, opponent }));
            }
        }
    }
    Ok(())
}

/// A record holding one positive number (`XXR 9`, `142 9`).
fn single_number(line: &Line<'_>, code: &str) -> Result<u32, TrfError> {
    let value = line.field(3, line.chars.len());
    match optional_number::<u32>(&value) {
        Ok(Some(n)) if n > 0 => Ok(n),
        _ => Err(line.error(
            4,
            TrfErrorKind::BadNumber {
                record: code.to_string(),
                found: value.trim().to_string(),
            },
        )),
    }
}

/// bbpPairings' `XXC` configuration words: `rank` (pair by the order of the
/// `001` lines, as bbpPairings and JaVaFo do), `white1`, `black1`.
fn read_configuration(line: &Line<'_>, tournament: &mut Tournament) -> Result<(), TrfError> {
    let mut column = 3;
    for word in line.field(3, line.chars.len()).split(' ') {
        match word {
            "rank" => tournament.pair_by_rank = true,
            "white1" => tournament.initial_colour = Some(Color::White),
            "black1" => tournament.initial_colour = Some(Color::Black),
            "" => {}
            other => {
                if other.starts_with("white") || other.starts_with("black") {
                    return Err(line.error(
                        column,
                        TrfErrorKind::BadInitialColour {
                            record: "XXC".to_string(),
                            found: other.to_string(),
                        },
                    ));
                }
                // Other words are options of other programs; bbpPairings
                // ignores them too.
            }
        }
        column += word.chars().count() + 1;
    }
    Ok(())
}

/// Record 162 (TRF-2026): result letters with their points, e.g.
/// `162 W 1.0    D 0.5    L 0.0    Z 0.0    P 1.0`. Returns whether it set the
/// pairing-allocated bye's value.
fn read_point_system(line: &Line<'_>, tournament: &mut Tournament) -> Result<bool, TrfError> {
    let body = line.field(3, line.chars.len());
    let bad = || line.error(4, TrfErrorKind::BadPointSystem(body.trim().to_string()));
    let mut tokens: Vec<String> = Vec::new();
    for word in body.split_whitespace() {
        // A letter glued to its points ("W1.0") is two tokens.
        let mut chars = word.chars();
        match chars.next() {
            Some(c) if c.is_ascii_alphabetic() && word.len() > 1 => {
                tokens.push(c.to_string());
                tokens.push(chars.collect());
            }
            _ => tokens.push(word.to_string()),
        }
    }
    if tokens.is_empty() || !tokens.len().is_multiple_of(2) {
        return Err(bad());
    }
    let mut pab = false;
    for pair in tokens.chunks(2) {
        let points = Points::parse(&pair[1]).ok_or_else(bad)?;
        let system = &mut tournament.points;
        match pair[0].as_str() {
            "W" => system.win = points,
            "D" => system.draw = points,
            "L" => system.loss = points,
            "Z" | "A" => {
                system.zero_point_bye = points;
                system.forfeit_loss = points;
            }
            "P" => {
                system.pairing_allocated_bye = points;
                pab = true;
            }
            _ => return Err(bad()),
        }
    }
    Ok(pab)
}

/// bbpPairings' `XXA NNNN PPPP PPPP …`: points added for pairing, per round.
fn read_accelerations(line: &Line<'_>) -> Result<(StartNo, Vec<Points>), TrfError> {
    let number_text = line.field(4, 8);
    let number = match optional_number::<u32>(&number_text) {
        Ok(Some(n)) if n > 0 => n,
        _ => {
            return Err(line.error(
                4,
                TrfErrorKind::BadListedPlayer {
                    record: "XXA".to_string(),
                    found: number_text.trim().to_string(),
                },
            ));
        }
    };
    let mut values = Vec::new();
    let mut column = 9;
    while column < line.chars.len() {
        let text = line.field(column, column + 4);
        let value = if text.trim().is_empty() {
            Points::ZERO
        } else {
            Points::parse(&text)
                .ok_or_else(|| line.error(column, TrfErrorKind::BadPoints(text.trim().into())))?
        };
        values.push(value);
        column += 5;
    }
    Ok((number, values))
}

/// Record 250 (Baku acceleration, TRF-16/2026): match points (blank for
/// individual events), game points, first and last round, first and last
/// player.
fn read_acceleration_range(
    line: &Line<'_>,
) -> Result<(Points, u32, u32, StartNo, StartNo), TrfError> {
    let points_text = line.field(9, 13);
    let points = Points::parse(&points_text)
        .ok_or_else(|| line.error(9, TrfErrorKind::BadPoints(points_text.trim().into())))?;
    let number = |start: usize, end: usize| -> Result<u32, TrfError> {
        match optional_number::<u32>(&line.field(start, end)) {
            Ok(Some(n)) if n > 0 => Ok(n),
            _ => Err(line.error(
                start,
                TrfErrorKind::BadAccelerationRange("rounds and players must be positive numbers"),
            )),
        }
    };
    let first_round = number(14, 17)?;
    let last_round = number(18, 21)?;
    let first = number(22, 26)?;
    let last = number(27, 31)?;
    if first_round > last_round {
        return Err(line.error(
            14,
            TrfErrorKind::BadAccelerationRange("the first round comes after the last"),
        ));
    }
    if first > last {
        return Err(line.error(
            22,
            TrfErrorKind::BadAccelerationRange("the first player comes after the last"),
        ));
    }
    if last_round > 999 {
        return Err(line.error(18, TrfErrorKind::BadAccelerationRange("too many rounds")));
    }
    Ok((points, first_round, last_round, first, last))
}

/// Start numbers separated by spaces, commas or slashes, from `start`, each
/// with its column.
fn number_list(
    line: &Line<'_>,
    start: usize,
    code: &str,
) -> Result<Vec<(usize, StartNo)>, TrfError> {
    let mut numbers = Vec::new();
    let mut column = start;
    let chars = &line.chars;
    while column < chars.len() {
        if matches!(chars[column], ' ' | ',' | '/' | '\t') {
            column += 1;
            continue;
        }
        let begin = column;
        while column < chars.len() && !matches!(chars[column], ' ' | ',' | '/' | '\t') {
            column += 1;
        }
        let word = line.field(begin, column);
        match optional_number::<u32>(&word) {
            Ok(Some(n)) if n > 0 => numbers.push((begin, n)),
            _ => {
                return Err(line.error(
                    begin,
                    TrfErrorKind::BadListedPlayer {
                        record: code.to_string(),
                        found: word,
                    },
                ));
            }
        }
    }
    Ok(numbers)
}
