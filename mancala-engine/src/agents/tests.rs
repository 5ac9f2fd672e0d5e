//! The tests of the agents.

use std::time::Duration;

use super::*;
use crate::Limits;
use mancala_core::{Mancala, Move, Pit, Rules, Setup};
use numa::{JointMove, Numa};

fn sow(i: usize) -> Option<Move> {
    Pit::new(i).map(Move::Sow)
}

fn oware_capture_position() -> Mancala {
    // South's hole 5 holds one seed; sowing it makes North's hole 6 two:
    // a capture. No other South move captures, and North cannot
    // capture back.
    let mut setup = Setup::new(Rules::oware());
    setup.board = vec![4, 4, 5, 4, 4, 1, 1, 3, 3, 3, 3, 3];
    setup.stores = vec![5, 5];
    Mancala::from_setup(setup).expect("a valid position")
}

#[test]
fn search_takes_an_immediate_capture() {
    let game = oware_capture_position();
    assert_eq!(GreedyAgent.choose(&game), sow(5));
    for budget in [10, 100, 2_000, 20_000] {
        let mut search = AlphaBeta::new(budget);
        assert_eq!(search.choose(&game), sow(5), "budget {budget}");
    }
}

fn play_out<G: Game, A: SequentialAgent<G>, B: SequentialAgent<G>>(
    mut game: G,
    a: &mut A,
    b: &mut B,
    plies: usize,
) -> G {
    for ply in 0..plies {
        let Status::ToMove(p) = game.status() else {
            break;
        };
        let action = if (p.index() + ply / 7) % 2 == 0 {
            a.choose(&game)
        } else {
            b.choose(&game)
        }
        .expect("someone is to move");
        assert!(game.legal_actions(p).contains(&action), "{action:?}");
        let mv = game.joint_move(&[(p, action)]).expect("the mover's move");
        game.play(mv).expect("a legal action");
    }
    game
}

#[test]
fn search_never_returns_an_illegal_move_and_respects_the_budget() {
    struct Checked(AlphaBeta, u64);
    impl<G: Game> SequentialAgent<G> for Checked {
        fn choose(&mut self, game: &G) -> Option<G::Action> {
            let a = self.0.choose(game);
            assert!(self.0.stats().nodes <= self.1);
            a
        }
    }
    for budget in [1, 50, 700] {
        let mut s = Checked(AlphaBeta::new(budget), budget);
        let mut r = RandomAgent::new(budget);
        play_out(mancala_core::oware(), &mut s, &mut r, 400);
        play_out(mancala_core::kalah(), &mut s, &mut r, 400);
        play_out(numercy::Numercy::default(), &mut s, &mut r, 400);
        let two = robertson::Robertson::default();
        play_out(two, &mut s, &mut r, 400);
        let three = robertson::Robertson::new(robertson::Options::triangle()).expect("valid");
        play_out(three, &mut s, &mut r, 400);
        let mankka = mankka::Mankka::default();
        play_out(mankka, &mut s, &mut r, 400);
    }
}

#[test]
fn search_with_a_time_budget_returns() {
    let mut s = AlphaBeta::new(u64::MAX).with_time(Duration::from_millis(20));
    let game = mancala_core::kalah();
    let t = std::time::Instant::now();
    let a = s.choose(&game).expect("a move");
    assert!(game.legal_actions(Player::P0).contains(&a));
    assert!(t.elapsed() < Duration::from_secs(2));
    assert!(s.stats().depth >= 1);
}

#[test]
fn search_is_deterministic_and_deepens() {
    let game = mancala_core::oware();
    let mut a = AlphaBeta::new(5_000);
    let mut b = AlphaBeta::new(5_000);
    assert_eq!(a.choose(&game), b.choose(&game));
    assert_eq!(a.stats(), b.stats());
    assert!(a.stats().depth >= 3, "{:?}", a.stats());
}

