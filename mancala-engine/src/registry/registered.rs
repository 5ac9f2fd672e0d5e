//! What the registry needs from a type that plays games of it
//! ([`Registered`]): the rules a position is played under, the actions as
//! integers and the position as numbers (what learning code sees), and the
//! computer player. Implemented once for each type; every face (the
//! `mancala` command, the Python package, the web page) reads these through
//! [`AnyGame`](super::AnyGame), so a game gets them all at once.

use std::fmt;
use std::str::FromStr;

use mancala_core::four_rows::{FourRowAction, FourRowGame, FourRowRules};
use mancala_core::rounds::{RoundAction, RoundGame, RoundRules};
use mancala_core::{Budget, Game, Mancala, Player, Status, toguz::ToguzKumalak};
use mankka::Mankka;
use numa::Numa;
use numercy::Numercy;
use robertson::Robertson;
use smallvec::SmallVec;

use super::Memory;
use super::computer::{self, Report};
use super::drawing::{self, Drawing, Told};
use super::{SearchError, codes, rules_words, typed};
use crate::ending::{NumaWords as _, NumercyWords as _, Words as _};
use crate::limits::Limits;
use crate::search::SearchResult;

/// A type that plays games of the registry: the rules a position is
/// played under, the actions as integers and the position as numbers, how
/// a person types a move, and the computer player.
///
/// Actions as integers are fixed for a game and its options, so that a
/// policy has one output per action:
///
/// - sowing games ([`Mancala`], Toguz Kumalak): the hole sown, numbered as
///   the game numbers its holes (`0` to `holes - 1`), and `holes` passing;
/// - Numercy and Robertson's game: the hole sown;
/// - Mankka: holes `0` to `11`, `12` passing, then `13 + k` the `k`-th
///   placement of the hand in [`mankka::Placement::all`]'s order (462 for
///   Mankka Two's six seeds);
/// - Numa: the index of the choice in [`numa::Choice::ALL`] (72);
/// - the matches of rounds ([`RoundGame`]): on a board of `holes` holes,
///   `h` sowing hole `h`, `holes + h` filling hole `h`, `2 * holes`
///   relaying, `2 * holes + 1` capturing, `2 * holes + 2` passing;
/// - the games on four rows ([`FourRowGame`]): on a board of `H = 4C`
///   holes, `h` sowing hole `h` counter-clockwise, `H + h` sowing it
///   clockwise (Omweso), `2H + h` placing a seed into it (Omweso's
///   placing), `3H` passing (`3H + 1` in all).
///
/// Observations (`f32`, one flat vector): the counts of the holes in the
/// game's numbering, the stores (or scores) of each player, then one entry
/// per player that is 1 for the players to move (each implementation says
/// what its game adds; the matches of rounds add one entry per hole that
/// is 1 when it is closed, the round, 1 while refilling and 1 while the
/// mover chooses; the games on four rows, whose stores are Omweso's hands
/// while placing, add 1 while placing, one entry per player that is 1
/// while his fixed opening is to come, and one per player that is 1 for
/// the player who has just passed: `H + 9` in all).
pub trait Registered:
    Game<Action: FromStr<Err: fmt::Display>, Move: FromStr<Err: fmt::Display>>
    + Clone
    + fmt::Display
    + fmt::Debug
    + FromStr<Err: fmt::Display>
    + Send
    + Sync
    + 'static
{
    /// The rules a position is played under, compared when a position is
    /// set ([`AnyGame::set_position`](super::AnyGame::set_position)) and
    /// written as option words in messages (empty for the defaults).
    type Rules: PartialEq + fmt::Display;

    /// The rules this position is played under.
    fn rules_of(&self) -> Self::Rules;

    /// The work budget relays are decided within (for games with relays).
    fn relay_budget(&self) -> Option<Budget> {
        None
    }

    /// Decides relays within `budget` from now on (nothing for games
    /// without relays).
    fn set_relay_budget(&mut self, budget: Budget) {
        let _ = budget;
    }

    /// Reads `player`'s action as a person types it (a hole as `3`, `h3`
    /// or `hole 3`, `pass` in any case, Mankka's placements as six counts,
    /// Numa's choices in full or short): what
    /// the engine protocol, `mancala play` and the web page accept.
    ///
    /// # Errors
    ///
    /// What is wrong with the text, in words.
    fn read_typed(&self, player: Player, text: &str) -> Result<Self::Action, String>;

    /// How many action integers there are (each legal action is below).
    fn num_actions(&self) -> usize;

    /// The integer of an action.
    fn encode(&self, action: Self::Action) -> usize;

    /// The action of an integer (`None` if it names none; legality is
    /// checked apart).
    fn decode(&self, index: usize) -> Option<Self::Action>;

    /// The length of [`observe`](Registered::observe)'s vector.
    fn observation_len(&self) -> usize;

    /// Writes the observation into `out` (of
    /// [`observation_len`](Registered::observation_len)).
    ///
    /// # Panics
    ///
    /// If `out` is shorter than [`observation_len`](Registered::observation_len).
    fn observe(&self, out: &mut [f32]);

    /// Marks `player`'s legal actions in `mask` (cleared first) and lists
    /// them at the front of `legal`; returns how many there are.
    #[inline]
    fn write_legal(&self, player: Player, mask: &mut [bool], legal: &mut [u16]) -> usize {
        codes::write_listed(self, player, mask, legal)
    }

    /// Plays `codes`, one action integer for each acting player in player
    /// order, each checked legal by the caller against the mask
    /// [`write_legal`](Registered::write_legal) wrote for this position.
    /// Nothing happens if the game is over or a code names no action.
    #[inline]
    fn play_codes(&mut self, codes: &[usize]) {
        match self.status() {
            Status::ToMove(p) => {
                if let Some(&code) = codes.first()
                    && let Some(a) = self.decode(code)
                    && let Ok(mv) = self.joint_move(&[(p, a)])
                {
                    self.play_unchecked(mv);
                }
            }
            Status::Simultaneous(set) => {
                let mut choices: SmallVec<[(Player, Self::Action); 2]> = SmallVec::new();
                for (p, &code) in set.iter().zip(codes) {
                    choices.extend(self.decode(code).map(|a| (p, a)));
                }
                if let Ok(mv) = self.joint_move(&choices) {
                    self.play_unchecked(mv);
                }
            }
            Status::Over(_) => {}
        }
    }

    /// The game's rules in plain words, following its options (the board,
    /// the seeds, the variant): what a face shows a player who asks.
    fn rules_in_words(&self) -> String;

    /// What a face draws of this position: the board's shape, what lies
    /// where, each player's score in the game's own terms.
    fn drawing(&self) -> Drawing;

    /// Plays `mv` and tells what it did: its report in words and, where
    /// the game records them, the events of its sowing (what a face
    /// animates).
    ///
    /// # Errors
    ///
    /// The game's refusal in words; the state is then unchanged.
    fn play_told(&mut self, mv: Self::Move) -> Result<Told, String> {
        let report = self.play(mv).map_err(|e| e.to_string())?;
        Ok(drawing::told(&report, Vec::new()))
    }

    /// Why the game ended, in words, `name` naming each player; `None`
    /// while it goes on (or if it was set up as over).
    fn why_ended(&self, name: &dyn Fn(Player) -> String) -> Option<String>;

    /// `player`'s action by the best immediate gain, no search (the
    /// opponent of a first lesson): [`GreedyAgent`](crate::agents::GreedyAgent)
    /// for the player to move, [`NumaGreedy`](crate::agents::NumaGreedy) in
    /// Numa's simultaneous turns. `None` if he does not act.
    fn greedy(&self, player: Player) -> Option<Self::Action> {
        use crate::agents::{GreedyAgent, SequentialAgent};
        if self.status() != Status::ToMove(player) {
            return None;
        }
        GreedyAgent.choose(self)
    }

    /// The computer's action for `player` (who must be acting), searched
    /// within `limits`: the game's strongest search. `report` hears each
    /// completed iteration of a deepening search; `memory` holds what a
    /// search may read or keep from the last move ([`Memory`]: Kalah's
    /// databases and table; none: a fresh search). `None` if `player` has
    /// no action.
    ///
    /// # Errors
    ///
    /// [`SearchError::Endgames`] if a database of `memory` cannot be
    /// read.
    ///
    /// By default iterative-deepening alpha-beta
    /// ([`AlphaBeta`](crate::agents::AlphaBeta), a fresh table) for the
    /// player to move; the game's own search where it has one (the Kalah
    /// solver's on Kalah boards, regret matching in Numa's simultaneous
    /// turns). Deterministic when `limits` has no time and no
    /// stop flag.
    fn computer(
        &self,
        player: Player,
        limits: &Limits,
        memory: Option<&mut Memory>,
        report: Report<'_, Self::Action>,
    ) -> Result<Option<SearchResult<Self::Action>>, SearchError> {
        let _ = memory;
        Ok(computer::alpha_beta(self, player, limits, report))
    }
}

