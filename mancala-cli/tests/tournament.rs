//! The tournament program's round robin, run as the program runs it
//! (arguments through clap, `run`, then `render`) on tiny matches.

use clap::Parser;
use mancala_cli::ratings;
use mancala_cli::tournament::{Standings, TournamentArgs, TournamentError, render, run};

fn args(line: &str) -> TournamentArgs {
    TournamentArgs::try_parse_from(std::iter::once("tournament").chain(line.split_whitespace()))
        .unwrap_or_else(|e| panic!("`{line}`: {e}"))
}

/// Runs `line`, returning the standings, the printed tables and the
/// progress lines.
fn play(line: &str) -> (Standings, String, String) {
    let args = args(line);
    let mut progress = Vec::new();
    let standings = run(&args, &mut progress).unwrap_or_else(|e| panic!("`{line}`: {e}"));
    let text = render(&args, &standings);
    (standings, text, String::from_utf8(progress).expect("utf-8"))
}

/// Every pairing played `games` games, half of them from each seat, and the
/// two sides' points of every pairing add up to its games.
fn assert_consistent(s: &Standings, games: u32) {
    let n = s.labels.len();
    assert_eq!(s.table.agents(), n);
    assert_eq!(s.openings * 2, games);
    for i in 0..n {
        for j in 0..n {
            let record = s.table.record(i, j).expect("in the table");
            if i == j {
                assert_eq!(record.games(), 0);
                assert_eq!(s.first_seat[i][j], 0);
                continue;
            }
            assert_eq!(
                record.games(),
                games,
                "{} against {}",
                s.labels[i],
                s.labels[j]
            );
            let other = s.table.record(j, i).expect("in the table");
            assert_eq!(other, record.reversed());
            // Points in halves: the pair's add up to two a game.
            assert_eq!(record.half_points() + other.half_points(), 2 * games);
            // Seats balanced: each opening once from each seat.
            assert_eq!(s.first_seat[i][j], games / 2);
        }
        let total = s.table.total(i);
        assert_eq!(total.games(), games * (n as u32 - 1));
    }
    let pairings = (n * (n - 1) / 2) as u32;
    assert_eq!(s.table.games(), pairings * games);
}

#[test]
fn a_tiny_round_robin_is_consistent_and_printed_whole() {
    let (s, text, progress) = play("kalah random greedy mcts --games 4 --iterations 20 --seed 3");
    assert_eq!(s.labels, ["random", "greedy", "mcts"]);
    assert_consistent(&s, 4);
    // One progress line a pairing.
    assert_eq!(progress.lines().count(), 3, "{progress}");
    assert!(progress.contains("kalah: random "), "{progress}");
    // The header, the crosstable's cells, the ranking's rows.
    assert!(
        text.starts_with("kalah: round robin of 3 agents, 4 games a pairing, 12 in all (seed 3)"),
        "{text}"
    );
    assert!(text.contains("2 random openings of 2 moves"), "{text}");
    assert!(
        text.contains("UCT with random playouts, 20 a move"),
        "{text}"
    );
    for i in 0..3 {
        for j in 0..3 {
            if i != j {
                let cell = s.table.record(i, j).unwrap().points_text();
                assert!(cell.ends_with("/4"));
                assert!(text.contains(&cell), "{cell} in {text}");
            }
        }
    }
    let ranking = text.split("ranking:").nth(1).expect("a ranking");
    for label in &s.labels {
        assert!(ranking.contains(label.as_str()), "{label} in {ranking}");
    }
    assert!(ranking.contains("ratings average 0"), "{ranking}");
    // The ratings of the printed table average 0.
    let fitted = ratings::fit(&s.table).expect("a round robin links everyone");
    let sum: f64 = (0..3).map(|a| fitted.elo(a).unwrap()).sum();
    assert!(sum.abs() < 1e-6);
    // Every final score counted: a Kalah game's scores add up to 48 at the
    // end, unless stopped (never here).
    assert_eq!(s.unfinished, 0);
    assert_eq!(s.final_scores.iter().sum::<u64>(), 48 * 12);
}

