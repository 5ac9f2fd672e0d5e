//! Why a game ended, in words: what `mancala play` and the web page say at
//! the end of a game. The games say why they ended ([`Mancala::end`],
//! [`mankka::Mankka::end`], [`numercy::Numercy::end`], ...), recorded as
//! the end condition fired; this module puts that in words ([`Words`],
//! [`NumercyWords`]) and, for the sowing games, finds the board the last
//! move left before the seeds left were swept to their owners
//! ([`mancala_end`], [`mankka_end`]).

pub use mancala_core::End;
use mancala_core::{Board, Event, Game, Mancala, Move, Player};

/// `1 seed`, `3 seeds`.
fn count(n: impl Into<u64>, word: &str) -> String {
    match n.into() {
        1 => format!("1 {word}"),
        n => format!("{n} {word}s"),
    }
}

/// An end reason in words.
pub trait Words {
    /// The reason in words; `name` names each player (`South`), `seed`
    /// what is sown (`seed`, `stone`).
    ///
    /// # Examples
    ///
    /// ```
    /// use mancala_core::{End, Player};
    /// use mancala_engine::ending::Words;
    ///
    /// let name = |p: Player| ["South", "North"][p.index()].to_string();
    /// assert_eq!(End::SideEmpty(Player::P1).words(&name, "seed"), "North's holes are all empty");
    /// ```
    fn words(self, name: &dyn Fn(Player) -> String, seed: &str) -> String;
}

impl Words for End {
    fn words(self, name: &dyn Fn(Player) -> String, seed: &str) -> String {
        match self {
            End::Majority {
                player: Some(p),
                seeds,
                total,
            } => format!(
                "{} has captured more than half of the {total} {seed}s ({seeds})",
                name(p)
            ),
            End::Majority { seeds, .. } => {
                format!("both players have captured exactly half the {seed}s ({seeds} each)")
            }
            End::Repetition => format!(
                "the position repeated (the same {seed}s in every hole, the same player to \
                 move) with nothing captured in between"
            ),
            End::SideEmpty(p) => format!("{}'s holes are all empty", name(p)),
            End::FewLeft { left, most } => format!(
                "only {} left on the board after a sowing move (the game ends at {most} or \
                 fewer)",
                count(left, seed)
            ),
            End::EachAtMost { most } => format!("every hole holds at most {}", count(most, seed)),
            End::NoMove {
                player,
                has_seeds: false,
                ..
            } => format!("{} has no {seed}s to sow", name(player)),
            End::NoMove {
                player,
                too_few: true,
                ..
            } => format!(
                "{} has no hole with enough {seed}s to be sown",
                name(player)
            ),
            End::NoMove {
                player,
                unfed: Some(unfed),
                ..
            } => format!(
                "{} cannot move: {} has no {seed}s and no move of his gives him any",
                name(player),
                name(unfed)
            ),
            End::NoMove { player, .. } => format!(
                "{} has {seed}s but every move of his is forbidden by the rules",
                name(player)
            ),
            End::NobodyCanMove => "neither player can move".to_string(),
            _ => "the game is over".to_string(),
        }
    }
}

/// How a sowing game ended: why, and the board as the last move left it.
#[derive(Clone, Debug)]
pub struct SowingEnd {
    /// The end condition.
    pub reason: End,
    /// The board the last move left, before the seeds left were swept into
    /// their owners' stores (the final board when nothing was swept).
    pub board: Board,
    /// Seeds swept from each player's holes into his store at the end.
    pub swept: Vec<u32>,
}

impl SowingEnd {
    /// The end `reason` of a game whose last move reported `events` and
    /// left `after` (of `players` players): its sweep (the `Collect`
    /// events) undone.
    fn of(reason: End, after: &Board, events: &[Event], players: usize) -> SowingEnd {
        let mut holes = after.holes().to_vec();
        let mut stores = after.stores()[..players].to_vec();
        let mut swept = vec![0u32; players];
        for event in events {
            if let Event::Collect { pit, seeds, to } = *event {
                if let Some(h) = holes.get_mut(pit.index()) {
                    *h = h.saturating_add(seeds);
                }
                if let Some(s) = stores.get_mut(to.index()) {
                    *s = s.saturating_sub(seeds);
                }
                if let Some(s) = swept.get_mut(to.index()) {
                    *s += u32::from(seeds);
                }
            }
        }
        let board = Board::from_counts(&holes, &stores);
        SowingEnd {
            reason,
            board,
            swept,
        }
    }
}

/// How a [`Mancala`] game ended with `mv` played in `before`, or `None` if
/// it did not end (or the move is refused).
pub fn mancala_end(before: &Mancala, mv: Move) -> Option<SowingEnd> {
    let mut after = before.clone();
    let mut events = Vec::new();
    after.play_observed(mv, &mut events).ok()?;
    let players = after.player_count();
    Some(SowingEnd::of(after.end()?, after.board(), &events, players))
}

/// How a [`Mankka`](mankka::Mankka) game ended with `mv` played in
/// `before`, or `None` if it did not end (or the move is refused).
pub fn mankka_end(before: &mankka::Mankka, mv: mankka::Move) -> Option<SowingEnd> {
    let mut after = before.clone();
    let mut events = Vec::new();
    after.play_observed(mv, &mut events).ok()?;
    Some(SowingEnd::of(after.end()?, after.board(), &events, 2))
}

/// Why a game of Numercy ended.
pub use numercy::End as NumercyEnd;

/// A Numercy end reason in words.
pub trait NumercyWords {
    /// The reason in words; `name` names each player.
    fn words(self, name: &dyn Fn(Player) -> String) -> String;
}

impl NumercyWords for NumercyEnd {
    fn words(self, name: &dyn Fn(Player) -> String) -> String {
        match self {
            NumercyEnd::NoBalls(p) => format!("{} has no balls to sow", name(p)),
            NumercyEnd::AllEndless(p) => format!(
                "{} has balls, but every move of his would relay forever, which the rules \
                 forbid",
                name(p)
            ),
            NumercyEnd::Repetition => "the position repeated (the same balls in every hole, \
                                       the same points, the same player to move)"
                .to_string(),
            _ => "the game is over".to_string(),
        }
    }
}

/// Why `game` ended ([`numercy::Numercy::end`]): `None` while it goes on,
/// or if it was set up as over.
pub fn numercy_end(game: &numercy::Numercy) -> Option<NumercyEnd> {
    game.end()
}
