//! Swindles: in a position its player cannot win (or only draw) against
//! perfect play, the move a fallible opponent is likeliest to answer
//! badly (see [`Swindles`]).

use std::collections::{HashMap, HashSet};

use mancala_core::{Game, Mancala, Move, Player};

use super::{Book, Key, key, move_of, seat_of, solver_of};
use crate::agents::SequentialAgent;
use crate::kalah_solve::KalahSolver;
use crate::mcts::Mcts;
use crate::solve::margin;
use crate::tablebase::{Tablebase, TablebaseError};

/// How a book's swindles are found: whose, how far from the start, and
/// the model of the opponent. A swindle is the move, in a position its
/// player cannot win (or only draw) against perfect play, that a fallible
/// opponent is likeliest to answer badly.
///
/// Every move of a lost position loses against perfect play, so the
/// margin a move keeps says nothing of the chances it leaves against an
/// opponent who errs. A book's swindles choose among the moves that keep
/// the position's result (all of them when it is lost, the drawing ones
/// when it is drawn) by a model of the opponent: Monte Carlo tree search
/// ([`Mcts`]) with a given number of iterations and exploration constant.
/// From the position each move leads to, the game is played out
/// [`runs`](Swindles::runs) times: the model moves for the opponent (each
/// run seeded by the position and the run), the seat plays its first best
/// move (exactly: the book's, or the solver's to the end), until the game
/// is over or the seat's position is won, which perfect play keeps. A
/// move's worth is the seat's result summed over the runs (a win 2, a draw
/// 1, a loss 0), then its final margin summed the same way; a move after
/// which the seat moves again is worth its best continuation's. The move
/// of most worth is the swindle, if it is worth more than the book's first
/// best move.
///
/// The book follows the seat's swindles from the start to
/// [`plies`](Swindles::plies) plies: each position of the seat's where it
/// cannot win (before the last ply) gets its swindle, and leads on to the
/// position its swindle (or first best move) reaches; each position of its
/// opponent leads to every reply the model made there. Every position of
/// this walk is solved and kept in the book, so the engine finds the
/// positions it will meet; the positions solved only to score a move are
/// not kept. Everything random is seeded by the position, so a build is
/// the same every time.
///
/// # Examples
///
/// ```
/// use mancala_core::Player;
/// use mancala_engine::tablebase::Swindles;
///
/// let swindles = Swindles::against_uct(Player::P1, 8);
/// assert_eq!((swindles.iterations, swindles.runs), (10_000, 8));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Swindles {
    /// The player whose swindles they are.
    pub seat: Player,
    /// How many plies from the start the book follows them.
    pub plies: u32,
    /// Runs of the model from each position (each with its own seed).
    pub runs: u32,
    /// The model's iterations a move (one random playout each).
    pub iterations: u64,
    /// The model's exploration constant (UCB1's, for results of 0 to 1).
    pub exploration: f64,
}

impl Swindles {
    /// The model of OpenSpiel's `MCTSBot` as its `examples/mcts.py` and
    /// `python/examples/versus_mcts.py` set it: 10,000 simulations a move,
    /// each ended by one random rollout, exploration constant 2 on results
    /// of -1 to 1 (1 on results of 0 to 1); 8 runs a position.
    pub const fn against_uct(seat: Player, plies: u32) -> Swindles {
        Swindles {
            seat,
            plies,
            runs: 8,
            iterations: 10_000,
            exploration: 1.0,
        }
    }

    /// The book header's word: `swindles=SEAT:PLIES:RUNS:ITERATIONS:EXPLORATION`.
    pub(super) fn word(&self) -> String {
        format!(
            "swindles={}:{}:{}:{}:{}",
            self.seat.index(),
            self.plies,
            self.runs,
            self.iterations,
            self.exploration
        )
    }

    /// The swindles of a book header's word, if it is one.
    pub(super) fn read(word: &str) -> Option<Swindles> {
        let fields: Vec<&str> = word.strip_prefix("swindles=")?.split(':').collect();
        let [seat, plies, runs, iterations, exploration] = <[&str; 5]>::try_from(fields).ok()?;
        let seat = seat_of(seat)?;
        let exploration: f64 = exploration.parse().ok()?;
        Some(Swindles {
            seat,
            plies: plies.parse().ok()?,
            runs: runs.parse().ok()?,
            iterations: iterations.parse().ok()?,
            exploration: exploration.is_finite().then_some(exploration)?,
        })
    }
}

/// A move's worth against the model: the seat's results summed over the
/// runs (win 2, draw 1, loss 0), then its margins.
type Worth = (u64, i64);

