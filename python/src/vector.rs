//! `VectorEnv`: many games of one kind stepped inside Rust, the GIL
//! released, optionally over several threads.

use mancala_core::Status;
use mancala_engine::{AnyGame, Registered, SplitMix, Visitor};
use numpy::ndarray::Array1;
use numpy::{IntoPyArray, PyArray1, PyArray2, PyArrayDyn, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use rayon::ThreadPool;

use crate::returns::return_of;
use crate::{GameError, IllegalActionError};

/// The buffers of one step, for a slice of the games.
struct Out<'a> {
    obs: &'a mut [f32],
    mask: &'a mut [bool],
    /// Each game's legal actions, `num_actions` slots a game, the first
    /// `legal_count[i]` used (what `sample` draws from).
    legal: &'a mut [u16],
    legal_count: &'a mut [u16],
    rewards: &'a mut [f32],
    terminated: &'a mut [bool],
    to_play: &'a mut [i64],
}

/// A batch of games of one type (monomorphised: no dynamic call per game).
trait Batch: Send + Sync {
    /// Games.
    fn len(&self) -> usize;
    /// Action integers.
    fn num_actions(&self) -> usize;
    /// Observation length.
    fn observation_len(&self) -> usize;
    /// Players.
    fn players(&self) -> usize;
    /// Actions a step takes for each game (2 for Numa's simultaneous turns).
    fn width(&self) -> usize;
    /// Every game back to the start; writes every game's observation,
    /// mask and player to move.
    fn reset(&mut self, out: Out<'_>, pool: Option<&ThreadPool>);
    /// One move in every game (`actions` checked legal by the caller);
    /// finished games start again.
    fn step(&mut self, actions: &[usize], out: Out<'_>, pool: Option<&ThreadPool>);
}

/// Games of type `G`, with the start they reset to.
struct Games<G: Registered> {
    start: G,
    games: Vec<G>,
    width: usize,
}

/// Writes game `g`'s observation, mask and player into slot `i` of `out`.
fn write<G: Registered>(g: &G, i: usize, out: &mut Out<'_>, obs_len: usize, actions: usize) {
    g.observe(&mut out.obs[i * obs_len..(i + 1) * obs_len]);
    let status = g.status();
    let (player, id) = match status {
        Status::ToMove(p) => (Some(p), p.index() as i64),
        // Numa: both players have the same choices; the mask is theirs.
        Status::Simultaneous(set) => (set.iter().next(), -2),
        Status::Over(_) => (None, -1),
    };
    let mask = &mut out.mask[i * actions..(i + 1) * actions];
    let legal = &mut out.legal[i * actions..(i + 1) * actions];
    let count = match player {
        Some(p) => g.write_legal(p, mask, legal),
        None => {
            mask.fill(false);
            0
        }
    };
    out.legal_count[i] = count as u16;
    out.to_play[i] = id;
}

/// Each player's return in `status` into `out` (one slot a player).
fn write_returns(status: Status, out: &mut [f32]) {
    let players = out.len();
    for (i, r) in out.iter_mut().enumerate() {
        *r = return_of(status, players, i) as f32;
    }
}

/// Splits `out` at game `at`.
fn split(
    out: Out<'_>,
    at: usize,
    obs_len: usize,
    actions: usize,
    players: usize,
) -> (Out<'_>, Out<'_>) {
    let (o1, o2) = out.obs.split_at_mut(at * obs_len);
    let (m1, m2) = out.mask.split_at_mut(at * actions);
    let (l1, l2) = out.legal.split_at_mut(at * actions);
    let (c1, c2) = out.legal_count.split_at_mut(at);
    let (r1, r2) = out.rewards.split_at_mut(at * players);
    let (t1, t2) = out.terminated.split_at_mut(at);
    let (p1, p2) = out.to_play.split_at_mut(at);
    (
        Out {
            obs: o1,
            mask: m1,
            legal: l1,
            legal_count: c1,
            rewards: r1,
            terminated: t1,
            to_play: p1,
        },
        Out {
            obs: o2,
            mask: m2,
            legal: l2,
            legal_count: c2,
            rewards: r2,
            terminated: t2,
            to_play: p2,
        },
    )
}

/// Games whose memory a step reads ahead at once ([`Game::prefetch`]):
/// enough for their cache misses to overlap. On a 16,384-game oware batch
/// (one core) 8 games gave 7.1 M moves a second where reading nothing
/// ahead gave 5.5, and 16, 32 and 64 were alike within the machine's
/// noise.
///
/// [`Game::prefetch`]: mancala_core::Game::prefetch
const PREFETCH_BLOCK: usize = 32;

impl<G: Registered> Games<G> {
    /// Steps `games` (the slice of `out` theirs).
    fn step_slice(start: &G, games: &mut [G], actions: &[usize], width: usize, mut out: Out<'_>) {
        let (obs_len, num_actions, players) = (
            start.observation_len(),
            start.num_actions(),
            start.player_count(),
        );
        // Blocks of games: first what each game's move will touch outside
        // its state is read (the misses overlap), then the games are
        // stepped.
        for (b, block) in games.chunks_mut(PREFETCH_BLOCK).enumerate() {
            for g in block.iter_mut() {
                g.prefetch();
            }
            for (j, g) in block.iter_mut().enumerate() {
                let i = b * PREFETCH_BLOCK + j;
                g.play_codes(&actions[i * width..(i + 1) * width]);
                let rewards = &mut out.rewards[i * players..(i + 1) * players];
                let status = g.status();
                write_returns(status, rewards);
                out.terminated[i] = matches!(status, Status::Over(_));
                if out.terminated[i] {
                    // In place: the game keeps its heap memory (its history's
                    // buffer) where it was.
                    g.clone_from(start);
                }
                write(g, i, &mut out, obs_len, num_actions);
            }
        }
    }
}

impl<G: Registered> Batch for Games<G> {
    fn len(&self) -> usize {
        self.games.len()
    }
    fn num_actions(&self) -> usize {
        self.start.num_actions()
    }
    fn observation_len(&self) -> usize {
        self.start.observation_len()
    }
    fn players(&self) -> usize {
        self.start.player_count()
    }
    fn width(&self) -> usize {
        self.width
    }
    fn reset(&mut self, mut out: Out<'_>, _pool: Option<&ThreadPool>) {
        let (obs_len, actions) = (self.observation_len(), self.num_actions());
        out.rewards.fill(0.0);
        for (i, g) in self.games.iter_mut().enumerate() {
            g.clone_from(&self.start);
            out.terminated[i] = false;
            write(g, i, &mut out, obs_len, actions);
        }
    }
    fn step(&mut self, actions: &[usize], out: Out<'_>, pool: Option<&ThreadPool>) {
        let (obs_len, num_actions, players, width) = (
            self.observation_len(),
            self.num_actions(),
            self.players(),
            self.width,
        );
        let n = self.games.len();
        // The pool's threads and the calling one.
        let threads = pool
            .map_or(1, |pool| pool.current_num_threads() + 1)
            .clamp(1, n.max(1));
        let Some(pool) = pool.filter(|_| threads > 1) else {
            Self::step_slice(&self.start, &mut self.games, actions, width, out);
            return;
        };
        let chunk = n.div_ceil(threads);
        let start = &self.start;
        let games: &mut [G] = &mut self.games;
        // The pool's threads wait between steps: a step hands them a chunk
        // each without starting a thread, and steps the last chunk itself.
        pool.in_place_scope(move |scope| {
            let mut games = games;
            let mut actions = actions;
            let mut out = out;
            while games.len() > chunk {
                let (these, rest) = games.split_at_mut(chunk);
                let (mine, others) = split(out, chunk, obs_len, num_actions, players);
                let (my_actions, other_actions) = actions.split_at(chunk * width);
                scope.spawn(move |_| Self::step_slice(start, these, my_actions, width, mine));
                games = rest;
                out = others;
                actions = other_actions;
            }
            Self::step_slice(start, games, actions, width, out);
        });
    }
}

/// The most games a `VectorEnv` holds (its buffers stay within a few
/// hundred megabytes for every game).
const MAX_ENVS: usize = 1 << 17;

/// Builds the batch of a game's own type: [`AnyGame::visit`] hands it the
/// typed start, so every step after runs monomorphised.
struct MakeBatch {
    num_envs: usize,
}

impl Visitor for MakeBatch {
    type Output = Box<dyn Batch>;

    fn visit<G: Registered>(self, start: &G) -> Box<dyn Batch> {
        let width = match start.status() {
            Status::Simultaneous(set) => set.iter().count(),
            _ => 1,
        };
        Box::new(Games {
            games: vec![start.clone(); self.num_envs],
            start: start.clone(),
            width,
        })
    }
}

/// A batch of the registry's game `name`.
fn batch(name: &str, options: &str, num_envs: usize) -> PyResult<Box<dyn Batch>> {
    let game = AnyGame::new(name, options).map_err(|e| GameError::new_err(e.to_string()))?;
    Ok(game.visit(MakeBatch { num_envs }))
}

/// Many games of one kind, stepped together inside Rust (the GIL
/// released). Every array has the games as its first axis.
///
/// - `reset() -> (obs, mask)`: every game at its start.
/// - `step(actions) -> (obs, rewards, terminated, mask)`: one action per
///   game (shape `(num_envs,)`; for Numa's simultaneous turns
///   `(num_envs, 2)`, both players' choices). `rewards[i]` holds each
///   player's return (`(num_envs, num_players)`: 1 for the winner, the
///   others sharing -1) when game `i` ended on this step, else zeros; a
///   finished game starts again at once, so `obs` and `mask` are then its
///   new start's.
/// - `to_play()`: the player to move in each game (-2 in a simultaneous
///   turn).
/// - `sample()`: a uniformly random legal action for each game, drawn
///   from the environment's seed.
#[pyclass(module = "mancala_rs")]
pub(crate) struct VectorEnv {
    batch: Box<dyn Batch>,
    buffers: Buffers,
    /// The threads stepping the games, if more than the caller's.
    pool: Option<ThreadPool>,
    rng: SplitMix,
}

/// What the last step wrote, game after game, but the observations (which
/// the games write straight into the array a step returns). The other
/// arrays a step returns are copies of these (one `memcpy` each, into
/// arrays of their own: a caller may keep a step's arrays while stepping
/// on).
struct Buffers {
    mask: Vec<bool>,
    legal: Vec<u16>,
    legal_count: Vec<u16>,
    rewards: Vec<f32>,
    terminated: Vec<bool>,
    to_play: Vec<i64>,
    /// The actions of the step under way, checked legal.
    actions: Vec<usize>,
}

impl Buffers {
    /// The buffers the games write into, with `obs` (a new array's) for
    /// the observations.
    fn out<'a>(&'a mut self, obs: &'a mut [f32]) -> Out<'a> {
        Out {
            obs,
            mask: &mut self.mask,
            legal: &mut self.legal,
            legal_count: &mut self.legal_count,
            rewards: &mut self.rewards,
            terminated: &mut self.terminated,
            to_play: &mut self.to_play,
        }
    }
}

/// A new `(rows, columns)` array holding a copy of `values` (`rows *
/// columns` of them).
fn array2<'py, T: numpy::Element + Copy>(
    py: Python<'py>,
    values: &[T],
    rows: usize,
    columns: usize,
) -> PyResult<Bound<'py, PyArray2<T>>> {
    Ok(PyArray1::from_slice(py, values)
        .reshape([rows, columns])?
        .cast_into::<PyArray2<T>>()?)
}

