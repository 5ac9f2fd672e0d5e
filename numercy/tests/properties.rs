//! Property tests of Numercy over random valid options and random play.
//!
//! Options: 2 to 13 holes a row, random operator rows, relay thresholds 2 to
//! 8, every `skip_origin`, rounding, division-by-zero and endless-relay
//! policy, and 1 to `min(8, relay_at)` balls a hole.
//!
//! Why the balls are bounded by the relay threshold: the library finds an
//! endless relay exactly, by walking its cycle, and with many balls for the
//! threshold the cycles get astronomically long. Keeping `seeds <= relay_at`
//! is not quite enough: at `relay_at = 2`, random play from 2x13 with 2
//! balls a hole reached a move whose cycle is 383,388,577 laps (36 s in
//! release; the ignored test `relay_at_two_with_two_balls_a_hole_is_slow`
//! below holds the position). With one ball a hole at `relay_at = 2`, and
//! `seeds <= relay_at` above it, 1,000 random games of 500 plies for every
//! board size stayed under 1.2 ms a move in release.
//! So `relay_at = 2` starts with 1 ball a hole here.
//!
//! Does every game end? No: a game can cycle forever (see
//! `a_game_can_cycle_forever` in `rules.rs`: on 2x2, `[1, 0, 1, 0]` comes
//! back after four moves that score nothing), and at `relay_at = 2` no move
//! can ever score (a lap ends only on a count of 1), so balls never leave
//! the board. Every 2/4 ending removes at least 2 balls, but nothing forces
//! one. Random games are therefore cut at `MAX_PLIES`; the properties assert
//! only that nothing panics and the invariants hold on the way.

// Tests may unwrap and panic: that is how they fail.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::HashSet;

use mancala_core::rules::MAX_HOLES;
use mancala_testing as testing;
use numercy::*;
use proptest::collection::vec;
use proptest::prelude::*;
use proptest::sample::select;
use proptest::test_runner::Config;

/// The longest random game played (games with `relay_at = 2` never score and
/// rarely end; the others end within about 450 plies).
const MAX_PLIES: usize = 400;

// ---------------------------------------------------------------------------
// Strategies
// ---------------------------------------------------------------------------

fn pit(i: usize) -> Pit {
    Pit::new(i).unwrap()
}

/// Every pit a `Pit` can name: the board's holes and those off it.
fn all_pits() -> impl Iterator<Item = Pit> {
    (0..MAX_HOLES).map(pit)
}

/// The most balls a hole starts with (or holds in a random position) under
/// `relay_at`: see the module documentation.
fn max_seeds(relay_at: u16) -> u16 {
    if relay_at == 2 { 1 } else { relay_at.min(8) }
}

fn options() -> impl Strategy<Value = Options> {
    (2u8..=13, 2u16..=8)
        .prop_flat_map(|(holes, relay_at)| {
            (
                Just(holes),
                Just(relay_at),
                1..=max_seeds(relay_at),
                proptest::array::uniform13(select(Operator::ALL.to_vec())),
                any::<bool>(),
                select(vec![Rounding::Nearest, Rounding::Down, Rounding::Up]),
                select(vec![DivideByZero::Zero, DivideByZero::Max]),
                select(vec![Endless::Forbid, Endless::Stop]),
                any::<bool>(),
            )
        })
        .prop_map(
            |(
                holes,
                relay_at,
                seeds,
                row,
                skip_origin,
                rounding,
                divide_by_zero,
                endless,
                repetition,
            )| {
                Options {
                    holes,
                    seeds,
                    row,
                    relay_at,
                    skip_origin,
                    rounding,
                    divide_by_zero,
                    endless,
                    repetition,
                }
            },
        )
}

/// Random moves: each byte picks among the legal moves.
fn choices() -> impl Strategy<Value = Vec<u8>> {
    vec(any::<u8>(), 1..MAX_PLIES)
}

fn points() -> impl Strategy<Value = u64> {
    prop_oneof![0..200u64, (u64::MAX - 200)..=u64::MAX]
}

/// A random checked position: random options, a board of at most
/// `max_seeds(relay_at)` balls a hole, random points and player to move.
fn positions() -> impl Strategy<Value = Numercy> {
    options()
        .prop_flat_map(|options| {
            let holes = 2 * usize::from(options.holes);
            (
                Just(options),
                vec(0..=max_seeds(options.relay_at), holes),
                points(),
                points(),
                any::<bool>(),
            )
        })
        .prop_map(|(options, board, p0, p1, north)| {
            let mut setup = Setup::new(options);
            setup.board = board;
            setup.points = vec![p0, p1];
            setup.to_move = if north { Player::P1 } else { Player::P0 };
            Numercy::from_setup(setup).unwrap()
        })
}

