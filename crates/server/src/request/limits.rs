//! Per-client rate limiting: each client address gets a token bucket
//! (governor's GCRA); a client that empties it gets 429 until it refills.

use std::net::{IpAddr, SocketAddr};
use std::num::NonZeroU32;
use std::sync::Arc;

use axum::extract::{ConnectInfo, Request, State};
use axum::http::header;
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

use super::error::ApiError;
use crate::services::Services;

/// The limiter shared by all requests.
pub type Limiter = Arc<DefaultKeyedRateLimiter<IpAddr>>;

/// A limiter allowing `per_second` requests a second per address, in
/// bursts of `burst`; `None` when limiting is switched off (`per_second`
/// 0).
pub fn limiter(per_second: u32, burst: u32) -> Option<Limiter> {
    let rate = NonZeroU32::new(per_second)?;
    let burst = NonZeroU32::new(burst.max(1)).expect("at least one");
    let limiter = Arc::new(RateLimiter::keyed(
        Quota::per_second(rate).allow_burst(burst),
    ));
    let pruned = limiter.clone();
    // Forget quiet clients now and then, so the table stays small.
    tokio::spawn(async move {
        let mut every = tokio::time::interval(std::time::Duration::from_secs(60));
        loop {
            every.tick().await;
            pruned.retain_recent();
        }
    });
    Some(limiter)
}

/// The middleware: 429 with `Retry-After` when the client's bucket is
/// empty. A request another node forwarded was counted where it came in.
pub async fn limit(
    State((limiter, services)): State<(Limiter, Arc<Services>)>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    request: Request,
    next: Next,
) -> Response {
    if services
        .node
        .as_ref()
        .is_some_and(|node| super::forward::is_forwarded(&node.peers, &request))
    {
        return next.run(request).await;
    }
    match limiter.check_key(&addr.ip()) {
        Ok(()) => next.run(request).await,
        Err(_) => ([(header::RETRY_AFTER, "1")], ApiError::TooManyRequests).into_response(),
    }
}