impl VectorEnv {
    /// Runs `work` on the batch with the GIL released, the observations
    /// written straight into the new array it returns. The array comes from
    /// `numpy.empty`: every value is written, so clearing it first (and for
    /// a large batch, the page faults of fresh zeroed memory) would be
    /// wasted, and so would a copy from a buffer of our own (Numa's 204
    /// floats a game: 18% slower at 4,096 games).
    fn run<'py>(
        &mut self,
        py: Python<'py>,
        work: impl FnOnce(&mut dyn Batch, Out<'_>, &[usize], Option<&ThreadPool>) + Send,
    ) -> PyResult<Bound<'py, PyArray2<f32>>> {
        let shape = (self.batch.len(), self.batch.observation_len());
        let obs = py
            .import("numpy")?
            .call_method1("empty", (shape, "float32"))?
            .cast_into::<PyArray2<f32>>()?;
        {
            let mut guard = obs.readwrite();
            let slice = guard
                .as_slice_mut()
                .map_err(|e| PyValueError::new_err(e.to_string()))?;
            let (batch, pool) = (self.batch.as_mut(), self.pool.as_ref());
            let buffers = &mut self.buffers;
            py.detach(move || {
                let actions = std::mem::take(&mut buffers.actions);
                work(batch, buffers.out(slice), &actions, pool);
                buffers.actions = actions;
            });
        }
        Ok(obs)
    }

    /// A copy of the masks.
    fn mask_array<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray2<bool>>> {
        let (n, actions) = (self.batch.len(), self.batch.num_actions());
        array2(py, &self.buffers.mask, n, actions)
    }
}

