//! A folder of tablebases and opening books, each read the first time a
//! game needs it ([`Shelf`]), and the perfect move they give.

use std::path::PathBuf;

use mancala_core::{Game, Mancala, Move, Player};

use crate::search::Source;

use super::{Book, Kind, Tablebase, TablebaseError};

/// A folder of Kalah tablebases and opening books (as the `tablebase`
/// example writes them), and the ones read from it so far: a book is read
/// and a table opened ([`Tablebase::open`]) the first time a position of
/// its kind is asked for.
///
/// # Examples
///
/// ```
/// use mancala_engine::tablebase::Shelf;
///
/// // No folder: nothing is known, nothing is read.
/// let mut shelf = Shelf::default();
/// assert!(matches!(shelf.perfect_move(&mancala_core::kalah()), Ok(None)));
/// assert!(Shelf::new("/no/such/folder".into()).is_err());
/// ```
#[derive(Default)]
pub struct Shelf {
    dir: Option<PathBuf>,
    /// Read tables, and the kinds the folder has none of.
    read: Vec<(Kind, Option<Tablebase>)>,
    /// Read opening books (by kind and seeds a house), and those the
    /// folder has none of.
    books: Vec<((Kind, u16), Option<Book>)>,
}

impl std::fmt::Debug for Shelf {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Shelf").field("dir", &self.dir).finish()
    }
}

/// A move known perfect, its value for the player to move (his final
/// margin over his opponent's), and where it was read. Where the book
/// holds a swindle ([`Book::swindle`](super::Book::swindle)) the move is
/// the swindle: it keeps the position's result but not its margin, and
/// the value is still the position's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PerfectMove {
    /// The move.
    pub best: Move,
    /// Its value for the player to move.
    pub value: i64,
    /// Where it was read ([`Source::Book`] or [`Source::Tablebase`]).
    pub source: Source,
}

impl Shelf {
    /// The tables of the folder `dir`, none read yet.
    ///
    /// # Errors
    ///
    /// [`TablebaseError::Io`] if `dir` is not a folder.
    pub fn new(dir: PathBuf) -> Result<Shelf, TablebaseError> {
        if !dir.is_dir() {
            return Err(TablebaseError::Io(std::io::Error::other(format!(
                "{} is not a folder",
                dir.display()
            ))));
        }
        Ok(Shelf {
            dir: Some(dir),
            ..Shelf::default()
        })
    }

    /// The table of `kind`, opened the first time ([`Tablebase::open`]:
    /// its values are read as probes need them, so the first answer comes
    /// at once whatever the table's size; `None` without a folder or
    /// without that table in it).
    fn table(&mut self, kind: Kind) -> Result<Option<&Tablebase>, TablebaseError> {
        let Some(dir) = &self.dir else {
            return Ok(None);
        };
        cached(&mut self.read, kind, || Tablebase::open_in(dir, kind))
    }

    /// Opens every table the folder has now, rather than when a game
    /// first needs it, and starts reading each through on a thread of its
    /// own ([`Tablebase::warm`]) so that the page cache holds it before
    /// the searches probe it: for a program that runs long, like an engine
    /// or a tournament client. Each thread stops once its table is dropped
    /// (by the shelf and by every solver reading it). Warming again starts
    /// another read of each table.
    /// Answers the kinds of the tables found.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_engine::tablebase::{Kind, Shelf, Tablebase};
    ///
    /// let kind = Kind { houses: 3, empty_capture: true };
    /// let dir = std::env::temp_dir().join(format!("mtb-shelf-warm-{}", std::process::id()));
    /// Tablebase::build(kind, 6, 1, 1 << 20, |_| {})?.save(&dir)?;
    /// let mut shelf = Shelf::new(dir.clone())?;
    /// assert_eq!(shelf.warm()?, [kind]);
    /// # std::fs::remove_dir_all(&dir)?;
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`TablebaseError`] if a table's file cannot be opened (its header
    /// read), or a thread started.
    pub fn warm(&mut self) -> Result<Vec<Kind>, TablebaseError> {
        let mut found = Vec::new();
        for houses in 1..=crate::kalah_solve::MAX_HOUSES as u8 {
            for empty_capture in [false, true] {
                let kind = Kind {
                    houses,
                    empty_capture,
                };
                if let Some(table) = self.table(kind)? {
                    // Dropped: the read goes on, and stops with the table.
                    let _ = table.warm()?;
                    found.push(kind);
                }
            }
        }
        Ok(found)
    }

    /// The table of `game`'s board and capture rule, if the folder has one.
    ///
    /// # Errors
    ///
    /// [`TablebaseError`] if the table's file cannot be read.
    pub fn table_of(&mut self, game: &Mancala) -> Result<Option<&Tablebase>, TablebaseError> {
        match Kind::of(game.rules()) {
            Some(kind) => self.table(kind),
            None => Ok(None),
        }
    }

    /// The opening book of `game`'s rules, read from the folder the first
    /// time (`None` without a folder or without that book in it).
    fn book(&mut self, game: &Mancala) -> Result<Option<&Book>, TablebaseError> {
        let (Some(dir), Some(kind)) = (&self.dir, Kind::of(game.rules())) else {
            return Ok(None);
        };
        let seeds = game.rules().seeds;
        cached(&mut self.books, (kind, seeds), || {
            Book::find(dir, kind, seeds)
        })
    }

    /// A perfect move of `game` if the opening book or a table holds the
    /// position.
    ///
    /// # Errors
    ///
    /// [`TablebaseError`] if a file cannot be read.
    pub fn perfect_move(&mut self, game: &Mancala) -> Result<Option<PerfectMove>, TablebaseError> {
        let Some(mover) = game.to_move() else {
            return Ok(None);
        };
        let book = self.book(game)?;
        let in_book = book.and_then(|b| {
            let (mut moves, value) = b.best_moves(game)?;
            // A swindle keeps the result, which is all a lost position has.
            if let Some(swindle) = b.swindle(game) {
                moves.insert(0, swindle);
            }
            Some((moves, value))
        });
        let found = match in_book {
            Some(found) => Some((found, Source::Book)),
            None => match self.table_of(game)? {
                Some(table) => {
                    let found = table.best_moves(game);
                    // An opened table that could not answer says why.
                    table.fault()?;
                    found.map(|found| (found, Source::Tablebase))
                }
                None => None,
            },
        };
        let Some(((moves, first), source)) = found else {
            return Ok(None);
        };
        let value = if mover == Player::P0 { first } else { -first };
        Ok(moves.first().map(|&best| PerfectMove {
            best,
            value,
            source,
        }))
    }
}

/// The entry of `key` in `read`, read by `load` the first time it is
/// asked for (`None` kept too: the folder has none).
fn cached<K: PartialEq + Copy, V>(
    read: &mut Vec<(K, Option<V>)>,
    key: K,
    load: impl FnOnce() -> Result<Option<V>, TablebaseError>,
) -> Result<Option<&V>, TablebaseError> {
    if !read.iter().any(|(k, _)| *k == key) {
        let value = load()?;
        read.push((key, value));
    }
    Ok(read
        .iter()
        .find(|(k, _)| *k == key)
        .and_then(|(_, v)| v.as_ref()))
}
