//! Why a game ended, in words: what `mancala play` and the web page say at
//! the end of a game. The games say why they ended ([`Mancala::end`],
//! [`mankka::Mankka::end`], [`numercy::Numercy::end`],
//! [`numa::Numa::end`], ...), recorded as the end condition fired; this
//! module puts that in words ([`Words`], [`NumercyWords`], [`NumaWords`])
//! and, for the sowing games, finds the board the last move left before
//! the seeds left were swept to their owners ([`mancala_end`],
//! [`mankka_end`]).
//!
//! [`Mancala::end`]: mancala_core::Mancala::end

mod sweep;

pub use mancala_core::End;
use mancala_core::Player;
pub use sweep::{SowingEnd, mancala_end, mankka_end};

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
            End::Target { player, seeds } => format!(
                "{} has reached the target: {} in his store",
                name(player),
                count(seeds, seed)
            ),
            _ => "the game is over".to_string(),
        }
    }
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
/// Why a game of Numa ended.
pub use numa::End as NumaEnd;

/// A Numa end reason in words.
pub trait NumaWords {
    /// The reason in words; `name` names each player, `target` is the
    /// game's.
    fn words(self, name: &dyn Fn(Player) -> String, target: u32) -> String;
}

impl NumaWords for NumaEnd {
    fn words(self, name: &dyn Fn(Player) -> String, target: u32) -> String {
        match self {
            NumaEnd::Target(p) => {
                format!(
                    "{} has reached the target of {target} with more points",
                    name(p)
                )
            }
            NumaEnd::BothPastTarget(p) => format!(
                "both have passed the target of {target}, and {} has more",
                name(p)
            ),
            _ => "both reached the highest score the game counts, level".to_string(),
        }
    }
}

/// Why a match of rounds ended, in words: who won it and why; `name`
/// names each player. `None` while it goes on.
///
/// # Examples
///
/// ```
/// use mancala_core::Player;
/// use mancala_core::rounds::RoundGame;
///
/// // Congkak after round 3: North has 4 seeds, fewer than a hole's 6.
/// let game: RoundGame =
///     "0,0,0,0,0,0/0,0,0,0,0,0 68,4 1 rules=congkak round=3 stage=won:0".parse()?;
/// let name = |p: Player| ["South", "North"][p.index()].to_string();
/// assert_eq!(
///     mancala_engine::ending::rounds_words(&game, &name).unwrap(),
///     "South wins the match in round 3: North has 4 seeds in his store, too few \
///      to fill a hole with 6"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn rounds_words(
    game: &mancala_core::rounds::RoundGame,
    name: &dyn Fn(Player) -> String,
) -> Option<String> {
    use mancala_core::rounds::{MatchEnd, SownStores};
    let winner = game.winner()?;
    let loser = winner.next(2);
    let rules = game.rules();
    let store = if rules.stores == SownStores::None {
        "in hand"
    } else {
        "in his store"
    };
    let why = match rules.match_end {
        MatchEnd::StoreBelow(1) => format!("{} has no seeds left to fill a hole", name(loser)),
        MatchEnd::StoreBelow(least) => format!(
            "{} has {} {store}, too few to fill a hole with {least}",
            name(loser),
            count(game.stores()[loser.index()], "seed")
        ),
        MatchEnd::MoverHoldsAllBut(least) => {
            let board: u64 = game.board().iter().map(|&s| u64::from(s)).sum();
            let outside = board + u64::from(game.stores()[loser.index()]);
            format!(
                "{} holds all the seeds but {outside} in his store, fewer than {least}",
                name(winner)
            )
        }
    };
    Some(format!(
        "{} wins the match in round {}: {why}",
        name(winner),
        game.round()
    ))
}

/// Why a game on four rows ended, in words: who won and why (or why it is
/// a draw); `name` names each player. `None` while it goes on.
///
/// # Examples
///
/// ```
/// use mancala_core::Player;
/// use mancala_core::four_rows::FourRowGame;
///
/// // Tsoro: North's rows are empty after South's capture.
/// let text = "2,2,2,2,2,2,2,2/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0/0,0,0,0,0,0,0,0 \
///             16,0 1 rules=tsoro result=0";
/// let game: FourRowGame = text.parse()?;
/// let name = |p: Player| ["South", "North"][p.index()].to_string();
/// assert_eq!(
///     mancala_engine::ending::four_rows_words(&game, &name).unwrap(),
///     "South wins: North has no seeds left in his rows"
/// );
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn four_rows_words(
    game: &mancala_core::four_rows::FourRowGame,
    name: &dyn Fn(Player) -> String,
) -> Option<String> {
    use mancala_core::Outcome;
    use mancala_core::four_rows::FourRowEnd;
    let outcome = game.result()?;
    let [a, b] = [Player::P0, Player::P1].map(|p| game.score(p));
    let mover = game.player_to_move();
    let (winner, loser) = match outcome {
        Outcome::Winner(w) => (w, w.next(2)),
        Outcome::Draw => {
            return Some(format!(
                "a draw: {} has no seeds left in his rows, and the scores are level at {a} each",
                name(mover)
            ));
        }
    };
    let why = match game.rules().end {
        FourRowEnd::PassThenLose => format!(
            "{} had no move and passed, and loses after {}'s next lap",
            name(loser),
            name(winner)
        ),
        FourRowEnd::RingEmptyLoses => format!("{} has no seeds left in his rows", name(loser)),
        FourRowEnd::NoSeedsScores => format!(
            "{} has no seeds left in his rows, and the scores are {a} to {b}",
            name(mover)
        ),
        FourRowEnd::NoMoveLoses => format!("{} has no move left", name(loser)),
    };
    Some(format!("{} wins: {why}", name(winner)))
}
