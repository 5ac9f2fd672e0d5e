//! Mankka's text forms: positions, moves, options, reports, and the drawing
//! of `{:#}`.

// Tests may unwrap and panic: that is how they fail.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use mancala_core::notation::{NotationError, OptionError};
use mancala_testing as testing;
use mankka::*;

fn pit(i: usize) -> Pit {
    Pit::new(i).unwrap()
}

#[test]
fn the_start_of_each_variant() {
    assert_eq!(Mankka::default(), Mankka::new(Options::two()).unwrap());
    assert_eq!(
        Mankka::default().to_string(),
        "3,3,3,3,3,3/3,3,3,3,3,3 0,0 6,6 0"
    );
    assert_eq!(
        Mankka::new(Options::one()).unwrap().to_string(),
        "4,4,4,4,4,4/4,4,4,4,4,4 0,0 0,0 0 variant=one"
    );
    for text in [
        "3,3,3,3,3,3/3,3,3,3,3,3 0,0 6,6 0",
        "4,4,4,4,4,4/4,4,4,4,4,4 0,0 0,0 0 variant=one",
    ] {
        let game: Mankka = text.parse().unwrap();
        assert_eq!(game.to_string(), text);
        testing::check_notation(&game);
    }
}

#[test]
fn a_game_through_its_text() {
    let mut game = Mankka::default();
    game.play("1+2+0+0+3+0".parse().unwrap()).unwrap();
    assert_eq!(game.to_string(), "4,5,3,3,6,3/3,3,3,3,3,3 0,0 0,6 1");
    game.play("0+0+0+0+0+6".parse().unwrap()).unwrap();
    assert_eq!(game.to_string(), "4,5,3,3,6,3/3,3,3,3,3,9 0,0 0,0 0");
    // P0 sows hole 2 (3 seeds): holes 3, 4, 5 become 4, 7, 4. Hole 5 held
    // 3, now 4: relay. Lap 2 lifts 4 from hole 5: holes 6..=9 become 4 each;
    // hole 9 held 3: relay. Lap 3 lifts 4 from hole 9: holes 10, 11, 0, 1
    // become 4, 10, 5, 6; hole 1 held 5: relay. Lap 4 lifts 6 from hole 1:
    // holes 2..=7 become 1, 5, 8, 1, 5, 5; hole 7 held 4: relay. Lap 5 lifts
    // 5 from hole 7: holes 8, 9, 10, 11, 0 become 5, 1, 5, 11, 6; hole 0 held
    // 5: relay. Lap 6 lifts 6 from hole 0: holes 1..=6 become 1, 2, 6, 9, 2,
    // 6; hole 6 held 5: relay. Lap 7 lifts 6 from hole 6: holes 7..=11 and 0
    // become 1, 6, 2, 6, 12, 1; hole 0 was empty: the turn ends, nothing
    // captured (it holds 1).
    let report = game.play("2".parse().unwrap()).unwrap();
    assert_eq!(report.laps, 7);
    assert_eq!(report.landing, Some(Landing::Hole(pit(0))));
    assert!(report.captured.is_empty());
    assert_eq!(game.to_string(), "1,1,2,6,9,2/0,1,6,2,6,12 0,0 0,0 1");
    assert_eq!(
        report.to_string(),
        "player 0 sows hole 2 (7 laps), ends in hole 0"
    );
    testing::check_notation(&game);
}

