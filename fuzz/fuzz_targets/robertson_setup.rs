//! Fuzz target `robertson_setup`: `Robertson::from_setup` on arbitrary
//! setups, not only reachable ones (any options, hole and store counts,
//! honours near and past `MAX_HONOURS`, honours tables near and past
//! `MAX_CAPTURE_HONOURS`, lengths off by one, any player, `over` flag and
//! history). A refused setup is refused for a reason it shows (a typed
//! `SetupError`); an accepted one gives a state whose setup rebuilds it,
//! whose scores are exactly captures plus honours, which round-trips
//! through JSON and text, and from which play reaches only states that
//! are accepted too. Nothing may panic.
//!
//! Seeds: `fuzz/seeds/robertson_setup/` (see `fuzz/README.md`).

#![no_main]

#[path = "common/robertson_gen.rs"]
mod rgen;
#[path = "common/seeds.rs"]
mod seeds;

use arbitrary::Unstructured;
use libfuzzer_sys::fuzz_target;
use robertson::{Game, Robertson};

fn check(data: &[u8]) {
    let mut u = Unstructured::new(data);
    let Ok(setup) = rgen::setup(&mut u) else {
        return;
    };
    match Robertson::from_setup(setup.clone()) {
        Ok(game) => {
            assert_eq!(game.options(), &setup.options);
            assert_eq!(game.honours().as_slice(), &setup.honours[..]);
            if !game.is_over() {
                assert_eq!(game.to_setup(), setup, "a live state keeps its setup");
            }
            rgen::check_game(&game, 60);
        }
        Err(e) => rgen::check_refusal(&setup, e),
    }
}

fuzz_target!(
    init: seeds::prepare("robertson_setup", check),
    |data: &[u8]| check(data)
);
