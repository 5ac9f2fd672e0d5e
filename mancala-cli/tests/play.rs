//! The interactive player's game loop, driven through `run` with scripted
//! input (the program itself, spawned, is tested in `play_binary.rs`).

use std::io::Cursor;

use clap::Parser;
use mancala_cli::play::{PlayArgs, RunError, run};

fn args(args: &[&str]) -> PlayArgs {
    let mut argv = vec!["play"];
    argv.extend_from_slice(args);
    PlayArgs::try_parse_from(argv).expect("arguments parse")
}

/// Everything `play` writes for these arguments and this input.
fn play(a: &[&str], input: &str) -> String {
    let mut out = Vec::new();
    run(&args(a), Cursor::new(input.as_bytes().to_vec()), &mut out).expect("run succeeds");
    String::from_utf8(out).expect("utf-8 output")
}

/// The usage error `play` gives for these arguments, having written
/// nothing.
fn refused(a: &[&str]) -> String {
    let mut out = Vec::new();
    match run(&args(a), Cursor::new(Vec::new()), &mut out) {
        Err(RunError::Usage(message)) => {
            assert!(out.is_empty(), "{}", String::from_utf8_lossy(&out));
            message
        }
        other => panic!("not a usage error: {other:?}"),
    }
}

/// The boards drawn, in order: the runs of indented lines that hold hole
/// numbers.
fn boards(out: &str) -> Vec<String> {
    let lines: Vec<&str> = out.lines().collect();
    let mut boards = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let run: Vec<&str> = lines[i..]
            .iter()
            .take_while(|l| l.starts_with(' '))
            .copied()
            .collect();
        if run.iter().any(|l| l.contains("(0)")) {
            boards.push(run.join("\n"));
        }
        i += run.len().max(1);
    }
    boards
}

#[test]
fn a_legal_move_changes_the_board() {
    let out = play(&["--nodes", "200"], "3\n");
    let b = boards(&out);
    assert!(b.len() >= 2, "{out}");
    assert_ne!(b[0], b[1], "{out}");
    assert!(out.contains("South (you) sows hole 3"), "{out}");
    assert!(out.contains("North (computer) sows hole"), "{out}");
    assert!(out.ends_with("End of input.\n"), "{out}");
}

#[test]
fn illegal_moves_print_an_error_and_ask_again() {
    let out = play(&["--humans"], "8\nfoo\n3\n9\n3\n");
    assert!(
        out.contains("Error: hole 8 is North's; yours are 0 to 5."),
        "{out}"
    );
    assert!(out.contains("`foo` is not a hole number"), "{out}");
    // 3 then North's 9 are legal; South's hole 3 is then empty.
    assert!(out.contains("Error: hole 3 is empty."), "{out}");
    assert_eq!(out.matches("Error: ").count(), 3, "{out}");
    assert_eq!(
        out.matches("South to move").count(),
        5,
        "asked again after each error: {out}"
    );
}

#[test]
fn undo_restores_the_previous_position() {
    let out = play(&["--nodes", "200"], "3\nundo\n");
    let b = boards(&out);
    assert!(out.contains("Undone."), "{out}");
    assert_eq!(b.first(), b.last(), "{out}");
    let out = play(&["--nodes", "200"], "undo\n");
    assert!(out.contains("Error: nothing to undo."), "{out}");
}

#[test]
fn hint_help_and_quit_in_any_case() {
    let out = play(&["kalah", "--nodes", "200"], "HINT\nHelp\nQuit\n5\n");
    assert!(out.contains("Hint: hole "), "{out}");
    // Help repeats the rules and how to move.
    assert_eq!(out.matches("Kalah: two rows").count(), 2, "{out}");
    assert!(out.ends_with("Quit.\n"), "{out}");
}

#[test]
fn end_of_input_ends_cleanly() {
    for game in ["oware", "numercy", "mankka", "numa"] {
        let out = play(&[game], "");
        assert!(out.ends_with("End of input.\n"), "{game}: {out}");
    }
}

