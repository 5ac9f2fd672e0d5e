//! The text notation of positions and options, the drawing of the board,
//! serde forms and typed errors, on hand-worked positions (the moves are
//! worked out in `rules.rs`).

// Tests may unwrap and panic: that is how they fail.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use mancala_core::notation::{NotationError, OptionError};
use mancala_core::{SetupError as CoreSetupError, history::InvalidHistory};
use numercy::*;

use Operator::{Add, Divide, Multiply, Power, Subtract};

fn pit(i: usize) -> Pit {
    Pit::new(i).unwrap()
}

fn parse(text: &str) -> Numercy {
    text.parse()
        .unwrap_or_else(|e| panic!("`{text}` does not parse: {e}"))
}

fn error(text: &str) -> ParseError {
    text.parse::<Numercy>()
        .expect_err("the text must be refused")
}

fn position(options: Options, board: &[u16], points: [u64; 2], to_move: Player) -> Numercy {
    let mut setup = Setup::new(options);
    setup.board = board.to_vec();
    setup.points = points.to_vec();
    setup.to_move = to_move;
    Numercy::from_setup(setup).unwrap()
}

// ---------------------------------------------------------------------------
// Positions
// ---------------------------------------------------------------------------

#[test]
fn the_classic_start() {
    let game = Numercy::default();
    assert_eq!(game, Numercy::classic());
    assert_eq!(game.to_string(), "7,7,7,7,7,7,7/7,7,7,7,7,7,7 0,0 0");
    assert_eq!(parse("7,7,7,7,7,7,7/7,7,7,7,7,7,7 0,0 0"), game);
    // Whitespace is any run of blanks.
    assert_eq!(parse("  7,7,7,7,7,7,7/7,7,7,7,7,7,7\t0,0   0 \n"), game);
}

#[test]
fn a_game_across_both_sides() {
    // `a_game_goes_on_across_both_sides` in rules.rs: 2x3, row + - x,
    // [0, 2, 0 | 4, 0, 1], North to move.
    let mut game = position(Options::board(3), &[0, 2, 0, 4, 0, 1], [0, 0], Player::P1);
    assert_eq!(game.to_string(), "0,2,0/4,0,1 0,0 1 holes=3 seeds=3");
    assert_eq!(parse("0,2,0/4,0,1 0,0 1 holes=3 seeds=3"), game);
    // North sows hole 5 into hole 0: [1, 2, 0 | 4, 0, 0], South to move.
    game.play(pit(5)).unwrap();
    assert_eq!(game.to_string(), "1,2,0/4,0,0 0,0 0 holes=3 seeds=3");
    // South sows hole 1: hole 3 holds 5, 5 x 1 = 5 for North.
    game.play(pit(1)).unwrap();
    assert_eq!(game.to_string(), "1,0,1/5,0,0 0,5 1 holes=3 seeds=3");
    assert_eq!(parse(&game.to_string()), game);
}

#[test]
fn a_finished_game() {
    // `the_game_ends_when_the_player_to_move_has_no_ball`: after South's
    // move North has no ball; South adds 4 (7), North 0 (10). North would
    // have moved: player 1.
    let mut game = position(Options::board(3), &[1, 0, 3, 0, 0, 0], [3, 10], Player::P0);
    game.play(pit(0)).unwrap();
    assert_eq!(game.to_string(), "0,1,3/0,0,0 7,10 1 over holes=3 seeds=3");
    let back = parse("0,1,3/0,0,0 7,10 1 over holes=3 seeds=3");
    assert_eq!(back, game);
    assert_eq!(back.outcome(), Some(Outcome::Winner(Player::P1)));
    // Without `over` the same words are a live position whose player cannot
    // move: it ends at once and the leftovers are added again (7 + 4 = 11).
    let live = parse("0,1,3/0,0,0 7,10 1 holes=3 seeds=3");
    assert!(live.is_over());
    assert_eq!(live.scores().as_slice(), &[11, 10]);
}