#[test]
fn iterations_are_listed_one_per_completed_depth() {
    // Depth 1 sees only the capture of 2 (stores 7 to 5): a margin of 2.
    let game = oware_capture_position();
    let mut search = AlphaBeta::new(2_000);
    assert_eq!(search.choose(&game), sow(5));
    let iterations = search.iterations();
    assert_eq!(iterations[0].depth, 1);
    assert_eq!(iterations[0].score, 2);
    let depths: Vec<u32> = iterations.iter().map(|i| i.depth).collect();
    let expected: Vec<u32> = (1..=search.stats().depth).collect();
    assert_eq!(depths, expected);
    assert!(iterations.windows(2).all(|w| w[0].nodes < w[1].nodes));
    assert!(iterations.iter().all(|i| i.nodes <= search.stats().nodes));
    // A budget spent inside the first iteration completes none, and
    // the next search starts its list afresh.
    search.node_budget = 3;
    assert!(search.choose(&game).is_some());
    assert_eq!(search.stats().depth, 0);
    assert!(search.iterations().is_empty());
}

#[test]
fn greedy_takes_the_best_immediate_score() {
    let mut rng = RandomAgent::new(3);
    let mut game = mancala_core::kalah();
    for _ in 0..60 {
        let Status::ToMove(me) = game.status() else {
            break;
        };
        let chosen = GreedyAgent.choose(&game).expect("a move");
        let value = |a: Move| {
            let mut next = game.clone();
            next.play(a).expect("legal");
            match next.status() {
                Status::Over(o) => terminal_value(&next, me, o),
                _ => score_margin(&next, me),
            }
        };
        let best = game.legal_actions(me).iter().map(|&a| value(a)).max();
        assert_eq!(Some(value(chosen)), best);
        let first_best = game
            .legal_actions(me)
            .iter()
            .copied()
            .find(|&a| Some(value(a)) == best);
        assert_eq!(Some(chosen), first_best);
        let next = SequentialAgent::<Mancala>::choose(&mut rng, &game).expect("a move");
        game.play(next).expect("legal");
    }
}

#[test]
fn regret_matching_returns_a_choice_and_is_deterministic() {
    let choices = numa_choices();
    assert_eq!(choices.len(), 72);
    let mut game = Numa::default();
    let mut a = RegretMatching::new(11, 50);
    let mut b = RegretMatching::new(11, 50);
    for _ in 0..5 {
        let ca = a.choose(&game, Player::P0);
        let cb = b.choose(&game, Player::P0);
        assert!(choices.contains(&ca));
        assert_eq!(ca, cb);
        let ra = a.choose(&game, Player::P1);
        assert_eq!(ra, b.choose(&game, Player::P1));
        let [s0, s1] = a.strategies(&game);
        assert!((s0.iter().sum::<f64>() - 1.0).abs() < 1e-9);
        assert!((s1.iter().sum::<f64>() - 1.0).abs() < 1e-9);
        game.play(JointMove {
            arabic: ca,
            roman: ra,
        })
        .expect("the game goes on");
    }
    let mut r = NumaRandom::new(1);
    assert!(choices.contains(&r.choose(&game, Player::P1)));
    assert!(choices.contains(&NumaGreedy.choose(&game, Player::P0)));
}

#[test]
fn openings_never_repeat_a_position() {
    // Oware has at most 36 positions after two moves: the openings grow
    // once those are used, and 200 games still start apart.
    let start = mancala_core::oware();
    let mut openings = Openings::new(3, 2);
    let mut keys = std::collections::HashSet::new();
    for _ in 0..200 {
        let game = openings.next(&start).expect("an opening");
        assert!(!game.is_over());
        assert!(keys.insert(game.key()));
    }
    // Numa's openings are whole turns; Mankka's first two moves are
    // the placements.
    let mut openings = Openings::new(4, 1);
    let a = openings.next(&Numa::default()).expect("a turn");
    let b = openings.next(&Numa::default()).expect("another");
    assert_ne!(a, b);
    let mut openings = Openings::new(5, 2);
    let m = openings
        .next(&mankka::Mankka::default())
        .expect("placements");
    assert!(!m.in_opening());
    // The same seed draws the same openings; no plies, the start.
    let again = Openings::new(3, 2).next(&start).expect("an opening");
    assert_eq!(Openings::new(3, 2).next(&start), Some(again));
    assert_eq!(Openings::new(3, 0).next(&start), Some(start.clone()));
    // A finished game has no opening.
    let mut over = start;
    while let Status::ToMove(p) = over.status() {
        let mv = over.legal_actions(p)[0];
        over.play(mv).expect("legal");
    }
    assert_eq!(Openings::new(3, 2).next(&over), None);
}

