//! Every game of mancala-rs by name: [`GAMES`] lists them, [`AnyGame`]
//! plays any of them from its name and an options text: moves and
//! positions as text, actions as integers and positions as numbers (for
//! learning code), and the game's computer player.
//!
//! This is the one list the `mancala` command, its engine protocol, the
//! Python package and the web page all read, and [`AnyGame`] the one game
//! they all play: a game added here is a game everywhere, and the computer
//! answers the same move whatever face asks.
//!
//! # Options text
//!
//! A game's options are words `key=value` separated by spaces, each key
//! at most once, read over the game's own preset: `houses=4 seeds=3` for
//! oware on 2x4 holes of 3 seeds, `layout=triangle` for Robertson's
//! triangle, `variant=one` for Mankka One. Each game's keys are its rules
//! type's [`RuleOptions::KEYS`](mancala_core::notation::RuleOptions::KEYS)
//! ([`GameInfo::keys`]); the values are read as that type's option words
//! read them (the `Notation` section of each game crate). The empty text
//! is the game as its name says.
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

use mancala_core::four_rows::FourRowGame;
use mancala_core::rounds::RoundGame;
use mancala_core::{Budget, Game, Mancala, Player, Status, toguz::ToguzKumalak};
use mankka::Mankka;
use numa::Numa;
use numercy::Numercy;
use robertson::Robertson;

use crate::limits::Limits;
use crate::search::SearchResult;

mod codes;
mod computer;
mod drawing;
mod errors;
mod games;
mod memory;
mod numbered;
mod options;
mod registered;
mod rules_words;
mod typed;

pub use computer::{NUMA_ROUNDS, NoOptions, Report};
pub use drawing::{Drawing, FileLabel, PieceDrawing, PiecePath, ScorePart, Shape, Told};
pub use errors::{MoveError, NewGameError, SearchError};
pub use games::{GAMES, GameInfo, OptionInfo, find_game};
pub use memory::Memory;
pub use registered::Registered;

use games::Family;
use options::{no_options, read_options, refused, same_rules, start};

/// The game itself, by the type that plays it. Faces do not match on it:
/// [`each_game!`](crate::each_game) runs their code on the game's own
/// type, and [`AnyGame::visit`] runs code generic over [`Registered`].
#[doc(hidden)]
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameState {
    /// A sowing game of rules (oware, Kalah, the catalogue's).
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
    /// A match of rounds with closed holes (Sungka, Congkak, ...).
    Rounds(RoundGame),
    /// A game on four rows (Hus (Nama), Tsoro, Omweso, ...).
    FourRows(FourRowGame),
}

/// Runs `$body` with `$g` bound to the game of an [`AnyGame`] as its own
/// type: `each_game!(&game, g => ...)` borrows it, `each_game!(move game, g
/// => ...)` takes it. For a face's own trait implemented for each type of
/// the registry (how `mancala play` draws a board, how a trace writes a
/// state): the face names no game and no type, and a type added to the
/// registry reaches it here.
///
/// # Examples
///
/// ```
/// use mancala_engine::{AnyGame, each_game};
///
/// let game = AnyGame::new("numa", "")?;
/// // Any trait every type of the registry has: here `Display`.
/// let text = each_game!(&game, g => g.to_string());
/// assert_eq!(text, game.to_string());
/// # Ok::<(), mancala_engine::NewGameError>(())
/// ```
#[macro_export]
macro_rules! each_game {
    (move $game:expr, $g:ident => $body:expr) => {
        $crate::each_game!(@arms $crate::AnyGame::into_state($game), $g => $body)
    };
    (@arms $state:expr, $g:ident => $body:expr) => {
        match $state {
            $crate::GameState::Mancala($g) => $body,
            $crate::GameState::Toguz($g) => $body,
            $crate::GameState::Numercy($g) => $body,
            $crate::GameState::Robertson($g) => $body,
            $crate::GameState::Mankka($g) => $body,
            $crate::GameState::Numa($g) => $body,
            $crate::GameState::Rounds($g) => $body,
            $crate::GameState::FourRows($g) => $body,
        }
    };
    ($game:expr, $g:ident => $body:expr) => {
        $crate::each_game!(@arms $crate::AnyGame::state($game), $g => $body)
    };
}

/// Runs `$body` with `$g` bound to the game inside a [`GameState`]: the
/// one place the registry's types are told apart (`each_game!`'s arms).
macro_rules! each {
    ($state:expr, $g:ident => $body:expr) => {
        $crate::each_game!(@arms $state, $g => $body)
    };
}
use each;

