//! Uniform random playouts of every game through the [`Game`] trait alone,
//! shared by the `bench` example and the criterion benches.

use std::hint::black_box;

use mancala_core::{Budget, Game, Player, Status, rules::Endless};
use smallvec::SmallVec;

/// The games measured, by name: `oware`, `kalah`, `numercy` (classic),
/// `robertson` (two rows), `robertson-triangle`, `robertson-hexagon`
/// (`hexagon(2)`), `mankka` (Mankka Two, placements included), `mankka-one`
/// and `numa`.
pub const GAMES: [&str; 9] = [
    "oware",
    "kalah",
    "numercy",
    "robertson",
    "robertson-triangle",
    "robertson-hexagon",
    "mankka",
    "mankka-one",
    "numa",
];

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

/// Calls `visitor` with the start of the game called `name` (one of
/// [`GAMES`], or a catalogue game's name, [`mancala_core::Traditional`]).
/// With `endless_stop`, the relay games (Numercy, Mankka) end
/// endless moves instead of forbidding them ([`Endless::Stop`]) and play
/// without a work budget ([`Budget::UNLIMITED`]), so that their legal moves
/// need no trial sowings.
///
/// # Errors
///
/// A message for an unknown name.
pub fn visit<V: Visit>(name: &str, endless_stop: bool, visitor: &mut V) -> Result<(), String> {
    let fail = |e: &dyn std::fmt::Display| format!("{name}: {e}");
    let (endless, budget) = if endless_stop {
        (Endless::Stop, Budget::UNLIMITED)
    } else {
        (Endless::Forbid, Budget::DEFAULT)
    };
    let mankka = |mut options: mankka::Options| {
        options.endless = endless;
        mankka::Mankka::new_within(options, budget).map_err(|e| fail(&e))
    };
    match name {
        "oware" => visitor.visit(name, mancala_core::oware()),
        "kalah" => visitor.visit(name, mancala_core::kalah()),
        "numercy" => {
            let mut options = numercy::Options::classic();
            options.endless = endless;
            let game = numercy::Numercy::new_within(options, budget).map_err(|e| fail(&e))?;
            visitor.visit(name, game);
        }
        "robertson" => visitor.visit(name, robertson::Robertson::default()),
        "robertson-triangle" => {
            let game =
                robertson::Robertson::new(robertson::Options::triangle()).map_err(|e| fail(&e))?;
            visitor.visit(name, game);
        }
        "robertson-hexagon" => {
            let options = robertson::Options::hexagon(2).map_err(|e| fail(&e))?;
            let game = robertson::Robertson::new(options).map_err(|e| fail(&e))?;
            visitor.visit(name, game);
        }
        "mankka" => visitor.visit(name, mankka(mankka::Options::two())?),
        "mankka-one" => visitor.visit(name, mankka(mankka::Options::one())?),
        "numa" => visitor.visit(name, numa::Numa::default()),
        "toguz-kumalak" => visitor.visit(name, mancala_core::toguz::ToguzKumalak::default()),
        _ => match mancala_core::Traditional::from_name(name) {
            Some(game) => {
                let start = mancala_core::Mancala::new(game.rules()).map_err(|e| fail(&e))?;
                visitor.visit(name, start);
            }
            None => return Err(format!("unknown game {name:?}")),
        },
    }
    Ok(())
}
