//! One game on the page, in plain Rust (the JavaScript bindings in
//! `lib.rs` only wrap it): its view as the page draws it, moves with what
//! they did seed by seed, and the computer's move.

use std::time::Duration;

use mancala_core::{Event, Player, Status};
use mancala_engine::{AnyGame, Clock, Limits};
use serde::Serialize;

use crate::view::{View, names, view};

/// How hard the computer tries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strength {
    /// A shallow search (a few hundred positions).
    Easy,
    /// Tens of thousands of positions.
    Medium,
    /// Up to a million positions or about a second, whichever comes first.
    Hard,
}

impl Strength {
    /// The strength of a number: 1 easy, 2 medium, 3 hard.
    pub fn from_level(level: u32) -> Option<Strength> {
        match level {
            1 => Some(Strength::Easy),
            2 => Some(Strength::Medium),
            3 => Some(Strength::Hard),
            _ => None,
        }
    }

    /// The search's limits (`clock` for the time limit, where there is one).
    fn limits(self, clock: Option<Clock>) -> Limits {
        match self {
            Strength::Easy => Limits::nodes(300),
            Strength::Medium => Limits::nodes(30_000),
            Strength::Hard => {
                let limits = Limits::nodes(1_000_000);
                match clock {
                    Some(clock) => limits
                        .with_time(Duration::from_millis(1_000))
                        .with_clock(clock),
                    None => limits,
                }
            }
        }
    }
}

/// One step of a move as the page animates it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Step {
    /// A lap began: `seeds` lifted from `pit`.
    Lift { pit: usize, seeds: u16 },
    /// A seed into `pit`.
    Sow { pit: usize },
    /// A seed into `player`'s store.
    Store { player: usize },
    /// `seeds` taken from `pit` for `by`.
    Capture { pit: usize, seeds: u16, by: usize },
    /// The seeds left in `pit` went to `to` at the end.
    Collect { pit: usize, seeds: u16, to: usize },
    /// The mover moves again.
    Again,
    /// An endless relay, stopped.
    Endless,
    /// A capture refused as a grand slam.
    GrandSlam,
}

impl Step {
    fn of(event: Event) -> Option<Step> {
        Some(match event {
            Event::Lift { pit, seeds } => Step::Lift {
                pit: pit.index(),
                seeds,
            },
            Event::Sow { pit } => Step::Sow { pit: pit.index() },
            Event::Store { player } => Step::Store {
                player: player.index(),
            },
            Event::Capture { pit, seeds, by } => Step::Capture {
                pit: pit.index(),
                seeds,
                by: by.index(),
            },
            Event::Collect { pit, seeds, to } => Step::Collect {
                pit: pit.index(),
                seeds,
                to: to.index(),
            },
            Event::ExtraTurn => Step::Again,
            Event::EndlessStop => Step::Endless,
            Event::GrandSlamRefused => Step::GrandSlam,
            _ => return None,
        })
    }
}

/// Where a Numa piece went in a turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PiecePath {
    /// `triangle`, `square`, `pentagon` or `circle`.
    pub shape: &'static str,
    /// Its square before the turn (`[x, y]`, 1 to 5).
    pub from: [u8; 2],
    /// The squares it moved through.
    pub steps: Vec<[u8; 2]>,
}

/// What a move did.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MoveView {
    /// The move as played (`3`, `pass`, `1+1+1+1+1+1`, Numa's `a/b`).
    #[serde(rename = "move")]
    pub text: String,
    /// In words, with the players' names: `South sows hole 2, ...`.
    pub words: String,
    /// Seed by seed (sowing games; empty for Numa).
    pub steps: Vec<Step>,
    /// Numa: each piece's path.
    pub paths: Vec<PiecePath>,
}

/// The computer's move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SearchView {
    /// The move (for one player of a Numa turn, his choice alone).
    pub best: String,
    /// Its value for the player to move (0 for Numa's choices).
    pub value: i64,
    /// Positions searched.
    pub nodes: u64,
    /// Depth reached.
    pub depth: u32,
}

