//! The conformance driver for Numercy (`game: "numercy"`).

use numercy::{Game, Numercy, Options, Setup};

use super::setup_game;

setup_game!(
    Numercy, Options, Setup,
    new: Numercy::new_within,
    from_setup: Numercy::from_setup_within,
    game => { "scores" => points: game.scores().as_slice() }
);
