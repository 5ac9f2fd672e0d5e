//! Iterative deepening that reports as it goes: the tournament protocols
//! ([`kgp`](crate::kgp), [`uci`](crate::uci)) send a line after every
//! completed depth, while [`AlphaBeta`] answers only at its end.
//!
//! [`deepen`] searches depth 1, then 2, and so on, each with the same
//! agent, whose transposition table makes the shallower iterations of each
//! search cheap: a search of depth `d` finds the first `d - 1` already
//! settled.

use std::time::{Duration, Instant};

use mancala_core::Game;
use mancala_engine::agents::AlphaBeta;
use mancala_engine::{Limits, SearchResult, Stop};

/// The deepest a search goes when no depth is asked (as `AlphaBeta`'s
/// default).
pub(crate) const DEFAULT_DEPTH: u32 = 64;

/// What bounds one [`deepen`]: every field set is a limit, the first
/// reached ends the search.
#[derive(Clone, Debug, Default)]
pub(crate) struct Budget {
    /// Most time, from the call.
    pub(crate) time: Option<Duration>,
    /// Most positions made, over all the depths.
    pub(crate) nodes: Option<u64>,
    /// Deepest depth ([`DEFAULT_DEPTH`] if none).
    pub(crate) depth: Option<u32>,
    /// The flag that ends the search from outside.
    pub(crate) stop: Stop,
}

/// Searches `game` one depth deeper at a time within `budget`, calling
/// `report` with the result of each completed depth, and returns the last
/// result: its `best` is the deepest completed depth's best move, or a move
/// an unfinished deeper one proved better. `None` if nobody is to move or
/// he has no move.
///
/// A position with one legal move is answered at once (depth 0, nothing
/// reported); the deepening also ends once a depth has seen the whole game
/// tree.
pub(crate) fn deepen<G: Game>(
    agent: &mut AlphaBeta,
    game: &G,
    budget: &Budget,
    mut report: impl FnMut(&SearchResult<G::Action>),
) -> Option<SearchResult<G::Action>> {
    let start = Instant::now();
    let mut used = 0u64;
    let mut last = None;
    for depth in 1..=budget.depth.unwrap_or(DEFAULT_DEPTH).max(1) {
        let mut limits = Limits::depth(depth).with_stop(budget.stop.clone());
        if let Some(time) = budget.time {
            let left = time.saturating_sub(start.elapsed());
            if left.is_zero() && last.is_some() {
                break;
            }
            limits = limits.with_time(left.max(Duration::from_micros(1)));
        }
        if let Some(nodes) = budget.nodes {
            let left = nodes.saturating_sub(used);
            if left == 0 && last.is_some() {
                break;
            }
            limits = limits.with_nodes(left.max(1));
        }
        let result = agent.search(game, &limits)?;
        used = used.saturating_add(result.nodes);
        let forced = result.depth == 0 && result.nodes == 0;
        let complete = !forced && result.depth >= depth;
        if complete {
            report(&result);
        }
        let done = !complete || result.exact || budget.stop.is_stopped();
        last = Some(result);
        if done {
            break;
        }
    }
    last
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_depth_is_reported_once_in_order_and_the_last_is_returned() {
        let game = mancala_core::kalah();
        let mut agent = AlphaBeta::new(u64::MAX);
        let mut depths = Vec::new();
        let budget = Budget {
            depth: Some(4),
            ..Budget::default()
        };
        let result = deepen(&mut agent, &game, &budget, |r| {
            depths.push((r.depth, r.best))
        })
        .expect("a move");
        assert_eq!(depths.iter().map(|d| d.0).collect::<Vec<_>>(), [1, 2, 3, 4]);
        assert_eq!(result.depth, 4);
        assert_eq!(Some(&(4, result.best)), depths.last());
        // The same as one search of depth 4 by a fresh agent.
        let direct = AlphaBeta::new(0)
            .search(&game, &Limits::depth(4))
            .expect("a move");
        assert_eq!(direct.best, result.best);
        assert_eq!(direct.value, result.value);
    }

    #[test]
    fn a_raised_flag_still_answers_a_legal_move_at_once() {
        let game = mancala_core::oware();
        let stop = Stop::new();
        stop.stop();
        let budget = Budget {
            stop,
            ..Budget::default()
        };
        let mut reports = 0;
        let result = deepen(&mut AlphaBeta::new(u64::MAX), &game, &budget, |_| {
            reports += 1
        })
        .expect("a move");
        assert!(
            game.legal_actions(mancala_core::Player::P0)
                .contains(&result.best)
        );
        assert_eq!(reports, 0);
    }

    #[test]
    fn a_node_budget_bounds_the_whole_deepening() {
        let game = mancala_core::oware();
        let budget = Budget {
            nodes: Some(2_000),
            ..Budget::default()
        };
        let mut total = 0;
        let result = deepen(&mut AlphaBeta::new(u64::MAX), &game, &budget, |r| {
            total += r.nodes;
        })
        .expect("a move");
        // Each depth searched within what the earlier ones left.
        assert!(total <= 2_000, "{total}");
        assert!(result.depth < 10 && !result.exact, "{result:?}");
    }
}
