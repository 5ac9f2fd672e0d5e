//! How the conformance runner ([`replay`]) talks to each game: through
//! [`TraceGame`], how its options are read, how it starts and how its
//! states are written; through [`TraceMove`], how a trace writes its moves.
//!
//! The folder holds one driver a game family, each implementing
//! [`TraceGame`] for its game types: [`sowing`] (oware, Kalah, the core's
//! catalogue and Toguz Kumalak), [`numercy`], [`robertson`], [`mankka`],
//! [`numa`], [`rounds`] (the matches of rounds, whose trace moves may be
//! several actions) and [`four_rows`] (the games on four rows).
//!
//! [`replay`]: crate::conformance::replay

pub mod four_rows;
pub mod mankka;
pub mod numa;
pub mod numercy;
pub mod robertson;
pub mod rounds;
pub mod sowing;

use mancala_core::{Budget, Game, Move, Pit};
use serde_json::{Map, Value};

use super::text_move;

/// How the runner talks to one game: each game of the workspace implements
/// it in its module of [`drivers`](self).
pub trait TraceGame: Game<Move: TraceMove> {
    /// The game's rule options, which a trace's `options` object sets over
    /// a base: the default, or the preset of a sowing game.
    type Options;

    /// A trace's `options` object applied to `base` by the game's own
    /// option reader, then checked as a whole.
    ///
    /// # Errors
    ///
    /// A message for an unknown key or a bad value.
    fn options(base: Self::Options, map: &Map<String, Value>) -> Result<Self::Options, String>;

    /// The options this game is played under: the preset a trace's
    /// options are read over when the registry names the game.
    fn base(&self) -> Self::Options;

    /// The standard start under `options`, deciding relays within `budget`
    /// (games without relays ignore it).
    ///
    /// # Errors
    ///
    /// A message if the game cannot start under `options`.
    fn start(options: Self::Options, budget: Budget) -> Result<Self, String>;

    /// The game at a trace's `start` state under `options`, through the
    /// game's checked setup.
    ///
    /// # Errors
    ///
    /// A message for a malformed or impossible start.
    fn set_up(options: Self::Options, start: &Value, budget: Budget) -> Result<Self, String>;

    /// The state in the trace format (every field of its game: see
    /// [States](crate::conformance#states)).
    fn state(&self) -> Value;

    /// Plays one trace move: by default the move [`TraceMove`] reads,
    /// played; a game whose trace moves are several actions (a match of
    /// rounds' refill) plays them all. A refused move changes nothing.
    ///
    /// # Errors
    ///
    /// [`TracePlay::Unreadable`] for a malformed move,
    /// [`TracePlay::Refused`] for one the game does not allow.
    fn play_trace(&mut self, mv: &Value) -> Result<(), TracePlay> {
        let parsed = Self::Move::from_trace(mv).map_err(TracePlay::Unreadable)?;
        self.play(parsed)
            .map(drop)
            .map_err(|e| TracePlay::Refused(e.to_string()))
    }
}

/// Why a trace move was not played ([`TraceGame::play_trace`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TracePlay {
    /// The move is malformed: what is wrong with it.
    Unreadable(String),
    /// The game refuses it: why.
    Refused(String),
}

/// A move as a trace writes it ([Moves](crate::conformance#moves)).
pub trait TraceMove: Sized {
    /// Reads a move written in the trace format.
    ///
    /// # Errors
    ///
    /// A message if the move is malformed.
    fn from_trace(mv: &Value) -> Result<Self, String>;
}

impl TraceMove for Pit {
    fn from_trace(mv: &Value) -> Result<Pit, String> {
        text_move(mv)
    }
}

impl TraceMove for Move {
    fn from_trace(mv: &Value) -> Result<Move, String> {
        text_move(mv)
    }
}

