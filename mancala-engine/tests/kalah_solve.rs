//! The Kalah solver's own moves against the engine's, and its values
//! against a plain minimax and the generic solver.

use mancala_core::{Game, Mancala, Player, Rules, rules::Capture};
use mancala_engine::kalah_solve::{KalahSolver, Next, pos_of, supports};
use mancala_engine::solve::{Solver, mancala_banked, mancala_split, margin};

fn kalah(houses: u8, seeds: u16, empty: bool) -> Mancala {
    let mut rules = Rules::kalah().with_houses(houses).with_seeds(seeds);
    rules.capture = Capture::Opposite {
        require_opposite: !empty,
        zone: mancala_core::rules::Zone::Own,
        take_lone: true,
    };
    Mancala::new(rules).unwrap()
}

use mancala_testing::minimax_margin as minimax;

/// A small xorshift: the tests' positions, the same each run.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Positions of random games of `game`'s rules.
fn random_positions(game: &Mancala, games: usize, rng: &mut Rng) -> Vec<Mancala> {
    let mut out = Vec::new();
    for _ in 0..games {
        let mut g = game.clone();
        while g.to_move().is_some() {
            out.push(g.clone());
            let moves = g.legal_moves();
            let mv = moves[rng.below(moves.len())];
            g.play(mv).unwrap();
        }
    }
    out
}

#[test]
fn the_supported_rules_are_kalahs() {
    assert!(supports(&Rules::kalah()));
    assert!(supports(&kalah(6, 4, true).rules().clone()));
    assert!(supports(&kalah(1, 1, false).rules().clone()));
    assert!(!supports(&Rules::oware()));
    let mut rules = Rules::kalah();
    rules.extra_turn = false;
    assert!(!supports(&rules));
    let mut rules = Rules::kalah();
    rules.capture = Capture::None;
    assert!(!supports(&rules));
    // Other opposite captures (French Wari's, from either row, the lone
    // seed staying) are not Kalah's.
    for (zone, take_lone) in [
        (mancala_core::rules::Zone::Any, true),
        (mancala_core::rules::Zone::Own, false),
    ] {
        let mut rules = Rules::kalah();
        rules.capture = Capture::Opposite {
            require_opposite: true,
            zone,
            take_lone,
        };
        assert!(!supports(&rules));
    }
}

#[test]
fn every_move_matches_the_engine() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let mut checked = 0;
    for houses in 1..=7u8 {
        for seeds in [1u16, 2, 3, 4, 6, 8] {
            for empty in [false, true] {
                let game = kalah(houses, seeds, empty);
                let solver = KalahSolver::new(&game, 1 << 12, 0).unwrap();
                for position in random_positions(&game, 3, &mut rng) {
                    let (pos, mover, banked) = pos_of(&position).unwrap();
                    let offset = if mover == Player::P0 {
                        0
                    } else {
                        usize::from(houses)
                    };
                    for mv in position.legal_moves() {
                        let house = mv.pit().unwrap().index() - offset;
                        let (child, gain, next) = solver.play(&pos, house);
                        let mut after = position.clone();
                        after.play(mv).unwrap();
                        let sign = if mover == Player::P0 { 1 } else { -1 };
                        let context = format!("{position:?} {mv}");
                        match next {
                            Next::Over(rest) => {
                                assert_eq!(after.to_move(), None, "{context}");
                                let m = sign * margin(&after);
                                assert_eq!(m, banked + i64::from(gain + rest), "{context}");
                            }
                            Next::Again | Next::Other => {
                                let (p, who, b) = pos_of(&after).expect(&context);
                                assert_eq!(p, child, "{context}");
                                let again = next == Next::Again;
                                assert_eq!(who == mover, again, "{context}");
                                let b = if again { b } else { -b };
                                assert_eq!(b, banked + i64::from(gain), "{context}");
                            }
                        }
                        checked += 1;
                    }
                }
            }
        }
    }
    assert!(checked > 2000, "{checked}");
}

#[test]
fn small_boards_match_plain_minimax_with_and_without_an_endgame_table() {
    for houses in 1..=3u8 {
        for seeds in 1..=3u16 {
            if houses * seeds as u8 > 6 {
                continue; // (3, 3) below, by the generic solver
            }
            for empty in [false, true] {
                let game = kalah(houses, seeds, empty);
                let expected = minimax(&game);
                for endgame in [0, 1 << 10, 1 << 20] {
                    let mut solver = KalahSolver::new(&game, 1 << 16, endgame).unwrap();
                    let solution = solver.solve(&game);
                    assert_eq!(
                        solution.value, expected,
                        "Kalah({houses},{seeds}), empty capture {empty}, endgame {endgame}"
                    );
                }
            }
        }
    }
}

