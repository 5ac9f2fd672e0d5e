//! The `play` program itself, spawned with scripted games on stdin: its
//! output, its stderr and its exit status.
//!
//! Cargo builds a package's binaries before its integration tests and
//! names them in `CARGO_BIN_EXE_<name>`: this is `mancala play`.
//!
//! Each game's script is a whole game played with the library in the test
//! (seeded random moves, or the computer's own search for its seat), written
//! as a human would type it; the program must reach the same end.

use std::io::Write;
use std::process::{Command, Output, Stdio};

use mancala_core::{Game, Outcome, Player, Status};
use mancala_engine::Rng;
use mancala_engine::agents::{AlphaBeta, SequentialAgent};

/// Runs `play` with `args`, `stdin` as its input.
fn spawn(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_mancala"))
        .arg("play")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the play binary starts");
    let mut input = child.stdin.take().expect("stdin");
    // The program may stop reading early (a usage error): a broken pipe is
    // its business, not the test's.
    let _ = input.write_all(stdin.as_bytes());
    drop(input);
    child.wait_with_output().expect("the play binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("utf-8 output")
}

/// The most moves `play` plays before stopping a game.
const MAX_PLIES: usize = mancala_cli::play::MAX_PLIES;

/// A whole game of `game` by seeded random moves, as typed: one line a
/// human action (`write` turns an action into text), and the final state.
fn random_script<G: Game>(
    mut game: G,
    seed: u64,
    write: impl Fn(Player, &G::Action) -> String,
) -> (String, G) {
    let mut rng = Rng::new(seed);
    let mut script = String::new();
    for _ in 0..MAX_PLIES {
        let acting: Vec<Player> = match game.status() {
            Status::Over(_) => break,
            Status::ToMove(p) => vec![p],
            Status::Simultaneous(set) => set.iter().collect(),
        };
        let choices: Vec<(Player, G::Action)> = acting
            .iter()
            .map(|&p| {
                let legal = game.legal_actions(p);
                (p, legal[rng.below(legal.len())])
            })
            .collect();
        for (p, a) in &choices {
            script.push_str(&write(*p, a));
            script.push('\n');
        }
        let mv = game.joint_move(&choices).expect("the acting players' move");
        game.play(mv).expect("a legal move");
    }
    (script, game)
}

/// Checks the end of a game the program played: status 0, nothing on
/// stderr, why it ended, and the result naming the winner (or a draw) with
/// every final score.
fn assert_ends_like<G: Game>(output: &Output, game: &G, names: &[&str], what: &str) {
    let out = text(&output.stdout);
    assert!(output.status.success(), "{what}: {:?}", output.status);
    assert!(output.stderr.is_empty(), "{what}: {}", text(&output.stderr));
    let tail: String = out.lines().rev().take(40).collect::<Vec<_>>().join("\n");
    let Some(outcome) = game.outcome() else {
        assert!(out.contains("\nStopped after "), "{what}: {tail}");
        return;
    };
    assert!(out.contains("\nGame over: "), "{what}: {tail}");
    let result = out
        .lines()
        .find(|l| l.starts_with("Result: "))
        .unwrap_or_else(|| panic!("{what}: no result in\n{tail}"));
    match outcome {
        Outcome::Winner(p) => {
            let winner = format!("Result: {} wins", names[p.index()]);
            assert!(result.starts_with(&winner), "{what}: {result}");
        }
        Outcome::Draw => assert!(result.starts_with("Result: a draw"), "{what}: {result}"),
    }
    for (_, score) in game.scores().iter() {
        assert!(result.contains(&score.to_string()), "{what}: {result}");
    }
}

/// Hole numbers as typed, in a few of the forms the program reads.
fn hole(n: usize) -> impl Fn(Player, &mancala_core::Pit) -> String {
    move |_, pit| match pit.index() % n {
        0 => format!("hole {pit}"),
        1 => format!(" {pit} "),
        _ => pit.to_string(),
    }
}

#[test]
fn scripted_games_of_oware_and_kalah() {
    for (name, game) in [
        ("oware", mancala_core::oware()),
        ("kalah", mancala_core::kalah()),
    ] {
        let (script, end) = random_script(game, 11, |_, mv| mv.to_string());
        // A bad line and a help first: asked again, nothing played.
        let output = spawn(&[name, "--humans"], &format!("nonsense\nhelp\n{script}"));
        assert_ends_like(&output, &end, &["South", "North"], name);
        let out = text(&output.stdout);
        assert!(
            out.contains("Error: `nonsense` is not a hole number."),
            "{out}"
        );
    }
}

#[test]
fn scripted_games_of_numercy_and_robertson() {
    let (script, end) = random_script(numercy::Numercy::default(), 5, hole(3));
    let output = spawn(&["numercy", "--humans"], &script);
    assert_ends_like(&output, &end, &["South", "North"], "numercy");

    let two = robertson::Robertson::default();
    let (script, end) = random_script(two, 6, hole(3));
    let output = spawn(&["robertson", "--humans"], &script);
    assert_ends_like(&output, &end, &["South", "North"], "robertson");

    let seats = ["player 0", "player 1", "player 2"];
    for (layout, options) in [
        ("triangle", robertson::Options::triangle()),
        (
            "hexagon",
            robertson::Options::hexagon(2).expect("two players"),
        ),
    ] {
        let game = robertson::Robertson::new(options).expect("valid");
        let (script, end) = random_script(game, 7, hole(3));
        let output = spawn(&["robertson", "--layout", layout, "--humans"], &script);
        assert_ends_like(&output, &end, &seats, layout);
    }
}

#[test]
fn scripted_games_of_mankka() {
    // Placements typed with spaces, sowing moves as numbers.
    let write = |_: Player, mv: &mankka::Move| match mv {
        mankka::Move::Place(p) => p
            .counts
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" "),
        other => other.to_string(),
    };
    let (script, end) = random_script(mankka::Mankka::default(), 8, write);
    let output = spawn(&["mankka", "--humans"], &script);
    assert_ends_like(&output, &end, &["South", "North"], "mankka two");
    let one = mankka::Mankka::new(mankka::Options::one()).expect("valid");
    let (script, end) = random_script(one, 9, write);
    let output = spawn(&["mankka", "--variant", "one", "--humans"], &script);
    assert_ends_like(&output, &end, &["South", "North"], "mankka one");
}

