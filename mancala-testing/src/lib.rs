//! The shared test harness for games of the family: not published, a
//! dev-dependency of every game crate and of the fuzz targets.
//!
//! Every game crate's property tests and fuzz targets call these checks, so
//! the contract of [`Game`] is tested the same way everywhere:
//!
//! - the legal actions of each player are exactly the actions `play` accepts
//!   (checked against a list of candidate actions, legal or not), and players
//!   who need not act have none;
//! - a refused move changes nothing, and [`Game::is_legal`] agrees with
//!   [`Game::play`];
//! - [`Game::joint_move`] refuses players who need not act;
//! - the text notation and serde round-trip, and equal states have equal
//!   [`Game::key`]s;
//! - random playouts keep a game's own invariant (seed conservation, say)
//!   and are deterministic.
//!
//! The checks panic with a message naming the position when something is
//! wrong, as test assertions do.
//!
//! # Examples
//!
//! ```
//! use mancala_core::{Mancala, Move, Pit};
//! use mancala_testing as testing;
//!
//! let candidates: Vec<Move> = (0..14).filter_map(Pit::new).map(Move::Sow).chain([Move::Pass]).collect();
//! testing::random_playouts(Mancala::default(), 7, 3, 300, |game, _report| {
//!     testing::check_state(game, &candidates);
//!     assert_eq!(game.board().total(), 48); // seeds are conserved
//! });
//! ```
#![forbid(unsafe_code)]
#![allow(clippy::panic, clippy::unwrap_used, clippy::expect_used)]

extern crate alloc;

use alloc::format;
use alloc::vec::Vec;
use core::fmt::{Debug, Display};
use core::str::FromStr;

use mancala_core::{Game, Player, Status, rules::MAX_PLAYERS};

pub use mancala_engine::SplitMix;

/// The number of cases a property test runs: the `PROPTEST_CASES`
/// environment variable when it is set to a number, else `default` (every
/// `proptest_config` of the workspace goes through this).
///
/// # Examples
///
/// ```
/// // `PROPTEST_CASES=10 cargo test` runs 10 cases of each property.
/// let cases = mancala_testing::proptest_cases(256);
/// assert!(std::env::var("PROPTEST_CASES").is_ok() || cases == 256);
/// ```
pub fn proptest_cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(default)
}

/// Runs `f` on another thread: its result, or `None` if it has not
/// returned within `secs` seconds. A guard against hangs in tests of slow
/// inputs, not a measure of speed (benchmarks measure speed).
pub fn within<T: Send + 'static>(secs: u64, f: impl FnOnce() -> T + Send + 'static) -> Option<T> {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(f());
    });
    rx.recv_timeout(std::time::Duration::from_secs(secs)).ok()
}

/// The players who must act now.
pub fn acting<G: Game>(game: &G) -> Vec<Player> {
    game.status().acting().iter().collect()
}

/// Plays one random legal move (each acting player picks uniformly among his
/// legal actions) and returns its report, or `None` once the game is over.
///
/// # Panics
///
/// If an acting player has no legal action, or the move built from legal
/// actions is refused.
pub fn play_random<G: Game>(game: &mut G, rng: &mut SplitMix) -> Option<G::Report> {
    let players = acting(game);
    if players.is_empty() {
        return None;
    }
    let mut choices = Vec::with_capacity(players.len());
    for p in players {
        let actions = game.legal_actions(p);
        assert!(
            !actions.is_empty(),
            "{p} must act but has no legal action in {game:?}"
        );
        choices.push((p, actions[rng.below(actions.len())]));
    }
    let mv = game
        .joint_move(&choices)
        .unwrap_or_else(|e| panic!("legal actions {choices:?} make no move: {e} in {game:?}"));
    Some(
        game.play(mv.clone())
            .unwrap_or_else(|e| panic!("legal move {mv:?} refused: {e} in {game:?}")),
    )
}