#[test]
fn search_and_mcts_budgets_and_every_sequential_game() {
    for game in ["oware", "kalah", "numercy", "robertson", "mankka"] {
        let (s, text, _) = play(&format!(
            "{game} random search:30 mcts:10 --games 2 --seed 5"
        ));
        assert_consistent(&s, 2);
        assert!(text.contains("alpha-beta, 30 positions a move"), "{text}");
    }
}

#[test]
fn the_same_arguments_play_the_same_tournament() {
    let line = "oware random mcts greedy --games 2 --iterations 10 --seed 9";
    let (a, text_a, _) = play(line);
    let (b, text_b, _) = play(line);
    assert_eq!(a, b);
    assert_eq!(text_a, text_b);
}

#[test]
fn two_agents_get_the_closed_form_too() {
    let (s, text, _) = play("kalah greedy random --games 6");
    assert_consistent(&s, 6);
    let record = s.table.record(0, 1).unwrap();
    let gap = ratings::two_agent(record).unwrap();
    let fitted = ratings::fit(&s.table).unwrap().difference(0, 1).unwrap();
    assert!((gap.elo - fitted.elo).abs() < 1e-6);
    assert!(
        text.contains(&format!("greedy - random: {gap} Elo")),
        "{text}"
    );
}

#[test]
fn duplicate_agents_are_numbered_and_can_anchor() {
    let (s, text, _) = play("kalah greedy random greedy --games 2 --anchor greedy#2");
    assert_eq!(s.labels, ["greedy", "random", "greedy#2"]);
    assert_consistent(&s, 2);
    assert!(text.contains("greedy#2 rated 0"), "{text}");
    // The same deterministic agent from both seats of every opening: an
    // even pairing.
    let twin = s.table.record(0, 2).unwrap();
    assert_eq!(twin, twin.reversed(), "{twin:?}");
}

#[test]
fn numa_plays_its_own_agents_and_refuses_mcts_before_any_game() {
    let (s, text, _) = play("numa random greedy search:6000 --games 2");
    assert_consistent(&s, 2);
    // Numa's computer player is regret matching over each turn's matrix
    // game, the same for every face; a node budget does not apply to it.
    assert!(
        text.contains("regret matching over the turn's matrix game, 200 rounds a turn"),
        "{text}"
    );
    assert!(text.contains("random openings of 2 turns"), "{text}");

    let mut progress = Vec::new();
    let refused = run(&args("numa random mcts --games 2"), &mut progress);
    match refused {
        Err(TournamentError::Usage(m)) => {
            assert!(m.contains("Numa's turns are simultaneous"), "{m}")
        }
        other => panic!("{other:?}"),
    }
    assert!(progress.is_empty(), "no game was played");
}

#[test]
fn bad_arguments_are_refused_without_a_panic() {
    for line in [
        "",
        "kalah",
        "kalah random --games 2",
        "kalah random greedy",
        "kalah random greedy --games 3",
        "kalah random greedy --games 0",
        "kalah random greedy --games -2",
        "kalah random minimax --games 2",
        "kalah random:3 greedy --games 2",
        "kalah random mcts:0 --games 2",
        "kalah random mcts:x --games 2",
        "kalah random search --games 2 --nodes 0",
        "kalah random mcts --games 2 --iterations 0",
        "chess random greedy --games 2",
        "kalah random greedy --games 2 --opening 1001",
        "kalah random greedy --games 2 --opening -1",
    ] {
        let parsed = TournamentArgs::try_parse_from(
            std::iter::once("tournament").chain(line.split_whitespace()),
        );
        assert!(parsed.is_err(), "`{line}` parsed");
    }
    // Openings longer than any Kalah game: refused after trying, with the
    // reason.
    let mut progress = Vec::new();
    let long = run(
        &args("kalah random greedy --games 2 --opening 1000"),
        &mut progress,
    );
    assert!(
        matches!(
            &long,
            Err(TournamentError::NoOpening {
                found: 0,
                wanted: 1,
                plies: 1000
            })
        ),
        "{long:?}"
    );
    assert!(long.unwrap_err().to_string().contains("ends the game"));
    let unknown = run(
        &args("kalah random greedy --games 2 --anchor search"),
        &mut progress,
    );
    assert!(
        matches!(&unknown, Err(TournamentError::Usage(m)) if m.contains("random, greedy")),
        "{unknown:?}"
    );
    assert!(progress.is_empty());
}
