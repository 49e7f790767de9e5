//! A TCP proxy in front of the throwaway PostgreSQL cluster that loses a
//! connection at a chosen moment: the fault a real network gives, without
//! any hook in the server.

use std::sync::{Arc, Mutex};

use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
use tokio::net::{TcpListener, TcpStream, UnixStream};
use tokio::sync::watch;

/// The fault to play on the next connection whose client sends `marker`.
#[derive(Clone, Debug)]
pub enum Fault {
    /// The message carrying the marker reaches the database, and the
    /// connection is lost before any answer comes back: the commit
    /// happens, its acknowledgement is lost.
    LoseAnswer(&'static str),
    /// The connection is lost as the message carrying the marker is sent:
    /// it never reaches the database.
    LoseRequest(&'static str),
}

impl Fault {
    fn marker(&self) -> &'static [u8] {
        match self {
            Fault::LoseAnswer(m) | Fault::LoseRequest(m) => m.as_bytes(),
        }
    }
}

#[derive(Default)]
struct Armed {
    fault: Option<Fault>,
    fired: usize,
}

/// A proxy listening on a loopback port.
pub struct Proxy {
    /// The port clients connect to.
    pub port: u16,
    armed: Arc<Mutex<Armed>>,
}

impl Proxy {
    /// Starts a proxy to the PostgreSQL server on the Unix socket in
    /// `socket_dir`.
    pub async fn start(socket_dir: String) -> Proxy {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let armed = Arc::new(Mutex::new(Armed::default()));
        let socket = format!("{socket_dir}/.s.PGSQL.5432");
        let armed2 = armed.clone();
        tokio::spawn(async move {
            while let Ok((client, _)) = listener.accept().await {
                let Ok(server) = UnixStream::connect(&socket).await else {
                    continue;
                };
                tokio::spawn(relay(client, server, armed2.clone()));
            }
        });
        Proxy { port, armed }
    }

    /// The URL of the database `name` through this proxy.
    pub fn url(&self, name: &str) -> String {
        format!(
            "postgres://arbiter@127.0.0.1:{}/{name}?sslmode=disable",
            self.port
        )
    }

    /// Plays `fault` once, on the next message that carries its marker.
    pub fn arm(&self, fault: Fault) {
        self.armed.lock().unwrap().fault = Some(fault);
    }

    /// How many faults were played so far.
    pub fn fired(&self) -> usize {
        self.armed.lock().unwrap().fired
    }
}

/// Carries bytes both ways until either side closes, or a fault ends the
/// connection.
async fn relay(client: TcpStream, server: UnixStream, armed: Arc<Mutex<Armed>>) {
    let (mut client_read, mut client_write) = client.into_split();
    let (mut server_read, mut server_write) = server.into_split();
    // Set when the next answer is to be lost; `closed` ends both ways.
    let (lose_answer, mut losing) = watch::channel(false);
    let (closed, mut closed_up) = watch::channel(false);
    let mut closed_down = closed.subscribe();
    let up = async move {
        let mut buf = vec![0u8; 64 * 1024];
        // The end of the previous read, so that a marker split between two
        // reads is found.
        let mut tail: Vec<u8> = Vec::new();
        loop {
            let n = tokio::select! {
                n = client_read.read(&mut buf) => match n {
                    Ok(0) | Err(_) => return,
                    Ok(n) => n,
                },
                _ = closed_up.changed() => return,
            };
            let mut seen = std::mem::take(&mut tail);
            seen.extend_from_slice(&buf[..n]);
            let fault = {
                let mut a = armed.lock().unwrap();
                let hit = a
                    .fault
                    .as_ref()
                    .is_some_and(|f| seen.windows(f.marker().len()).any(|w| w == f.marker()));
                if hit {
                    a.fired += 1;
                    a.fault.take()
                } else {
                    None
                }
            };
            let keep = seen.len().min(256);
            tail = seen[seen.len() - keep..].to_vec();
            match fault {
                Some(Fault::LoseRequest(_)) => {
                    let _ = closed.send(true);
                    return;
                }
                Some(Fault::LoseAnswer(_)) => {
                    let _ = lose_answer.send(true);
                }
                None => {}
            }
            if server_write.write_all(&buf[..n]).await.is_err() {
                return;
            }
        }
    };
    let down = async move {
        let mut buf = vec![0u8; 64 * 1024];
        loop {
            let n = tokio::select! {
                n = server_read.read(&mut buf) => match n {
                    Ok(0) | Err(_) => return,
                    Ok(n) => n,
                },
                _ = closed_down.changed() => return,
            };
            if *losing.borrow_and_update() {
                return;
            }
            if client_write.write_all(&buf[..n]).await.is_err() {
                return;
            }
        }
    };
    // Either way ending drops every half: both connections close.
    tokio::select! {
        () = up => {}
        () = down => {}
    }
}
