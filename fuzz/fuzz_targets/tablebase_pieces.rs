//! Fuzz target `tablebase_pieces`: arbitrary bytes as a piece of a table
//! built in units (`mancala_engine::tablebase::units`): the file of layer
//! 7 of Kalah(2) (standard rule), the files of the layers below it good
//! (the seeds hold layer 7's file in the compact entry and a byte a value).
//! `check_piece` checks it, the units of layer 8 read it opened, and the
//! 7-seed table is assembled from it in memory (`assemble`) and compact as
//! it is read (`assemble_compact`). Nothing may panic. A piece that either
//! assembly takes is one `check_piece` takes; the compact assembly takes
//! it only if the other does, and then writes the compact file of the
//! table the other makes, byte for byte.

#![no_main]

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use mancala_engine::tablebase::{
    Kind, Unit, assemble, assemble_compact, check_piece, layer_file_name, merge_layer,
};

const KIND: Kind = Kind {
    houses: 2,
    empty_capture: false,
};

/// This process's folder of pieces: layers 2 to 6 built by units once.
fn folder() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("mancala-fuzz-pieces-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a scratch folder");
        for layer in 2..=6 {
            for unit in Unit::all(KIND, layer) {
                unit.build(&dir, 1).expect("a unit of a good folder");
            }
            merge_layer(KIND, layer, &dir, 1).expect("a layer of a good folder");
        }
        dir
    })
}

fuzz_target!(|data: &[u8]| {
    let dir = folder();
    let piece = dir.join(layer_file_name(KIND, 7));
    std::fs::write(&piece, data).expect("writing the piece");
    let checked = check_piece(&piece);
    for unit in Unit::all(KIND, 8) {
        // Layer 7 read opened: a value that cannot be is an error, not a
        // panic (the unit's result itself is not checked here).
        let _ = unit.build(dir, 1);
    }
    let whole = assemble(KIND, 7, dir);
    let out = dir.join("out");
    let compact = assemble_compact(KIND, 7, dir, &out, |_| {});
    if whole.is_ok() || compact.is_ok() {
        assert!(
            checked.is_ok(),
            "an assembled piece is one check_piece takes"
        );
    }
    if let Ok((path, checksum)) = compact {
        let whole = whole.expect("the compact assembly takes only what the other takes");
        let mut expected = Vec::new();
        whole
            .compact(1 << 20, |_| {})
            .expect("compacting an assembled table")
            .write_to(&mut expected)
            .expect("writing to memory");
        let written = std::fs::read(&path).expect("reading the compact table");
        assert_eq!(written, expected, "the compact file of the table assembled");
        assert_eq!(checksum.to_le_bytes()[..], written[32..40]);
    }
});
