//! The exact solver against a plain minimax written here: no table, no
//! ordering, no bounds, every move to the end of the game.

use mancala_core::{Game, Layout, Mancala, Move, Player, Rules};
use mancala_engine::solve::{
    SolveError, Solver, mancala_banked, mancala_split, margin, plain_split, solvable,
};

/// Kalah with `houses` houses a side and `seeds` seeds a house; with
/// `empty` the lone seed is captured even from an empty file.
fn kalah(houses: u8, seeds: u16, empty: bool) -> Mancala {
    let mut rules = Rules::kalah();
    rules.layout = Layout::two_rows(houses);
    rules.seeds = seeds;
    rules.capture = mancala_core::rules::Capture::Opposite {
        require_opposite: !empty,
        zone: mancala_core::rules::Zone::Own,
        take_lone: true,
    };
    Mancala::new(rules).unwrap()
}

use mancala_testing::minimax_margin as minimax;

/// Each legal move of the player to move with its minimax value.
fn move_values(game: &Mancala) -> Vec<(Move, i64)> {
    game.legal_moves()
        .iter()
        .map(|&mv| {
            let mut child = game.clone();
            child.play(mv).unwrap();
            (mv, minimax(&child))
        })
        .collect()
}

#[test]
fn small_kalah_boards_match_plain_minimax() {
    for houses in 1..=3 {
        for seeds in 1..=3 {
            if houses == 3 && seeds == 3 {
                continue; // below, once, with the moves
            }
            for empty in [false, true] {
                let game = kalah(houses, seeds, empty);
                let expected = minimax(&game);
                let mut solver = Solver::new(1 << 20).with_split(mancala_split, mancala_banked);
                let solution = solver.solve(&game).unwrap();
                assert_eq!(
                    solution.value, expected,
                    "Kalah({houses},{seeds}), empty capture {empty}"
                );
                // The plain key (stores hashed, no bounds) agrees.
                let mut plain = Solver::new(1 << 20);
                assert_eq!(plain.solve(&game).unwrap().value, expected);
            }
        }
    }
}

#[test]
fn the_best_moves_are_exactly_those_that_keep_the_value() {
    for empty in [false, true] {
        let game = kalah(3, 3, empty);
        let values = move_values(&game);
        let value = values.iter().map(|&(_, v)| v).max().unwrap();
        let mut solver = Solver::new(4 << 20).with_split(mancala_split, mancala_banked);
        let solution = solver.solve(&game).unwrap();
        assert_eq!(solution.value, value);
        let best: Vec<Move> = values
            .iter()
            .filter(|&&(_, v)| v == value)
            .map(|&(m, _)| m)
            .collect();
        assert_eq!(solution.best, best, "empty capture {empty}: {values:?}");
    }
}

#[test]
fn positions_with_the_second_player_to_move_solve_too() {
    // After each first move of Kalah(3,2), whoever is to move: the
    // mirrored keys must give the same values as minimax.
    let start = kalah(3, 2, true);
    for &mv in start.legal_moves().iter() {
        let mut game = start.clone();
        game.play(mv).unwrap();
        let mut solver = Solver::new(1 << 20).with_split(mancala_split, mancala_banked);
        assert_eq!(
            solver.solve(&game).unwrap().value,
            minimax(&game),
            "after {mv}"
        );
    }
}

#[test]
fn a_finished_game_is_its_margin() {
    let mut game = kalah(1, 1, false);
    while let Some(&mv) = game.legal_moves().first() {
        game.play(mv).unwrap();
    }
    let mut solver = Solver::new(1 << 16).with_split(mancala_split, mancala_banked);
    let solution = solver.solve(&game).unwrap();
    assert_eq!(solution.value, margin(&game));
    assert!(solution.best.is_empty());
}

#[test]
fn games_without_a_value_here_are_named_or_refused() {
    assert!(solvable(&Rules::kalah()));
    assert!(!solvable(&Rules::oware()), "majority and repetition");
    let numa = numa::Numa::default();
    let mut solver = Solver::new(1 << 16).with_split(plain_split, |_| 0);
    assert_eq!(solver.solve(&numa), Err(SolveError::Simultaneous));
}

#[test]
fn a_tiny_table_still_gives_the_exact_value() {
    // Two buckets: nearly every entry is overwritten; only speed suffers.
    let game = kalah(3, 2, true);
    let mut solver = Solver::new(64).with_split(mancala_split, mancala_banked);
    assert_eq!(solver.solve(&game).unwrap().value, minimax(&game));
}