// ---------------------------------------------------------------------------
// Driving games
// ---------------------------------------------------------------------------

/// Plays `choices` from `game` (each picks a legal move), calling `check`
/// with the position before, the move, its report and the position after.
fn play_out(
    mut game: Numercy,
    choices: &[u8],
    mut check: impl FnMut(&Numercy, Pit, &MoveReport, &Numercy),
) -> Numercy {
    for &choice in choices {
        let legal = game.legal_moves();
        if legal.is_empty() {
            break;
        }
        let p = legal[usize::from(choice) % legal.len()];
        let before = game.clone();
        let report = game.play(p).unwrap();
        check(&before, p, &report, &game);
    }
    game
}

/// The points of both players ([`Game::scores`], which has exactly two).
fn points_of(game: &Numercy) -> [u64; 2] {
    game.scores().as_slice().try_into().unwrap()
}

fn balls(game: &Numercy) -> u64 {
    u64::from(game.board().total())
}

/// Balls that a move took out of the game: both holes of a 2/4 ending.
fn removed_by(report: &MoveReport) -> u64 {
    match report.scoring {
        Some(Scoring { emptied: true, .. }) => u64::from(report.count) + u64::from(report.opposite),
        _ => 0,
    }
}

/// The invariants of a single position.
fn check_position(game: &Numercy) {
    let legal = game.legal_moves();
    assert!(
        legal.windows(2).all(|w| w[0] < w[1]),
        "legal moves in order"
    );
    assert_eq!(legal.is_empty(), game.is_over(), "live iff a move exists");
    assert_eq!(game.to_move().is_none(), game.is_over());
    for &p in &legal {
        assert_eq!(Some(game.topology().owner(p)), game.to_move());
        assert!(game.board().get(p) > 0);
    }
    assert_eq!(game.board().stores().iter().sum::<u16>(), 0, "no stores");
    match game.outcome() {
        Some(outcome) => {
            assert_eq!(outcome, Outcome::from_scores(&points_of(game)));
            assert_eq!(game.status(), Status::Over(outcome));
        }
        None => assert_eq!(game.status(), Status::ToMove(game.to_move().unwrap())),
    }
}

/// Every pit: `play` accepts exactly the legal moves, and a refused move
/// leaves the state as it was, with the right error.
fn check_legal_is_accepted(game: &Numercy) {
    let legal = game.legal_moves();
    let n = 2 * usize::from(game.options().holes);
    for p in all_pits() {
        assert_eq!(game.is_legal(&p), legal.contains(&p), "is_legal({p})");
        let mut copy = game.clone();
        match copy.play(p) {
            Ok(_) => assert!(legal.contains(&p), "{p} accepted but not legal"),
            Err(e) => {
                assert!(!legal.contains(&p), "{p} legal but refused: {e}");
                assert_eq!(&copy, game, "a refused move changed the state");
                let expected_kind = if game.is_over() {
                    matches!(e, PlayError::GameOver)
                } else if p.index() >= n {
                    matches!(e, PlayError::NotOnBoard(q) if q == p)
                } else if Some(game.topology().owner(p)) != game.to_move() {
                    matches!(e, PlayError::NotYourHole { pit, .. } if pit == p)
                } else if game.board().get(p) == 0 {
                    matches!(e, PlayError::EmptyHole(q) if q == p)
                } else {
                    game.options().endless == Endless::Forbid
                        && matches!(e, PlayError::Endless { pit, .. } if pit == p)
                };
                assert!(expected_kind, "{p}: unexpected error {e:?}");
            }
        }
    }
}

// ---------------------------------------------------------------------------
// An independent reference model of one move (RULES.md, "Numercy")
// ---------------------------------------------------------------------------

struct RefMove {
    board: Vec<u16>,
    laps: u64,
    end: usize,
    endless: bool,
    /// (points, scorer, emptied)
    scoring: Option<(u64, usize, bool)>,
}