/// Code generic over the games of the registry: [`AnyGame::visit`] calls
/// [`visit`](Visitor::visit) with the game's own type, so the code runs at
/// the speed of that type (no dynamic dispatch per move).
pub trait Visitor {
    /// What the visit gives.
    type Output;

    /// Visits one game.
    fn visit<G: Registered>(self, game: &G) -> Self::Output;
}

/// Any game of the registry, with the entry it was made from: moves and
/// positions as text, actions as integers, and its computer player.
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

/// Reads `text` as a position of type `G`.
fn parse<G: Registered>(text: &str) -> Result<G, MoveError> {
    text.trim()
        .parse()
        .map_err(|e: G::Err| MoveError::Position(e.to_string()))
}

/// Reads `text` as a position of `game`'s type under `game`'s rules, its
/// relays decided within `game`'s budget.
fn reread<G: Registered>(text: &str, game: &G) -> Result<G, MoveError> {
    let mut position: G = parse(text)?;
    same_rules(&position.rules_of(), &game.rules_of())?;
    if let Some(budget) = game.relay_budget() {
        position.set_relay_budget(budget);
    }
    Ok(position)
}

/// A player as moves and messages write him: `P0` to `P5`.
fn player_word(p: Player) -> String {
    format!("P{}", p.index())
}

