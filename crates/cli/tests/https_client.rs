//! The commands that read other servers over https: an https endpoint
//! of the test's own (a certificate authority made in the test, a TLS
//! listener serving a lichess-like broadcast and Swiss), trusted through
//! `SSL_CERT_FILE`. `arbiter fairplay --event https://…` screens its
//! games as it screens the same games from a file (real Stockfish at a
//! low node count); `arbiter broadcast push` reads a round and pushes it
//! there. A certificate from an authority the machine does not trust is
//! refused in the catalogue's words, naming the address, in the
//! report's language: no panic, no report.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::Output;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use arbiter_messages::{Catalogue, catalogue};
use axum::Router;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::routing::{get, post};
use hyper_util::rt::TokioIo;
use hyper_util::service::TowerToHyperService;
use rcgen::{BasicConstraints, CertificateParams, DnType, IsCa, KeyPair};
use serde_json::{Value, json};
use tokio_rustls::TlsAcceptor;
use tokio_rustls::rustls::ServerConfig;
use tokio_rustls::rustls::pki_types::{CertificateDer, PrivateKeyDer};

/// Games of the real event served: two, a second of analysis.
const GAMES: usize = 2;

/// No run may hang the suite: each is stopped after this.
const TIMEOUT: Duration = Duration::from_secs(120);

/// A certificate authority: its certificate (PEM) and what signs with it.
struct Authority {
    certificate: rcgen::Certificate,
    key: KeyPair,
}

impl Authority {
    fn new(name: &str) -> Authority {
        let key = KeyPair::generate().unwrap();
        let mut params = CertificateParams::new(Vec::<String>::new()).unwrap();
        params.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
        params.distinguished_name.push(DnType::CommonName, name);
        Authority {
            certificate: params.self_signed(&key).unwrap(),
            key,
        }
    }

    /// Its certificate written to `path`, as `SSL_CERT_FILE` names it.
    fn write(&self, path: &Path) -> PathBuf {
        std::fs::write(path, self.certificate.pem()).unwrap();
        path.to_path_buf()
    }

    /// A server certificate for 127.0.0.1 it signs, and the server's key.
    fn sign_localhost(&self) -> (CertificateDer<'static>, PrivateKeyDer<'static>) {
        let key = KeyPair::generate().unwrap();
        let params = CertificateParams::new(vec!["127.0.0.1".to_string()]).unwrap();
        let certificate = params
            .signed_by(&key, &self.certificate, &self.key)
            .unwrap();
        let key = PrivateKeyDer::Pkcs8(key.serialize_der().into());
        (certificate.der().clone(), key)
    }
}

/// What the endpoint was pushed: each push's token and PGN.
type Pushes = Arc<Mutex<Vec<(String, String)>>>;

/// The https endpoint, on a runtime of its own (dropped with it).
struct Endpoint {
    base: String,
    pushes: Pushes,
    _runtime: tokio::runtime::Runtime,
}

impl Endpoint {
    /// Serves `pgn` as a Swiss's games and a broadcast round's PGN, and
    /// takes pushes to any broadcast round as lichess does.
    fn start(authority: &Authority, pgn: String) -> Endpoint {
        let (certificate, key) = authority.sign_localhost();
        // rustls's one crypto provider in this build (ring, as the
        // binary's): no OpenSSL, no aws-lc.
        let config = ServerConfig::builder()
            .with_no_client_auth()
            .with_single_cert(vec![certificate], key)
            .unwrap();
        let acceptor = TlsAcceptor::from(Arc::new(config));
        let pushes = Pushes::default();
        let pgn = Arc::new(pgn);
        let app = Router::new()
            .route(
                "/api/swiss/{id}/games",
                get({
                    let pgn = pgn.clone();
                    move || async move { pgn.to_string() }
                }),
            )
            .route(
                "/api/broadcast/round/source.pgn",
                get(move || async move { pgn.to_string() }),
            )
            .route("/api/broadcast/round/{id}/push", post(take_push))
            .with_state(pushes.clone());
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .unwrap();
        let listener = runtime
            .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
            .unwrap();
        let address: SocketAddr = listener.local_addr().unwrap();
        runtime.spawn(async move {
            loop {
                let Ok((tcp, _)) = listener.accept().await else {
                    continue;
                };
                let (acceptor, app) = (acceptor.clone(), app.clone());
                tokio::spawn(async move {
                    // A client that refuses the certificate ends here.
                    let Ok(tls) = acceptor.accept(tcp).await else {
                        return;
                    };
                    let _ = hyper::server::conn::http1::Builder::new()
                        .serve_connection(TokioIo::new(tls), TowerToHyperService::new(app))
                        .await;
                });
            }
        });
        Endpoint {
            base: format!("https://{address}"),
            pushes,
            _runtime: runtime,
        }
    }
}

