//! Players entered in bulk: the player lines of a TRF, or a CSV whose
//! first line names its columns (`name` required; `rating`, `fide_id`,
//! `federation`, `title`, `sex`, `birth_date` as they come). A line that
//! cannot be read is refused with its number, and a value with its column;
//! nothing is entered then.

use arbiter_tournament::director::{Registration, Sex};
use arbiter_tournament::trf;

use crate::problem::Problem;

/// The players of a TRF, in start-number order.
pub fn from_trf(text: &str) -> Result<Vec<Registration>, Problem> {
    let t = trf::read(text).map_err(|e| Problem::ImportTrf {
        error: e.to_string(),
    })?;
    Ok(t.entrants
        .into_iter()
        .map(|e| Registration {
            name: e.player.name,
            rating: e.player.rating,
            fide_id: e.player.fide_id,
            federation: e.player.federation,
            title: e.player.title,
            account: None,
            sex: e.player.sex.and_then(sex),
            birth_date: Some(e.player.birth).filter(|b| !b.trim().is_empty()),
        })
        .collect())
}

/// The TRF's sex letter (`m`, `w`; `f` as some files write it).
fn sex(letter: char) -> Option<Sex> {
    match letter.to_ascii_lowercase() {
        'm' => Some(Sex::Man),
        'w' | 'f' => Some(Sex::Woman),
        _ => None,
    }
}

/// A birth date as the TRF writes it (`2010/05/21`), from any form a
/// reader takes (`2010-05-21`, `2010.05.21`); `None` when it reads as no
/// date.
pub fn trf_birth_date(text: &str) -> Option<String> {
    arbiter_pgn::Date::parse_lenient(text)
        .map(|d| format!("{:04}/{:02}/{:02}", d.year, d.month, d.day))
}

/// The players of a CSV, in the order of its lines.
pub fn from_csv(text: &str) -> Result<Vec<Registration>, Problem> {
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim_end_matches('\r')))
        .filter(|(_, l)| !l.trim().is_empty());
    let header: Vec<String> = lines
        .next()
        .map(|(_, l)| fields(l).into_iter().map(|f| f.to_lowercase()).collect())
        .unwrap_or_default();
    let column = |name: &str| header.iter().position(|h| h == name);
    let name_at = column("name").ok_or(Problem::ImportCsvHeader)?;
    let (rating_at, fide_at) = (column("rating"), column("fide_id"));
    let (federation_at, title_at) = (column("federation"), column("title"));
    let (sex_at, birth_at) = (column("sex"), column("birth_date"));
    let mut players = Vec::new();
    for (line, text) in lines {
        let f = fields(text);
        let get = |at: Option<usize>| at.and_then(|i| f.get(i)).map(|s| s.trim()).unwrap_or("");
        let number = |at: Option<usize>, field: &str| -> Result<Option<u64>, Problem> {
            let v = get(at);
            if v.is_empty() {
                return Ok(None);
            }
            v.parse().map(Some).map_err(|_| Problem::ImportCsvNumber {
                line,
                column: at.map_or(0, |i| i + 1),
                field: field.to_string(),
            })
        };
        let at_column = |at: Option<usize>| at.map_or(0, |i| i + 1);
        let sex_given = get(sex_at);
        let sex = match sex_given.chars().collect::<Vec<_>>()[..] {
            [] => None,
            [letter] => Some(sex(letter).ok_or_else(|| Problem::ImportCsvSex {
                line,
                column: at_column(sex_at),
                given: sex_given.to_string(),
            })?),
            _ => {
                return Err(Problem::ImportCsvSex {
                    line,
                    column: at_column(sex_at),
                    given: sex_given.to_string(),
                });
            }
        };
        let birth_given = get(birth_at);
        let birth_date = if birth_given.is_empty() {
            None
        } else {
            Some(
                trf_birth_date(birth_given).ok_or_else(|| Problem::ImportCsvBirthDate {
                    line,
                    column: at_column(birth_at),
                    given: birth_given.to_string(),
                })?,
            )
        };
        let name = get(Some(name_at)).to_string();
        if name.is_empty() {
            return Err(Problem::ImportCsvNoName { line });
        }
        let rating = number(rating_at, "rating")?.unwrap_or(0);
        players.push(Registration {
            name,
            rating: u32::try_from(rating).map_err(|_| Problem::ImportCsvNumber {
                line,
                column: at_column(rating_at),
                field: "rating".into(),
            })?,
            fide_id: number(fide_at, "fide_id")?,
            federation: get(federation_at).to_uppercase(),
            title: Some(get(title_at).to_lowercase()).filter(|t| !t.is_empty()),
            account: None,
            sex,
            birth_date,
        });
    }
    Ok(players)
}

