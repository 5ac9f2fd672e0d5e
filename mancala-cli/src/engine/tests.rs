use std::fmt::Display;
use std::time::Duration;

use mancala_core::{Budget, Game, Mancala, Player, Rules, Status};
use mancala_engine::NUMA_ROUNDS;
use mancala_engine::Rng;
use mancala_engine::agents::{AlphaBeta, NumaAgent, RegretMatching, SequentialAgent};
use mankka::Mankka;
use numa::Numa;
use numercy::Numercy;
use robertson::Robertson;

use super::*;
use crate::conformance::drivers::{TraceGame, build};

/// The answer lines to `input`, run through [`run`].
fn answers(input: &str) -> Vec<String> {
    let mut output = Vec::new();
    run(input.as_bytes(), &mut output).expect("in-memory input and output");
    String::from_utf8(output)
        .expect("utf-8 answers")
        .lines()
        .map(str::to_string)
        .collect()
}

/// The moves of a `legal` line (`legal M1 M2 ...`).
fn legal_words(line: &str) -> Vec<String> {
    let words: Vec<&str> = line.split(' ').collect();
    assert_eq!(words[0], "legal", "{line}");
    words[1..].iter().map(ToString::to_string).collect()
}

#[test]
fn every_game_starts_at_the_runner_start() {
    fn start<G: TraceGame + Display>(base: G::Options) -> String {
        let game = build::<G>(base, &serde_json::Map::new(), None, Budget::DEFAULT)
            .expect("the default game");
        format!("position {game}")
    }
    let starts = [
        ("oware", start::<Mancala>(Rules::oware())),
        ("kalah", start::<Mancala>(Rules::kalah())),
        ("numercy", start::<Numercy>(Default::default())),
        ("robertson", start::<Robertson>(Default::default())),
        ("mankka", start::<Mankka>(Default::default())),
        ("numa", start::<Numa>(Default::default())),
    ];
    for (name, _) in &starts {
        assert!(mancala_engine::find_game(name).is_some(), "{name}");
    }
    for (name, position) in starts {
        let status = if name == "numa" {
            "status to_move P0 P1"
        } else {
            "status to_move P0"
        };
        assert_eq!(
            answers(&format!("new {name}\nshow\n")),
            ["ok", position.as_str(), status],
            "{name}"
        );
    }
}

#[test]
fn new_takes_the_runner_options() {
    let kalah = "new kalah houses=4 seeds=3 empty_capture=true\nshow\n";
    let lines = answers(kalah);
    assert_eq!(lines[0], "ok");
    assert_eq!(
        lines[1],
        "position 3,3,3,3/3,3,3,3 0,0 0 rules=kalah houses=4 seeds=3 empty_capture=true"
    );
    let triangle = answers("new robertson layout=triangle\nshow\nlegal\n");
    assert_eq!(triangle[0], "ok");
    assert!(triangle[1].ends_with(" layout=triangle"), "{}", triangle[1]);
    assert_eq!(triangle[3], "legal 0 1 2 3 4 5");
    // A list in one word, as the position writes it.
    let drill = answers("new numercy holes=3 operators=x,x,x\nshow\n");
    assert_eq!(
        drill,
        [
            "ok",
            "position 7,7,7/7,7,7 0,0 0 holes=3 operators=x,x,x",
            "status to_move P0"
        ]
    );
}

#[test]
fn position_reads_back_what_show_writes() {
    let mut game = mancala_core::kalah();
    let mut rng = Rng::new(5);
    for _ in 0..9 {
        let legal = game.legal_moves();
        game.play(legal[rng.below(legal.len())]).expect("legal");
    }
    let lines = answers(&format!("new kalah\nposition {game}\nshow\n"));
    assert_eq!(lines[..2], ["ok", "ok"]);
    assert_eq!(lines[2], format!("position {game}"));
    // Mankka after both placements, Numa after a turn.
    let lines = answers("new mankka\nplay 1+1+1+1+1+1 6+0+0+0+0+0\nshow\n");
    let shown = lines[2].strip_prefix("position ").expect("a position line");
    let again = answers(&format!("new mankka\nposition {shown}\nshow\nlegal\n"));
    assert_eq!(again[2], lines[2]);
    assert_eq!(again[3], "status to_move P0");
    assert_eq!(again[4], "legal 0 1 2 3 4 5");
    let numa = answers("new numa\nplay p-r+s-b/s-y+c-g\nshow\n");
    let shown = numa[2].strip_prefix("position ").expect("a position line");
    let again = answers(&format!("new numa\nposition {shown}\nshow\n"));
    assert_eq!(again[2], numa[2]);
}