/// Plays `games` random games from `start` (seeded by `seed`), at most
/// `max_plies` moves each, calling `each` with every state reached (the start
/// included, with no report) and the report of the move that reached it.
///
/// Each game is played twice and must be the same both times (play is
/// deterministic).
///
/// # Panics
///
/// As [`play_random`], or if a replay differs.
pub fn random_playouts<G: Game>(
    start: G,
    seed: u64,
    games: usize,
    max_plies: usize,
    mut each: impl FnMut(&G, Option<&G::Report>),
) {
    let mut rng = SplitMix::new(seed);
    for _ in 0..games {
        let game_seed = rng.next_u64();
        let mut game = start.clone();
        let mut again = start.clone();
        let (mut a, mut b) = (SplitMix::new(game_seed), SplitMix::new(game_seed));
        each(&game, None);
        for _ in 0..max_plies {
            let Some(report) = play_random(&mut game, &mut a) else {
                break;
            };
            play_random(&mut again, &mut b);
            assert_eq!(game, again, "the same moves gave different states");
            each(&game, Some(&report));
        }
    }
}

/// Checks the [`Game`] contract at one position:
///
/// - a player must act exactly when he has legal actions, and the list has no
///   duplicates;
/// - each candidate action of each acting player (the others playing their
///   first legal action) makes a move that `play` accepts exactly when the
///   action is legal, [`Game::is_legal`] agreeing, and a refused move leaves
///   the state equal to what it was;
/// - `joint_move` refuses a player who need not act;
/// - the clone has the same key, and the notation round-trips
///   ([`check_notation`]).
///
/// `candidates` should include actions that are not legal (every hole, a
/// pass, ...).
///
/// # Panics
///
/// On the first broken rule.
pub fn check_state<G>(game: &G, candidates: &[G::Action])
where
    G: Game + Display + FromStr,
    <G as FromStr>::Err: Debug,
{
    let players = acting(game);
    for p in Player::all(MAX_PLAYERS) {
        let actions = game.legal_actions(p);
        let must = players.contains(&p);
        assert_eq!(
            !actions.is_empty(),
            must,
            "{p}: legal actions {:?} but must act: {must}, in {game:?}",
            &*actions
        );
        for (i, a) in actions.iter().enumerate() {
            assert!(
                !actions[..i].contains(a),
                "{p}: {a:?} listed twice in {game:?}"
            );
        }
    }
    let firsts: Vec<(Player, G::Action)> = players
        .iter()
        .map(|&p| (p, game.legal_actions(p)[0]))
        .collect();
    for (slot, &p) in players.iter().enumerate() {
        let legal = game.legal_actions(p);
        for &action in candidates.iter().chain(legal.iter()) {
            let mut choices = firsts.clone();
            choices[slot] = (p, action);
            let mv = game
                .joint_move(&choices)
                .unwrap_or_else(|e| panic!("{choices:?} make no move: {e} in {game:?}"));
            let expected = legal.contains(&action);
            assert_eq!(
                game.is_legal(&mv),
                expected,
                "is_legal({mv:?}) disagrees with the legal actions in {game:?}"
            );
            let mut copy = game.clone();
            match copy.play(mv.clone()) {
                Ok(_) => assert!(expected, "illegal {mv:?} accepted in {game:?}"),
                Err(e) => {
                    // A legal move is refused only by the work budget.
                    assert!(
                        !expected || G::is_undecided(&e),
                        "legal {mv:?} refused ({e}) in {game:?}"
                    );
                    assert_eq!(&copy, game, "refused {mv:?} changed the state");
                }
            }
        }
    }
    if let Some(outsider) = Player::all(MAX_PLAYERS).find(|p| !players.contains(p))
        && let Some(&(_, action)) = firsts.first()
    {
        let mut choices = firsts.clone();
        choices.push((outsider, action));
        assert!(
            game.joint_move(&choices).is_err(),
            "joint_move accepted {outsider}, who need not act, in {game:?}"
        );
    }
    if players.is_empty() {
        assert!(game.outcome().is_some(), "nobody acts in a live game");
        for &action in candidates.iter().take(4) {
            if let Ok(mv) = game.joint_move(&[(Player::P0, action)]) {
                let mut copy = game.clone();
                assert!(copy.play(mv).is_err(), "a finished game accepted a move");
                assert_eq!(&copy, game);
            }
        }
    }
    assert_eq!(game.clone().key(), game.key(), "a clone has another key");
    check_notation(game);
}

