//! Every game of mancala-rs by name: [`GAMES`] lists them, [`AnyGame`]
//! plays any of them from its name and an options text, with moves and
//! positions as text, and searches it.
//!
//! This is the one list the `mancala` command, its engine protocol, the
//! Python package and the web page all read: a game added here is a game
//! everywhere.
//!
//! # Options text
//!
//! A game's options are words `key=value` separated by spaces, each key
//! at most once, read over the game's own preset: `houses=4 seeds=3` for
//! oware on 2x4 holes of 3 seeds, `layout=triangle` for Robertson's
//! triangle, `variant=one` for Mankka One. Each game's keys are its rules
//! type's [`RuleOptions::KEYS`] ([`GameInfo::keys`]); the values are read
//! as that type's option words read them (the `Notation` section of each
//! game crate). The empty text is the game as its name says.
//!
//! # Examples
//!
//! From a name and an options text to a best move:
//!
//! ```
//! use mancala_engine::{AnyGame, Limits};
//!
//! let game = AnyGame::new("kalah", "houses=4 seeds=3")?;
//! let result = game.search(&Limits::nodes(2_000))?;
//! assert!(game.legal_moves().contains(&result.best));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::fmt;

use mancala_core::notation::{OptionError, RuleOptions};
use mancala_core::{Budget, Game, Mancala, Player, Rules, Status, toguz::ToguzKumalak};
use mankka::Mankka;
use numa::Numa;
use numercy::Numercy;
use robertson::Robertson;

use crate::agents::AlphaBeta;
use crate::limits::Limits;
use crate::numa_search::NumaSearch;
use crate::search::SearchResult;

mod games;

use games::names;
pub use games::{Family, GAMES, GameInfo, find_game};

/// Why [`AnyGame::new`] made no game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum NewGameError {
    /// No game of [`GAMES`] has this name.
    #[error("unknown game `{0}` (games: {games})", games = names())]
    UnknownGame(String),
    /// A word of the options text was refused.
    #[error("bad option: {0}")]
    Option(#[from] OptionError),
    /// The options text names the preset (`rules=...`): the game's name
    /// sets it.
    #[error("`{0}` is not an option here: the game's name sets the preset rules")]
    Preset(String),
    /// Every word was read, but the game refuses the options together
    /// (a board too large for the seeds, say).
    #[error("the options make no game: {0}")]
    Refused(String),
    /// The text is no position of the game ([`AnyGame::from_text`]).
    #[error("bad position: {0}")]
    Position(String),
}

/// Why a move or a position was refused (the game is unchanged).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum MoveError {
    /// The text is no move of the game.
    #[error("`{text}` is not a move: {reason}")]
    Unreadable {
        /// The move as given.
        text: String,
        /// Why, in the game's words.
        reason: String,
    },
    /// The move is not legal here.
    #[error("move `{text}` refused: {reason}")]
    Illegal {
        /// The move as given.
        text: String,
        /// Why, in the game's words.
        reason: String,
    },
    /// The text is no position of the game.
    #[error("bad position: {0}")]
    Position(String),
    /// The position is one of other rules than the game's.
    #[error(
        "the position's rules are not the game's ({position} against {game}): make a game \
         with those rules first"
    )]
    RulesDiffer {
        /// The position's rules, as option words.
        position: String,
        /// The game's.
        game: String,
    },
}

/// Why [`AnyGame::search`] has no move to give.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SearchError {
    /// The game is over.
    #[error("game over")]
    GameOver,
    /// The player asked for is not acting now.
    #[error("player {0} is not to move")]
    NotActing(usize),
    /// The player to move has no move.
    #[error("no move to search")]
    NoMove,
}

/// The game itself, by the type that plays it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum GameState {
    /// A sowing game ([`Family::Sowing`]).
    Mancala(Mancala),
    /// Toguz Kumalak.
    Toguz(ToguzKumalak),
    /// Numercy.
    Numercy(Numercy),
    /// Robertson's game.
    Robertson(Robertson),
    /// Mankka.
    Mankka(Mankka),
    /// Numa.
    Numa(Numa),
}

