//! Fuzz target `tablebase_file`: arbitrary bytes as a tablebase file (a
//! byte a position, or the compact entry: the seeds hold both), read
//! whole (`mancala_engine::tablebase::Tablebase::read_from`, within 1 MiB)
//! and opened (`Tablebase::open`, from a file of those bytes). Nothing may
//! panic. A file that is read writes back to exactly the bytes read (the
//! header, the values and nothing after them), and its values answer
//! probes of every position of its last layer's first holes. The open
//! takes every file the read takes, and more (it checks no checksum): the
//! opened table answers every probe as the table read does, and checks its
//! file (`check_file`) right exactly when the read takes it. An opened
//! table's probe answers a value within its seeds, or nothing with the
//! table's fault set.

#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use mancala_engine::tablebase::Tablebase;

/// The file this process writes each input to.
fn scratch() -> &'static std::path::Path {
    static PATH: OnceLock<std::path::PathBuf> = OnceLock::new();
    PATH.get_or_init(|| {
        std::env::temp_dir().join(format!("mancala-fuzz-tablebase-{}.mtb", std::process::id()))
    })
}

/// The positions probed: all the seeds in one hole, for each hole.
fn probes(table: &Tablebase) -> Vec<Vec<u8>> {
    let holes = 2 * usize::from(table.kind().houses);
    (0..holes)
        .map(|hole| {
            let mut houses = vec![0u8; holes];
            houses[hole] = table.seeds() as u8;
            houses
        })
        .collect()
}

fuzz_target!(|data: &[u8]| {
    let read = Tablebase::read_from(&mut &data[..], 1 << 20);
    if let Ok(table) = &read {
        let mut written = Vec::new();
        table.write_to(&mut written).expect("writing to memory");
        assert_eq!(written, data, "a table read writes back its own bytes");
        for houses in probes(table) {
            let value = table
                .probe(&houses)
                .expect("a position of the table's seeds");
            assert!(value.unsigned_abs() <= table.seeds());
        }
    }
    std::fs::write(scratch(), data).expect("writing the scratch file");
    let opened = Tablebase::open(scratch());
    let Ok(opened) = opened else {
        assert!(read.is_err(), "a file read whole is opened too");
        return;
    };
    assert_eq!(
        opened.check_file().is_ok(),
        read.is_ok(),
        "the checksum checked on demand refuses what the read refuses"
    );
    for houses in probes(&opened) {
        match opened.probe(&houses) {
            Some(value) => assert!(value.unsigned_abs() <= opened.seeds()),
            None => assert!(opened.fault().is_err(), "an unanswered probe says why"),
        }
        if let Ok(table) = &read {
            assert_eq!(opened.probe(&houses), table.probe(&houses));
        }
    }
});
