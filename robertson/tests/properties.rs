//! Properties of Robertson's game under random options and random play:
//! every shape, random valid row owners, 1 to 5 stones a hole, `skip_origin`,
//! every grand slam policy, both leftover policies and random honours tables.

use mancala_core::{Game, MAX_HOLES, Outcome, Pit, Player, Status};
use proptest::prelude::*;
use robertson::{GrandSlam, Honours, Leftover, MoveReport, Options, Robertson, Setup, Shape};

/// A generous bound on the length of a game: the repetition rule ends every
/// game, and random play ends them far sooner.
const MAX_PLIES: usize = 50_000;

fn shape() -> impl Strategy<Value = Shape> {
    prop_oneof![
        Just(Shape::TwoRow),
        Just(Shape::Triangle),
        Just(Shape::Hexagon)
    ]
}

/// Valid owners for `rows` rows: `k` players (2..=rows), each owning at
/// least one row, in a random arrangement.
fn owners(rows: usize) -> impl Strategy<Value = Vec<Player>> {
    (2..=rows)
        .prop_flat_map(move |k| {
            proptest::collection::vec(0..k, rows).prop_map(move |extra| {
                (0..rows)
                    .map(|r| if r < k { r } else { extra[r] })
                    .collect::<Vec<usize>>()
            })
        })
        .prop_shuffle()
        .prop_map(|v| {
            v.into_iter()
                .map(|i| Player::new(i).expect("player"))
                .collect()
        })
}

fn honours() -> impl Strategy<Value = Honours> {
    prop_oneof![
        3 => Just(Honours::ROBERTSON),
        1 => Just(Honours::NONE),
        1 => (0u64..50, 0u64..50, 0u64..50, 0u64..50).prop_map(|(a, b, c, d)| Honours {
            three_twos: a,
            four_twos: b,
            three_threes: c,
            four_threes: d,
        }),
    ]
}

fn options() -> impl Strategy<Value = Options> {
    (
        shape().prop_flat_map(|s| (Just(s), owners(s.rows()))),
        1u16..=5,
        any::<bool>(),
        prop_oneof![
            Just(GrandSlam::Allow),
            Just(GrandSlam::NoCapture),
            Just(GrandSlam::Forbid)
        ],
        prop_oneof![Just(Leftover::Void), Just(Leftover::ToOwner)],
        honours(),
    )
        .prop_map(
            |((shape, owners), seeds, skip_origin, grand_slam, leftover, honours)| {
                let base = match shape {
                    Shape::TwoRow => Options::two_row(),
                    Shape::Triangle => Options::triangle(),
                    Shape::Hexagon => Options::hexagon(2).expect("2 players"),
                };
                let mut o = base.with_owners(&owners).expect("one owner a row");
                o.seeds = seeds;
                o.skip_origin = skip_origin;
                o.grand_slam = grand_slam;
                o.leftover = leftover;
                o.honours = honours;
                o
            },
        )
}

fn pit(i: usize) -> Pit {
    Pit::new(i % MAX_HOLES).expect("pit")
}

fn on_board(game: &Robertson) -> u64 {
    game.board().holes().iter().map(|&c| u64::from(c)).sum()
}

fn captured_total(game: &Robertson) -> u64 {
    game.captured().as_slice().iter().sum()
}

/// The checks that hold in every state.
fn check_state(game: &Robertson, start: u64) -> Result<(), TestCaseError> {
    prop_assert_eq!(on_board(game) + captured_total(game), start, "conservation");
    // Scores are captured stones plus honours.
    let (c, h, s) = (game.captured(), game.honours(), game.scores());
    prop_assert_eq!(s.as_slice().len(), game.options().players());
    for i in 0..s.as_slice().len() {
        prop_assert_eq!(s.as_slice()[i], c.as_slice()[i] + h.as_slice()[i]);
    }
    // The Game trait agrees with the inherent methods.
    prop_assert_eq!(Game::player_count(game), game.options().players());
    prop_assert_eq!(Game::scores(game), game.scores());
    let legal = game.legal_moves();
    match game.turn() {
        Some(p) => {
            prop_assert!(!game.is_over());
            prop_assert!(!legal.is_empty(), "a player to move has a move");
            prop_assert_eq!(Game::status(game), Status::ToMove(p));
            prop_assert_eq!(game.outcome(), None);
            for q in Player::all(game.options().players()) {
                let actions = Game::legal_actions(game, q);
                if q == p {
                    prop_assert_eq!(&actions, &legal);
                } else {
                    prop_assert!(actions.is_empty());
                }
            }
        }
        None => {
            prop_assert!(game.is_over());
            prop_assert!(legal.is_empty());
            let outcome = Outcome::from_scores(s.as_slice());
            prop_assert_eq!(game.outcome(), Some(outcome));
            prop_assert_eq!(Game::status(game), Status::Over(outcome));
            if game.options().leftover == Leftover::ToOwner {
                prop_assert_eq!(on_board(game), 0);
            }
        }
    }
    let ranking = game.ranking();
    prop_assert_eq!(ranking.len(), game.options().players());
    prop_assert!(ranking.windows(2).all(|w| w[0].1 >= w[1].1));
    for i in 0..game.topology().holes() + 2 {
        prop_assert_eq!(game.is_legal(pit(i)), legal.contains(&pit(i)));
        prop_assert_eq!(Game::is_legal(game, &pit(i)), legal.contains(&pit(i)));
    }
    // Round trips.
    let setup = game.to_setup();
    let copy = Robertson::from_setup(setup.clone()).expect("a state's setup is valid");
    prop_assert_eq!(&copy, game);
    let json = serde_json::to_string(game).expect("serializes");
    let back: Robertson = serde_json::from_str(&json).expect("deserializes");
    prop_assert_eq!(&back, game);
    let setup_json = serde_json::to_string(&setup).expect("serializes");
    let setup_back: Setup = serde_json::from_str(&setup_json).expect("deserializes");
    prop_assert_eq!(setup_back, setup);
    Ok(())
}