#[test]
fn over_history_and_options_are_written() {
    // Over: P0 sows 0 into the empty 1, leaving 8.
    let mut game: Mankka = "1,0,0,0,0,0/0,0,0,0,0,7 20,13 0,0 0".parse().unwrap();
    game.play(Move::Sow(pit(0))).unwrap();
    assert!(game.is_over());
    assert_eq!(game.to_string(), "0,1,0,0,0,0/0,0,0,0,0,7 20,13 0,0 1 over");
    testing::check_notation(&game);

    // Without the early ends the positions since the last capture are
    // remembered, oldest first; the current one is not written.
    let mut game: Mankka = "0,0,0,0,0,0/1,0,0,0,0,0 24,23 0,0 0 early_end=false"
        .parse()
        .unwrap();
    game.play(Move::Pass).unwrap();
    assert_eq!(
        game.to_string(),
        "0,0,0,0,0,0/1,0,0,0,0,0 24,23 0,0 1 seen=0,0,0,0,0,0/1,0,0,0,0,0:0 early_end=false"
    );
    game.play(Move::Sow(pit(6))).unwrap();
    assert_eq!(
        game.to_string(),
        "0,0,0,0,0,0/0,1,0,0,0,0 24,23 0,0 0 seen=0,0,0,0,0,0/1,0,0,0,0,0:0|0,0,0,0,0,0/1,0,0,0,0,0:1 early_end=false"
    );
    testing::check_notation(&game);

    // Every option that differs from Mankka Two, in the keys' order.
    let options = Options {
        variant: Variant::One,
        end_threshold: 4,
        early_end: true,
        skip_origin: true,
        chain: Chain::Side,
        endless: Endless::Stop,
    };
    let game = Mankka::new(options).unwrap();
    let text = "4,4,4,4,4,4/4,4,4,4,4,4 0,0 0,0 0 variant=one end_threshold=4 skip_origin=true chain=side endless=stop";
    assert_eq!(game.to_string(), text);
    assert_eq!(text.parse::<Mankka>().unwrap(), game);
    // Options in another order read the same.
    let shuffled = "4,4,4,4,4,4/4,4,4,4,4,4 0,0 0,0 0 endless=stop chain=side skip_origin=true end_threshold=4 variant=one";
    assert_eq!(shuffled.parse::<Mankka>().unwrap(), game);
}

#[test]
fn malformed_or_impossible_text_is_a_typed_error() {
    let parse = |s: &str| s.parse::<Mankka>().unwrap_err();
    assert_eq!(
        parse(""),
        ParseError::Notation(NotationError::Missing("holes"))
    );
    assert_eq!(
        parse("3,3,3,3,3,3/3,3,3,3,3,3 0,0"),
        ParseError::Notation(NotationError::Missing("hands"))
    );
    assert_eq!(
        parse("3,3,3,3,3,3/3,3,3,3,3,3 0,0 6,6"),
        ParseError::Notation(NotationError::Missing("player"))
    );
    assert!(matches!(
        parse("3,3,x,3,3,3/3,3,3,3,3,3 0,0 6,6 0"),
        ParseError::Notation(NotationError::Invalid { part: "holes", .. })
    ));
    assert!(matches!(
        parse("3,3,3,3,3,3/3,3,3,3,3,3 0,0 6,6 7"),
        ParseError::Notation(NotationError::Invalid { part: "player", .. })
    ));
    assert!(matches!(
        parse("3,3,3,3,3,3/3,3,3,3,3,3 0,0 6,6 0 colour=red"),
        ParseError::Notation(NotationError::Option(OptionError::UnknownKey { .. }))
    ));
    assert!(matches!(
        parse("3,3,3,3,3,3/3,3,3,3,3,3 0,0 6,6 0 variant=three"),
        ParseError::Notation(NotationError::Option(OptionError::BadValue { .. }))
    ));
    assert!(matches!(
        parse("3,3,3,3,3,3/3,3,3,3,3,3 0,0 6,6 0 side"),
        ParseError::Notation(NotationError::Option(OptionError::NotKeyValue(_)))
    ));
    // Well formed, impossible.
    assert_eq!(
        parse("3,3,3,3,3,3/3,3,3,3,3,3 0,0 5,6 0"),
        ParseError::Setup(SetupError::HandSize {
            expected: 6,
            found: 5
        })
    );
    assert_eq!(
        parse("3,3,3,3,3,3/3,3,3,3,3,3 0,0 6,6,6 0"),
        ParseError::Setup(SetupError::HandsLength(3))
    );
    assert_eq!(
        parse("3,3,3,3,3,3/3,3,3,3,3,3 0,0 6,6 0 over"),
        ParseError::Setup(SetupError::HandsAfterOpening)
    );
    // A row of five: every row of the text must hold six counts.
    assert!(matches!(
        parse("3,3,3,3,3/3,3,3,3,3,3 0,0 6,6 0"),
        ParseError::Notation(NotationError::Invalid { part: "holes", .. })
    ));
    assert!(matches!(
        parse("4,4,4,4,4,4/4,4,4,4,4,4 0,0 0,0 0 variant=one seen=4,4,4,4,4,4/4,4,4,4,4,4:1"),
        ParseError::Notation(_)
    ));
}