#[pymethods]
impl VectorEnv {
    /// `num_envs` games of `game` with `options`; `seed` draws `sample()`'s
    /// actions; `num_threads` steps them over that many threads (1: the
    /// calling thread alone).
    #[new]
    #[pyo3(signature = (game, num_envs, seed=0, options="", num_threads=1))]
    fn new(
        game: &str,
        num_envs: usize,
        seed: u64,
        options: &str,
        num_threads: usize,
    ) -> PyResult<VectorEnv> {
        if num_envs == 0 || num_envs > MAX_ENVS {
            return Err(PyValueError::new_err(format!(
                "num_envs must be 1 to {MAX_ENVS}, not {num_envs}"
            )));
        }
        if num_threads == 0 || num_threads > 256 {
            return Err(PyValueError::new_err(format!(
                "num_threads must be 1 to 256, not {num_threads}"
            )));
        }
        let batch = batch(game, options, num_envs)?;
        let pool = if num_threads > 1 {
            let pool = rayon::ThreadPoolBuilder::new()
                // The calling thread steps games too.
                .num_threads(num_threads - 1)
                .build()
                .map_err(|e| {
                    PyValueError::new_err(format!("cannot start {num_threads} threads: {e}"))
                })?;
            Some(pool)
        } else {
            None
        };
        let (obs, actions, players) = (
            batch.observation_len(),
            batch.num_actions(),
            batch.players(),
        );
        let mut env = VectorEnv {
            buffers: Buffers {
                mask: vec![false; num_envs * actions],
                legal: vec![0; num_envs * actions],
                legal_count: vec![0; num_envs],
                rewards: vec![0.0; num_envs * players],
                terminated: vec![false; num_envs],
                to_play: vec![0; num_envs],
                actions: Vec::with_capacity(num_envs * batch.width()),
            },
            batch,
            pool,
            rng: SplitMix::new(seed),
        };
        let mut scratch = vec![0.0; num_envs * obs];
        env.batch.reset(env.buffers.out(&mut scratch), None);
        Ok(env)
    }