/// The seat's result in half points: 2 for a margin above 0, 1 for 0, 0 below.
fn half_points(margin: i64) -> u64 {
    match margin.signum() {
        1 => 2,
        0 => 1,
        _ => 0,
    }
}

/// Plies after which a game played out against the model is scored by
/// its exact value.
const MAX_PLAYOUT_PLIES: usize = 1_000;

/// The walk that finds a book's swindles.
struct Walk<'a> {
    book: &'a mut Book,
    solver: KalahSolver,
    swindles: Swindles,
    /// The model's move by position and run.
    replies: HashMap<(Key, u32), Move>,
    /// Positions solved to score a move but not met by the walk: kept out
    /// of the book, whose positions are the walk's.
    solved: HashMap<Key, (i64, Vec<u8>)>,
}

impl Walk<'_> {
    /// `margin` for the seat.
    fn for_seat(&self, margin: i64) -> i64 {
        if self.swindles.seat == Player::P0 {
            margin
        } else {
            -margin
        }
    }

    /// The first player's final margin from `game` under perfect play, and
    /// the holes that keep it: the book's, or solved (and kept aside).
    fn entry(&mut self, game: &Mancala) -> (i64, Vec<u8>) {
        if game.to_move().is_none() {
            return (margin(game), Vec::new());
        }
        let k = key(game);
        if let Some(entry) = self.book.entries.get(&k).or_else(|| self.solved.get(&k)) {
            return entry.clone();
        }
        let solution = self.solver.solve(game);
        let entry = (solution.value, super::holes_of(&solution.best));
        self.solved.insert(k, entry.clone());
        entry
    }

    /// The first player's final margin from `game` under perfect play.
    fn value(&mut self, game: &Mancala) -> i64 {
        self.entry(game).0
    }

    /// Keeps `game`, a position of the walk, in the book.
    fn keep(&mut self, game: &Mancala) -> i64 {
        let (value, best) = self.entry(game);
        self.book.insert(key(game), value, best);
        value
    }

    /// [`value`](Walk::value) for the seat.
    fn seat_value(&mut self, game: &Mancala) -> i64 {
        let value = self.value(game);
        self.for_seat(value)
    }

    /// The model's move at `game` in run `run` (seeded by the position and
    /// the run).
    fn reply(&mut self, game: &Mancala, run: u32) -> Option<Move> {
        let k = (key(game), run);
        if let Some(&reply) = self.replies.get(&k) {
            return Some(reply);
        }
        let seed = seed_of(&k.0) ^ u64::from(run).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let mut model = Mcts::new(seed, self.swindles.iterations);
        model.exploration = self.swindles.exploration;
        let reply = model.choose(game)?;
        self.replies.insert(k, reply);
        Some(reply)
    }

    /// The model's moves at `game`, one a run.
    fn replies(&mut self, game: &Mancala) -> Vec<Move> {
        (0..self.swindles.runs)
            .filter_map(|run| self.reply(game, run))
            .collect()
    }

    /// How run `run` of the game from `game` ends for the seat, as its
    /// margin: the model moves for the opponent, the seat its first best
    /// moves, until the game is over or the seat's position is won (which
    /// perfect play keeps: its value), or after [`MAX_PLAYOUT_PLIES`]
    /// (its value then).
    fn playout(&mut self, game: &Mancala, run: u32) -> i64 {
        let mut game = game.clone();
        for _ in 0..MAX_PLAYOUT_PLIES {
            let mv = match game.to_move() {
                None => return self.for_seat(margin(&game)),
                Some(p) if p == self.swindles.seat => {
                    let (value, best) = self.entry(&game);
                    let mine = self.for_seat(value);
                    match best.first() {
                        Some(&hole) if mine <= 0 => move_of(hole),
                        _ => return mine,
                    }
                }
                Some(_) => self.reply(&game, run),
            };
            if mv.is_none_or(|mv| game.play(mv).is_err()) {
                break;
            }
        }
        self.seat_value(&game)
    }

    /// What reaching `child` is worth to the seat against the model: a
    /// game played out from it in each run, or, if the seat moves again,
    /// the worth of its best continuation.
    fn worth(&mut self, child: &Mancala) -> Worth {
        if child.to_move() == Some(self.swindles.seat) {
            return self
                .candidates(child)
                .into_iter()
                .map(|(_, worth)| worth)
                .max()
                .unwrap_or((0, i64::MIN));
        }
        let mut worth: Worth = (0, 0);
        for run in 0..self.swindles.runs {
            let m = self.playout(child, run);
            worth = (worth.0 + half_points(m), worth.1.saturating_add(m));
        }
        worth
    }

    /// The seat's moves from `game` that keep its result under perfect
    /// play, in the game's order, with their worths.
    fn candidates(&mut self, game: &Mancala) -> Vec<(Move, Worth)> {
        let result = half_points(self.seat_value(game));
        let mut found = Vec::new();
        for &mv in game.legal_moves().iter() {
            let mut child = game.clone();
            if child.play(mv).is_ok() && half_points(self.seat_value(&child)) == result {
                let worth = self.worth(&child);
                found.push((mv, worth));
            }
        }
        found
    }

    /// The seat's move at `game`, a position it cannot win: its swindle
    /// if one is worth more than the first best move, else that move.
    fn choose(&mut self, game: &Mancala) -> Option<Move> {
        let first = self.book.best_moves(game)?.0.first().copied()?;
        let candidates = self.candidates(game);
        let keep = candidates
            .iter()
            .find(|(mv, _)| *mv == first)
            .map_or((0, i64::MIN), |&(_, worth)| worth);
        let (best, _) = candidates
            .into_iter()
            .fold(
                (first, keep),
                |(b, w), (mv, worth)| if worth > w { (mv, worth) } else { (b, w) },
            );
        // The fold moves off the first best move only for more worth.
        if best != first
            && let Some(hole) = best.pit().and_then(|p| u8::try_from(p.index()).ok())
        {
            self.book.swindled.insert(key(game), hole);
        }
        Some(best)
    }
}