/// The rules in words and the drawing of a type: its functions of that
/// name in `rules_words` and `drawing`.
macro_rules! shown {
    ($f:ident) => {
        fn rules_in_words(&self) -> String {
            rules_words::$f(self)
        }
        fn drawing(&self) -> Drawing {
            drawing::$f(self)
        }
    };
}

/// A move told with the events its `play_observed` records.
macro_rules! observed_told {
    ($move:ty) => {
        /// With the sowing's events.
        fn play_told(&mut self, mv: $move) -> Result<Told, String> {
            let mut events = Vec::new();
            let report = self
                .play_observed(mv, &mut events)
                .map_err(|e| e.to_string())?;
            Ok(drawing::told(&report, events))
        }
    };
}

/// The work budget of a game with relays, kept by the game itself.
macro_rules! relay_budget {
    () => {
        fn relay_budget(&self) -> Option<Budget> {
            Some(self.budget())
        }
        fn set_relay_budget(&mut self, budget: Budget) {
            self.set_budget(budget);
        }
    };
}

/// The actions of a game whose moves are its holes (Numercy, Robertson's
/// game): a hole typed as a person types it, its number its integer.
macro_rules! hole_actions {
    () => {
        fn read_typed(&self, _player: Player, text: &str) -> Result<mancala_core::Pit, String> {
            typed::read_hole(text)
        }
        #[inline]
        fn num_actions(&self) -> usize {
            self.board().holes().len()
        }
        #[inline]
        fn encode(&self, action: mancala_core::Pit) -> usize {
            action.index()
        }
        #[inline]
        fn decode(&self, index: usize) -> Option<mancala_core::Pit> {
            codes::decode_hole(index, self.num_actions())
        }
    };
}

