//! Fuzz target `tablebase_file`: arbitrary bytes read as a tablebase file
//! (`mancala_engine::tablebase::Tablebase::read_from`, within 1 MiB).
//! Nothing may panic; a file that is accepted writes back to exactly the
//! bytes read (the header, the values and nothing after them), and its
//! values answer probes of every position of its last layer's first
//! holes.

#![no_main]

use libfuzzer_sys::fuzz_target;
use mancala_engine::tablebase::Tablebase;

fuzz_target!(|data: &[u8]| {
    let Ok(table) = Tablebase::read_from(&mut &data[..], 1 << 20) else {
        return;
    };
    let mut written = Vec::new();
    table.write_to(&mut written).expect("writing to memory");
    assert_eq!(written, data, "a table read writes back its own bytes");
    let holes = 2 * usize::from(table.kind().houses);
    // All the seeds in one hole, then in the next: held positions.
    for hole in 0..holes {
        let mut houses = vec![0u8; holes];
        houses[hole] = table.seeds() as u8;
        let value = table
            .probe(&houses)
            .expect("a position of the table's seeds");
        assert!(value.unsigned_abs() <= table.seeds());
    }
});
