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
mod tablebase;
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
    TablebaseFileError,
    pyo3::exceptions::PyOSError,
    "A tablebase piece that cannot be built, read or written (a file missing, damaged or of another table)."
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

/// One game of the registry: ``name``, ``title``, ``summary``, ``rules``
/// (its rules in plain words, as its name plays it) and ``options`` (a
/// list of dicts: ``key``, ``default`` (``None`` where the key does not
/// apply) and ``help``).
///
/// Raises :class:`GameError` for a name that is no game.
#[pyfunction]
fn game_info<'py>(py: Python<'py>, name: &str) -> PyResult<Bound<'py, pyo3::types::PyDict>> {
    use pyo3::types::PyDict;
    let info = mancala_engine::find_game(name).ok_or_else(|| {
        GameError::new_err(format!(
            "unknown game {name:?} (mancala_rs.games() lists them)"
        ))
    })?;
    let start =
        mancala_engine::AnyGame::new(name, "").map_err(|e| GameError::new_err(e.to_string()))?;
    let out = PyDict::new(py);
    out.set_item("name", info.name)?;
    out.set_item("title", info.title)?;
    out.set_item("summary", info.summary)?;
    out.set_item("rules", start.rules_in_words())?;
    let options = info
        .options()
        .into_iter()
        .map(|o| {
            let d = PyDict::new(py);
            d.set_item("key", o.key)?;
            d.set_item("default", o.default)?;
            d.set_item("help", o.help)?;
            Ok(d)
        })
        .collect::<PyResult<Vec<_>>>()?;
    out.set_item("options", options)?;
    Ok(out)
}

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(games, m)?)?;
    m.add_function(wrap_pyfunction!(game_info, m)?)?;
    m.add_function(wrap_pyfunction!(state::new_game, m)?)?;
    m.add_function(wrap_pyfunction!(state::load_game, m)?)?;
    m.add_function(wrap_pyfunction!(state::from_text, m)?)?;
    m.add_class::<state::Game>()?;
    m.add_class::<state::State>()?;
    m.add_class::<vector::VectorEnv>()?;
    m.add_function(wrap_pyfunction!(tablebase::tablebase_units, m)?)?;
    m.add_function(wrap_pyfunction!(tablebase::tablebase_build, m)?)?;
    m.add_function(wrap_pyfunction!(tablebase::tablebase_build_unit, m)?)?;
    m.add_function(wrap_pyfunction!(tablebase::tablebase_build_units, m)?)?;
    m.add_function(wrap_pyfunction!(tablebase::tablebase_merge_layer, m)?)?;
    m.add_function(wrap_pyfunction!(tablebase::tablebase_assemble, m)?)?;
    m.add_function(wrap_pyfunction!(tablebase::tablebase_check_piece, m)?)?;
    m.add(
        "TablebaseFileError",
        m.py().get_type::<TablebaseFileError>(),
    )?;
    m.add("GameError", m.py().get_type::<GameError>())?;
    m.add(
        "IllegalActionError",
        m.py().get_type::<IllegalActionError>(),
    )?;
    Ok(())
}
