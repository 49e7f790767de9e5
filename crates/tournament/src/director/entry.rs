//! Admission: who may enter. The arbiter enters anyone by hand; a player
//! who enters himself through the event's link is admitted only with the
//! event's entry code, when it has one, and from its allow list, when it
//! has one. The fold checks this when it applies the registration
//! ([`super::EventKind::Registered`]), so no way in (the console, the API,
//! lichess's Swiss API, a replayed log) can skip it; the services ask
//! [`Director::may_enter`] first only to refuse before making an account.
//!
//! FIDE mode's refusals on entry belong here too, beside the others.

use super::{Director, Refusal, Registration, Settings};

impl Director {
    /// Whether `by` may enter `player` now, giving `entry_code`: what the
    /// fold checks of a registration, without applying it.
    ///
    /// ```
    /// use arbiter_tournament::director::{Director, Event, EventKind, Refusal, Registration, Settings};
    /// let mut settings = Settings::swiss("Club Open", 5, "300+3".parse().unwrap());
    /// settings.entry_code = Some("knight".into());
    /// settings.allowed_accounts = vec!["alice".into()];
    /// let mut t = Director::default();
    /// t.apply(&Event { at_ms: 0, by: "arbiter".into(), kind: EventKind::Created { settings } })?;
    /// let alice = Registration { name: "Alice".into(), account: Some("alice".into()), ..Registration::default() };
    /// assert_eq!(t.may_enter("alice", &alice, Some("knight")), Ok(()));
    /// assert_eq!(t.may_enter("alice", &alice, Some("bishop")), Err(Refusal::WrongEntryCode));
    /// let bob = Registration { name: "Bob".into(), account: Some("bob".into()), ..Registration::default() };
    /// assert_eq!(t.may_enter("bob", &bob, Some("knight")), Err(Refusal::NotOnAllowList { account: "bob".into() }));
    /// // The arbiter enters anyone, without the code.
    /// assert_eq!(t.may_enter("arbiter", &bob, None), Ok(()));
    /// # Ok::<(), Refusal>(())
    /// ```
    pub fn may_enter(
        &self,
        by: &str,
        player: &Registration,
        entry_code: Option<&str>,
    ) -> Result<(), Refusal> {
        let settings = self.settings().ok_or(Refusal::NotCreated)?;
        self.check_registration(settings, player)?;
        self.admit(settings, by, player, entry_code)
    }

    /// Whether the event asks an entry code of a player who enters
    /// himself.
    pub fn has_entry_code(&self) -> bool {
        self.settings().is_some_and(|s| s.entry_code.is_some())
    }

    /// The admission of a registration by `by`: the arbiter (the event's
    /// creator) enters anyone; anyone else enters only himself (his own
    /// account, or none when he has none yet), with the entry code and
    /// from the allow list.
    pub(super) fn admit(
        &self,
        settings: &Settings,
        by: &str,
        player: &Registration,
        entry_code: Option<&str>,
    ) -> Result<(), Refusal> {
        if by == self.created_by() {
            return Ok(());
        }
        if player.account.as_deref().is_some_and(|a| a != by) {
            return Err(Refusal::EntersOnlyHimself);
        }
        check_entry_code(settings, entry_code)?;
        check_allowed(settings, player.account.as_deref())
    }
}

/// The entry code given is the event's, when it has one.
fn check_entry_code(settings: &Settings, given: Option<&str>) -> Result<(), Refusal> {
    match settings.entry_code.as_deref() {
        None => Ok(()),
        Some(code) if same_secret(code, given.unwrap_or("").trim()) => Ok(()),
        Some(_) => Err(Refusal::WrongEntryCode),
    }
}

/// The account (`None`: a player without one) is on the event's allow
/// list, when it has one (compared without case, as lichess compares user
/// names).
fn check_allowed(settings: &Settings, account: Option<&str>) -> Result<(), Refusal> {
    let list = &settings.allowed_accounts;
    if list.is_empty() {
        return Ok(());
    }
    let Some(account) = account else {
        return Err(Refusal::AllowListNeedsAccount);
    };
    if list.iter().any(|a| a.eq_ignore_ascii_case(account)) {
        Ok(())
    } else {
        Err(Refusal::NotOnAllowList {
            account: account.to_string(),
        })
    }
}

/// Compares two codes in a time that depends only on their lengths, so
/// that guessing one byte at a time by the answer's delay gains nothing.
fn same_secret(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::same_secret;

    #[test]
    fn codes_are_the_same_only_byte_for_byte() {
        assert!(same_secret("knight", "knight"));
        assert!(!same_secret("knight", "Knight"));
        assert!(!same_secret("knight", "knigh"));
        assert!(!same_secret("knight", ""));
        assert!(same_secret("", ""));
    }
}
