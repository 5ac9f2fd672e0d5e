//! Fuzz target `numa_json`: JSON from arbitrary bytes read as Numa options,
//! a setup, a game (`Numa`), a joint move, a choice and an instruction.
//! What is accepted re-serializes and deserializes to an equal value; a game
//! deserializes exactly when its setup passes `Numa::from_setup` (a refused
//! setup is refused for the reason it shows: a target of 0 or above
//! `SCORE_LIMIT`, a score above `MAX_SCORE`); an accepted game keeps exact
//! scores, round-trips and plays on into accepted states. Nothing may
//! panic.
//!
//! The input is the JSON itself (first byte even), or (odd) an arbitrary
//! setup (any target and scores) serialized, with a few bytes overwritten.
//!
//! Seeds: `fuzz/seeds/numa_json/` (see `fuzz/README.md`).

#![no_main]

#[path = "common/numa_check.rs"]
mod check;
#[path = "common/seeds.rs"]
mod seeds;

use arbitrary::{Arbitrary, Unstructured};
use libfuzzer_sys::fuzz_target;
use numa::{Choice, Instruction, JointMove, Numa, Options, Setup};

fn text(data: &[u8]) -> Option<Vec<u8>> {
    let (&mode, rest) = data.split_first()?;
    if mode & 1 == 0 {
        return Some(rest.to_vec());
    }
    let mut u = Unstructured::new(rest);
    let mut bytes = serde_json::to_vec(&Setup::arbitrary(&mut u).ok()?).ok()?;
    for _ in 0..mode >> 5 {
        let (Ok(at), Ok(byte)) = (u.arbitrary::<u16>(), u.arbitrary::<u8>()) else {
            break;
        };
        if !bytes.is_empty() {
            let at = usize::from(at) % bytes.len();
            bytes[at] = byte;
        }
    }
    Some(bytes)
}

/// A value that deserialized serializes and deserializes back equal.
macro_rules! round_trip {
    ($t:ty, $value:expr) => {{
        let value: &$t = $value;
        let json = serde_json::to_string(value).expect("serializes");
        assert_eq!(serde_json::from_str::<$t>(&json).ok().as_ref(), Some(value));
    }};
}

fn run(data: &[u8]) {
    let Some(bytes) = text(data) else {
        return;
    };
    if let Ok(options) = serde_json::from_slice::<Options>(&bytes) {
        round_trip!(Options, &options);
    }
    let setup = serde_json::from_slice::<Setup>(&bytes);
    let game = serde_json::from_slice::<Numa>(&bytes);
    match &setup {
        Ok(setup) => {
            round_trip!(Setup, setup);
            assert_eq!(game.as_ref().ok(), Numa::from_setup(*setup).as_ref().ok());
            check::check_setup(setup);
        }
        Err(_) => assert!(game.is_err(), "a game from JSON that is not a setup"),
    }
    if let Ok(game) = &game {
        round_trip!(Numa, game);
        check::check_game(game, 20);
    }
    if let Ok(mv) = serde_json::from_slice::<JointMove>(&bytes) {
        round_trip!(JointMove, &mv);
    }
    if let Ok(c) = serde_json::from_slice::<Choice>(&bytes) {
        round_trip!(Choice, &c);
        assert!(Choice::ALL.contains(&c));
    }
    if let Ok(i) = serde_json::from_slice::<Instruction>(&bytes) {
        round_trip!(Instruction, &i);
    }
}

fuzz_target!(
    init: seeds::prepare("numa_json", run),
    |data: &[u8]| run(data)
);
