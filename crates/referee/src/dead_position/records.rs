//! The dead-position analysis of recorded games: what the referee spends
//! when it checks them by the million (`arbiter check`) rather than rules
//! a game being played.
//!
//! The answer comes from the analysis of `arbiter_rules::dead_position`:
//! locked pawn walls and bishops that can never reach a mating square
//! count, not only material. An undecided analysis counts as able to mate,
//! so a position is never called dead, nor a winner unable to mate,
//! without a proof.
//!
//! It is asked after many moves of millions of games, so it asks cheaply:
//! positions with many pieces are not analysed at all (the dead positions
//! of real games are endings); every question first goes to a short
//! helpmate search for each side with a queen, a rook or a pawn (which
//! proves most endings alive), then to the fast screen (material, locked
//! pawns, one-coloured bishops); and the budgeted search runs only for a
//! side left with minor pieces and no pawns, where the screen's proofs may
//! not reach. A side with a queen, a rook or a pawn that the screen could not
//! prove helpless counts as able to mate. The questions of one record are
//! noted as its moves are replayed and answered together at its end
//! ([`RecordQuestions`]): a dead position's successors are all dead, so a
//! mate reachable from the final position proves every earlier one alive.

use arbiter_rules::dead_position::{self, SearchBudget};
use arbiter_rules::{Bitboard, Color, Position};

/// The nodes one search may cost: a few milliseconds at worst.
const BUDGET: SearchBudget = SearchBudget::nodes(5_000);

/// The nodes of the short helpmate search that looks for a side's mate
/// before the screen is asked (see [`Screens::mate_found`]).
const SHORT_SEARCH: SearchBudget = SearchBudget::nodes(2_000);

/// The most nodes [`proven_alive`] spends on one side.
const MAX_PROOF_NODES: u64 = 100_000;

/// Pieces other than kings and pawns up to which a position is analysed.
const MAX_PIECES_ANALYSED: u32 = 4;

/// The fast screen's and the searches' answers for one position, each side
/// asked at most once: the end of a game asks several questions of its
/// final position (whether it is dead, while looking for the first dead
/// position and again when checking the result; whether the winner can
/// mate), and one search costs more than replaying a whole game.
#[derive(Copy, Clone, Debug, Default)]
struct Screens {
    /// Per side (White, Black): the screen's answer, once asked.
    answers: [Option<Option<bool>>; 2],
    /// Per side: the answer of the short search of [`Screens::mate_found`],
    /// once asked.
    short: [Option<Option<bool>>; 2],
    /// Per side: whether the budgeted search proved it unable to mate,
    /// once asked.
    searched: [Option<bool>; 2],
}

impl Screens {
    /// The screen's answer for `side` in `pos`, the position these screens
    /// belong to: see [`dead_position::quick_can_mate`]. Where the short
    /// search has been asked, its answer stands, or when it was cut short
    /// only the static analysis is asked: the screen's own search, smaller,
    /// would be cut short too.
    fn of(&mut self, pos: &Position, side: Color) -> Option<bool> {
        let short = self.short[side as usize];
        *self.answers[side as usize].get_or_insert_with(|| match short {
            Some(None) => dead_position::statically_unable(pos, side).then_some(false),
            Some(decided) => decided,
            None => dead_position::quick_can_mate(pos, side),
        })
    }

    /// `true` when a short helpmate search of [`SHORT_SEARCH`] nodes finds
    /// a mate for `side` in `pos` (the position these screens belong to),
    /// who has a queen, a rook or a pawn: a proof that `pos` is not dead.
    /// `false` says nothing.
    ///
    /// The positions [`is_dead`] analyses, with pawns locked head to head,
    /// are mostly alive: a king walks round to take a blocker, and the pawn
    /// it freed promotes. The screen's static analysis, which could only
    /// prove the opposite, costs there several times such a search, which
    /// finds the line in most of them: asked first, it spares the analysis.
    /// Minor pieces alone are left to the screen: their mates, when they
    /// exist, lie beyond it.
    fn mate_found(&mut self, pos: &Position, side: Color) -> bool {
        has_strong_material(pos, side)
            && *self.short[side as usize]
                .get_or_insert_with(|| dead_position::quick_search(pos, side, SHORT_SEARCH))
                == Some(true)
    }

