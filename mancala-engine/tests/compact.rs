//! The compact entry (format version 2): a compact table answers every
//! position as the table of a byte a position does, in memory and opened;
//! it writes, reads and expands back byte for byte; the solver reads it;
//! a damaged or forged compact file is refused when it is read, or when a
//! probe meets the damage.

use mancala_core::Mancala;
use mancala_engine::kalah_solve::KalahSolver;
use mancala_engine::tablebase::{COMPACT_FORMAT_VERSION, Kind, Tablebase, TablebaseError};

mod tables;
use tables::{BOTH, TempDir, game_at, layer, rules};

/// Bytes of the header, of a record (a base and 64 codes of 4 bits), and
/// of an exception, and the positions of a group: the format's, as the
/// tablebase module documents it.
const HEADER: usize = 40;
const RECORD: usize = 33;
const EXCEPTION: usize = 3;
const GROUP: usize = 1 << 16;

/// The exceptions a compact file of `positions` positions and `len` bytes
/// holds: what is left after the header, the records and the index.
fn exceptions(positions: usize, len: usize) -> usize {
    let records = positions.div_ceil(64) * RECORD;
    let index = (positions.div_ceil(GROUP) + 1) * 8;
    let rest = len - HEADER - records - index;
    assert_eq!(rest % EXCEPTION, 0, "whole exceptions");
    rest / EXCEPTION
}

fn bytes_of(table: &Tablebase) -> Vec<u8> {
    let mut bytes = Vec::new();
    table.write_to(&mut bytes).unwrap();
    bytes
}

#[test]
fn a_compact_table_answers_every_position_as_the_byte_table_does() {
    let dir = TempDir::new("compact");
    for empty_capture in BOTH {
        let kind = Kind {
            houses: 3,
            empty_capture,
        };
        // Up to 20 seeds: values of 0 to 20 seeds gained, more than one
        // record's window of 15 holds, so some are exceptions.
        let table = Tablebase::build(kind, 20, 2, 1 << 24, |_| {}).unwrap();
        let compact = table.compact(1 << 24, |_| {}).unwrap();
        assert!(compact.is_compact() && !table.is_compact());
        let path = compact.save(&dir.0).unwrap();
        let opened = Tablebase::open(&path).unwrap();
        assert!(opened.is_compact() && opened.is_opened());
        for seeds in 0..=20 {
            for holes in layer(6, seeds) {
                let want = table.probe(&holes);
                assert_eq!(compact.probe(&holes), want, "{holes:?}");
                assert_eq!(opened.probe(&holes), want, "{holes:?}");
                assert_eq!(opened.move_values(&holes), table.move_values(&holes));
            }
        }
        for holes in layer(6, 7) {
            let game = game_at(kind, &holes);
            assert_eq!(opened.best_moves(&game), table.best_moves(&game));
        }
        opened.fault().unwrap();
        opened.check_file().unwrap();

        let (bytes, small) = (bytes_of(&table), bytes_of(&compact));
        let positions = table.positions() as usize;
        assert_eq!(bytes.len(), HEADER + positions);
        assert_eq!(small[8..12], COMPACT_FORMAT_VERSION.to_le_bytes());
        let found = exceptions(positions, small.len());
        assert!(found > 0, "some values are exceptions");
        assert!(found < positions / 20, "{found} exceptions");
        assert!(small.len() < bytes.len() * 6 / 10);
        // Read back, opened and written, expanded: the same bytes.
        let back = Tablebase::read_from(&mut small.as_slice(), 1 << 24).unwrap();
        assert!(back.is_compact() && !back.is_opened());
        assert_eq!(bytes_of(&back), small);
        assert_eq!(bytes_of(&opened), small);
        assert_eq!(bytes_of(&compact.expand(1 << 24).unwrap()), bytes);
        assert_eq!(bytes_of(&opened.expand(1 << 24).unwrap()), bytes);
        // Compacting a compact table changes nothing.
        assert_eq!(bytes_of(&opened.compact(1 << 24, |_| {}).unwrap()), small);
        // Warming reads it through and finds its checksum right.
        assert!(opened.warm().unwrap().wait().unwrap());
    }
}

