//! Verify mode: the server's rules problems answered with this
//! workspace's rules. The server sends `N problem <board> M` (south to
//! move, `M` his house counted from 0); the client answers `ID@N solution
//! <board> true|false`: the board after the move, and whether south moves
//! again.

use mancala_core::rules::Leftover;
use mancala_core::{Game, Mancala, Move, Pit, Player, Rules, Setup};

use super::message::Board;

/// The Kalah the KGP server plays on `houses` houses a side
/// (`../shared/INTEROP.md`): Kalah as [`Rules::kalah`] plays it (its own
/// store sown, the opponent's skipped; the last seed in one's store plays
/// again; the last seed in one's own empty house takes it and the opposite
/// house when that one is not empty; the game over once a row is empty),
/// besides which the game also ends once a store holds more than half of
/// all seeds ([`EndRules::majority`](mancala_core::rules::EndRules)), and
/// at the end the seeds left go to their row's owner's store
/// ([`Leftover::ToOwner`]: the server's boards show them there).
///
/// # Examples
///
/// ```
/// use mancala_cli::kgp::server_rules;
/// use mancala_core::Rules;
///
/// let rules = server_rules(8);
/// assert!(rules.end.majority && !Rules::kalah().end.majority);
/// assert_eq!(rules.layout.row_len, 8);
/// ```
pub fn server_rules(houses: u8) -> Rules {
    let mut rules = Rules::kalah().with_houses(houses);
    rules.end.majority = true;
    rules.leftover = Leftover::ToOwner;
    rules
}

/// The answer to a rules problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The board after the move, south's side first as in the problem.
    pub board: Board,
    /// Whether south moves again: his last seed fell into his store (said
    /// even when the move ends the game, as the server says it).
    pub again: bool,
}

impl Solution {
    /// The solution's arguments as `solution` sends them: `<board>
    /// true|false`.
    pub fn to_args(&self) -> String {
        format!("{} {}", self.board, self.again)
    }
}

