//! The engine's tablebases: a folder named by `tablebase DIR` (or the
//! program's `--tablebase DIR`), whose Kalah tables and opening books are
//! read when a game first needs one, and the perfect move they give.

use std::path::PathBuf;

use mancala_core::{Game, Mancala, Player};
use mancala_engine::tablebase::{Book, Kind, Tablebase, TablebaseError, available_memory};

use super::EngineError;

/// The folder of tablebases and the tables read from it so far.
#[derive(Default)]
pub(crate) struct Tables {
    dir: Option<PathBuf>,
    /// Read tables, and the kinds the folder has none of.
    read: Vec<(Kind, Option<Tablebase>)>,
    /// Read opening books (by kind and seeds a house), and those the
    /// folder has none of.
    books: Vec<((Kind, u16), Option<Book>)>,
}

impl Tables {
    /// Tables from `dir` from now on (the ones read before are dropped).
    ///
    /// # Errors
    ///
    /// [`EngineError::Tablebase`] if `dir` is not a folder.
    pub(crate) fn set_dir(&mut self, dir: PathBuf) -> Result<(), EngineError> {
        if !dir.is_dir() {
            return Err(EngineError::Tablebase(format!(
                "{} is not a folder",
                dir.display()
            )));
        }
        *self = Tables {
            dir: Some(dir),
            ..Tables::default()
        };
        Ok(())
    }

    /// The table of `kind`, read from the folder the first time (`None`
    /// without a folder or without that table in it).
    fn table(&mut self, kind: Kind) -> Result<Option<&Tablebase>, EngineError> {
        let Some(dir) = &self.dir else {
            return Ok(None);
        };
        cached(&mut self.read, kind, || {
            let memory = available_memory().map_or(u64::MAX, |m| m.saturating_sub(256 << 20));
            Tablebase::find(dir, kind, memory)
        })
    }

    /// The table of `game`'s board and capture rule, if the folder has one.
    ///
    /// # Errors
    ///
    /// [`EngineError::Tablebase`] if the table's file cannot be read.
    pub(crate) fn table_of(&mut self, game: &Mancala) -> Result<Option<&Tablebase>, EngineError> {
        match Kind::of(game.rules()) {
            Some(kind) => self.table(kind),
            None => Ok(None),
        }
    }

    /// The opening book of `game`'s rules, read from the folder the first
    /// time (`None` without a folder or without that book in it).
    fn book(&mut self, game: &Mancala) -> Result<Option<&Book>, EngineError> {
        let (Some(dir), Some(kind)) = (&self.dir, Kind::of(game.rules())) else {
            return Ok(None);
        };
        let seeds = game.rules().seeds;
        cached(&mut self.books, (kind, seeds), || {
            Book::find(dir, kind, seeds)
        })
    }

    /// A perfect move of `game`, its value for the player to move (his
    /// final margin over his opponent's) and where it comes from (`book`
    /// or `tablebase`), if the opening book or a table holds the position.
    ///
    /// # Errors
    ///
    /// [`EngineError::Tablebase`] if a file cannot be read.
    pub(crate) fn perfect_move(
        &mut self,
        game: &Mancala,
    ) -> Result<Option<(String, i64, &'static str)>, EngineError> {
        let Some(mover) = game.to_move() else {
            return Ok(None);
        };
        let found = match self.book(game)?.and_then(|b| b.best_moves(game)) {
            Some(found) => Some((found, "book")),
            None => self
                .table_of(game)?
                .and_then(|t| t.best_moves(game))
                .map(|found| (found, "tablebase")),
        };
        let Some(((moves, first), source)) = found else {
            return Ok(None);
        };
        let value = if mover == Player::P0 { first } else { -first };
        Ok(moves.first().map(|mv| (mv.to_string(), value, source)))
    }
}

/// The entry of `key` in `read`, read by `load` the first time it is
/// asked for (`None` kept too: the folder has none).
fn cached<K: PartialEq + Copy, V>(
    read: &mut Vec<(K, Option<V>)>,
    key: K,
    load: impl FnOnce() -> Result<Option<V>, TablebaseError>,
) -> Result<Option<&V>, EngineError> {
    if !read.iter().any(|(k, _)| *k == key) {
        let value = load().map_err(|e| EngineError::Tablebase(e.to_string()))?;
        read.push((key, value));
    }
    Ok(read
        .iter()
        .find(|(k, _)| *k == key)
        .and_then(|(_, v)| v.as_ref()))
}
