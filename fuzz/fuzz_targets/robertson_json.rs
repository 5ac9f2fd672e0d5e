//! Fuzz target `robertson_json`: JSON from arbitrary bytes read as Robertson
//! options, a setup, a game (`Robertson`) and a `Rubber`. What is accepted
//! re-serializes and deserializes to an equal value; a game deserializes
//! exactly when its setup passes `Robertson::from_setup`; an accepted game
//! keeps exact scores, round-trips and plays on into states that are
//! accepted too; an accepted rubber is consistent (a winner exactly when its
//! game is over), plays on and counts exactly, or refuses a move with a
//! typed error and changes nothing. Nothing may panic.
//!
//! The input is the JSON itself (first byte even), or (odd) a structured
//! setup or rubber drawn from the input, serialized, with a few bytes
//! overwritten, so that the fuzzer reaches the deep checks.
//!
//! Seeds: `fuzz/seeds/robertson_json/` (see `fuzz/README.md`).

#![no_main]

#[path = "common/robertson_gen.rs"]
mod rgen;
#[path = "common/seeds.rs"]
mod seeds;

use arbitrary::Unstructured;
use libfuzzer_sys::fuzz_target;
use robertson::{Options, Robertson, Rubber, Setup};

/// The JSON text to read.
fn text(data: &[u8]) -> Option<Vec<u8>> {
    let (&mode, rest) = data.split_first()?;
    if mode & 1 == 0 {
        return Some(rest.to_vec());
    }
    let mut u = Unstructured::new(rest);
    let value = if mode & 2 == 0 {
        serde_json::to_value(rgen::setup(&mut u).ok()?).ok()?
    } else {
        rgen::rubber_json(&mut u).ok()?
    };
    let mut bytes = serde_json::to_vec(&value).ok()?;
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

fn check(data: &[u8]) {
    let Some(bytes) = text(data) else {
        return;
    };
    if let Ok(options) = serde_json::from_slice::<Options>(&bytes) {
        let json = serde_json::to_string(&options).expect("options serialize");
        assert_eq!(serde_json::from_str::<Options>(&json).ok(), Some(options));
    }
    let setup = serde_json::from_slice::<Setup>(&bytes);
    let game = serde_json::from_slice::<Robertson>(&bytes);
    match &setup {
        Ok(setup) => {
            let json = serde_json::to_string(setup).expect("a setup serializes");
            assert_eq!(
                serde_json::from_str::<Setup>(&json).as_ref().ok(),
                Some(setup)
            );
            let direct = Robertson::from_setup(setup.clone());
            assert_eq!(game.as_ref().ok(), direct.as_ref().ok());
            if let Err(e) = direct {
                rgen::check_refusal(setup, e);
            }
        }
        Err(_) => assert!(game.is_err(), "a game from JSON that is not a setup"),
    }
    if let Ok(game) = &game {
        rgen::check_game(game, 12);
    }
    if let Ok(rubber) = serde_json::from_slice::<Rubber>(&bytes) {
        rgen::check_rubber(&rubber, 40);
    }
}

fuzz_target!(
    init: seeds::prepare("robertson_json", check),
    |data: &[u8]| check(data)
);
