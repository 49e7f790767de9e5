//! A push read game by game, as lichess reads one (lila's `RelayPush`
//! and `RelayGame.fromStudyImport`): at most [`MAX_GAMES_PER_PUSH`]
//! games; each game's moves replayed by Arbiter's rules, a game with a
//! move that cannot be played refused with its error (but a last king
//! move to the centre, a DGT board's end-of-game signal, dropped); the
//! tags as lichess keeps them (no `Date`: the broadcast's own date is the
//! game's; a player's name trimmed, and dropped when it is one letter or
//! `unknown`); the comments dropped but each move's `[%clk]`; and
//! `WhiteClock`/`BlackClock` given to the last moves that lack a clock.

use arbiter_pgn::{ClockTime, Comment, GameResult, MoveNode, Reader, Tags};
use arbiter_rules::{Color, Position};

use crate::problem::Problem;

/// lichess's limit: the games one push may carry.
pub const MAX_GAMES_PER_PUSH: usize = 100;

/// A game of a broadcast round, as it was last pushed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RelayGame {
    /// Its tags, as lichess keeps them.
    pub tags: Tags,
    /// Its moves, each with its clock if it had one.
    pub moves: Vec<MoveNode>,
    /// Its result.
    pub result: GameResult,
}

impl RelayGame {
    /// The game as PGN, each move's clock as `[%clk]`, dated `date` (the
    /// broadcast round's, `YYYY.MM.DD`).
    pub fn pgn(&self, date: &str) -> String {
        let mut tags = self.tags.clone();
        tags.insert("Date", date);
        tags.insert("Result", self.result.as_str());
        arbiter_pgn::export(&arbiter_pgn::Game {
            tags,
            comments: Vec::new(),
            moves: self.moves.clone(),
            result: Some(self.result),
        })
    }
}

/// What became of one game of a push.
#[derive(Debug, Clone)]
pub enum Pushed {
    /// Taken into the round.
    Taken(RelayGame),
    /// Refused: its tags as read, and why.
    Refused {
        /// The tags (none when the game could not be read at all).
        tags: Tags,
        /// Why.
        error: Problem,
    },
}

impl Pushed {
    /// The game taken, if it was.
    pub fn game(&self) -> Option<&RelayGame> {
        match self {
            Pushed::Taken(game) => Some(game),
            Pushed::Refused { .. } => None,
        }
    }
}

/// Every game of the push `pgn`, taken or refused.
pub fn read(pgn: &str) -> Vec<Pushed> {
    Reader::new(pgn.as_bytes())
        .games()
        .enumerate()
        .map(|(i, game)| match game {
            Ok(game) if i >= MAX_GAMES_PER_PUSH => Pushed::Refused {
                tags: game.tags,
                error: Problem::TooManyGamesPushed {
                    limit: MAX_GAMES_PER_PUSH,
                },
            },
            Ok(game) => taken(game),
            Err(e) => Pushed::Refused {
                tags: Tags::default(),
                error: Problem::PushedPgn {
                    error: e.to_string(),
                },
            },
        })
        .collect()
}

/// One game read: taken if every move plays.
fn taken(game: arbiter_pgn::Game) -> Pushed {
    let tags = kept_tags(&game.tags);
    let (first_mover, played) = match replay(&game) {
        Ok(replayed) => replayed,
        Err(error) => return Pushed::Refused { tags, error },
    };
    let result = game.recorded_result();
    let mut moves: Vec<MoveNode> = game.moves[..played].iter().map(with_clock_only).collect();
    clocks_from_tags(&game.tags, first_mover, &mut moves);
    Pushed::Taken(RelayGame {
        tags,
        moves,
        result,
    })
}

/// Each move played by the rules from the game's start (its `FEN`, or
/// the initial position): who moved first, and how many moves stand.
fn replay(game: &arbiter_pgn::Game) -> Result<(Color, usize), Problem> {
    let mut position = match game.tags.get("FEN") {
        Some(fen) => Position::from_fen(fen).map_err(|e| Problem::PushedPgn {
            error: e.to_string(),
        })?,
        None => Position::default(),
    };
    let first_mover = position.turn();
    for (ply, node) in game.moves.iter().enumerate() {
        let number = position.fullmoves().get();
        let illegal = || Problem::PushedMoveIllegal {
            number,
            san: node.san.clone(),
        };
        let played = position
            .parse_san(&node.san)
            .ok()
            .is_some_and(|mv| position.play(mv).is_ok());
        if !played {
            if ply + 1 == game.moves.len() && is_kings_to_the_centre(&node.san) {
                return Ok((first_mover, ply));
            }
            return Err(illegal());
        }
    }
    Ok((first_mover, game.moves.len()))
}

/// A king set on a centre square: how DGT boards signal a game's result
/// (both kings on the centre), read by the board's software as a last
/// move. lichess drops it when it cannot be played, and so does Arbiter.
fn is_kings_to_the_centre(san: &str) -> bool {
    let Some(to) = san.trim_end_matches(['+', '#']).strip_prefix('K') else {
        return false;
    };
    matches!(to.trim_start_matches('x'), "d4" | "d5" | "e4" | "e5")
}

/// The tags lichess keeps of a pushed game.
fn kept_tags(tags: &Tags) -> Tags {
    tags.iter()
        .filter(|(name, _)| *name != "Date")
        .filter_map(|(name, value)| {
            if name == "White" || name == "Black" {
                let name_of_player = value.trim();
                let known = name_of_player.chars().count() > 1
                    && !name_of_player.eq_ignore_ascii_case("unknown");
                known.then(|| (name.to_string(), name_of_player.to_string()))
            } else {
                Some((name.to_string(), value.to_string()))
            }
        })
        .collect()
}

