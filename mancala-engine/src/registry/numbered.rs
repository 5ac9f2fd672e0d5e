//! [`AnyGame`]'s actions as integers and positions as numbers
//! ([`Registered`]'s numbering), for learning code.

use mancala_core::{Game, Player};

use super::{AnyGame, MoveError, Registered, each};

/// Actions as integers and positions as numbers ([`Registered`]'s
/// numbering), for learning code.
impl AnyGame {
    /// How many action integers the game has (fixed for its options).
    pub fn num_actions(&self) -> usize {
        each!(&self.state, g => g.num_actions())
    }

    /// The length of [`observe`](AnyGame::observe)'s vector.
    pub fn observation_len(&self) -> usize {
        each!(&self.state, g => g.observation_len())
    }

    /// Writes the observation into `out`.
    ///
    /// # Panics
    ///
    /// If `out` is shorter than [`observation_len`](AnyGame::observation_len).
    pub fn observe(&self, out: &mut [f32]) {
        each!(&self.state, g => g.observe(out));
    }

    /// `player`'s legal action integers, ascending (none if he is not
    /// acting).
    pub fn legal_codes(&self, player: Player) -> Vec<usize> {
        if !self.status().acting().contains(player) {
            return Vec::new();
        }
        each!(&self.state, g => {
            let mut out: Vec<usize> = g
                .legal_actions(player)
                .iter()
                .map(|&a| g.encode(a))
                .collect();
            out.sort_unstable();
            out
        })
    }

    /// The text of action integer `code` (`None` if it names no action).
    pub fn code_text(&self, code: usize) -> Option<String> {
        each!(&self.state, g => g.decode(code).map(|a| a.to_string()))
    }

    /// The integer of `player`'s action written as `text` (`None` if it
    /// is no action of the game).
    pub fn text_code(&self, text: &str) -> Option<usize> {
        fn one<G: Registered>(game: &G, text: &str) -> Option<usize> {
            text.trim()
                .parse::<G::Action>()
                .ok()
                .map(|a| game.encode(a))
        }
        each!(&self.state, g => one(g, text))
    }

    /// Plays one action integer for each acting player (in player order).
    /// On error nothing changes.
    ///
    /// # Errors
    ///
    /// [`MoveError::Illegal`] if the game is over, the count is not the
    /// acting players', or an action is not legal; [`MoveError::Unreadable`]
    /// if an integer names no action.
    pub fn play_codes(&mut self, codes: &[usize]) -> Result<(), MoveError> {
        let players: Vec<Player> = self.status().acting().iter().collect();
        let written = || {
            let words: Vec<String> = codes.iter().map(ToString::to_string).collect();
            words.join("/")
        };
        let illegal = |reason: String| MoveError::Illegal {
            text: written(),
            reason,
        };
        if players.is_empty() {
            return Err(illegal("the game is over".into()));
        }
        if players.len() != codes.len() {
            return Err(illegal(format!(
                "this turn takes {} action(s), one for each acting player, not {}",
                players.len(),
                codes.len()
            )));
        }
        let mut texts = Vec::with_capacity(codes.len());
        for (&p, &code) in players.iter().zip(codes) {
            let text = self.code_text(code).ok_or_else(|| MoveError::Unreadable {
                text: code.to_string(),
                reason: "it names no action of this game".into(),
            })?;
            if !self.legal_codes(p).contains(&code) {
                return Err(illegal(format!(
                    "{code} ({text}) is not a legal action of player {} here",
                    p.index()
                )));
            }
            texts.push(text);
        }
        self.play(&texts.join("/"))
    }

    /// `player`'s action integer by the best immediate gain, no search
    /// ([`Registered::greedy`]); `None` if he does not act.
    pub fn greedy_code(&self, player: Player) -> Option<usize> {
        each!(&self.state, g => g.greedy(player).map(|a| g.encode(a)))
    }
}