/// A game over before its first move reads no input: it says so and gives
/// the result. Oware on one hole a row, relaying at 2: South's 4 seeds all
/// go into North's hole (the origin is skipped), making 8, which relay back
/// into South's, and so on forever; endless moves are forbidden, so South
/// has no move at the start and each side keeps its 4 seeds: a draw, 4 to
/// 4. (Found by the `play_options` fuzz target, whose harness expected
/// `End of input.`.)
#[test]
fn a_game_over_from_the_start_says_so_without_reading() {
    let out = play(
        &[
            "oware", "--humans", "--option", "houses=1", "--option", "relay=2",
        ],
        "",
    );
    assert!(
        out.contains("Game over: the game was over from the start."),
        "{out}"
    );
    assert!(out.ends_with("Result: a draw, 4 to 4.\n"), "{out}");
    assert!(!out.contains("End of input."), "{out}");
}

/// Every board shows every hole's number: the two-row boards, Robertson's
/// triangle and hexagon.
#[test]
fn every_board_shows_its_hole_numbers() {
    for (a, holes) in [
        (&["oware"][..], 12),
        (&["kalah"], 12),
        (&["numercy"], 14),
        (&["numercy", "--holes", "13"], 26),
        (&["mankka"], 12),
        (&["robertson"], 12),
        (&["robertson", "--layout", "triangle"], 18),
        (&["robertson", "--layout", "hexagon"], 36),
        (&["toguz-kumalak"], 18),
    ] {
        let out = play(a, "");
        let first = boards(&out).into_iter().next().expect("a board");
        for i in 0..holes {
            assert_eq!(
                first.matches(&format!("({i})")).count(),
                1,
                "{a:?} {i}:\n{first}"
            );
        }
    }
    // The hexagon's prompt lists the holes, not a count of choices.
    let out = play(&["robertson", "--layout", "hexagon"], "");
    assert!(
        out.contains("[holes 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17]"),
        "{out}"
    );
}

/// The human is told his side, and `--seat` puts him at any seat; the
/// computer then moves first, under the same names.
#[test]
fn the_seat_is_named_and_chosen() {
    let out = play(&["oware", "--nodes", "100"], "");
    assert!(
        out.contains("South (you) plays the bottom row, holes 0 to 5."),
        "{out}"
    );
    assert!(
        out.contains("North (computer) plays the top row, holes 6 to 11."),
        "{out}"
    );
    let out = play(&["oware", "--seat", "1", "--nodes", "100"], "6\n");
    let first_move = out.find("South (computer) sows hole").expect("South moved");
    let prompt = out.find("North (you) to move").expect("North asked");
    assert!(first_move < prompt, "{out}");
    assert!(out.contains("North (you) sows hole 6"), "{out}");
    // Three players: the human at the last seat.
    let out = play(
        &[
            "robertson",
            "--layout",
            "triangle",
            "--seat",
            "2",
            "--nodes",
            "50",
        ],
        "",
    );
    assert!(
        out.contains("Player 2 (you) plays the left side, holes 12 to 17."),
        "{out}"
    );
    assert!(out.contains("Player 0 (computer) sows hole"), "{out}");
    assert!(out.contains("Player 1 (computer) sows hole"), "{out}");
    assert!(out.contains("Player 2 (you) to move [holes 12"), "{out}");
    // Numa: Roman.
    let out = play(&["numa", "--seat", "1"], "");
    assert!(out.contains("Roman (you), your choice"), "{out}");
    // A seat the game does not have.
    assert_eq!(
        refused(&["oware", "--seat", "2"]),
        "--seat 2: this game's seats are 0 (South) and 1 (North)"
    );
    assert!(
        refused(&["robertson", "--layout", "triangle", "--seat", "3"]).contains("2 (player 2)")
    );
}