    /// [`searched_unable`] for `side` in `pos`, the position these screens
    /// belong to.
    fn searched_unable(&mut self, pos: &Position, side: Color) -> bool {
        *self.searched[side as usize].get_or_insert_with(|| searched_unable(pos, side))
    }
}

/// `true` if `color` could still checkmate by some legal series of moves
/// (or the position was not analysed, or the analysis could not tell).
/// `screens` are those of `pos` asked so far.
fn can_mate(pos: &Position, color: Color, screens: &mut Screens) -> bool {
    !worth_analysing(pos)
        || dead_position::keeps_winning_force(pos, color)
        || has_mobile_pawn(pos, color)
        || mates_with_minor_pieces_soon(pos, color)
        || !proven_unable(pos, color, screens)
}

/// The dead-position questions of one game record: the positions of its
/// main line that may be dead, noted as it is replayed and answered
/// together at its end, and the questions asked of its final position.
///
/// A position becomes dead almost always after a capture, a pawn move or
/// a check (which may leave only stalemating replies); castling rights
/// lost can close the last way out too. Only those positions are noted,
/// and only endings among them: at most four pieces besides kings and
/// pawns, every pawn blocked head on, no queen, rook or passed pawn. At the
/// end, a mate reachable from the final position proves every noted
/// position alive (a dead position's successors are all dead); otherwise
/// each is asked in turn. One per replaying thread, reused record after
/// record.
///
/// ```
/// use arbiter_referee::dead_position::RecordQuestions;
/// use arbiter_rules::Position;
/// let mut questions = RecordQuestions::default();
/// // A bishop behind a locked wall, after a pawn move: noted, and dead.
/// let wall = Position::from_fen("8/8/4k3/1p1p1p1p/1P1P1P1P/2B1K3/8/8 w - - 0 1")?;
/// assert!(questions.note(&wall, true));
/// assert_eq!(questions.first_dead(&wall, true), Some(0));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct RecordQuestions {
    /// The positions noted, in the order of the main line.
    noted: Vec<Position>,
    /// The screens of the final position, shared by the questions asked of
    /// it (whether it is dead, while looking for the first dead position
    /// and again when the result is checked; whether the winner can mate):
    /// one search costs more than replaying a whole game.
    end: Screens,
}

impl RecordQuestions {
    /// Forgets the last record's questions: the next record begins.
    pub fn clear(&mut self) {
        self.noted.clear();
        self.end = Screens::default();
    }

    /// Notes `pos`, which a main-line move reached, if it may be dead, and
    /// says whether it did. `irreversible` tells a capture, a pawn move or
    /// castling rights lost; the test for check, which costs more, comes
    /// after the cheap tests that rule out all but endings.
    #[inline]
    pub fn note(&mut self, pos: &Position, irreversible: bool) -> bool {
        if !worth_asking(pos) || !(irreversible || pos.is_check()) {
            return false;
        }
        self.noted.push(pos.clone());
        true
    }

    /// How many positions are noted.
    pub fn noted(&self) -> usize {
        self.noted.len()
    }

    /// The first noted position that is dead (counted from 0), if one is:
    /// none when a mate can still be reached from `end`, the final
    /// position, which every noted one leads to (`reached_by_moves`:
    /// `false` when a null move came between, and legal moves do not lead
    /// from them to it); otherwise the first found dead when each is asked
    /// in turn.
    pub fn first_dead(&mut self, end: &Position, reached_by_moves: bool) -> Option<usize> {
        let questions = self.noted.len();
        if questions == 0 {
            return None;
        }
        // A game that ends in checkmate shows a mate reached, by legal
        // moves, from each of its positions. The quick proof is asked
        // whatever the number of questions: the final position often has
        // a free pawn where the earlier ones had locked walls, and a short
        // search finds its mate at a fraction of what one of them costs.
        if reached_by_moves
            && (end.is_checkmate()
                || quickly_proven_alive(end, &mut self.end)
                || (questions >= 2 || worth_asking(end))
                    && proven_alive(end, questions, &mut self.end))
        {
            return None;
        }
        let screens = &mut self.end;
        self.noted.iter().position(|pos| {
            if pos == end {
                is_dead_screened(pos, screens)
            } else {
                is_dead(pos)
            }
        })
    }

