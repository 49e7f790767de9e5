//! The server's memory comes in ordinary pages (see the allocator's note
//! in `src/main.rs`).

mod serve;

/// mimalloc marks the memory it maps `MADV_HUGEPAGE` unless it is built
/// with `no_thp`, and `/proc/PID/smaps` then lists `hg` among such a
/// mapping's `VmFlags`. Under load the server stalled for tens of
/// milliseconds at a time while the kernel found it 2 MiB pages.
#[cfg(target_os = "linux")]
#[tokio::test]
async fn the_server_asks_the_kernel_for_no_huge_pages() {
    let dir = tempfile::tempdir().unwrap();
    let server = serve::Process::start(dir.path().join("arbiter.db"), &[]);
    let client = serve::Client::new(&server.base);
    for _ in 0..20 {
        client.create("300+2").await;
    }
    let smaps = std::fs::read_to_string(format!("/proc/{}/smaps", server.child.id())).unwrap();
    let marked = smaps
        .lines()
        .filter(|line| line.starts_with("VmFlags:"))
        .filter(|flags| flags.split_whitespace().any(|flag| flag == "hg"))
        .count();
    assert_eq!(marked, 0, "mappings marked for transparent huge pages");
}