#[test]
fn position_under_other_rules_is_refused() {
    let lines = answers(
        "new kalah\nposition 4,4,4,4,4,4/4,4,4,4,4,4 0,0 0\n\
         position 4,4,4,4,4,4/4,4,4,4,4,4 0,0 0 rules=kalah\nshow\n",
    );
    assert_eq!(
        lines[1],
        "error the position's rules are not the game's (the defaults against \
         `rules=kalah`): start a game with those rules with `new`"
    );
    assert_eq!(lines[2], "ok");
    assert_eq!(
        lines[3],
        "position 4,4,4,4,4,4/4,4,4,4,4,4 0,0 0 rules=kalah"
    );
}

#[test]
fn legal_lists_the_library_moves_and_play_takes_each() {
    let mut game = mancala_core::oware();
    let mut session = String::from("new oware\n");
    let mut rng = Rng::new(9);
    let mut expected = vec!["ok".to_string()];
    let mut played = 0;
    while let Status::ToMove(_) = game.status() {
        let legal = game.legal_moves();
        let words: Vec<String> = legal.iter().map(ToString::to_string).collect();
        session.push_str("legal\n");
        expected.push(format!("legal {}", words.join(" ")));
        let mv = legal[rng.below(legal.len())];
        session.push_str(&format!("play {mv}\n"));
        expected.push("ok".into());
        game.play(mv).expect("legal");
        played += 1;
    }
    session.push_str("legal\nshow\n");
    expected.push("legal".into());
    expected.push(format!("position {game}"));
    let status = match game.outcome() {
        Some(mancala_core::Outcome::Winner(p)) => format!("status winner P{}", p.index()),
        _ => "status draw".into(),
    };
    expected.push(status);
    assert!(played > 10);
    assert_eq!(answers(&session), expected);
}

#[test]
fn play_is_all_or_nothing() {
    let moves = |holes: &[usize]| {
        let mut game = mancala_core::oware();
        for &h in holes {
            let pit = mancala_core::Pit::new(h).expect("a hole");
            game.play(mancala_core::Move::Sow(pit)).expect("legal");
        }
        format!("position {game}")
    };
    // South 0, North 7, South 1 are fine; `x` is no move: none is played.
    let lines = answers("new oware\nplay 0 7 1 x\nshow\nplay 0 7 1\nshow\n");
    assert_eq!(
        lines[1],
        "error move `x` (4 of 4) refused, nothing played: `x` is not a hole number"
    );
    assert_eq!(lines[2], moves(&[]));
    assert_eq!(lines[4], "ok");
    assert_eq!(lines[5], moves(&[0, 7, 1]));
    // After South's 0, hole 1 is still South's: refused for North.
    let lines = answers("new oware\nplay 0 1\nshow\n");
    assert_eq!(
        lines[1],
        "error move `1` (2 of 2) refused, nothing played: hole 1 belongs to player 0, \
         not to player 1"
    );
    assert_eq!(lines[2], moves(&[]));
    // The forms `play` reads: `h3`, `hole` spelled out in one word.
    let lines = answers("new oware\nplay h3 Hole7\nshow\n");
    assert_eq!(lines[1], "ok");
    assert_eq!(lines[2], moves(&[3, 7]));
}

#[test]
fn go_answers_what_alpha_beta_chooses() {
    let game = mancala_core::oware();
    let mut search = AlphaBeta::new(500);
    let best = search.choose(&game).expect("a move");
    let mut expected: Vec<String> = search
        .iterations()
        .iter()
        .map(|i| format!("info depth {} score {} nodes {}", i.depth, i.score, i.nodes))
        .collect();
    assert!(expected.len() >= 2);
    expected.push(format!("bestmove {best}"));
    go_answers("oware", 500, &expected);
}

