//! The computer player of every game ([`Registered::computer`]): one
//! search a game, whatever face asks (the engine protocol, `mancala play`,
//! the tournament, Python, the web page).

use std::fmt;

use mancala_core::{Game, Mancala, Move, Player, Status};
use numa::Numa;

use crate::agents::{AlphaBeta, NumaAgent, RegretMatching};
use crate::kalah_solve::KalahSolver;
use crate::limits::Limits;
use crate::search::{SearchResult, Source};

use super::{Memory, SearchError};

#[cfg(doc)]
use super::Registered;

/// Hears each completed iteration of a deepening search as it completes:
/// the result the search would answer if it stopped there.
pub type Report<'a, A> = &'a mut dyn FnMut(&SearchResult<A>);

/// The rules of a game with no options (Toguz Kumalak): every position is
/// under the same rules, written as no words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NoOptions;

impl fmt::Display for NoOptions {
    fn fmt(&self, _f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Ok(())
    }
}

/// Iterative-deepening alpha-beta from a fresh table, for `player` to
/// move, each iteration reported as it completes.
pub(super) fn alpha_beta<G: Game>(
    game: &G,
    player: Player,
    limits: &Limits,
    report: Report<'_, G::Action>,
) -> Option<SearchResult<G::Action>> {
    if game.status() != Status::ToMove(player) {
        return None;
    }
    AlphaBeta::new(u64::MAX).search_reporting(game, limits, report)
}

/// A sowing game's computer: a perfect move from the databases of
/// `memory` where they hold the position; on boards the Kalah solver takes,
/// its search deepened within `limits` ([`KalahSolver::search_within`],
/// with the tablebase of the game's board from `memory`, and the
/// transposition table it kept from the last move); else alpha-beta. No
/// memory: a search from a fresh table, reading no databases.
pub(super) fn mancala(
    game: &Mancala,
    player: Player,
    limits: &Limits,
    memory: Option<&mut Memory>,
    report: Report<'_, Move>,
) -> Result<Option<SearchResult<Move>>, SearchError> {
    if game.status() != Status::ToMove(player) {
        return Ok(None);
    }
    let mut fresh = Memory::default();
    let memory = memory.unwrap_or(&mut fresh);
    #[cfg(not(target_family = "wasm"))]
    if let Some(known) = memory.perfect_move(game)? {
        return Ok(Some(SearchResult {
            best: known.best,
            value: known.value,
            pv: vec![known.best],
            nodes: 0,
            depth: 0,
            exact: true,
            source: known.source,
        }));
    }
    let bytes = KalahSolver::table_bytes_within(limits);
    let Some(solver) = memory.kalah_solver(game, bytes)? else {
        return Ok(alpha_beta(game, player, limits, report));
    };
    let found = solver.search_within(game, limits, report);
    // A search that met a value its opened table could not give is void.
    #[cfg(not(target_family = "wasm"))]
    memory.fault(game)?;
    Ok(found)
}

/// The seed of Numa's search for `player` in `game`: drawn from the
/// position, so the same position and player give the same choice.
fn numa_seed(game: &Numa, player: Player) -> u64 {
    game.key() ^ (player.index() as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

/// Regret-matching rounds of Numa's computer player: enough for the
/// turn's matrix game to settle (the engine protocol's and `mancala
/// play`'s number since they began).
pub const NUMA_ROUNDS: u32 = 200;

/// `player`'s choice in Numa's simultaneous turn: his part of the turn's
/// matrix game by regret matching ([`RegretMatching`], [`NUMA_ROUNDS`]
/// rounds), seeded by the position and the player; its value is 0 and its
/// depth 2. The limits do not change the answer.
///
/// Not [`NumaSearch`](crate::numa_search::NumaSearch): its two-turn search
/// breaks cycles by remembering the positions of the game so far, which a
/// computer asked about one position cannot; asked afresh each turn it
/// repeats a position forever (two such players never finish a game).
pub(super) fn numa(game: &Numa, player: Player) -> Option<SearchResult<numa::Choice>> {
    if !matches!(game.status(), Status::Simultaneous(set) if set.contains(player)) {
        return None;
    }
    let choice = RegretMatching::new(numa_seed(game, player), NUMA_ROUNDS).choose(game, player);
    Some(SearchResult {
        pv: vec![choice],
        best: choice,
        value: 0,
        nodes: 0,
        depth: 2,
        exact: false,
        source: Source::Search,
    })
}
