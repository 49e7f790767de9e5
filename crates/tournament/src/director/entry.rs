//! Who may enter himself: with the event's entry code, when it has one,
//! and from its allow list, when it has one.

use super::{Director, Refusal};

impl Director {
    /// Whether a player who enters himself through the event's link may:
    /// the event has no entry code, or `given` is it. The arbiter enters
    /// players by hand without it.
    ///
    /// ```
    /// use arbiter_tournament::director::{Director, Event, EventKind, Refusal, Settings};
    /// let mut settings = Settings::swiss("Club Open", 5, "300+3".parse().unwrap());
    /// settings.entry_code = Some("knight".into());
    /// let mut t = Director::default();
    /// t.apply(&Event { at_ms: 0, by: "arbiter".into(), kind: EventKind::Created { settings } })?;
    /// assert_eq!(t.check_entry_code(Some("knight")), Ok(()));
    /// assert_eq!(t.check_entry_code(Some("bishop")), Err(Refusal::WrongEntryCode));
    /// assert_eq!(t.check_entry_code(None), Err(Refusal::WrongEntryCode));
    /// # Ok::<(), Refusal>(())
    /// ```
    pub fn check_entry_code(&self, given: Option<&str>) -> Result<(), Refusal> {
        match self.settings().and_then(|s| s.entry_code.as_deref()) {
            None => Ok(()),
            Some(code) if same_secret(code, given.unwrap_or("")) => Ok(()),
            Some(_) => Err(Refusal::WrongEntryCode),
        }
    }

    /// Whether the event asks an entry code of a player who enters
    /// himself.
    pub fn has_entry_code(&self) -> bool {
        self.settings().is_some_and(|s| s.entry_code.is_some())
    }

    /// Whether the account `account` (`None`: a player without one) may
    /// enter itself: the event has no allow list, or the account is on
    /// it. The arbiter enters players by hand without it.
    ///
    /// ```
    /// use arbiter_tournament::director::{Director, Event, EventKind, Refusal, Settings};
    /// let mut settings = Settings::swiss("Club Open", 5, "300+3".parse().unwrap());
    /// settings.allowed_accounts = vec!["alice".into()];
    /// let mut t = Director::default();
    /// t.apply(&Event { at_ms: 0, by: "arbiter".into(), kind: EventKind::Created { settings } })?;
    /// assert_eq!(t.check_allowed(Some("Alice")), Ok(()));
    /// assert_eq!(t.check_allowed(Some("bob")), Err(Refusal::NotOnAllowList { account: "bob".into() }));
    /// assert_eq!(t.check_allowed(None), Err(Refusal::AllowListNeedsAccount));
    /// # Ok::<(), Refusal>(())
    /// ```
    pub fn check_allowed(&self, account: Option<&str>) -> Result<(), Refusal> {
        let Some(list) = self
            .settings()
            .map(|s| &s.allowed_accounts)
            .filter(|l| !l.is_empty())
        else {
            return Ok(());
        };
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