/// Every hole (and a few off the board) is accepted by `play` exactly when
/// it is legal; refused moves change nothing; `play_unchecked` and the
/// `Game` trait agree with `play` on legal moves.
fn check_moves(game: &Robertson) -> Result<(), TestCaseError> {
    let legal = game.legal_moves();
    for i in 0..game.topology().holes() + 2 {
        let p = pit(i);
        let mut copy = game.clone();
        match copy.play(p) {
            Ok(report) => {
                prop_assert!(legal.contains(&p), "{} accepted but not legal", p);
                let mut unchecked = game.clone();
                prop_assert_eq!(unchecked.play_unchecked(p), report);
                prop_assert_eq!(&unchecked, &copy);
                let mut by_trait = game.clone();
                Game::play(&mut by_trait, p).expect("legal via the trait");
                prop_assert_eq!(&by_trait, &copy);
                let mut by_trait = game.clone();
                Game::play_unchecked(&mut by_trait, p);
                prop_assert_eq!(&by_trait, &copy);
            }
            Err(e) => {
                prop_assert!(!legal.contains(&p), "{} legal but refused: {}", p, e);
                prop_assert_eq!(&copy, game, "refused move changed the state");
                let mut by_trait = game.clone();
                prop_assert!(Game::play(&mut by_trait, p).is_err());
                prop_assert_eq!(&by_trait, game);
            }
        }
    }
    Ok(())
}

/// Plays one move and checks what it did.
fn step(game: &mut Robertson, p: Pit, start: u64) -> Result<MoveReport, TestCaseError> {
    let mover = game.turn().expect("live");
    let before_captured = game.captured();
    let before_honours = game.honours();
    let report = game.play(p).expect("a legal move is accepted");
    let after_captured = game.captured();
    let after_honours = game.honours();
    let honours = game.options().honours;
    prop_assert_eq!(
        report.honours,
        honours.for_capture(report.holes, report.count)
    );
    prop_assert_eq!(report.stones, report.holes as u64 * u64::from(report.count));
    if report.holes > 0 {
        prop_assert!(report.count == 2 || report.count == 3);
    }
    for q in Player::all(game.options().players()) {
        prop_assert!(
            after_honours[q] >= before_honours[q],
            "honours never decrease"
        );
        prop_assert!(
            after_captured[q] >= before_captured[q],
            "captures never decrease"
        );
        let gained = after_honours[q] - before_honours[q];
        prop_assert_eq!(gained, if q == mover { report.honours } else { 0 });
    }
    let collected = game.is_over() && game.options().leftover == Leftover::ToOwner;
    if collected {
        // The end-of-game collection adds each owner's leftovers.
        prop_assert!(after_captured[mover] >= before_captured[mover] + report.stones);
    } else {
        for q in Player::all(game.options().players()) {
            let gained = after_captured[q] - before_captured[q];
            prop_assert_eq!(gained, if q == mover { report.stones } else { 0 });
        }
    }
    prop_assert_eq!(on_board(game) + captured_total(game), start);
    Ok(report)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 192, ..ProptestConfig::default() })]

    /// Random games, every state fully checked for the first plies.
    #[test]
    fn random_games_keep_the_invariants(
        options in options(),
        choices in proptest::collection::vec(any::<u16>(), 1..300),
    ) {
        let mut game = Robertson::new(options).expect("valid options");
        let start = on_board(&game);
        prop_assert_eq!(start, 6 * options.shape.rows() as u64 * u64::from(options.seeds));
        prop_assert_eq!(captured_total(&game), 0);
        check_state(&game, start)?;
        check_moves(&game)?;
        for &c in &choices {
            let legal = game.legal_moves();
            if legal.is_empty() {
                break;
            }
            let p = legal[usize::from(c) % legal.len()];
            step(&mut game, p, start)?;
            check_state(&game, start)?;
            check_moves(&game)?;
        }
    }

    /// Random games played to the end (cheap checks every ply): every game
    /// ends, turn order is 0, 1, ..., k-1, and the end state is consistent.
    #[test]
    fn every_game_ends(options in options(), seed in any::<u64>()) {
        let mut game = Robertson::new(options).expect("valid options");
        let start = on_board(&game);
        let k = options.players();
        let mut state = seed | 1;
        let mut ply = 0usize;
        while let Some(mover) = game.turn() {
            prop_assert!(ply < MAX_PLIES, "game did not end within {} plies", MAX_PLIES);
            prop_assert_eq!(mover.index(), ply % k, "turn order");
            let legal = game.legal_moves();
            // xorshift
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let p = legal[(state % legal.len() as u64) as usize];
            step(&mut game, p, start)?;
            ply += 1;
        }
        check_state(&game, start)?;
        check_moves(&game)?;
    }

    /// Arbitrary (possibly illegal) holes through `play_unchecked` never
    /// panic and conserve stones.
    #[test]
    fn play_unchecked_conserves(
        options in options(),
        choices in proptest::collection::vec(any::<u8>(), 1..200),
    ) {
        let mut game = Robertson::new(options).expect("valid options");
        let start = on_board(&game);
        for &c in &choices {
            let mut copy = game.clone();
            copy.play_unchecked(pit(usize::from(c)));
            prop_assert_eq!(on_board(&copy) + captured_total(&copy), start);
            let legal = game.legal_moves();
            if legal.is_empty() {
                break;
            }
            game.play_unchecked(legal[usize::from(c) % legal.len()]);
        }
        check_state(&game, start)?;
    }
}
