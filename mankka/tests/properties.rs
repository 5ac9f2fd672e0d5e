//! Property tests of Mankka over random options and random play from the
//! start (opening placements included), through the shared harness
//! (`mancala_testing`) plus Mankka's own invariants.
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

use mancala_testing as testing;
use mankka::*;
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
    let hands: u64 = game.hands().as_slice().iter().map(|&h| u64::from(h)).sum();
    u64::from(game.board().total()) + hands
}

/// Moves to try in every position, legal or not: every hole of the board and
/// two beyond it, a pass, and placements of 6 seeds and of other totals.
fn candidates() -> Vec<Move> {
    let mut moves: Vec<Move> = (0..14).filter_map(Pit::new).map(Move::Sow).collect();
    moves.push(Move::Pass);
    for counts in [
        [1; 6],
        [0, 0, 0, 0, 0, 6],
        [1, 1, 1, 1, 1, 0],
        [0; 6],
        [2, 0, 3, 0, 1, 1],
        [7, 0, 0, 0, 0, 0],
    ] {
        moves.push(Move::Place(Placement::new(counts)));
    }
    moves
}

/// Mankka's own invariants of a state, and the harness's checks when `full`
/// (they try every candidate move: costly).
fn check_state(game: &Mankka, full: bool) {
    assert_eq!(seeds(game), TOTAL, "seeds are conserved");
    let legal = game.legal_moves();
    let mover = game.to_move();
    assert_eq!(legal.is_empty(), game.is_over(), "live iff a move exists");
    assert_eq!(
        game.in_opening(),
        mover.is_some_and(|p| game.hands()[p] > 0)
    );
    if let Some(p) = mover {
        if game.in_opening() {
            assert!(legal.iter().all(|m| matches!(m, Move::Place(_))));
            assert_eq!(legal.len(), 462);
        } else {
            assert!(legal.iter().all(|m| !matches!(m, Move::Place(_))));
            if legal.contains(&Move::Pass) {
                assert_eq!(legal.len(), 1, "a pass is the only move");
                assert!(!game.options().early_end);
            }
        }
        assert_eq!(game.status(), Status::ToMove(p));
        assert_eq!(game.outcome(), None);
    } else {
        assert!(matches!(game.status(), Status::Over(_)));
        assert!(game.outcome().is_some());
    }
    assert_eq!(game.player_count(), 2);
    let scores = game.scores();
    assert_eq!(scores.len(), 2);
    for p in [Player::P0, Player::P1] {
        assert_eq!(scores[p], u64::from(game.board().store(p)));
    }
    if !full {
        return;
    }

    testing::check_state(game, &candidates());
    testing::check_serde(game);
    testing::check_action_text(&legal);
    // A finished game refuses every move as over; an illegal move's
    // unchecked play changes nothing unless it is one the fast path plays as
    // if legal (the other player's hole, a pass by a player who could sow);
    // a legal move's unchecked play is the checked one.
    for mv in candidates()
        .into_iter()
        .chain(legal.iter().take(8).copied())
    {
        let mut checked = game.clone();
        let mut unchecked = game.clone();
        let report = unchecked.play_unchecked(mv);
        match checked.play(mv) {
            Ok(r) => {
                assert_eq!(r, report, "the reports of {mv} differ");
                assert_eq!(checked, unchecked, "play_unchecked({mv}) differs");
            }
            Err(e) => {
                if game.is_over() {
                    assert_eq!(e, PlayError::Core(CorePlayError::GameOver));
                }
                if !matches!(
                    e,
                    PlayError::Core(CorePlayError::NotYourHole { .. })
                        | PlayError::Core(CorePlayError::CannotPass)
                ) {
                    assert_eq!(&unchecked, game, "play_unchecked of a refused {mv} ({e})");
                    assert_eq!((report.landing, report.seeds), (None, 0));
                }
            }
        }
    }
    // The setup round trip, and its serde.
    let setup = game.to_setup();
    assert_eq!(&Mankka::from_setup(setup.clone()).unwrap(), game);
    let json = serde_json::to_string(&setup).unwrap();
    assert_eq!(serde_json::from_str::<Setup>(&json).unwrap(), setup);
}

/// Plays random games from the start of `options` through the harness's
/// `random_playouts`, checking every state (fully early on, then every few
/// plies), its end reason and every report; returns the longest game's plies and whether
/// every game ended.
fn playouts(options: Options, seed: u64, games: usize, max_plies: usize) -> (usize, bool) {
    let start = Mankka::new(options).unwrap();
    assert_eq!(start.hands().as_slice(), [options.hand(); 2]);
    let mut previous = start.clone();
    let (mut plies, mut longest, mut all_over) = (0, 0, true);
    testing::random_playouts(start, seed, games, max_plies, |game, report| {
        // Reached by play: a game over says why (few seeds left only under
        // the early ends), one that goes on does not.
        match game.end() {
            None => assert!(!game.is_over(), "over without a reason: {game}"),
            Some(End::FewLeft { left, most }) => {
                assert!(options.early_end && left <= u32::from(most) && game.is_over());
            }
            Some(end) => assert!(game.is_over(), "{end:?} but not over: {game}"),
        }
        let Some(report) = report else {
            // A new game starts.
            all_over &= plies == 0 || previous.is_over();
            plies = 0;
            previous = game.clone();
            check_state(game, true);
            return;
        };
        plies += 1;
        longest = longest.max(plies);
        // The report is the mover's gain, and stores never decrease.
        let (before, after) = (previous.scores(), game.scores());
        let mover = report.mover;
        assert_eq!(Some(mover), previous.to_move());
        assert_eq!(after[mover], before[mover] + u64::from(report.seeds));
        assert_eq!(after[mover.next(2)], before[mover.next(2)]);
        assert_eq!(report.captured.is_empty(), report.seeds == 0);
        assert!(report.captured.iter().all(|p| game.board().get(p) == 0));
        if let Move::Place(placement) = report.played {
            assert_eq!(u32::from(previous.hands()[mover]), placement.total());
            assert_eq!(game.hands()[mover], 0);
        }
        // The full check is costly (about 30 trial moves); every state early
        // on, then every few.
        check_state(game, plies < 40 || plies % 7 == 0 || game.is_over());
        previous = game.clone();
    });
    all_over &= previous.is_over();
    (longest, all_over)
}

