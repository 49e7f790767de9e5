//! What the clock's eight characters say of the referee's verdicts.

use arbiter_referee::{Effect, Verdict};

/// The text a DGT 3000 shows for a verdict, if the players must see it:
/// refusals name their reason, illegal moves and offers are announced,
/// the end of the game shows its result.
///
/// ```
/// use arbiter_referee::{Actor, Event, EventKind, Game, GameSetup, Mode};
/// use arbiter_rules::Square;
/// let setup = GameSetup { mode: Mode::OverTheBoard, ..GameSetup::default() };
/// let mut game = Game::new(setup)?;
/// game.apply(Event::new(Actor::Arbiter, 0, EventKind::Start));
/// let knight = EventKind::Release { from: Square::G1, to: Square::G3, promotion: None };
/// let placed = game.apply(Event::new(Actor::White, 10, knight));
/// assert_eq!(arbiter_eboard::display::verdict_text(&placed).as_deref(), Some("ILLEGAL"));
/// # Ok::<(), arbiter_referee::SetupError>(())
/// ```
pub fn verdict_text(verdict: &Verdict) -> Option<String> {
    if let Some(rejection) = verdict.rejection() {
        let rule = rejection.ruling.rule.to_string();
        return Some(
            match rule.as_str() {
                "FIDE 4.3.1" | "FIDE 4.3.2" | "FIDE 4.3" => "TOUCHED",
                "FIDE 4.4.2" => "ROOK 1ST",
                "FIDE 6.2.1" | "FIDE 1.2" => "NOT YOUR",
                _ => "REFUSED",
            }
            .to_string(),
        );
    }
    let mut text = None;
    for c in verdict.due().iter().chain(verdict.consequences()) {
        let said = match &c.effect {
            Effect::GameOver { result, .. } => Some(result.to_string()),
            Effect::IllegalMoveCompleted { .. } | Effect::IllegalMovePlaced { .. } => {
                Some("ILLEGAL".to_string())
            }
            Effect::DrawOffered { .. } => Some("DRAW?".to_string()),
            _ => None,
        };
        // The last thing said wins: a game over after an illegal move.
        if said.is_some() {
            text = said;
        }
    }
    text
}