/// Runs `$body` with `$g` bound to the game inside a [`GameState`].
macro_rules! each {
    ($state:expr, $g:ident => $body:expr) => {
        match $state {
            GameState::Mancala($g) => $body,
            GameState::Toguz($g) => $body,
            GameState::Numercy($g) => $body,
            GameState::Robertson($g) => $body,
            GameState::Mankka($g) => $body,
            GameState::Numa($g) => $body,
        }
    };
}

/// Code generic over the games of the registry: [`AnyGame::visit`] calls
/// [`visit`](Visitor::visit) with the game's own type, so the code runs at
/// the speed of that type (no dynamic dispatch per move).
pub trait Visitor {
    /// What the visit gives.
    type Output;

    /// Visits one game.
    fn visit<G>(self, game: &G) -> Self::Output
    where
        G: Game + Clone + fmt::Display + fmt::Debug + Send + Sync + 'static;
}

/// Any game of the registry, with the name it was made by: moves and
/// positions as text, and a search.
///
/// Moves are written as the games write their actions (`3` a hole, `pass`,
/// Mankka's placements `1+1+1+1+1+1`, Numa's choices); in Numa's
/// simultaneous turns a move is every acting player's choice joined by
/// `/` (`p-r+s-b/s-y+c-g`), the form of [`numa::JointMove`]. Positions are
/// each game's one-line notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnyGame {
    info: &'static GameInfo,
    state: GameState,
}

/// Reads `options` over `base`: words `key=value`, each key once, only
/// the keys of `info`, applied in the order of the keys (so a key that
/// resets others, such as Robertson's `layout`, counts first wherever it is
/// written).
fn read_options<T: RuleOptions>(
    info: &GameInfo,
    mut base: T,
    options: &str,
) -> Result<T, NewGameError> {
    let mut pairs: Vec<(&str, &str)> = Vec::new();
    for word in options.split_whitespace() {
        let (key, value) = word
            .split_once('=')
            .ok_or_else(|| OptionError::NotKeyValue(word.to_string()))?;
        if T::PRESET == Some(key) {
            return Err(NewGameError::Preset(key.to_string()));
        }
        if !info.keys.contains(&key) {
            return Err(OptionError::unknown_key(key, info.keys).into());
        }
        if pairs.iter().any(|&(k, _)| k == key) {
            return Err(OptionError::Duplicate(key.to_string()).into());
        }
        pairs.push((key, value));
    }
    for key in T::KEYS {
        if let Some(&(_, value)) = pairs.iter().find(|(k, _)| k == key) {
            base.set(key, value)?;
        }
    }
    Ok(base)
}

/// The option words of `options` that differ from the defaults (`the
/// defaults` if none), for messages.
fn option_words<T: RuleOptions>(options: &T) -> String {
    let mut words = Vec::new();
    for key in T::KEYS {
        let (Some(value), default) = (options.value(key), T::default().value(key)) else {
            continue;
        };
        if Some(&value) != default.as_ref() {
            words.push(format!("{key}={value}"));
        }
    }
    if words.is_empty() {
        "the defaults".into()
    } else {
        format!("`{}`", words.join(" "))
    }
}

/// `Err` naming both rules unless they are equal.
fn same_rules<T: RuleOptions>(position: &T, game: &T) -> Result<(), MoveError> {
    if position == game {
        Ok(())
    } else {
        Err(MoveError::RulesDiffer {
            position: option_words(position),
            game: option_words(game),
        })
    }
}

/// Reads `text` as a position of type `G`.
fn parse<G: std::str::FromStr>(text: &str) -> Result<G, MoveError>
where
    G::Err: fmt::Display,
{
    text.trim()
        .parse()
        .map_err(|e: G::Err| MoveError::Position(e.to_string()))
}

/// [`NewGameError::Refused`], for options the game refuses together.
fn refused(e: impl fmt::Display) -> NewGameError {
    NewGameError::Refused(e.to_string())
}

/// The game `make` makes of `options` read over the defaults of its
/// options type (see [`read_options`]).
fn start<T, G, E>(
    info: &GameInfo,
    options: &str,
    make: impl FnOnce(T) -> Result<G, E>,
) -> Result<G, NewGameError>
where
    T: RuleOptions,
    E: fmt::Display,
{
    make(read_options(info, T::default(), options)?).map_err(refused)
}