#[test]
fn the_repetition_history_is_written_and_read() {
    // `a_game_can_cycle_forever` with the repetition option: 2x2, row + -,
    // [1, 0 | 1, 0], South to move.
    let mut options = Options::board(2);
    options.repetition = true;
    let mut game = position(options, &[1, 0, 1, 0], [0, 0], Player::P0);
    let rules = "holes=2 seeds=2 repetition=true";
    assert_eq!(game.to_string(), format!("1,0/1,0 0,0 0 {rules}"));
    game.play(pit(0)).unwrap();
    assert_eq!(
        game.to_string(),
        format!("0,1/1,0 0,0 1 seen=1,0/1,0:0 {rules}")
    );
    game.play(pit(2)).unwrap();
    let text = format!("0,1/0,1 0,0 0 seen=1,0/1,0:0|0,1/1,0:1 {rules}");
    assert_eq!(game.to_string(), text);
    // The parsed position remembers the start: two more moves repeat it and
    // end the game, exactly as for the game played.
    let mut back = parse(&text);
    assert_eq!(back, game);
    for p in [1, 3] {
        back.play(pit(p)).unwrap();
        game.play(pit(p)).unwrap();
    }
    assert!(back.is_over());
    assert_eq!(back, game);
    assert_eq!(back.to_string(), format!("1,0/1,0 1,1 0 over {rules}"));
    // Without the history the same position goes on.
    let mut fresh = parse(&format!("0,1/0,1 0,0 0 {rules}"));
    fresh.play(pit(1)).unwrap();
    fresh.play(pit(3)).unwrap();
    assert!(!fresh.is_over());
}

#[test]
fn the_operator_row_is_written_when_it_differs() {
    // The classic row cycled over 4 files is `+ - x :`: not written.
    let game = Numercy::new(Options::board(4)).unwrap();
    assert_eq!(game.to_string(), "4,4,4,4/4,4,4,4 0,0 0 holes=4 seeds=4");
    // A drill, a random row and one of each are.
    let drill = Numercy::new(Options::board(4).drill(Power)).unwrap();
    assert_eq!(
        drill.to_string(),
        "4,4,4,4/4,4,4,4 0,0 0 holes=4 seeds=4 operators=^,^,^,^"
    );
    let row = Options::classic()
        .with_operators(&[Power, Divide, Multiply, Subtract, Add, Power, Divide])
        .unwrap();
    let game = Numercy::new(row).unwrap();
    assert_eq!(
        game.to_string(),
        "7,7,7,7,7,7,7/7,7,7,7,7,7,7 0,0 0 operators=^,:,x,-,+,^,:"
    );
    assert_eq!(parse(&game.to_string()), game);
    let random = Numercy::new(Options::classic().random_row(42, &[])).unwrap();
    // Seed 42: `xx:-+^^` on the board's 7 files (see rules.rs).
    assert_eq!(
        random.to_string(),
        "7,7,7,7,7,7,7/7,7,7,7,7,7,7 0,0 0 operators=x,x,:,-,+,^,^"
    );
    assert_eq!(parse(&random.to_string()), random);
}

#[test]
fn every_option_is_written_and_read() {
    let mut options = Options::board(5).with_seeds(3).drill(Divide);
    options.relay_at = 4;
    options.skip_origin = true;
    options.rounding = Rounding::Up;
    options.divide_by_zero = DivideByZero::Max;
    options.endless = Endless::Stop;
    options.repetition = true;
    let text = "holes=5 seeds=3 operators=:,:,:,:,: relay_at=4 skip_origin=true \
                rounding=up divide_by_zero=max endless=stop repetition=true";
    assert_eq!(options.to_string(), text);
    assert_eq!(text.parse::<Options>(), Ok(options));
    let game = Numercy::new(options).unwrap();
    assert_eq!(
        game.to_string(),
        format!("3,3,3,3,3/3,3,3,3,3 0,0 0 {text}")
    );
    assert_eq!(parse(&game.to_string()), game);
    // Options in another order than written read the same, as long as
    // `holes` comes before `operators`.
    let shuffled = "3,3,3,3,3/3,3,3,3,3 0,0 0 repetition=true endless=stop holes=5 \
                    divide_by_zero=max operators=:,:,:,:,: rounding=up skip_origin=true \
                    relay_at=4 seeds=3";
    assert_eq!(parse(shuffled), game);
}

