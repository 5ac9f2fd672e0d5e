//! What the game loop needs from each game beyond the [`Game`] trait: its
//! names, its board with hole numbers, how a human writes a move, its
//! reports in words, and why it ended.

use mancala_core::{Game, Outcome, Pit, Player};

use super::text::{Names, and_list, ranges};
use mancala_engine::Registered;

/// How a finished game is shown.
#[derive(Clone, Debug)]
pub(crate) struct Ending {
    /// The last board, as the last move left it (before any sweep of the
    /// seeds left, which `count` then shows).
    pub(crate) board: String,
    /// Why the game ended.
    pub(crate) reason: String,
    /// The final count: each player's score and what it is made of.
    pub(crate) count: String,
}

impl Ending {
    /// A game over with `reason`, shown as it stands: its board and its
    /// scores ([`TerminalGame::standing`]).
    pub(crate) fn as_it_stands(game: &impl TerminalGame, reason: &str, names: &Names) -> Ending {
        Ending {
            board: game.draw(names),
            reason: reason.into(),
            count: game.standing(names),
        }
    }
}

/// One game of the family as a human sees it at the table.
pub(crate) trait TerminalGame: Registered {
    /// The seats' names, in turn order: one set of names for the board,
    /// the prompts, the reports and the result. By default `South` and
    /// `North`.
    fn seat_names(&self) -> Vec<String> {
        super::sowing::south_north()
    }

    /// What seat `p` plays with (`the bottom row, holes 0 to 5`).
    fn side(&self, p: Player) -> String;

    /// The board with every hole's number, each player's line labelled
    /// with `names`.
    fn draw(&self, names: &Names) -> String;

    /// How `p` writes a move, shown at the start and on `help`.
    fn how_to_move(&self, p: Player) -> String;

    /// The choices named in `p`'s prompt: by default the holes he may sow
    /// ([`hole_choices`]).
    fn choices(&self, p: Player) -> String {
        hole_choices(self, p)
    }

    /// The action as a human would type it (hints, echoes).
    fn say(&self, action: &Self::Action) -> String {
        action.to_string()
    }

    /// What a move did, in words, opening with its mover's name.
    fn describe(&self, report: &Self::Report, names: &Names) -> String;

    /// What the move `mv` did, in words ([`describe`](TerminalGame::describe)
    /// by default): for games whose report does not say the move.
    fn describe_move(&self, mv: &Self::Move, report: &Self::Report, names: &Names) -> String {
        let _ = mv;
        self.describe(report, names)
    }

    /// Why a move was refused, in words.
    fn refusal(&self, error: &Self::Error, names: &Names) -> String {
        names.rename(&error.to_string())
    }

    /// How the game ended: `self` is the final position, `before` the one
    /// before the last move `mv`.
    fn ending(&self, before: &Self, mv: &Self::Move, names: &Names) -> Ending;

    /// The game as `play` deals it from the options `given` (the game's
    /// own, the shortcuts and `--option`s): where the rules leave something to chance that the
    /// player did not set, drawn from `seed` (Numercy's operator row for a
    /// number of holes given without operators). By default the game as it
    /// is.
    ///
    /// # Errors
    ///
    /// Why the dealt game cannot be made, in words.
    fn deal(self, seed: u64, given: &crate::game_arg::OptionPairs) -> Result<Self, String> {
        let _ = (seed, given);
        Ok(self)
    }

    /// The scores of a game stopped before its end, in words.
    fn standing(&self, names: &Names) -> String {
        let parts: Vec<String> = self
            .scores()
            .iter()
            .map(|(p, s)| format!("{} {s}", names.of(p)))
            .collect();
        format!("Scores as they stand: {}.", and_list(&parts))
    }
}

/// The ending of a game over as `game` says why (`over` if it cannot),
/// its board `board`, and its count: `lead`, then each player's name with
/// his `value`.
pub(crate) fn ending_with<G: TerminalGame>(
    game: &G,
    names: &Names,
    (board, over): (String, &str),
    (lead, value): (&str, &dyn Fn(Player) -> u64),
) -> Ending {
    let reason = game.why_ended(&|p| names.of(p));
    let values: Vec<String> = names
        .players()
        .map(|p| format!("{} {}", names.of(p), value(p)))
        .collect();
    Ending {
        board,
        reason: reason.unwrap_or_else(|| over.into()),
        count: format!("{lead}: {}.", and_list(&values)),
    }
}

/// The refusal of a move from `owner`'s hole `pit` by `mover`, whose holes
/// are `his` (every game's `NotYourHole`).
pub(crate) fn not_your_hole(
    pit: Pit,
    owner: Player,
    his: impl IntoIterator<Item = Pit>,
    names: &Names,
) -> String {
    format!(
        "hole {pit} is {}'s; yours are {}",
        names.plain(owner),
        ranges(his)
    )
}

