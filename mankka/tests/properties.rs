//! Property tests of Mankka over random options and random play from the
//! start (opening placements included).
//!
//! Options: both variants, thresholds 0 to 20, every `early_end`,
//! `skip_origin`, chain and endless policy.
//!
//! Do games end? With `early_end` off the repetition rule guarantees it (the
//! positions between two captures are finitely many); random games here end
//! well within `MAX_PLIES_NO_EARLY_END`, and the test asserts they do. With
//! `early_end` on there is no repetition rule, and nothing forces a capture,
//! so a game could in principle cycle forever; random games are cut at
//! `MAX_PLIES_EARLY_END` and the test asserts only that nothing panics and
//! the invariants hold on the way (it counts how many were cut; see
//! `early_end_games_mostly_end`).

// Tests may unwrap and panic: that is how they fail.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use mancala_core::{Endless, Game, Pit, PlayError, Player, Status};
use mankka::{Chain, Mankka, Move, MoveError, Options, Placement, Setup, Variant};
use proptest::prelude::*;
use proptest::test_runner::Config;

/// Seeds in a game of either variant: 12 * 3 + 2 * 6 or 12 * 4.
const TOTAL: u64 = 48;
/// The bound on games without the early ends (which must end).
const MAX_PLIES_NO_EARLY_END: usize = 3000;
/// Where games with the early ends are cut.
const MAX_PLIES_EARLY_END: usize = 600;

fn options() -> impl Strategy<Value = Options> {
    (
        prop_oneof![Just(Variant::Two), Just(Variant::One)],
        0u16..=20,
        any::<bool>(),
        any::<bool>(),
        prop_oneof![Just(Chain::Cross), Just(Chain::Side)],
        prop_oneof![Just(Endless::Forbid), Just(Endless::Stop)],
    )
        .prop_map(
            |(variant, end_threshold, early_end, skip_origin, chain, endless)| Options {
                variant,
                end_threshold,
                early_end,
                skip_origin,
                chain,
                endless,
            },
        )
}

fn seeds(game: &Mankka) -> u64 {
    let [h0, h1] = game.hands();
    u64::from(game.board().total()) + u64::from(h0) + u64::from(h1)
}

fn candidate_moves(game: &Mankka) -> Vec<Move> {
    let mut moves: Vec<Move> = (0..14).filter_map(Pit::new).map(Move::Sow).collect();
    moves.push(Move::Pass);
    for player in [Player::P0, Player::P1] {
        moves.push(Move::Place(Placement::new(player, [1; 6])));
        moves.push(Move::Place(Placement::new(player, [0, 0, 0, 0, 0, 6])));
        moves.push(Move::Place(Placement::new(player, [1, 1, 1, 1, 1, 0])));
        moves.push(Move::Place(Placement::new(player, [0; 6])));
        moves.push(Move::Place(Placement::new(player, [2, 0, 3, 0, 1, 1])));
    }
    if let Some(&mv) = game.legal_moves().last() {
        moves.push(mv);
    }
    moves
}

/// Checks every invariant of a state.
fn check_state(game: &Mankka) {
    assert_eq!(seeds(game), TOTAL, "seeds are conserved");
    let legal = game.legal_moves();
    let mover = game.turn();
    assert_eq!(legal.is_empty(), game.is_over(), "live iff a move exists");
    assert_eq!(
        game.in_opening(),
        mover.is_some_and(|p| game.hands()[p.index()] > 0)
    );

    // Legal moves are exactly the moves play accepts; refused moves change
    // nothing.
    for mv in candidate_moves(game) {
        let mut copy = game.clone();
        match copy.play(mv) {
            Ok(_) => {
                assert!(legal.contains(&mv), "{mv} accepted but not listed");
                assert!(game.is_legal(mv));
                assert!(Game::is_legal(game, &mv));
            }
            Err(e) => {
                assert!(!legal.contains(&mv), "{mv} listed but refused: {e}");
                assert!(!game.is_legal(mv));
                assert_eq!(&copy, game, "refused {mv} ({e}) changed the state");
                if game.is_over() {
                    assert_eq!(e, MoveError::Play(PlayError::GameOver));
                }
                let mut unchecked = game.clone();
                Game::play_unchecked(&mut unchecked, mv);
                assert_eq!(&unchecked, game, "play_unchecked of a refused move");
            }
        }
    }
    // Every listed move is accepted (placements: the listing is 462 long,
    // the first few are tried).
    for &mv in legal.iter().take(8) {
        assert!(game.clone().play(mv).is_ok(), "{mv} listed but refused");
    }
    if let Some(p) = mover {
        if game.in_opening() {
            assert!(
                legal
                    .iter()
                    .all(|m| matches!(m, Move::Place(pl) if pl.player == p))
            );
            assert_eq!(legal.len(), 462);
        } else {
            assert!(legal.iter().all(|m| !matches!(m, Move::Place(_))));
            if legal.contains(&Move::Pass) {
                assert_eq!(legal.len(), 1, "a pass is the only move");
                assert!(!game.options().early_end);
            }
        }
    }

    // The Game trait agrees.
    assert_eq!(Game::player_count(game), 2);
    match Game::status(game) {
        Status::ToMove(p) => {
            assert_eq!(Some(p), mover);
            assert_eq!(Game::to_move(game), Some(p));
            assert_eq!(Game::legal_actions(game, p).as_slice(), legal.as_slice());
            assert!(Game::legal_actions(game, p.next(2)).is_empty());
            assert_eq!(Game::outcome(game), None);
        }
        Status::Over(o) => {
            assert!(game.is_over());
            assert_eq!(mover, None);
            assert_eq!(game.outcome(), Some(o));
            assert_eq!(Game::outcome(game), Some(o));
            assert!(Game::legal_actions(game, Player::P0).is_empty());
            assert!(Game::legal_actions(game, Player::P1).is_empty());
        }
        Status::Simultaneous(_) => panic!("Mankka is sequential"),
    }
    assert_eq!(Game::scores(game), game.scores());
    let scores = game.scores();
    assert_eq!(
        scores[Player::P0],
        u64::from(game.board().store(Player::P0))
    );
    assert_eq!(
        scores[Player::P1],
        u64::from(game.board().store(Player::P1))
    );

    // Round trips.
    let setup = game.to_setup();
    let copy = Mankka::from_setup(setup.clone()).expect("a state's setup is valid");
    assert_eq!(&copy, game, "from_setup(to_setup)");
    let json = serde_json::to_string(game).unwrap();
    let back: Mankka = serde_json::from_str(&json).unwrap();
    assert_eq!(&back, game, "serde_json round trip");
    let setup_json = serde_json::to_string(&setup).unwrap();
    let setup_back: Setup = serde_json::from_str(&setup_json).unwrap();
    assert_eq!(setup_back, setup);
}