/// Reads one move of `game` from `text`: a sequential move, or in a
/// simultaneous turn every acting player's choice joined by `/`.
fn read_move<G: Registered>(game: &G, text: &str) -> Result<G::Move, MoveError> {
    let unreadable = |reason: String| MoveError::Unreadable {
        text: text.trim().to_string(),
        reason,
    };
    match game.status() {
        Status::Over(_) => Err(MoveError::Illegal {
            text: text.trim().to_string(),
            reason: "the game is over".into(),
        }),
        Status::ToMove(p) => {
            let action = game.read_typed(p, text).map_err(unreadable)?;
            game.joint_move(&[(p, action)])
                .map_err(|e| unreadable(e.to_string()))
        }
        Status::Simultaneous(set) => {
            let players: Vec<Player> = set.iter().collect();
            let parts: Vec<&str> = text.trim().split('/').collect();
            if parts.len() != players.len() {
                let example: Vec<String> = players.iter().map(|&p| player_word(p)).collect();
                return Err(unreadable(format!(
                    "a turn is {} choices joined by `/`, one for each acting player ({})",
                    players.len(),
                    example.join("/")
                )));
            }
            let mut choices = Vec::with_capacity(parts.len());
            for (&p, part) in players.iter().zip(parts) {
                let action = game
                    .read_typed(p, part)
                    .map_err(|e| unreadable(format!("{}'s choice: {e}", player_word(p))))?;
                choices.push((p, action));
            }
            game.joint_move(&choices)
                .map_err(|e| unreadable(e.to_string()))
        }
    }
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
            Family::Sowing(preset) => {
                let rules = read_options(info, preset, options)?;
                GameState::Mancala(Mancala::new_within(rules, budget).map_err(refused)?)
            }
            Family::Toguz => {
                no_options(options)?;
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
            Family::Rounds(rules) => {
                no_options(options)?;
                GameState::Rounds(RoundGame::new(rules).map_err(refused)?)
            }
            Family::FourRows(rules) => {
                no_options(options)?;
                GameState::FourRows(FourRowGame::new(rules).map_err(refused)?)
            }
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
        fn read<G: Registered>(text: &str) -> Result<G, NewGameError> {
            parse(text).map_err(|e| match e {
                MoveError::Position(e) => NewGameError::Position(e),
                e => NewGameError::Position(e.to_string()),
            })
        }
        let state = match info.family {
            Family::Sowing(_) => GameState::Mancala(read(text)?),
            Family::Toguz => GameState::Toguz(read(text)?),
            Family::Numercy => GameState::Numercy(read(text)?),
            Family::Robertson => GameState::Robertson(read(text)?),
            Family::Mankka => GameState::Mankka(read(text)?),
            Family::Numa => GameState::Numa(read(text)?),
            Family::Rounds(_) => GameState::Rounds(read(text)?),
            Family::FourRows(_) => GameState::FourRows(read(text)?),
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

    /// The game itself, as its own type (for [`each_game!`](crate::each_game)).
    #[doc(hidden)]
    pub fn state(&self) -> &GameState {
        &self.state
    }

    /// The game itself, owned (for [`each_game!`](crate::each_game)).
    #[doc(hidden)]
    pub fn into_state(self) -> GameState {
        self.state
    }

    /// The sowing game of rules, if the game is one (oware, Kalah and the
    /// catalogue's but Toguz Kumalak): for tools that work on [`Rules`]
    /// (the exact solvers, the tablebases).
    ///
    /// [`Rules`]: mancala_core::Rules
    pub fn sowing(&self) -> Option<&Mancala> {
        match &self.state {
            GameState::Mancala(g) => Some(g),
            _ => None,
        }
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

    /// How many players the game has.
    pub fn players(&self) -> usize {
        each!(&self.state, g => g.player_count())
    }

    /// Every player's score, in player order.
    pub fn scores(&self) -> Vec<u64> {
        each!(&self.state, g => g.scores().iter().map(|(_, &s)| s).collect())
    }

    /// The player to move's score margin: his score minus the best of the
    /// others' ([`score_margin`](crate::agents::score_margin)); 0 when no
    /// one player is to move.
    pub fn margin(&self) -> i64 {
        match self.status() {
            Status::ToMove(p) => each!(&self.state, g => crate::agents::score_margin(g, p)),
            _ => 0,
        }
    }

    /// The position's transposition key.
    pub fn key(&self) -> u64 {
        each!(&self.state, g => g.key())
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
        if !self.status().acting().contains(player) {
            return Vec::new();
        }
        each!(&self.state, g => g.legal_actions(player).iter().map(ToString::to_string).collect())
    }

    /// Plays one move written as a person types it
    /// ([`Registered::read_typed`]: the game's notation, or a hole as `h3`
    /// or `hole 3`, `pass` in any case, Numa's choices short). On error
    /// nothing changes.
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
        fn one<G: Registered>(game: &mut G, text: &str) -> Result<(), MoveError> {
            let mv = read_move(game, text)?;
            game.play(mv).map(drop).map_err(|e| MoveError::Illegal {
                text: text.trim().to_string(),
                reason: e.to_string(),
            })
        }
        each!(&mut self.state, g => one(g, text))
    }

    /// Plays a move as [`play`](AnyGame::play) does and tells what it did
    /// ([`Registered::play_told`]): its report in words, the events of its
    /// sowing, the paths of the pieces that moved. On error nothing
    /// changes.
    ///
    /// # Errors
    ///
    /// As [`play`](AnyGame::play).
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::Event;
    /// use mancala_engine::AnyGame;
    ///
    /// let mut game = AnyGame::new("kalah", "")?;
    /// let told = game.play_told("2")?;
    /// // Four seeds lifted from hole 2, the last into South's store.
    /// assert_eq!(told.events.first(), Some(&Event::Lift { pit: mancala_core::Pit::new(2).unwrap(), seeds: 4 }));
    /// assert_eq!(told.events.last(), Some(&Event::ExtraTurn));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play_told(&mut self, text: &str) -> Result<Told, MoveError> {
        fn one<G: Registered>(game: &mut G, text: &str) -> Result<Told, MoveError> {
            let mv = read_move(game, text)?;
            game.play_told(mv).map_err(|reason| MoveError::Illegal {
                text: text.trim().to_string(),
                reason,
            })
        }
        each!(&mut self.state, g => one(g, text))
    }

    /// The game's rules in plain words, following its options
    /// ([`Registered::rules_in_words`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_engine::AnyGame;
    ///
    /// let game = AnyGame::new("kalah", "houses=4 seeds=3")?;
    /// assert!(game.rules_in_words().starts_with("Kalah: two rows of 4 pits with 3 seeds each"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn rules_in_words(&self) -> String {
        each!(&self.state, g => g.rules_in_words())
    }

    /// What a face draws of the position ([`Registered::drawing`]).
    pub fn drawing(&self) -> Drawing {
        each!(&self.state, g => Registered::drawing(g))
    }

    /// Why the game ended, in words, `name` naming each player
    /// ([`Registered::why_ended`]); `None` while it goes on.
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_engine::AnyGame;
    ///
    /// let mut game = AnyGame::new("kalah", "houses=2 seeds=1")?;
    /// while let Some(mv) = game.legal_moves().first().cloned() {
    ///     game.play(&mv)?;
    /// }
    /// let name = |p: mancala_core::Player| ["South", "North"][p.index()].to_string();
    /// assert!(game.why_ended(&name).unwrap().ends_with("holes are all empty"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn why_ended(&self, name: &dyn Fn(Player) -> String) -> Option<String> {
        each!(&self.state, g => g.why_ended(name))
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
            GameState::Mancala(g) => GameState::Mancala(reread(text, g)?),
            GameState::Toguz(g) => GameState::Toguz(reread(text, g)?),
            GameState::Numercy(g) => GameState::Numercy(reread(text, g)?),
            GameState::Robertson(g) => GameState::Robertson(reread(text, g)?),
            GameState::Mankka(g) => GameState::Mankka(reread(text, g)?),
            GameState::Numa(g) => GameState::Numa(reread(text, g)?),
            GameState::Rounds(g) => GameState::Rounds(reread(text, g)?),
            GameState::FourRows(g) => GameState::FourRows(reread(text, g)?),
        };
        self.state = state;
        Ok(())
    }
}

