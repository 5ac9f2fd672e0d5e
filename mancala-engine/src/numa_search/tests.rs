//! The tests of the search's tables, payoffs and matrix game.

use super::*;
use crate::agents::{Openings, numa_payoff};
use numa::{JointMove, Options, SCORE_LIMIT, Setup};

/// Positions reached by random play, with both adjacency rules.
fn positions(seed: u64, count: usize) -> Vec<Numa> {
    let mut out = Vec::new();
    for wrap in [true, false] {
        let options = Options {
            wrap_adjacency: wrap,
            ..Options::standard()
        };
        let start = Numa::new(options).expect("valid options");
        let mut openings = Openings::new(seed, 3);
        out.extend((0..count).map_while(|_| openings.next(&start)));
    }
    out
}

#[test]
fn the_tables_play_every_joint_move_as_numa_does() {
    for game in positions(5, 40) {
        let model = Model::new(game.options().wrap_adjacency);
        let position = Position::of(&game);
        for (a, &arabic) in Choice::ALL.iter().enumerate() {
            for (r, &roman) in Choice::ALL.iter().enumerate() {
                let mut next = game;
                let report = next.play_unchecked(JointMove { arabic, roman });
                let (mine, points) = position.play(&model, a, r);
                assert_eq!(mine, Position::of(&next), "{game} {arabic}/{roman}");
                assert_eq!(points, report.points, "{game} {arabic}/{roman}");
                assert_eq!(mine.outcome(30), next.outcome(), "{game}");
                let payoffs = Payoffs {
                    model: &model,
                    target: 30,
                    bonus: 100.0,
                };
                let (v, _) = payoffs.payoff(&position, a, r);
                let expected = numa_payoff(&game, JointMove { arabic, roman }, 100.0);
                assert_eq!(f64::from(v), expected);
            }
        }
    }
}

#[test]
fn the_outcome_is_numas_at_the_score_limit() {
    let mut setup: Setup = Numa::default().to_setup();
    for scores in [
        [SCORE_LIMIT, SCORE_LIMIT],
        [29, 29],
        [30, 30],
        [31, 30],
        [3, 30],
    ] {
        setup.scores = scores;
        let game = Numa::from_setup(setup).expect("a valid setup");
        assert_eq!(
            Position::of(&game).outcome(30),
            game.outcome(),
            "{scores:?}"
        );
    }
}

/// Arabic's pure maximin and minimax of the turn, every payoff made.
fn brute_force(model: &Model, position: &Position, target: u32) -> f32 {
    let payoffs = Payoffs {
        model,
        target,
        bonus: 100.0,
    };
    let v = |a, r| payoffs.payoff(position, a, r).0;
    let maximin = (0..CHOICES)
        .map(|a| (0..CHOICES).map(|r| v(a, r)).fold(f32::INFINITY, f32::min))
        .fold(f32::NEG_INFINITY, f32::max);
    let minimax = (0..CHOICES)
        .map(|r| {
            (0..CHOICES)
                .map(|a| v(a, r))
                .fold(f32::NEG_INFINITY, f32::max)
        })
        .fold(f32::INFINITY, f32::min);
    0.5 * (maximin + minimax)
}

#[test]
fn the_cut_off_turn_value_is_the_full_one_and_makes_fewer_positions() {
    let model = Model::new(true);
    let mut order = [[0u8; CHOICES]; 2];
    for (i, slot) in order[0].iter_mut().enumerate() {
        *slot = i as u8;
    }
    order[1] = order[0];
    let mut budget = NodeCounter {
        nodes: 0,
        limit: u64::MAX,
        deadline: None,
        stop: None,
    };
    let mut count = 0u64;
    for mut game in positions(9, 30)
        .into_iter()
        .filter(|g| g.options().wrap_adjacency)
    {
        for scores in [[0, 0], [27, 12], [25, 29]] {
            let mut setup = game.to_setup();
            setup.scores = scores;
            game = Numa::from_setup(setup).expect("a valid setup");
            let position = Position::of(&game);
            let payoffs = Payoffs {
                model: &model,
                target: 30,
                bonus: 100.0,
            };
            let v = payoffs.turn_value(&position, &mut order, &mut budget);
            assert_eq!(v, Some(brute_force(&model, &position, 30)), "{game}");
            count += 1;
        }
    }
    // Both passes of every position would make 2 x 5,184 positions.
    let nodes = budget.nodes;
    assert!(nodes < count * 5_184, "{nodes} positions for {count}");
}

#[test]
fn regret_matching_finds_matching_pennies_mixed() {
    // Two candidates; the opponent's first two replies are plausible,
    // the others never matter to him.
    let mut payoffs = vec![0f32; 2 * CHOICES];
    payoffs[0] = 1.0;
    payoffs[1] = -1.0;
    payoffs[CHOICES] = -1.0;
    payoffs[CHOICES + 1] = 1.0;
    let uniform = vec![1.0 / CHOICES as f32; CHOICES];
    let solve = |payoffs: &[f32], chance: &[f32], weight: f32| {
        Matrix {
            payoffs,
            rows: 2,
            plausible: 2,
            chance,
            weight,
        }
        .solve(2_000)
    };
    let s = solve(&payoffs, &uniform, 0.0);
    assert!((s[0] - 0.5).abs() < 0.05, "{s:?}");
    assert!((s.iter().sum::<f32>() - 1.0).abs() < 1e-5);
    // Against a random opponent only the uniform average counts: row 0
    // gains 1 against reply 5 and is the best reply.
    payoffs[5] = 1.0;
    let s = solve(&payoffs, &uniform, 1.0);
    assert!(s[0] > 0.99, "{s:?}");
    // Against an opponent who always makes his best reply (column 0),
    // row 0 wins.
    let mut best = vec![0f32; CHOICES];
    best[0] = 1.0;
    let s = solve(&payoffs, &best, 1.0);
    assert!(s[0] > 0.99, "{s:?}");
}

/// The reply model after `turns` turns of `opponent` as Roman.
fn learned(opponent: &mut dyn NumaAgent, game: Numa, turns: usize) -> [f64; 3] {
    let mut search = NumaSearch::new(1).with_nodes(20_000);
    let mut game = game;
    for _ in 0..turns {
        if game.is_over() {
            break;
        }
        let arabic = search.choose(&game, Player::P0);
        let roman = opponent.choose(&game, Player::P1);
        game.play(JointMove { arabic, roman })
            .expect("the game goes on");
    }
    search.reply_model()
}

#[test]
fn the_reply_model_learns_random_and_greedy_opponents() {
    let games = positions(11, 6);
    let model = learned(&mut crate::agents::NumaRandom::new(2), games[0], 12);
    assert!(model[2] > 0.6, "{model:?}");
    let model = learned(&mut crate::agents::NumaGreedy, games[1], 12);
    assert!(model[0] > 0.6, "{model:?}");
}
