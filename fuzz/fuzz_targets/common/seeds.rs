//! Hand-made seed inputs of a fuzz target, kept in `fuzz/seeds/TARGET/`.
//!
//! At start-up (libFuzzer's initialization, before it reads its corpus)
//! [`prepare`] runs every seed through the target's check, so each run
//! (CI's `cargo fuzz run --sanitizer none TARGET -- -max_total_time=30`
//! included) re-checks them as regression inputs, and copies the missing
//! ones into the default corpus `fuzz/corpus/TARGET/` (git-ignored), which
//! `cargo fuzz run TARGET` reads, so the fuzzer mutates from them.

use std::fs;
use std::path::PathBuf;

/// Checks every seed of `target` with `check`, then copies the seeds the
/// corpus lacks into it. A seed directory that cannot be read is skipped
/// (the binary may run away from its source tree).
pub fn prepare(target: &str, check: impl Fn(&[u8])) {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let Ok(entries) = fs::read_dir(root.join("seeds").join(target)) else {
        return;
    };
    let corpus = root.join("corpus").join(target);
    let _ = fs::create_dir_all(&corpus);
    for entry in entries.flatten() {
        let Ok(bytes) = fs::read(entry.path()) else {
            continue;
        };
        check(&bytes);
        let copy = corpus.join(format!("seed-{}", entry.file_name().to_string_lossy()));
        if !copy.exists() {
            let _ = fs::write(copy, &bytes);
        }
    }
}