/// The computer player.
impl AnyGame {
    /// The computer's move for the player to move, searched within
    /// `limits` by the game's own search ([`Registered::computer`]): the
    /// Kalah solver's on Kalah boards, alpha-beta for the other turn-based
    /// games; in a simultaneous turn (Numa) every acting player's choice by
    /// regret matching over the turn's matrix game ([`NUMA_ROUNDS`] rounds,
    /// seeded by the position), joined by `/` as [`play`](AnyGame::play)
    /// reads a turn (its `value` 0, its `depth` 2).
    ///
    /// Deterministic when `limits` has no time and no stop flag.
    ///
    /// # Errors
    ///
    /// [`SearchError::GameOver`], or [`SearchError::NoMove`] if the player
    /// to move has none.
    pub fn search(&self, limits: &Limits) -> Result<SearchResult<String>, SearchError> {
        self.think(limits, None, &mut |_| {})
    }

    /// [`search`](AnyGame::search) with what `memory` holds and keeps
    /// (the endgame databases it reads where they hold the position, the
    /// search's table kept from the last move), telling `report` each
    /// completed iteration as it completes. With a memory the answer may
    /// also depend on the searches it kept.
    ///
    /// # Errors
    ///
    /// As [`search`](AnyGame::search), and [`SearchError::Endgames`] if a
    /// database cannot be read.
    pub fn think(
        &self,
        limits: &Limits,
        mut memory: Option<&mut Memory>,
        report: Report<'_, String>,
    ) -> Result<SearchResult<String>, SearchError> {
        match self.status() {
            Status::Over(_) => Err(SearchError::GameOver),
            Status::ToMove(p) => self.think_for(p, limits, memory, report),
            Status::Simultaneous(set) => {
                let mut choices = Vec::new();
                let mut nodes = 0;
                for p in set.iter() {
                    let r = self.think_for(p, limits, memory.as_deref_mut(), report)?;
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
                    source: crate::search::Source::Search,
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
        self.think_for(player, limits, None, &mut |_| {})
    }

    /// [`search_for`](AnyGame::search_for) with a memory and a report of
    /// each iteration, as [`think`](AnyGame::think).
    ///
    /// # Errors
    ///
    /// As [`search_for`](AnyGame::search_for), and
    /// [`SearchError::Endgames`].
    pub fn think_for(
        &self,
        player: Player,
        limits: &Limits,
        memory: Option<&mut Memory>,
        report: Report<'_, String>,
    ) -> Result<SearchResult<String>, SearchError> {
        fn one<G: Registered>(
            game: &G,
            player: Player,
            limits: &Limits,
            memory: Option<&mut Memory>,
            report: Report<'_, String>,
        ) -> Result<Option<SearchResult<String>>, SearchError> {
            let mut typed = |r: &SearchResult<G::Action>| {
                report(&r.clone().map(|a| a.to_string()));
            };
            Ok(game
                .computer(player, limits, memory, &mut typed)?
                .map(|r| r.map(|a| a.to_string())))
        }
        match self.status() {
            Status::Over(_) => return Err(SearchError::GameOver),
            status if !status.acting().contains(player) => {
                return Err(SearchError::NotActing(player.index()));
            }
            _ => {}
        }
        let found = each!(&self.state, g => one(g, player, limits, memory, report)?);
        found.ok_or(SearchError::NoMove)
    }
}

impl fmt::Display for AnyGame {
    /// The position in the game's one-line notation.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        each!(&self.state, g => fmt::Display::fmt(g, f))
    }
}