/// The move with its clock and nothing else.
fn with_clock_only(node: &MoveNode) -> MoveNode {
    let mut kept = MoveNode::new(node.san.clone());
    if let Some(clock) = node.comments.iter().find_map(|c| c.clock) {
        kept.comments.push(Comment {
            clock: Some(clock),
            ..Comment::text("")
        });
    }
    kept
}

/// `WhiteClock` and `BlackClock` (a DGT board's clocks now) on the last
/// move of each side, where that move has no clock of its own.
fn clocks_from_tags(tags: &Tags, first_mover: Color, moves: &mut [MoveNode]) {
    let last = moves.len();
    for back in 1..=2.min(last) {
        let ply = last - back;
        let mover = if ply.is_multiple_of(2) {
            first_mover
        } else {
            !first_mover
        };
        let tag = match mover {
            Color::White => "WhiteClock",
            Color::Black => "BlackClock",
        };
        let node = &mut moves[ply];
        if node.comments.iter().any(|c| c.clock.is_some()) {
            continue;
        }
        if let Some(clock) = tags.get(tag).and_then(|v| v.parse::<ClockTime>().ok()) {
            node.comments.push(Comment {
                clock: Some(clock),
                ..Comment::text("")
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clocks(game: &RelayGame) -> Vec<Option<u64>> {
        game.moves
            .iter()
            .map(|m| {
                m.comments
                    .iter()
                    .find_map(|c| c.clock)
                    .map(ClockTime::as_millis)
            })
            .collect()
    }

    fn one(pgn: &str) -> Pushed {
        let mut pushed = read(pgn);
        assert_eq!(pushed.len(), 1);
        pushed.remove(0)
    }

    #[test]
    fn a_game_keeps_its_moves_and_clocks_and_loses_its_date_and_comments() {
        let pushed = one(
            "[Event \"Open\"]\n[Date \"2026.12.05\"]\n[White \" Carlsen, Magnus \"]\n[Black \"?\"]\n\n\
             1. e4 {[%clk 0:05:00] good} e5 {[%clk 0:04:58.5]} 2. Nf3 {a comment} *\n",
        );
        let game = pushed.game().expect("taken");
        assert_eq!(game.tags.get("Date"), None);
        assert_eq!(game.tags.get("White"), Some("Carlsen, Magnus"));
        assert_eq!(game.tags.get("Black"), None, "a one-letter name is no name");
        assert_eq!(clocks(game), [Some(300_000), Some(298_500), None]);
        assert!(
            game.moves
                .iter()
                .all(|m| m.comments.iter().all(|c| c.text.is_empty()))
        );
        assert_eq!(game.result, GameResult::Unknown);
    }

    #[test]
    fn the_clock_tags_go_to_the_last_moves_without_a_clock() {
        let pushed = one(
            "[WhiteClock \"0:03:10\"]\n[BlackClock \"00:02:05\"]\n\n1. d4 {[%clk 0:04:00]} Nf6 2. c4 *\n",
        );
        let game = pushed.game().expect("taken");
        assert_eq!(clocks(game), [Some(240_000), Some(125_000), Some(190_000)]);
    }

    #[test]
    fn a_move_that_cannot_be_played_refuses_its_game_only() {
        let pushed = read("[White \"Ann\"]\n\n1. e4 e5 2. Ke3 *\n\n[White \"Bob\"]\n\n1. d4 *\n");
        assert_eq!(pushed.len(), 2);
        match &pushed[0] {
            Pushed::Refused { tags, error } => {
                assert_eq!(tags.get("White"), Some("Ann"));
                assert_eq!(
                    error,
                    &Problem::PushedMoveIllegal {
                        number: 2,
                        san: "Ke3".into()
                    }
                );
            }
            Pushed::Taken(_) => panic!("2. Ke3 was taken"),
        }
        assert!(pushed[1].game().is_some());
    }

    #[test]
    fn a_last_king_move_to_the_centre_that_cannot_be_played_is_dropped() {
        // 3. Ke4 is the DGT board's signal of the game's end.
        let pushed = one("1. e4 e5 2. Nf3 Nc6 3. Ke4 1-0\n");
        let game = pushed.game().expect("taken");
        assert_eq!(game.moves.len(), 4);
        assert_eq!(game.result, GameResult::WhiteWins);
        // Anywhere else, or not last, it is refused.
        for pgn in ["1. e4 e5 2. Ke4 Nc6 *\n", "1. e4 e5 2. Nf3 Nc6 3. Kf3 *\n"] {
            assert!(one(pgn).game().is_none(), "{pgn}");
        }
    }

    #[test]
    fn a_push_takes_a_hundred_games_and_refuses_the_rest() {
        let pgn: String = (1..=102)
            .map(|n| format!("[White \"Player {n}\"]\n\n1. e4 *\n\n"))
            .collect();
        let pushed = read(&pgn);
        assert_eq!(pushed.len(), 102);
        assert!(pushed[..100].iter().all(|p| p.game().is_some()));
        for p in &pushed[100..] {
            assert!(matches!(
                p,
                Pushed::Refused {
                    error: Problem::TooManyGamesPushed { limit: 100 },
                    ..
                }
            ));
        }
    }
}
