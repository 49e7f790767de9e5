//! A real server on a free loopback port, on a fresh database, for tests.
//!
//! The database is an SQLite file, or with `ARBITER_TEST_DB=postgres` a
//! fresh database on a throwaway PostgreSQL cluster (`pg`): the same tests
//! run on both stores.
#![allow(dead_code)]

pub mod db;
pub mod pg;
pub mod pgn;
pub mod proxy;
pub mod tournament;
pub mod view;
pub mod ws;

use db::database;

use std::net::SocketAddr;
use std::path::Path;
use std::time::Duration;

use arbiter_server::Config;
use arbiter_server::{Database, Store};
use futures_util::StreamExt;
use serde_json::{Value, json};

/// A running server and a client for it.
pub struct Server {
    pub addr: SocketAddr,
    /// The folder of the database.
    pub path: std::path::PathBuf,
    _dir: Option<tempfile::TempDir>,
    pub http: reqwest::Client,
    task: tokio::task::JoinHandle<()>,
}

impl Drop for Server {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// The store of a test whose files are in `dir`.
pub async fn open_store(dir: &Path) -> Store {
    Store::open(database(dir)).await.unwrap()
}

pub fn config(dir: &std::path::Path) -> Config {
    let mut config = Config::new(database(dir));
    config.rate_per_second = 0;
    config.gone_grace = Duration::from_millis(300);
    config
}

impl Server {
    pub async fn start() -> Server {
        let dir = tempfile::tempdir().unwrap();
        let c = config(dir.path());
        Server::start_with(dir, c).await
    }

    pub async fn start_with(dir: tempfile::TempDir, config: Config) -> Server {
        let mut s = Server::start_in(dir.path(), config).await;
        s._dir = Some(dir);
        s
    }

    /// A server on the database in `path`, which the caller keeps.
    pub async fn start_in(path: &std::path::Path, config: Config) -> Server {
        let (tx, rx) = tokio::sync::oneshot::channel();
        let task = tokio::spawn(async move {
            let mut ready = Some(tx);
            // The restart tests drop a server with its runtime, as a crash
            // would end it; but the store's own threads then take a moment
            // to close, and hold SQLite's locks meanwhile (a real crash
            // releases them with the process). A start that finds the
            // database locked tries again, for up to five seconds.
            for attempt in 0.. {
                let served = arbiter_server::serve_with(
                    "127.0.0.1:0".parse().unwrap(),
                    config.clone(),
                    |a| {
                        if let Some(tx) = ready.take() {
                            let _ = tx.send(a);
                        }
                    },
                )
                .await;
                match served {
                    Err(e) if attempt < 50 && format!("{e:?}").contains("database is locked") => {
                        tokio::time::sleep(Duration::from_millis(100)).await;
                    }
                    served => return served.unwrap(),
                }
            }
        });
        let addr = rx.await.unwrap();
        Server {
            addr,
            path: path.to_path_buf(),
            _dir: None,
            http: reqwest::Client::new(),
            task,
        }
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }

    /// `POST path` with a JSON body.
    pub async fn post_json(&self, path: &str, body: &Value) -> reqwest::Response {
        let r = self.http.post(self.url(path)).json(body);
        r.send().await.unwrap()
    }

    /// `POST /api/swiss/new/club` by `creator`, the settings as JSON.
    pub async fn new_swiss(&self, creator: &str, settings: &Value) -> reqwest::Response {
        let r = self.http.post(self.url("/api/swiss/new/club"));
        r.bearer_auth(creator).json(settings).send().await.unwrap()
    }

    /// `POST /api/swiss/new/club` by `creator`, the settings as a form (as
    /// berserk sends them).
    pub async fn new_swiss_form(&self, creator: &str, form: &[(&str, &str)]) -> reqwest::Response {
        let r = self.http.post(self.url("/api/swiss/new/club"));
        r.bearer_auth(creator).form(form).send().await.unwrap()
    }