#[test]
fn a_scripted_game_of_numa() {
    // Choices typed short and in any case: `P-R + s-b`.
    let short = |_: Player, c: &numa::Choice| {
        let [a, b] = c.instructions();
        let ins =
            |i: numa::Instruction| format!("{}-{}", &i.shape.name()[..1], &i.colour.name()[..1]);
        format!("{} + {}", ins(a).to_uppercase(), ins(b))
    };
    let (script, end) = random_script(numa::Numa::default(), 10, short);
    let output = spawn(&["numa", "--humans"], &script);
    assert_ends_like(&output, &end, &["Arabic", "Roman"], "numa");
    let out = text(&output.stdout);
    assert!(out.contains("has reached the target of 30") || out.contains("passed the target"));
}

/// Against the computer, moving second: the script answers the search the
/// program runs (the same agent, the same node budget), and the program
/// reaches the same end.
#[test]
fn a_scripted_game_against_the_computer() {
    let mut game = mancala_core::oware();
    let mut search = AlphaBeta::new(50);
    let mut rng = Rng::new(12);
    let mut script = String::new();
    while let Status::ToMove(p) = game.status() {
        let mv = if p == Player::P0 {
            search.choose(&game).expect("a move")
        } else {
            let legal = game.legal_actions(p);
            let mv = legal[rng.below(legal.len())];
            script.push_str(&format!("{mv}\n"));
            mv
        };
        game.play(mv).expect("legal");
    }
    let output = spawn(&["oware", "--seat", "1", "--nodes", "50"], &script);
    assert_ends_like(
        &output,
        &game,
        &["South (computer)", "North (you)"],
        "oware against the computer",
    );
}

/// A bad `--option`, like clap's own errors: the message on stderr, nothing
/// on stdout, status 2. So is a seat the game does not have; `--help` is
/// play's own help.
#[test]
fn usage_errors_exit_with_status_2() {
    let output = spawn(&["oware", "--option", "bogus=1"], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty(), "{}", text(&output.stdout));
    let err = text(&output.stderr);
    assert!(
        err.starts_with("error: invalid --option: unknown option `bogus`"),
        "{err}"
    );
    assert!(err.contains("Usage: mancala play"), "{err}");

    let output = spawn(&["numa", "--option", "target=lots"], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(text(&output.stderr).starts_with("error: invalid --option"));

    let output = spawn(&["kalah", "--seat", "2"], "");
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    assert!(
        text(&output.stderr).contains("--seat 2: this game's seats are 0 (South) and 1 (North)")
    );

    // clap's own: a conflict, a bad number.
    for args in [
        &["--auto", "--seat", "1"][..],
        &["--nodes", "0"],
        &["chess"],
    ] {
        let output = spawn(args, "");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(output.stdout.is_empty(), "{args:?}");
        assert!(text(&output.stderr).starts_with("error: "), "{args:?}");
    }

    let output = spawn(&["--help"], "");
    assert!(output.status.success());
    let help = text(&output.stdout);
    assert!(
        help.contains("Usage: mancala play [OPTIONS] [GAME]"),
        "{help}"
    );
    assert!(
        help.contains("french-wari"),
        "every game of the registry: {help}"
    );
    assert!(help.contains("--seat <N>"), "{help}");
}