    /// Whether `end`, the record's final position, is dead (FIDE 5.2.2).
    pub fn end_is_dead(&mut self, end: &Position) -> bool {
        is_dead_screened(end, &mut self.end)
    }

    /// Whether `side` can still checkmate from `end`, the record's final
    /// position, by some legal series of moves (or the analysis could not
    /// tell).
    pub fn can_mate_at_end(&mut self, end: &Position, side: Color) -> bool {
        can_mate(end, side, &mut self.end)
    }
}

/// Whether `color` has a mating pair of minor pieces on a board without
/// pawns (two knights, a bishop and a knight, or bishops on both colours),
/// none of them under attack, in a position that has moves. Such a pair
/// mates a king driven to the edge (`Kb6 Na6 Nc7` against `Ka8`, the mates
/// of the bishop and knight ending, of the two bishops); with no pawn on
/// the board nothing stands in the way for good, and with neither piece
/// attacked the opponent has no only move that takes one of them (the
/// trap of a forced capture that leaves a lone minor piece). So a mate can
/// be reached by some series of legal moves. This settles at once endings
/// the search needs thousands of nodes for; it answers only "can mate",
/// which the search would prove or leave undecided, never "cannot".
fn mates_with_minor_pieces(pos: &Position, color: Color) -> bool {
    let Some(pair) = minor_pair(pos, color) else {
        return false;
    };
    !pos.attacked_by(!color).intersects(pair) && pos.has_legal_moves()
}

/// The knights and bishops of `color` when they make a mating pair (two
/// knights, a bishop and a knight, or bishops on both colours) on a board
/// without pawns.
fn minor_pair(pos: &Position, color: Color) -> Option<Bitboard> {
    let board = pos.board();
    if board.pawns().any() {
        return None;
    }
    let own = board.by_color(color);
    let knights = board.knights() & own;
    let bishops = board.bishops() & own;
    let both_colours =
        bishops.intersects(Bitboard::LIGHT_SQUARES) && bishops.intersects(Bitboard::DARK_SQUARES);
    let pair = knights.more_than_one() || (knights.any() && bishops.any()) || both_colours;
    pair.then_some(knights | bishops)
}

/// Plies of lookahead [`mates_with_minor_pieces_soon`] spends: enough to
/// step out of an attack and answer it, and a few hundred positions at
/// most.
const PAIR_LOOKAHEAD: u32 = 2;

/// [`mates_with_minor_pieces`] now or after some legal series of at most
/// [`PAIR_LOOKAHEAD`] moves: a pair under attack, as after the capture that
/// brought an ending about, is usually free a move or two later. Each
/// position of the series leads to the next by a legal move, so a mate
/// reachable from the last is reachable from `pos`: this answers only "can
/// mate", in a few thousand instructions where the analysis would search.
fn mates_with_minor_pieces_soon(pos: &Position, color: Color) -> bool {
    pair_mates_within(pos, color, PAIR_LOOKAHEAD)
}

/// [`mates_with_minor_pieces`] now or after at most `plies` legal moves.
fn pair_mates_within(pos: &Position, color: Color, plies: u32) -> bool {
    if mates_with_minor_pieces(pos, color) {
        return true;
    }
    plies > 0
        && minor_pair(pos, color).is_some()
        && pos
            .legal_moves()
            .iter()
            .any(|&m| pair_mates_within(&pos.after(m), color, plies - 1))
}

/// Whether one of `color`'s pawns is not blocked head on by an enemy pawn:
/// such a pawn keeps a side's chances alive in practice (see
/// [`may_be_dead`]).
fn has_mobile_pawn(pos: &Position, color: Color) -> bool {
    let board = pos.board();
    let ours = board.pawns() & board.by_color(color);
    let theirs = board.pawns() & board.by_color(!color);
    let fronts = match color {
        Color::White => ours.shift_up(),
        Color::Black => ours.shift_down(),
    };
    (fronts - theirs).any()
}