/// The integers of a sowing game's moves (`Mancala`, Toguz Kumalak): a
/// hole's number, and the number of holes for a pass.
macro_rules! sowing_codes {
    () => {
        #[inline]
        fn num_actions(&self) -> usize {
            self.board().holes().len() + 1
        }
        #[inline]
        fn encode(&self, action: mancala_core::Move) -> usize {
            codes::encode_sowing(action, self.board().holes().len())
        }
        #[inline]
        fn decode(&self, index: usize) -> Option<mancala_core::Move> {
            codes::decode_sowing(index, self.board().holes().len())
        }
    };
}

impl Registered for Mancala {
    type Rules = mancala_core::Rules;
    fn rules_of(&self) -> mancala_core::Rules {
        *self.rules()
    }
    shown!(mancala);
    observed_told!(mancala_core::Move);
    fn why_ended(&self, name: &dyn Fn(Player) -> String) -> Option<String> {
        Some(self.end()?.words(name, "seed"))
    }
    relay_budget!();
    fn read_typed(&self, _player: Player, text: &str) -> Result<mancala_core::Move, String> {
        typed::read_sowing(text)
    }
    sowing_codes!();
    #[inline]
    fn observation_len(&self) -> usize {
        self.board().holes().len() + 2 * self.player_count()
    }
    /// A hole straight to the sowing (the caller checked it legal).
    #[inline]
    fn play_codes(&mut self, codes: &[usize]) {
        if let (Status::ToMove(_), Some(&code)) = (self.status(), codes.first())
            && let Some(mv) = self.decode(code)
        {
            self.play_unchecked(mv);
        }
    }
    #[inline]
    fn write_legal(&self, player: Player, mask: &mut [bool], legal: &mut [u16]) -> usize {
        codes::write_legal_pits(self, player, mask, legal)
    }
    /// Holes, stores, who is to move.
    #[inline]
    fn observe(&self, out: &mut [f32]) {
        codes::observe_mancala(self, out);
    }
    /// The Kalah solver's search on boards it solves (the move from an
    /// opening book or a table of `memory` where one holds the
    /// position, the search's table kept in `memory` from the last move),
    /// else alpha-beta.
    fn computer(
        &self,
        player: Player,
        limits: &Limits,
        memory: Option<&mut Memory>,
        report: Report<'_, mancala_core::Move>,
    ) -> Result<Option<SearchResult<mancala_core::Move>>, SearchError> {
        computer::mancala(self, player, limits, memory, report)
    }
}

