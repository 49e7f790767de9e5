//! `arbiter witness --log URL --key-file F`: a witness (c2sp.org/tlog-witness)
//! for one or more Arbiter logs. It answers `POST /add-checkpoint`: it
//! cosigns a log's new checkpoint only with a valid consistency proof from
//! the last one it cosigned, so that its cosignature says the log only
//! grew. What it last cosigned for each log, and each log's key, are kept
//! in a state file, written and synced before it answers.

use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use anyhow::{Context, bail};
use arbiter_tlog::witness::{self, Refusal, WatchedLog, Witnessed};
use arbiter_tlog::{Hash, KeyKind, SigningKey, VerifierKey};
use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use serde::{Deserialize, Serialize};
use tokio::sync::Mutex;

/// Arguments of `arbiter witness`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// A log to vouch for: the address of its `arbiter serve`. Its key is
    /// read from `URL/checkpoint/key` the first time and kept in the state
    /// file; a log whose key later differs is refused. May be given
    /// several times.
    #[arg(long = "log", value_name = "URL")]
    logs: Vec<String>,
    /// A log to vouch for, by its verifier key (`arbiter key` prints it),
    /// without asking the log. May be given several times.
    #[arg(long = "log-key", value_name = "KEY")]
    log_keys: Vec<String>,
    /// The witness's own signing key, made if missing (readable by its
    /// owner only).
    #[arg(long, value_name = "FILE")]
    key_file: PathBuf,
    /// The witness's name, for a new key (default: `arbiter-witness/` and
    /// the machine's host name).
    #[arg(long)]
    name: Option<String>,
    /// Where it keeps what it last cosigned (default: the key file's path
    /// with `.state` added).
    #[arg(long, value_name = "FILE")]
    state: Option<PathBuf>,
    /// The address to listen on (port 0 picks a free one).
    #[arg(long, default_value = "127.0.0.1:8090")]
    listen: SocketAddr,
}

/// What the witness keeps of each log, by origin.
#[derive(Debug, Default, Serialize, Deserialize)]
struct WitnessState {
    logs: BTreeMap<String, LogState>,
}

#[derive(Debug, Serialize, Deserialize)]
struct LogState {
    /// The log's verifier key.
    key: String,
    /// The last checkpoint cosigned: size and base64 root.
    size: u64,
    root: Option<String>,
}

impl WitnessState {
    fn read(path: &Path) -> anyhow::Result<WitnessState> {
        match std::fs::read_to_string(path) {
            Ok(text) => serde_json::from_str(&text)
                .with_context(|| format!("{}: not a witness's state", path.display())),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(WitnessState::default()),
            Err(e) => Err(e).with_context(|| format!("cannot read {}", path.display())),
        }
    }

    /// Replaces the file whole and syncs it, so that a crash leaves the
    /// old state or the new, never a torn one.
    fn write(&self, path: &Path) -> anyhow::Result<()> {
        let partial = path.with_extension("partial");
        let text = serde_json::to_string_pretty(self)?;
        {
            use std::io::Write;
            let mut file = std::fs::File::create(&partial)
                .with_context(|| format!("cannot write {}", partial.display()))?;
            file.write_all(text.as_bytes())?;
            file.sync_all()?;
        }
        std::fs::rename(&partial, path)
            .with_context(|| format!("cannot replace {}", path.display()))?;
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::File::open(dir)?.sync_all()?;
        }
        Ok(())
    }

    fn witnessed(&self, origin: &str) -> Option<Witnessed> {
        let log = self.logs.get(origin)?;
        Some(Witnessed {
            size: log.size,
            root: Hash::from_base64(log.root.as_deref()?)?,
        })
    }

    /// Pins `key` for its log, or checks it is the one pinned.
    fn pin(&mut self, key: &VerifierKey) -> anyhow::Result<()> {
        let text = key.to_string();
        match self.logs.get(key.name()) {
            Some(log) if log.key != text => bail!(
                "the log {} now has the key {text}, not {} as before: refused",
                key.name(),
                log.key
            ),
            Some(_) => {}
            None => {
                self.logs.insert(
                    key.name().to_string(),
                    LogState {
                        key: text,
                        size: 0,
                        root: None,
                    },
                );
            }
        }
        Ok(())
    }
}

fn host_name() -> String {
    std::fs::read_to_string("/etc/hostname")
        .ok()
        .map(|h| h.trim().to_string())
        .filter(|h| arbiter_tlog::is_key_name(h))
        .unwrap_or_else(|| "localhost".into())
}