/// `true` if neither side can checkmate any more: a dead position, which
/// ends the game at once (FIDE 5.2.2).
fn is_dead(pos: &Position) -> bool {
    is_dead_screened(pos, &mut Screens::default())
}

/// [`is_dead`], with the screens of `pos` asked so far.
fn is_dead_screened(pos: &Position, screens: &mut Screens) -> bool {
    if !worth_asking(pos)
        || Color::ALL
            .into_iter()
            .any(|side| mates_with_minor_pieces_soon(pos, side))
    {
        return false;
    }
    // The short searches of both sides come before either screen, whose
    // static analysis costs several of them and is spared where one finds
    // a mate. Then one side at a time, before any budgeted search: a side
    // found able to mate, or left undecided by the screen with a queen, a
    // rook or a pawn (which then counts as able), settles the question
    // without the other side's screen.
    let sides = likelier_to_mate_first(pos);
    if sides.into_iter().any(|side| screens.mate_found(pos, side)) {
        return false;
    }
    for side in sides {
        match screens.of(pos, side) {
            Some(true) => return false,
            None if has_strong_material(pos, side) => return false,
            _ => {}
        }
    }
    sides
        .into_iter()
        .all(|side| screens.of(pos, side) == Some(false) || screens.searched_unable(pos, side))
}

/// Whether [`is_dead`] would analyse `pos` at all: the cheap tests that
/// answer "not dead" for almost every position of a game, without search.
#[inline]
fn worth_asking(pos: &Position) -> bool {
    worth_analysing(pos) && may_be_dead(pos)
}

/// `true` when a line of legal moves from `pos` ends in a checkmate, found
/// for either side (or a mating pair of minor pieces shows one exists): a
/// proof that `pos` is not dead, and so that no position before it in the
/// game was dead either (a dead position's successors are all dead).
/// `false` says nothing.
///
/// `questions` is how many positions of the game the proof would spare
/// [`is_dead`]: it spends about what answering them would cost. The screen
/// comes first; the search only when several questions are at stake. The
/// side likelier to mate is asked first, screen then search: once it is
/// found able to mate, the other side costs nothing.
fn proven_alive(pos: &Position, questions: usize, screens: &mut Screens) -> bool {
    let sides = likelier_to_mate_first(pos);
    if sides
        .into_iter()
        .any(|side| mates_with_minor_pieces_soon(pos, side))
    {
        return true;
    }
    let nodes = (questions as u64 * BUDGET.get()).min(MAX_PROOF_NODES);
    sides.into_iter().any(|side| match screens.of(pos, side) {
        Some(able) => able,
        None => {
            questions >= 2
                && matches!(
                    dead_position::can_mate(pos, side, SearchBudget::nodes(nodes)),
                    dead_position::Winnability::Winnable { .. }
                )
        }
    })
}

/// A proof, cheap to look for, that `pos` is not dead: a mating pair of
/// minor pieces, or a mate found by the short search of
/// [`Screens::mate_found`].
/// `false` says nothing. `screens` are those of `pos` asked so far.
fn quickly_proven_alive(pos: &Position, screens: &mut Screens) -> bool {
    likelier_to_mate_first(pos)
        .into_iter()
        .any(|side| mates_with_minor_pieces_soon(pos, side) || screens.mate_found(pos, side))
}

/// Both sides, the one likelier to be found able to mate first: a side
/// with a queen or a rook (whose mates a short search finds in a few
/// nodes), else one with a passed pawn, else one with a mobile pawn (a
/// queen to come), else the side to move. Only the cost of a proof depends
/// on the order, never its answer.
fn likelier_to_mate_first(pos: &Position) -> [Color; 2] {
    let board = pos.board();
    let prospects = |side| {
        (
            (board.rooks_and_queens() & board.by_color(side)).any(),
            dead_position::keeps_winning_force(pos, side),
            has_mobile_pawn(pos, side),
        )
    };
    let (us, them) = (pos.turn(), !pos.turn());
    let first = if prospects(them) > prospects(us) {
        them
    } else {
        us
    };
    [first, !first]
}

