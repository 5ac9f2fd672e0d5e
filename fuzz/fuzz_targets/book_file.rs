//! Fuzz target `book_file`: arbitrary bytes read as an opening book
//! (`mancala_engine::tablebase::Book::read_from`). Nothing may panic; a
//! book that is accepted writes a text that reads back to the same book
//! (written again, the same text, with the same swindles), and what it
//! answers at its start (its best moves, its swindle) is legal there.

#![no_main]

use libfuzzer_sys::fuzz_target;
use mancala_core::Game;
use mancala_engine::tablebase::Book;

fuzz_target!(|data: &[u8]| {
    let Ok(book) = Book::read_from(data) else {
        return;
    };
    let mut written = Vec::new();
    book.write_to(&mut written).expect("writing to memory");
    let again = Book::read_from(&written[..]).expect("a written book reads back");
    let mut rewritten = Vec::new();
    again.write_to(&mut rewritten).expect("writing to memory");
    assert_eq!(written, rewritten);
    assert_eq!(book.len(), again.len());
    assert_eq!(book.swindle_count(), again.swindle_count());
    assert_eq!(book.swindles(), again.swindles());
    let start = book.start();
    if let Some(swindle) = book.swindle(&start) {
        assert!(start.is_legal(&swindle));
        assert_eq!(again.swindle(&start), Some(swindle));
    }
    if let Some((moves, _)) = book.best_moves(&start) {
        assert!(!moves.is_empty());
        assert!(moves.iter().all(|m| start.is_legal(m)));
    }
});
