//! `Game` and `State`: one game of the registry, and one position of it.

use mancala_core::{Player, Status};
use mancala_engine::{AnyGame, Limits, MoveError, SearchError};
use numpy::{IntoPyArray, PyArray1};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::returns::returns;
use crate::{GameError, IllegalActionError};

/// The id `current_player` gives once the game is over.
const TERMINAL: i64 = -1;
/// The id `current_player` gives in a simultaneous turn.
const SIMULTANEOUS: i64 = -2;

/// `Err(GameError)` with `e`'s message.
fn game_error(e: impl std::fmt::Display) -> PyErr {
    GameError::new_err(e.to_string())
}

/// Builds the start of `name` with `options`.
fn start(name: &str, options: &str) -> PyResult<AnyGame> {
    AnyGame::new(name, options).map_err(game_error)
}

/// `Err(IllegalActionError)` for a refused action (the state unchanged).
fn refusal(e: MoveError) -> PyErr {
    let message = match e {
        // Only an integer that names no action is unreadable here.
        MoveError::Unreadable { text, .. } => {
            format!("action {text} names no move of this game")
        }
        MoveError::Illegal { reason, .. } => format!("illegal action: {reason}"),
        e => format!("move refused: {e}"),
    };
    IllegalActionError::new_err(message)
}

/// `Err(ValueError)` for a search with no action to give.
fn no_action(e: SearchError) -> PyErr {
    match e {
        SearchError::NoMove => PyValueError::new_err("no action to search"),
        e => PyValueError::new_err(e.to_string()),
    }
}

/// `player` as a [`Player`] of a game of `players`.
fn player_of(player: i64, players: usize) -> PyResult<Player> {
    usize::try_from(player)
        .ok()
        .filter(|&p| p < players)
        .and_then(Player::new)
        .ok_or_else(|| {
            PyValueError::new_err(format!(
                "player {player} is not a player of this game (0 to {})",
                players - 1
            ))
        })
}

/// A game: its name, options and sizes. `new_initial_state()` starts it.
#[pyclass(module = "mancala_rs", frozen)]
pub(crate) struct Game {
    options: String,
    start: AnyGame,
}

#[pymethods]
impl Game {
    /// The game's name.
    #[getter]
    fn name(&self) -> &'static str {
        self.start.name()
    }

    /// Its options text.
    #[getter]
    fn options(&self) -> &str {
        &self.options
    }

    /// Players.
    fn num_players(&self) -> usize {
        self.start.players()
    }

    /// Action integers: every action of the game is below.
    #[getter]
    fn num_distinct_actions(&self) -> usize {
        self.start.num_actions()
    }

    /// The shape of `State.observation()`.
    #[getter]
    fn observation_shape(&self) -> (usize,) {
        (self.start.observation_len(),)
    }

    /// Whether players choose at once (Numa).
    fn is_simultaneous(&self) -> bool {
        matches!(self.start.status(), Status::Simultaneous(_))
    }

    /// The start position.
    fn new_initial_state(&self) -> State {
        State {
            options: self.options.clone(),
            from_text: false,
            game: self.start.clone(),
        }
    }

    fn __repr__(&self) -> String {
        format!(
            "mancala_rs.load_game({:?}, {:?})",
            self.start.name(),
            self.options
        )
    }
}

/// A position of a game. Actions are integers (`legal_actions()`); a
/// refused action raises `IllegalActionError` and changes nothing.
#[pyclass(module = "mancala_rs")]
pub(crate) struct State {
    options: String,
    /// Read by `from_text`: the options are the text's.
    from_text: bool,
    game: AnyGame,
}

impl State {
    /// The acting player, for a one-player call.
    fn one_player(&self, player: Option<i64>) -> PyResult<Option<Player>> {
        match player {
            Some(p) => player_of(p, self.game.players()).map(Some),
            None => Ok(match self.game.status() {
                Status::ToMove(p) => Some(p),
                _ => None,
            }),
        }
    }
}