/// `c op o`, written differently from the library: u128 arithmetic, rounding
/// by comparing remainders, power by repeated multiplication.
fn ref_apply(options: &Options, op: Operator, c: u16, o: u16) -> u64 {
    let (c, o) = (u128::from(c), u128::from(o));
    let r = match op {
        Operator::Add => c + o,
        Operator::Subtract => c.max(o) - c.min(o),
        Operator::Multiply => c * o,
        Operator::Divide => {
            let (max, min) = (c.max(o), c.min(o));
            match (max.checked_div(min), options.rounding) {
                (None, _) => match options.divide_by_zero {
                    DivideByZero::Zero => 0,
                    DivideByZero::Max => max,
                },
                (Some(q), Rounding::Down) => q,
                (Some(_), Rounding::Up) => max.div_ceil(min),
                // Nearest, halves up: floor(max / min + 1/2).
                (Some(_), Rounding::Nearest) => (2 * max + min) / (2 * min),
            }
        }
        Operator::Power => {
            let mut acc: u128 = 1;
            for _ in 0..o {
                acc *= c;
                if acc > u128::from(u64::MAX) {
                    break;
                }
                if acc <= 1 {
                    // 0 or 1 stays put: no need to go on.
                    break;
                }
            }
            if o == 0 { 1 } else { acc }
        }
    };
    u64::try_from(r).unwrap_or(u64::MAX)
}

/// One move, ball by ball. `None` for an endless relay under `Forbid`.
fn ref_move(options: &Options, board: &[u16], mover: usize, origin: usize) -> Option<RefMove> {
    let n = usize::from(options.holes);
    let size = 2 * n;
    let mut b = board.to_vec();
    let mut seen = HashSet::new();
    let mut from = origin;
    let mut laps = 0u64;
    loop {
        if !seen.insert((b.clone(), from)) {
            return match options.endless {
                Endless::Forbid => None,
                Endless::Stop => Some(RefMove {
                    board: b,
                    laps,
                    end: from,
                    endless: true,
                    scoring: None,
                }),
            };
        }
        let mut hand = b[from];
        b[from] = 0;
        let mut at = from;
        while hand > 0 {
            at = (at + 1) % size;
            if options.skip_origin && at == from {
                continue;
            }
            b[at] += 1;
            hand -= 1;
        }
        laps += 1;
        assert!(laps < 10_000_000, "reference relay too long");
        if b[at] >= options.relay_at {
            from = at;
        } else {
            let end = at;
            let opposite = size - 1 - end;
            let file = end.min(opposite);
            let (c, o) = (b[end], b[opposite]);
            let points = ref_apply(options, options.row[file], c, o);
            let scoring = match c {
                2 | 4 => {
                    b[end] = 0;
                    b[opposite] = 0;
                    Some((points, mover, true))
                }
                3 | 5 => Some((points, 1 - mover, false)),
                _ => None,
            };
            return Some(RefMove {
                board: b,
                laps,
                end,
                endless: false,
                scoring,
            });
        }
    }
}

fn ref_can_move(options: &Options, board: &[u16], player: usize) -> bool {
    let n = usize::from(options.holes);
    (player * n..player * n + n)
        .any(|h| board[h] > 0 && ref_move(options, board, player, h).is_some())
}

// ---------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------