    /// Games.
    #[getter]
    fn num_envs(&self) -> usize {
        self.batch.len()
    }

    /// Action integers of the game.
    #[getter]
    fn num_distinct_actions(&self) -> usize {
        self.batch.num_actions()
    }

    /// The shape of one game's observation.
    #[getter]
    fn observation_shape(&self) -> (usize,) {
        (self.batch.observation_len(),)
    }

    /// Players.
    #[getter]
    fn num_players(&self) -> usize {
        self.batch.players()
    }

    /// Every game back to its start: `(obs, mask)`.
    #[allow(clippy::type_complexity)]
    fn reset<'py>(
        &mut self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyArray2<f32>>, Bound<'py, PyArray2<bool>>)> {
        let obs = self.run(py, |batch, out, _, pool| batch.reset(out, pool))?;
        Ok((obs, self.mask_array(py)?))
    }

    /// One move in every game: `(obs, rewards, terminated, mask)`.
    ///
    /// Raises `ValueError` for an array of the wrong shape and
    /// `IllegalActionError` for an action its game's mask refuses (naming
    /// the game); then no game moves.
    #[allow(clippy::type_complexity)]
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
    ) -> PyResult<(
        Bound<'py, PyArray2<f32>>,
        Bound<'py, PyArray2<f32>>,
        Bound<'py, PyArray1<bool>>,
        Bound<'py, PyArray2<bool>>,
    )> {
        let numpy = py.import("numpy")?;
        // Contiguous (a copy only if the caller's array is not), so that the
        // actions are checked straight from it.
        let array = numpy.call_method1("ascontiguousarray", (actions, "int64"))?;
        let array = array.cast::<PyArrayDyn<i64>>()?;
        let (n, width) = (self.batch.len(), self.batch.width());
        let shape = array.shape().to_vec();
        let fits = match shape.as_slice() {
            [m] => *m == n && width == 1,
            [m, w] => *m == n && *w == width,
            _ => false,
        };
        if !fits {
            let expected = if width == 1 {
                format!("({n},)")
            } else {
                format!("({n}, {width})")
            };
            return Err(PyValueError::new_err(format!(
                "actions must have shape {expected}, not {shape:?}"
            )));
        }
        let actions_count = self.batch.num_actions();
        // Checked into the buffer the step reads: the games never see the
        // caller's array, which another thread could change while the GIL
        // is released.
        let readonly = array
            .try_readonly()
            .map_err(|e| PyValueError::new_err(format!("actions: {e}")))?;
        let raw = readonly
            .as_slice()
            .map_err(|e| PyValueError::new_err(format!("actions: {e}")))?;
        let Buffers { mask, actions, .. } = &mut self.buffers;
        actions.clear();
        for (k, &a) in raw.iter().enumerate() {
            let i = k / width;
            let legal = usize::try_from(a)
                .ok()
                .filter(|&a| a < actions_count && mask[i * actions_count + a]);
            match legal {
                Some(a) => actions.push(a),
                None => {
                    actions.clear();
                    return Err(IllegalActionError::new_err(format!(
                        "game {i}: action {a} is not legal (see its mask); no game moved"
                    )));
                }
            }
        }
        drop(readonly);
        let obs = self.run(py, |batch, out, actions, pool| {
            batch.step(actions, out, pool)
        })?;
        let players = self.batch.players();
        let rewards = array2(py, &self.buffers.rewards, n, players)?;
        let terminated = PyArray1::from_slice(py, &self.buffers.terminated);
        Ok((obs, rewards, terminated, self.mask_array(py)?))
    }

    /// The player to move in each game (-2 in a simultaneous turn).
    fn to_play<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        PyArray1::from_slice(py, &self.buffers.to_play)
    }

    /// A uniformly random legal action for each game (`(num_envs,)`, or
    /// `(num_envs, 2)` in Numa), from the environment's seed.
    fn sample<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let (n, width, actions) = (
            self.batch.len(),
            self.batch.width(),
            self.batch.num_actions(),
        );
        let mut out = Vec::with_capacity(n * width);
        for i in 0..n {
            let count = usize::from(self.buffers.legal_count[i]);
            let legal = &self.buffers.legal[i * actions..i * actions + count];
            for _ in 0..width {
                // 0 if none, which only a finished game could have (they
                // restart at once).
                let pick = if count == 0 {
                    0
                } else {
                    legal[self.rng.below(count)]
                };
                out.push(i64::from(pick));
            }
        }
        let array = Array1::from_vec(out).into_pyarray(py);
        if width == 1 {
            Ok(array.into_any())
        } else {
            Ok(array.reshape([n, width])?.into_any())
        }
    }
}
