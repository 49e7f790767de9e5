//! The load generator's WebSocket client: just what it needs to read the
//! server's frames with about one `read` a message.
//!
//! A general client (tungstenite) reads into whatever is left of its
//! buffer after the last frame, so a message of 1 KiB often took two
//! reads, and it zeroes its buffer before each one; the generator shares
//! the machine's two cores with the server it measures, so each of its
//! system calls is taken from the server. Here the buffer is emptied
//! whenever it has been read through (a reply usually is), and each read
//! asks for all of its spare room.

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// Room read into at once: several messages.
const READ_ROOM: usize = 16 * 1024;

/// Frame opcodes (RFC 6455, 5.2).
const TEXT: u8 = 0x1;
const CLOSE: u8 = 0x8;
const PING: u8 = 0x9;
const PONG: u8 = 0xA;

/// A client's WebSocket connection.
pub struct Socket {
    stream: TcpStream,
    /// Bytes read and not yet handed out start at `consumed`.
    buffer: Vec<u8>,
    consumed: usize,
    /// State of the generator of masking keys (clients must mask).
    mask_seed: u64,
}

impl Socket {
    /// Opens a WebSocket to `path` on `host` (`127.0.0.1:8080`), with
    /// Nagle's algorithm off, as browsers have it. The server's accept key
    /// is not checked: the generator talks to a server it knows.
    pub async fn connect(host: &str, path: &str, mask_seed: u64) -> Result<Socket, String> {
        let stream = TcpStream::connect(host).await.map_err(|e| e.to_string())?;
        stream.set_nodelay(true).map_err(|e| e.to_string())?;
        let mut socket = Socket {
            stream,
            buffer: Vec::with_capacity(READ_ROOM),
            consumed: 0,
            mask_seed: mask_seed | 1,
        };
        let request = format!(
            "GET {path} HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
             Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        );
        socket
            .stream
            .write_all(request.as_bytes())
            .await
            .map_err(|e| e.to_string())?;
        let end = loop {
            if let Some(at) = find(&socket.buffer, b"\r\n\r\n") {
                break at + 4;
            }
            socket.fill().await?;
        };
        let head = String::from_utf8_lossy(&socket.buffer[..end]).into_owned();
        if !head.starts_with("HTTP/1.1 101") {
            return Err(format!("no upgrade: {head}"));
        }
        socket.consumed = end;
        Ok(socket)
    }

    /// Sends `text` as one masked text frame.
    pub async fn send_text(&mut self, text: &str) -> Result<(), String> {
        self.send(TEXT, text.as_bytes()).await
    }

    /// The next text message (pings answered, pongs skipped on the way).
    pub async fn next_text(&mut self) -> Result<&str, String> {
        loop {
            let Some((opcode, start, end)) = self.frame()? else {
                self.fill().await?;
                continue;
            };
            self.consumed = end;
            match opcode {
                TEXT => {
                    return std::str::from_utf8(&self.buffer[start..end])
                        .map_err(|e| e.to_string());
                }
                PING => {
                    let payload = self.buffer[start..end].to_vec();
                    self.send(PONG, &payload).await?;
                }
                PONG => {}
                CLOSE => return Err("closed".into()),
                other => return Err(format!("unexpected frame, opcode {other}")),
            }
        }
    }

    /// The whole frame at the front of the buffer, if it has arrived: its
    /// opcode and where its payload lies. The server sends every message
    /// as a single unmasked frame.
    fn frame(&self) -> Result<Option<(u8, usize, usize)>, String> {
        let bytes = &self.buffer[self.consumed..];
        if bytes.len() < 2 {
            return Ok(None);
        }
        if bytes[0] & 0x80 == 0 || bytes[1] & 0x80 != 0 {
            return Err("fragmented or masked frame from the server".into());
        }
        let (length, header) = match bytes[1] & 0x7F {
            126 if bytes.len() >= 4 => (u64::from(u16::from_be_bytes([bytes[2], bytes[3]])), 4),
            127 if bytes.len() >= 10 => {
                let mut eight = [0; 8];
                eight.copy_from_slice(&bytes[2..10]);
                (u64::from_be_bytes(eight), 10)
            }
            126 | 127 => return Ok(None),
            short => (u64::from(short), 2),
        };
        let length = usize::try_from(length).map_err(|e| e.to_string())?;
        if bytes.len() < header + length {
            return Ok(None);
        }
        let start = self.consumed + header;
        Ok(Some((bytes[0] & 0x0F, start, start + length)))
    }

    /// Reads once, into all the buffer's spare room, after dropping what
    /// has been handed out.
    async fn fill(&mut self) -> Result<(), String> {
        if self.consumed == self.buffer.len() {
            self.buffer.clear();
        } else {
            self.buffer.drain(..self.consumed);
        }
        self.consumed = 0;
        self.buffer.reserve(READ_ROOM / 2);
        let read = self
            .stream
            .read_buf(&mut self.buffer)
            .await
            .map_err(|e| e.to_string())?;
        if read == 0 {
            return Err("closed".into());
        }
        Ok(())
    }

    /// Sends one masked frame.
    async fn send(&mut self, opcode: u8, payload: &[u8]) -> Result<(), String> {
        let mut frame = Vec::with_capacity(payload.len() + 14);
        frame.push(0x80 | opcode);
        match payload.len() {
            short @ 0..=125 => frame.push(0x80 | short as u8),
            medium @ 126..=0xFFFF => {
                frame.push(0x80 | 126);
                frame.extend_from_slice(&(medium as u16).to_be_bytes());
            }
            long => {
                frame.push(0x80 | 127);
                frame.extend_from_slice(&(long as u64).to_be_bytes());
            }
        }
        let mask = self.next_mask();
        frame.extend_from_slice(&mask);
        frame.extend(payload.iter().enumerate().map(|(i, b)| b ^ mask[i % 4]));
        self.stream
            .write_all(&frame)
            .await
            .map_err(|e| e.to_string())
    }

    /// A fresh masking key (xorshift).
    fn next_mask(&mut self) -> [u8; 4] {
        self.mask_seed ^= self.mask_seed << 13;
        self.mask_seed ^= self.mask_seed >> 7;
        self.mask_seed ^= self.mask_seed << 17;
        let [a, b, c, d, ..] = self.mask_seed.to_le_bytes();
        [a, b, c, d]
    }
}

/// Where `needle` first occurs in `haystack`.
fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}
