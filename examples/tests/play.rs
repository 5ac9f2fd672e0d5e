//! The interactive player's game loop, driven through `run` with scripted
//! input.

use std::io::Cursor;

use clap::Parser;
use mancala_examples::play::{PlayArgs, run};

fn play(args: &[&str], input: &str) -> String {
    let mut argv = vec!["play"];
    argv.extend_from_slice(args);
    let args = PlayArgs::try_parse_from(argv).expect("arguments parse");
    let mut out = Vec::new();
    run(&args, Cursor::new(input.as_bytes().to_vec()), &mut out).expect("run succeeds");
    String::from_utf8(out).expect("utf-8 output")
}

/// The boards drawn, in order (blocks between blank lines that draw holes).
fn boards(out: &str) -> Vec<String> {
    out.split("\n\n")
        .filter(|b| b.contains("(0)"))
        .map(|b| {
            b.lines()
                .filter(|l| !l.is_empty())
                .take(5)
                .collect::<Vec<_>>()
                .join("\n")
        })
        .collect()
}

#[test]
fn a_legal_move_changes_the_board() {
    let out = play(&["--nodes", "200"], "3\n");
    let b = boards(&out);
    assert!(b.len() >= 2, "{out}");
    assert_ne!(b[0], b[1], "{out}");
    assert!(out.contains("player 1 (computer) plays"), "{out}");
    assert!(out.ends_with("End of input.\n"), "{out}");
}

#[test]
fn illegal_moves_print_an_error_and_ask_again() {
    let out = play(&["--humans"], "8\nfoo\n3\n9\n3\n");
    assert!(out.contains("error: hole 8 belongs to player 1"), "{out}");
    assert!(out.contains("`foo` is not a hole number"), "{out}");
    // 3 then North's 9 are legal; South's hole 3 is then empty.
    assert_eq!(out.matches("error: ").count(), 3, "{out}");
    assert_eq!(
        out.matches("player 0 to move").count(),
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
    assert!(out.contains("error: nothing to undo"), "{out}");
}

#[test]
fn hint_and_quit() {
    let out = play(&["kalah", "--nodes", "200"], "hint\nquit\n5\n");
    assert!(out.contains("hint: "), "{out}");
    assert!(out.ends_with("Quit.\n"), "{out}");
}

#[test]
fn whole_auto_games_end_with_a_result() {
    for game in ["oware", "kalah", "numercy", "robertson", "mankka"] {
        let out = play(&[game, "--auto", "--nodes", "100"], "");
        assert!(out.contains("\nResult: "), "{game}: {out}");
    }
    let out = play(
        &[
            "robertson",
            "--layout",
            "triangle",
            "--auto",
            "--nodes",
            "100",
        ],
        "",
    );
    assert!(out.contains("\nResult: "), "{out}");
}

#[test]
fn end_of_input_ends_cleanly() {
    for game in ["oware", "numercy", "mankka", "numa"] {
        let out = play(&[game], "");
        assert!(out.ends_with("End of input.\n"), "{game}: {out}");
    }
}

#[test]
fn mankka_placements_and_numa_choices() {
    let out = play(&["mankka", "--humans"], "1+1\n1+1+1+1+1+1\n");
    assert!(out.contains("error: "), "{out}");
    assert!(out.contains("not six counts"), "{out}");
    assert!(out.contains("player 0 plays 1+1+1+1+1+1"), "{out}");
    let out = play(
        &["numa", "--seed", "3"],
        "nonsense\npentagon-red+square-blue\nundo\n",
    );
    assert!(out.contains("error: "), "{out}");
    assert!(
        out.contains("player 0 chose pentagon-red+square-blue"),
        "{out}"
    );
    assert!(out.contains("Undone."), "{out}");
}

/// Each move says what it did: Numercy's arithmetic, Robertson's and
/// oware's captures. Numercy 2x7 from the start, South sows hole 2: seven
/// balls reach holes 3..9; hole 9 then holds 8, a relay, and so on until the
/// move ends (worked out by the library; the line must name the hole sown and
/// end with the score or "no score").
#[test]
fn moves_are_described() {
    let out = play(&["numercy", "--nodes", "200"], "2\n");
    let line = out
        .lines()
        .find(|l| l.contains("South sows hole 2"))
        .unwrap_or_else(|| panic!("no description of the move in:\n{out}"));
    assert!(
        line.contains("for South") || line.contains("for North") || line.contains("no score"),
        "{line}"
    );
    // The computer's reply is described too.
    assert!(
        out.contains("(computer) plays") && out.contains("North sows hole"),
        "{out}"
    );
    // An oware game between computers mentions its captures.
    let auto = play(&["oware", "--auto", "--nodes", "300"], "");
    assert!(auto.contains("captures"), "{auto}");
}

/// Any option of TRACES.md reaches the game through `--option KEY=VALUE`;
/// a bad one is reported, not played.
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
            r#"operators=["x","x","x","x"]"#,
            "--option",
            "seeds=4",
        ],
        "",
    );
    let rows: Vec<&str> = out.lines().take(6).collect();
    assert!(
        rows.iter().any(|l| l.ends_with("|    x    x    x    x")),
        "{out}"
    );
    assert!(
        rows.iter()
            .any(|l| l.contains("South") && l.ends_with("|    4    4    4    4")),
        "{out}"
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
    let out = play(&["oware", "--option", "bogus=1"], "");
    assert!(
        out.contains("invalid options: unknown option `bogus`"),
        "{out}"
    );
    let out = play(&["numa", "--option", "target=lots"], "");
    assert!(out.starts_with("invalid options"), "{out}");
    let out = play(&["kalah", "--option", "houses"], "");
    assert!(out.contains("KEY=VALUE"), "{out}");
}

/// `--option` arguments are read with typed errors, whatever they hold.
#[test]
fn option_arguments_are_read_with_typed_errors() {
    use mancala_examples::play::{OptionArgError, parse_option, parse_options};
    use serde_json::json;

    let read =
        |pairs: &[&str]| parse_options(&pairs.iter().map(|p| p.to_string()).collect::<Vec<_>>());
    // Split at the first `=`; JSON values as JSON, other words as words.
    assert_eq!(parse_option("a=b=c"), Ok(("a".into(), json!("b=c"))));
    assert_eq!(parse_option(" seeds =5"), Ok(("seeds".into(), json!(5))));
    assert_eq!(
        parse_option("owners=[0,1]"),
        Ok(("owners".into(), json!([0, 1])))
    );
    assert_eq!(parse_option("layout="), Ok(("layout".into(), json!(""))));
    assert_eq!(parse_option("x=[1,"), Ok(("x".into(), json!("[1,"))));
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
    assert_eq!(read(&[]), Ok(serde_json::Map::new()));
    // The player reports them and plays nothing.
    let out = play(&["oware", "--option", "seeds=4", "--option", "seeds=5"], "");
    assert_eq!(out, "invalid options: --option `seeds` is given twice\n");
    let out = play(&["oware", "--option", "=4"], "");
    assert_eq!(
        out,
        "invalid options: --option `=4` has no key before `=`\n"
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
        let out = play(&["oware", "--option", odd], "");
        assert!(out.starts_with("invalid options: "), "{odd}: {out}");
    }
}
