//! Reading a fuzzed text as a position (`play`, `numercy`, `mankka`).
//!
//! Every text is read under `Budget::DEFAULT`: no text sets the work
//! budget (a `max_laps` word is refused), and the default bounds the work
//! of one read however slow the position's relays, so no text is skipped.
//! The shared round trip (`mancala_testing::check_text`) reads the
//! text and its printout again, each read costing as much as the first:
//! it runs only after a quick first read, so that one input never makes
//! more than one slow call (the `budget_text` target times them).

#![allow(dead_code)] // each target uses what it needs

use std::fmt::{Debug, Display};
use std::str::FromStr;
use std::time::{Duration, Instant};

use mancala_core::Game;
use mancala_testing as testing;

/// A first read quicker than this is followed by the shared round trip.
pub const QUICK: Duration = Duration::from_millis(50);

/// Whether a word of `text` is a `max_laps=...` option: the work budget
/// as earlier versions wrote it, which no text may set now.
pub fn has_budget_word(text: &str) -> bool {
    text.split_whitespace()
        .any(|w| w.split_once('=').is_some_and(|(key, _)| key == "max_laps"))
}

/// Reads `text` as a `G`: refused if it has a `max_laps` word; else an
/// error, or a state that prints back the same (checked by the shared round
/// trip when the read was quick). Returns the state read and whether the
/// read was quick.
pub fn check_text<G>(text: &str) -> Option<(G, bool)>
where
    G: Game + Display + FromStr,
    <G as FromStr>::Err: Debug,
{
    let started = Instant::now();
    let read = text.parse::<G>();
    let quick = started.elapsed() < QUICK;
    if has_budget_word(text) {
        assert!(read.is_err(), "`{text}` has a budget word but was read");
    }
    let game = read.ok()?;
    if quick {
        testing::check_text::<G>(text);
    } else {
        // Printed, not read again.
        let _ = format!("{game}");
        let _ = format!("{game:#}");
    }
    Some((game, quick))
}
