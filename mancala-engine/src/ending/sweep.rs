//! The board a sowing game's last move left before the seeds left were
//! swept to their owners: what `mancala play` shows at the end.

use mancala_core::{Board, Event, Game, Mancala, Move};

use super::End;

/// How a sowing game ended: why, and the board as the last move left it.
#[derive(Clone, Debug)]
pub struct SowingEnd {
    /// The end condition.
    pub reason: End,
    /// The board the last move left, before the seeds left were swept into
    /// their owners' stores (the final board when nothing was swept).
    pub board: Board,
    /// Seeds swept from each player's holes into his store at the end.
    pub swept: Vec<u32>,
    /// Each player's final score, as the game counts it
    /// ([`Game::scores`]: the seeds left counted for whom the rules say).
    pub scores: Vec<u64>,
}

impl SowingEnd {
    /// The end `reason` of a game whose last move reported `events` and
    /// left `after` (of `players` players): its sweep (the `Collect`
    /// events) undone.
    fn of(reason: End, after: &Board, events: &[Event], scores: Vec<u64>) -> SowingEnd {
        let players = scores.len();
        let mut holes = after.holes().to_vec();
        let mut stores = after.stores()[..players].to_vec();
        let mut swept = vec![0u32; players];
        for event in events {
            if let Event::Collect { pit, seeds, to } = *event {
                if let Some(h) = holes.get_mut(pit.index()) {
                    *h = h.saturating_add(seeds);
                }
                if let Some(s) = stores.get_mut(to.index()) {
                    *s = s.saturating_sub(seeds);
                }
                if let Some(s) = swept.get_mut(to.index()) {
                    *s += u32::from(seeds);
                }
            }
        }
        let board = Board::from_counts(&holes, &stores);
        SowingEnd {
            reason,
            board,
            swept,
            scores,
        }
    }
}

/// How a [`Mancala`] game ended with `mv` played in `before`, or `None` if
/// it did not end (or the move is refused).
pub fn mancala_end(before: &Mancala, mv: Move) -> Option<SowingEnd> {
    let mut after = before.clone();
    let mut events = Vec::new();
    after.play_observed(mv, &mut events).ok()?;
    let scores = after.scores().as_slice().to_vec();
    Some(SowingEnd::of(after.end()?, after.board(), &events, scores))
}

/// How a [`Mankka`](mankka::Mankka) game ended with `mv` played in
/// `before`, or `None` if it did not end (or the move is refused).
pub fn mankka_end(before: &mankka::Mankka, mv: mankka::Move) -> Option<SowingEnd> {
    let mut after = before.clone();
    let mut events = Vec::new();
    after.play_observed(mv, &mut events).ok()?;
    let scores = after.scores().as_slice().to_vec();
    Some(SowingEnd::of(after.end()?, after.board(), &events, scores))
}
