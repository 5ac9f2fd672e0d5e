//! The engine's tablebases: a folder named by `tablebase DIR` (or the
//! program's `--tablebase DIR`), whose Kalah tables are read when a game
//! first needs one, and the perfect move they give.

use std::path::PathBuf;

use mancala_core::{Game, Mancala, Player};
use mancala_engine::tablebase::{Kind, Tablebase, available_memory};

use super::EngineError;

/// The folder of tablebases and the tables read from it so far.
#[derive(Default)]
pub(crate) struct Tables {
    dir: Option<PathBuf>,
    /// Read tables, and the kinds the folder has none of.
    read: Vec<(Kind, Option<Tablebase>)>,
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
            read: Vec::new(),
        };
        Ok(())
    }

    /// The table of `kind`, read from the folder the first time (`None`
    /// without a folder or without that table in it).
    fn table(&mut self, kind: Kind) -> Result<Option<&Tablebase>, EngineError> {
        let Some(dir) = &self.dir else {
            return Ok(None);
        };
        if !self.read.iter().any(|(k, _)| *k == kind) {
            let memory = available_memory().map_or(u64::MAX, |m| m.saturating_sub(256 << 20));
            let table = Tablebase::find(dir, kind, memory)
                .map_err(|e| EngineError::Tablebase(e.to_string()))?;
            self.read.push((kind, table));
        }
        Ok(self
            .read
            .iter()
            .find(|(k, _)| *k == kind)
            .and_then(|(_, t)| t.as_ref()))
    }

    /// A perfect move of `game` and its value for the player to move (his
    /// final margin over his opponent's), if a table holds the position.
    ///
    /// # Errors
    ///
    /// [`EngineError::Tablebase`] if the table's file cannot be read.
    pub(crate) fn perfect_move(
        &mut self,
        game: &Mancala,
    ) -> Result<Option<(String, i64)>, EngineError> {
        let Some(kind) = Kind::of(game.rules()) else {
            return Ok(None);
        };
        let Some(table) = self.table(kind)? else {
            return Ok(None);
        };
        let (Some((moves, first)), Some(mover)) = (table.best_moves(game), game.to_move()) else {
            return Ok(None);
        };
        let value = if mover == Player::P0 { first } else { -first };
        Ok(moves.first().map(|mv| (mv.to_string(), value)))
    }
}