#[test]
fn moves_and_placements_as_text() {
    assert_eq!("0".parse::<Move>(), Ok(Move::Sow(pit(0))));
    assert_eq!("11".parse::<Move>(), Ok(Move::Sow(pit(11))));
    assert_eq!("pass".parse::<Move>(), Ok(Move::Pass));
    assert_eq!(
        "1+2+0+0+3+0".parse::<Move>(),
        Ok(Move::Place(Placement::new([1, 2, 0, 0, 3, 0])))
    );
    for bad in [
        "",
        "x",
        "-1",
        "pass ",
        "Pass",
        "1+1+1+1+1",
        "1+1+1+1+1+1+1",
        "1+1++1+1+1",
        "1+1+1+1+1+x",
        "place 1 1 1 1 1 1",
        "1 1 1 1 1 1",
        "70000+0+0+0+0+0",
    ] {
        assert!(bad.parse::<Move>().is_err(), "`{bad}` read as a move");
    }
    assert!(matches!(
        "1+1+1".parse::<Move>(),
        Err(NotationError::Invalid {
            part: "placement",
            ..
        })
    ));
    assert!(matches!(
        "x".parse::<Move>(),
        Err(NotationError::Invalid { part: "move", .. })
    ));
    let mut all: Vec<Move> = Placement::all(6).map(Move::Place).collect();
    all.extend((0..12).map(|i| Move::Sow(pit(i))));
    all.push(Move::Pass);
    testing::check_action_text(&all);
    testing::check_action_text(&Placement::all(6).collect::<Vec<_>>());
}

#[test]
fn options_as_text() {
    assert_eq!(Options::two().to_string(), "");
    assert_eq!(Options::one().to_string(), "variant=one");
    let mut options = Options::two();
    options.early_end = false;
    options.end_threshold = 12;
    assert_eq!(options.to_string(), "end_threshold=12 early_end=false");
    assert_eq!(options.to_string().parse::<Options>(), Ok(options));
    // One place reads options: the keys of the conformance traces (`mancala_cli::conformance`).
    use mancala_core::notation::RuleOptions;
    assert_eq!(
        <Options as RuleOptions>::KEYS,
        &[
            "variant",
            "end_threshold",
            "early_end",
            "skip_origin",
            "chain",
            "endless"
        ]
    );
    let mut o = Options::default();
    o.set("variant", "one").unwrap();
    o.set("chain", "side").unwrap();
    o.set("endless", "stop").unwrap();
    o.set("end_threshold", "0").unwrap();
    assert_eq!(
        (o.variant, o.chain, o.endless, o.end_threshold),
        (Variant::One, Chain::Side, Endless::Stop, 0)
    );
    assert_eq!(o.value("variant").as_deref(), Some("one"));
    // The work budget is the reader's: no option names it.
    assert_eq!(o.value("max_laps"), None);
    let before = o;
    assert_eq!(
        o.set("max_laps", "none"),
        Err(OptionError::BudgetInText("max_laps".into()))
    );
    assert!(matches!(
        o.set("max_lap", "10"),
        Err(OptionError::UnknownKey { .. })
    ));
    assert!(matches!(
        o.set("end_threshold", "-1"),
        Err(OptionError::BadValue { .. })
    ));
    assert!(matches!(
        o.set("early_end", "yes"),
        Err(OptionError::BadValue { .. })
    ));
    assert_eq!(o, before, "refused options change nothing");
    assert!(matches!(
        "variant=one variant=two".parse::<Options>(),
        Err(OptionError::Duplicate(_))
    ));
}

