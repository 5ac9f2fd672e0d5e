//! `mancala_rs._core`: the Python extension of mancala-rs (PyO3). The
//! package `mancala_rs` (`python/mancala_rs/`) re-exports it and adds the
//! OpenSpiel, PettingZoo and Gymnasium adapters in Python.
//!
//! Every game of the registry (`mancala_engine::GAMES`) is reachable by
//! name, played as the registry's one game type, `mancala_engine::AnyGame`;
//! actions are integers and observations `float32` vectors, numbered as
//! `mancala_engine::Registered` says for each game.

#![forbid(unsafe_code)]

mod returns;
mod state;
mod vector;

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

create_exception!(
    mancala_rs,
    GameError,
    PyValueError,
    "An unknown game name, bad options or a bad position text."
);
create_exception!(
    mancala_rs,
    IllegalActionError,
    PyValueError,
    "An action that is not legal in the state (the state is unchanged)."
);

/// Every game's name, in the registry's order: the four games of the
/// project, oware and Kalah, then the catalogue.
#[pyfunction]
fn games() -> Vec<&'static str> {
    mancala_engine::GAMES.iter().map(|g| g.name).collect()
}

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(games, m)?)?;
    m.add_function(wrap_pyfunction!(state::new_game, m)?)?;
    m.add_function(wrap_pyfunction!(state::load_game, m)?)?;
    m.add_function(wrap_pyfunction!(state::from_text, m)?)?;
    m.add_class::<state::Game>()?;
    m.add_class::<state::State>()?;
    m.add_class::<vector::VectorEnv>()?;
    m.add("GameError", m.py().get_type::<GameError>())?;
    m.add(
        "IllegalActionError",
        m.py().get_type::<IllegalActionError>(),
    )?;
    Ok(())
}