/// Every whole game says why it ended and gives the final count. (The
/// searches are deterministic, and Enindji and I have no end for a cycle:
/// at some budgets two searches repeat a cycle until `--auto` stops them.
/// At 200 positions a move every game here ends.)
#[test]
fn whole_auto_games_say_why_they_ended() {
    for a in [
        &["oware"][..],
        &["kalah"],
        &["numercy"],
        &["robertson"],
        &["robertson", "--layout", "triangle"],
        &["mankka"],
        &["mankka", "--variant", "one"],
        &["bohnenspiel"],
        &["mankala"],
        &["mangala"],
        &["vai-lung-thlan"],
        &["awari"],
        &["wari"],
        &["enindji"],
        &["french-wari"],
        &["i"],
        &["kay"],
        &["en-gehe"],
        &["toguz-kumalak"],
    ] {
        let mut a = a.to_vec();
        a.extend(["--auto", "--nodes", "200"]);
        let out = play(&a, "");
        assert!(out.contains("\nGame over: "), "{a:?}: {out}");
        assert!(out.contains("\nResult: "), "{a:?}: {out}");
        assert!(
            out.contains("Final count") || out.contains("adds the balls"),
            "{a:?}: {out}"
        );
        // Reports and messages wrap; only boards and prompts are laid out
        // by hand, and they fit too.
        for line in out.lines() {
            assert!(line.chars().count() <= 78, "{a:?}: {line}");
        }
    }
    // Numa ends at its target, reached by one player alone or passed by
    // both in the same turn (the computer's choices decide which).
    let out = play(&["numa", "--auto"], "");
    assert!(
        out.contains("has reached the target of 30")
            || out.contains("both have passed the target of 30"),
        "{out}"
    );
    assert!(out.contains("Final score: Arabic "), "{out}");
}

/// Kalah's final count adds the seeds left on each side to its owner's
/// store, and agrees with the result.
#[test]
fn kalah_counts_the_seeds_left() {
    let out = play(&["kalah", "--auto", "--nodes", "100"], "");
    let count = out
        .lines()
        .skip_while(|l| !l.starts_with("The seeds left on each side count for its owner"))
        .collect::<Vec<_>>()
        .join(" ");
    let result = out
        .lines()
        .find(|l| l.starts_with("Result: "))
        .expect("a result");
    // `South a + b = c and North d + e = f.`, then `X wins, c to f.`
    let totals: Vec<u32> = count
        .split(" = ")
        .skip(1)
        .filter_map(|t| t.split(|c: char| !c.is_ascii_digit()).next()?.parse().ok())
        .collect();
    assert_eq!(totals.len(), 2, "{count}");
    let (hi, lo) = (totals[0].max(totals[1]), totals[0].min(totals[1]));
    assert!(
        result.contains(&format!("{hi} to {lo}")),
        "{count}\n{result}"
    );
}

#[test]
fn mankka_placements_and_numa_choices() {
    let out = play(&["mankka", "--humans"], "1+1\n1 1 1 1 1 1\n");
    assert!(out.contains("Error: 2 counts given"), "{out}");
    assert!(out.contains("six counts"), "{out}");
    assert!(
        out.contains("South places 1+1+1+1+1+1: 1 in hole 0, 1 in hole 1"),
        "{out}"
    );
    // The prompt says how to write a placement; the computer's is echoed in
    // the same form.
    assert!(out.contains("South to move [6 seeds for holes 0 to 5, e.g. 1+1+1+1+1+1]: "));
    let out = play(&["mankka", "--seat", "1", "--nodes", "50"], "");
    let echoed = out
        .lines()
        .find(|l| l.starts_with("South (computer) places "))
        .expect("the computer's placement");
    let counts = echoed["South (computer) places ".len()..]
        .split(':')
        .next()
        .expect("counts");
    assert!(counts.parse::<mankka::Placement>().is_ok(), "{echoed}");
    let out = play(&["numa", "--seed", "3"], "nonsense\nPE-R + sq-b\nundo\n");
    assert!(out.contains("Error: `nonsense`"), "{out}");
    assert!(
        out.contains("Arabic (you) chose pentagon-red+square-blue"),
        "{out}"
    );
    assert!(out.contains("Undone."), "{out}");
    // The grid's key.
    assert!(
        out.contains("yellow: north") && out.contains("blue: south"),
        "{out}"
    );
    assert!(
        out.contains("green 3 |") && out.contains("| 3 red"),
        "{out}"
    );
    assert!(out.contains("Pieces: triangle 1/I, square 2/II"), "{out}");
}