proptest! {
    #![proptest_config(Config { cases: mancala_testing::proptest_cases(256), ..Config::default() })]

    /// Balls on the board plus balls removed by 2/4 endings equal the start;
    /// points never decrease; nothing panics, whether the game ends or not.
    #[test]
    fn balls_are_conserved_and_points_never_decrease(options in options(), choices in choices()) {
        let game = Numercy::new(options).unwrap();
        let start = 2 * u64::from(options.holes) * u64::from(options.seeds);
        prop_assert_eq!(balls(&game), start);
        let mut removed = 0u64;
        let end = play_out(game, &choices, |before, _, report, after| {
            removed += removed_by(report);
            assert_eq!(balls(after) + removed, start, "conservation");
            let (b, a) = (points_of(before), points_of(after));
            assert!(a[0] >= b[0] && a[1] >= b[1], "points went down: {b:?} -> {a:?}");
            // A 2/4 ending removes at least the 2 balls of the end hole.
            if removed_by(report) > 0 {
                assert!(removed_by(report) >= 2);
            }
            // Once over, the points include the leftover balls: nothing else
            // changed them but the move's own scoring.
            if after.is_over() {
                let scored = report.scoring.map_or([0, 0], |s| {
                    let mut p = [0, 0];
                    p[s.scorer.index()] = s.points;
                    p
                });
                for who in [Player::P0, Player::P1] {
                    let left = u64::from(after.board().seeds_of(after.topology(), who));
                    let i = who.index();
                    assert_eq!(a[i], b[i].saturating_add(scored[i]).saturating_add(left));
                }
            }
        });
        check_position(&end);
    }

    /// The legal moves are exactly the moves `play` accepts, `is_legal`
    /// agrees, and a refused move leaves the state unchanged.
    #[test]
    fn legal_moves_are_exactly_the_accepted_moves(options in options(), choices in choices()) {
        let game = Numercy::new(options).unwrap();
        check_position(&game);
        check_legal_is_accepted(&game);
        play_out(game, &choices, |_, _, _, after| {
            check_position(after);
            check_legal_is_accepted(after);
        });
    }

    /// On a legal move, `play_unchecked` and `play_observed` do what `play`
    /// does; the observed events account for every lap and ball.
    #[test]
    fn play_unchecked_and_play_observed_agree_with_play(options in options(), choices in choices()) {
        let game = Numercy::new(options).unwrap();
        play_out(game, &choices, |before, p, report, after| {
            let mut unchecked = before.clone();
            assert_eq!(&unchecked.play_unchecked(p), report, "play_unchecked report");
            assert_eq!(&unchecked, after, "play_unchecked state");

            let mut observed = before.clone();
            let mut events = Vec::new();
            assert_eq!(&observed.play_observed(p, &mut events).unwrap(), report);
            assert_eq!(&observed, after, "play_observed state");
            let lifts: Vec<u16> = events
                .iter()
                .filter_map(|e| match e {
                    Event::Lift { seeds, .. } => Some(*seeds),
                    _ => None,
                })
                .collect();
            let sows = events.iter().filter(|e| matches!(e, Event::Sow { .. })).count();
            assert_eq!(lifts.len() as u64, report.laps, "one lift a lap");
            assert_eq!(lifts.iter().map(|&s| usize::from(s)).sum::<usize>(), sows);
            assert_eq!(events.first(), Some(&Event::Lift { pit: p, seeds: before.board().get(p) }));
            assert_eq!(
                events.last() == Some(&Event::EndlessStop),
                report.endless,
                "EndlessStop iff the report says endless"
            );
        });
    }

    /// The `Game` trait's views agree with each other and with
    /// `play_observed`: status, player to move, outcome, scores, legal
    /// actions per player, `is_legal`, `joint_move`, and refusals.
    #[test]
    fn game_trait_views_agree(options in options(), choices in choices()) {
        let game = Numercy::new(options).unwrap();
        let check = |g: &Numercy| {
            assert_eq!(g.player_count(), 2);
            match g.status() {
                Status::ToMove(p) => {
                    assert_eq!(g.to_move(), Some(p));
                    assert_eq!(g.outcome(), None);
                    assert!(!g.is_over());
                }
                Status::Over(o) => {
                    assert_eq!(g.to_move(), None);
                    assert_eq!(g.outcome(), Some(o));
                    assert_eq!(o, Outcome::from_scores(g.scores().as_slice()));
                    assert!(g.is_over());
                }
                Status::Simultaneous(_) => panic!("Numercy is sequential"),
            }
            assert_eq!(g.scores().len(), 2);
            for who in [Player::P0, Player::P1] {
                let actions = g.legal_actions(who);
                if g.to_move() == Some(who) {
                    assert_eq!(actions, g.legal_moves());
                    for &p in &actions {
                        assert_eq!(g.joint_move(&[(who, p)]), Ok(p));
                    }
                } else {
                    assert!(actions.is_empty());
                    if let Some(mover) = g.to_move() {
                        assert_eq!(
                            g.joint_move(&[(who, pit(0))]),
                            Err(PlayError::Joint(JointMoveError::WrongPlayer { given: who, expected: mover }))
                        );
                    }
                }
            }
            if g.is_over() {
                assert_eq!(g.joint_move(&[(Player::P0, pit(0))]), Err(PlayError::Joint(JointMoveError::GameOver)));
            } else {
                assert_eq!(g.joint_move(&[]), Err(PlayError::Joint(JointMoveError::Count(0))));
            }
            let legal = g.legal_moves();
            for p in all_pits() {
                assert_eq!(g.is_legal(&p), legal.contains(&p));
            }
        };
        check(&game);
        let end = play_out(game, &choices, |before, p, _, after| {
            check(after);
            let mut by_trait = before.clone();
            Game::play(&mut by_trait, p).unwrap();
            assert_eq!(&by_trait, after, "Game::play");
            let mut by_trait = before.clone();
            Game::play_unchecked(&mut by_trait, p);
            assert_eq!(&by_trait, after, "Game::play_unchecked");
            // A move `play` refuses, `play_observed` refuses alike, with no
            // event.
            for q in all_pits().filter(|q| !before.is_legal(q)) {
                let mut a = before.clone();
                let mut b = before.clone();
                let mut events = Vec::new();
                let refused = Game::play(&mut a, q).unwrap_err();
                assert_eq!(b.play_observed(q, &mut events), Err(refused));
                assert!(events.is_empty());
                assert_eq!(&a, before);
                assert_eq!(&b, before);
            }
        });
        check(&end);
    }

    /// `to_setup`/`from_setup` and serde_json give back the same state, at
    /// every position of a game; reports and options round-trip too.
    #[test]
    fn setup_and_serde_round_trips(options in options(), choices in choices()) {
        let json = serde_json::to_string(&options).unwrap();
        prop_assert_eq!(serde_json::from_str::<Options>(&json).unwrap(), options);
        let game = Numercy::new(options).unwrap();
        let round_trip = |g: &Numercy| {
            let setup = g.to_setup();
            assert_eq!(&Numercy::from_setup(setup.clone()).unwrap(), g, "from_setup(to_setup)");
            let json = serde_json::to_string(g).unwrap();
            let back: Numercy = serde_json::from_str(&json).unwrap();
            assert_eq!(&back, g, "serde_json");
            assert_eq!(back.to_setup(), setup);
            let setup_json = serde_json::to_string(&setup).unwrap();
            assert_eq!(serde_json::from_str::<Setup>(&setup_json).unwrap(), setup);
        };
        round_trip(&game);
        play_out(game, &choices, |_, _, report, after| {
            round_trip(after);
            let json = serde_json::to_string(report).unwrap();
            assert_eq!(&serde_json::from_str::<MoveReport>(&json).unwrap(), report);
        });
    }

    /// Every move matches an independent ball-by-ball model of RULES.md:
    /// board, laps, end, scoring, points, the turn and the end of the game.
    #[test]
    fn moves_match_a_reference_model(options in options(), choices in choices()) {
        // The model plays RULES.md as written, without the repetition
        // option (tested on its own in `with_repetition_every_game_ends`).
        let options = Options { repetition: false, ..options };
        let game = Numercy::new(options).unwrap();
        play_out(game, &choices, |before, p, report, after| {
            check_against_reference(before, p, report, after);
        });
    }

    /// The same properties from random positions (random boards, points near
    /// 0 or near u64::MAX, either player to move).
    #[test]
    fn random_positions(game in positions(), choices in choices()) {
        let options = *game.options();
        let board = game.board().holes().to_vec();
        // A live setup whose player cannot move is finished at once, with
        // the leftovers added.
        let mover = game.to_setup().to_move.index();
        if !ref_can_move(&options, &board, mover) {
            prop_assert!(game.is_over());
        }
        check_position(&game);
        check_legal_is_accepted(&game);
        let start = balls(&game);
        let mut removed = 0;
        play_out(game, &choices, |before, p, report, after| {
            removed += removed_by(report);
            assert_eq!(balls(after) + removed, start, "conservation");
            let (b, a) = (points_of(before), points_of(after));
            assert!(a[0] >= b[0] && a[1] >= b[1], "points went down");
            check_against_reference(before, p, report, after);
            check_position(after);
            check_legal_is_accepted(after);
            let mut unchecked = before.clone();
            assert_eq!(&unchecked.play_unchecked(p), report);
            assert_eq!(&unchecked, after);
            assert_eq!(&Numercy::from_setup(after.to_setup()).unwrap(), after);
            let back: Numercy = serde_json::from_str(&serde_json::to_string(after).unwrap()).unwrap();
            assert_eq!(&back, after);
        });
    }

    /// Invalid options are refused by `check`, `new` and `from_setup` alike,
    /// with the first failing rule.
    #[test]
    fn invalid_options_are_refused(
        holes in 0u8..=20,
        seeds in prop_oneof![0u16..=3, 2518u16..=2525, Just(u16::MAX)],
        relay_at in 0u16..=3,
    ) {
        let mut options = Options::classic().with_holes(holes).with_seeds(seeds);
        options.relay_at = relay_at;
        let total = 2 * u64::from(holes) * u64::from(seeds);
        let expected = if !(2..=13).contains(&holes) {
            Err(OptionsError::Holes(holes))
        } else if seeds == 0 {
            Err(OptionsError::NoBalls)
        } else if total > 65_535 {
            Err(OptionsError::TooManyBalls(total))
        } else if relay_at < 2 {
            Err(OptionsError::RelayAt(relay_at))
        } else {
            Ok(())
        };
        prop_assert_eq!(options.check(), expected);
        prop_assert_eq!(Numercy::new(options).err(), expected.err());
        if let Err(e) = expected {
            let mut setup = Setup::new(options);
            setup.board = vec![1; 2 * usize::from(holes)];
            prop_assert_eq!(Numercy::from_setup(setup).err(), Some(e.into()));
        }
    }

    /// `random_row` is a pure function of the seed and the pool.
    #[test]
    fn random_row_is_deterministic(seed in any::<u64>(), pool in vec(select(Operator::ALL.to_vec()), 0..6)) {
        let a = Options::classic().random_row(seed, &pool);
        prop_assert_eq!(a, Options::classic().random_row(seed, &pool));
        prop_assert_eq!(a.row, Options::board(2).random_row(seed, &pool).row);
        let allowed: &[Operator] = if pool.is_empty() { &Operator::ALL } else { &pool };
        prop_assert!(a.row.iter().all(|op| allowed.contains(op)));
    }
}