impl State {
    /// `player`, or the player to move; an error if he does not act now.
    fn acting_one(&self, player: Option<i64>) -> PyResult<Player> {
        let p = match player {
            Some(p) => player_of(p, self.game.players())?,
            None => match self.game.status() {
                Status::ToMove(p) => p,
                Status::Simultaneous(_) => {
                    return Err(PyValueError::new_err(
                        "a simultaneous turn: name the player",
                    ));
                }
                Status::Over(_) => return Err(PyValueError::new_err("the game is over")),
            },
        };
        if !self.game.status().must_act(p) {
            return Err(PyValueError::new_err(format!(
                "player {} is not to move",
                p.index()
            )));
        }
        Ok(p)
    }
}

#[pymethods]
impl State {
    /// The game's name.
    #[getter]
    fn name(&self) -> &'static str {
        self.game.name()
    }

    /// The game this is a position of. (For a state read by `from_text`,
    /// whose options are the text's, its `new_initial_state()` is that
    /// position.)
    fn get_game(&self) -> PyResult<Game> {
        let start = if self.from_text {
            self.game.clone()
        } else {
            start(self.game.name(), &self.options)?
        };
        Ok(Game {
            options: self.options.clone(),
            start,
        })
    }

    /// Players.
    fn num_players(&self) -> usize {
        self.game.players()
    }

    /// Action integers of the game.
    #[getter]
    fn num_distinct_actions(&self) -> usize {
        self.game.num_actions()
    }

    /// The shape of `observation()`.
    #[getter]
    fn observation_shape(&self) -> (usize,) {
        (self.game.observation_len(),)
    }

    /// The player to move; -1 once the game is over, -2 in a simultaneous
    /// turn (`acting_players()` lists who chooses).
    fn current_player(&self) -> i64 {
        match self.game.status() {
            Status::ToMove(p) => p.index() as i64,
            Status::Simultaneous(_) => SIMULTANEOUS,
            Status::Over(_) => TERMINAL,
        }
    }

    /// Every player who acts now, in order.
    fn acting_players(&self) -> Vec<usize> {
        self.game
            .status()
            .acting()
            .iter()
            .map(|p| p.index())
            .collect()
    }

    /// Legal actions, ascending: of `player`, or of the player to move
    /// (none once the game is over, or in a simultaneous turn without a
    /// player).
    #[pyo3(signature = (player=None))]
    fn legal_actions(&self, player: Option<i64>) -> PyResult<Vec<usize>> {
        Ok(self
            .one_player(player)?
            .map(|p| self.game.legal_codes(p))
            .unwrap_or_default())
    }

    /// A mask of `num_distinct_actions` (1 legal, 0 not) of `player`'s
    /// actions (or the player to move's).
    #[pyo3(signature = (player=None))]
    fn action_mask<'py>(
        &self,
        py: Python<'py>,
        player: Option<i64>,
    ) -> PyResult<Bound<'py, PyArray1<i8>>> {
        let mut mask = vec![false; self.game.num_actions()];
        if let Some(p) = self.one_player(player)? {
            for code in self.game.legal_codes(p) {
                if let Some(slot) = mask.get_mut(code) {
                    *slot = true;
                }
            }
        }
        let mask: Vec<i8> = mask.into_iter().map(i8::from).collect();
        Ok(mask.into_pyarray(py))
    }

    /// Plays the action of the player to move.
    fn apply_action(&mut self, action: i64) -> PyResult<()> {
        if let Status::Simultaneous(_) = self.game.status() {
            return Err(IllegalActionError::new_err(
                "a simultaneous turn: give every acting player's action to apply_actions",
            ));
        }
        self.apply_actions(vec![action])
    }

    /// Plays one action for each acting player, in player order (Numa's
    /// two choices; one action in a turn-based game).
    fn apply_actions(&mut self, actions: Vec<i64>) -> PyResult<()> {
        let actions: Vec<usize> = actions
            .into_iter()
            .map(|a| {
                usize::try_from(a)
                    .map_err(|_| IllegalActionError::new_err(format!("action {a} is negative")))
            })
            .collect::<PyResult<_>>()?;
        let acting = self.game.status().acting().len();
        if acting == 0 {
            return Err(IllegalActionError::new_err("the game is over"));
        }
        if actions.len() != acting {
            return Err(IllegalActionError::new_err(format!(
                "this turn takes {acting} action(s), one for each acting player, not {}",
                actions.len()
            )));
        }
        self.game.play_codes(&actions).map_err(refusal)
    }

    /// Whether the game is over.
    fn is_terminal(&self) -> bool {
        matches!(self.game.status(), Status::Over(_))
    }

    /// Each player's return: 1 for the winner, the others sharing -1
    /// (-1 each with two players), 0 for a draw or a game not over.
    fn returns(&self) -> Vec<f64> {
        returns(self.game.status(), self.game.players())
    }

    /// Each player's score (seeds captured, points).
    fn scores(&self) -> Vec<u64> {
        self.game.scores()
    }

    /// The position's observation (`float32`, `observation_shape`).
    fn observation<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<f32>> {
        let mut out = vec![0.0; self.game.observation_len()];
        self.game.observe(&mut out);
        out.into_pyarray(py)
    }

    /// The engine's action for `player` (or the player to move): the
    /// computer of every face of mancala-rs (`mancala engine`'s `go nodes
    /// N` picks the same move), a search of at most `nodes` positions
    /// (the Kalah solver's on Kalah boards, alpha-beta in the other
    /// turn-based games, regret matching in Numa's simultaneous turns),
    /// deterministic for the position. Raises `ValueError` if the
    /// player does not act now.
    #[pyo3(signature = (player=None, nodes=2_000))]
    fn search_action(&self, py: Python<'_>, player: Option<i64>, nodes: u64) -> PyResult<usize> {
        let p = self.acting_one(player)?;
        let game = &self.game;
        let found = py
            .detach(|| game.search_for(p, &Limits::nodes(nodes.max(1))))
            .map_err(no_action)?;
        game.text_code(&found.best).ok_or_else(|| {
            PyValueError::new_err(format!(
                "the engine's move `{}` has no action integer",
                found.best
            ))
        })
    }

    /// The action that gains `player` (or the player to move) the most at
    /// once (in Numa, the best on average against every reply).
    #[pyo3(signature = (player=None))]
    fn greedy_action(&self, player: Option<i64>) -> PyResult<usize> {
        let p = self.acting_one(player)?;
        self.game
            .greedy_code(p)
            .ok_or_else(|| PyValueError::new_err("no action"))
    }

    /// The action's text in the game's notation.
    fn action_to_string(&self, action: usize) -> PyResult<String> {
        self.game
            .code_text(action)
            .ok_or_else(|| PyValueError::new_err(format!("action {action} names no move")))
    }

    /// A copy.
    fn clone(&self) -> State {
        State {
            options: self.options.clone(),
            from_text: self.from_text,
            game: self.game.clone(),
        }
    }

    fn __copy__(&self) -> State {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> State {
        self.clone()
    }

    /// A 64-bit key of the position (for transposition tables).
    fn key(&self) -> u64 {
        self.game.key()
    }

    fn __str__(&self) -> String {
        self.game.to_string()
    }

    fn __repr__(&self) -> String {
        format!(
            "mancala_rs.from_text({:?}, {:?})",
            self.game.name(),
            self.game.to_string()
        )
    }
}

/// The start of the game `name` with `options` (`key=value` words).
///
/// Raises `GameError` for an unknown name or bad options.
#[pyfunction]
#[pyo3(signature = (name, options=""))]
pub(crate) fn new_game(name: &str, options: &str) -> PyResult<State> {
    Ok(State {
        game: start(name, options)?,
        options: options.to_string(),
        from_text: false,
    })
}

/// The game `name` with `options`: its sizes and `new_initial_state()`.
///
/// Raises `GameError` for an unknown name or bad options.
#[pyfunction]
#[pyo3(signature = (name, options=""))]
pub(crate) fn load_game(name: &str, options: &str) -> PyResult<Game> {
    Ok(Game {
        options: options.to_string(),
        start: start(name, options)?,
    })
}

/// The position `text` (the notation `str(state)` writes) of the game
/// `name`; the rules are the text's.
///
/// Raises `GameError` for an unknown name or text that is no position.
#[pyfunction]
pub(crate) fn from_text(name: &str, text: &str) -> PyResult<State> {
    let game = AnyGame::from_text(name, text).map_err(game_error)?;
    Ok(State {
        options: String::new(),
        from_text: true,
        game,
    })
}