/// A seed from a position (FNV-1a of its key).
fn seed_of(k: &Key) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    let words =
        k.0.iter()
            .chain(k.1.iter())
            .copied()
            .chain([u16::from(k.2)]);
    for word in words {
        for byte in word.to_le_bytes() {
            hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
        }
    }
    hash
}

impl Book {
    /// This book with `swindles` found and added (see [`Swindles`]): the
    /// positions met are solved as
    /// [`build`](Book::build) solves them, its endgames from `table` if
    /// given. `progress(positions)` after each position of the walk.
    ///
    /// # Errors
    ///
    /// [`TablebaseError::Unsupported`] if the book already has swindles,
    /// or as [`build`](Book::build).
    pub fn with_swindles(
        mut self,
        swindles: Swindles,
        table: Option<&Tablebase>,
        mut progress: impl FnMut(usize),
    ) -> Result<Book, TablebaseError> {
        if self.swindles.is_some() {
            return Err(TablebaseError::Unsupported(
                "a book that has swindles already".into(),
            ));
        }
        let solver = solver_of(&self.start, table)?;
        let start = self.start.clone();
        let mut walk = Walk {
            book: &mut self,
            solver,
            swindles,
            replies: HashMap::new(),
            solved: HashMap::new(),
        };
        let mut seen = HashSet::new();
        let mut stack = vec![(start, 0)];
        while let Some((game, ply)) = stack.pop() {
            let Some(mover) = game.to_move() else {
                continue;
            };
            if !seen.insert(key(&game)) {
                continue;
            }
            let value = walk.keep(&game);
            progress(seen.len());
            if ply == swindles.plies {
                continue;
            }
            let next = if mover == swindles.seat {
                if half_points(walk.for_seat(value)) == 2 {
                    continue;
                }
                walk.choose(&game).into_iter().collect()
            } else {
                let mut replies = walk.replies(&game);
                replies.sort_by_key(|m| m.pit().map(|p| p.index()));
                replies.dedup();
                replies
            };
            for mv in next {
                let mut child = game.clone();
                if child.play(mv).is_ok() {
                    stack.push((child, ply + 1));
                }
            }
        }
        self.swindles = Some(swindles);
        Ok(self)
    }

    /// How the book's swindles were found, if it has them.
    pub fn swindles(&self) -> Option<Swindles> {
        self.swindles
    }

    /// The book's swindle in `game`, if it holds one: a move that keeps
    /// the position's result (it cannot be won) but not its margin, which
    /// the book's model of the opponent answers worse than the best moves.
    pub fn swindle(&self, game: &Mancala) -> Option<Move> {
        if !self.is_of(game) {
            return None;
        }
        let hole = self.swindled.get(&key(game))?;
        let mv = move_of(*hole)?;
        game.is_legal(&mv).then_some(mv)
    }

    /// How many positions have a swindle.
    pub fn swindle_count(&self) -> usize {
        self.swindled.len()
    }
}