#[test]
fn the_best_moves_are_exactly_those_that_keep_the_value() {
    for empty in [false, true] {
        let game = kalah(3, 2, empty);
        let mut values = Vec::new();
        for mv in game.legal_moves() {
            let mut child = game.clone();
            child.play(mv).unwrap();
            values.push((mv, minimax(&child)));
        }
        let value = values.iter().map(|&(_, v)| v).max().unwrap();
        let best: Vec<_> = values
            .iter()
            .filter(|&&(_, v)| v == value)
            .map(|&(m, _)| m)
            .collect();
        let mut solver = KalahSolver::new(&game, 1 << 16, 1 << 12).unwrap();
        let solution = solver.solve(&game);
        assert_eq!(solution.value, value);
        assert_eq!(solution.best, best, "empty capture {empty}: {values:?}");
    }
}

#[test]
fn random_positions_match_minimax_and_the_generic_solver() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for (houses, seeds) in [(3u8, 2u16), (3, 3), (4, 2)] {
        for empty in [false, true] {
            let game = kalah(houses, seeds, empty);
            // One solver for all: its tables carry over between solves.
            let mut solver = KalahSolver::new(&game, 1 << 18, 1 << 14).unwrap();
            let positions = random_positions(&game, 2, &mut rng);
            for position in positions.iter().step_by(3) {
                let value = solver.solve(position).value;
                let expected = if houses * seeds as u8 <= 6 {
                    minimax(position)
                } else {
                    let mut generic =
                        Solver::new(1 << 20).with_split(mancala_split, mancala_banked);
                    generic.solve(position).unwrap().value
                };
                assert_eq!(value, expected, "{position:?}");
            }
        }
    }
}

#[test]
fn an_endgame_table_holding_the_whole_game_gives_the_value() {
    for empty in [false, true] {
        let game = kalah(3, 2, empty);
        let mut solver = KalahSolver::new(&game, 1 << 12, 1 << 20).unwrap();
        assert_eq!(solver.endgame_seeds(), 12);
        let solution = solver.solve(&game);
        assert_eq!(solution.value, minimax(&game));
    }
}

#[test]
fn a_filled_endgame_table_gives_the_values_worked_out_on_demand() {
    for empty in [false, true] {
        let game = kalah(3, 3, empty);
        // Tables of up to 10 seeds on the board: one filled first, one
        // worked out as the search meets them.
        let mut filled = KalahSolver::new(&game, 1 << 12, 1 << 13).unwrap();
        assert_eq!(filled.endgame_seeds(), 10);
        filled.fill_endgame();
        let mut lazy = KalahSolver::new(&game, 1 << 12, 1 << 13).unwrap();
        let mut rng = Rng(0x1234_5678_9abc_def1);
        for position in random_positions(&game, 4, &mut rng) {
            assert_eq!(filled.solve(&position).value, lazy.solve(&position).value);
        }
        assert_eq!(filled.solve(&game).value, minimax_generic(&game));
    }
}

/// The search's settings change how fast it is, never what it answers:
/// with or without enhanced transposition cutoffs, with the
/// transposition table at every node, none or only far from the endgame
/// table, and with or without searches to a depth first, each position has the generic solver's value and the same best
/// moves.
#[test]
fn the_search_settings_never_change_a_value() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    for (houses, seeds) in [(3u8, 3u16), (4, 2)] {
        for empty in [false, true] {
            let game = kalah(houses, seeds, empty);
            let positions = random_positions(&game, 2, &mut rng);
            for position in positions.iter().step_by(4) {
                let expected = minimax_generic(position);
                let mut answers = Vec::new();
                for etc in [0, 100] {
                    for margin in [0, 1, 3, 100, u32::MAX] {
                        for deepening in [0, 7, 24, u32::MAX] {
                            // Up to 6 seeds in the endgame table.
                            let mut solver = KalahSolver::new(&game, 1 << 14, 1 << 10)
                                .unwrap()
                                .with_etc_seeds(etc)
                                .with_tt_margin(margin)
                                .with_deepening(deepening);
                            let solution = solver.solve(position);
                            assert_eq!(
                                solution.value, expected,
                                "{position:?}: ETC above {etc} seeds, table margin {margin}, \
                                 deepening {deepening}"
                            );
                            answers.push(solution.best);
                        }
                    }
                }
                assert!(answers.windows(2).all(|w| w[0] == w[1]), "{answers:?}");
            }
        }
    }
}

/// The generic solver's value.
fn minimax_generic(game: &Mancala) -> i64 {
    let mut generic = Solver::new(1 << 20).with_split(mancala_split, mancala_banked);
    generic.solve(game).unwrap().value
}