struct Witness {
    key: SigningKey,
    logs: Vec<WatchedLog>,
    state_path: PathBuf,
    /// Held from the check to the write: one request at a time, so that
    /// two cannot race and roll the state back (as the spec warns).
    state: Mutex<WitnessState>,
}

pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    if args.logs.is_empty() && args.log_keys.is_empty() {
        bail!("name the logs to vouch for with --log URL or --log-key KEY");
    }
    let name = args
        .name
        .clone()
        .unwrap_or_else(|| format!("arbiter-witness/{}", host_name()));
    let key = arbiter_server::load_or_make_key(&args.key_file, Some(&name), KeyKind::Cosigner)?;
    let state_path = args.state.clone().unwrap_or_else(|| {
        let mut path = args.key_file.clone().into_os_string();
        path.push(".state");
        PathBuf::from(path)
    });
    let mut state = WitnessState::read(&state_path)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    let mut log_keys = args
        .log_keys
        .iter()
        .map(|k| super::verify_proof::read_key(k))
        .collect::<anyhow::Result<Vec<_>>>()?;
    for url in &args.logs {
        log_keys.push(runtime.block_on(fetch_log_key(url))?);
    }
    for log_key in &log_keys {
        state.pin(log_key)?;
    }
    state.write(&state_path)?;
    let logs = log_keys
        .into_iter()
        .map(|k| WatchedLog {
            origin: k.name().to_string(),
            keys: vec![k],
        })
        .collect();
    let witness = Arc::new(Witness {
        key,
        logs,
        state_path,
        state: Mutex::new(state),
    });
    runtime.block_on(async move {
        let listener = tokio::net::TcpListener::bind(args.listen)
            .await
            .with_context(|| format!("cannot listen on {}", args.listen))?;
        let addr = listener.local_addr()?;
        // Standard output's first line: who it is and where.
        println!(
            "witness {} listening on http://{addr}",
            witness.key.verifier()
        );
        let app = Router::new()
            .route("/add-checkpoint", post(add_checkpoint))
            .with_state(witness);
        axum::serve(listener, app)
            .with_graceful_shutdown(async {
                tokio::signal::ctrl_c().await.ok();
            })
            .await
            .context("arbiter witness")
    })?;
    Ok(ExitCode::SUCCESS)
}

/// How long a log may take to give its key.
const KEY_PATIENCE: std::time::Duration = std::time::Duration::from_secs(30);

/// The key a log serves at `URL/checkpoint/key`.
async fn fetch_log_key(url: &str) -> anyhow::Result<VerifierKey> {
    let at = format!("{}/checkpoint/key", url.trim_end_matches('/'));
    let response = super::http::client(KEY_PATIENCE)?
        .get(&at)
        .send()
        .await
        .map_err(|e| super::http::unreachable(e, &at, arbiter_messages::english()))?;
    if !response.status().is_success() {
        bail!("{at}: {}", response.status());
    }
    let text = response.text().await?;
    VerifierKey::parse(&text).map_err(|p| anyhow::anyhow!("{at}: {p}"))
}

/// `POST /add-checkpoint`.
async fn add_checkpoint(State(witness): State<Arc<Witness>>, body: Bytes) -> Response {
    let mut state = witness.state.lock().await;
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let decided = witness::add_checkpoint(
        &body,
        &witness.logs,
        |origin| state.witnessed(origin),
        &witness.key,
        now,
    );
    match decided {
        Ok(cosigned) => {
            if let Some(log) = state.logs.get_mut(&cosigned.origin) {
                log.size = cosigned.witnessed.size;
                log.root = Some(cosigned.witnessed.root.to_base64());
            }
            if let Err(e) = state.write(&witness.state_path) {
                eprintln!("arbiter witness: {e:#}");
                return (
                    StatusCode::INTERNAL_SERVER_ERROR,
                    "the state could not be kept\n",
                )
                    .into_response();
            }
            cosigned.cosignature.to_line().into_response()
        }
        Err(refusal) => refusal_response(&refusal),
    }
}

fn refusal_response(refusal: &Refusal) -> Response {
    let status = StatusCode::from_u16(refusal.status()).unwrap_or(StatusCode::BAD_REQUEST);
    match refusal {
        Refusal::NotLatest { latest, .. } => (
            status,
            [(header::CONTENT_TYPE, witness::SIZE_CONTENT_TYPE)],
            format!("{latest}\n"),
        )
            .into_response(),
        _ => (status, format!("{refusal}\n")).into_response(),
    }
}