impl Registered for ToguzKumalak {
    type Rules = computer::NoOptions;
    fn rules_of(&self) -> computer::NoOptions {
        computer::NoOptions
    }
    shown!(toguz);
    observed_told!(mancala_core::Move);
    fn why_ended(&self, name: &dyn Fn(Player) -> String) -> Option<String> {
        Some(self.end()?.words(name, "seed"))
    }
    fn read_typed(&self, _player: Player, text: &str) -> Result<mancala_core::Move, String> {
        typed::read_hole(text).map(mancala_core::Move::Sow)
    }
    sowing_codes!();
    #[inline]
    fn observation_len(&self) -> usize {
        self.board().holes().len() + 2 + 2 + 2
    }
    /// Holes, stores, who is to move, then each player's tuzdik as its
    /// hole's number plus one (0 for none).
    #[inline]
    fn observe(&self, out: &mut [f32]) {
        codes::observe_toguz(self, out);
    }
}

impl Registered for Numercy {
    type Rules = numercy::Options;
    fn rules_of(&self) -> numercy::Options {
        *self.options()
    }
    shown!(numercy);
    observed_told!(mancala_core::Pit);
    fn why_ended(&self, name: &dyn Fn(Player) -> String) -> Option<String> {
        Some(self.end()?.words(name))
    }
    relay_budget!();
    hole_actions!();
    #[inline]
    fn observation_len(&self) -> usize {
        self.board().holes().len() + 4
    }
    /// Holes, points, who is to move.
    #[inline]
    fn observe(&self, out: &mut [f32]) {
        codes::observe_plain(self, self.board().holes(), out);
    }
}

impl Registered for Robertson {
    type Rules = robertson::Options;
    fn rules_of(&self) -> robertson::Options {
        *self.options()
    }
    shown!(robertson);
    /// With the sowing's events: the same move on the sowing board the
    /// game plays on gives them.
    fn play_told(&mut self, pit: mancala_core::Pit) -> Result<Told, String> {
        let mut events = Vec::new();
        let mut sowing = self.sowing().clone();
        let _ = sowing.play_observed(mancala_core::Move::Sow(pit), &mut events);
        let report = self.play(pit).map_err(|e| e.to_string())?;
        Ok(drawing::told(&report, events))
    }
    fn why_ended(&self, name: &dyn Fn(Player) -> String) -> Option<String> {
        Some(self.end()?.words(name, "stone"))
    }
    hole_actions!();
    #[inline]
    fn observation_len(&self) -> usize {
        self.board().holes().len() + 2 * self.player_count()
    }
    /// Holes, captures, who is to move.
    #[inline]
    fn observe(&self, out: &mut [f32]) {
        codes::observe_plain(self, self.board().holes(), out);
    }
}