#[test]
fn the_memory_allowed_bounds_a_compaction() {
    let kind = Kind {
        houses: 3,
        empty_capture: false,
    };
    let table = Tablebase::build(kind, 12, 1, 1 << 20, |_| {}).unwrap();
    // 18,564 positions: 291 records of 33 bytes.
    assert!(matches!(
        table.compact(291 * 33 - 1, |_| {}),
        Err(TablebaseError::TooLarge { .. })
    ));
    assert!(table.compact(291 * 33, |_| {}).is_ok());
    let compact = table.compact(1 << 20, |_| {}).unwrap();
    assert!(matches!(
        compact.expand(18_563),
        Err(TablebaseError::TooLarge { .. })
    ));
    let small = bytes_of(&compact);
    assert!(matches!(
        Tablebase::read_from(&mut small.as_slice(), 1000),
        Err(TablebaseError::TooLarge { .. })
    ));
}

#[test]
fn the_solver_reading_a_compact_table_finds_the_values_it_finds_alone() {
    let dir = TempDir::new("compact-solver");
    let kind = Kind {
        houses: 4,
        empty_capture: true,
    };
    let game = Mancala::new(rules(kind, 3)).unwrap();
    let alone = KalahSolver::new(&game, 1 << 20, 0).unwrap().solve(&game);
    let compact = Tablebase::build(kind, 12, 2, 1 << 24, |_| {})
        .unwrap()
        .compact(1 << 24, |_| {})
        .unwrap();
    let opened = Tablebase::open(&compact.save(&dir.0).unwrap()).unwrap();
    for table in [&compact, &opened] {
        let mut with = KalahSolver::new(&game, 1 << 20, 0)
            .unwrap()
            .with_tablebase(table)
            .unwrap();
        let solution = with.solve(&game);
        assert_eq!((solution.value, &solution.best), (alone.value, &alone.best));
        assert!(solution.nodes < alone.nodes, "the table saves search");
        table.fault().unwrap();
    }
}

#[test]
fn damage_to_a_compact_file_is_refused() {
    let dir = TempDir::new("compact-damage");
    let kind = Kind {
        houses: 3,
        empty_capture: false,
    };
    let table = Tablebase::build(kind, 20, 2, 1 << 24, |_| {}).unwrap();
    let compact = table.compact(1 << 24, |_| {}).unwrap();
    let bytes = bytes_of(&compact);
    let write = |name: &str, bytes: &[u8]| {
        let p = dir.0.join(name);
        std::fs::write(&p, bytes).unwrap();
        p
    };
    let read = |bytes: &[u8]| Tablebase::read_from(&mut &bytes[..], 1 << 24);

    // Cut short, or a byte too long: the length is not the header's and
    // the index's.
    for len in [bytes.len() - 1, bytes.len() - EXCEPTION, HEADER + 10] {
        let p = write("short", &bytes[..len]);
        assert!(matches!(
            Tablebase::open(&p),
            Err(TablebaseError::Format(_))
        ));
        assert!(matches!(read(&bytes[..len]), Err(TablebaseError::Io(_))));
    }
    let mut longer = bytes.clone();
    longer.push(0);
    assert!(matches!(
        Tablebase::open(&write("long", &longer)),
        Err(TablebaseError::Format(_))
    ));
    assert!(matches!(read(&longer), Err(TablebaseError::Format(_))));
    // The index's count of exceptions made more than the positions.
    let positions = table.positions() as usize;
    let count_at = HEADER + positions.div_ceil(64) * RECORD + positions.div_ceil(GROUP) * 8;
    let mut lying = bytes.clone();
    lying[count_at + 7] = 1;
    assert!(matches!(
        Tablebase::open(&write("lying", &lying)),
        Err(TablebaseError::Format(_))
    ));
    assert!(matches!(read(&lying), Err(TablebaseError::Format(_))));

    // A code changed: the checksum sees it, at the read or on demand.
    let held = [1u8, 0, 0, 0, 0, 1];
    let rank = table.rank(&held).unwrap() as usize;
    let code_at = HEADER + rank / 64 * RECORD + 1 + rank % 64 / 2;
    let shift = 4 * (rank % 2);
    let mut shifted = bytes.clone();
    shifted[code_at] ^= 1 << shift;
    assert!(matches!(
        read(&shifted),
        Err(TablebaseError::Checksum { .. })
    ));
    let opened = Tablebase::open(&write("shifted", &shifted)).unwrap();
    assert!(matches!(
        opened.check_file(),
        Err(TablebaseError::Checksum { .. })
    ));
    // The escape code where no exception is: the probe answers nothing,
    // and the table says why.
    let mut forged = bytes.clone();
    forged[code_at] |= 0xf << shift;
    let opened = Tablebase::open(&write("forged", &forged)).unwrap();
    assert_eq!(opened.probe(&held), None);
    assert!(matches!(opened.fault(), Err(TablebaseError::Unreadable(_))));
    // A base past any value of two seeds: likewise.
    let mut base = bytes.clone();
    base[HEADER + rank / 64 * RECORD] = 200;
    let opened = Tablebase::open(&write("base", &base)).unwrap();
    assert_eq!(opened.probe(&held), None);
    assert!(matches!(opened.fault(), Err(TablebaseError::Unreadable(_))));
    // The file shortened after it was opened: the read fails, a fault.
    let p = write("cut", &bytes);
    let opened = Tablebase::open(&p).unwrap();
    std::fs::write(&p, &bytes[..100]).unwrap();
    assert_eq!(opened.probe(&[0, 0, 2, 1, 0, 0]), None);
    assert!(matches!(opened.fault(), Err(TablebaseError::Unreadable(_))));
}

