//! Fuzz target `numa_text`: Numa's text parsers on arbitrary text: a
//! position (`Numa`), a joint move, a choice, an instruction and options. A
//! parse that succeeds prints back (`Display`) as text that parses to an
//! equal value and prints the same again; a parsed position also keeps the
//! state contract (bounds, outcome, JSON round trip, play). Nothing may
//! panic.
//!
//! The text is the input itself (first byte even) or (odd) the notation of
//! a valid position or a joint move with a few bytes overwritten.
//!
//! Seeds: `fuzz/seeds/numa_text/` (see `fuzz/README.md`).

#![no_main]

#[path = "common/numa_check.rs"]
mod check;
#[path = "common/seeds.rs"]
mod seeds;

use arbitrary::{Arbitrary, Unstructured};
use libfuzzer_sys::fuzz_target;
use numa::{Choice, Instruction, JointMove, Numa, Options, Setup};

fn text(data: &[u8]) -> Option<String> {
    let (&mode, rest) = data.split_first()?;
    if mode & 1 == 0 {
        return Some(String::from_utf8_lossy(rest).into_owned());
    }
    let mut u = Unstructured::new(rest);
    let shown = if mode & 2 == 0 {
        Numa::from_setup(Setup::arbitrary(&mut u).ok()?)
            .unwrap_or_default()
            .to_string()
    } else {
        JointMove::arbitrary(&mut u).ok()?.to_string()
    };
    let mut bytes = shown.into_bytes();
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

/// A parse that succeeds prints back as text that parses equal and prints
/// the same.
fn round_trip<T>(text: &str)
where
    T: std::str::FromStr + std::fmt::Display + PartialEq + std::fmt::Debug,
    T::Err: PartialEq + std::fmt::Debug,
{
    if let Ok(value) = text.parse::<T>() {
        let shown = value.to_string();
        let again = shown.parse::<T>();
        assert_eq!(again.as_ref().ok(), Some(&value), "{text:?} -> {shown:?}");
        assert_eq!(again.map(|v| v.to_string()).ok(), Some(shown));
    }
}

fn run(data: &[u8]) {
    let Some(text) = text(data) else {
        return;
    };
    round_trip::<Numa>(&text);
    if let Ok(game) = text.parse::<Numa>() {
        check::check_game(&game, 10);
    }
    round_trip::<JointMove>(&text);
    round_trip::<Choice>(&text);
    round_trip::<Instruction>(&text);
    round_trip::<Options>(&text);
    if let Ok(options) = text.parse::<Options>() {
        assert_eq!(options.check(), Ok(()), "{text:?} gave invalid options");
    }
}

fuzz_target!(
    init: seeds::prepare("numa_text", run),
    |data: &[u8]| run(data)
);