// ---------------------------------------------------------------------------
// Options by key
// ---------------------------------------------------------------------------

#[test]
fn option_keys_are_those_of_traces_md() {
    assert_eq!(
        <Options as RuleOptions>::KEYS,
        &[
            "holes",
            "seeds",
            "operators",
            "relay_at",
            "skip_origin",
            "rounding",
            "divide_by_zero",
            "endless",
            "repetition"
        ]
    );
    let classic = Options::classic();
    let values: Vec<String> = <Options as RuleOptions>::KEYS
        .iter()
        .map(|k| classic.value(k).unwrap())
        .collect();
    assert_eq!(
        values,
        [
            "7",
            "7",
            "+,-,x,:,+,-,x",
            "6",
            "false",
            "nearest",
            "zero",
            "forbid",
            "false"
        ]
    );
    assert_eq!(classic.value("max_lap"), None);
    assert_eq!(classic.value("max_laps"), None);
}

#[test]
fn options_are_set_by_key() {
    // As the conformance runner sets a trace's options.
    let mut options = Options::default();
    options.set("holes", "4").unwrap();
    options.set("seeds", "4").unwrap();
    options.set("operators", "x,^,:,-").unwrap();
    assert_eq!(options.operators(), &[Multiply, Power, Divide, Subtract]);
    options.set("rounding", "down").unwrap();
    assert_eq!(options.rounding, Rounding::Down);
    options.set("divide_by_zero", "max").unwrap();
    options.set("endless", "stop").unwrap();
    options.set("skip_origin", "true").unwrap();
    options.set("relay_at", "2").unwrap();
    options.set("repetition", "true").unwrap();
    let mut expected = Options::board(4)
        .with_operators(&[Multiply, Power, Divide, Subtract])
        .unwrap();
    expected.rounding = Rounding::Down;
    expected.divide_by_zero = DivideByZero::Max;
    expected.endless = Endless::Stop;
    expected.skip_origin = true;
    expected.relay_at = 2;
    expected.repetition = true;
    assert_eq!(options, expected);
    // Other spellings of the operators are read, and written canonically.
    options.set("operators", "*,/,×,÷").unwrap();
    assert_eq!(options.operators(), &[Multiply, Divide, Multiply, Divide]);
    assert_eq!(options.value("operators").unwrap(), "x,:,x,:");
    // A board of another size keeps the cycled row.
    let mut options = Options::default();
    options.set("holes", "5").unwrap();
    assert_eq!(options.operators(), &[Add, Subtract, Multiply, Divide, Add]);
}

#[test]
fn bad_option_values_are_typed_errors_and_change_nothing() {
    let bad = |key: &str, value: &str, expected: &'static str| {
        let mut options = Options::default();
        assert_eq!(
            options.set(key, value),
            Err(OptionError::BadValue {
                key: key.into(),
                value: value.into(),
                expected,
            }),
            "{key}={value}"
        );
        assert_eq!(options, Options::default());
        assert_eq!(options.row, Options::default().row);
    };
    bad("holes", "1", "a number from 2 to 13");
    bad("holes", "14", "a number from 2 to 13");
    bad("holes", "seven", "a number from 2 to 13");
    bad("holes", "+7", "a number from 2 to 13");
    bad("seeds", "0", "a number from 1 to 65535");
    bad("seeds", "65536", "a number from 1 to 65535");
    bad("relay_at", "1", "a number from 2 to 65535");
    const OPERATORS: &str = "one operator (+ - x : ^) per file, comma-separated";
    bad("operators", "+,-,x", OPERATORS); // 3 for 7 files
    bad("operators", "+,-,x,:,+,-,x,:", OPERATORS); // 8 for 7
    bad("operators", "+,-,x,%,+,-,x", OPERATORS);
    bad("operators", "+,-,x,:,+,-,", OPERATORS);
    bad("operators", "", OPERATORS);
    bad("operators", "+,-,x,:,+,-,x,:,+,-,x,:,+,-", OPERATORS);
    bad("skip_origin", "yes", "true or false");
    bad("repetition", "1", "true or false");
    bad("rounding", "sideways", "nearest, down or up");
    bad("divide_by_zero", "infinity", "zero or max");
    bad("endless", "loop", "forbid or stop");
    // The work budget is the reader's: no option sets it.
    let mut options = Options::default();
    for value in ["none", "40", "0"] {
        assert_eq!(
            options.set("max_laps", value),
            Err(OptionError::BudgetInText("max_laps".into()))
        );
    }
    assert_eq!(options, Options::default());
    assert!(matches!(
        options.set("max_lap", "1000000"),
        Err(OptionError::UnknownKey { .. })
    ));
    // In text: a word that is not key=value, a key given twice.
    assert_eq!(
        "holes=4 seeds".parse::<Options>(),
        Err(OptionError::NotKeyValue("seeds".into()))
    );
    assert_eq!(
        "holes=4 holes=5".parse::<Options>(),
        Err(OptionError::Duplicate("holes".into()))
    );
    // `operators` before `holes`: checked against the 7 files of the moment.
    assert!("operators=x,x,x,x holes=4".parse::<Options>().is_err());
    assert!("holes=4 operators=x,x,x,x".parse::<Options>().is_ok());
}