// ---------------------------------------------------------------------------
// The shared harness, notation and keys
// ---------------------------------------------------------------------------

/// Candidate actions for the harness: every hole a `Pit` can name, on the
/// board or off it, anyone's, empty or not.
fn candidates() -> Vec<Pit> {
    all_pits().collect()
}

/// Numercy's own invariants along a harness playout: balls on the board
/// plus balls removed by 2/4 endings equal the start, points never
/// decrease, and the report's scoring is the points gained.
struct Invariants {
    start: u64,
    removed: u64,
    points: [u64; 2],
}

impl Invariants {
    fn check(&mut self, game: &Numercy, report: Option<&MoveReport>) {
        let Some(report) = report else {
            // A new game of the playout.
            self.start = balls(game);
            self.removed = 0;
            self.points = points_of(game);
            return;
        };
        self.removed += removed_by(report);
        assert_eq!(balls(game) + self.removed, self.start, "conservation");
        let now = points_of(game);
        assert!(
            now[0] >= self.points[0] && now[1] >= self.points[1],
            "points went down"
        );
        if !game.is_over() {
            let mut expected = self.points;
            if let Some(s) = report.scoring {
                let slot = &mut expected[s.scorer.index()];
                *slot = slot.saturating_add(s.points);
            }
            assert_eq!(now, expected, "points gained are the report's");
        }
        self.points = now;
    }
}

