//! The throwaway PostgreSQL cluster of a test binary: `scripts/pg-throwaway`,
//! started at the first use and stopped when the binary exits (the script
//! stops it when its standard input, held here, closes).

use std::io::{BufRead as _, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::{Mutex, OnceLock};

struct Cluster {
    /// `postgres://arbiter@localhost/arbiter?host=SOCKET_DIR`.
    url: String,
    /// Held until the process exits: its standard input keeps the cluster up.
    _script: Mutex<Child>,
}

fn cluster() -> &'static Cluster {
    static CLUSTER: OnceLock<Cluster> = OnceLock::new();
    CLUSTER.get_or_init(|| {
        let script =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scripts/pg-throwaway");
        let mut child = Command::new(&script)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot run {}: {e}", script.display()));
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        assert!(
            line.starts_with("postgres://"),
            "scripts/pg-throwaway did not start PostgreSQL (see above)"
        );
        Cluster {
            url: line.trim().to_string(),
            _script: Mutex::new(child),
        }
    })
}

/// `true` when the tests run on PostgreSQL (`ARBITER_TEST_DB=postgres`)
/// rather than on SQLite (unset, or `sqlite`).
#[allow(dead_code)]
pub fn on_postgres() -> bool {
    match std::env::var("ARBITER_TEST_DB").as_deref() {
        Ok("postgres") => true,
        Ok("sqlite") | Err(_) => false,
        Ok(other) => panic!("ARBITER_TEST_DB={other}: expected sqlite or postgres"),
    }
}

/// The name of a test's own database on the cluster: `PREFIX_` and the
/// letters and digits of `dir`'s name (the folder of the test's files),
/// in lower case as PostgreSQL keeps names.
#[allow(dead_code)]
pub fn database_name(prefix: &str, dir: &Path) -> String {
    let name: String = dir
        .file_name()
        .expect("a test's folder has a name")
        .to_string_lossy()
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .collect();
    format!("{prefix}_{name}").to_lowercase()
}

/// The URL of the database `name` on the cluster (made when first opened).
pub fn url(name: &str) -> String {
    cluster().url.replacen("/arbiter?", &format!("/{name}?"), 1)
}

/// The folder of the cluster's Unix socket (for the integration tests'
/// proxy; the store's unit tests, which include this file too, have none).
#[allow(dead_code)]
pub fn socket_dir() -> String {
    let url = &cluster().url;
    let start = url
        .find("host=")
        .expect("the cluster's URL names its socket")
        + 5;
    url[start..].split('&').next().unwrap().to_string()
}