/// A quick test that lets almost every live ending through unanalysed:
/// with a queen or a rook on the board, or a passed pawn that may run to
/// promotion, the analysis could not prove the position dead within what
/// records are given, so it is not asked.
///
/// Pawns must stand locked head to head, as in the pawn walls of real dead
/// positions: mobile pawns keep a position alive in practice, and proving
/// otherwise is the costly part of the analysis.
fn may_be_dead(pos: &Position) -> bool {
    Color::ALL
        .into_iter()
        .all(|side| !has_mobile_pawn(pos, side) && !dead_position::keeps_winning_force(pos, side))
}

/// `true` if the analysis proves `color` can never mate.
fn proven_unable(pos: &Position, color: Color, screens: &mut Screens) -> bool {
    match screens.of(pos, color) {
        Some(able) => !able,
        None => screens.searched_unable(pos, color),
    }
}

/// The budgeted search, for a side with minor pieces only: a queen, a rook
/// or a pawn the screen could not prove helpless counts as able to mate.
fn searched_unable(pos: &Position, color: Color) -> bool {
    !has_strong_material(pos, color) && dead_position::can_mate(pos, color, BUDGET).is_unwinnable()
}

/// Whether `color` has a queen, a rook or a pawn: material the budgeted
/// search is not asked about (see [`searched_unable`]).
fn has_strong_material(pos: &Position, color: Color) -> bool {
    let board = pos.board();
    ((board.queens() | board.rooks() | board.pawns()) & board.by_color(color)).any()
}