proptest! {
    #![proptest_config(Config { cases: mancala_testing::proptest_cases(24), ..Config::default() })]

    /// Random playouts through the shared harness: at every position the
    /// legal actions are exactly the candidate holes `play` accepts, refused
    /// moves change nothing, `joint_move` refuses the player not to move,
    /// the notation, the serde form and the actions' text round-trip;
    /// Numercy's invariants hold; and a game has an end reason exactly when
    /// it is over.
    #[test]
    fn harness_playouts(options in options(), seed in any::<u64>()) {
        let game = Numercy::new(options).unwrap();
        let candidates = candidates();
        let mut invariants = Invariants { start: 0, removed: 0, points: [0, 0] };
        testing::random_playouts(game, seed, 2, 120, |game, report| {
            testing::check_state(game, &candidates);
            testing::check_serde(game);
            testing::check_action_text(&game.legal_moves());
            invariants.check(game, report);
            // Reached by play: a game over says why, one that goes on not.
            assert_eq!(game.end().is_some(), game.is_over(), "{game}");
        });
    }

    /// The harness on random positions (random boards, points near 0 or
    /// near `u64::MAX`, either player to move).
    #[test]
    fn harness_on_random_positions(game in positions(), seed in any::<u64>()) {
        let candidates = candidates();
        let mut invariants = Invariants { start: 0, removed: 0, points: [0, 0] };
        testing::random_playouts(game, seed, 1, 60, |game, report| {
            testing::check_state(game, &candidates);
            testing::check_serde(game);
            invariants.check(game, report);
        });
    }
}