    /// A Swiss `creator` makes with these settings, which must be
    /// accepted: its lichess JSON.
    pub async fn created_swiss(&self, creator: &str, settings: &Value) -> Value {
        let r = self.new_swiss(creator, settings).await;
        assert_eq!(r.status(), 200, "{:?}", r.text().await);
        r.json().await.unwrap()
    }

    /// The players with `tokens` join the Swiss `id`, and its creator
    /// starts round 1 now (lichess's `schedule-next-round`).
    pub async fn joined_and_started(&self, id: &str, creator: &str, tokens: &[String]) {
        for t in tokens {
            assert_eq!(
                self.post_as(&format!("/api/swiss/{id}/join"), t).await.0,
                200
            );
        }
        let (status, _) = self
            .post_as(&format!("/api/swiss/{id}/schedule-next-round"), creator)
            .await;
        assert_eq!(status, 200);
    }

    /// Creates a game; returns its creation answer.
    pub async fn create(&self, body: Value) -> Value {
        let r = self.post_json("/api/games", &body).await;
        assert_eq!(r.status(), 201, "{:?}", r.text().await);
        r.json().await.unwrap()
    }

    /// A game started at once, untimed unless `time_control` is given.
    pub async fn started_game(&self, time_control: &str) -> Value {
        self.create(
            json!({"white": "Ann", "black": "Bob", "time_control": time_control,
                           "ruleset": "fide-blitz", "start_now": true}),
        )
        .await
    }

    /// Posts an event; returns the status and the body.
    pub async fn event(&self, id: &str, token: Option<&str>, event: Value) -> (u16, Value) {
        let mut r = self
            .http
            .post(self.url(&format!("/api/games/{id}/events")))
            .json(&event);
        if let Some(t) = token {
            r = r.bearer_auth(t);
        }
        let r = r.send().await.unwrap();
        let status = r.status().as_u16();
        (status, r.json().await.unwrap_or(Value::Null))
    }

    pub async fn mv(&self, id: &str, token: &str, mv: &str) -> (u16, Value) {
        self.event(id, Some(token), json!({"kind": "move", "move": mv}))
            .await
    }

    pub async fn view(&self, id: &str) -> Value {
        self.get_json(&format!("/api/games/{id}")).await
    }

    /// `GET path`.
    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.http.get(self.url(path)).send().await.unwrap()
    }

    /// `GET path` with `token`.
    pub async fn get_with(&self, path: &str, token: &str) -> reqwest::Response {
        let r = self.http.get(self.url(path)).bearer_auth(token);
        r.send().await.unwrap()
    }

    /// `POST path` with `token` and no body.
    pub async fn post_with(&self, path: &str, token: &str) -> reqwest::Response {
        let r = self.http.post(self.url(path)).bearer_auth(token);
        r.send().await.unwrap()
    }

    /// `POST path` with `token`: the status and the JSON body (or null).
    pub async fn post_as(&self, path: &str, token: &str) -> (u16, Value) {
        let r = self.post_with(path, token).await;
        let status = r.status().as_u16();
        (status, r.json().await.unwrap_or(Value::Null))
    }

    /// `GET path` with `token`, its body read as JSON.
    pub async fn get_json_as(&self, path: &str, token: &str) -> Value {
        self.get_with(path, token).await.json().await.unwrap()
    }

    /// `GET path`, its body read as JSON.
    pub async fn get_json(&self, path: &str) -> Value {
        self.get(path).await.json().await.unwrap()
    }

    /// `GET path`, its body read as text.
    pub async fn get_text(&self, path: &str) -> String {
        self.get(path).await.text().await.unwrap()
    }
}

/// The tokens of a created game.
pub fn tokens(created: &Value) -> (String, String, String, String) {
    let s = |k: &str| created[k].as_str().unwrap().to_string();
    (
        s("id"),
        s("white_token"),
        s("black_token"),
        s("arbiter_token"),
    )
}

