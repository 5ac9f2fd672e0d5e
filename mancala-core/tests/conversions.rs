//! Holes from integers and text (`Pit::try_from`, `str::parse::<Pit>`), and
//! what `ByPlayer`'s `Debug` shows: bad input is a typed error, never a
//! panic, and a value beyond the game's players never shows.

// Tests may unwrap and panic: that is how they fail.
#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use mancala_core::notation::NotationError;
use mancala_core::{ByPlayer, Pit, Player, notation::InvalidPit, rules::MAX_HOLES};
use proptest::prelude::*;
use proptest::test_runner::Config;

/// `default` cases (or `PROPTEST_CASES`), failures not persisted.
fn config(default: u32) -> Config {
    Config {
        cases: mancala_testing::proptest_cases(default),
        failure_persistence: None,
        ..Config::default()
    }
}

// ---------------------------------------------------------------------------
// Pit::try_from
// ---------------------------------------------------------------------------

#[test]
fn every_hole_index_converts_from_every_integer_type() {
    for i in 0..MAX_HOLES {
        let pit = Pit::try_from(i).unwrap();
        assert_eq!(pit.index(), i);
        assert_eq!(Pit::try_from(u8::try_from(i).unwrap()), Ok(pit));
        assert_eq!(Pit::try_from(u16::try_from(i).unwrap()), Ok(pit));
        assert_eq!(Pit::try_from(u32::try_from(i).unwrap()), Ok(pit));
        assert_eq!(Pit::try_from(u64::try_from(i).unwrap()), Ok(pit));
        assert_eq!(Pit::try_from(i32::try_from(i).unwrap()), Ok(pit));
        assert_eq!(Pit::new(i), Some(pit));
    }
}

#[test]
fn an_unsuffixed_literal_converts() {
    // `3` is an `i32` here: the impl that makes this line compile.
    let pit = Pit::try_from(3).unwrap();
    assert_eq!(pit.index(), 3);
    assert_eq!(Pit::try_from(99).map(Pit::index), Ok(99));
    assert_eq!(Pit::try_from(100), Err(InvalidPit(100)));
}

#[test]
fn the_first_index_past_the_last_hole_is_refused_for_every_type() {
    // 100 holes (two rows of 50): 0 to 99.
    assert_eq!(MAX_HOLES, 100);
    assert_eq!(Pit::try_from(100u8), Err(InvalidPit(100)));
    assert_eq!(Pit::try_from(100u16), Err(InvalidPit(100)));
    assert_eq!(Pit::try_from(100u32), Err(InvalidPit(100)));
    assert_eq!(Pit::try_from(100u64), Err(InvalidPit(100)));
    assert_eq!(Pit::try_from(100usize), Err(InvalidPit(100)));
    assert_eq!(Pit::try_from(100i32), Err(InvalidPit(100)));
}

#[test]
fn the_largest_and_negative_values_are_refused_with_the_exact_value() {
    assert_eq!(Pit::try_from(u8::MAX), Err(InvalidPit(255)));
    assert_eq!(Pit::try_from(u16::MAX), Err(InvalidPit(65_535)));
    assert_eq!(Pit::try_from(u32::MAX), Err(InvalidPit(4_294_967_295)));
    assert_eq!(
        Pit::try_from(u64::MAX),
        Err(InvalidPit(18_446_744_073_709_551_615))
    );
    assert_eq!(
        Pit::try_from(usize::MAX),
        Err(InvalidPit(usize::MAX as i128))
    );
    assert_eq!(Pit::try_from(-1), Err(InvalidPit(-1)));
    assert_eq!(Pit::try_from(i32::MIN), Err(InvalidPit(-2_147_483_648)));
    // A u64 past usize::MAX on 32-bit targets, and a value whose low byte is
    // a valid hole (3): neither truncates into a hole.
    assert_eq!(Pit::try_from(1u64 << 40), Err(InvalidPit(1 << 40)));
    assert_eq!(Pit::try_from(259u16), Err(InvalidPit(259)));
}

#[test]
fn an_invalid_pit_says_which_index_and_the_range() {
    assert_eq!(
        InvalidPit(100).to_string(),
        "hole index 100 is out of range (holes are 0 to 99)"
    );
    assert_eq!(
        Pit::try_from(-1i32).unwrap_err().to_string(),
        "hole index -1 is out of range (holes are 0 to 99)"
    );
}

// ---------------------------------------------------------------------------
// str::parse::<Pit>
// ---------------------------------------------------------------------------

/// The error `parse` gives for `text`: an invalid hole, naming the text.
fn refused(text: &str) -> NotationError {
    NotationError::invalid("hole", "a hole number (0 to 99)", text)
}

