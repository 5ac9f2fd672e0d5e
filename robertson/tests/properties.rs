//! Properties of Robertson's game under random options and random play:
//! every shape, random valid row owners, 1 to 5 stones a hole, `skip_origin`,
//! every grand slam policy, both leftover policies and random honours tables.
//!
//! Every state is checked by the shared harness (`mancala_testing`:
//! legal actions are exactly the moves `play` accepts, refused moves change
//! nothing, notation and serde round-trip, equal states have equal keys) and
//! by Robertson's own invariants (stones conserved, scores are captures plus
//! honours, reports match the mover's gains).

use mancala_core::{notation::RuleOptions, rules::MAX_HOLES};
use mancala_testing as testing;
use proptest::prelude::*;
use robertson::*;

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

/// Candidate actions for the harness: every hole of the largest board, two
/// beyond it, and the last hole there is.
fn candidates() -> Vec<Pit> {
    (0..38).chain([MAX_HOLES - 1]).map(pit).collect()
}

fn on_board(game: &Robertson) -> u64 {
    game.board().holes().iter().map(|&c| u64::from(c)).sum()
}

fn captured_total(game: &Robertson) -> u64 {
    game.captured().as_slice().iter().sum()
}

/// Robertson's own invariants, in every state.
fn invariants(game: &Robertson, start: u64) -> Result<(), TestCaseError> {
    prop_assert_eq!(on_board(game) + captured_total(game), start, "conservation");
    // Scores are captured stones plus honours.
    let (c, h, s) = (game.captured(), game.honours(), game.scores());
    prop_assert_eq!(s.as_slice().len(), game.options().players());
    for i in 0..s.as_slice().len() {
        prop_assert_eq!(s.as_slice()[i], c.as_slice()[i] + h.as_slice()[i]);
    }
    prop_assert_eq!(game.player_count(), game.options().players());
    let legal = game.legal_moves();
    prop_assert!(
        legal.windows(2).all(|w| w[0] < w[1]),
        "legal moves in order"
    );
    match game.to_move() {
        Some(p) => {
            prop_assert!(!game.is_over());
            prop_assert!(!legal.is_empty(), "a player to move has a move");
            prop_assert_eq!(game.status(), Status::ToMove(p));
            prop_assert_eq!(game.outcome(), None);
            prop_assert_eq!(&game.legal_actions(p), &legal);
        }
        None => {
            prop_assert!(game.is_over());
            prop_assert!(legal.is_empty());
            let outcome = Outcome::from_scores(s.as_slice());
            prop_assert_eq!(game.outcome(), Some(outcome));
            prop_assert_eq!(game.status(), Status::Over(outcome));
            if game.options().leftover == Leftover::ToOwner {
                prop_assert_eq!(on_board(game), 0);
            }
        }
    }
    let ranking = game.ranking();
    prop_assert_eq!(ranking.len(), game.options().players());
    prop_assert!(ranking.windows(2).all(|w| w[0].1 >= w[1].1));
    for i in 0..game.topology().holes() + 2 {
        prop_assert_eq!(game.is_legal(&pit(i)), legal.contains(&pit(i)));
    }
    Ok(())
}

/// The shared harness, plus the setup's round trips and `play_unchecked`
/// agreeing with `play` on every legal move.
fn harness(game: &Robertson) -> Result<(), TestCaseError> {
    testing::check_state(game, &candidates());
    testing::check_serde(game);
    testing::check_action_text(&game.legal_moves());
    let setup = game.to_setup();
    let copy = Robertson::from_setup(setup.clone()).expect("a state's setup is valid");
    prop_assert_eq!(&copy, game);
    prop_assert_eq!(copy.key(), game.key());
    let setup_json = serde_json::to_string(&setup).expect("serializes");
    let setup_back: Setup = serde_json::from_str(&setup_json).expect("deserializes");
    prop_assert_eq!(setup_back, setup);
    for &p in game.legal_moves().iter() {
        let mut checked = game.clone();
        let report = checked.play(p).expect("legal");
        let mut unchecked = game.clone();
        prop_assert_eq!(unchecked.play_unchecked(p), report);
        prop_assert_eq!(&unchecked, &checked);
    }
    Ok(())
}