/// Reads `text` as a position of `game`'s type, under `game`'s rules (read
/// by `rules`).
fn reread<G, T>(text: &str, game: &G, rules: impl Fn(&G) -> &T) -> Result<G, MoveError>
where
    G: std::str::FromStr,
    G::Err: fmt::Display,
    T: RuleOptions,
{
    let position: G = parse(text)?;
    same_rules(rules(&position), rules(game))?;
    Ok(position)
}

impl AnyGame {
    /// The start of the game named `name` (one of [`GAMES`]) with the
    /// options `options` (see [the module docs](self)), deciding relays
    /// within [`Budget::DEFAULT`].
    ///
    /// # Errors
    ///
    /// [`NewGameError`]: an unknown name, a bad option word, or options the
    /// game refuses together.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_engine::AnyGame;
    ///
    /// let game = AnyGame::new("robertson", "layout=triangle")?;
    /// assert_eq!(game.name(), "robertson");
    /// assert!(AnyGame::new("oware", "houses=x").is_err());
    /// # Ok::<(), mancala_engine::NewGameError>(())
    /// ```
    pub fn new(name: &str, options: &str) -> Result<AnyGame, NewGameError> {
        AnyGame::new_within(name, options, Budget::DEFAULT)
    }

    /// [`AnyGame::new`] deciding relays within `budget` (for games with
    /// relays; the others have no use for one).
    ///
    /// # Errors
    ///
    /// As [`AnyGame::new`].
    pub fn new_within(name: &str, options: &str, budget: Budget) -> Result<AnyGame, NewGameError> {
        let info = find_game(name).ok_or_else(|| NewGameError::UnknownGame(name.to_string()))?;
        let state = match info.family {
            Family::Sowing => {
                let base = match (info.traditional, info.name) {
                    (Some(game), _) => game.rules(),
                    (None, "kalah") => Rules::kalah(),
                    _ => Rules::oware(),
                };
                let rules = read_options(info, base, options)?;
                GameState::Mancala(Mancala::new_within(rules, budget).map_err(refused)?)
            }
            Family::Toguz => {
                if let Some(word) = options.split_whitespace().next() {
                    let key = word.split_once('=').map_or(word, |(k, _)| k);
                    return Err(OptionError::unknown_key(key, &[]).into());
                }
                GameState::Toguz(ToguzKumalak::new())
            }
            Family::Numercy => {
                GameState::Numercy(start(info, options, |o| Numercy::new_within(o, budget))?)
            }
            Family::Robertson => GameState::Robertson(start(info, options, Robertson::new)?),
            Family::Mankka => {
                GameState::Mankka(start(info, options, |o| Mankka::new_within(o, budget))?)
            }
            Family::Numa => GameState::Numa(start(info, options, Numa::new)?),
        };
        Ok(AnyGame { info, state })
    }

    /// The position `text`, in the notation of the game named `name` (as
    /// [`Display`](fmt::Display) writes it), deciding relays within
    /// [`Budget::DEFAULT`]. The rules are the text's: a sowing game's text
    /// names them (`rules=kalah houses=4`).
    ///
    /// # Errors
    ///
    /// [`NewGameError::UnknownGame`], or [`NewGameError::Position`] for
    /// text that is no position of the game.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_engine::AnyGame;
    ///
    /// let game = AnyGame::from_text("kalah", "4,4,0,5,5,5/4,4,4,4,4,4 1,0 0 rules=kalah")?;
    /// assert_eq!(game.legal_moves(), ["0", "1", "3", "4", "5"]);
    /// assert!(AnyGame::from_text("kalah", "4,4,4").is_err());
    /// # Ok::<(), mancala_engine::NewGameError>(())
    /// ```
    pub fn from_text(name: &str, text: &str) -> Result<AnyGame, NewGameError> {
        let info = find_game(name).ok_or_else(|| NewGameError::UnknownGame(name.to_string()))?;
        fn read<G: std::str::FromStr>(text: &str) -> Result<G, NewGameError>
        where
            G::Err: fmt::Display,
        {
            parse(text).map_err(|e| match e {
                MoveError::Position(e) => NewGameError::Position(e),
                e => NewGameError::Position(e.to_string()),
            })
        }
        let state = match info.family {
            Family::Sowing => GameState::Mancala(read(text)?),
            Family::Toguz => GameState::Toguz(read(text)?),
            Family::Numercy => GameState::Numercy(read(text)?),
            Family::Robertson => GameState::Robertson(read(text)?),
            Family::Mankka => GameState::Mankka(read(text)?),
            Family::Numa => GameState::Numa(read(text)?),
        };
        Ok(AnyGame { info, state })
    }