/// FNV-1a, 64-bit: the pieces' checksum.
fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

#[test]
fn pieces_are_compact_and_pieces_of_a_byte_a_value_still_read() {
    use mancala_engine::tablebase::{Unit, assemble, check_piece, layer_file_name, merge_layer};
    let dir = TempDir::new("compact-pieces");
    let kind = Kind {
        houses: 3,
        empty_capture: false,
    };
    for layer in 2..=14 {
        for unit in Unit::all(kind, layer) {
            unit.build(&dir.0, 2).unwrap();
        }
        merge_layer(kind, layer, &dir.0, 2).unwrap();
    }
    // Layer 14 of 6 holes: C(19, 5) = 11,628 positions, after the
    // C(19, 6) = 27,132 of fewer seeds.
    let (below, n) = (27_132, 11_628);
    let path = dir.0.join(layer_file_name(kind, 14));
    let piece = std::fs::read(&path).unwrap();
    assert_eq!(piece[8..12], 2u32.to_le_bytes(), "written compact");
    assert_eq!(piece[24..32], (n as u64).to_le_bytes());
    assert!(piece.len() < HEADER + n * 6 / 10, "{} bytes", piece.len());
    assert_eq!(check_piece(&path).unwrap(), fnv(&piece[HEADER..]));

    // The same layer as a piece of version 1, a byte a value, from the
    // table built whole: the units of layer 15 read it, and the table
    // assembled is the table built whole.
    let whole = Tablebase::build(kind, 15, 2, 1 << 24, |_| {}).unwrap();
    let values = bytes_of(&whole)[HEADER + below..HEADER + below + n].to_vec();
    let mut old = b"MNCLTP\r\n".to_vec();
    old.extend_from_slice(&1u32.to_le_bytes()); // version
    old.extend_from_slice(&1u32.to_le_bytes()); // Kalah
    old.extend_from_slice(&[3, 0, 14, 255, 0, 0, 0, 0]); // houses, rule, layer, whole
    old.extend_from_slice(&(n as u64).to_le_bytes());
    old.extend_from_slice(&fnv(&values).to_le_bytes());
    old.extend_from_slice(&values);
    std::fs::write(&path, &old).unwrap();
    assert_eq!(check_piece(&path).unwrap(), fnv(&values));
    for unit in Unit::all(kind, 15) {
        unit.build(&dir.0, 2).unwrap();
    }
    merge_layer(kind, 15, &dir.0, 1).unwrap();
    assert_eq!(
        bytes_of(&assemble(kind, 15, &dir.0).unwrap()),
        bytes_of(&whole)
    );
}