/// Plays south's house `house` (counted from 0) of `problem` by the
/// server's rules ([`server_rules`]).
///
/// The move is sown on the board as it stands, even a board the server's
/// rules would call finished (a problem's board is random: a store may
/// already hold more than half of the seeds, north's row may be empty);
/// then the position it reaches is judged by those rules, which end the
/// game there and give each row's seeds to its owner when it is over.
///
/// # Errors
///
/// The reason in words if `problem` is no position (too many seeds) or
/// `house` is no move of south's (past his row, or empty).
///
/// # Examples
///
/// ```
/// use mancala_cli::kgp::{Board, solve};
///
/// // South's house 3 (index 2) holds one seed: it falls into his store,
/// // and he moves again.
/// let problem: Board = "<3,0,0,1,1,1,1,1,1>".parse().unwrap();
/// let solution = solve(&problem, 2).unwrap();
/// assert_eq!(solution.to_args(), "<3,1,0,1,1,0,1,1,1> true");
/// ```
pub fn solve(problem: &Board, house: usize) -> Result<Solution, String> {
    let houses = u8::try_from(problem.south.len()).map_err(|_| "too many houses")?;
    if house >= problem.south.len() {
        return Err(format!(
            "house {house} is past south's {} houses (counted from 0)",
            problem.south.len()
        ));
    }
    let rules = server_rules(houses);
    // Sown under the same rules without their ends, so that a board they
    // would call finished still takes the move.
    let mut sowing = rules;
    sowing.end.majority = false;
    sowing.end.side_empty = false;
    let mut setup = Setup::new(sowing);
    setup.board = problem
        .south
        .iter()
        .chain(&problem.north)
        .copied()
        .collect();
    setup.stores = vec![problem.south_store, problem.north_store];
    setup.to_move = Player::P0;
    let mut game = Mancala::from_setup(setup).map_err(|e| e.to_string())?;
    let pit = Pit::new(house).ok_or("no such house")?;
    let turn = game
        .play(Move::Sow(pit))
        .map_err(|e| format!("house {house}: {e}"))?;
    // The position reached, judged by the server's rules: a finished one
    // is built finished, its seeds gathered, as if the move had just
    // reached it.
    let mut judged = Setup::new(rules);
    judged.board = game.board().holes().to_vec();
    judged.stores = game.board().stores()[..2].to_vec();
    judged.to_move = game.to_move().unwrap_or(Player::P0);
    let judged = Mancala::from_setup(judged).map_err(|e| e.to_string())?;
    Ok(Solution {
        board: Board::of_game(&judged, Player::P0),
        again: turn.extra_turn,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The solution of `house` (from 0) in `problem`, as sent.
    fn answer(problem: &str, house: usize) -> String {
        solve(&problem.parse().unwrap(), house).unwrap().to_args()
    }

    #[test]
    fn problems_are_solved_by_the_servers_kalah() {
        // Worked by hand from the rules of INTEROP.md; houses from 0,
        // south's row then north's, north's house 0 facing south's last.
        // A plain move: 3 seeds from south's house 0 into houses 1 to 3.
        assert_eq!(
            answer("<4,0,0,3,0,0,1,2,2,2,2>", 0),
            "<4,0,0,0,1,1,2,2,2,2,2> false"
        );
        // Into the store, and on into north's row: 4 seeds from house 2
        // of 4: house 3, the store, north's houses 0 and 1.
        assert_eq!(
            answer("<4,5,6,1,1,4,1,2,2,2,2>", 2),
            "<4,6,6,1,1,0,2,3,3,2,2> false"
        );
        // The last seed in the store: again.
        assert_eq!(
            answer("<4,0,0,2,1,2,1,2,2,2,2>", 2),
            "<4,1,0,2,1,0,2,2,2,2,2> true"
        );
        // A capture: 1 seed from house 0 into empty house 1, which faces
        // north's house 4 - 1 - 1 = 2 (3 seeds): 1 + 3 into the store.
        assert_eq!(
            answer("<4,0,0,1,0,5,5,2,2,3,2>", 0),
            "<4,4,0,0,0,5,5,2,2,0,2> false"
        );
        // No capture when the opposite house is empty.
        assert_eq!(
            answer("<4,0,0,1,0,5,5,2,2,0,2>", 0),
            "<4,0,0,0,1,5,5,2,2,0,2> false"
        );
        // A lap on 2 houses a side: 5 seeds from house 0 into house 1,
        // the store, north's houses 0 and 1, and house 0 again (Kalah sows
        // its origin): 1 seed there, facing north's house 1 (4 + 1 = 5):
        // 6 taken.
        assert_eq!(answer("<2,0,9,5,3,0,4>", 0), "<2,7,9,0,4,1,0> false");
    }

    #[test]
    fn the_end_gathers_the_seeds_left() {
        // South empties his row: the game ends, north's seeds go to
        // north's store.
        assert_eq!(
            answer("<3,0,0,0,0,1,4,4,4>", 2),
            "<3,1,12,0,0,0,0,0,0> true"
        );
        // South's store passes half of the 31 seeds (15 + 1 = 16 > 15.5):
        // over, each row to its owner.
        assert_eq!(
            answer("<3,15,0,0,1,2,4,4,5>", 2),
            "<3,17,14,0,0,0,0,0,0> false"
        );
        // A board already finished (north's row empty) still takes the
        // move: south's second seed reaches north's row, and the game goes
        // on.
        assert_eq!(answer("<2,3,1,2,2,0,0>", 1), "<2,4,1,2,0,1,0> false");
    }

    #[test]
    fn bad_problems_are_refused_in_words() {
        let problem: Board = "<3,0,0,0,1,2,3,4,5>".parse().unwrap();
        assert!(solve(&problem, 0).unwrap_err().contains("house 0"));
        assert!(solve(&problem, 3).unwrap_err().contains("past"));
        let heavy: Board = "<1,0,0,65535,65535>".parse().unwrap();
        assert!(solve(&heavy, 0).is_err());
    }
}
