//! Can the decoder and the reader keep up with the serial line? A DGT
//! board's 9600-baud 8N1 line carries at most 960 bytes a second; this
//! measures the bytes a second the decoder alone, and the decoder with the
//! reader, take from the three real captures (`cargo bench -p
//! arbiter-eboard`; docs/eboard.md has the figure).

use arbiter_eboard::{BoardReader, Decoder, capture};
use arbiter_rules::Position;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

fn captures() -> Vec<Vec<u8>> {
    ["1", "2", "johan"]
        .iter()
        .map(|name| {
            let path = arbiter_testdata::path(&format!("eboards/dgt/{name}.inbytes"));
            capture::chunks(&std::fs::read_to_string(path).expect("capture"))
                .expect("base64")
                .concat()
        })
        .collect()
}

fn line(c: &mut Criterion) {
    let captures = captures();
    let bytes: usize = captures.iter().map(Vec::len).sum();
    let mut group = c.benchmark_group("dgt_line");
    group.throughput(Throughput::Bytes(bytes as u64));
    group.bench_function("decode", |b| {
        b.iter(|| {
            let mut n = 0;
            for capture in &captures {
                let mut d = Decoder::new();
                d.feed(capture);
                n += d.count();
            }
            n
        })
    });
    group.bench_function("decode_and_read", |b| {
        b.iter(|| {
            let mut events = 0;
            for capture in &captures {
                let mut d = Decoder::new();
                let mut reader = BoardReader::new(Position::new());
                // Fed as the port delivers it: one message's bytes at a time.
                for (i, chunk) in capture.chunks(10).enumerate() {
                    d.feed(chunk);
                    while let Some(Ok(m)) = d.next_message() {
                        events += reader.message(&m, i as u64 * 100).len();
                    }
                }
            }
            events
        })
    });
    group.finish();
}

criterion_group!(benches, line);
criterion_main!(benches);
