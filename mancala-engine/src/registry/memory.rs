//! What a computer player keeps from one move to the next ([`Memory`]).

use mancala_core::{Mancala, Rules};

use crate::kalah_solve::KalahSolver;

use super::SearchError;

/// What a game's computer player keeps between the moves of a session (a
/// game in the engine protocol, a tournament client's games): the endgame
/// databases it reads (a [`Shelf`](crate::tablebase::Shelf) of Kalah
/// tables and opening books; none on WebAssembly, which has no files), and
/// the Kalah search's transposition table.
///
/// A kept table makes each search start where the last left off, as a
/// strong engine's does: the positions two plies on were searched last
/// move, and their entries (true of the position alone, whatever search
/// stored them) let the new search go deeper in the same time. Its entries
/// give way to the new search's ([`KalahSolver::search_within`]). The
/// table is kept for one game's rules, seeds and table size: a search of
/// another starts a fresh one. [`forget`](Memory::forget) empties it (a
/// new game), so that the same moves searched the same way give the same
/// answers again.
///
/// # Examples
///
/// ```
/// use mancala_engine::{AnyGame, Limits, Memory};
///
/// let mut memory = Memory::default();
/// let mut game = AnyGame::new("kalah", "houses=4 seeds=3")?;
/// while !matches!(game.status(), mancala_core::Status::Over(_)) {
///     let found = game.think(&Limits::depth(6), Some(&mut memory), &mut |_| {})?;
///     game.play(&found.best)?;
/// }
/// memory.forget();
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Default)]
pub struct Memory {
    #[cfg(not(target_family = "wasm"))]
    shelf: crate::tablebase::Shelf,
    kalah: Option<Kept>,
}

/// A Kalah solver kept, and what it was made for.
struct Kept {
    rules: Rules,
    /// Seeds in the game, on the board and in the stores.
    seeds: u32,
    table_bytes: usize,
    solver: KalahSolver,
}

impl std::fmt::Debug for Memory {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut d = f.debug_struct("Memory");
        #[cfg(not(target_family = "wasm"))]
        d.field("shelf", &self.shelf);
        d.field("kalah_table", &self.kalah.as_ref().map(|k| k.table_bytes))
            .finish()
    }
}

impl Memory {
    /// A memory reading the databases of `shelf`, with nothing kept yet.
    #[cfg(not(target_family = "wasm"))]
    pub fn with_shelf(shelf: crate::tablebase::Shelf) -> Memory {
        Memory { shelf, kalah: None }
    }

    /// The databases it reads.
    #[cfg(not(target_family = "wasm"))]
    pub fn shelf(&mut self) -> &mut crate::tablebase::Shelf {
        &mut self.shelf
    }

    /// Reads the databases of `shelf` from now on (the kept search, which
    /// read the last shelf's, is emptied).
    #[cfg(not(target_family = "wasm"))]
    pub fn set_shelf(&mut self, shelf: crate::tablebase::Shelf) {
        self.shelf = shelf;
        self.forget();
    }

    /// Empties what was kept of the searches so far (the databases stay
    /// open).
    pub fn forget(&mut self) {
        self.kalah = None;
    }

    /// The Kalah solver kept for `game` with a table of `table_bytes`
    /// bytes, made (reading the shelf's table of the game's board, if it
    /// has one) unless the one kept is of the same rules, seeds and size;
    /// `None` if the solver does not take the game.
    pub(super) fn kalah_solver(
        &mut self,
        game: &Mancala,
        table_bytes: usize,
    ) -> Result<Option<&mut KalahSolver>, SearchError> {
        let (rules, seeds) = of(game);
        if !self
            .kalah
            .as_ref()
            .is_some_and(|k| k.fits(rules, seeds, table_bytes))
        {
            self.kalah = None;
            let Some(solver) = KalahSolver::new(game, table_bytes, 0) else {
                return Ok(None);
            };
            let solver = self.with_tables(game, solver)?;
            self.kalah = Some(Kept {
                rules,
                seeds,
                table_bytes,
                solver,
            });
        }
        Ok(self.kalah.as_mut().map(|k| &mut k.solver))
    }

    /// `solver` reading the shelf's table of `game`'s board, if it has one.
    #[cfg(not(target_family = "wasm"))]
    fn with_tables(
        &mut self,
        game: &Mancala,
        solver: KalahSolver,
    ) -> Result<KalahSolver, SearchError> {
        match self.shelf.table_of(game).map_err(unreadable)? {
            Some(table) => solver.with_tablebase(table).map_err(unreadable),
            None => Ok(solver),
        }
    }

    /// `solver` as it is: WebAssembly has no tables.
    #[cfg(target_family = "wasm")]
    fn with_tables(
        &mut self,
        _game: &Mancala,
        solver: KalahSolver,
    ) -> Result<KalahSolver, SearchError> {
        Ok(solver)
    }

    /// A perfect move of `game` if the shelf's opening book or table holds
    /// the position.
    #[cfg(not(target_family = "wasm"))]
    pub(super) fn perfect_move(
        &mut self,
        game: &Mancala,
    ) -> Result<Option<crate::tablebase::PerfectMove>, SearchError> {
        self.shelf.perfect_move(game).map_err(unreadable)
    }

    /// Whether the shelf's table of `game`'s board met a value it could
    /// not read (a search that met one is void).
    #[cfg(not(target_family = "wasm"))]
    pub(super) fn fault(&mut self, game: &Mancala) -> Result<(), SearchError> {
        match self.shelf.table_of(game).map_err(unreadable)? {
            Some(table) => table.fault().map_err(unreadable),
            None => Ok(()),
        }
    }
}

/// [`SearchError::Endgames`] of a database's error.
#[cfg(not(target_family = "wasm"))]
fn unreadable(e: crate::tablebase::TablebaseError) -> SearchError {
    SearchError::Endgames(e.to_string())
}

/// `game`'s rules and the seeds in it.
fn of(game: &Mancala) -> (Rules, u32) {
    let board = game.board();
    (*game.rules(), board.on_board() + board.stores_total())
}

impl Kept {
    /// Whether it is the solver of a game of `rules` and `seeds` with a
    /// table of `table_bytes` bytes.
    fn fits(&self, rules: Rules, seeds: u32, table_bytes: usize) -> bool {
        self.rules == rules && self.seeds == seeds && self.table_bytes == table_bytes
    }
}