/// `true` for endings: at most [`MAX_PIECES_ANALYSED`] pieces besides kings
/// and pawns.
#[inline]
fn worth_analysing(pos: &Position) -> bool {
    let board = pos.board();
    let mut others = board.occupied() - board.kings() - board.pawns();
    // Asked after every move: dropping squares one by one beats counting
    // them on a build without a population-count instruction.
    for _ in 0..MAX_PIECES_ANALYSED {
        others.pop_first();
    }
    others.is_empty()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).unwrap()
    }

    #[test]
    fn a_locked_wall_is_dead_and_a_rook_keeps_the_game_alive() {
        assert!(is_dead(&pos(
            "8/8/4k3/1p1p1p1p/1P1P1P1P/2B1K3/8/8 w - - 0 1"
        )));
        assert!(!is_dead(&pos(
            "8/8/4k3/1p1p1p1p/1P1P1P1P/2R1K3/8/8 w - - 0 1"
        )));
        assert!(is_dead(&pos("8/8/3k4/8/2b5/8/4B3/4K3 w - - 0 1")));
    }

    #[test]
    fn a_short_search_proves_a_locked_wall_alive_without_the_screen() {
        // Either king can walk round and take the b-pawn in front of its
        // own: the screen's few hundred nodes cannot tell, the short
        // search finds the mate.
        let locked = pos("8/8/8/1p4K1/1P1k4/8/8/8 b - - 0 51");
        assert_eq!(dead_position::quick_can_mate(&locked, Color::White), None);
        assert!(Screens::default().mate_found(&locked, Color::White));
        assert!(Screens::default().mate_found(&locked, Color::Black));
        let mut screens = Screens::default();
        assert!(!is_dead_screened(&locked, &mut screens));
        assert_eq!(screens.answers, [None, None]);
        assert!(quickly_proven_alive(&locked, &mut Screens::default()));
        // A bishop behind a wall it cannot pass: no mate to find, and the
        // screen proves the position dead.
        let dead = pos("8/8/4k3/1p1p1p1p/1P1P1P1P/2B1K3/8/8 w - - 0 1");
        assert!(!quickly_proven_alive(&dead, &mut Screens::default()));
        assert!(is_dead(&dead));
    }

    #[test]
    fn the_screen_after_a_short_search_decides_what_the_whole_screen_does() {
        // Dead behind a wall, alive with a pawn to take (the static
        // analysis cannot tell), a pawn race, a bare king.
        for fen in [
            "8/8/4k3/1p1p1p1p/1P1P1P1P/2B1K3/8/8 w - - 0 1",
            "2B5/8/6K1/p3k3/P7/8/8/8 w - - 1 75",
            "8/8/2K5/p7/Pk6/8/8/8 w - - 0 46",
            "8/8/8/3k4/7p/7K/8/8 b - - 0 72",
        ] {
            let pos = pos(fen);
            for side in Color::ALL {
                let mut screens = Screens::default();
                screens.mate_found(&pos, side);
                // The short search may decide what the screen's smaller
                // one leaves open; never the other way round.
                let whole = dead_position::quick_can_mate(&pos, side);
                let after_search = screens.of(&pos, side);
                assert!(
                    whole.is_none() || after_search == whole,
                    "{fen} {side:?}: {after_search:?} against {whole:?}"
                );
            }
        }
    }

    #[test]
    fn a_side_with_a_queen_is_asked_first() {
        // White's pawn is passed, but Black's queen mates in a few nodes.
        let queen = pos("3K4/3P4/2q1k3/8/8/8/8/8 w - - 3 85");
        assert_eq!(likelier_to_mate_first(&queen), [Color::Black, Color::White]);
        let pawns = pos("8/8/2K5/p7/Pk6/8/8/8 w - - 0 46");
        assert_eq!(likelier_to_mate_first(&pawns), [Color::White, Color::Black]);
    }

    #[test]
    fn a_mating_pair_without_pawns_keeps_the_game_alive() {
        let bishop_and_knight = pos("8/8/8/8/2N5/1K6/3B4/1k6 w - - 0 1");
        assert!(mates_with_minor_pieces(&bishop_and_knight, Color::White));
        assert!(!mates_with_minor_pieces(&bishop_and_knight, Color::Black));
        assert!(!is_dead(&bishop_and_knight));
        assert!(can_mate(
            &bishop_and_knight,
            Color::White,
            &mut Screens::default()
        ));
        let two_knights = pos("8/8/8/3k4/8/2NN4/8/4K3 b - - 0 1");
        assert!(mates_with_minor_pieces(&two_knights, Color::White));
        // Bishops on one colour never mate a lone king; a pawn may wall
        // the pieces in.
        let one_colour = pos("8/8/3k4/8/8/2B1B3/8/4K3 w - - 0 1");
        assert!(!mates_with_minor_pieces(&one_colour, Color::White));
        let with_a_pawn = pos("8/8/3k4/8/p7/P1N5/3B4/4K3 w - - 0 1");
        assert!(!mates_with_minor_pieces(&with_a_pawn, Color::White));
    }

    #[test]
    fn a_pair_under_attack_that_gets_free_within_two_moves_can_mate() {
        // The king on c7 attacks the knight on d6 and the bishop the one
        // on e8: after 109... Kb6 110. Nf6 neither knight is attacked.
        let knights = pos("4N3/2k5/3N4/4K3/b7/8/8/8 b - - 0 109");
        assert!(!mates_with_minor_pieces(&knights, Color::White));
        assert!(mates_with_minor_pieces_soon(&knights, Color::White));
        assert!(!mates_with_minor_pieces_soon(&knights, Color::Black));
        assert!(!is_dead(&knights));
        // Black may take the bishop, but need not.
        let bishop_and_knight = pos("8/8/8/8/8/1BN5/2k5/K7 b - - 0 1");
        assert!(!mates_with_minor_pieces(&bishop_and_knight, Color::White));
        assert!(mates_with_minor_pieces_soon(
            &bishop_and_knight,
            Color::White
        ));
    }

    #[test]
    fn a_pair_one_of_which_must_be_taken_is_no_pair() {
        // Black's only move takes the bishop, leaving a lone knight.
        let trap = pos("k7/1B6/2N5/8/8/8/8/7K b - - 0 1");
        assert!(!mates_with_minor_pieces(&trap, Color::White));
        assert!(!mates_with_minor_pieces_soon(&trap, Color::White));
        assert!(is_dead(&trap.after(trap.legal_moves()[0])));
    }
}