/// A push, answered as lichess answers: each game's tags and moves.
async fn take_push(State(pushes): State<Pushes>, headers: HeaderMap, pgn: String) -> String {
    let token = headers["authorization"].to_str().unwrap().to_string();
    let games: Vec<Value> = arbiter_pgn::Reader::new(pgn.as_bytes())
        .games()
        .map(|game| {
            let game = game.unwrap();
            let tag = |name: &str| game.tags.get(name).unwrap_or("?").to_string();
            json!({
                "tags": {"Round": tag("Round"), "White": tag("White"), "Black": tag("Black")},
                "moves": game.moves.len(),
            })
        })
        .collect();
    pushes.lock().unwrap().push((token, pgn));
    json!({ "games": games }).to_string()
}

/// The real event's first games.
fn some_games() -> Vec<arbiter_pgn::Game> {
    let event = arbiter_testdata::path(
        "tournaments/lichess-broadcast/xvii-memorial-pedro-lezcano-montalvo-2025.pgn",
    );
    let mut reader = arbiter_pgn::Reader::open(&event).expect("the event reads");
    (0..GAMES)
        .map(|_| reader.read_game().expect("a game").expect("enough games"))
        .collect()
}

/// What each test starts from: the real event's games served over
/// https by an endpoint whose authority is trusted (`trusted`, its PEM
/// file), and another authority's file (`untrusted`).
struct Scene {
    dir: tempfile::TempDir,
    trusted: PathBuf,
    untrusted: PathBuf,
    games: Vec<arbiter_pgn::Game>,
    endpoint: Endpoint,
}

impl Scene {
    fn new() -> Scene {
        let dir = tempfile::tempdir().unwrap();
        let authority = Authority::new("Arbiter test authority");
        let trusted = authority.write(&dir.path().join("authority.pem"));
        let untrusted = Authority::new("Another authority").write(&dir.path().join("other.pem"));
        let games = some_games();
        let endpoint = Endpoint::start(&authority, pgn_of(&games));
        Scene {
            dir,
            trusted,
            untrusted,
            games,
            endpoint,
        }
    }
}

/// Games as PGN text.
fn pgn_of(games: &[arbiter_pgn::Game]) -> String {
    games.iter().map(|g| format!("{g}\n")).collect()
}

/// `arbiter ARGS` trusting only the authority whose certificate is in
/// `trusted`.
fn arbiter(trusted: &Path, args: &[&str]) -> Output {
    assert_cmd::Command::cargo_bin("arbiter")
        .unwrap()
        .env("SSL_CERT_FILE", trusted)
        .env_remove("SSL_CERT_DIR")
        .args(args)
        .timeout(TIMEOUT)
        .output()
        .expect("arbiter runs")
}

fn said(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr)
}

/// The catalogue's words for a refused certificate of `url`, up to the
/// reason rustls gives.
fn untrusted_words(language: &Catalogue, url: &str) -> String {
    let template = language.template("cli-https-untrusted").unwrap();
    let (before_reason, _) = template.split_once("{reason}").unwrap();
    before_reason.replace("{url}", url)
}

/// A refusal as the command line gives it: an error, not a panic, and
/// no report on standard output.
fn assert_refused(out: &Output, words: &str) {
    let text = said(out);
    assert_eq!(out.status.code(), Some(2), "{text}");
    assert!(out.stdout.is_empty(), "{text}");
    assert!(!text.contains("panicked"), "{text}");
    assert!(text.contains(words), "{words:?} not in: {text}");
}