/// Each move says what it did: Numercy's arithmetic, Robertson's and
/// oware's captures. Numercy 2x7 from the start, South sows hole 2: seven
/// balls reach holes 3..9; hole 9 then holds 8, a relay, and so on until the
/// move ends (worked out by the library; the line must name the hole sown and
/// end with the score or "no score").
#[test]
fn moves_are_described() {
    let out = play(&["numercy", "--nodes", "200"], "2\n");
    let start = out
        .find("South (you) sows hole 2")
        .unwrap_or_else(|| panic!("no description of the move in:\n{out}"));
    let report: String = out[start..]
        .lines()
        .take_while(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" ");
    assert!(
        report.contains("for South") || report.contains("for North") || report.contains("no score"),
        "{report}"
    );
    // The division sign is not a separator: a `:` in a move report stands
    // only between two numbers, as Numercy's division.
    let chars: Vec<char> = report.chars().collect();
    for (i, _) in chars.iter().enumerate().filter(|(_, c)| **c == ':') {
        let around = (
            chars.get(i.wrapping_sub(2)),
            chars.get(i.wrapping_sub(1)),
            chars.get(i + 1),
            chars.get(i + 2),
        );
        assert!(
            matches!(around, (Some(a), Some(' '), Some(' '), Some(b)) if a.is_ascii_digit() && b.is_ascii_digit()),
            "{report}"
        );
    }
    // The computer's reply is described too.
    assert!(out.contains("North (computer) sows hole"), "{out}");
    // An oware game between computers mentions its captures.
    let auto = play(&["oware", "--auto", "--nodes", "300"], "");
    assert!(auto.contains("capturing"), "{auto}");
}

/// Any option of the conformance traces reaches the game through `--option KEY=VALUE`;
/// a bad one is a usage error, not played.
#[test]
fn options_from_the_command_line() {
    // A 2x4 Numercy drill of multiplications with 4 balls a hole: the
    // operator row is four x and every hole starts with 4.
    let out = play(
        &[
            "numercy",
            "--holes",
            "4",
            "--option",
            "operators=x,x,x,x",
            "--option",
            "seeds=4",
        ],
        "",
    );
    let first = boards(&out).into_iter().next().expect("a board");
    let rows: Vec<&str> = first.lines().map(str::trim).collect();
    assert!(rows.contains(&"x    x    x    x"), "{first}");
    assert_eq!(
        rows.iter().filter(|l| **l == "4    4    4    4").count(),
        2,
        "{first}"
    );
    // Robertson with forbidden grand slams on the triangle plays to the end.
    let out = play(
        &[
            "robertson",
            "--layout",
            "triangle",
            "--auto",
            "--nodes",
            "100",
            "--option",
            "grand_slam=forbid",
        ],
        "",
    );
    assert!(out.contains("Result:"), "{out}");
    // Unknown keys and bad values are refused with a message.
    assert!(
        refused(&["oware", "--option", "bogus=1"])
            .starts_with("invalid --option: unknown option `bogus`")
    );
    assert!(refused(&["numa", "--option", "target=lots"]).starts_with("invalid --option"));
    assert!(refused(&["kalah", "--option", "houses"]).contains("KEY=VALUE"));
}