/// The timed search to a fixed depth scores the horizon as the engine's
/// alpha-beta does (the store margin), so where no game can end within the
/// horizon the two searches, written apart, agree on the value; its move
/// is legal, and the same limits answer the same.
#[test]
fn the_timed_search_agrees_with_alpha_beta_to_a_fixed_depth() {
    use mancala_engine::Limits;
    use mancala_engine::agents::AlphaBeta;

    let mut rng = Rng(0x5eed_1234);
    for empty in [false, true] {
        let start = kalah(6, 4, empty);
        // Early positions: 48 seeds, at most a few of them banked, so no
        // game ends within 6 plies.
        let mut positions = vec![start.clone()];
        for _ in 0..6 {
            let mut game = start.clone();
            for _ in 0..4 {
                let moves = game.legal_moves();
                game.play(moves[rng.below(moves.len())]).unwrap();
            }
            positions.push(game);
        }
        for game in &positions {
            for depth in 1..=6 {
                let limits = Limits::depth(depth);
                let mut depths = Vec::new();
                let mut solver = KalahSolver::new(game, 1 << 20, 0).unwrap();
                let ours = solver
                    .search_within(game, &limits, |r| depths.push(r.depth))
                    .unwrap();
                let theirs = AlphaBeta::new(u64::MAX).search(game, &limits).unwrap();
                assert_eq!(ours.value, theirs.value, "depth {depth} at {game}");
                assert_eq!(ours.depth, depth);
                assert_eq!(depths, (1..=depth).collect::<Vec<_>>());
                assert!(game.is_legal(&ours.best), "{game}");
                let again = KalahSolver::new(game, 1 << 20, 0)
                    .unwrap()
                    .search_within(game, &limits, |_| {})
                    .unwrap();
                assert_eq!(again, ours);
            }
        }
    }
}

/// A node budget ends the timed search soon after it is spent (the limits
/// are read every 1024 positions), keeping the last completed depth's
/// move; a stop flag already raised leaves no depth completed, and the
/// first move is answered.
#[test]
fn the_timed_search_keeps_to_its_limits() {
    use mancala_engine::{Limits, Stop};

    let game = kalah(6, 4, false);
    let mut solver = KalahSolver::new(&game, 1 << 20, 0).unwrap();
    let found = solver
        .search_within(&game, &Limits::nodes(20_000), |_| {})
        .unwrap();
    assert!(found.nodes <= 20_000 + 1024, "{}", found.nodes);
    assert!(found.depth >= 4, "{}", found.depth);

    let stop = Stop::new();
    stop.stop();
    let found = solver
        .search_within(&game, &Limits::depth(10).with_stop(stop), |_| {})
        .unwrap();
    assert_eq!(found.depth, 0);
    assert_eq!(Some(found.best), game.legal_moves().first().copied());

    // A finished game has no move.
    let mut over = game.clone();
    while let Some(&mv) = over.legal_moves().first() {
        over.play(mv).unwrap();
    }
    assert!(
        solver
            .search_within(&over, &Limits::depth(3), |_| {})
            .is_none()
    );
}

/// A transposition table kept from one search to the next stays true:
/// one solver, its table never emptied, searches every position of
/// Kalah(3,3) games (18 seeds: 200 plies see every game's end, so each
/// answer is exact) and agrees with a fresh solve of each: the same value,
/// a move that keeps it. The games' moves are random, so later searches
/// meet the entries of lines the game left. (A position of one move is
/// not searched: its value is the store margin alone.)
#[test]
fn a_table_kept_between_searches_stays_true() {
    use mancala_engine::Limits;

    let mut rng = Rng(0x6b65_7074);
    for empty in [false, true] {
        let start = kalah(3, 3, empty);
        let mut kept = KalahSolver::new(&start, 1 << 14, 0).unwrap();
        for game in random_positions(&start, 6, &mut rng) {
            if game.legal_moves().len() < 2 {
                continue;
            }
            let found = kept
                .search_within(&game, &Limits::depth(200), |_| {})
                .unwrap();
            let exact = KalahSolver::new(&game, 1 << 14, 0).unwrap().solve(&game);
            let sign = if game.to_move() == Some(Player::P0) {
                1
            } else {
                -1
            };
            assert_eq!(found.value, sign * exact.value, "{game}");
            assert!(exact.best.contains(&found.best), "{game}");
        }
    }
}

/// What a kept table is for: along a game of Kalah(6,4), each position
/// searched within the same node budget goes deeper with the table the
/// last positions' searches left than from a fresh table (a node budget,
/// not time: the same every run).
#[test]
fn a_kept_table_searches_deeper_in_the_same_budget() {
    use mancala_engine::Limits;

    for empty in [false, true] {
        let mut game = kalah(6, 4, empty);
        let limits = Limits::nodes(40_000);
        let mut kept = KalahSolver::new(&game, 1 << 20, 0).unwrap();
        let (mut deeper, mut shallower, mut plies) = (0, 0, 0);
        while game.to_move().is_some() && plies < 30 {
            let found = kept.search_within(&game, &limits, |_| {}).unwrap();
            let fresh = KalahSolver::new(&game, 1 << 20, 0)
                .unwrap()
                .search_within(&game, &limits, |_| {})
                .unwrap();
            if found.depth > fresh.depth {
                deeper += 1;
            } else if found.depth < fresh.depth {
                shallower += 1;
            }
            game.play(found.best).unwrap();
            plies += 1;
        }
        assert!(
            deeper > 3 * shallower && deeper >= plies / 2,
            "{deeper} deeper and {shallower} shallower of {plies}"
        );
    }
}