#[test]
fn reports_in_words() {
    let mut game = Mankka::default();
    let report = game
        .play(Move::Place(Placement::new([1, 2, 0, 0, 3, 0])))
        .unwrap();
    assert_eq!(report.to_string(), "player 0 places 1+2+0+0+3+0");

    // P1 sows hole 7 (5 seeds) and captures 2 + 3 + 2 + 3 across the sides.
    let mut game: Mankka = "1,0,10,0,0,0/5,5,0,2,1,2 0,0 0,0 1".parse().unwrap();
    let report = game.play(Move::Sow(pit(7))).unwrap();
    assert_eq!(
        report.to_string(),
        "player 1 sows hole 7, ends in hole 0, captures 10 from holes 0, 9, 10, 11"
    );

    let mut game: Mankka = "0,0,0,0,0,0/1,0,0,0,0,0 24,23 0,0 0 early_end=false"
        .parse()
        .unwrap();
    assert_eq!(
        game.play(Move::Pass).unwrap().to_string(),
        "player 0 passes"
    );

    // RULES.md's endless relay, stopped.
    let mut game: Mankka = "4,2,5,2,0,3/1,4,2,0,3,1 10,11 0,0 0 endless=stop"
        .parse()
        .unwrap();
    let report = game.play(Move::Sow(pit(2))).unwrap();
    assert!(report.endless);
    let words = report.to_string();
    assert!(
        words.starts_with("player 0 sows hole 2 (") && words.ends_with("(stopped)"),
        "{words}"
    );
}

/// `{:#}` draws the board as `play` drew Mankka before this crate did: the
/// reference below is that drawing code.
#[test]
fn the_drawing_is_plays() {
    fn reference(game: &Mankka) -> String {
        let holes = game.board().holes();
        let n = holes.len() / 2;
        let cells = |it: &mut dyn Iterator<Item = String>| {
            it.map(|c| format!("{c:>5}")).collect::<String>()
        };
        let nl = cells(&mut (n..2 * n).rev().map(|i| format!("({i})")));
        let north = cells(&mut holes[n..].iter().rev().map(u16::to_string));
        let south = cells(&mut holes[..n].iter().map(u16::to_string));
        let sl = cells(&mut (0..n).map(|i| format!("({i})")));
        let stores = game.board().stores();
        let pad = " ".repeat(north.len());
        format!(
            "        {nl}\n        {north}\n  N {:>3} {pad} {:>3} S\n        {south}\n        {sl}\n  in hand: player 0 {}, player 1 {}",
            stores[1],
            stores[0],
            game.hands()[Player::P0],
            game.hands()[Player::P1],
        )
    }
    let mut game = Mankka::default();
    assert_eq!(format!("{game:#}"), reference(&game));
    assert_eq!(
        format!("{game:#}"),
        [
            "         (11) (10)  (9)  (8)  (7)  (6)",
            "            3    3    3    3    3    3",
            "  N   0                                  0 S",
            "            3    3    3    3    3    3",
            "          (0)  (1)  (2)  (3)  (4)  (5)",
            "  in hand: player 0 6, player 1 6",
        ]
        .join("\n")
    );
    let mut rng = testing::SplitMix::new(5);
    while testing::play_random(&mut game, &mut rng).is_some() {
        assert_eq!(format!("{game:#}"), reference(&game));
    }
}