const SCREEN: [&str; 7] = [
    "fairplay",
    "--nodes",
    "1000",
    "--threads",
    "1",
    "--quiet",
    "--json",
];

#[test]
fn fairplay_reads_an_event_over_https_as_from_a_file() {
    let Scene {
        dir,
        trusted,
        untrusted,
        games,
        endpoint,
    } = Scene::new();
    let file = dir.path().join("games.pgn");
    std::fs::write(&file, pgn_of(&games)).unwrap();

    let page = format!("{}/swiss/Ab12Cd34", endpoint.base);
    let mut over_https = SCREEN.to_vec();
    over_https.extend(["--event", &page]);
    let from_web = arbiter(&trusted, &over_https);
    assert!(from_web.status.success(), "{}", said(&from_web));
    let mut from_file = SCREEN.to_vec();
    from_file.push(file.to_str().unwrap());
    let from_file = arbiter(&trusted, &from_file);
    assert!(from_file.status.success(), "{}", said(&from_file));

    let lines: Vec<Value> = String::from_utf8_lossy(&from_web.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect();
    assert_eq!(lines.len(), 2 * GAMES, "{lines:?}");
    assert!(lines.iter().all(|l| l["moves"].as_u64() > Some(0)));
    assert_eq!(
        String::from_utf8_lossy(&from_web.stdout),
        String::from_utf8_lossy(&from_file.stdout),
        "the event's games over https screen as the same games from a file"
    );

    // Trusting another authority only: refused, naming the endpoint, in
    // the report's language.
    let endpoint_url = format!("{}/api/swiss/Ab12Cd34/games", endpoint.base);
    for lang in ["en", "zh"] {
        let mut args = over_https.clone();
        args.extend(["--lang", lang]);
        let refused = arbiter(&untrusted, &args);
        assert_refused(
            &refused,
            &untrusted_words(catalogue(lang).unwrap(), &endpoint_url),
        );
    }
}

#[test]
fn broadcast_push_reads_and_pushes_over_https() {
    // The authorities' files live as long as `_dir`.
    let Scene {
        dir: _dir,
        trusted,
        untrusted,
        games,
        endpoint,
    } = Scene::new();
    let round = format!("{}/api/broadcast/round/source.pgn", endpoint.base);
    let to = format!("{}/broadcast/relay/round-1/Rd12Ef34", endpoint.base);
    let push = [
        "broadcast",
        "push",
        "--round",
        &round,
        "--to",
        &to,
        "--token",
        "lip_secret",
    ];

    let pushed = arbiter(&trusted, &push);
    let printed = said(&pushed);
    assert!(pushed.status.success(), "{printed}");
    let stdout = String::from_utf8_lossy(&pushed.stdout).into_owned();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), GAMES, "{printed}");
    for (line, game) in lines.iter().zip(&games) {
        let white = game.tags.get("White").unwrap();
        let moves = format!(": {} moves", game.moves.len());
        assert!(line.contains(white) && line.ends_with(&moves), "{line}");
    }
    let pushes = endpoint.pushes.lock().unwrap().clone();
    assert_eq!(pushes.len(), 1, "{pushes:?}");
    assert_eq!(pushes[0].0, "Bearer lip_secret");
    let received: Vec<String> = arbiter_pgn::Reader::new(pushes[0].1.as_bytes())
        .games()
        .map(|g| arbiter_pgn::export(&g.unwrap()))
        .collect();
    let sent: Vec<String> = games.iter().map(arbiter_pgn::export).collect();
    assert_eq!(received, sent, "the round's games, pushed as read");

    // Trusting another authority only: the round cannot be read, and
    // the refusal names it.
    let refused = arbiter(&untrusted, &push);
    assert_refused(&refused, &untrusted_words(catalogue("en").unwrap(), &round));
    assert_eq!(endpoint.pushes.lock().unwrap().len(), 1);
}