impl Registered for Mankka {
    type Rules = mankka::Options;
    fn rules_of(&self) -> mankka::Options {
        *self.options()
    }
    shown!(mankka);
    observed_told!(mankka::Move);
    fn why_ended(&self, name: &dyn Fn(Player) -> String) -> Option<String> {
        Some(self.end()?.words(name, "seed"))
    }
    relay_budget!();
    /// A placement while the player has seeds in hand, else a hole or
    /// `pass`.
    fn read_typed(&self, player: Player, text: &str) -> Result<mankka::Move, String> {
        if self.hands()[player] > 0 {
            return typed::read_placement(text).map(mankka::Move::Place);
        }
        Ok(typed::read_pass_or_hole(text)?.map_or(mankka::Move::Pass, mankka::Move::Sow))
    }
    #[inline]
    fn num_actions(&self) -> usize {
        codes::mankka_actions(self)
    }
    #[inline]
    fn encode(&self, action: mankka::Move) -> usize {
        codes::encode_mankka(self, action)
    }
    #[inline]
    fn decode(&self, index: usize) -> Option<mankka::Move> {
        codes::decode_mankka(self, index)
    }
    #[inline]
    fn observation_len(&self) -> usize {
        12 + 2 + 2 + 2
    }
    /// Holes, stores, who is to move, then the seeds in each hand.
    #[inline]
    fn observe(&self, out: &mut [f32]) {
        codes::observe_mankka(self, out);
    }
}

impl Registered for Numa {
    type Rules = numa::Options;
    fn rules_of(&self) -> numa::Options {
        *self.options()
    }
    shown!(numa);
    /// With the paths of the pieces that moved.
    fn play_told(&mut self, mv: numa::JointMove) -> Result<Told, String> {
        let turn = self.play(mv).map_err(|e| e.to_string())?;
        Ok(drawing::numa_told(&turn))
    }
    fn why_ended(&self, name: &dyn Fn(Player) -> String) -> Option<String> {
        Some(self.end()?.words(name, self.options().target))
    }
    fn read_typed(&self, _player: Player, text: &str) -> Result<numa::Choice, String> {
        typed::read_choice(text)
    }
    #[inline]
    fn num_actions(&self) -> usize {
        numa::Choice::ALL.len()
    }
    #[inline]
    fn encode(&self, action: numa::Choice) -> usize {
        action.index()
    }
    #[inline]
    fn decode(&self, index: usize) -> Option<numa::Choice> {
        numa::Choice::ALL.get(index).copied()
    }
    /// Every choice is legal for an acting player, in
    /// [`Choice::ALL`](numa::Choice::ALL)'s order (no encoding to look up).
    #[inline]
    fn write_legal(&self, player: Player, mask: &mut [bool], legal: &mut [u16]) -> usize {
        let acting = matches!(self.status(), Status::Simultaneous(set) if set.contains(player));
        mask.fill(acting);
        if !acting {
            return 0;
        }
        for (i, entry) in legal.iter_mut().enumerate().take(numa::Choice::ALL.len()) {
            *entry = i as u16;
        }
        numa::Choice::ALL.len().min(legal.len())
    }
    #[inline]
    fn observation_len(&self) -> usize {
        codes::NUMA_OBSERVATION
    }
    /// For each piece (triangle, square, pentagon, circle) and face
    /// (Arabic, Roman) a plane of the 25 squares (row `y - 1`, column
    /// `x - 1`) with 1 where the piece stands with that face up; then the
    /// points, and who is to move.
    #[inline]
    fn observe(&self, out: &mut [f32]) {
        codes::observe_numa(self, out);
    }
    fn greedy(&self, player: Player) -> Option<numa::Choice> {
        use crate::agents::{NumaAgent, NumaGreedy};
        let acting = matches!(self.status(), Status::Simultaneous(set) if set.contains(player));
        acting.then(|| NumaGreedy.choose(self, player))
    }
    /// Regret matching over the turn's matrix game in Numa's simultaneous
    /// turns, seeded by the position and the player (see
    /// [`NUMA_ROUNDS`](super::NUMA_ROUNDS)).
    fn computer(
        &self,
        player: Player,
        limits: &Limits,
        memory: Option<&mut Memory>,
        report: Report<'_, numa::Choice>,
    ) -> Result<Option<SearchResult<numa::Choice>>, SearchError> {
        let _ = (limits, memory, report);
        Ok(computer::numa(self, player))
    }
}

