//! The conformance driver for Robertson's game (`game: "robertson"`).

use robertson::{Game, Options, Robertson, Setup};

use super::setup_game;

setup_game!(
    Robertson, Options, Setup,
    new: |options, _| Robertson::new(options),
    from_setup: |setup, _| Robertson::from_setup(setup),
    game => {
        "captured" => captured: game.captured().as_slice(),
        "honours" => honours: game.honours().as_slice(),
    }
);
