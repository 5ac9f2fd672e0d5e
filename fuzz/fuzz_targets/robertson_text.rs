//! Fuzz target `robertson_text`: the text parsers of Robertson's game on
//! arbitrary text: a position (`Robertson: FromStr`), options
//! (`Options: FromStr`) and a move (`Pit: FromStr`). A parse that succeeds
//! prints back (`Display`) as text that parses to an equal value and prints
//! the same again; a parsed position also keeps the state contract (exact
//! scores, JSON round trip, play into accepted states). A refused text is a
//! typed error. Nothing may panic.
//!
//! The text is the input itself (first byte even) or (odd) the notation of
//! an arbitrary setup with a few bytes overwritten, so that the fuzzer
//! reaches positions that parse.
//!
//! Seeds: `fuzz/seeds/robertson_text/` (see `fuzz/README.md`).

#![no_main]

#[path = "common/robertson_gen.rs"]
mod rgen;
#[path = "common/seeds.rs"]
mod seeds;

use arbitrary::Unstructured;
use libfuzzer_sys::fuzz_target;
use robertson::{Leftover, Options, ParseError, Pit, Robertson};

/// The text to read.
fn text(data: &[u8]) -> Option<String> {
    let (&mode, rest) = data.split_first()?;
    if mode & 1 == 0 {
        return Some(String::from_utf8_lossy(rest).into_owned());
    }
    let mut u = Unstructured::new(rest);
    let setup = rgen::setup(&mut u).ok()?;
    // The notation of a valid position near the setup, or of the start.
    let game = Robertson::from_setup(setup.clone())
        .or_else(|_| Robertson::new(setup.options))
        .unwrap_or_default();
    let mut bytes = game.to_string().into_bytes();
    for _ in 0..mode >> 5 {
        let (Ok(at), Ok(byte)) = (u.arbitrary::<u16>(), u.arbitrary::<u8>()) else {
            break;
        };
        if !bytes.is_empty() {
            let at = usize::from(at) % bytes.len();
            bytes[at] = byte;
        }
    }
    Some(String::from_utf8_lossy(&bytes).into_owned())
}

fn check(data: &[u8]) {
    let Some(text) = text(data) else {
        return;
    };
    match text.parse::<Robertson>() {
        Ok(game) => {
            let shown = game.to_string();
            let again: Robertson = shown.parse().expect("a printed position parses");
            assert_eq!(again, game, "{text:?} -> {shown:?}");
            assert_eq!(again.to_string(), shown);
            rgen::check_game(&game, 8);
        }
        // A typed error: malformed text, or a position the setup refuses.
        Err(ParseError::Setup(_) | ParseError::Notation(_)) => {}
        Err(_) => {}
    }
    if let Ok(options) = text.parse::<Options>() {
        let shown = options.to_string();
        if options.leftover != Leftover::Stay {
            assert_eq!(
                shown.parse::<Options>(),
                Ok(options),
                "{text:?} -> {shown:?}"
            );
            assert_eq!(shown.parse::<Options>().map(|o| o.to_string()), Ok(shown));
        }
    }
    if let Ok(pit) = text.parse::<Pit>() {
        let shown = pit.to_string();
        assert_eq!(shown.parse::<Pit>(), Ok(pit), "{text:?} -> {shown:?}");
    }
}

fuzz_target!(
    init: seeds::prepare("robertson_text", check),
    |data: &[u8]| check(data)
);
