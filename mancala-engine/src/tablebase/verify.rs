//! Checking a tablebase against searches that do not read it: positions
//! drawn at random from its layers, solved afresh.

use mancala_core::{Game, Mancala, Player, Rules, Setup};

use super::{Kind, Tablebase, TablebaseError};
#[cfg(test)]
use crate::kalah_solve::UNKNOWN;
use crate::kalah_solve::{KalahSolver, Pos, in_play};
use crate::rng::SplitMix;
use crate::solve::{Solver, mancala_banked, mancala_split};

/// Positions of at most this many seeds are checked by the generic solver
/// (core's own rules through the `Game` trait); larger ones by Kalah's own
/// solver without an endgame table.
const GENERIC_SEEDS: u32 = 12;

/// What [`Tablebase::verify`] checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Verified {
    /// Positions checked by the generic solver over core's rules.
    pub generic: usize,
    /// Positions checked by Kalah's own solver, with no endgame table.
    pub kalah_solver: usize,
}

impl Tablebase {
    /// Checks `samples` positions against a fresh search: each drawn by a
    /// layer (seeds on the board, 2 to [`seeds`](Tablebase::seeds), each
    /// alike likely) and then a position of that layer in play (each
    /// alike likely), from the seed `seed`; solved by the generic
    /// [`Solver`] over core's rules up to 12 seeds, beyond by
    /// [`KalahSolver`] with no endgame table.
    ///
    /// # Errors
    ///
    /// [`TablebaseError::Mismatch`] for the first position whose stored
    /// value differs from the search's.
    pub fn verify(&self, samples: usize, seed: u64) -> Result<Verified, TablebaseError> {
        let mut rng = SplitMix::new(seed);
        let mut verified = Verified {
            generic: 0,
            kalah_solver: 0,
        };
        let houses = usize::from(self.kind.houses);
        for _ in 0..samples {
            let layer = 2 + rng.below(self.seeds.max(2) as usize - 1) as u32;
            let Some(pos) = self.draw(layer, &mut rng) else {
                continue;
            };
            let holes = &pos.0[..2 * houses];
            let game = position(self.kind, holes)?;
            let searched = if layer <= GENERIC_SEEDS {
                verified.generic += 1;
                let mut solver = Solver::new(1 << 22).with_split(mancala_split, mancala_banked);
                solver
                    .solve(&game)
                    .map_err(|e| TablebaseError::Unsupported(e.to_string()))?
                    .value
            } else {
                verified.kalah_solver += 1;
                let mut solver = KalahSolver::new(&game, 1 << 24, 0).ok_or_else(|| {
                    TablebaseError::Unsupported("the position, for Kalah's solver".into())
                })?;
                solver.solve(&game).value
            };
            let stored = self.value(&pos);
            if stored.map(i64::from) != Some(searched) {
                return Err(TablebaseError::Mismatch {
                    position: holes.to_vec(),
                    stored,
                    searched,
                });
            }
        }
        Ok(verified)
    }

    /// A position of exactly `layer` seeds in play, drawn at random (`None`
    /// if a hundred draws found none: a layer of one row's positions).
    fn draw(&self, layer: u32, rng: &mut SplitMix) -> Option<Pos> {
        let houses = usize::from(self.kind.houses);
        let (first, end) = (
            self.ranks.below(layer as usize),
            self.ranks.below(layer as usize + 1),
        );
        (0..100).find_map(|_| {
            let pos = self
                .ranks
                .unrank(first + rng.below((end - first) as usize) as u64)?;
            in_play(houses, &pos).then_some(pos)
        })
    }
}

/// The game of `kind` at `holes` (South to move, his row first), stores
/// empty.
fn position(kind: Kind, holes: &[u8]) -> Result<Mancala, TablebaseError> {
    let mut setup = Setup::new(kind.rules(Rules::kalah().seeds));
    setup.board = holes.iter().map(|&c| u16::from(c)).collect();
    setup.stores = vec![0, 0];
    setup.to_move = Player::P0;
    let game =
        Mancala::from_setup(setup).map_err(|e| TablebaseError::Unsupported(e.to_string()))?;
    debug_assert!(game.to_move().is_some());
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kalah_solve::Slots;
    use crate::tablebase::Values;

    #[test]
    fn a_wrong_table_is_caught() {
        let kind = Kind {
            houses: 3,
            empty_capture: false,
        };
        let table = Tablebase::build(kind, 14, 2, 1 << 24, |_| {}).unwrap();
        let right = table.verify(30, 1).unwrap();
        assert_eq!(right.generic + right.kalah_solver, 30);
        assert!(
            right.kalah_solver > 0,
            "layers 13 and 14 go to Kalah's solver"
        );
        // Every value shifted by one: each position checked disagrees.
        let Values::Memory(slots) = &table.values else {
            unreachable!("a table built here is in memory")
        };
        let len = slots.len();
        let mut shifted = Slots::try_with_capacity(len).unwrap();
        let bytes: Vec<u8> = slots
            .values(0, len)
            .map(|v| if v == UNKNOWN { v as u8 } else { (v + 1) as u8 })
            .collect();
        shifted.extend_from_bytes(&bytes);
        let shifted = std::sync::Arc::new(shifted);
        let wrong = Tablebase {
            values: Values::Memory(std::sync::Arc::clone(&shifted)),
            ..table
        };
        // A byte no value can be (a forged file passes its checksum): the
        // probe answers nothing rather than a wrong value.
        let held = [1, 0, 0, 0, 0, 1];
        let index = wrong.ranks.rank(&wrong.pos(&held).unwrap()) as usize;
        let mut forged = Slots::try_with_capacity(len).unwrap();
        let mut bytes: Vec<u8> = shifted.values(0, len).map(|v| v as u8).collect();
        bytes[index] = 100;
        forged.extend_from_bytes(&bytes);
        let forged = Tablebase {
            values: Values::Memory(std::sync::Arc::new(forged)),
            kind,
            seeds: 14,
            ranks: wrong.ranks.clone(),
        };
        assert_eq!(forged.probe(&held), None);
        // Its other values stand (shifted by one, as the table it came from).
        assert_eq!(forged.probe(&[0, 0, 1, 0, 0, 1]), Some(1));
        assert!(matches!(
            wrong.verify(5, 1),
            Err(TablebaseError::Mismatch { stored: Some(stored), searched, .. }) if i64::from(stored) == searched + 1
        ));
    }
}