/// The fields of one CSV line: separated by commas, a field in double
/// quotes may hold commas, and `""` inside quotes is one quote.
fn fields(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut field = String::new();
    let mut quoted = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, quoted) {
            ('"', true) if chars.peek() == Some(&'"') => {
                field.push('"');
                chars.next();
            }
            ('"', _) => quoted = !quoted,
            (',', false) => out.push(std::mem::take(&mut field)),
            _ => field.push(c),
        }
    }
    out.push(field);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_csv_names_its_columns_and_quotes_names_with_commas() {
        let text = "Name,Rating,Federation,FIDE_ID,Title\n\
                    \"Carlsen, Magnus\",2830,nor,1503014,g\n\
                    \n\
                    Ding Liren,,CHN,,\n";
        let players = from_csv(text).unwrap();
        assert_eq!(players.len(), 2);
        assert_eq!(players[0].name, "Carlsen, Magnus");
        assert_eq!(players[0].rating, 2830);
        assert_eq!(players[0].federation, "NOR");
        assert_eq!(players[0].fide_id, Some(1_503_014));
        assert_eq!(players[0].title.as_deref(), Some("g"));
        assert_eq!(players[1].rating, 0);
        assert_eq!(players[1].title, None);
    }

    #[test]
    fn a_csv_line_that_cannot_be_read_is_refused_with_its_number() {
        assert_eq!(from_csv("rating\n2000\n"), Err(Problem::ImportCsvHeader));
        assert_eq!(
            from_csv("name,rating\nAnn,2000\nBob,strong\n"),
            Err(Problem::ImportCsvNumber {
                line: 3,
                column: 2,
                field: "rating".into()
            })
        );
        assert_eq!(
            from_csv("name,rating\n,2000\n"),
            Err(Problem::ImportCsvNoName { line: 2 })
        );
    }

    #[test]
    fn a_csv_gives_sex_and_birth_date_as_the_trf_writes_them() {
        let text = "name,sex,birth_date\n\
                    Hou Yifan,w,1994-02-27\n\
                    \"Carlsen, Magnus\",M,1990/11/30\n\
                    Ding Liren,,\n";
        let players = from_csv(text).unwrap();
        let facts: Vec<_> = players
            .iter()
            .map(|p| (p.sex, p.birth_date.as_deref()))
            .collect();
        assert_eq!(
            facts,
            [
                (Some(Sex::Woman), Some("1994/02/27")),
                (Some(Sex::Man), Some("1990/11/30")),
                (None, None)
            ]
        );
    }

    #[test]
    fn a_bad_sex_or_birth_date_is_refused_at_its_line_and_column() {
        assert_eq!(
            from_csv("name,rating,sex\nAnn,2000,w\nBob,2100,x\n"),
            Err(Problem::ImportCsvSex {
                line: 3,
                column: 3,
                given: "x".into()
            })
        );
        assert_eq!(
            from_csv("name,sex\nAnn,woman\n"),
            Err(Problem::ImportCsvSex {
                line: 2,
                column: 2,
                given: "woman".into()
            })
        );
        assert_eq!(
            from_csv("birth_date,name\n2001-02-03,Ann\n\nsoon,Bob\n"),
            Err(Problem::ImportCsvBirthDate {
                line: 4,
                column: 1,
                given: "soon".into()
            })
        );
    }
}