#[test]
fn layers_assembled_compact_as_they_are_read_make_the_compact_table() {
    use mancala_engine::tablebase::{Unit, assemble, assemble_compact, merge_layer};
    let dir = TempDir::new("compact-assembled");
    let out = dir.0.join("out");
    for empty_capture in BOTH {
        let kind = Kind {
            houses: 3,
            empty_capture,
        };
        for layer in 2..=16 {
            for unit in Unit::all(kind, layer) {
                unit.build(&dir.0, 2).unwrap();
            }
            merge_layer(kind, layer, &dir.0, 2).unwrap();
        }
        // The table assembled in memory then made compact, and the table
        // built whole then made compact: the same file as the one written
        // as the layers are read.
        let in_memory = assemble(kind, 16, &dir.0).unwrap();
        let expected = bytes_of(&in_memory.compact(1 << 24, |_| {}).unwrap());
        let whole = Tablebase::build(kind, 16, 2, 1 << 24, |_| {}).unwrap();
        assert_eq!(bytes_of(&whole.compact(1 << 24, |_| {}).unwrap()), expected);
        let mut heard = Vec::new();
        let (path, checksum) =
            assemble_compact(kind, 16, &dir.0, &out, |done| heard.push(done)).unwrap();
        assert_eq!(path, out.join(kind.file_name()));
        let file = std::fs::read(&path).unwrap();
        assert_eq!(file, expected, "{kind:?}");
        assert_eq!(checksum, fnv(&file[HEADER..]));
        // Progress rises to every position of the table.
        assert!(heard.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(
            heard.last().copied(),
            Some(Tablebase::positions_of(kind, 16).unwrap())
        );
        // And the file opens and answers as the table built whole.
        let opened = Tablebase::open(&path).unwrap();
        opened.check_file().unwrap();
        for (i, pos) in [[0, 0, 2, 1, 0, 0], [3, 1, 0, 2, 2, 1], [5, 0, 4, 1, 1, 5]]
            .iter()
            .enumerate()
        {
            assert_eq!(opened.probe(pos), whole.probe(pos), "position {i}");
        }
    }
    // A layer's file missing: refused, and nothing left in the folder.
    let kind = Kind {
        houses: 3,
        empty_capture: false,
    };
    std::fs::remove_file(
        dir.0
            .join(mancala_engine::tablebase::layer_file_name(kind, 9)),
    )
    .unwrap();
    std::fs::remove_file(out.join(kind.file_name())).unwrap();
    assert!(assemble_compact(kind, 16, &dir.0, &out, |_| {}).is_err());
    let left: Vec<_> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    let other = Kind {
        empty_capture: true,
        ..kind
    };
    assert_eq!(left, [std::ffi::OsString::from(other.file_name())]);
}

#[test]
fn a_piece_whose_header_counts_more_values_than_any_file_holds_is_refused() {
    use mancala_engine::tablebase::check_piece;
    let dir = TempDir::new("compact-huge");
    for n in [u64::MAX, u64::MAX / 33, 1 << 40] {
        let mut piece = b"MNCLTP\r\n".to_vec();
        piece.extend_from_slice(&2u32.to_le_bytes()); // compact
        piece.extend_from_slice(&1u32.to_le_bytes()); // Kalah
        piece.extend_from_slice(&[3, 0, 14, 255, 0, 0, 0, 0]);
        piece.extend_from_slice(&n.to_le_bytes());
        piece.extend_from_slice(&0u64.to_le_bytes());
        piece.extend_from_slice(&[0; 64]);
        let path = dir.0.join("huge.mtp");
        std::fs::write(&path, &piece).unwrap();
        assert!(check_piece(&path).is_err(), "{n} values");
    }
}

#[test]
fn a_damaged_table_is_not_compacted() {
    let dir = TempDir::new("compact-checked");
    let kind = Kind {
        houses: 3,
        empty_capture: false,
    };
    let table = Tablebase::build(kind, 8, 1, 1 << 20, |_| {}).unwrap();
    let held = [1u8, 0, 0, 0, 0, 1];
    let rank = table.rank(&held).unwrap() as usize;
    let value = table.probe(&held).unwrap();
    // Another value two seeds can be worth, of the same parity: only the
    // checksum can tell.
    let other = if value == 2 { 0 } else { value + 2 };
    let mut bytes = bytes_of(&table);
    bytes[HEADER + rank] = other as i8 as u8;
    let path = dir.0.join("changed.mtb");
    std::fs::write(&path, &bytes).unwrap();
    let opened = Tablebase::open(&path).unwrap();
    assert_eq!(opened.probe(&held), Some(other));
    assert!(matches!(
        opened.compact(1 << 20, |_| {}),
        Err(TablebaseError::Checksum { .. })
    ));
    assert!(matches!(
        opened.expand(1 << 20),
        Err(TablebaseError::Checksum { .. })
    ));
    // A compact file changed likewise: checked before it is read through.
    let mut small = bytes_of(&table.compact(1 << 20, |_| {}).unwrap());
    small[HEADER + 1] ^= 1;
    let path = dir.0.join("changed-compact.mtb");
    std::fs::write(&path, &small).unwrap();
    let opened = Tablebase::open(&path).unwrap();
    assert!(matches!(
        opened.expand(1 << 20),
        Err(TablebaseError::Checksum { .. })
    ));
}
