//! Accounts: who a bearer token belongs to, read from the store and kept
//! a moment, so that a client's every request does not query the
//! database.

use std::collections::HashMap;
use std::sync::RwLock;
use std::time::{Duration, Instant};

use crate::store::{Account, Store, StoreError};
use crate::token::TokenDigest;

/// How long an account read by its token is trusted before it is read
/// again (a deleted account, or a replaced token, stops working this soon
/// on a running server).
const ACCOUNT_FRESH: Duration = Duration::from_secs(1);

/// The accounts of the store, by token.
#[derive(Debug)]
pub struct Accounts {
    store: Store,
    /// Accounts by token, each with when it was read: `arbiter account`
    /// changes the database under a running server, so an entry is read
    /// again once older than [`ACCOUNT_FRESH`].
    by_token: RwLock<HashMap<TokenDigest, (Account, Instant)>>,
}

impl Accounts {
    /// The accounts of `store`.
    pub fn new(store: Store) -> Accounts {
        Accounts {
            store,
            by_token: RwLock::new(HashMap::new()),
        }
    }

    /// Forgets what was read of `token`'s account, after it changed.
    pub fn forget_token(&self, token: &str) {
        self.by_token
            .write()
            .expect("accounts lock")
            .remove(&TokenDigest::of(token));
    }

    /// The account that `token` belongs to.
    pub async fn by_token(&self, token: &str) -> Result<Option<Account>, StoreError> {
        let digest = TokenDigest::of(token);
        if let Some((a, read)) = self.by_token.read().expect("accounts lock").get(&digest)
            && read.elapsed() < ACCOUNT_FRESH
        {
            return Ok(Some(a.clone()));
        }
        let found = self.store.account_by_token(&digest).await?;
        let mut accounts = self.by_token.write().expect("accounts lock");
        match &found {
            Some(a) => {
                accounts.insert(digest, (a.clone(), Instant::now()));
            }
            // Deleted, or its token replaced.
            None => {
                accounts.remove(&digest);
            }
        }
        Ok(found)
    }
}