/// `go nodes NODES` at `game`'s start answers `expected`; so does the
/// same with the limits in another order and a depth that does not bind;
/// a depth that binds stops there.
fn go_answers(game: &str, nodes: u64, expected: &[String]) {
    let lines = answers(&format!("new {game}\ngo nodes {nodes}\n"));
    assert_eq!(lines[1..], expected[..]);
    let lines = answers(&format!("new {game}\ngo depth 60 nodes {nodes}\n"));
    assert_eq!(lines[1..], expected[..]);
    let lines = answers(&format!("new {game}\ngo depth 2\n"));
    assert_eq!(lines.len(), 4);
    assert!(lines[1].starts_with("info depth 1 "));
    assert!(lines[2].starts_with("info depth 2 "));
}

/// Kalah's positions are searched by the Kalah solver's MTD(f), deepened
/// within the limits: `go` answers what it chooses, a line a completed
/// depth, the same way whatever the order of the limits.
#[test]
fn go_in_kalah_answers_what_the_kalah_search_chooses() {
    use mancala_engine::Limits;
    use mancala_engine::kalah_solve::KalahSolver;

    let game = mancala_core::kalah();
    let limits = Limits::nodes(3_000);
    let bytes = KalahSolver::table_bytes_within(&limits);
    let mut solver = KalahSolver::new(&game, bytes, 0).expect("Kalah");
    let mut expected = Vec::new();
    let found = solver
        .search_within(&game, &limits, |r| {
            expected.push(format!(
                "info depth {} score {} nodes {}",
                r.depth, r.value, r.nodes
            ));
        })
        .expect("a move");
    assert!(expected.len() >= 3);
    expected.push(format!("bestmove {}", found.best));
    go_answers("kalah", 3_000, &expected);
}

#[test]
fn go_with_a_time_limit_answers_in_time() {
    let start = std::time::Instant::now();
    let lines = answers("new oware\ngo ms 50\n");
    assert!(start.elapsed() < Duration::from_secs(5));
    let best = lines.last().expect("a bestmove line");
    let mv = best.strip_prefix("bestmove ").expect("bestmove");
    assert!(
        mancala_core::oware()
            .legal_moves()
            .iter()
            .any(|m| m.to_string() == mv)
    );
    assert!(lines[1].starts_with("info depth 1 "), "{lines:?}");
}

#[test]
fn go_without_a_completed_iteration_answers_depth_0() {
    // One legal move: no search at all; the score is the margin now.
    let lines = answers("new oware\nposition 0,0,0,0,0,1/4,4,4,4,4,4 23,0 0\ngo nodes 100\n");
    assert_eq!(lines[2..], ["info depth 0 score 23 nodes 0", "bestmove 5"]);
    // Mankka's 462 placements outlast a budget of 100.
    let lines = answers("new mankka\ngo nodes 100\n");
    assert_eq!(lines[1], "info depth 0 score 0 nodes 100");
    let mv = lines[2].strip_prefix("bestmove ").expect("bestmove");
    let legal = answers("new mankka\nlegal\n");
    assert!(legal_words(&legal[1]).iter().any(|m| m == mv));
}

#[test]
fn a_finished_game_has_no_moves_and_no_search() {
    let lines = answers(
        "new oware\nposition 0,0,0,0,0,0/0,0,0,0,0,0 25,23 1 over\nshow\nlegal\ngo nodes 5\nplay 0\n",
    );
    assert_eq!(
        lines[1..],
        [
            "ok",
            "position 0,0,0,0,0,0/0,0,0,0,0,0 25,23 1 over",
            "status winner P0",
            "legal",
            "error game over",
            "error move `0` (1 of 1) refused, nothing played: the game is over",
        ]
    );
    let draw = answers("new oware\nposition 0,0,0,0,0,0/0,0,0,0,0,0 24,24 0 over\nshow\n");
    assert_eq!(draw[3], "status draw");
}