/// A game on the page.
#[derive(Clone, Debug)]
pub struct Session {
    game: AnyGame,
    /// Why the game ended, once a move here ended it.
    ended: Option<String>,
}

impl Session {
    /// A new game of the registry's `name` with `options` text.
    ///
    /// # Errors
    ///
    /// An unknown game or bad options, in words.
    pub fn new(name: &str, options: &str) -> Result<Session, String> {
        AnyGame::new(name, options)
            .map(|game| Session { game, ended: None })
            .map_err(|e| e.to_string())
    }

    /// [`new`](Session::new) deciding relays within `budget` (see
    /// [`AnyGame::new_within`]) instead of the default.
    ///
    /// # Errors
    ///
    /// An unknown game or bad options, in words.
    pub fn new_within(
        name: &str,
        options: &str,
        budget: mancala_core::Budget,
    ) -> Result<Session, String> {
        AnyGame::new_within(name, options, budget)
            .map(|game| Session { game, ended: None })
            .map_err(|e| e.to_string())
    }

    /// The game `name` at the position `text` (its one-line notation).
    ///
    /// # Errors
    ///
    /// An unknown game or a bad position, in words.
    pub fn from_text(name: &str, text: &str) -> Result<Session, String> {
        AnyGame::from_text(name, text.trim())
            .map(|game| Session { game, ended: None })
            .map_err(|e| e.to_string())
    }

    /// The position in the game's one-line notation.
    pub fn text(&self) -> String {
        self.game.to_string()
    }

    /// Everything the page draws.
    pub fn view(&self) -> View {
        let mut v = view(&self.game);
        if v.status.kind == "over" {
            v.reason.clone_from(&self.ended);
        }
        v
    }

    /// Sets the position (under the same rules); on error nothing changes.
    ///
    /// # Errors
    ///
    /// A bad position or one under other rules, in words.
    pub fn set_position(&mut self, text: &str) -> Result<(), String> {
        self.game
            .set_position(text.trim())
            .map_err(|e| e.to_string())?;
        self.ended = None;
        Ok(())
    }

    /// Plays `text` and says what it did; on error nothing changes.
    ///
    /// # Errors
    ///
    /// An unreadable or illegal move, in words.
    pub fn play(&mut self, text: &str) -> Result<MoveView, String> {
        let text = text.trim();
        let names = names(&self.game);
        let told = self.game.play_told(text).map_err(|e| e.to_string())?;
        let name = |p: Player| names.get(p.index()).cloned().unwrap_or_default();
        self.ended = self.game.why_ended(&name);
        Ok(MoveView {
            text: text.to_string(),
            words: rename(&told.words, &names),
            steps: told.events.into_iter().filter_map(Step::of).collect(),
            paths: told
                .paths
                .into_iter()
                .map(|path| PiecePath {
                    shape: path.shape,
                    from: path.from,
                    steps: path.steps,
                })
                .collect(),
        })
    }

    /// The computer's move for the player to move, or for `player` in a
    /// simultaneous turn (Numa), at `strength`; `clock` gives the time
    /// limit of the hard level (none: nodes alone).
    ///
    /// # Errors
    ///
    /// The game is over, or `player` does not move now.
    pub fn search(
        &self,
        strength: Strength,
        player: Option<usize>,
        clock: Option<Clock>,
    ) -> Result<SearchView, String> {
        let limits = strength.limits(clock);
        let result = match (self.game.status(), player) {
            (Status::Simultaneous(_), Some(p)) => {
                let p = Player::new(p).ok_or_else(|| format!("there is no player {p}"))?;
                self.game.search_for(p, &limits)
            }
            _ => self.game.search(&limits),
        }
        .map_err(|e| e.to_string())?;
        Ok(SearchView {
            best: result.best,
            value: result.value,
            nodes: result.nodes,
            depth: result.depth,
        })
    }
}

