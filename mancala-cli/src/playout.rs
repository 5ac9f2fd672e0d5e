//! Uniform random playouts of every game through the [`Game`] trait alone,
//! shared by the `bench` example and the criterion benches.

use std::hint::black_box;

use mancala_core::{Budget, Game, Player, Status};
use mancala_engine::{AnyGame, Registered, Visitor};
use smallvec::SmallVec;

/// The bench's own boards beside the registry's games: a name, the
/// registry's game and its options text.
pub const VARIANTS: [(&str, &str, &str); 3] = [
    ("robertson-triangle", "robertson", "layout=triangle"),
    ("robertson-hexagon", "robertson", "layout=hexagon"),
    ("mankka-one", "mankka", "variant=one"),
];

/// Every name [`visit`] takes, in the bench's order: each game of the
/// registry ([`mancala_engine::GAMES`]), its [`VARIANTS`] after it.
pub fn names() -> Vec<&'static str> {
    let mut out = Vec::new();
    for game in &mancala_engine::GAMES {
        out.push(game.name);
        out.extend(
            VARIANTS
                .iter()
                .filter(|(_, base, _)| *base == game.name)
                .map(|(name, _, _)| *name),
        );
    }
    out
}

/// SplitMix64 with Lemire's multiply-shift reduction (no division): the
/// generator of the project's hand-written oware benchmark (`oware-floor`,
/// kept beside the repository), so that figures compare directly.
pub use mancala_engine::SplitMix;

/// Plays one move of `game`: each acting player draws one of his legal
/// actions, as a Monte Carlo search does (`status`, `legal_actions`,
/// `joint_move`, `play_unchecked`). Returns `false` once the game is over.
///
/// # Panics
///
/// If the game refuses a joint move made of legal actions (a bug).
#[inline]
pub fn random_move<G: Game>(game: &mut G, rng: &mut SplitMix) -> bool {
    let mut choices: SmallVec<[(Player, G::Action); 2]> = SmallVec::new();
    match game.status() {
        Status::Over(_) => return false,
        Status::ToMove(player) => {
            let actions = game.legal_actions(player);
            choices.push((player, actions[rng.below(actions.len())]));
        }
        Status::Simultaneous(players) => {
            for player in players.iter() {
                let actions = game.legal_actions(player);
                choices.push((player, actions[rng.below(actions.len())]));
            }
        }
    }
    match game.joint_move(&choices) {
        Ok(mv) => {
            // The report is kept (by reference: a copy would only measure
            // moving it around).
            let report = game.play_unchecked(mv);
            black_box(&report);
            true
        }
        Err(e) => panic!("a legal action was refused: {e}"),
    }
}

/// The most moves [`playout`] plays in one game. Random play in I can go
/// round for ever (its rules have no end for a cycle); every other game's
/// random games end far sooner (the longest in a million games of any
/// preset is a few hundred moves).
pub const MAX_PLAYOUT_MOVES: u64 = 10_000;

/// One uniform random game from a clone of `start`, stopped after
/// [`MAX_PLAYOUT_MOVES`]; returns its moves (in Numa, turns).
#[inline(never)]
pub fn playout<G: Game>(start: &G, rng: &mut SplitMix) -> u64 {
    let mut game = start.clone();
    let mut moves = 0;
    while moves < MAX_PLAYOUT_MOVES && random_move(&mut game, rng) {
        moves += 1;
    }
    black_box(&game);
    moves
}

/// `count` positions met in random games from `start`, each after 0 to 39
/// random moves: states as a search meets them, with their histories.
pub fn positions<G: Game>(start: &G, rng: &mut SplitMix, count: usize) -> Vec<G> {
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let mut game = start.clone();
        let stop = rng.below(40);
        for _ in 0..stop {
            if !random_move(&mut game, rng) {
                break;
            }
        }
        out.push(game);
    }
    out
}

/// What to do with each game's start position (a generic callback, since
/// the games are different types).
pub trait Visit {
    /// Called with the game's name and its start position.
    fn visit<G: Game>(&mut self, name: &str, start: G);
}

/// Calls `visitor` with the start of the game called `name` (a game of
/// the registry, [`mancala_engine::GAMES`], or one of [`VARIANTS`]). With
/// `endless_stop`, the games with an `endless` option end endless moves
/// instead of forbidding them
/// ([`Endless::Stop`](mancala_core::rules::Endless::Stop)) and play without a work
/// budget ([`Budget::UNLIMITED`]), so that their legal moves need no trial
/// sowings.
///
/// # Errors
///
/// A message for an unknown name, or options the game refuses.
pub fn visit<V: Visit>(name: &str, endless_stop: bool, visitor: &mut V) -> Result<(), String> {
    let fail = |e: &dyn std::fmt::Display| format!("{name}: {e}");
    let (game, options) = VARIANTS
        .iter()
        .find(|(variant, _, _)| *variant == name)
        .map_or((name, ""), |&(_, game, options)| (game, options));
    let info = mancala_engine::find_game(game).ok_or_else(|| format!("unknown game {name:?}"))?;
    let mut options = options.to_string();
    let mut budget = Budget::DEFAULT;
    if endless_stop && info.keys.contains(&"endless") {
        options.push_str(" endless=stop");
        budget = Budget::UNLIMITED;
    }
    let start = AnyGame::new_within(game, &options, budget).map_err(|e| fail(&e))?;
    /// Hands the game's own type to the bench's [`Visit`].
    struct Start<'a, V> {
        name: &'a str,
        visitor: &'a mut V,
    }
    impl<V: Visit> Visitor for Start<'_, V> {
        type Output = ();
        fn visit<G: Registered>(self, game: &G) {
            self.visitor.visit(self.name, game.clone());
        }
    }
    start.visit(Start { name, visitor });
    Ok(())
}
