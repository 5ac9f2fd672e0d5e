//! The plain statement of a lap and of a relayed move: the rules as a
//! reader would say them, one seed at a time, which the sower
//! ([`Sower`](crate::toolkit::Sower)) is checked against (the property tests of
//! `mancala-core/tests/reference_lap.rs` and the fuzz target
//! `sowing_reference`).
//!
//! The sower reaches the same boards, landings, laps and refusals by
//! faster means: whole revolutions sown at once, laps sown lane by lane,
//! first landings found by arithmetic, and endless relays found by Brent's
//! cycle detection in constant memory, drawing on a work budget. None of
//! that is here. A [`Sowing::lap`] drops every seed one by one (it is also
//! the sower's sowing when events are recorded, each seed told as it
//! falls), and a [`Move`] remembers every lap start of the move, so it is
//! slow, and gives up on a relay longer than its cap of laps.
//!
//! # Examples
//!
//! ```
//! use mancala_core::toolkit::sow_reference::{Move, Sowing};
//! use mancala_core::{Board, Landing, Layout, Pit, Player, rules::{Endless, Relay, SowSpec}, toolkit::Sown};
//! use mancala_core::Topology;
//!
//! let topology = Topology::new(Layout::two_rows(6))?;
//! let sowing = Sowing { topology: &topology, spec: SowSpec::default(), mover: Player::P0 };
//! let pit = |i| Pit::new(i).unwrap();
//!
//! // One lap: hole 3's four seeds go to holes 4 to 7.
//! let mut board = Board::filled(12, 4);
//! assert_eq!(sowing.lap(&mut board, pit(3), &mut ()), Landing::Hole(pit(7)));
//! assert_eq!(board.holes(), &[4, 4, 4, 0, 5, 5, 5, 5, 4, 4, 4, 4]);
//!
//! // A relayed move (Mankka's relays at 4): hole 0's five seeds end in hole
//! // 5, which then holds 4 and relays; its four seeds end in the empty hole 9.
//! let relay = Relay::AtLeast(4);
//! let rules = Move { sowing, relay: &relay, endless: Endless::Forbid, most_laps: 100 };
//! let mut board = Board::from_counts(&[5, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0], &[0, 0]);
//! let sown = rules.sow(&mut board, pit(0));
//! let end = Sown { landing: Landing::Hole(pit(9)), laps: 2, endless: false };
//! assert_eq!(sown, Some(Ok(end)));
//! assert_eq!(board.holes(), &[0, 1, 1, 1, 1, 0, 1, 1, 1, 1, 0, 0]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use alloc::vec::Vec;

use crate::board::Board;
use crate::event::{Event, Observer};
use crate::pit::Pit;

pub use super::spec::Sowing;
use super::{Endless, EndlessRelay, Landing, RelayRule, SowError, Sown};

impl Sowing<'_> {
    /// One lap from `from` on `board`, as the rules say it, each step told
    /// to `observer` (`&mut ()` for none): lift every seed of `from`; under
    /// [`first_into_origin`](crate::rules::SowSpec::first_into_origin) put the
    /// first one back, unless it was the only one (which
    /// [`single_into_origin`](crate::rules::SowSpec::single_into_origin) puts
    /// back, ending the lap there); then drop one seed a
    /// hole, going the spec's way from the hole after `from`, passing
    /// `from` over under [`skip_origin`](crate::rules::SowSpec::skip_origin), and
    /// dropping one into the mover's store on passing it under
    /// [`into_own_store`](crate::rules::SowSpec::into_own_store). Returns where
    /// the last seed fell. An empty hole, or one off the board, is lifted
    /// and lands where it is.
    pub fn lap<O: Observer>(&self, board: &mut Board, from: Pit, observer: &mut O) -> Landing {
        let Sowing {
            topology,
            spec,
            mover,
        } = *self;
        let mut seeds = board.take(from);
        observer.event(Event::Lift { pit: from, seeds });
        if seeds == 0 {
            return Landing::Hole(from);
        }
        if spec.first_into_origin && seeds > 1 || spec.single_into_origin && seeds == 1 {
            board.add(from, 1);
            observer.event(Event::Sow { pit: from });
            seeds -= 1;
            if seeds == 0 {
                return Landing::Hole(from);
            }
        }
        let mut at = from;
        loop {
            if spec.into_own_store && topology.store_between(at, spec.direction) == Some(mover) {
                board.add_to_store(mover, 1);
                observer.event(Event::Store { player: mover });
                seeds -= 1;
                if seeds == 0 {
                    return Landing::Store(mover);
                }
            }
            at = topology.step(at, spec.direction);
            if spec.skip_origin && at == from {
                continue;
            }
            board.add(at, 1);
            observer.event(Event::Sow { pit: at });
            seeds -= 1;
            if seeds == 0 {
                return Landing::Hole(at);
            }
        }
    }
}