#[test]
fn options_equal_when_they_play_the_same_game() {
    // The operators beyond the board's files do not count.
    let drill = Options::classic().drill(Multiply).with_holes(3);
    let read: Options = "holes=3 operators=x,x,x".parse().unwrap();
    assert_ne!(drill.row, read.row);
    assert_eq!(drill, read);
    assert_eq!(drill.to_string(), "holes=3 operators=x,x,x");
    use std::collections::HashSet;
    let set: HashSet<Options> = [drill, read].into_iter().collect();
    assert_eq!(set.len(), 1);
    assert_ne!(drill, Options::board(3));
}

// ---------------------------------------------------------------------------
// Malformed and impossible text
// ---------------------------------------------------------------------------

#[test]
fn malformed_text_is_a_typed_error() {
    let notation = |text: &str| match error(text) {
        ParseError::Notation(e) => e,
        other => panic!("`{text}`: {other:?}"),
    };
    assert_eq!(notation(""), NotationError::Missing("holes"));
    assert_eq!(notation("   "), NotationError::Missing("holes"));
    assert_eq!(notation("2,2/2,2"), NotationError::Missing("points"));
    assert_eq!(notation("2,2/2,2 0,0"), NotationError::Missing("player"));
    assert!(matches!(
        notation("2,2,2/2,2 0,0 0"),
        NotationError::Invalid { part: "holes", .. }
    ));
    assert!(matches!(
        notation("2,2,2,2 0,0 0"),
        NotationError::Invalid { part: "holes", .. }
    ));
    assert!(matches!(
        notation("2,2/2,2/2,2 0,0 0"),
        NotationError::Invalid { part: "holes", .. }
    ));
    assert!(matches!(
        notation("2,-2/2,2 0,0 0"),
        NotationError::Invalid { part: "holes", .. }
    ));
    assert!(matches!(
        notation("2,65536/2,2 0,0 0"),
        NotationError::Invalid { part: "holes", .. }
    ));
    assert!(matches!(
        notation("2,2/2,2 18446744073709551616,0 0"),
        NotationError::Invalid { part: "points", .. }
    ));
    assert!(matches!(
        notation("2,2/2,2 0,,0 0"),
        NotationError::Invalid { part: "points", .. }
    ));
    assert!(matches!(
        notation("2,2/2,2 0,0 south"),
        NotationError::Invalid { part: "player", .. }
    ));
    assert!(matches!(
        notation("2,2/2,2 0,0 0 seen=2,2/2,2 holes=2"),
        NotationError::Invalid { part: "seen", .. }
    ));
    assert!(matches!(
        notation("2,2/2,2 0,0 0 seen=2,2/2,2:x holes=2"),
        NotationError::Invalid { part: "seen", .. }
    ));
    assert_eq!(
        notation("2,2/2,2 0,0 0 holes=2 over"),
        NotationError::Option(OptionError::NotKeyValue("over".into()))
    );
    assert!(matches!(
        notation("2,2/2,2 0,0 0 holes=2 colour=red"),
        NotationError::Option(OptionError::UnknownKey { .. })
    ));
    assert!(matches!(
        notation("2,2/2,2 0,0 0 holes=2 holes=2"),
        NotationError::Option(OptionError::Duplicate(_))
    ));
    // Messages name what is wrong.
    assert_eq!(
        error("2,2/2,2 0,0 0 holes=1").to_string(),
        "option `holes`: `1` is not a number from 2 to 13"
    );
    assert_eq!(error("2,2/2,2").to_string(), "missing points");
}