/// Checks what an accepted move did.
fn check_report(
    before: &Robertson,
    after: &Robertson,
    report: &MoveReport,
    start: u64,
) -> Result<(), TestCaseError> {
    let mover = before.to_move().expect("live");
    prop_assert_eq!(report.mover, mover);
    let honours = before.options().honours;
    prop_assert_eq!(
        report.honours,
        honours.for_capture(report.holes, report.count)
    );
    prop_assert_eq!(report.stones, report.holes as u64 * u64::from(report.count));
    if report.holes > 0 {
        prop_assert!(report.count == 2 || report.count == 3);
    }
    let (before_captured, after_captured) = (before.captured(), after.captured());
    let (before_honours, after_honours) = (before.honours(), after.honours());
    for q in Player::all(before.options().players()) {
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
    let collected = after.is_over() && after.options().leftover == Leftover::ToOwner;
    if collected {
        // The end-of-game collection adds each owner's leftovers.
        prop_assert!(after_captured[mover] >= before_captured[mover] + report.stones);
    } else {
        for q in Player::all(before.options().players()) {
            let gained = after_captured[q] - before_captured[q];
            prop_assert_eq!(gained, if q == mover { report.stones } else { 0 });
        }
    }
    prop_assert_eq!(on_board(after) + captured_total(after), start);
    Ok(())
}

/// Plays one move and checks what it did.
fn step(game: &mut Robertson, p: Pit, start: u64) -> Result<MoveReport, TestCaseError> {
    let before = game.clone();
    let report = game.play(p).expect("a legal move is accepted");
    prop_assert_eq!(report.pit, p);
    check_report(&before, game, &report, start)?;
    Ok(report)
}

#[test]
fn random_playouts_under_the_harness() {
    let presets = [
        Options::two_row(),
        Options::triangle(),
        Options::hexagon(3).expect("3 players"),
        {
            let mut o = Options::two_row();
            o.grand_slam = GrandSlam::Forbid;
            o.leftover = Leftover::ToOwner;
            o
        },
        {
            let mut o = Options::triangle();
            o.grand_slam = GrandSlam::NoCapture;
            o.skip_origin = true;
            o.seeds = 2;
            o
        },
    ];
    for (i, options) in presets.into_iter().enumerate() {
        let game = Robertson::new(options).expect("valid");
        let start = on_board(&game);
        let mut previous: Option<Robertson> = None;
        testing::random_playouts(game, 17 + i as u64, 2, 400, |state, report| {
            invariants(state, start).expect("invariants");
            harness(state).expect("harness");
            // Reached by play: a game over says why, one that goes on not.
            assert_eq!(state.end().is_some(), state.is_over(), "{state:?}");
            if let (Some(before), Some(report)) = (&previous, report) {
                check_report(before, state, report, start).expect("report");
            }
            previous = Some(state.clone());
        });
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: mancala_testing::proptest_cases(48), ..ProptestConfig::default() })]

    /// Random games, every state fully checked for the first plies.
    #[test]
    fn random_games_keep_the_invariants(
        options in options(),
        choices in proptest::collection::vec(any::<u16>(), 1..120),
    ) {
        let mut game = Robertson::new(options).expect("valid options");
        let start = on_board(&game);
        prop_assert_eq!(start, 6 * options.shape.rows() as u64 * u64::from(options.seeds));
        prop_assert_eq!(captured_total(&game), 0);
        invariants(&game, start)?;
        harness(&game)?;
        for &c in &choices {
            let legal = game.legal_moves();
            if legal.is_empty() {
                break;
            }
            let p = legal[usize::from(c) % legal.len()];
            step(&mut game, p, start)?;
            invariants(&game, start)?;
            harness(&game)?;
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
        while let Some(mover) = game.to_move() {
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
        invariants(&game, start)?;
        harness(&game)?;
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
        invariants(&game, start)?;
        harness(&game)?;
    }

    /// Equal positions have equal keys: the same moves played on two copies,
    /// and the state rebuilt from its text, setup and JSON.
    #[test]
    fn equal_positions_have_equal_keys(
        options in options(),
        choices in proptest::collection::vec(any::<u8>(), 0..60),
        other in proptest::collection::vec(any::<u8>(), 0..4),
    ) {
        let mut a = Robertson::new(options).expect("valid options");
        let mut b = a.clone();
        for &c in &choices {
            let legal = a.legal_moves();
            if legal.is_empty() {
                break;
            }
            let p = legal[usize::from(c) % legal.len()];
            a.play(p).expect("legal");
            b.play_unchecked(p);
        }
        prop_assert_eq!(&a, &b);
        prop_assert_eq!(a.key(), b.key());
        let text: Robertson = a.to_string().parse().expect("notation");
        prop_assert_eq!(text.key(), a.key());
        let setup = Robertson::from_setup(a.to_setup()).expect("setup");
        prop_assert_eq!(setup.key(), a.key());
        let json: Robertson = serde_json::from_str(&serde_json::to_string(&a).expect("json"))
            .expect("json");
        prop_assert_eq!(json.key(), a.key());
        // Two short games from the start: equal exactly when their keys are
        // (up to the 2^-64 collision chance, and for states that differ only
        // in their repetition history).
        let mut c = Robertson::new(options).expect("valid options");
        for &m in &other {
            let legal = c.legal_moves();
            if legal.is_empty() {
                break;
            }
            c.play(legal[usize::from(m) % legal.len()]).expect("legal");
        }
        let mut d = Robertson::new(options).expect("valid options");
        for &m in other.iter().rev() {
            let legal = d.legal_moves();
            if legal.is_empty() {
                break;
            }
            d.play(legal[usize::from(m) % legal.len()]).expect("legal");
        }
        if c == d {
            prop_assert_eq!(c.key(), d.key());
        }
    }

    /// Any string is refused with an error, or parses to a state that
    /// prints back the same.
    #[test]
    fn any_string_parses_to_an_error_or_prints_back(text in ".{0,80}") {
        if let Ok(game) = text.parse::<Robertson>() {
            let again = game.to_string();
            prop_assert_eq!(again.parse::<Robertson>().expect("printed text parses"), game);
        }
        if let Ok(options) = text.parse::<Options>() {
            let again = options.to_string();
            if options.leftover != Leftover::Stay {
                prop_assert_eq!(again.parse::<Options>().expect("printed options parse"), options);
            }
        }
        let _ = text.parse::<Pit>();
    }

    /// Near-notation strings (a valid position's text with a few characters
    /// changed) are refused with an error, or parse to a state that prints
    /// back the same.
    #[test]
    fn edited_notation_parses_to_an_error_or_prints_back(
        options in options(),
        choices in proptest::collection::vec(any::<u8>(), 0..40),
        edits in proptest::collection::vec((any::<usize>(), 0usize..24), 1..4),
    ) {
        const ALPHABET: &[u8] = b"0123456789,/ :|=-ovrseanlyuti";
        let mut game = Robertson::new(options).expect("valid options");
        for &c in &choices {
            let legal = game.legal_moves();
            if legal.is_empty() {
                break;
            }
            game.play(legal[usize::from(c) % legal.len()]).expect("legal");
        }
        let mut bytes = game.to_string().into_bytes();
        for (at, with) in edits {
            let at = at % (bytes.len() + 1);
            let c = ALPHABET[with % ALPHABET.len()];
            if at < bytes.len() && with % 3 == 0 {
                bytes[at] = c;
            } else if at < bytes.len() && with % 3 == 1 {
                bytes.remove(at);
            } else {
                bytes.insert(at, c);
            }
        }
        let text = String::from_utf8(bytes).expect("ascii");
        if let Ok(parsed) = text.parse::<Robertson>() {
            let again = parsed.to_string();
            prop_assert_eq!(again.parse::<Robertson>().expect("printed text parses"), parsed);
        }
    }

    /// Options read from their text, key by key, as the conformance runner
    /// sets them.
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

/// A rubber survives a JSON round trip (every seventh move and at the end
/// of every game), and the copy read back plays on identically.
#[test]
fn rubbers_round_trip_through_serde() {
    for options in [Options::two_row(), Options::triangle()] {
        let mut rubber = Rubber::with_target(options, 40).expect("valid");
        let mut copy = rubber.clone();
        let mut rng = testing::SplitMix::new(5);
        let mut moves = 0;
        while rubber.winner().is_none() && moves < 3000 {
            let legal = rubber.game().legal_moves();
            let p = legal[rng.below(legal.len())];
            let games = rubber.games_played();
            let report = rubber.play(p).expect("legal");
            assert_eq!(copy.play(p), Ok(report));
            assert_eq!(copy, rubber);
            moves += 1;
            if moves % 7 == 0 || rubber.games_played() != games {
                let json = serde_json::to_string(&rubber).expect("serializes");
                copy = serde_json::from_str(&json).expect("deserializes");
                assert_eq!(copy, rubber);
            }
            testing::check_state(rubber.game(), &candidates());
        }
        assert!(rubber.winner().is_some(), "the rubber ends");
        let json = serde_json::to_string(&rubber).expect("serializes");
        assert_eq!(serde_json::from_str::<Rubber>(&json).expect("back"), rubber);
    }
}