/// Plays `before` on a server, stops that server with every task it ran
/// (its runtime dropped, as a crash would end it), then plays `after` on a
/// new server over the same database, with what `before` kept.
pub fn across_a_restart<T>(
    before: impl AsyncFnOnce(&Server) -> T,
    after: impl AsyncFnOnce(&Server, T),
) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path();
    let first = tokio::runtime::Runtime::new().unwrap();
    let kept = first.block_on(async {
        let s = Server::start_in(path, config(path)).await;
        before(&s).await
    });
    drop(first);
    let second = tokio::runtime::Runtime::new().unwrap();
    second.block_on(async {
        let s = Server::start_in(path, config(path)).await;
        after(&s, kept).await;
    });
}

/// An account named `name`; its token.
pub async fn account(s: &Server, name: &str) -> String {
    accounts(s, &[name]).await.remove(0)
}

/// Accounts named `names`, in order; their tokens.
pub async fn accounts(s: &Server, names: &[&str]) -> Vec<String> {
    let store = open_store(&s.path).await;
    let mut tokens = Vec::new();
    for name in names {
        let token = arbiter_server::new_token();
        store.add_account(name, &token, false).await.unwrap();
        tokens.push(token);
    }
    store.close().await;
    tokens
}

/// Sends `request` and reads the JSON it is answered with.
pub async fn json_answer(request: reqwest::RequestBuilder) -> Value {
    request.send().await.unwrap().json().await.unwrap()
}

/// Alice challenges Bob (Alice White, 5+2) and Bob accepts: the challenge
/// and its game's id (the challenge's).
pub async fn challenge_accepted(s: &Server, alice: &str, bob: &str) -> (Value, String) {
    let challenge = json_answer(
        s.http
            .post(s.url("/api/challenge/bob"))
            .bearer_auth(alice)
            .json(&json!({"clock.limit": 300, "clock.increment": 2, "color": "white"})),
    )
    .await;
    let id = challenge["id"].as_str().unwrap().to_string();
    let (status, _) = s.post_as(&format!("/api/challenge/{id}/accept"), bob).await;
    assert_eq!(status, 200);
    (challenge, id)
}

/// Reads NDJSON lines (skipping keep-alives) from a streaming response.
/// The lines of an account's event stream and of a game's stream for its
/// players must be `arbiter_protocol::lichess`'s messages.
pub struct Lines {
    body: std::pin::Pin<Box<dyn futures_util::Stream<Item = reqwest::Result<bytes::Bytes>> + Send>>,
    buf: String,
    path: String,
}

impl Lines {
    pub async fn open(s: &Server, path: &str, token: &str) -> Lines {
        let r = s.get_with(path, token).await;
        assert_eq!(r.status(), 200);
        assert_eq!(r.headers()["content-type"], "application/x-ndjson");
        Lines {
            body: Box::pin(r.bytes_stream()),
            buf: String::new(),
            path: path.to_string(),
        }
    }

    /// Fails unless `line` is a message of the stream's protocol.
    fn check(&self, line: &str) {
        use arbiter_protocol::lichess::{AccountEvent, GameLine};
        let read = if self.path.starts_with("/api/stream/event") {
            serde_json::from_str::<AccountEvent>(line).err()
        } else if self.path.contains("/game/stream/") {
            serde_json::from_str::<GameLine>(line).err()
        } else {
            None
        };
        if let Some(e) = read {
            panic!("{}: not a line of the protocol: {line}: {e}", self.path);
        }
    }

    pub async fn next(&mut self) -> Value {
        loop {
            if let Some(i) = self.buf.find('\n') {
                let line: String = self.buf.drain(..=i).collect();
                if line.trim().is_empty() {
                    continue;
                }
                self.check(&line);
                return serde_json::from_str(&line).unwrap();
            }
            let chunk = tokio::time::timeout(Duration::from_secs(8), self.body.next())
                .await
                .expect("a line in time")
                .unwrap()
                .unwrap();
            self.buf.push_str(std::str::from_utf8(&chunk).unwrap());
        }
    }
}