#[test]
fn impossible_positions_are_setup_errors() {
    let setup = |text: &str| match error(text) {
        ParseError::Setup(e) => e,
        other => panic!("`{text}`: {other:?}"),
    };
    // 2x2 rows on the classic 2x7 board.
    assert_eq!(
        setup("2,2/2,2 0,0 0"),
        SetupError::BoardLength {
            expected: 14,
            found: 4,
        }
    );
    assert_eq!(setup("2,2/2,2 0 0 holes=2"), SetupError::PointsLength(1));
    assert_eq!(
        setup("2,2/2,2 0,0,0 0 holes=2"),
        SetupError::PointsLength(3)
    );
    let third = Player::new(2).unwrap();
    assert_eq!(
        setup("2,2/2,2 0,0 2 holes=2"),
        SetupError::NoSuchPlayer(third)
    );
    assert_eq!(
        setup("65535,1/0,0 0,0 0 holes=2"),
        SetupError::TooManyBalls(65_536)
    );
    assert_eq!(
        setup("2,2/2,2 0,0 0 holes=2 seeds=40000"),
        SetupError::Options(OptionsError::TooManyBalls(160_000))
    );
    // A history where the game keeps none: repetition off, or the game over.
    assert_eq!(
        setup("2,2/2,2 0,0 0 seen=2,2/2,2:1 holes=2"),
        SetupError::UnusedHistory
    );
    assert_eq!(
        setup("2,2/2,2 0,0 0 over seen=2,2/2,2:1 holes=2 repetition=true"),
        SetupError::UnusedHistory
    );
    // A remembered position with other balls (7, not 8), or another player.
    assert_eq!(
        setup("2,2/2,2 0,0 0 seen=2,2/2,2:1|2,2/2,1:0 holes=2 repetition=true"),
        SetupError::Position(CoreSetupError::BadHistory(InvalidHistory { index: 1 }))
    );
    assert_eq!(
        setup("2,2/2,2 0,0 0 seen=2,2/2,2:3 holes=2 repetition=true"),
        SetupError::Position(CoreSetupError::BadHistory(InvalidHistory { index: 0 }))
    );
    // A remembered position with other balls (3 + 3, not 4 + 4 on the
    // board).
    assert_eq!(
        setup("2,2/2,2 0,0 0 seen=3,0/3,0:1 holes=2 repetition=true"),
        SetupError::Position(CoreSetupError::BadHistory(InvalidHistory { index: 0 }))
    );
    // One of another size is malformed text: rows of 3 on a 2x2 board.
    assert!(matches!(
        error("2,2/2,2 0,0 0 seen=4,0,0/4,0,0:1 holes=2 repetition=true"),
        ParseError::Notation(_)
    ));
    // The current position remembered: the game would have ended on
    // reaching it, so no live game has that history.
    assert_eq!(
        setup("2,2/2,2 0,0 0 seen=3,1/1,3:1|2,2/2,2:0 holes=2 repetition=true"),
        SetupError::Position(CoreSetupError::CurrentInHistory { index: 1 })
    );
    // A position remembered twice: the game would have ended the second
    // time.
    assert_eq!(
        setup("2,2/2,2 0,0 0 seen=3,1/1,3:1|2,2/2,2:1|3,1/1,3:1 holes=2 repetition=true"),
        SetupError::Position(CoreSetupError::RepeatedHistory {
            index: 2,
            earlier: 0
        })
    );
    // The same board with the other player to move is another position.
    let game = parse("2,2/2,2 0,0 0 seen=3,1/1,3:1|3,1/1,3:0|2,2/2,2:1 holes=2 repetition=true");
    assert!(!game.is_over());
}

// ---------------------------------------------------------------------------
// Moves and errors
// ---------------------------------------------------------------------------