/// [`TerminalGame::refusal`] for a game of holes whose error type `$error` (in
/// scope where it is used) refuses a move from another player's hole as
/// `NotYourHole { pit, owner, mover }` (or, given `$core`, as its variant
/// `$core` holding the core's `NotYourHole`): that one names the mover's
/// holes ([`not_your_hole`]), the others are the error's text.
macro_rules! hole_refusal {
    ($error:ident) => {
        $crate::play::terminal_game::hole_refusal!(@core $error, |e: &$error| Some(*e));
    };
    ($error:ident, $core:ident) => {
        $crate::play::terminal_game::hole_refusal!(@core $error, |e: &$error| match *e {
            $error::$core(core) => Some(core),
            _ => None,
        });
    };
    (@core $error:ident, $core:expr) => {
        fn refusal(&self, error: &$error, names: &$crate::play::text::Names) -> String {
            let core: Option<mancala_core::PlayError> = ($core)(error);
            match core {
                Some(mancala_core::PlayError::NotYourHole { pit, owner, mover }) => {
                    $crate::play::terminal_game::not_your_hole(
                        pit,
                        owner,
                        self.topology().pits_of(mover),
                        names,
                    )
                }
                _ => names.rename(&error.to_string()),
            }
        }
    };
}
pub(crate) use hole_refusal;

/// [`TerminalGame::read`] and [`TerminalGame::say`] for a game whose actions are bare
/// holes: a hole number as typed ([`read_hole`]), said as `hole 3`
/// ([`say_hole`]).
macro_rules! hole_actions {
    () => {
        fn say(&self, pit: &mancala_core::Pit) -> String {
            $crate::play::terminal_game::say_hole(*pit)
        }
    };
}
pub(crate) use hole_actions;

/// A hole as the tables say it in hints and echoes: `hole 3`.
pub(crate) fn say_hole(pit: Pit) -> String {
    format!("hole {pit}")
}

/// The holes `p` may sow, for his prompt: `holes 0 1 2 4 5`, `hole 3`,
/// `pass`.
pub(crate) fn hole_choices<G: Game>(game: &G, p: Player) -> String
where
    G::Action: std::fmt::Display,
{
    let (holes, others): (Vec<String>, Vec<String>) = game
        .legal_actions(p)
        .iter()
        .map(ToString::to_string)
        .partition(|a| a.parse::<usize>().is_ok());
    let mut parts = others;
    match holes.as_slice() {
        [] => {}
        [one] => parts.insert(0, format!("hole {one}")),
        _ => parts.insert(0, format!("holes {}", holes.join(" "))),
    }
    if parts.is_empty() {
        "no move".into()
    } else {
        parts.join(", ")
    }
}

/// The result, to follow `Result: `: who won and by how much, with every
/// player's score.
pub(crate) fn result_line(outcome: Outcome, scores: &[u64], names: &Names) -> String {
    let mut order: Vec<(Player, u64)> = scores
        .iter()
        .enumerate()
        .filter_map(|(i, &s)| Player::new(i).map(|p| (p, s)))
        .collect();
    order.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let listed = |list: &[(Player, u64)]| -> Vec<String> {
        list.iter()
            .map(|&(p, s)| format!("{} {s}", names.of(p)))
            .collect()
    };
    match (outcome, order.as_slice()) {
        (_, []) => "the game is over.".into(),
        (Outcome::Winner(w), [(_, first), (_, second)]) => {
            format!("{} wins, {first} to {second}.", names.of(w))
        }
        (Outcome::Winner(w), [(_, first), rest @ ..]) => {
            let mut line = format!("{} wins with {first}", names.of(w));
            if !rest.is_empty() {
                line.push_str(&format!("; then {}", and_list(&listed(rest))));
            }
            line.push('.');
            line
        }
        (Outcome::Draw, [(_, a), (_, b)]) => format!("a draw, {a} to {b}."),
        (Outcome::Draw, [(_, top), ..]) => {
            let (tied, rest): (Vec<_>, Vec<_>) = order.iter().partition(|(_, s)| s == top);
            let tied: Vec<String> = tied.iter().map(|&(p, _)| names.of(p)).collect();
            let mut line = format!("a draw: {} share the top with {top}", and_list(&tied));
            if !rest.is_empty() {
                line.push_str(&format!("; then {}", and_list(&listed(&rest))));
            }
            line.push('.');
            line
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_name_the_winner_and_every_score() {
        let two = Names::new(vec!["South".into(), "North".into()], vec![true, false]);
        assert_eq!(
            result_line(Outcome::Winner(Player::P1), &[20, 28], &two),
            "North (computer) wins, 28 to 20."
        );
        assert_eq!(
            result_line(Outcome::Draw, &[24, 24], &two),
            "a draw, 24 to 24."
        );
        let three = Names::new(
            vec!["player 0".into(), "player 1".into(), "player 2".into()],
            vec![false; 3],
        );
        assert_eq!(
            result_line(Outcome::Winner(Player::P0), &[25, 21, 22], &three),
            "player 0 wins with 25; then player 2 22 and player 1 21."
        );
        assert_eq!(
            result_line(Outcome::Draw, &[25, 25, 22], &three),
            "a draw: player 0 and player 1 share the top with 25; then player 2 22."
        );
    }
}