proptest! {
    #![proptest_config(Config { cases: mancala_testing::proptest_cases(256), ..Config::default() })]

    #[test]
    fn random_play_keeps_the_invariants(options in options(), seed in any::<u64>()) {
        let bound = if options.early_end { MAX_PLIES_EARLY_END } else { MAX_PLIES_NO_EARLY_END };
        let (plies, over) = playouts(options, seed, 1, bound);
        if !options.early_end {
            prop_assert!(over, "a game without early ends ran {plies} plies");
        }
    }

    /// Equal positions, however they were reached or rebuilt, have equal
    /// keys; positions that differ only in the hands do not share a key.
    #[test]
    fn equal_positions_have_equal_keys(options in options(), seed in any::<u64>(), plies in 0usize..120) {
        let mut game = Mankka::new(options).unwrap();
        let mut rng = testing::SplitMix::new(seed);
        for _ in 0..plies {
            if testing::play_random(&mut game, &mut rng).is_none() {
                break;
            }
        }
        let rebuilt = Mankka::from_setup(game.to_setup()).unwrap();
        let read: Mankka = game.to_string().parse().unwrap();
        let json: Mankka = serde_json::from_str(&serde_json::to_string(&game).unwrap()).unwrap();
        for copy in [&rebuilt, &read, &json] {
            prop_assert_eq!(copy, &game);
            prop_assert_eq!(copy.key(), game.key());
        }
        // The same position reached again through another game's moves.
        let mut again = Mankka::new(options).unwrap();
        let mut rng = testing::SplitMix::new(seed);
        for _ in 0..plies {
            if testing::play_random(&mut again, &mut rng).is_none() {
                break;
            }
        }
        prop_assert_eq!(&again, &game);
        prop_assert_eq!(again.key(), game.key());
        // Hands are part of the key: the same board and player to move with
        // empty hands is another position, with another key.
        if game.in_opening() {
            let mut setup = game.to_setup();
            setup.hands = vec![0, 0];
            if let Ok(placed) = Mankka::from_setup(setup) {
                prop_assert_ne!(placed.key(), game.key());
            }
        }
    }

    /// Any text reads as an error or as a position that prints back the same
    /// (and keeps every rule of the harness).
    #[test]
    fn any_text_is_an_error_or_prints_back(text in any::<String>()) {
        check_text(&text);
    }

    /// Text shaped like the notation, mostly well formed: an error, or a
    /// position that prints back the same and keeps every rule.
    #[test]
    fn notation_like_text_is_an_error_or_prints_back(
        text in "([0-9]{1,2},){5}[0-9]{1,2}/([0-9]{1,2},){5}[0-9]{1,2} [0-9]{1,2},[0-9]{1,2} (0,0|6,6|0,6|[0-7],[0-7]) ([01]|[0-2])( over)?( seen=([0-9],){5}[0-9]/([0-9],){5}[0-9]:[01])?( variant=(one|two))?( early_end=(true|false))?( end_threshold=[0-9]{1,2})?( chain=side)?( endless=stop)?"
    ) {
        check_text(&text);
    }

    /// Any text reads as an error or as a move that prints back the same.
    #[test]
    fn any_move_text_is_an_error_or_prints_back(
        text in prop_oneof![any::<String>(), "[0-9]{1,3}", "pass", "([0-9]{1,2}\\+){5}[0-9]{1,2}", "[0-9+]{0,16}"]
    ) {
        if let Ok(mv) = text.parse::<Move>() {
            let again = mv.to_string();
            prop_assert_eq!(again.parse::<Move>(), Ok(mv), "`{}` prints as `{}`", text, again);
        }
        if let Ok(p) = text.parse::<Placement>() {
            prop_assert_eq!(p.to_string().parse::<Placement>(), Ok(p));
        }
        if let Ok(o) = text.parse::<Options>() {
            prop_assert_eq!(o.to_string().parse::<Options>(), Ok(o));
        }
    }
}

/// An error, or a position that prints back the same.
fn check_text(text: &str) {
    testing::check_text::<Mankka>(text);
    let Ok(game) = text.parse::<Mankka>() else {
        return;
    };
    testing::check_state(&game, &candidates());
    // Every position a legal move reaches from it prints and reads back too.
    let legal = game.legal_moves();
    for &mv in legal.iter().take(8).chain(legal.last()) {
        let mut next = game.clone();
        next.play(mv).expect("a legal move is accepted");
        testing::check_notation(&next);
    }
}

/// Random games with the early ends: nothing panics; report how many ended.
#[test]
fn early_end_games_mostly_end() {
    let mut cut = 0;
    let mut longest = 0;
    for seed in 0u64..200 {
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
        let (plies, over) = playouts(options, seed * 7919, 1, MAX_PLIES_EARLY_END);
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
    for seed in 0u64..200 {
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
        let (plies, over) = playouts(options, seed * 6151, 1, MAX_PLIES_NO_EARLY_END);
        assert!(over, "seed {seed}: {plies} plies without an end");
        longest = longest.max(plies);
    }
    eprintln!("no early end: longest game {longest} plies");
}