#[test]
fn numa_turns_are_joint_and_go_answers_each_player() {
    let lines = answers("new numa\nlegal\ngo nodes 1\ngo depth 9\n");
    assert_eq!(lines.len(), 7);
    let p0 = legal_words(&lines[1]);
    let p1 = legal_words(&lines[2]);
    assert_eq!(p0[0], "P0");
    assert_eq!(p1[0], "P1");
    assert_eq!(p0.len(), 73);
    assert_eq!(p0[1..], p1[1..]);
    // Seeded by the position: the limits change nothing.
    assert_eq!(lines[3..5], lines[5..7]);
    let arabic = lines[3]
        .strip_prefix("bestmove P0 ")
        .expect("Arabic's choice");
    let roman = lines[4]
        .strip_prefix("bestmove P1 ")
        .expect("Roman's choice");
    assert!(p0.iter().any(|c| c == arabic));
    let game = Numa::default();
    let seed = |p: Player| game.key() ^ (p.index() as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    // Regret matching over the turn's matrix game, seeded by the position
    // and the player (the registry's computer player).
    let expected = RegretMatching::new(seed(Player::P0), NUMA_ROUNDS).choose(&game, Player::P0);
    assert_eq!(arabic, expected.to_string());
    // The two choices make the turn.
    let turn = answers(&format!("new numa\nplay {arabic}/{roman}\nshow\n"));
    let mut after = game;
    after
        .play(format!("{arabic}/{roman}").parse().expect("a joint move"))
        .expect("a legal turn");
    assert_eq!(
        turn[1..],
        [
            "ok".to_string(),
            format!("position {after}"),
            "status to_move P0 P1".into()
        ]
    );
    // One choice is not a turn; a bad choice names its player.
    let lines = answers("new numa\nplay p-r+s-b\nplay p-r+s-b/p-r+p-b\n");
    assert_eq!(
        lines[1],
        "error move `p-r+s-b` (1 of 1) refused, nothing played: a turn is 2 choices \
         joined by `/`, one for each acting player (P0/P1)"
    );
    assert!(
        lines[2].starts_with(
            "error move `p-r+s-b/p-r+p-b` (1 of 1) refused, nothing played: P1's choice: "
        ),
        "{}",
        lines[2]
    );
}

/// Each refused command, played after `new oware` and `play 2` and each
/// followed by `show`, is answered by its one error line and changes
/// nothing.
fn assert_each_refused(refused: &[(&str, &str)]) {
    let mut input = String::from("new oware\nplay 2\n");
    for (command, _) in refused {
        input.push_str(command);
        input.push('\n');
        input.push_str("show\n");
    }
    let lines = answers(&input);
    let shown = [
        "position 4,4,0,5,5,5/5,4,4,4,4,4 0,0 1 seen=4,4,4,4,4,4/4,4,4,4,4,4:0",
        "status to_move P1",
    ];
    assert_eq!(lines[..2], ["ok", "ok"]);
    // Each refusal is one line, and the game is as it was.
    assert_eq!(lines.len(), 2 + refused.len() * 3, "{lines:#?}");
    for (i, (command, error)) in refused.iter().enumerate() {
        let at = 2 + 3 * i;
        assert_eq!(lines[at], *error, "{command}");
        assert_eq!(lines[at + 1..at + 3], shown, "{command}");
    }
}

/// Commands that are no command, and arguments to commands that take none.
#[test]
fn unknown_commands_and_extra_arguments_are_refused() {
    assert_each_refused(&[
        (
            "frobnicate",
            "error unknown command `frobnicate` (commands: new, position, play, legal, show, go, stop, tablebase, quit)",
        ),
        (
            "NEW oware",
            "error unknown command `NEW` (commands: new, position, play, legal, show, go, stop, tablebase, quit)",
        ),
        ("legal 3", "error legal takes no arguments, not `3`"),
        ("show all", "error show takes no arguments, not `all`"),
        ("quit now", "error quit takes no arguments, not `now`"),
    ]);
}

/// `new` without a game, with an unknown one, or with bad options.
#[test]
fn refused_new_lines_are_one_error_line_and_change_nothing() {
    // The unknown game's refusal lists every game of the registry, in its
    // order: the four games of the project, oware and Kalah, then the
    // catalogue's.
    let names: Vec<&str> = mancala_engine::GAMES.iter().map(|g| g.name).collect();
    assert_eq!(
        names[..6],
        ["numercy", "robertson", "mankka", "numa", "oware", "kalah"]
    );
    assert!(names[6..].contains(&"toguz-kumalak"));
    let unknown = format!("error unknown game `chess` (games: {})", names.join(", "));
    assert_each_refused(&[
        ("new", "error new needs a game (`mancala games` lists them)"),
        ("new chess", &unknown),
        (
            "new kalah seeds",
            "error bad option: an option is KEY=VALUE, not `seeds`",
        ),
        (
            "new kalah =4",
            "error bad option: `=4` has no key before `=`",
        ),
        (
            "new kalah seeds=4 seeds=5",
            "error bad option: `seeds` is given twice",
        ),
        (
            "new kalah colour=red",
            "error bad option: unknown option `colour` (known: houses, layout, store_side, seeds, start_moves, first_moves, direction, skip_origin, into_own_store, first_into_origin, single_into_origin, sow_zone, min_sow, lone_into_empty, relay, relay_next_occupied, capture_first, stop_on_empty_side, endless, capture, empty_capture, fallback_capture, sweep, sweep_after_capture, sweep_at_most, credit, grand_slam, feeding, extra_turn, majority, side_empty, repetition, at_most_left, each_at_most, target, pass, leftover, verdict)",
        ),
        (
            "new kalah houses=99",
            "error bad option: invalid layout: a row must hold 1 to 50 holes, not 99",
        ),
        (
            "new numercy operators=x,+",
            "error bad option: option `operators`: `x,+` is not one operator (+ - x : ^) per file, comma-separated",
        ),
    ]);
}

/// `position` without a position, with a bad one, or under other rules.
#[test]
fn refused_positions_are_one_error_line_and_change_nothing() {
    assert_each_refused(&[
        (
            "position",
            "error position needs a position in the game's notation (as `show` writes it)",
        ),
        (
            "position 4,4,4/4,4,4 0,0 0",
            "error bad position: holes: `4,4,4/4,4,4` is not rows of the board's length",
        ),
        (
            "position 4,4,4,4,4,4/4,4,4,4,4,4 0,0 7",
            "error bad position: player: `7` is not a player number (0 to 5)",
        ),
        (
            "position 4,4,4,4,4,4/4,4,4,4,4,4 0,0,0 0",
            "error bad position: impossible position: 3 stores given for 2 players",
        ),
        (
            "position 4,4,4,4,4,4/4,4,4,4,4,4 0,0 0 rules=kalah",
            "error the position's rules are not the game's (`rules=kalah` against the defaults): start a game with those rules with `new`",
        ),
    ]);
}

/// `play` without moves, or with a move that cannot be read or is refused.
#[test]
fn refused_moves_are_one_error_line_and_change_nothing() {
    assert_each_refused(&[
        ("play", "error play needs one or more moves"),
        (
            "play 0",
            "error move `0` (1 of 1) refused, nothing played: hole 0 belongs to player 0, not to player 1",
        ),
        (
            "play 12",
            "error move `12` (1 of 1) refused, nothing played: hole 12 is not on this board",
        ),
        (
            "play 99999999999999999999",
            "error move `99999999999999999999` (1 of 1) refused, nothing played: `99999999999999999999` is not a hole number",
        ),
        (
            "play 7 pass",
            "error move `pass` (2 of 2) refused, nothing played: no pass: the rules allow none, or the player to move can move",
        ),
    ]);
}

/// `go` without a limit, or with a bad one.
#[test]
fn refused_go_limits_are_one_error_line_and_change_nothing() {
    assert_each_refused(&[
        ("go", "error go needs a limit: nodes N, ms T or depth D"),
        (
            "go nodes",
            "error nodes takes a number from 1 to 18446744073709551615, not nothing",
        ),
        (
            "go nodes -1",
            "error nodes takes a number from 1 to 18446744073709551615, not `-1`",
        ),
        (
            "go ms 0",
            "error ms takes a number from 1 to 4294967295, not `0`",
        ),
        (
            "go ms 4294967296",
            "error ms takes a number from 1 to 4294967295, not `4294967296`",
        ),
        (
            "go depth 0",
            "error depth takes a number from 1 to 256, not `0`",
        ),
        (
            "go depth 257",
            "error depth takes a number from 1 to 256, not `257`",
        ),
        ("go depth 2 depth 3", "error limit depth is given twice"),
        (
            "go moves 3",
            "error unknown limit `moves` (limits: nodes, ms, depth)",
        ),
    ]);
}

#[test]
fn without_a_game_only_new_and_quit_work() {
    let lines = answers(
        "show\nlegal\nposition 4,4,4,4,4,4/4,4,4,4,4,4 0,0 0\nplay 1\ngo nodes 5\nnew oware\n",
    );
    let none = "error no game yet: start one with `new GAME`";
    assert_eq!(lines, [none, none, none, none, none, "ok"]);
    // A refused `new` keeps the game there was.
    let lines = answers("new kalah\nnew oware seeds=x\nshow\n");
    assert!(lines[1].starts_with("error bad option: "), "{}", lines[1]);
    assert!(lines[2].ends_with(" rules=kalah"), "{}", lines[2]);
}

#[test]
fn blank_lines_are_ignored_and_bad_bytes_refused() {
    let mut input = b"\n   \n\t\nnew oware\n".to_vec();
    input.extend_from_slice(b"play \xff\xfe\n");
    input.extend_from_slice(b"show\r\n");
    let mut output = Vec::new();
    run(input.as_slice(), &mut output).expect("in memory");
    let text = String::from_utf8(output).expect("utf-8");
    assert_eq!(
        text,
        "ok\nerror the line is not UTF-8\nposition 4,4,4,4,4,4/4,4,4,4,4,4 0,0 0\nstatus to_move P0\n"
    );
}

#[test]
fn a_line_too_long_is_refused_whole() {
    // The longest line, its newline included, is read; one byte more is
    // refused, and the rest of that line skipped (not read as commands).
    let longest = format!("show{}\n", " ".repeat(MAX_LINE - 5));
    let too_long = format!("show{}play 0\n", " ".repeat(MAX_LINE));
    let input = format!("new oware\n{longest}{too_long}show\n");
    let start = "position 4,4,4,4,4,4/4,4,4,4,4,4 0,0 0";
    assert_eq!(
        answers(&input),
        [
            "ok",
            start,
            "status to_move P0",
            "error the line is longer than 1048576 bytes",
            start,
            "status to_move P0",
        ]
    );
    // Without a newline at the end of the input, too.
    let unended = format!("new oware\n{}", "x".repeat(3 * MAX_LINE));
    assert_eq!(
        answers(&unended),
        ["ok", "error the line is longer than 1048576 bytes"]
    );
}

#[test]
fn quit_stops_reading_and_the_end_of_input_ends_quietly() {
    assert_eq!(answers("new oware\nquit\nshow\n"), ["ok"]);
    assert_eq!(
        answers("new oware\nshow"),
        [
            "ok",
            "position 4,4,4,4,4,4/4,4,4,4,4,4 0,0 0",
            "status to_move P0"
        ]
    );
    assert!(answers("").is_empty());
}

#[test]
fn a_failing_output_is_the_only_error() {
    struct Broken;
    impl Write for Broken {
        fn write(&mut self, _: &[u8]) -> io::Result<usize> {
            Err(io::Error::new(io::ErrorKind::BrokenPipe, "gone"))
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }
    let e = run("new oware\n".as_bytes(), Broken).expect_err("the write fails");
    assert_eq!(e.kind(), io::ErrorKind::BrokenPipe);
    // Nothing to answer, nothing written: no error.
    assert!(run("\n\n".as_bytes(), Broken).is_ok());
}

#[test]
fn random_words_never_stop_the_engine() {
    // Lines of words drawn from the protocol's own vocabulary and some
    // garbage: every line but a blank one (and `quit`) is answered, and
    // every answer is one of the protocol's lines.
    let words = [
        "new",
        "oware",
        "kalah",
        "numercy",
        "robertson",
        "mankka",
        "numa",
        "position",
        "play",
        "legal",
        "show",
        "go",
        "nodes",
        "depth",
        "ms",
        "0",
        "1",
        "2",
        "5",
        "7",
        "11",
        "12",
        "pass",
        "h3",
        "1+1+1+1+1+1",
        "p-r+s-b/s-y+c-g",
        "seeds=3",
        "houses=2",
        "layout=triangle",
        "over",
        "4,4,4,4,4,4/4,4,4,4,4,4",
        "0,0",
        "rules=kalah",
        "=",
        "x=",
        "[1,2",
        "\u{e9}",
        "-1",
        "18446744073709551616",
    ];
    let mut rng = Rng::new(2024);
    for _ in 0..40 {
        let mut input = String::new();
        for _ in 0..30 {
            let n = 1 + rng.below(5);
            let line: Vec<&str> = (0..n).map(|_| words[rng.below(words.len())]).collect();
            input.push_str(&line.join(" "));
            input.push('\n');
        }
        for line in answers(&input) {
            let known = [
                "ok",
                "legal",
                "position ",
                "status ",
                "info depth ",
                "bestmove ",
                "error ",
            ];
            assert!(
                known.iter().any(|k| line.starts_with(k)),
                "{line:?} after {input}"
            );
        }
    }
}