#[test]
fn progress_is_reported_after_each_search() {
    use std::sync::{Arc, Mutex};
    let lines = Arc::new(Mutex::new(Vec::new()));
    let seen = Arc::clone(&lines);
    let game = kalah(3, 2, false);
    let mut solver = Solver::new(1 << 20)
        .with_split(mancala_split, mancala_banked)
        .with_progress(move |p| seen.lock().unwrap().push(*p));
    let solution = solver.solve(&game).unwrap();
    let lines = lines.lock().unwrap();
    let last = lines.last().expect("at least one search");
    assert_eq!((last.low, last.high), (solution.value, solution.value));
    assert!(lines.windows(2).all(|w| w[0].nodes <= w[1].nodes));
    assert!(last.to_string().contains("to the end"), "{last}");
    assert!(last.proved() && last.to_the_end());
    assert!(!lines[0].to_the_end(), "iterative deepening comes first");
}

#[test]
fn the_split_of_a_position_banks_its_stores() {
    let mut game = kalah(6, 4, false);
    // South's hole 2 ends in his store: one seed banked, another turn.
    game.play(Move::Sow(mancala_core::Pit::new(2).unwrap()))
        .unwrap();
    let split = mancala_split(&game);
    assert_eq!(split.banked, 1);
    assert_eq!(split.swing, 47);
    assert_eq!(mancala_banked(&game), 1);
    assert!(!split.mirrored, "South is still to move");
    assert_eq!(game.to_move(), Some(Player::P0));
}

/// Runs the `solve` program's code on `args`; its output or its error.
fn run(args: &[&str]) -> Result<String, String> {
    let mut out = Vec::new();
    mancala_cli::solve::cli(args.iter().map(|s| s.to_string()), &mut out)?;
    Ok(String::from_utf8(out).unwrap())
}

/// The options of Kalah(3,2) with the empty-capture rule, quiet.
const KALAH_3_2_EMPTY: [&str; 7] = [
    "--option",
    "houses=3",
    "--option",
    "seeds=2",
    "--option",
    "empty_capture=true",
    "--quiet",
];

#[test]
fn the_program_ends_with_the_value_line() {
    let mut args = vec!["kalah"];
    args.extend(KALAH_3_2_EMPTY);
    let out = run(&args).unwrap();
    let expected = minimax(&kalah(3, 2, true));
    assert_eq!(
        out.lines().last(),
        Some(format!("value {expected}").as_str()),
        "{out}"
    );
    assert!(out.starts_with("best first moves: "), "{out}");
    // The generic solver (not Kalah's own) says the same, moves too.
    args.push("--generic");
    let generic = run(&args).unwrap();
    assert_eq!(generic.lines().next(), out.lines().next());
    assert_eq!(generic.lines().last(), out.lines().last());
}

#[test]
fn the_program_refuses_what_it_cannot_solve() {
    let refused = |args: &[&str], says: &str| {
        let e = run(args).unwrap_err();
        assert!(e.contains(says), "{args:?}: {e}");
    };
    refused(&["oware"], "repetition");
    refused(&["numa"], "cannot solve");
    refused(&[], "required arguments were not provided:\n  <GAME>");
    refused(&["kalah", "kalah"], "unexpected argument 'kalah'");
    refused(&["kalah", "--tt-mb", "0"], "--tt-mb");
    refused(&["kalah", "--tt-mb"], "--tt-mb");
    refused(&["kalah", "--option"], "KEY=VALUE");
    refused(&["kalah", "--option", "houses=x"], "houses");
    refused(&["kalah", "--option", "colour=red"], "colour");
    refused(
        &["kalah", "--frobnicate"],
        "unexpected argument '--frobnicate'",
    );
    refused(&["kalah", "--endgame-mb", "x"], "--endgame-mb");
    refused(
        &["kalah", "--option", "repetition=true"],
        "not solved exactly",
    );
    // Every catalogue game is read by name (and its options checked); none
    // is solvable as it stands but FairKalah, which is Kalah(6,4) (stores,
    // Kalah's capture, no relays, the score decides) from another start:
    // its solve is Kalah's, far too long for a test.
    let mut solvable = Vec::new();
    for game in mancala_core::Traditional::ALL {
        refused(&[game.name(), "--option", "colour=red"], "colour");
        if mancala_engine::solve::solvable(&game.rules()) {
            solvable.push(game.name());
        } else {
            refused(&[game.name()], "not solved exactly");
        }
    }
    assert_eq!(solvable, ["fairkalah"]);
}