/// `--option` arguments are read with typed errors, whatever they hold.
#[test]
fn option_arguments_are_read_with_typed_errors() {
    use mancala_cli::game_arg::{OptionArgError, OptionPairs, parse_option};

    let read = |pairs: &[&str]| OptionPairs::parse(pairs).map(|p| p.text());
    // Split at the first `=`; key and value trimmed, the value one word
    // as the options text writes it.
    assert_eq!(parse_option("a=b=c"), Ok(("a".into(), "b=c".into())));
    assert_eq!(parse_option(" seeds =5"), Ok(("seeds".into(), "5".into())));
    assert_eq!(
        parse_option("owners=0,1"),
        Ok(("owners".into(), "0,1".into()))
    );
    assert_eq!(parse_option("layout="), Ok(("layout".into(), "".into())));
    assert_eq!(
        parse_option("x=a b"),
        Err(OptionArgError::Spaced("x=a b".into()))
    );
    // No `=`, no key, a key twice (before, the last one counted).
    assert_eq!(parse_option(""), Err(OptionArgError::NoValue("".into())));
    assert_eq!(
        parse_option(" = 5"),
        Err(OptionArgError::NoKey(" = 5".into()))
    );
    assert_eq!(
        read(&["seeds=4", "houses=5", " seeds=5"]),
        Err(OptionArgError::Twice("seeds".into()))
    );
    assert_eq!(
        read(&["seeds=4", "houses"]),
        Err(OptionArgError::NoValue("houses".into()))
    );
    assert_eq!(
        read(&[" seeds = 4", "houses=5"]),
        Ok("seeds=4 houses=5".into())
    );
    assert_eq!(read(&[]), Ok(String::new()));
    // The player reports them and plays nothing.
    assert_eq!(
        refused(&["oware", "--option", "seeds=4", "--option", "seeds=5"]),
        "invalid --option: --option `seeds` is given twice"
    );
    assert_eq!(
        refused(&["oware", "--option", "=4"]),
        "invalid --option: --option `=4` has no key before `=`"
    );
    // Odd values reach the game's own reader, which refuses them.
    for odd in [
        "seeds=",
        "seeds=-1",
        "seeds=1e999",
        "seeds=[[[[",
        "seeds={\"a\":1}",
        "seeds=\u{0}",
    ] {
        assert!(
            refused(&["oware", "--option", odd]).starts_with("invalid --option: "),
            "{odd}"
        );
    }
}

/// Odd lines at every prompt are refused with a message, never a panic,
/// and the game goes on asking.
#[test]
fn odd_input_is_refused_in_every_game() {
    let odd = [
        "é",
        "ü-ß+∂-ç",
        "99999999999999999999999",
        "-3",
        "hole",
        "h",
        "+",
        "++++",
        "1+1+1+1+1+1+1",
        "0x3",
        "p-r+p-r",
        "\u{0}\u{7}",
        "x".repeat(10_000).as_str(),
        "pass",
        "3 4",
        "1.5",
    ]
    .join("\n");
    for a in [
        &["oware", "--humans"][..],
        &["kalah", "--humans"],
        &["numercy", "--humans"],
        &["robertson", "--layout", "hexagon", "--humans"],
        &["mankka", "--humans"],
        &["mankka", "--variant", "one", "--humans"],
        &["numa", "--humans"],
        &["toguz-kumalak", "--humans"],
    ] {
        let out = play(a, &format!("{odd}\n"));
        assert!(out.ends_with("End of input.\n"), "{a:?}: {out}");
        // Nothing was played: one board, and an error for (nearly) every
        // line (Numa's `p-r+p-r` and the rest are all refused; a blank
        // line is not an error).
        let drawn = if a[0] == "numa" {
            out.matches("yellow: north").count()
        } else {
            boards(&out).len()
        };
        assert_eq!(drawn, 1, "{a:?}: {out}");
        assert!(out.matches("Error: ").count() >= 15, "{a:?}: {out}");
    }
}

/// Toguz Kumalak at the table: moves described with their captures, the
/// stores on the players' lines, the other's holes refused (worked out
/// with the rules: from
/// the start, South's 9 from hole 6 take 10 in hole 14; North's 9 from
/// hole 17 leave hole 7 at 11; South's 11 from hole 7 keep one and end in
/// hole 17, which held 1 and now holds 2: taken).
#[test]
fn toguz_kumalak_is_played_with_its_moves_described() {
    let out = play(&["toguz-kumalak", "--humans"], "6\n17\n7\n");
    assert!(
        out.contains("South sows hole 6; the last seed falls in hole 14 and takes its 10"),
        "{out}"
    );
    assert!(out.contains("North sows hole 17"), "{out}");
    assert!(
        out.contains("South sows hole 7; the last seed falls in hole 17 and takes its 2"),
        "{out}"
    );
    assert!(out.contains("South: store 12"), "{out}");
    let refused = play(&["toguz-kumalak", "--humans"], "9\n");
    assert!(refused.contains("Error: hole 9 is North's"), "{refused}");
}
