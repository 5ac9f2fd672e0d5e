//! Fuzz target `numa_setup`: `Numa::from_setup` on arbitrary setups (any
//! pieces, any target, any scores; now and then scores and targets right at
//! the bounds `SCORE_LIMIT` and `MAX_SCORE`). A refused setup is refused
//! for the reason it shows; an accepted one rebuilds from its setup, keeps
//! its outcome as the scores give it (a tie at `SCORE_LIMIT` or more is a
//! draw, so a live game is below it), round-trips through JSON and text,
//! and plays on with exact scores into accepted states; after the end
//! nothing is played. Nothing may panic.
//!
//! Seeds: `fuzz/seeds/numa_setup/` (see `fuzz/README.md`).

#![no_main]

#[path = "common/numa_check.rs"]
mod check;
#[path = "common/seeds.rs"]
mod seeds;

use arbitrary::{Arbitrary, Unstructured};
use libfuzzer_sys::fuzz_target;
use numa::{MAX_SCORE, SCORE_LIMIT, Setup};

/// A number near the bounds, or any.
fn near(u: &mut Unstructured<'_>) -> arbitrary::Result<u32> {
    Ok(match u.int_in_range(0..=5u8)? {
        0 => u.int_in_range(0..=40)?,
        1 => SCORE_LIMIT - u.int_in_range(0..=40)?,
        2 => SCORE_LIMIT + u.int_in_range(0..=40)?,
        3 => MAX_SCORE + u.int_in_range(0..=2)?,
        4 => u32::MAX - u.int_in_range(0..=2)?,
        _ => u.arbitrary()?,
    })
}

fn run(data: &[u8]) {
    let mut u = Unstructured::new(data);
    let Ok(mut setup) = Setup::arbitrary(&mut u) else {
        return;
    };
    if u.ratio(1, 2).unwrap_or(false) {
        let (Ok(t), Ok(a), Ok(r)) = (near(&mut u), near(&mut u), near(&mut u)) else {
            return;
        };
        setup.options.target = t;
        setup.scores = if u.ratio(1, 3).unwrap_or(false) {
            [a, a]
        } else {
            [a, r]
        };
    }
    check::check_setup(&setup);
}

fuzz_target!(
    init: seeds::prepare("numa_setup", run),
    |data: &[u8]| run(data)
);