#[test]
fn an_exhaustive_search_plays_a_best_move_with_or_without_its_table() {
    use crate::solve::{Solver, mancala_banked, mancala_split};
    // Kalah with three houses of two seeds: small enough for the search
    // to see the whole game, so its move must keep the solved value
    // (the solver is checked against plain minimax in tests/kalah_solve.rs).
    let mut rules = mancala_core::Rules::kalah();
    rules.layout = mancala_core::Layout::two_rows(3);
    rules.seeds = 2;
    let start = mancala_core::Mancala::new(rules).expect("valid");
    let mut openings = Openings::new(8, 1);
    for _ in 0..8 {
        let Some(game) = openings.next(&start) else {
            break;
        };
        let mut solver = Solver::new(1 << 20).with_split(mancala_split, mancala_banked);
        let best = solver.solve(&game).expect("two players").best;
        for bytes in [0, 1 << 20] {
            let mut search = AlphaBeta::new(u64::MAX);
            search.table_bytes = bytes;
            let chosen = search.choose(&game).expect("a move");
            assert!(search.stats().exact, "the whole game was searched");
            assert!(best.contains(&chosen), "{game}: {chosen} not in {best:?}");
        }
    }
}

#[test]
fn a_kept_table_does_not_pass_for_a_whole_game_tree() {
    // The second search of a position by the same agent finds every
    // shallow value in its table; it must still deepen as far as asked,
    // and call nothing exact that met a horizon.
    for game in [mancala_core::kalah(), mancala_core::oware()] {
        let mut agent = AlphaBeta::new(u64::MAX);
        for depth in 1..=6 {
            let result = agent
                .search(&game, &crate::Limits::depth(depth))
                .expect("a move");
            assert_eq!(result.depth, depth, "{game}");
            assert!(!result.exact, "{game} at depth {depth}");
        }
        // And after a move, the next search from the kept table.
        let mut next = game.clone();
        let best = agent.search(&game, &crate::Limits::depth(6)).unwrap().best;
        next.play(best).unwrap();
        let result = agent.search(&next, &crate::Limits::depth(5)).unwrap();
        assert_eq!((result.depth, result.exact), (5, false), "{next}");
    }
}

/// `search_reporting` tells each completed depth once, in order, as the
/// result the search gives at that depth; the last is the answer.
#[test]
fn search_reporting_tells_each_depth_once_in_order() {
    let game = mancala_core::kalah();
    let mut reported = Vec::new();
    let result = AlphaBeta::new(u64::MAX)
        .search_reporting(&game, &Limits::depth(4), |r| {
            reported.push((r.depth, r.best, r.value));
        })
        .expect("a move");
    let depths: Vec<u32> = reported.iter().map(|r| r.0).collect();
    assert_eq!(depths, [1, 2, 3, 4]);
    assert_eq!(reported.last(), Some(&(4, result.best, result.value)));
    // The same as one search of depth 4 by a fresh agent.
    let direct = AlphaBeta::new(0)
        .search(&game, &Limits::depth(4))
        .expect("a move");
    assert_eq!((direct.best, direct.value), (result.best, result.value));
}

/// A raised stop flag still answers a legal move at once, with no depth
/// completed to report.
#[test]
fn search_reporting_with_a_raised_flag_answers_at_once() {
    let game = mancala_core::oware();
    let stop = crate::Stop::new();
    stop.stop();
    let mut reports = 0;
    let result = AlphaBeta::new(u64::MAX)
        .search_reporting(&game, &Limits::none().with_stop(stop), |_| reports += 1)
        .expect("a move");
    assert!(game.legal_actions(Player::P0).contains(&result.best));
    assert_eq!(reports, 0);
}

/// A node limit bounds the whole deepening, every report within it.
#[test]
fn search_reporting_keeps_the_node_limit() {
    let game = mancala_core::oware();
    let mut last = 0;
    let result = AlphaBeta::new(u64::MAX)
        .search_reporting(&game, &Limits::nodes(2_000), |r| {
            assert!(r.nodes >= last && r.nodes <= 2_000, "{r:?}");
            last = r.nodes;
        })
        .expect("a move");
    assert!(result.nodes <= 2_000 && !result.exact, "{result:?}");
}
