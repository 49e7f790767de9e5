//! Opening input: files and standard input, compressed (`.gz`, `.zst`) or
//! not, recognised by their first bytes rather than their names.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// How the bytes of an input are packed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Compression {
    /// Plain text.
    None,
    /// gzip (`.gz`), possibly several members.
    Gzip,
    /// Zstandard (`.zst`), as the lichess database ships.
    Zstd,
}

impl Compression {
    /// Recognises a compressed stream by its magic number.
    pub fn detect(first_bytes: &[u8]) -> Compression {
        if first_bytes.starts_with(&[0x1f, 0x8b]) {
            Compression::Gzip
        } else if first_bytes.starts_with(&[0x28, 0xb5, 0x2f, 0xfd]) {
            Compression::Zstd
        } else {
            Compression::None
        }
    }
}

/// Counts the bytes read from the raw (possibly compressed) input, so that a
/// progress bar can compare them with the file's size.
#[derive(Clone, Debug, Default)]
pub struct Progress(Arc<AtomicU64>);

impl Progress {
    /// Bytes of the raw input read so far.
    pub fn bytes_read(&self) -> u64 {
        self.0.load(Ordering::Relaxed)
    }
}

struct Counting<R> {
    inner: R,
    progress: Progress,
}

impl<R: Read> Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.progress.0.fetch_add(n as u64, Ordering::Relaxed);
        Ok(n)
    }
}

/// A readable input with decompression applied.
pub type Input = Box<dyn Read + Send>;

/// Wraps a raw stream, decompressing it if its first bytes say it is
/// compressed. Returns the stream and a handle on how much of the raw input
/// has been read.
pub fn decompress<R: Read + Send + 'static>(raw: R) -> io::Result<(Input, Progress)> {
    let progress = Progress::default();
    let mut buffered = BufReader::with_capacity(
        1 << 16,
        Counting {
            inner: raw,
            progress: progress.clone(),
        },
    );
    let kind = Compression::detect(buffered.fill_buf()?);
    let input: Input = match kind {
        Compression::None => Box::new(buffered),
        Compression::Gzip => Box::new(flate2::bufread::MultiGzDecoder::new(buffered)),
        Compression::Zstd => Box::new(zstd::stream::read::Decoder::with_buffer(buffered)?),
    };
    Ok((input, progress))
}

/// Opens a file (`-` is standard input), decompressing it if needed.
pub fn open_input(path: &Path) -> io::Result<(Input, Progress)> {
    if path.as_os_str() == "-" {
        decompress(io::stdin())
    } else {
        decompress(File::open(path)?)
    }
}
