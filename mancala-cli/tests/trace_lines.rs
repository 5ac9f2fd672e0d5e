//! Trace lines are read strictly: a key twice in one object, or a key
//! the trace format (`mancala_cli::conformance`) does not define, makes the line a failure (never a panic,
//! never a skip), as an unknown option key already did.

use mancala_cli::conformance::{LineError, TRACE_KEYS, parse_line, replay_line};

const START: &str =
    r#"{"board":[4,4,4,4,4,4,4,4,4,4,4,4],"stores":[0,0],"to_move":0,"result":null}"#;
const AFTER_3: &str =
    r#"{"board":[4,4,4,0,5,5,5,5,4,4,4,4],"stores":[0,0],"to_move":1,"result":null}"#;

/// A one-move Oware trace with `extra` spliced in after `{`.
fn line(extra: &str) -> String {
    format!(r#"{{{extra}"game":"oware","options":{{}},"moves":[3],"states":[{START},{AFTER_3}]}}"#)
}

/// The runner's message for `text`, which must fail.
fn failure(text: &str) -> String {
    let failure = replay_line(text).expect_err("the line must fail");
    assert_eq!(failure.ply, None, "{text}");
    failure.message
}

#[test]
fn a_well_formed_line_passes() {
    assert_eq!(replay_line(&line("")), Ok(()));
    assert_eq!(replay_line(&line(r#""note":"free text","#)), Ok(()));
    assert_eq!(replay_line(&line(r#""rejected":[3],"#)), Ok(()));
    let trace = parse_line(&line("")).unwrap();
    assert!(trace.keys().all(|k| TRACE_KEYS.contains(&k.as_str())));
}

#[test]
fn a_key_given_twice_is_a_failure() {
    // Before, the last `game` counted: this line replayed as Oware.
    let twice = line(r#""game":"kalah","#);
    assert_eq!(
        parse_line(&twice),
        Err(LineError::DuplicateKey("game".into()))
    );
    assert_eq!(failure(&twice), "key `game` appears twice in one object");
    // Even with the same value.
    let same = line(r#""game":"oware","#);
    assert_eq!(
        parse_line(&same),
        Err(LineError::DuplicateKey("game".into()))
    );
    // At any depth: in the options, in a state.
    let options = line("").replace(r#""options":{}"#, r#""options":{"seeds":4,"seeds":5}"#);
    assert_eq!(
        parse_line(&options),
        Err(LineError::DuplicateKey("seeds".into()))
    );
    let state = line("").replace(
        r#""stores":[0,0],"to_move":0"#,
        r#""stores":[0,0],"to_move":0,"to_move":1"#,
    );
    assert_eq!(failure(&state), "key `to_move` appears twice in one object");
}

#[test]
fn an_unknown_key_is_a_failure() {
    let unknown = line(r#""comment":"x","#);
    assert_eq!(
        parse_line(&unknown),
        Err(LineError::UnknownKey("comment".into()))
    );
    assert!(failure(&unknown).starts_with("unknown key `comment`"));
    // A misspelt key is not ignored either.
    let misspelt = line("")
        .replace(r#""rejected""#, "")
        .replace(r#""moves""#, r#""move""#);
    assert_eq!(
        parse_line(&misspelt),
        Err(LineError::UnknownKey("move".into()))
    );
    // Unknown option keys were already refused, by the game's reader.
    let option = line("").replace(r#""options":{}"#, r#""options":{"sedes":4}"#);
    assert!(parse_line(&option).is_ok());
    assert!(
        failure(&option).starts_with("unknown option `sedes`"),
        "{}",
        failure(&option)
    );
}

#[test]
fn lines_that_are_not_objects_are_failures() {
    for (text, error) in [
        ("[1, 2]", LineError::NotAnObject),
        ("null", LineError::NotAnObject),
        ("\"oware\"", LineError::NotAnObject),
    ] {
        assert_eq!(parse_line(text), Err(error.clone()), "{text}");
        assert_eq!(failure(text), error.to_string());
    }
    for text in ["{", "", "{} {}", r#"{"game":"oware",}"#, "{\"a\":1e999}"] {
        assert!(
            matches!(parse_line(text), Err(LineError::Json(_))),
            "{text}"
        );
        assert!(failure(text).starts_with("not valid JSON"), "{text}");
    }
    // Not JSON, even with a key twice before the fault (found by the
    // `trace_line` fuzz target: this was `DuplicateKey`).
    let broken = line(r#""game":"kalah","#).replace(r#""moves":[3]"#, r#""moves":[3"#);
    assert!(
        matches!(parse_line(&broken), Err(LineError::Json(_))),
        "{broken}"
    );
    assert!(failure(&broken).starts_with("not valid JSON"));
    // Nor is a number too large for JSON's numbers (serde_json's skipping
    // reader does not check that).
    let huge = line(r#""game":"kalah","#).replace(
        r#""moves":[3]"#,
        &format!(r#""moves":[{}]"#, "9".repeat(400)),
    );
    assert!(
        matches!(parse_line(&huge), Err(LineError::Json(_))),
        "{huge}"
    );
    // Nesting deeper than serde_json's limit is an error, not a stack
    // overflow.
    let deep = format!(
        r#"{{"note":{}{}}}"#,
        "[".repeat(100_000),
        "]".repeat(100_000)
    );
    assert!(matches!(parse_line(&deep), Err(LineError::Json(_))));
}

#[test]
fn an_unknown_key_in_the_start_state_is_a_failure() {
    let start =
        r#""start":{"board":[4,4,4,4,4,4,4,4,4,4,4,4],"stores":[0,0],"to_move":0,"result":null},"#;
    assert_eq!(replay_line(&line(start)), Ok(()));
    let typo = start.replace(r#""stores""#, r#""stores":[0,0],"store""#);
    assert_eq!(
        failure(&line(&typo)),
        "unknown key `store` in the start state"
    );
}

/// A Toguz Kumalak line from a start with player 0's tuzdik on hole 9:
/// player 0's 9 seeds from hole 6 keep one and reach holes 7 to 14; the seed
/// in the tuzdik (9) is paid to him, hole 14 holds 10 (even) and is taken:
/// his store 9 + 1 + 10 = 20. Player 1 may then sow neither player 0's
/// tuzdik (9) nor player 0's hole 3.
#[test]
fn toguz_kumalak_lines_compare_the_tuzdiks() {
    let start = r#"{"board":[9,9,9,9,9,9,9,9,9,0,9,9,9,9,9,9,9,9],"stores":[9,0],"tuzdik":[9,null],"to_move":0,"result":null}"#;
    let after = r#"{"board":[9,9,9,9,9,9,1,10,10,0,10,10,10,10,0,9,9,9],"stores":[20,0],"tuzdik":[9,null],"to_move":1,"result":null}"#;
    let line = |start: &str, after: &str| {
        format!(
            r#"{{"game":"toguz-kumalak","options":{{}},"moves":[6],"start":{start},"states":[{start},{after}],"rejected":[9,3]}}"#
        )
    };
    assert_eq!(replay_line(&line(start, after)), Ok(()));
    // The tuzdik is compared like every field.
    let wrong = after.replace(r#""tuzdik":[9,null]"#, r#""tuzdik":[null,null]"#);
    let differs = replay_line(&line(start, &wrong)).expect_err("a wrong tuzdik fails");
    assert_eq!(differs.ply, Some(0));
    assert!(differs.message.contains("tuzdik"), "{}", differs.message);
    // A tuzdik on a ninth hole is an impossible start.
    let ninth = start.replace(r#""tuzdik":[9,null]"#, r#""tuzdik":[17,null]"#);
    let message = failure(&line(&ninth, after));
    assert!(message.contains("impossible start"), "{message}");
    assert!(message.contains("last hole of its row"), "{message}");
}