/// The game a trace starts from: its `options` read over `base`, then the
/// standard start or, given a `start` state, that state.
///
/// # Errors
///
/// A message for an unknown option key, a bad option value or an
/// impossible start.
pub fn build<G: TraceGame>(
    base: G::Options,
    options: &Map<String, Value>,
    start: Option<&Value>,
    budget: Budget,
) -> Result<G, String> {
    let options = G::options(base, options)?;
    match start {
        None => G::start(options, budget),
        Some(start) => G::set_up(options, start, budget),
    }
}

/// [`TraceGame`] for a type `$game_type` built as Numercy, Robertson's
/// game, Mankka and the generic sowing game are: options `$options` of
/// [`RuleOptions`] read by the game's own reader and `check`ed, the
/// standard start from `$new`, and a `start` state read into a `$setup`
/// (whose `new` takes the options) and built by `$from_setup`. A state is
/// the `board`, the lists of counts `$key`, each the setup's `$field` and
/// written as `$counts` of the game `$game` names, then `to_move` and
/// `result`.
///
/// [`RuleOptions`]: mancala_core::notation::RuleOptions
macro_rules! setup_game {
    (
        $game_type:ty, $options:ty, $setup:ty,
        new: $new:expr,
        from_setup: $from_setup:expr,
        $game:ident => { $($key:literal => $field:ident: $counts:expr),* $(,)? }
    ) => {
        impl $crate::conformance::drivers::TraceGame for $game_type {
            type Options = $options;

            fn options(
                base: $options,
                map: &::serde_json::Map<String, ::serde_json::Value>,
            ) -> Result<$options, String> {
                $crate::conformance::checked_options(base, map, <$options>::check)
            }

            fn base(&self) -> $options {
                ::mancala_engine::Registered::rules_of(self)
            }

            fn start(options: $options, budget: ::mancala_core::Budget) -> Result<$game_type, String> {
                ($new)(options, budget).map_err(|e| e.to_string())
            }

            fn set_up(
                options: $options,
                start: &::serde_json::Value,
                budget: ::mancala_core::Budget,
            ) -> Result<$game_type, String> {
                use $crate::conformance::uint_list;
                let mut setup = <$setup>::new(options);
                setup.board = uint_list("board", start.get("board"))?;
                $(setup.$field = uint_list($key, start.get($key))?;)*
                $crate::conformance::set_start_turn(start, &mut setup.to_move, &mut setup.over)?;
                ($from_setup)(setup, budget).map_err(|e| format!("impossible start: {e}"))
            }

            fn state(&self) -> ::serde_json::Value {
                let $game = self;
                ::serde_json::json!({
                    "board": $game.board().holes(),
                    $($key: $counts,)*
                    "to_move": $crate::conformance::to_move_json($game),
                    "result": $crate::conformance::result_json($game.outcome()),
                })
            }
        }
    };
}
pub(crate) use setup_game;

/// [`TraceGame`]'s `options`, `base` and `start` for a family of presets
/// with no options (`$rules`, played by a type with `new` and `rules`):
/// any key of a trace's `options` is refused, naming the family
/// (`$family`), and the game starts from the preset's start.
macro_rules! preset_options {
    ($rules:ty, $family:literal) => {
        fn options(
            base: $rules,
            map: &::serde_json::Map<String, ::serde_json::Value>,
        ) -> Result<$rules, String> {
            match map.keys().next() {
                Some(key) => Err(format!(
                    concat!("unknown option `{}` (", $family, " have none)"),
                    key
                )),
                None => Ok(base),
            }
        }

        fn base(&self) -> $rules {
            *self.rules()
        }

        fn start(rules: $rules, _budget: ::mancala_core::Budget) -> Result<Self, String> {
            Self::new(rules).map_err(|e| e.to_string())
        }
    };
}
pub(crate) use preset_options;

/// A start's `stores`: two counts.
///
/// # Errors
///
/// A message for anything but two counts.
pub(crate) fn two_stores(start: &Value) -> Result<[u16; 2], String> {
    let stores: Vec<u16> = super::uint_list("stores", start.get("stores"))?;
    stores
        .try_into()
        .map_err(|_| "`stores` must hold 2 counts".to_string())
}