/// Checks that the text notation round-trips: `game.to_string()` parses back
/// to an equal state with the same key, whose text is the same.
///
/// # Panics
///
/// If the text does not parse or gives another state.
pub fn check_notation<G>(game: &G)
where
    G: Game + Display + FromStr,
    <G as FromStr>::Err: Debug,
{
    let text = format!("{game}");
    let back: G = text
        .parse()
        .unwrap_or_else(|e| panic!("`{text}` does not parse: {e:?}"));
    assert_eq!(&back, game, "`{text}` parses to another state");
    assert_eq!(back.key(), game.key(), "`{text}` parses to another key");
    assert_eq!(format!("{back}"), text);
}

/// Checks the notation on any text, such as a fuzzer's: it is refused, or it
/// reads as a state that prints as text which reads back to the same state,
/// with the same key, and prints the same again (`{:#}` draws it too).
///
/// # Panics
///
/// If a state read from `text` does not round-trip.
pub fn check_text<G>(text: &str)
where
    G: Game + Display + FromStr,
    <G as FromStr>::Err: Debug,
{
    let Ok(game) = text.parse::<G>() else {
        return;
    };
    let again = format!("{game}");
    let back: G = again
        .parse()
        .unwrap_or_else(|e| panic!("`{text}` prints as `{again}`, which does not parse: {e:?}"));
    assert_eq!(
        back, game,
        "`{text}` prints as `{again}`, which reads back otherwise"
    );
    assert_eq!(format!("{back}"), again);
    assert_eq!(back.key(), game.key());
    let _ = format!("{game:#}");
}

/// Checks that actions and moves print and parse back to themselves.
///
/// # Panics
///
/// If one does not.
pub fn check_action_text<A>(actions: &[A])
where
    A: Display + FromStr + PartialEq + Debug,
    <A as FromStr>::Err: Debug,
{
    for a in actions {
        let text = format!("{a}");
        let back: A = text
            .parse()
            .unwrap_or_else(|e| panic!("`{text}` does not parse: {e:?}"));
        assert_eq!(&back, a, "`{text}` parses to another value");
    }
}

/// Checks that a state survives a JSON round trip through serde.
///
/// # Panics
///
/// If serialization fails or gives back another state.
pub fn check_serde<G>(game: &G)
where
    G: Game + serde::Serialize + serde::de::DeserializeOwned,
{
    let json = serde_json::to_string(game).expect("a state serializes");
    let back: G = serde_json::from_str(&json)
        .unwrap_or_else(|e| panic!("`{json}` does not deserialize: {e}"));
    assert_eq!(&back, game, "`{json}` deserializes to another state");
}

/// The first player's final margin (his score less the second player's)
/// under perfect play, by full minimax over the rules' own moves: no
/// table, no pruning, for positions small enough to search whole (a
/// two-player game whose moves are its actions).
///
/// # Panics
///
/// If a legal move is refused by `play` (a bug in the game).
pub fn minimax_margin<G: Game<Move = <G as Game>::Action>>(game: &G) -> i64 {
    let Status::ToMove(player) = game.status() else {
        return mancala_engine::solve::margin(game);
    };
    let moves = game.legal_moves();
    let values = moves.iter().map(|&mv| {
        let mut child = game.clone();
        if child.play(mv).is_err() {
            panic!("a legal move refused");
        }
        minimax_margin(&child)
    });
    let best = if player == Player::P0 {
        values.max()
    } else {
        values.min()
    };
    best.unwrap_or_else(|| mancala_engine::solve::margin(game))
}