#[test]
fn every_hole_number_reads_back() {
    for i in 0..MAX_HOLES {
        let pit = Pit::try_from(i).unwrap();
        assert_eq!(pit.to_string().parse::<Pit>(), Ok(pit));
    }
}

#[test]
fn bad_hole_text_is_a_typed_error_naming_the_text() {
    for text in [
        "",
        "-1",
        "3x",
        "x3",
        "100",
        "101",
        "999",
        "+3",
        " 3",
        "3 ",
        "3.0",
        "٣", // ARABIC-INDIC DIGIT THREE: a digit, but not ASCII
        "18446744073709551616",
        "340282366920938463463374607431768211456",
        &"9".repeat(10_000),
    ] {
        assert_eq!(text.parse::<Pit>(), Err(refused(text)), "{text:?}");
    }
    assert_eq!(
        "3x".parse::<Pit>().unwrap_err().to_string(),
        "hole: `3x` is not a hole number (0 to 99)"
    );
}

proptest! {
    #![proptest_config(config(1024))]

    /// Every `u64` converts exactly when it is below `MAX_HOLES`, to the
    /// hole of that index, and is otherwise refused with itself.
    #[test]
    fn try_from_u64_agrees_with_the_range(value in prop_oneof![0u64..100, any::<u64>()]) {
        match Pit::try_from(value) {
            Ok(pit) => prop_assert_eq!(pit.index() as u64, value),
            Err(e) => {
                prop_assert!(value >= MAX_HOLES as u64);
                prop_assert_eq!(e, InvalidPit(i128::from(value)));
            }
        }
    }

    /// Every `i32`, negative ones included, likewise.
    #[test]
    fn try_from_i32_agrees_with_the_range(value in prop_oneof![-100i32..100, any::<i32>()]) {
        match Pit::try_from(value) {
            Ok(pit) => prop_assert_eq!(i32::try_from(pit.index()).unwrap(), value),
            Err(e) => {
                prop_assert!(!(0..100).contains(&value));
                prop_assert_eq!(e, InvalidPit(i128::from(value)));
            }
        }
    }

    /// Any short string reads as a hole exactly when it is one or two ASCII
    /// digits naming a hole; the hole prints back as its number.
    #[test]
    fn any_text_reads_as_a_hole_or_a_typed_error(text in "[0-9+ x-]{0,4}|.{0,6}") {
        let expected = (1..=2).contains(&text.len()) && text.bytes().all(|b| b.is_ascii_digit());
        match text.parse::<Pit>() {
            Ok(pit) => {
                prop_assert!(expected, "{:?} read as {}", text, pit);
                prop_assert_eq!(text.parse::<usize>().ok(), Some(pit.index()));
                prop_assert_eq!(pit.to_string().parse::<Pit>(), Ok(pit));
            }
            Err(e) => {
                prop_assert!(!expected || text.parse::<usize>().unwrap() >= MAX_HOLES);
                prop_assert_eq!(e, refused(&text));
            }
        }
    }
}

// ---------------------------------------------------------------------------
// ByPlayer's Debug
// ---------------------------------------------------------------------------

#[test]
fn by_player_debug_shows_only_the_real_players() {
    let mut scores = ByPlayer::new(2, 0u64);
    scores[Player::P0] = 1;
    scores[Player::P1] = 2;
    // Writing to a player beyond the count goes into a hidden slot...
    let p3 = Player::new(3).unwrap();
    scores[p3] = 99;
    assert_eq!(scores[p3], 99);
    // ...which Debug, like equality and `as_slice`, leaves out.
    assert_eq!(format!("{scores:?}"), "[1, 2]");
    assert_eq!(format!("{scores:#?}"), "[\n    1,\n    2,\n]");
    assert_eq!(scores, ByPlayer::from_slice(&[1, 2]));
}

#[test]
fn by_player_debug_has_one_entry_a_player() {
    for count in 0..=6 {
        let values = ByPlayer::new(count, 'a');
        let expected = format!("{:?}", vec!['a'; count]);
        assert_eq!(format!("{values:?}"), expected, "{count} players");
    }
    // More than MAX_PLAYERS values: only MAX_PLAYERS are kept and shown.
    let many = ByPlayer::from_slice(&[1u8, 2, 3, 4, 5, 6, 7, 8]);
    assert_eq!(format!("{many:?}"), "[1, 2, 3, 4, 5, 6]");
    // The values' own Debug is used.
    let named = ByPlayer::from_slice(&[Some("south"), None]);
    assert_eq!(format!("{named:?}"), r#"[Some("south"), None]"#);
}