#[test]
fn the_endgame_table_agrees_with_minimax() {
    use mancala_engine::endgame::Endgame;
    for empty in [false, true] {
        let start = kalah(3, 2, empty);
        // 12 seeds in all: a table of up to 12 holds every position.
        let mut table = Endgame::new(&start, 12).unwrap();
        assert_eq!(table.value(&start), Some(minimax(&start)));
        let mut openings = mancala_engine::agents::Openings::new(5, 3);
        for _ in 0..20 {
            let Some(game) = openings.next(&start) else {
                break;
            };
            assert_eq!(table.value(&game), Some(minimax(&game)), "{game}");
        }
        assert!(table.computed() > 0);
        // Too many seeds on the board for a table of 4: no answer.
        let mut small = Endgame::new(&start, 4).unwrap();
        assert_eq!(small.value(&start), None);
        // The solver with a table of 6 seeds gives the same value.
        let mut solver = Solver::new(1 << 20)
            .with_split(mancala_split, mancala_banked)
            .with_endgame(move |g: &Mancala| small.value(g));
        assert_eq!(solver.solve(&start).unwrap().value, minimax(&start));
    }
    assert!(
        Endgame::new(&mancala_core::oware(), 10).is_none(),
        "not solvable"
    );
    assert_eq!(
        Endgame::largest(&kalah(6, 4, false), 30 << 20).map(|t| t.max_seeds()),
        Some(16),
        "C(28, 12) = 30,421,755 bytes fit 30 MiB; C(29, 12) do not"
    );
}

/// `--position` solves the position given; `--along` follows the first
/// best move to the end, each position solved to the start's value (as
/// minimax has it at every ply: perfect play keeps the value); an opened
/// tablebase (`--open`) answers as one read whole.
#[test]
fn the_program_solves_a_position_and_the_line_that_follows() {
    use mancala_engine::tablebase::{Kind, Tablebase};
    let mut game = kalah(3, 2, true);
    // Two moves in: South's house 1 (its two seeds end in his store:
    // another turn), then his house 0.
    game.play(Move::Sow(mancala_core::Pit::new(1).unwrap()))
        .unwrap();
    game.play(Move::Sow(mancala_core::Pit::new(0).unwrap()))
        .unwrap();
    let text = game.to_string();
    let with = |more: &[&str]| {
        let mut args = vec!["kalah"];
        args.extend(KALAH_3_2_EMPTY);
        args.extend(["--position", text.as_str()]);
        args.extend(more);
        run(&args)
    };
    let expected = minimax(&game);
    let out = with(&["--along"]).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[2], format!("value {expected}"), "{out}");
    let plies: Vec<&&str> = lines.iter().filter(|l| l.starts_with("ply ")).collect();
    assert!(!plies.is_empty(), "{out}");
    for line in &plies {
        assert!(
            line.contains(&format!(": value {expected}, best ")),
            "{line}"
        );
    }
    let last = lines.last().unwrap();
    assert!(
        last.starts_with(&format!("{} plies to the end", plies.len() + 1)),
        "{out}"
    );

    // `--moves`: each legal move with plain minimax's value of the
    // position it leads to, in the order of the legal moves.
    let out = with(&["--moves"]).unwrap();
    let moves: Vec<&str> = out.lines().filter(|l| l.starts_with("move ")).collect();
    let values = move_values(&game);
    assert_eq!(moves.len(), values.len(), "{out}");
    for (line, (mv, value)) in moves.iter().zip(&values) {
        assert!(
            line.starts_with(&format!("move {mv}: value {value}, ")),
            "{line} (minimax: {value})"
        );
    }

    // The same from a table of every position, opened and read.
    let dir = std::env::temp_dir().join(format!("mancala-solve-open-{}", std::process::id()));
    let kind = Kind {
        houses: 3,
        empty_capture: true,
    };
    Tablebase::build(kind, 12, 1, 1 << 20, |_| {})
        .unwrap()
        .save(&dir)
        .unwrap();
    let folder = dir.to_str().unwrap();
    let opened = with(&["--tablebase", folder, "--open"]);
    let read = with(&["--tablebase", folder]);
    std::fs::remove_dir_all(&dir).unwrap();
    for answer in [opened.unwrap(), read.unwrap()] {
        assert_eq!(
            answer.lines().last(),
            Some(format!("value {expected}").as_str())
        );
    }

    // Bad positions and flags are refused.
    let e = run(&[
        "kalah",
        "--position",
        "3,3/3,3 0,0 0 rules=kalah",
        "--quiet",
    ])
    .unwrap_err();
    assert!(e.contains("--position"), "{e}");
    let e = run(&["kalah", "--open"]).unwrap_err();
    assert!(e.contains("--tablebase"), "{e}");
}