/// Plays a random game from the start of `options`, checking every state;
/// returns the plies played and whether the game ended.
fn play_random(options: Options, picks: &[u32], max_plies: usize) -> (usize, bool) {
    let mut game = Mankka::new(options).unwrap();
    assert_eq!(game.hands(), [options.hand(); 2]);
    check_state(&game);
    let mut plies = 0;
    while !game.is_over() && plies < max_plies {
        let legal = game.legal_moves();
        let pick = picks[plies % picks.len()] as usize + plies;
        let mv = legal[pick % legal.len()];
        let before = game.scores();
        game.play(mv).unwrap();
        let after = game.scores();
        assert!(
            after[Player::P0] >= before[Player::P0],
            "stores never decrease"
        );
        assert!(
            after[Player::P1] >= before[Player::P1],
            "stores never decrease"
        );
        plies += 1;
        // The full check is costly (about 40 trial moves); every state early
        // on, then every few.
        if plies < 40 || plies % 7 == 0 || game.is_over() {
            check_state(&game);
        } else {
            assert_eq!(seeds(&game), TOTAL);
        }
    }
    (plies, game.is_over())
}

proptest! {
    #![proptest_config(Config { cases: 512, ..Config::default() })]

    #[test]
    fn random_play_keeps_the_invariants(
        options in options(),
        picks in proptest::collection::vec(any::<u32>(), 1..64),
    ) {
        let bound = if options.early_end { MAX_PLIES_EARLY_END } else { MAX_PLIES_NO_EARLY_END };
        let (plies, over) = play_random(options, &picks, bound);
        if !options.early_end {
            prop_assert!(over, "a game without early ends ran {plies} plies");
        }
    }
}

/// Random games with the early ends: nothing panics; report how many ended.
#[test]
fn early_end_games_mostly_end() {
    let mut cut = 0;
    let mut longest = 0;
    for seed in 0u32..200 {
        let mut options = if seed % 2 == 0 {
            Options::two()
        } else {
            Options::one()
        };
        options.skip_origin = seed % 3 == 0;
        options.endless = if seed % 4 < 2 {
            Endless::Forbid
        } else {
            Endless::Stop
        };
        let picks: Vec<u32> = (0..37)
            .map(|i| (seed * 7919 + i * 104_729) % 1000)
            .collect();
        let (plies, over) = play_random(options, &picks, MAX_PLIES_EARLY_END);
        if over {
            longest = longest.max(plies);
        } else {
            cut += 1;
        }
    }
    eprintln!(
        "early_end: {cut} of 200 games cut at {MAX_PLIES_EARLY_END}; longest finished {longest}"
    );
}

/// Random games without the early ends all end (the repetition rule), well
/// within the bound.
#[test]
fn no_early_end_games_end() {
    let mut longest = 0;
    for seed in 0u32..200 {
        let mut options = if seed % 2 == 0 {
            Options::two()
        } else {
            Options::one()
        };
        options.early_end = false;
        options.skip_origin = seed % 3 == 0;
        options.chain = if seed % 5 == 0 {
            Chain::Side
        } else {
            Chain::Cross
        };
        options.endless = if seed % 4 < 2 {
            Endless::Forbid
        } else {
            Endless::Stop
        };
        let picks: Vec<u32> = (0..41)
            .map(|i| (seed * 6_151 + i * 7_919 + i * i) % 997)
            .collect();
        let (plies, over) = play_random(options, &picks, MAX_PLIES_NO_EARLY_END);
        assert!(over, "seed {seed}: {plies} plies without an end");
        longest = longest.max(plies);
    }
    eprintln!("no early end: longest game {longest} plies");
}