#[test]
fn moves_are_holes_as_numbers() {
    assert_eq!("13".parse::<Pit>(), Ok(pit(13)));
    assert_eq!(pit(13).to_string(), "13");
    for bad in ["", "-1", "100", "1 3", "x", "+1", "013"] {
        assert!(bad.parse::<Pit>().is_err(), "`{bad}`");
    }
    // A move read from text plays like any other.
    let mut game = Numercy::default();
    let mv: Pit = "3".parse().unwrap();
    let mut other = Numercy::default();
    assert_eq!(game.play(mv), other.play(pit(3)));
}

#[test]
fn numercy_refuses_with_the_core_s_refusals() {
    // Numercy's refusals are the core's `PlayError` itself (no copy, no
    // conversion): the same values and the same text.
    use mancala_core::PlayError as Core;
    let core: Core = PlayError::GameOver;
    assert_eq!(core.to_string(), "the game is over");
    let mut game = parse("0,2/1,0 0,0 0 holes=2");
    let (owner, mover) = (Player::P1, Player::P0);
    assert_eq!(game.play(pit(9)), Err(Core::NotOnBoard(pit(9))));
    assert_eq!(
        game.play(pit(2)),
        Err(Core::NotYourHole {
            pit: pit(2),
            owner,
            mover,
        })
    );
    assert_eq!(game.play(pit(0)), Err(Core::EmptyHole(pit(0))));
    assert_eq!(
        game.joint_move(&[(Player::P0, pit(1)), (Player::P1, pit(2))]),
        Err(Core::Joint(JointMoveError::Count(2)))
    );
}

#[test]
fn joint_moves_are_one_hole_of_the_player_to_move() {
    let game = Numercy::default();
    assert_eq!(game.joint_move(&[(Player::P0, pit(3))]), Ok(pit(3)));
    assert_eq!(
        game.joint_move(&[(Player::P1, pit(10))]),
        Err(PlayError::Joint(JointMoveError::WrongPlayer {
            given: Player::P1,
            expected: Player::P0,
        }))
    );
    assert_eq!(
        game.joint_move(&[(Player::P0, pit(3)), (Player::P1, pit(10))]),
        Err(PlayError::Joint(JointMoveError::Count(2)))
    );
    let over = parse("0,1,3/0,0,0 7,10 1 over holes=3 seeds=3");
    assert_eq!(
        over.joint_move(&[(Player::P1, pit(3))]),
        Err(PlayError::Joint(JointMoveError::GameOver))
    );
}

// ---------------------------------------------------------------------------
// The drawing
// ---------------------------------------------------------------------------

/// The board as the `play` example drew it before the drawing moved into
/// this crate (`mancala-cli/src/play`, `draw_numercy`), kept verbatim as the
/// reference.
fn play_drawing(game: &Numercy) -> String {
    fn two_rows(holes: &[u16], width: usize) -> [String; 4] {
        let n = holes.len() / 2;
        let cells = |it: &mut dyn Iterator<Item = String>| {
            it.map(|c| format!("{c:>width$}")).collect::<String>()
        };
        [
            cells(&mut (n..2 * n).rev().map(|i| format!("({i})"))),
            cells(&mut holes[n..].iter().rev().map(u16::to_string)),
            cells(&mut holes[..n].iter().map(u16::to_string)),
            cells(&mut (0..n).map(|i| format!("({i})"))),
        ]
    }
    let [nl, north, south, sl] = two_rows(game.board().holes(), 5);
    let n = game.board().holes().len() / 2;
    let ops: String = game.options().operators()[..n]
        .iter()
        .map(|o| format!("{:>5}", o.to_string()))
        .collect();
    let [s, nn] = [game.scores()[Player::P0], game.scores()[Player::P1]];
    format!(
        "             |{nl}\n  North {nn:>4} |{north}\n             |{ops}\n  South {s:>4} |{south}\n             |{sl}"
    )
}