/// [`Registered`] for a family of presets played by one type with no
/// options (`$game`, its rules `$rules` compared whole): its drawing and
/// rules in words from `shown`, why it ended from `ended`, actions typed
/// read by `read` (the game and the text), and the action integers and
/// observation from the `codes` functions of its board's length.
macro_rules! preset_family {
    (
        $game:ty, $rules:ty, $action:ty,
        shown: $shown:ident,
        ended: $ended:path,
        read: $read:expr,
        codes: [$actions:ident, $encode:ident, $decode:ident, $len:ident, $observe:ident $(,)?] $(,)?
    ) => {
        impl Registered for $game {
            type Rules = $rules;
            fn rules_of(&self) -> $rules {
                *self.rules()
            }
            shown!($shown);
            fn why_ended(&self, name: &dyn Fn(Player) -> String) -> Option<String> {
                $ended(self, name)
            }
            fn read_typed(&self, _player: Player, text: &str) -> Result<$action, String> {
                let read: fn(&$game, &str) -> Result<$action, String> = $read;
                read(self, text)
            }
            #[inline]
            fn num_actions(&self) -> usize {
                codes::$actions(self.board().len())
            }
            #[inline]
            fn encode(&self, action: $action) -> usize {
                codes::$encode(action, self.board().len())
            }
            #[inline]
            fn decode(&self, index: usize) -> Option<$action> {
                codes::$decode(index, self.board().len())
            }
            #[inline]
            fn observation_len(&self) -> usize {
                codes::$len(self.board().len())
            }
            #[inline]
            fn observe(&self, out: &mut [f32]) {
                codes::$observe(self, out);
            }
        }
    };
}

// The matches of rounds: a hole, `fill:N`, `relay`, `capture` or `pass`
// typed, a hole alone a fill between rounds; observed as holes, stores,
// who is to move, then 1 for each closed hole, the round, 1 while
// refilling, 1 while the mover chooses.
preset_family!(
    RoundGame, RoundRules, RoundAction,
    shown: rounds,
    ended: crate::ending::rounds_words,
    read: |game, text| typed::read_round_action(text, game.is_refilling()),
    codes: [round_actions, encode_round, decode_round, round_observation, observe_round],
);

// The games on four rows: a hole (`5`, `h5`), `5 cw` or `5:cw`, `place 5`
// or `place:5`, or `pass` typed; observed as holes, stores (Omweso's hands
// while placing), who is to move, then 1 while placing, 1 for each player
// whose fixed opening is to come, 1 for the player who has just passed.
preset_family!(
    FourRowGame, FourRowRules, FourRowAction,
    shown: four_rows,
    ended: crate::ending::four_rows_words,
    read: |_, text| typed::read_four_row_action(text),
    codes: [
        four_row_actions,
        encode_four_rows,
        decode_four_rows,
        four_row_observation,
        observe_four_rows,
    ],
);