/// A whole move, as the rules say it: laps from the origin, each lifted
/// from the hole the last one ended in while the relay rule says that hole
/// relays. Number the move's lap starts (the board, and the hole about to
/// be lifted) from 0, its first lift: the move is endless when a lap start
/// repeats an earlier one, and then refused ([`Endless::Forbid`]) or ended
/// at the repeat ([`Endless::Stop`]).
#[derive(Clone, Copy, Debug)]
pub struct Move<'a, R> {
    /// How each lap is sown, and by whom.
    pub sowing: Sowing<'a>,
    /// When a lap relays.
    pub relay: &'a R,
    /// What to do with a move whose relays never end.
    pub endless: Endless,
    /// The laps the move may take before the reference gives up on it
    /// (it remembers every lap start, so a long relay is slow to judge).
    pub most_laps: u64,
}

impl<R: RelayRule> Move<'_, R> {
    /// Sows the move from `origin` on `board`: what
    /// [`Sower::sow`](crate::toolkit::Sower::sow) gives for it, board included, under
    /// any work budget that decides it. `None` when the move neither ended
    /// nor repeated a lap start within [`most_laps`](Move::most_laps) laps.
    /// On an error, or `None`, `board` is as it was.
    ///
    /// The errors: [`SowError::NotOnBoard`] for a hole off the topology or
    /// a board that does not fit it, [`SowError::EmptyHole`] for an empty
    /// hole, [`SowError::Endless`] for an endless move under
    /// [`Endless::Forbid`] (its laps before the repeated lap start and
    /// between the two). Under [`Endless::Stop`] an endless move ends before
    /// lifting at the first lap start that repeats, its board and hole.
    pub fn sow(&self, board: &mut Board, origin: Pit) -> Option<Result<Sown, SowError>> {
        let topology = self.sowing.topology;
        if !topology.contains(origin) || board.len() != topology.holes() {
            return Some(Err(SowError::NotOnBoard(origin)));
        }
        if board.get(origin) == 0 {
            return Some(Err(SowError::EmptyHole(origin)));
        }
        let before = board.clone();
        // Every lap start of the move so far: lap start `i` is `starts[i]`.
        let mut starts: Vec<(Board, Pit)> = Vec::new();
        let mut from = origin;
        for laps in 0..=self.most_laps {
            let seen = starts.iter().position(|(b, p)| *p == from && b == board);
            if let Some(mu) = seen {
                return Some(self.endless_move(board, before, mu as u64, laps, from));
            }
            if laps == self.most_laps {
                break;
            }
            starts.push((board.clone(), from));
            match self.sowing.lap(board, from, &mut ()) {
                Landing::Hole(p) if self.relay.relays(board, p) => from = p,
                landing => {
                    return Some(Ok(Sown {
                        landing,
                        laps: laps + 1,
                        endless: false,
                    }));
                }
            }
        }
        *board = before;
        None
    }

    /// An endless move whose lap start `laps` (on `board`, lifting `hole`)
    /// repeats lap start `mu`, under [`endless`](Move::endless): `board`
    /// goes back to `before` if the move is refused.
    fn endless_move(
        &self,
        board: &mut Board,
        before: Board,
        mu: u64,
        laps: u64,
        hole: Pit,
    ) -> Result<Sown, SowError> {
        match self.endless {
            Endless::Forbid => {
                *board = before;
                Err(SowError::Endless(EndlessRelay {
                    laps_before_cycle: mu,
                    cycle_laps: laps - mu,
                }))
            }
            Endless::Stop => Ok(Sown {
                landing: Landing::Hole(hole),
                laps,
                endless: true,
            }),
        }
    }
}