#[test]
fn the_alternate_form_draws_the_board_with_its_operator_row() {
    let game = Numercy::default();
    assert_eq!(
        format!("{game:#}"),
        [
            "             | (13) (12) (11) (10)  (9)  (8)  (7)",
            "  North    0 |    7    7    7    7    7    7    7",
            "             |    +    -    x    :    +    -    x",
            "  South    0 |    7    7    7    7    7    7    7",
            "             |  (0)  (1)  (2)  (3)  (4)  (5)  (6)",
        ]
        .join("\n")
    );
    let mut games = vec![
        game,
        parse("0,1,3/0,0,0 7,10 1 over holes=3 seeds=3"),
        Numercy::new(Options::board(13).random_row(42, &[])).unwrap(),
        Numercy::new(Options::board(2).drill(Power)).unwrap(),
    ];
    let mut played = Numercy::new(Options::board(6)).unwrap();
    for _ in 0..6 {
        let mv = played.legal_moves()[0];
        played.play(mv).unwrap();
        games.push(played.clone());
    }
    for game in &games {
        assert_eq!(format!("{game:#}"), play_drawing(game), "{game}");
    }
}

// ---------------------------------------------------------------------------
// Serde
// ---------------------------------------------------------------------------

#[test]
fn a_game_serializes_as_its_setup_and_is_checked_when_read() {
    let mut game = Numercy::new(Options::board(3)).unwrap();
    game.play(pit(0)).unwrap();
    let json = serde_json::to_value(&game).unwrap();
    assert_eq!(json, serde_json::to_value(game.to_setup()).unwrap());
    assert_eq!(
        serde_json::from_value::<Numercy>(json.clone()).unwrap(),
        game
    );
    // An impossible setup is refused.
    let mut bad = json.clone();
    bad["board"] = serde_json::json!([1, 2, 3]);
    assert!(serde_json::from_value::<Numercy>(bad).is_err());
    // Unknown fields are refused, in the setup and in its options.
    let mut extra = json.clone();
    extra["stores"] = serde_json::json!([0, 0]);
    assert!(serde_json::from_value::<Numercy>(extra.clone()).is_err());
    assert!(serde_json::from_value::<Setup>(extra).is_err());
    let mut extra = json.clone();
    extra["options"]["max_lap"] = serde_json::json!(1000);
    assert!(serde_json::from_value::<Numercy>(extra).is_err());
    // The work budget is the reader's: the options have no such field, and
    // a document that names one is refused (options refuse unknown
    // fields), whatever it asks for.
    for asked in [serde_json::json!(1000), serde_json::Value::Null] {
        let mut budget = json.clone();
        budget["options"]["max_laps"] = asked;
        assert!(serde_json::from_value::<Numercy>(budget).is_err());
    }
    let read = serde_json::from_value::<Numercy>(json.clone()).unwrap();
    assert_eq!(read.budget(), numercy::Budget::DEFAULT);
}

/// Reports read as one sentence, `:` only ever the division sign.
#[test]
fn reports_use_the_colon_only_for_division() {
    // `a_game_across_both_sides` above: North's 1 ball into hole 0 (empty:
    // no score), then South's 2 balls into holes 2 and 3, hole 3 making 5
    // against 1 in hole 2 on file 2 (x): 5 for North, hole 3's owner.
    let mut game = position(Options::board(3), &[0, 2, 0, 4, 0, 1], [0, 0], Player::P1);
    assert_eq!(
        game.play(pit(5)).unwrap().to_string(),
        "North sows hole 5 (1 lap) and ends in hole 0 with 1, no score"
    );
    assert_eq!(
        game.play(pit(1)).unwrap().to_string(),
        "South sows hole 1 (1 lap) and ends in hole 3 with 5, scoring 5 x 1 = 5 for North"
    );
    // 2x4, row + - x :: South's 2 balls into holes 3 and 4, hole 4 making 5
    // against 1 in hole 3 on file 3 (:): 5 : 1 = 5 for North.
    let mut game = position(
        Options::board(4),
        &[0, 0, 2, 0, 4, 0, 0, 0],
        [0, 0],
        Player::P0,
    );
    let report = game.play(pit(2)).unwrap().to_string();
    assert_eq!(
        report,
        "South sows hole 2 (1 lap) and ends in hole 4 with 5, scoring 5 : 1 = 5 for North"
    );
    assert_eq!(report.matches(':').count(), 1, "{report}");
}