    /// The game's entry in [`GAMES`].
    pub fn info(&self) -> &'static GameInfo {
        self.info
    }

    /// The name it was made by.
    pub fn name(&self) -> &'static str {
        self.info.name
    }

    /// The game itself.
    pub fn state(&self) -> &GameState {
        &self.state
    }

    /// The game itself, owned.
    pub fn into_state(self) -> GameState {
        self.state
    }

    /// Runs `visitor` on the game, as its own type.
    pub fn visit<V: Visitor>(&self, visitor: V) -> V::Output {
        each!(&self.state, g => visitor.visit(g))
    }

    /// Who is to move, who chooses in a simultaneous turn, or how the game
    /// ended.
    pub fn status(&self) -> Status {
        each!(&self.state, g => g.status())
    }

    /// Every player's score, in player order.
    pub fn scores(&self) -> Vec<u64> {
        each!(&self.state, g => g.scores().iter().map(|(_, &s)| s).collect())
    }

    /// The legal moves of the player to move, as text, each accepted by
    /// [`play`](AnyGame::play); none once the game is over or in a
    /// simultaneous turn (see [`legal_choices`](AnyGame::legal_choices)).
    pub fn legal_moves(&self) -> Vec<String> {
        match self.status() {
            Status::ToMove(p) => self.legal_choices(p),
            _ => Vec::new(),
        }
    }

    /// `player`'s legal actions now, as text: his moves when he is to move,
    /// his choices in a simultaneous turn, none when he is not acting.
    pub fn legal_choices(&self, player: Player) -> Vec<String> {
        let acting = match self.status() {
            Status::ToMove(p) => p == player,
            Status::Simultaneous(set) => set.contains(player),
            Status::Over(_) => false,
        };
        if !acting {
            return Vec::new();
        }
        each!(&self.state, g => g.legal_actions(player).iter().map(ToString::to_string).collect())
    }

    /// Plays one move written as text. On error nothing changes.
    ///
    /// # Errors
    ///
    /// [`MoveError::Unreadable`] for text that is no move of the game,
    /// [`MoveError::Illegal`] for a move not legal here (a finished game
    /// has none).
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_engine::AnyGame;
    ///
    /// let mut game = AnyGame::new("kalah", "")?;
    /// game.play("2")?;
    /// // Hole 2's last seed fell in South's store: he moves again.
    /// assert_eq!(game.to_string(), "4,4,0,5,5,5/4,4,4,4,4,4 1,0 0 rules=kalah");
    /// assert!(game.play("7").is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play(&mut self, text: &str) -> Result<(), MoveError> {
        fn one<G: Game>(game: &mut G, text: &str) -> Result<(), MoveError>
        where
            <G::Move as std::str::FromStr>::Err: fmt::Display,
        {
            let mv: G::Move =
                text.trim()
                    .parse()
                    .map_err(
                        |e: <G::Move as std::str::FromStr>::Err| MoveError::Unreadable {
                            text: text.to_string(),
                            reason: e.to_string(),
                        },
                    )?;
            if let Status::Over(_) = game.status() {
                return Err(MoveError::Illegal {
                    text: text.to_string(),
                    reason: "the game is over".into(),
                });
            }
            game.play(mv).map(drop).map_err(|e| MoveError::Illegal {
                text: text.to_string(),
                reason: e.to_string(),
            })
        }
        each!(&mut self.state, g => one(g, text))
    }

    /// Sets the game to a position written in its notation (as
    /// [`Display`](fmt::Display) writes it), under the same rules. On error
    /// nothing changes.
    ///
    /// # Errors
    ///
    /// [`MoveError::Position`] for text that is no position of the game,
    /// [`MoveError::RulesDiffer`] for a position under other rules.
    pub fn set_position(&mut self, text: &str) -> Result<(), MoveError> {
        let state = match &self.state {
            GameState::Mancala(g) => {
                let mut p = reread(text, g, Mancala::rules)?;
                p.set_budget(g.budget());
                GameState::Mancala(p)
            }
            GameState::Toguz(_) => GameState::Toguz(parse(text)?),
            GameState::Numercy(g) => {
                let mut p = reread(text, g, Numercy::options)?;
                p.set_budget(g.budget());
                GameState::Numercy(p)
            }
            GameState::Robertson(g) => GameState::Robertson(reread(text, g, Robertson::options)?),
            GameState::Mankka(g) => {
                let mut p = reread(text, g, Mankka::options)?;
                p.set_budget(g.budget());
                GameState::Mankka(p)
            }
            GameState::Numa(g) => GameState::Numa(reread(text, g, Numa::options)?),
        };
        self.state = state;
        Ok(())
    }

    /// The best move for the player to move, searched within `limits`:
    /// iterative-deepening alpha-beta ([`AlphaBeta`], a fresh 4 MiB table)
    /// for turn-based games. In a simultaneous turn (Numa) every acting
    /// player's choice by Numa's two-turn search ([`NumaSearch`], seeded by
    /// the position), joined by `/` as [`play`](AnyGame::play) reads a turn;
    /// its `value` is 0 and its `depth` 2.
    ///
    /// Deterministic when `limits` has no time and no stop flag.
    ///
    /// # Errors
    ///
    /// [`SearchError::GameOver`], or [`SearchError::NoMove`] if the player
    /// to move has none.
    pub fn search(&self, limits: &Limits) -> Result<SearchResult<String>, SearchError> {
        match self.status() {
            Status::Over(_) => Err(SearchError::GameOver),
            Status::ToMove(p) => self.search_for(p, limits),
            Status::Simultaneous(set) => {
                let mut choices = Vec::new();
                let mut nodes = 0;
                for p in set.iter() {
                    let r = self.search_for(p, limits)?;
                    nodes += r.nodes;
                    choices.push(r.best);
                }
                let best = choices.join("/");
                Ok(SearchResult {
                    pv: vec![best.clone()],
                    best,
                    value: 0,
                    nodes,
                    depth: 2,
                    exact: false,
                })
            }
        }
    }

    /// `player`'s best move (his choice, in a simultaneous turn), searched
    /// within `limits` as [`search`](AnyGame::search) does.
    ///
    /// # Errors
    ///
    /// [`SearchError::GameOver`], [`SearchError::NotActing`] if `player`
    /// is not to move, [`SearchError::NoMove`] if he has no move.
    pub fn search_for(
        &self,
        player: Player,
        limits: &Limits,
    ) -> Result<SearchResult<String>, SearchError> {
        match self.status() {
            Status::Over(_) => return Err(SearchError::GameOver),
            Status::ToMove(p) if p != player => return Err(SearchError::NotActing(player.index())),
            Status::Simultaneous(set) if !set.contains(player) => {
                return Err(SearchError::NotActing(player.index()));
            }
            _ => {}
        }
        if let GameState::Numa(game) = &self.state
            && game.to_move().is_none()
        {
            return Ok(numa_choice(game, player, limits));
        }
        struct Search<'l>(&'l Limits);
        impl Visitor for Search<'_> {
            type Output = Option<SearchResult<String>>;
            fn visit<G>(self, game: &G) -> Self::Output
            where
                G: Game + Clone + fmt::Display + fmt::Debug + Send + Sync + 'static,
            {
                let result = AlphaBeta::new(u64::MAX).search(game, self.0)?;
                Some(result.map(|a| a.to_string()))
            }
        }
        self.visit(Search(limits)).ok_or(SearchError::NoMove)
    }
}

/// `player`'s choice in Numa's simultaneous turn by [`NumaSearch`], seeded
/// by the position and the player.
fn numa_choice(game: &Numa, player: Player, limits: &Limits) -> SearchResult<String> {
    use crate::agents::NumaAgent;
    let seed = game.key() ^ (player.index() as u64 + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    let mut search = NumaSearch::new(seed);
    if let Some(nodes) = limits.nodes {
        search.node_budget = nodes;
    }
    search.time_budget = limits.time;
    search.clock = limits.clock;
    search.stop = limits.stop.clone();
    let choice = search.choose(game, player).to_string();
    SearchResult {
        pv: vec![choice.clone()],
        best: choice,
        value: 0,
        nodes: search.stats().nodes,
        depth: 2,
        exact: false,
    }
}

impl fmt::Display for AnyGame {
    /// The position in the game's one-line notation.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        each!(&self.state, g => fmt::Display::fmt(g, f))
    }
}