proptest! {
    #![proptest_config(Config { cases: mancala_testing::proptest_cases(128), ..Config::default() })]

    /// Equal positions have equal keys: a position and its copies through
    /// the notation, the setup and serde; and two short games on a small
    /// board (where positions meet often) are equal exactly when their keys
    /// are, up to the 2^-64 chance of a collision and positions that differ
    /// only in their repetition history.
    #[test]
    fn equal_positions_have_equal_keys(
        game in positions(),
        holes in 2u8..=3,
        seeds in 1u16..=2,
        repetition in any::<bool>(),
        a_moves in vec(any::<u8>(), 0..12),
        b_moves in vec(any::<u8>(), 0..12),
    ) {
        let text: Numercy = game.to_string().parse().unwrap();
        prop_assert_eq!(&text, &game);
        prop_assert_eq!(text.key(), game.key());
        let setup = Numercy::from_setup(game.to_setup()).unwrap();
        prop_assert_eq!(setup.key(), game.key());
        let json: Numercy = serde_json::from_str(&serde_json::to_string(&game).unwrap()).unwrap();
        prop_assert_eq!(json.key(), game.key());

        let mut options = Options::board(holes).with_seeds(seeds);
        options.repetition = repetition;
        let start = Numercy::new(options).unwrap();
        let a = play_out(start.clone(), &a_moves, |_, _, _, _| {});
        let b = play_out(start, &b_moves, |_, _, _, _| {});
        if a == b {
            prop_assert_eq!(a.key(), b.key());
        }
        if a.key() == b.key() {
            prop_assert_eq!(a.board(), b.board());
            prop_assert_eq!(points_of(&a), points_of(&b));
            prop_assert_eq!(a.status(), b.status());
            if !repetition {
                prop_assert_eq!(&a, &b);
            }
        }
    }

    /// Any string is refused with an error, or parses to a state that prints
    /// back the same (and the same for options and holes).
    #[test]
    fn any_string_parses_to_an_error_or_prints_back(text in ".{0,80}") {
        check_text(&text);
    }

    /// Near-notation strings (a valid position's text with a few characters
    /// changed) are refused with an error, or parse to a state that prints
    /// back the same.
    #[test]
    fn edited_notation_parses_to_an_error_or_prints_back(
        game in positions(),
        edits in vec((any::<usize>(), 0usize..60), 1..4),
    ) {
        const ALPHABET: &[u8] = b"0123456789,/ :|=-+x^oversnhlditgaup";
        let mut text = game.to_string().into_bytes();
        for (at, c) in edits {
            let at = at % (text.len() + 1);
            match (text.get(at), c) {
                // A small digit for a digit: mostly well-formed, often possible.
                (Some(d), c) if d.is_ascii_digit() && c >= 20 => text[at] = b'0' + (c % 4) as u8,
                (_, c) if c < ALPHABET.len() => text.insert(at, ALPHABET[c]),
                (Some(_), _) => {
                    text.remove(at);
                }
                (None, _) => {}
            }
        }
        check_text(&String::from_utf8(text).unwrap());
    }

    /// Options read from their text, and key by key in `KEYS` order as the
    /// conformance runner sets them.
    #[test]
    fn options_round_trip_through_their_keys(options in options()) {
        let text = options.to_string();
        prop_assert_eq!(text.parse::<Options>(), Ok(options));
        let mut rebuilt = Options::default();
        for key in <Options as RuleOptions>::KEYS {
            let value = options.value(key).expect("every key applies");
            rebuilt.set(key, &value).expect("a written value is read");
        }
        prop_assert_eq!(rebuilt, options);
    }
}

/// Whether reading `text` as a position may walk an astronomically long
/// relay cycle (see the module documentation): its options read, and a hole
/// holds more than `relay_at + 1` balls (more than 1 at `relay_at = 2`).
/// Random positions within that bound are read within microseconds; texts
/// whose options do not read are refused before any sowing.
fn slow(text: &str) -> bool {
    let options = text
        .split_whitespace()
        .filter(|w| w.contains('=') && !w.starts_with("seen="));
    let Ok(options) = mancala_core::notation::parse_options::<Options>(options) else {
        return false;
    };
    let most = if options.relay_at <= 2 {
        1
    } else {
        options.relay_at.saturating_add(1)
    };
    text.split_whitespace().next().is_some_and(|holes| {
        holes
            .split([',', '/'])
            .any(|c| c.parse::<u16>().is_ok_and(|c| c > most))
    })
}

/// Any text: an error, or a value that prints back the same (texts that
/// may be slow to read are only read as options and holes).
fn check_text(text: &str) {
    if !slow(text) {
        testing::check_text::<Numercy>(text);
    }
    if let Ok(options) = text.parse::<Options>() {
        let again = options.to_string();
        assert_eq!(again.parse::<Options>(), Ok(options), "options `{text}`");
    }
    if let Ok(p) = text.parse::<Pit>() {
        assert_eq!(p.to_string().parse::<Pit>(), Ok(p), "hole `{text}`");
    }
}