/// `player 0` and the like replaced by the seats' names.
fn rename(words: &str, names: &[String]) -> String {
    let mut out = words.to_string();
    for (i, name) in names.iter().enumerate().rev() {
        out = out.replace(&format!("player {i}"), name);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kalah_move_is_told_seed_by_seed() {
        let mut s = Session::new("kalah", "").expect("kalah");
        let m = s.play("2").expect("legal");
        // Four seeds from hole 2: holes 3, 4, 5, then South's store, where
        // the last seed gives him another move.
        assert_eq!(
            m.steps,
            vec![
                Step::Lift { pit: 2, seeds: 4 },
                Step::Sow { pit: 3 },
                Step::Sow { pit: 4 },
                Step::Sow { pit: 5 },
                Step::Store { player: 0 },
                Step::Again,
            ]
        );
        assert!(m.words.starts_with("South sows hole 2"), "{}", m.words);
        assert_eq!(s.text(), "4,4,0,5,5,5/4,4,4,4,4,4 1,0 0 rules=kalah");
    }

    #[test]
    fn a_refused_move_changes_nothing_and_says_why() {
        let mut s = Session::new("oware", "").expect("oware");
        let before = s.text();
        for bad in ["7", "banana", "", "99999999999999999999"] {
            assert!(s.play(bad).is_err(), "{bad}");
            assert_eq!(s.text(), before);
        }
    }

    #[test]
    fn numercy_tells_its_arithmetic() {
        let mut s = Session::new("numercy", "holes=4 seeds=2 operators=x,x,x,x").expect("numercy");
        // Two balls from hole 0 reach holes 1 and 2; hole 2 then holds 3,
        // opposite hole 5 holds 2: 3 x 2 = 6, and a 3 scores for the
        // opponent (RULES.md, Numercy 5).
        let m = s.play("0").expect("legal");
        assert!(m.words.contains("3 x 2 = 6 for North"), "{}", m.words);
    }

    #[test]
    fn numa_turns_move_pieces_along_paths() {
        let mut s = Session::new("numa", "").expect("numa");
        let m = s
            .play("triangle-red+square-blue/pentagon-yellow+circle-green")
            .expect("legal");
        assert_eq!(m.paths.len(), 4);
        assert!(m.steps.is_empty());
    }

    #[test]
    fn robertson_moves_on_a_triangle_show_their_sowing() {
        let mut s = Session::new("robertson", "layout=triangle").expect("triangle");
        let m = s.play("0").expect("legal");
        assert!(matches!(m.steps.first(), Some(Step::Lift { pit: 0, .. })));
        let sown = m
            .steps
            .iter()
            .filter(|s| matches!(s, Step::Sow { .. }))
            .count();
        assert_eq!(sown, 4, "{:?}", m.steps);
    }

    #[test]
    fn a_finished_game_says_why_it_ended() {
        // Kalah on two holes of one seed: play the first legal move until
        // the end; a side empties (Kalah's only end).
        let mut s = Session::new("kalah", "houses=2 seeds=1").expect("kalah");
        while let Some(mv) = s.view().legal.first().cloned() {
            assert_eq!(s.view().reason, None);
            s.play(&mv).expect("legal");
        }
        let v = s.view();
        assert_eq!(v.status.kind, "over");
        let reason = v.reason.expect("a reason");
        assert!(reason.ends_with("'s holes are all empty"), "{reason}");
        // A position set by hand has no last move to explain.
        let text = s.text();
        let s = Session::from_text("kalah", &text).expect("the same position");
        assert_eq!(s.view().reason, None);
    }

    #[test]
    fn the_computer_moves_legally_at_every_strength() {
        for name in [
            "kalah",
            "oware",
            "numercy",
            "mankka",
            "toguz-kumalak",
            "dakon",
            "congkak",
        ] {
            let s = Session::new(name, "").expect("game");
            let legal = s.view().legal;
            for level in 1..=3 {
                let strength = Strength::from_level(level).expect("level");
                let best = s.search(strength, None, None).expect("a move").best;
                assert!(legal.contains(&best), "{name}: {best} not in {legal:?}");
            }
        }
        let s = Session::new("numa", "").expect("numa");
        let r = s.search(Strength::Easy, Some(1), None).expect("a choice");
        assert!(r.best.parse::<numa::Choice>().is_ok(), "{}", r.best);
        assert!(s.search(Strength::Easy, Some(7), None).is_err());
    }
}