fn check_against_reference(before: &Numercy, p: Pit, report: &MoveReport, after: &Numercy) {
    let options = *before.options();
    let mover = before.to_move().unwrap().index();
    let board = before.board().holes().to_vec();
    let expected = ref_move(&options, &board, mover, p.index())
        .unwrap_or_else(|| panic!("the library played {p}, which relays forever"));
    assert_eq!(
        after.board().holes(),
        &expected.board[..],
        "board after {p}"
    );
    assert_eq!(report.laps, expected.laps, "laps");
    assert_eq!(report.end.index(), expected.end, "end");
    assert_eq!(report.endless, expected.endless, "endless");
    assert_eq!(report.mover.index(), mover);
    assert_eq!(report.origin, p);
    let n = 2 * usize::from(options.holes);
    let opposite = n - 1 - expected.end;
    assert_eq!(report.operator, options.row[expected.end.min(opposite)]);
    let scoring = report
        .scoring
        .map(|s| (s.points, s.scorer.index(), s.emptied));
    assert_eq!(scoring, expected.scoring, "scoring of {report}");
    if let Some(s) = report.scoring {
        assert_eq!(
            s.points,
            report.operator.apply(
                report.count,
                report.opposite,
                options.rounding,
                options.divide_by_zero
            )
        );
    }
    // Points and the turn.
    let mut points = points_of(before);
    if let Some((pts, scorer, _)) = expected.scoring {
        points[scorer] = points[scorer].saturating_add(pts);
    }
    let next = 1 - mover;
    // With the repetition option a game may also end on a repeated position
    // (which this model does not track); the leftovers are added the same way.
    let repeated = options.repetition && after.is_over();
    if ref_can_move(&options, &expected.board, next) && !repeated {
        assert!(!after.is_over());
        assert_eq!(after.to_move().map(Player::index), Some(next));
    } else {
        assert!(
            after.is_over(),
            "the next player cannot move: the game is over"
        );
        let half = usize::from(options.holes);
        for (who, slot) in points.iter_mut().enumerate() {
            let left: u64 = expected.board[who * half..who * half + half]
                .iter()
                .map(|&c| u64::from(c))
                .sum();
            *slot = slot.saturating_add(left);
        }
    }
    assert_eq!(points_of(after), points, "points");
}

/// The slow case behind the bound on balls at `relay_at = 2` (see the module
/// documentation): 2x13, 2 balls a hole, reached by random legal play from
/// the start. North's hole 18 relays forever with a cycle of 383,388,577 laps;
/// deciding that takes about 36 s in release, far longer in debug. Ignored:
/// it documents a limit of the exact detection, not a wrong answer. Run it
/// with `cargo test --release -- --ignored`.
#[test]
#[ignore = "slow: about 36 s in release"]
fn relay_at_two_with_two_balls_a_hole_is_slow() {
    let mut options = Options::board(13).with_seeds(2);
    options.relay_at = 2;
    let mut setup = Setup::new(options);
    setup.board = vec![
        2, 3, 2, 1, 5, 2, 1, 0, 6, 0, 1, 0, 4, 1, 4, 1, 4, 1, 5, 0, 4, 1, 0, 1, 2, 1,
    ];
    setup.to_move = Player::P1;
    let game = Numercy::from_setup(setup).unwrap();
    assert!(!game.is_legal(&pit(18)));
}

/// With the repetition option every game ends: within one stretch without
/// balls leaving the board the positions are finitely many, so a position
/// must repeat; and balls can leave only finitely often. Random games on
/// small boards (where stretches are short) must all end.
#[test]
fn with_repetition_every_game_ends() {
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let mut next = move |n: usize| {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        (state.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % n.max(1)
    };
    for holes in 2..=4u8 {
        for seeds in 1..=4u16 {
            let mut options = Options::board(holes).with_seeds(seeds);
            options.repetition = true;
            for _ in 0..50 {
                let mut game = Numercy::new(options).unwrap();
                let mut plies = 0;
                while !game.is_over() {
                    let moves = game.legal_moves();
                    game.play(moves[next(moves.len())]).unwrap();
                    plies += 1;
                    assert!(plies < 100_000, "{options:?} did not end");
                }
                assert!(game.outcome().is_some());
            }
        }
    }
}
